import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { bookingAttendance, type AttendanceRow } from './bookings.tables.ts';

/** Attendance reads and deletes beyond the set/get/page of `bookings.repository.ts`. */
export function createAttendanceRepository(db: Executor) {
  return {
    async count(siteId: string, where: SQL | undefined, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ total: count() })
        .from(bookingAttendance)
        .where(and(eq(bookingAttendance.siteId, siteId), where));
      return Number(row?.total ?? 0);
    },

    /** Deletes one attendance record; answers it, or undefined when the site has none by that id. */
    async delete(siteId: string, id: string, executor: Executor = db): Promise<AttendanceRow | undefined> {
      const [row] = await executor
        .delete(bookingAttendance)
        .where(and(eq(bookingAttendance.siteId, siteId), eq(bookingAttendance.id, id)))
        .returning();
      return row;
    },
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
