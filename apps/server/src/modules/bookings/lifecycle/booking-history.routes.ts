import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingHistoryResponseSchema } from '@atrium/contract/bookings/booking-history';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { BookingHistoryService } from './booking-history.service.ts';
import { lifecycleAccess } from './bookings.routes.ts';

export const bookingHistoryRoutes: FastifyPluginAsyncZod<{ history: BookingHistoryService }> = async (
  app,
  { history },
) => {
  app.get(
    '/bookings/v2/bookings/:bookingId/history',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: "A booking's changes, oldest first: status, time, participants and attendance, and who",
        tags: ['bookings'],
        params: z.object({ bookingId: z.uuid() }),
        response: { 200: bookingHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ entries: await history.list(request.ctx, request.params.bookingId) }),
  );
};
