import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as g from '@atrium/contract/bookings/guest-self-service';
import { errorResponses } from '../../../platform/http/openapi.ts';
import { lifecycleAccess } from './bookings.routes.ts';
import type { GuestSelfService } from './guest-self-service.ts';

// Guest self-service by token (guest-self-service.ts). The official client calls these at
// `/v1/anonymous-bookings` and `/v1/anonymous-multi-service-bookings`, which the prefix table maps here.
// Only the business issues tokens; any caller of the site may present one (the token is the credential
// for that one booking), and acts as that booking's customer.

const tags = ['bookings: guest self-service'];
const tokenParams = z.object({ token: z.string().min(1).max(2048) });
const withErrors = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

export const guestSelfServiceRoutes: FastifyPluginAsyncZod<{ guests: GuestSelfService }> = async (
  app,
  { guests },
) => {
  app.get(
    '/bookings/v1/anonymous-bookings/:bookingId/token',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: "A token that opens this one booking to its guest (for the link in the customer's mails)",
        tags,
        params: z.object({ bookingId: z.uuid() }),
        response: withErrors(g.guestTokenResponseSchema),
      },
    },
    async (request) => ({ token: await guests.bookingToken(request.ctx, request.params.bookingId) }),
  );

  app.get(
    '/bookings/v1/anonymous-bookings/:token',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'The booking a guest token opens, and what the guest may do with it now',
        tags,
        params: tokenParams,
        response: withErrors(g.guestBookingResponseSchema),
      },
    },
    async (request) => guests.getBooking(request.ctx, request.params.token),
  );

  app.get(
    '/bookings/v1/anonymous-bookings/:token/service',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'The service of the booking a guest token opens',
        tags,
        params: tokenParams,
        response: withErrors(g.guestServiceResponseSchema),
      },
    },
    async (request) => guests.getService(request.ctx, request.params.token),
  );

  app.post(
    '/bookings/v1/anonymous-bookings/:token/cancel',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Cancel the booking a guest token opens, within the booking policy',
        tags,
        params: tokenParams,
        body: g.guestCancelRequestSchema,
        response: withErrors(z.object({ booking: g.guestBookingResponseSchema.shape.booking })),
      },
    },
    async (request) => guests.cancelBooking(request.ctx, request.params.token, request.body.revision),
  );

  app.post(
    '/bookings/v1/anonymous-bookings/:token/reschedule',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Move the booking a guest token opens to another slot of its service, within the policy',
        tags,
        params: tokenParams,
        body: g.guestRescheduleRequestSchema,
        response: withErrors(z.object({ booking: g.guestBookingResponseSchema.shape.booking })),
      },
    },
    async (request) => guests.rescheduleBooking(request.ctx, request.params.token, request.body),
  );

  app.get(
    '/bookings/v1/anonymous-multi-service-bookings/:multiServiceBookingId/token',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'A token that opens this one multi-service booking (and its bookings) to its guest',
        tags,
        params: z.object({ multiServiceBookingId: z.uuid() }),
        response: withErrors(g.guestTokenResponseSchema),
      },
    },
    async (request) => ({
      token: await guests.multiServiceBookingToken(request.ctx, request.params.multiServiceBookingId),
    }),
  );

  app.get(
    '/bookings/v1/anonymous-multi-service-bookings/:token',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'The multi-service booking a guest token opens, and what the guest may do with it now',
        tags,
        params: tokenParams,
        response: withErrors(g.guestMultiServiceBookingResponseSchema),
      },
    },
    async (request) => guests.getMultiServiceBooking(request.ctx, request.params.token),
  );

  app.post(
    '/bookings/v1/anonymous-multi-service-bookings/:token/cancel',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Cancel every booking of the multi-service booking a guest token opens, or none',
        tags,
        params: tokenParams,
        response: withErrors(g.guestMultiServiceCancelResponseSchema),
      },
    },
    async (request) => guests.cancelMultiServiceBooking(request.ctx, request.params.token),
  );
};
