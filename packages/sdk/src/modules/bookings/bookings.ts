import type {
  Booking,
  BookingInput,
  BookingStatus,
  ContactDetails,
  CreateBookingRequest,
  FlowControlSettings,
  allowedActionsSchema,
  attendanceSchema,
  bookingFeeSchema,
  bookingFormInputSchema,
  bookingFormSchema,
  bulkAttendanceResponseSchema,
  bulkBookingResponseSchema,
  bulkSetAttendanceRequestSchema,
  cancelBookingRequestSchema,
  confirmBookingRequestSchema,
  createMultiServiceBookingRequestSchema,
  declineBookingRequestSchema,
  extendedBookingSchema,
  extendedBookingsQueryRequestSchema,
  extendedBookingsQueryResponseSchema,
  getAllowedActionsResponseSchema,
  multiServiceAvailabilityResponseSchema,
  multiServiceBookingChangeResponseSchema,
  multiServiceBookingSchema,
  multiServiceStatusChangeRequestSchema,
  paymentStatuses,
  rescheduleBookingRequestSchema,
  rescheduleMultiServiceBookingRequestSchema,
  setAttendanceRequestSchema,
  updateNumberOfParticipantsRequestSchema,
} from '@atrium/contract/bookings/lifecycle';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import { defineModule, type ClientContext, type ModuleDefinition } from '../../client.ts';
import type { DateInput, WithDates } from '../../dates.ts';
import { createQuery } from '../../query.ts';
import { call, segment, send, toPage } from './shared.ts';

export type { Booking, BookingInput, BookingStatus, ContactDetails, FlowControlSettings };
export type CreateBookingOptions = DateInput<Omit<CreateBookingRequest, 'booking'>>;
export type BulkBookingsResult = WithDates<z.infer<typeof bulkBookingResponseSchema>>;
export type RescheduleBookingRequest = DateInput<z.input<typeof rescheduleBookingRequestSchema>>;
export type ConfirmBookingOptions = z.input<typeof confirmBookingRequestSchema>;
export type DeclineBookingOptions = z.input<typeof declineBookingRequestSchema>;
export type CancelBookingOptions = z.input<typeof cancelBookingRequestSchema>;
export type PaymentStatus = (typeof paymentStatuses)[number];
export type MultiServiceBooking = z.infer<typeof multiServiceBookingSchema>;
export type CreateMultiServiceBookingRequest = DateInput<
  z.input<typeof createMultiServiceBookingRequestSchema>
>;
export type MultiServiceStatusChange = z.input<typeof multiServiceStatusChangeRequestSchema>;
export type AllowedActions = z.infer<typeof allowedActionsSchema>;
export type ExtendedBooking = z.infer<typeof extendedBookingSchema>;
/** Attachments to ask for with each extended booking (`withBookingAllowedActions` ...). */
export type ExtendedBookingsOptions = Omit<z.input<typeof extendedBookingsQueryRequestSchema>, 'query'>;
export type Attendance = z.infer<typeof attendanceSchema>;
export type AttendanceInput = z.input<typeof setAttendanceRequestSchema>['attendance'];
export type BookingFee = z.infer<typeof bookingFeeSchema>;
export type BookingForm = z.infer<typeof bookingFormSchema>;
export type BookingFormInput = z.input<typeof bookingFormInputSchema>;

const base = '/bookings/v2/bookings';
const msb = '/bookings/v2/multi_service_bookings';
type BookingAnswer = { booking: Booking };
type MsbAnswer = { multiServiceBooking: MultiServiceBooking };

export const bookingCalls = {
  /**
   * `POST /bookings/v2/bookings`: books a slot (appointment or class session) or a whole course
   * (`bookedEntity.schedule`). The server re-checks the slot: a taken one fails with ApplicationError code
   * `SLOT_NOT_AVAILABLE` (409), a full class with `SESSION_CAPACITY_EXCEEDED`.
   * @example await client.bookings.createBooking({ bookedEntity: { slot: { serviceId, startDate, resource: { id: staffId } } }, contactDetails: { firstName: 'Ada', email: 'ada@example.com' } })
   */
  createBooking:
    (context) =>
    (booking: DateInput<BookingInput>, options: CreateBookingOptions = {}) =>
      call<BookingAnswer, 'booking'>(context, 'POST', base, 'booking', { booking, ...options }),

  /** `POST /bookings/v2/bulk/bookings/create`: each booking succeeds or fails on its own. */
  bulkCreateBookings:
    (context) =>
    (
      createBookingsInfo: DateInput<CreateBookingRequest>[],
      options: { returnFullEntity?: boolean } = {},
    ): Promise<BulkBookingsResult> =>
      send(context, 'POST', '/bookings/v2/bulk/bookings/create', { createBookingsInfo, ...options }),

  /** `GET /bookings/v2/bookings/{id}`: customers see only their own bookings. */
  getBooking: (context) => (bookingId: string) =>
    call<BookingAnswer, 'booking'>(context, 'GET', `${base}/${segment(bookingId)}`, 'booking'),

  /**
   * `POST /bookings/v2/bookings/{id}/reschedule`: moves the booking to a new slot (same booking, new
   * revision). Customers may do so only within the policy's reschedule window.
   */
  rescheduleBooking: (context) => (bookingId: string, request: RescheduleBookingRequest) =>
    call<BookingAnswer, 'booking'>(
      context,
      'POST',
      `${base}/${segment(bookingId)}/reschedule`,
      'booking',
      request,
    ),

  /** `POST /bookings/v2/bookings/{id}/confirm` (business). */
  confirmBooking:
    (context) =>
    (bookingId: string, options: ConfirmBookingOptions = {}) =>
      call<BookingAnswer, 'booking'>(
        context,
        'POST',
        `${base}/${segment(bookingId)}/confirm`,
        'booking',
        options,
      ),

  /** `POST /bookings/v2/bookings/{id}/decline` (business). */
  declineBooking:
    (context) =>
    (bookingId: string, options: DeclineBookingOptions = {}) =>
      call<BookingAnswer, 'booking'>(
        context,
        'POST',
        `${base}/${segment(bookingId)}/decline`,
        'booking',
        options,
      ),

  /**
   * `POST /bookings/v2/bookings/{id}/cancel`. Customers may cancel only within the policy's window
   * (409 `BOOKING_POLICY_VIOLATION`, `data.policy` CANCELLATION).
   */
  cancelBooking:
    (context) =>
    (bookingId: string, options: CancelBookingOptions = {}) =>
      call<BookingAnswer, 'booking'>(
        context,
        'POST',
        `${base}/${segment(bookingId)}/cancel`,
        'booking',
        options,
      ),

  /** `POST /bookings/v2/bookings/{id}/update_number_of_participants`. */
  updateNumberOfParticipants:
    (context) => (bookingId: string, request: z.input<typeof updateNumberOfParticipantsRequestSchema>) =>
      call<BookingAnswer, 'booking'>(
        context,
        'POST',
        `${base}/${segment(bookingId)}/update_number_of_participants`,
        'booking',
        request,
      ),

  /** `POST /bookings/v2/bookings/{id}/set-booking-submission-id`. */
  setBookingSubmissionId: (context) => (bookingId: string, submissionId: string) =>
    call<BookingAnswer, 'booking'>(
      context,
      'POST',
      `${base}/${segment(bookingId)}/set-booking-submission-id`,
      'booking',
      { submissionId },
    ),

  /** `POST /bookings/v2/bookings/{id}/update_extended_fields`: replaces one namespace (business). */
  updateBookingExtendedFields:
    (context) => (bookingId: string, namespace: string, data: Record<string, unknown>) =>
      send<{ id: string; namespace: string; namespaceData: { data: Record<string, unknown> } }>(
        context,
        'POST',
        `${base}/${segment(bookingId)}/update_extended_fields`,
        { namespace, namespaceData: { data } },
      ),

  /** `POST /bookings/v2/confirmation/{id}:confirmOrDecline`: confirms a paid booking whose slot is free. */
  confirmOrDeclineBooking: (context) => (bookingId: string, paymentStatus?: PaymentStatus) =>
    call<BookingAnswer, 'booking'>(
      context,
      'POST',
      `/bookings/v2/confirmation/${segment(bookingId)}:confirmOrDecline`,
      'booking',
      paymentStatus ? { paymentStatus } : {},
    ),

  /** `POST /bookings/v2/bulk/bookings/confirmOrDecline` (business). */
  bulkConfirmOrDeclineBookings:
    (context) =>
    (
      details: Array<{ bookingId: string; paymentStatus?: PaymentStatus }>,
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkBookingsResult> =>
      send(context, 'POST', '/bookings/v2/bulk/bookings/confirmOrDecline', { details, ...options }),

  /**
   * `POST /bookings/v2/multi_service_bookings`: several services in one visit, all or nothing.
   * @example await client.bookings.createMultiServiceBooking({ bookings: [first, second], multiServiceBookingType: 'SEQUENTIAL_BOOKINGS' })
   */
  createMultiServiceBooking: (context) => (request: CreateMultiServiceBookingRequest) =>
    call<MsbAnswer, 'multiServiceBooking'>(context, 'POST', msb, 'multiServiceBooking', request),

  /** `GET /bookings/v2/multi_service_bookings/{id}`. */
  getMultiServiceBooking: (context) => (multiServiceBookingId: string) =>
    call<MsbAnswer, 'multiServiceBooking'>(
      context,
      'GET',
      `${msb}/${segment(multiServiceBookingId)}`,
      'multiServiceBooking',
    ),

  /** `POST /bookings/v2/multi_service_bookings/{id}/reschedule`: all or nothing. */
  rescheduleMultiServiceBooking:
    (context) =>
    (
      multiServiceBookingId: string,
      request: DateInput<z.input<typeof rescheduleMultiServiceBookingRequestSchema>>,
    ) =>
      call<MsbAnswer, 'multiServiceBooking'>(
        context,
        'POST',
        `${msb}/${segment(multiServiceBookingId)}/reschedule`,
        'multiServiceBooking',
        request,
      ),

  /** `POST /bookings/v2/multi_service_bookings/{id}/cancel`. */
  cancelMultiServiceBooking:
    (context) =>
    (multiServiceBookingId: string, request: MultiServiceStatusChange = {}) =>
      call<MsbAnswer, 'multiServiceBooking'>(
        context,
        'POST',
        `${msb}/${segment(multiServiceBookingId)}/cancel`,
        'multiServiceBooking',
        request,
      ),

  /** `POST /bookings/v2/multi_service_bookings/{id}/mark_as_pending`. */
  markMultiServiceBookingAsPending:
    (context) =>
    (multiServiceBookingId: string, request: MultiServiceStatusChange = {}) =>
      call<MsbAnswer, 'multiServiceBooking'>(
        context,
        'POST',
        `${msb}/${segment(multiServiceBookingId)}/mark_as_pending`,
        'multiServiceBooking',
        request,
      ),

  /** `POST /bookings/v2/multi_service_bookings/{id}/confirm` (business). */
  confirmMultiServiceBooking:
    (context) =>
    (multiServiceBookingId: string, request: MultiServiceStatusChange = {}) =>
      call<MsbAnswer, 'multiServiceBooking'>(
        context,
        'POST',
        `${msb}/${segment(multiServiceBookingId)}/confirm`,
        'multiServiceBooking',
        request,
      ),

  /** `POST /bookings/v2/multi_service_bookings/{id}/decline` (business). */
  declineMultiServiceBooking:
    (context) =>
    (multiServiceBookingId: string, request: MultiServiceStatusChange = {}) =>
      call<MsbAnswer, 'multiServiceBooking'>(
        context,
        'POST',
        `${msb}/${segment(multiServiceBookingId)}/decline`,
        'multiServiceBooking',
        request,
      ),

  /** `POST /bookings/v2/multi_service_bookings/{id}/get_availability`: whether every slot still holds. */
  getMultiServiceBookingAvailability: (context) => (multiServiceBookingId: string) =>
    send<z.infer<typeof multiServiceAvailabilityResponseSchema>>(
      context,
      'POST',
      `${msb}/${segment(multiServiceBookingId)}/get_availability`,
      {},
    ),

  /** `POST /bookings/v2/bulk/multi_service_bookings/get_allowed_actions`. */
  getAllowedActions: (context) => (multiServiceBookingIds: string[]) =>
    send<z.infer<typeof getAllowedActionsResponseSchema>>(
      context,
      'POST',
      '/bookings/v2/bulk/multi_service_bookings/get_allowed_actions',
      { multiServiceBookingIds },
    ),

  /** `POST /bookings/v2/multi_service_bookings/add_bookings_to_multi_service_booking`. */
  addBookingsToMultiServiceBooking:
    (context) =>
    (
      multiServiceBookingId: string,
      bookings: Array<{ bookingId: string; revision?: string }>,
      options: { returnFullEntity?: boolean } = {},
    ) =>
      send<z.infer<typeof multiServiceBookingChangeResponseSchema>>(
        context,
        'POST',
        `${msb}/add_bookings_to_multi_service_booking`,
        { multiServiceBookingId, bookings, ...options },
      ),

  /** `POST /bookings/v2/multi_service_bookings/remove_bookings_from_multi_service_booking`. */
  removeBookingsFromMultiServiceBooking:
    (context) =>
    (
      multiServiceBookingId: string,
      bookings: Array<{ bookingId: string; revision?: string }>,
      options: { returnFullEntity?: boolean } = {},
    ) =>
      send<z.infer<typeof multiServiceBookingChangeResponseSchema>>(
        context,
        'POST',
        `${msb}/remove_bookings_from_multi_service_booking`,
        { multiServiceBookingId, bookings, ...options },
      ),

  /**
   * `POST /bookings/v2/extended-bookings/query`: bookings with attachments, offset paging. Customers see
   * their own bookings.
   * @example const page = await client.bookings.queryExtendedBookings({ withBookingAllowedActions: true }).ge('startDate', new Date()).ascending('startDate').find();
   */
  queryExtendedBookings:
    (context) =>
    (options: ExtendedBookingsOptions = {}) =>
      extendedQuery(context, '/bookings/v2/extended-bookings/query', options),

  /**
   * `POST /bookings/v2/extended-booking/query`: the same query on the official client's singular path,
   * typically with `sessionId` to list the bookings of one class session.
   * @example const page = await client.bookings.queryExtendedBooking({ sessionId, withBookingAttendanceInfo: true }).find();
   */
  queryExtendedBooking:
    (context) =>
    (options: ExtendedBookingsOptions = {}) =>
      extendedQuery(context, '/bookings/v2/extended-booking/query', options),

  /** `POST /bookings/v2/extended-bookings/count`. */
  countExtendedBookings:
    (context) =>
    async (filter?: Filter): Promise<number> =>
      (await send<{ count: number }>(context, 'POST', '/bookings/v2/extended-bookings/count', { filter }))
        .count,

  /**
   * `POST /bookings/v2/extended-bookings/count-by-day`: bookings per local day of `timeZone` (by start), every day
   * from `from` to `to` inclusive listed (business).
   * @example const days = await client.bookings.countExtendedBookingsByDay({ from: '2026-11-01', to: '2026-11-30', timeZone: 'Europe/Berlin', filter: { status: { $in: ['CONFIRMED'] } } })
   */
  countExtendedBookingsByDay:
    (context) =>
    async (request: {
      from: string;
      to: string;
      timeZone: string;
      filter?: Filter;
    }): Promise<Array<{ date: string; count: number }>> =>
      (
        await send<{ days: Array<{ date: string; count: number }> }>(
          context,
          'POST',
          '/bookings/v2/extended-bookings/count-by-day',
          request,
        )
      ).days,

  /** `POST /bookings/v2/attendance`: ATTENDED, NOT_ATTENDED or NOT_SET (business). */
  setAttendance: (context) => (attendance: AttendanceInput) =>
    call<{ attendance: Attendance }, 'attendance'>(context, 'POST', '/bookings/v2/attendance', 'attendance', {
      attendance,
    }),

  /** `GET /bookings/v2/attendance/{id}`. */
  getAttendance: (context) => (attendanceId: string) =>
    call<{ attendance: Attendance }, 'attendance'>(
      context,
      'GET',
      `/bookings/v2/attendance/${segment(attendanceId)}`,
      'attendance',
    ),

  /** `POST /bookings/v2/attendance/query` (offset paging). */
  queryAttendance: (context) => () =>
    createQuery<WithDates<Attendance>>({
      execute: async (query) => {
        const answer = await send<{
          attendances: Attendance[];
          pagingMetadata: { count: number; offset: number };
        }>(context, 'POST', '/bookings/v2/attendance/query', {
          query: { ...(query.filter ? { filter: query.filter } : {}), paging: query.paging },
        });
        return toPage(answer.attendances, answer.pagingMetadata);
      },
    }),

  /** `POST /bookings/v2/bulk/attendance`. */
  bulkSetAttendance:
    (context) =>
    (
      attendanceList: z.input<typeof bulkSetAttendanceRequestSchema>['attendanceList'],
      options: { returnFullEntity?: boolean } = {},
    ) =>
      send<z.infer<typeof bulkAttendanceResponseSchema>>(context, 'POST', '/bookings/v2/bulk/attendance', {
        attendanceList,
        ...options,
      }),

  /** `POST /bookings/v1/booking-fees/list-by-booking-ids`: cancellation and no-show fees (PREVIEW: if cancelled now). */
  listBookingFeesByBookingIds: (context) => async (bookingIds: string[]) =>
    (
      await send<{ bookingFees: BookingFee[] }>(
        context,
        'POST',
        '/bookings/v1/booking-fees/list-by-booking-ids',
        {
          bookingIds,
        },
      )
    ).bookingFees,

  /** `POST /bookings/v2/booking-forms` (business): a form services can name in `form.id`. */
  createBookingForm: (context) => (form: BookingFormInput) =>
    call<{ form: BookingForm }, 'form'>(context, 'POST', '/bookings/v2/booking-forms', 'form', { form }),

  /** `GET /bookings/v2/booking-forms/{id}`: the fields a booking of the service must answer. */
  getBookingForm: (context) => (formId: string) =>
    call<{ form: BookingForm }, 'form'>(
      context,
      'GET',
      `/bookings/v2/booking-forms/${segment(formId)}`,
      'form',
    ),
} satisfies ModuleDefinition;

function extendedQuery(context: ClientContext, path: string, options: ExtendedBookingsOptions) {
  return createQuery<WithDates<ExtendedBooking>>({
    encodeValue: (value) => (value instanceof Date ? value.toISOString() : value),
    execute: async (query) => {
      const answer = await send<z.infer<typeof extendedBookingsQueryResponseSchema>>(context, 'POST', path, {
        query,
        ...options,
      });
      return toPage(answer.extendedBookings, answer.pagingMetadata);
    },
  });
}

/** Bookings, multi-service bookings, extended bookings, attendance, fees and booking forms. */
export const bookingsLifecycle = defineModule(bookingCalls);
