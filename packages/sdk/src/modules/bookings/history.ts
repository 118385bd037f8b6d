import type {
  BookingHistoryEntry,
  bookingHistoryResponseSchema,
} from '@atrium/contract/bookings/booking-history';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { segment } from './shared.ts';

export type { BookingHistoryEntry };

export const bookingHistoryCalls = {
  /**
   * `GET /bookings/v2/bookings/{id}/history` (business): every change of the booking, oldest first,
   * with its status, time and participants after the change and who made it.
   * @example const entries = await client.bookingHistory.getBookingHistory(bookingId);
   */
  getBookingHistory:
    (context) =>
    async (bookingId: string): Promise<WithDates<BookingHistoryEntry>[]> =>
      (
        await context.request<z.infer<typeof bookingHistoryResponseSchema>>({
          method: 'GET',
          path: `/bookings/v2/bookings/${segment(bookingId)}/history`,
        })
      ).entries as WithDates<BookingHistoryEntry>[],
} satisfies ModuleDefinition;

/** A booking's history, on its own so apps that do not show it do not ship it. */
export const bookingHistory = defineModule(bookingHistoryCalls);
