import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import {
  bookingHistory,
  type BookingHistoryRow,
  type NewBookingHistoryRow,
} from './booking-history.tables.ts';

/** The booking history's only Drizzle code: append and read, never update. */
export function createBookingHistoryRepository(db: Executor) {
  return {
    async append(values: NewBookingHistoryRow, executor: Executor = db): Promise<void> {
      await executor.insert(bookingHistory).values(values);
    },

    async listByBooking(siteId: string, bookingId: string, limit: number): Promise<BookingHistoryRow[]> {
      return db
        .select()
        .from(bookingHistory)
        .where(and(eq(bookingHistory.siteId, siteId), eq(bookingHistory.bookingId, bookingId)))
        .orderBy(asc(bookingHistory.createdDate), asc(bookingHistory.revision))
        .limit(limit);
    },
  };
}

export type BookingHistoryRepository = ReturnType<typeof createBookingHistoryRepository>;
