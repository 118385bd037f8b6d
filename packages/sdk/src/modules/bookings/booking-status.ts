import type { bulkCalculateAllowedActionsResponseSchema } from '@atrium/contract/bookings/bulk-booking-status';
import type { Booking, PaymentStatus, bulkBookingResponseSchema } from '@atrium/contract/bookings/lifecycle';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment, send } from './shared.ts';

export type BulkCancelBookingsResult = WithDates<z.infer<typeof bulkBookingResponseSchema>>;
export type BulkAllowedActionsResult = z.infer<typeof bulkCalculateAllowedActionsResponseSchema>;

export const bookingStatusCalls = {
  /**
   * `POST /bookings/v2/bulk/bookings/cancel`: cancels each booking on its own (customers their own,
   * within the policy); a refused one is a failed item.
   * @example await client.bookings.bulkCancelBookings([{ bookingId, revision }], { returnFullEntity: true });
   */
  bulkCancelBookings:
    (context) =>
    (
      bookingsInfo: Array<{ bookingId: string; revision?: string | null }>,
      options: { returnFullEntity?: boolean } = {},
    ): Promise<BulkCancelBookingsResult> =>
      send(context, 'POST', '/bookings/v2/bulk/bookings/cancel', { bookings: { bookingsInfo }, ...options }),

  /**
   * `POST /bookings/v2/bulk/bookings/calculate_allowed_actions`: whether the caller may cancel and
   * reschedule each booking now.
   * @example const { results } = await client.bookings.bulkCalculateAllowedActions([bookingId]);
   */
  bulkCalculateAllowedActions:
    (context) =>
    (bookingIds: string[]): Promise<BulkAllowedActionsResult> =>
      send(context, 'POST', '/bookings/v2/bulk/bookings/calculate_allowed_actions', { bookingIds }),

  /**
   * `POST /bookings/v2/bookings/{id}/mark_booking_as_pending` (business): a CREATED booking waits for
   * the business's approval.
   * @example await client.bookings.markBookingAsPending(bookingId, { revision: booking.revision });
   */
  markBookingAsPending:
    (context) =>
    (bookingId: string, options: { revision?: string | null; paymentStatus?: PaymentStatus | null } = {}) =>
      call<{ booking: Booking }, 'booking'>(
        context,
        'POST',
        `/bookings/v2/bookings/${segment(bookingId)}/mark_booking_as_pending`,
        'booking',
        options,
      ),
} satisfies ModuleDefinition;

/** Bulk cancel, allowed actions and mark-as-pending on their own. */
export const bookingStatus = defineModule(bookingStatusCalls);
