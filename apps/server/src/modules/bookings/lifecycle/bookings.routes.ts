import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@atrium/contract/bookings/lifecycle';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import { bulkActionMetadataOf, bulkResponse } from '../../../platform/bulk/bulk-results.ts';
import type { BookingsService } from './bookings.service.ts';
import type { ExtendedBookingsService } from './extended-bookings.service.ts';
import type { MultiServiceBookingsService } from './multi-service.service.ts';

/** Who may call what; customers act only on their own bookings (checked in the service). */
export const lifecycleAccess = {
  anyone: { scopes: ['bookings.manage'] },
  business: { identities: ['WIX_USER', 'APP'], scopes: ['bookings.manage'] },
} satisfies Record<string, RouteAccess>;

const bookingIdParams = z.object({ bookingId: z.uuid() });
const msbIdParams = z.object({ multiServiceBookingId: z.uuid() });
const tags = ['bookings'];

const commerceNote =
  ' Orders, invoices and transactions are returned empty (order null, invoices and payments []) until the commerce module exists.';

export const lifecycleRoutes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  multiService: MultiServiceBookingsService;
  extended: ExtendedBookingsService;
}> = async (app, { bookings, multiService, extended }) => {
  const withErrors = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

  app.post(
    '/bookings/v2/bookings',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Create a booking (the server re-checks the slot against availability and policy)',
        tags,
        body: c.createBookingRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({ booking: await bookings.create(request.ctx, request.body) }),
  );

  app.post(
    '/bookings/v2/bulk/bookings/create',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Create several bookings, each on its own',
        tags,
        body: c.bulkCreateBookingRequestSchema,
        response: withErrors(c.bulkBookingResponseSchema),
      },
    },
    async (request) => {
      const results = await bookings.bulkCreate(request.ctx, request.body.createBookingsInfo);
      return bulkResponse(results, request.body.returnFullEntity !== false);
    },
  );

  app.get(
    '/bookings/v2/bookings/:bookingId',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Get a booking',
        tags,
        params: bookingIdParams,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({ booking: await bookings.get(request.ctx, request.params.bookingId) }),
  );

  app.post(
    '/bookings/v2/bookings/:bookingId/reschedule',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Move a booking to another slot of its service (customers within the reschedule policy)',
        tags,
        params: bookingIdParams,
        body: c.rescheduleBookingRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({
      booking: await bookings.reschedule(request.ctx, request.params.bookingId, request.body),
    }),
  );

  app.post(
    '/bookings/v2/bookings/:bookingId/confirm',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Confirm a pending, created or waitlisted booking',
        tags,
        params: bookingIdParams,
        body: c.confirmBookingRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({
      booking: await bookings.confirm(request.ctx, request.params.bookingId, request.body),
    }),
  );

  app.post(
    '/bookings/v2/bookings/:bookingId/decline',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Decline a pending, created or waitlisted booking',
        tags,
        params: bookingIdParams,
        body: c.declineBookingRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({
      booking: await bookings.decline(request.ctx, request.params.bookingId, request.body),
    }),
  );

  app.post(
    '/bookings/v2/bookings/:bookingId/cancel',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary:
          'Cancel a booking (customers within the cancellation policy; a late cancellation may carry a fee)',
        tags,
        params: bookingIdParams,
        body: c.cancelBookingRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({
      booking: await bookings.cancel(request.ctx, request.params.bookingId, request.body),
    }),
  );

  app.post(
    '/bookings/v2/bookings/:bookingId/update_number_of_participants',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Change the number of participants',
        tags,
        params: bookingIdParams,
        body: c.updateNumberOfParticipantsRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({
      booking: await bookings.updateNumberOfParticipants(request.ctx, request.params.bookingId, request.body),
    }),
  );

  app.post(
    '/bookings/v2/bookings/:bookingId/set-booking-submission-id',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Link a form submission to a booking',
        tags,
        params: bookingIdParams,
        body: c.setBookingSubmissionIdRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => ({
      booking: await bookings.setSubmissionId(
        request.ctx,
        request.params.bookingId,
        request.body.submissionId,
      ),
    }),
  );

  app.post(
    '/bookings/v2/bookings/:id/update_extended_fields',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: "Replace one namespace of a booking's extended fields",
        tags,
        params: z.object({ id: z.uuid() }),
        body: c.updateExtendedFieldsRequestSchema,
        response: withErrors(
          z.object({
            id: z.string(),
            namespace: z.string(),
            namespaceData: z.object({ data: z.record(z.string(), z.unknown()) }),
          }),
        ),
      },
    },
    async (request) => bookings.updateExtendedFields(request.ctx, request.params.id, request.body),
  );

  // The contract's path has a literal colon after the id: /v2/confirmation/{bookingId}:confirmOrDecline.
  app.post(
    '/bookings/v2/confirmation/:bookingAction',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary:
          'Confirm a paid booking whose slot is still free, or decline it ({bookingId}:confirmOrDecline)',
        tags,
        params: z.object({
          bookingAction: z
            .string()
            .regex(/^[0-9a-fA-F-]{36}:confirmOrDecline$/, 'must be {bookingId}:confirmOrDecline'),
        }),
        body: c.confirmOrDeclineRequestSchema,
        response: withErrors(c.bookingResponseSchema),
      },
    },
    async (request) => {
      const bookingId = request.params.bookingAction.slice(0, 36);
      return { booking: await bookings.confirmOrDecline(request.ctx, bookingId, request.body.paymentStatus) };
    },
  );

  app.post(
    '/bookings/v2/bulk/bookings/confirmOrDecline',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'confirmOrDecline for several bookings, each on its own',
        tags,
        body: c.bulkConfirmOrDeclineRequestSchema,
        response: withErrors(c.bulkBookingResponseSchema),
      },
    },
    async (request) => {
      const results = await bookings.bulkConfirmOrDecline(request.ctx, request.body.details);
      return bulkResponse(results, request.body.returnEntity !== false);
    },
  );

  // ---- multi-service bookings ----

  app.post(
    '/bookings/v2/multi_service_bookings',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Book several services at once: all or nothing',
        tags,
        body: c.createMultiServiceBookingRequestSchema,
        response: withErrors(c.multiServiceBookingResponseSchema),
      },
    },
    async (request) => ({ multiServiceBooking: await multiService.create(request.ctx, request.body) }),
  );

  app.get(
    '/bookings/v2/multi_service_bookings/:multiServiceBookingId',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Get a multi-service booking',
        tags,
        params: msbIdParams,
        response: withErrors(c.multiServiceBookingResponseSchema),
      },
    },
    async (request) => ({
      multiServiceBooking: await multiService.get(request.ctx, request.params.multiServiceBookingId),
    }),
  );

  app.post(
    '/bookings/v2/multi_service_bookings/:multiServiceBookingId/reschedule',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Move the bookings of a multi-service booking: all or nothing',
        tags,
        params: msbIdParams,
        body: c.rescheduleMultiServiceBookingRequestSchema,
        response: withErrors(c.multiServiceBookingResponseSchema),
      },
    },
    async (request) => ({
      multiServiceBooking: await multiService.reschedule(
        request.ctx,
        request.params.multiServiceBookingId,
        request.body,
      ),
    }),
  );

  const statusRoutes = [
    ['cancel', 'cancel', lifecycleAccess.anyone],
    ['mark_as_pending', 'markAsPending', lifecycleAccess.business],
    ['confirm', 'confirm', lifecycleAccess.business],
    ['decline', 'decline', lifecycleAccess.business],
  ] as const;
  for (const [path, action, access] of statusRoutes) {
    app.post(
      `/bookings/v2/multi_service_bookings/:multiServiceBookingId/${path}`,
      {
        config: { access },
        schema: {
          summary: `${path} every booking of a multi-service booking: all or nothing`,
          tags,
          params: msbIdParams,
          body: c.multiServiceStatusChangeRequestSchema,
          response: withErrors(c.multiServiceBookingResponseSchema),
        },
      },
      async (request) => ({
        multiServiceBooking: await multiService.changeStatus(
          request.ctx,
          request.params.multiServiceBookingId,
          action,
          request.body,
        ),
      }),
    );
  }

  app.post(
    '/bookings/v2/multi_service_bookings/:multiServiceBookingId/get_availability',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Whether every booking of the group still holds a bookable slot',
        tags,
        params: msbIdParams,
        response: withErrors(c.multiServiceAvailabilityResponseSchema),
      },
    },
    async (request) => multiService.getAvailability(request.ctx, request.params.multiServiceBookingId),
  );

  app.post(
    '/bookings/v2/bulk/multi_service_bookings/get_allowed_actions',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'What can be done with each multi-service booking',
        tags,
        body: c.getAllowedActionsRequestSchema,
        response: withErrors(c.getAllowedActionsResponseSchema),
      },
    },
    async (request) => {
      const results = await multiService.getAllowedActions(request.ctx, request.body.multiServiceBookingIds);
      return bulkResponse(results, true);
    },
  );

  app.post(
    '/bookings/v2/multi_service_bookings/add_bookings_to_multi_service_booking',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Add existing bookings to a multi-service booking',
        tags,
        body: c.addBookingsToMultiServiceBookingRequestSchema,
        response: withErrors(c.multiServiceBookingChangeResponseSchema),
      },
    },
    async (request) => {
      const result = await multiService.addBookings(
        request.ctx,
        request.body.multiServiceBookingId,
        request.body.bookings,
      );
      return { ...result, bulkActionMetadata: bulkActionMetadataOf(result.results) };
    },
  );

  app.post(
    '/bookings/v2/multi_service_bookings/remove_bookings_from_multi_service_booking',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Take bookings out of a multi-service booking (they stay booked)',
        tags,
        body: c.removeBookingsFromMultiServiceBookingRequestSchema,
        response: withErrors(c.multiServiceBookingChangeResponseSchema),
      },
    },
    async (request) => {
      const result = await multiService.removeBookings(
        request.ctx,
        request.body.multiServiceBookingId,
        request.body.bookings,
      );
      return { ...result, bulkActionMetadata: bulkActionMetadataOf(result.results) };
    },
  );

  // ---- extended bookings ----

  for (const path of ['/bookings/v2/extended-booking/query', '/bookings/v2/extended-bookings/query']) {
    app.post(
      path,
      {
        config: { access: lifecycleAccess.anyone },
        schema: {
          summary: 'Query bookings with attachments (customers see their own)',
          description:
            'Allowed actions, attendance, form submission, policy settings and fee details are attached on request.' +
            commerceNote,
          tags,
          body: c.extendedBookingsQueryRequestSchema,
          response: withErrors(c.extendedBookingsQueryResponseSchema),
        },
      },
      async (request) => extended.query(request.ctx, request.body),
    );
  }

  app.post(
    '/bookings/v2/extended-bookings/count',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Count bookings matching a filter',
        description: commerceNote,
        tags,
        body: c.extendedBookingsCountRequestSchema,
        response: withErrors(c.extendedBookingsCountResponseSchema),
      },
    },
    async (request) => extended.count(request.ctx, request.body.filter),
  );

  app.post(
    '/bookings/v2/extended-bookings/count-by-day',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Count bookings per local day (a chart in one call)',
        description:
          'Bookings matching the filter per day of the time zone, by their start, every day from `from` to `to` listed.',
        tags,
        body: c.extendedBookingsCountByDayRequestSchema,
        response: withErrors(c.extendedBookingsCountByDayResponseSchema),
      },
    },
    async (request) => extended.countByDay(request.ctx, request.body),
  );

  // ---- attendance ----

  app.post(
    '/bookings/v2/attendance',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary:
          'Set the attendance of a confirmed booking (NOT_ATTENDED records a no-show fee when the policy has one)',
        tags,
        body: c.setAttendanceRequestSchema,
        response: withErrors(c.attendanceResponseSchema),
      },
    },
    async (request) => ({ attendance: await extended.setAttendance(request.ctx, request.body.attendance) }),
  );

  app.get(
    '/bookings/v2/attendance/:attendanceId',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Get one attendance record',
        tags,
        params: z.object({ attendanceId: z.uuid() }),
        response: withErrors(c.attendanceResponseSchema),
      },
    },
    async (request) => ({
      attendance: await extended.getAttendance(request.ctx, request.params.attendanceId),
    }),
  );

  app.post(
    '/bookings/v2/attendance/query',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Query attendance records',
        tags,
        body: c.queryAttendanceRequestSchema,
        response: withErrors(
          z.object({
            attendances: z.array(c.attendanceSchema),
            pagingMetadata: z.object({ count: z.number().int(), offset: z.number().int() }),
          }),
        ),
      },
    },
    async (request) => extended.queryAttendance(request.ctx, request.body.query),
  );

  app.post(
    '/bookings/v2/bulk/attendance',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Set the attendance of several bookings, each on its own',
        tags,
        body: c.bulkSetAttendanceRequestSchema,
        response: withErrors(c.bulkAttendanceResponseSchema),
      },
    },
    async (request) => {
      const { attendanceList, attendanceDetails } = request.body;
      const list = attendanceList ?? (attendanceDetails ?? []).map((detail) => detail.attendance);
      const results = await extended.bulkSetAttendance(request.ctx, list);
      return bulkResponse(results, true);
    },
  );

  // ---- fees and forms ----

  app.post(
    '/bookings/v1/booking-fees/list-by-booking-ids',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Cancellation and no-show fees of bookings (PREVIEW: what cancelling now would cost)',
        description:
          'Fees stay NOT_YET_APPLIED_TO_ORDER until the commerce module can apply them to an order.',
        tags,
        body: c.listBookingFeesRequestSchema,
        response: withErrors(c.listBookingFeesResponseSchema),
      },
    },
    async (request) => extended.listFees(request.ctx, request.body.bookingIds),
  );

  app.post(
    '/bookings/v2/booking-forms',
    {
      config: { access: lifecycleAccess.business },
      schema: {
        summary: 'Create a booking form (SHORT_TEXT, LONG_TEXT and CHECK_BOX fields) for services to name',
        tags,
        body: z.object({ form: c.bookingFormInputSchema }),
        response: withErrors(c.bookingFormResponseSchema),
      },
    },
    async (request) => ({ form: await extended.createForm(request.ctx, request.body.form) }),
  );

  app.get(
    '/bookings/v2/booking-forms/:formId',
    {
      config: { access: lifecycleAccess.anyone },
      schema: {
        summary: 'Get a booking form',
        tags,
        params: z.object({ formId: z.uuid() }),
        response: withErrors(c.bookingFormResponseSchema),
      },
    },
    async (request) => ({ form: await extended.getForm(request.ctx, request.params.formId) }),
  );
};
