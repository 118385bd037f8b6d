import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingResponseSchema, bulkBookingResponseSchema } from '@atrium/contract/bookings/lifecycle';
import {
  bulkBookingErrorCodes,
  bulkBookingStatusRequestSchema,
  bulkCalculateAllowedActionsRequestSchema,
  bulkCalculateAllowedActionsResponseSchema,
  bulkCancelBookingsRequestSchema,
  markBookingAsPendingRequestSchema,
} from '@atrium/contract/bookings/bulk-booking-status';
import { badRequest } from '../../../platform/errors/app-error.ts';
import { errorResponses } from '../../../platform/http/openapi.ts';
import { bulkResponse } from '../../../platform/bulk/bulk-results.ts';
import type { BulkBookingStatusService } from './bulk-booking-status.service.ts';
import { lifecycleAccess } from './bookings.routes.ts';

export const bulkBookingStatusRoutes: FastifyPluginAsyncZod<{ bulk: BulkBookingStatusService }> = async (
  app,
  { bulk },
) => {
  for (const action of ['confirm', 'decline'] as const) {
    app.post(
      `/bookings/v2/bulk/bookings/${action}`,
      {
        config: { access: lifecycleAccess.business },
        schema: {
          summary: `${action === 'confirm' ? 'Confirm' : 'Decline'} several bookings, each on its own (an addition to the spec)`,
          tags: ['bookings'],
          body: bulkBookingStatusRequestSchema,
          response: { 200: bulkBookingResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const results = await bulk[action](request.ctx, request.body.details);
        return bulkResponse(results, request.body.returnEntity !== false);
      },
    );
  }

  app.post(
    '/bookings/v2/bulk/bookings/cancel',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Cancel several bookings, each on its own (customers: their own, within the policy)',
        tags: ['bookings'],
        body: bulkCancelBookingsRequestSchema,
        response: { 200: bulkBookingResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const list = request.body.bookings?.bookingsInfo;
      if (!list) {
        throw badRequest(
          bulkBookingErrorCodes.missingCancellationInfo,
          'Name the bookings to cancel in bookings.bookingsInfo (recurring groups are not supported)',
        );
      }
      const results = await bulk.cancel(request.ctx, list);
      return bulkResponse(results, request.body.returnFullEntity === true);
    },
  );

  app.post(
    '/bookings/v2/bulk/bookings/calculate_allowed_actions',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Whether the caller may cancel and reschedule each booking now',
        tags: ['bookings'],
        body: bulkCalculateAllowedActionsRequestSchema,
        response: { 200: bulkCalculateAllowedActionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => bulkResponse(await bulk.allowedActions(request.ctx, request.body.bookingIds), true),
  );

  app.post(
    '/bookings/v2/bookings/:bookingId/mark_booking_as_pending',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Mark a CREATED booking PENDING: it waits for the business to confirm it',
        tags: ['bookings'],
        params: z.object({ bookingId: z.uuid() }),
        body: markBookingAsPendingRequestSchema,
        response: { 200: bookingResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      booking: await bulk.markAsPending(request.ctx, request.params.bookingId, request.body),
    }),
  );
};
