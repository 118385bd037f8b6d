import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import {
  bookingAttendance,
  bookingFees,
  bookingForms,
  type AttendanceRow,
  type BookingFeeRow,
  type BookingFormRow,
} from './bookings.tables.ts';

/** What the lifecycle keeps beside its bookings: attendance, fees charged for them, and booking forms. */
export function createBookingRecordsRepository(db: Executor) {
  return {
    // --- attendance ---------------------------------------------------------------------------------

    async attendanceOf(
      siteId: string,
      bookingIds: readonly string[],
      executor: Executor = db,
    ): Promise<AttendanceRow[]> {
      if (bookingIds.length === 0) return [];
      return executor
        .select()
        .from(bookingAttendance)
        .where(
          and(eq(bookingAttendance.siteId, siteId), inArray(bookingAttendance.bookingId, [...bookingIds])),
        );
    },

    async upsertAttendance(
      values: {
        siteId: string;
        bookingId: string;
        sessionKey: string | null;
        status: string;
        numberOfAttendees: number;
      },
      executor: Executor,
    ): Promise<AttendanceRow> {
      const [row] = await executor
        .insert(bookingAttendance)
        .values(values)
        .onConflictDoUpdate({
          target: [bookingAttendance.siteId, bookingAttendance.bookingId],
          set: {
            status: values.status,
            numberOfAttendees: values.numberOfAttendees,
            revision: sql`${bookingAttendance.revision} + 1`,
            updatedDate: sql`now()`,
          },
        })
        .returning();
      return row!;
    },

    async findAttendance(siteId: string, id: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(bookingAttendance)
        .where(and(eq(bookingAttendance.siteId, siteId), eq(bookingAttendance.id, id)))
        .limit(1);
      return row;
    },

    async pageAttendance(
      siteId: string,
      where: SQL | undefined,
      limit: number,
      offset: number,
      executor: Executor = db,
    ) {
      return executor
        .select()
        .from(bookingAttendance)
        .where(and(eq(bookingAttendance.siteId, siteId), where))
        .orderBy(desc(bookingAttendance.createdDate), asc(bookingAttendance.id))
        .limit(limit)
        .offset(offset);
    },

    // --- fees ---------------------------------------------------------------------------------------

    async insertFee(
      values: {
        siteId: string;
        bookingId: string;
        trigger: string;
        status: string;
        amount: string;
        currency: string;
      },
      executor: Executor,
    ): Promise<void> {
      await executor.insert(bookingFees).values(values).onConflictDoNothing();
    },

    async feesOf(
      siteId: string,
      bookingIds: readonly string[],
      executor: Executor = db,
    ): Promise<BookingFeeRow[]> {
      if (bookingIds.length === 0) return [];
      return executor
        .select()
        .from(bookingFees)
        .where(and(eq(bookingFees.siteId, siteId), inArray(bookingFees.bookingId, [...bookingIds])));
    },

    // --- forms --------------------------------------------------------------------------------------

    async insertForm(
      values: { siteId: string; name: string; fields: BookingFormRow['fields'] },
      executor: Executor = db,
    ) {
      const [row] = await executor.insert(bookingForms).values(values).returning();
      return row!;
    },

    async findForm(siteId: string, id: string, executor: Executor = db): Promise<BookingFormRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookingForms)
        .where(and(eq(bookingForms.siteId, siteId), eq(bookingForms.id, id)))
        .limit(1);
      return row;
    },
  };
}
