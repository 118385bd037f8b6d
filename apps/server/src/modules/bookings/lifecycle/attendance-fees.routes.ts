import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@atrium/contract/bookings/lifecycle';
import { bulkResponse } from '../../../platform/bulk/bulk-results.ts';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { AttendanceFeesService } from './attendance-fees.service.ts';
import { lifecycleAccess } from './bookings.routes.ts';

// Attendance and fee calls of the official clients beyond Atrium's own (attendance-fees.service.ts). The
// clients' paths (`/bookings/bookings-attendance/...`, `/_api/booking-fees/v1/...`) reach these and the
// existing attendance and fee routes through the prefix table.

const withErrors = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

export const attendanceFeesRoutes: FastifyPluginAsyncZod<{ service: AttendanceFeesService }> = async (
  app,
  { service },
) => {
  app.delete(
    '/bookings/v2/attendance/:attendanceId',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: "Delete an attendance record (the booking's attendance is NOT_SET again)",
        tags: ['bookings'],
        params: z.object({ attendanceId: z.uuid() }),
        response: withErrors(z.object({})),
      },
    },
    async (request) => {
      await service.deleteAttendance(request.ctx, request.params.attendanceId);
      return {};
    },
  );

  app.post(
    '/bookings/v2/attendance/count',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Count attendance records matching a filter',
        tags: ['bookings'],
        body: c.countAttendanceRequestSchema,
        response: withErrors(z.object({ count: z.number().int() })),
      },
    },
    async (request) => service.countAttendance(request.ctx, request.body.filter),
  );

  app.post(
    '/bookings/v2/bulk/attendance/delete',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Delete several attendance records, each on its own',
        tags: ['bookings'],
        body: c.bulkDeleteAttendanceRequestSchema,
        response: withErrors(c.bulkDeleteAttendanceResponseSchema),
      },
    },
    async (request) =>
      bulkResponse(await service.bulkDeleteAttendance(request.ctx, request.body.attendanceIds), false),
  );

  app.get(
    '/bookings/v1/booking-fees',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Cancellation and no-show fees of bookings, by `bookingIds` in the query',
        tags: ['bookings'],
        querystring: c.listBookingFeesQuerySchema,
        response: withErrors(c.listBookingFeesResponseSchema),
      },
    },
    async (request) => service.listFees(request.ctx, request.query.bookingIds),
  );

  app.post(
    '/bookings/v1/booking-fees/apply',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: "Apply bookings' fees to their order (no booking has an order to carry fees yet)",
        tags: ['bookings'],
        body: c.applyBookingFeesRequestSchema,
        response: withErrors(c.listBookingFeesResponseSchema),
      },
    },
    async (request) => service.applyFees(request.ctx, request.body.bookingIds),
  );

  app.post(
    '/bookings/v1/booking-fees/collect',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Collect booking fees applied to an order (none can be applied yet)',
        tags: ['bookings'],
        body: c.collectBookingFeesRequestSchema,
        response: withErrors(z.object({ collectedPrice: z.unknown() })),
      },
    },
    async (request) => service.collectFees(request.ctx, request.body.orderId, request.body.additionalFeeId),
  );
};
