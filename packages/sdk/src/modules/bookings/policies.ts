import type {
  BookingPolicy,
  BookingPolicyInput,
  queryBookingPoliciesResponseSchema,
  setDefaultBookingPolicyResponseSchema,
  strictestBookingPolicyResponseSchema,
} from '@atrium/contract/bookings/policies';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, postedQuery, segment, send, toPage } from './shared.ts';

export type { BookingPolicy, BookingPolicyInput };

const base = '/bookings/v1/booking-policies';

export const policyCalls = {
  /**
   * `POST /bookings/v1/booking-policies`.
   * @example await client.bookings.createBookingPolicy({ name: 'Strict', cancellationPolicy: { enabled: true, limitLatestCancellation: true, latestCancellationInMinutes: 1440 } })
   */
  createBookingPolicy: (context) => (bookingPolicy: BookingPolicyInput) =>
    call<{ bookingPolicy: BookingPolicy }, 'bookingPolicy'>(context, 'POST', base, 'bookingPolicy', {
      bookingPolicy,
    }),
  /** `GET /bookings/v1/booking-policies/{id}`. */
  getBookingPolicy: (context) => (bookingPolicyId: string) =>
    call<{ bookingPolicy: BookingPolicy }, 'bookingPolicy'>(
      context,
      'GET',
      `${base}/${segment(bookingPolicyId)}`,
      'bookingPolicy',
    ),
  /** `PATCH /bookings/v1/booking-policies/{id}`. */
  updateBookingPolicy:
    (context) => (bookingPolicyId: string, bookingPolicy: BookingPolicyInput, mask?: string[]) =>
      call<{ bookingPolicy: BookingPolicy }, 'bookingPolicy'>(
        context,
        'PATCH',
        `${base}/${segment(bookingPolicyId)}`,
        'bookingPolicy',
        { bookingPolicy, ...(mask ? { mask } : {}) },
      ),
  /** `POST /bookings/v1/booking-policies/{id}:setDefault`: the current and the previous default. */
  setDefaultBookingPolicy: (context) => (bookingPolicyId: string) =>
    send<z.infer<typeof setDefaultBookingPolicyResponseSchema>>(
      context,
      'POST',
      `${base}/${segment(bookingPolicyId)}:setDefault`,
      {},
    ),
  /** `DELETE /bookings/v1/booking-policies/{id}` (the default policy cannot be deleted). */
  deleteBookingPolicy:
    (context) =>
    async (bookingPolicyId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(bookingPolicyId)}`);
    },
  /** `POST /bookings/v1/booking-policies/strictest`: the strictest combination, for a multi-service visit. */
  getStrictestBookingPolicy: (context) => (bookingPolicyIds: string[]) =>
    call<z.infer<typeof strictestBookingPolicyResponseSchema>, 'bookingPolicy'>(
      context,
      'POST',
      `${base}/strictest`,
      'bookingPolicy',
      { bookingPolicyIds },
    ),
  /** `POST /bookings/v1/booking-policies/query` (cursor paging). */
  queryBookingPolicies: (context) => () =>
    postedQuery<WithDates<BookingPolicy>, z.infer<typeof queryBookingPoliciesResponseSchema>>(
      context,
      `${base}/query`,
      (answer) => toPage(answer.bookingPolicies, answer.pagingMetadata),
      { paging: 'cursor' },
    ),
  /** `POST /bookings/v1/booking-policies/count`. */
  countBookingPolicies:
    (context) =>
    async (filter?: Filter): Promise<number> =>
      (await send<{ count: number }>(context, 'POST', `${base}/count`, { filter })).count,
} satisfies ModuleDefinition;

/** Booking policies: how early and late, cancellation and reschedule windows, waitlist, participants. */
export const bookingPolicies = defineModule(policyCalls);
