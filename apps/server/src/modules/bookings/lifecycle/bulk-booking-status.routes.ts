import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkBookingResponseSchema } from '@atrium/contract/bookings/lifecycle';
import { bulkBookingStatusRequestSchema } from '@atrium/contract/bookings/bulk-booking-status';
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
};
