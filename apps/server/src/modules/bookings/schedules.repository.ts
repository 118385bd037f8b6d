import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { executeRows, type Executor } from '../../platform/db/database.ts';
import {
  bookingRecurringSessions,
  bookingSessions,
  type RecurringSessionRow,
  type SessionRow,
} from './catalogue.tables.ts';

const rs = bookingRecurringSessions;
const ss = bookingSessions;

export function createSchedulesRepository(db: Executor) {
  return {
    async recurringOf(
      siteId: string,
      scheduleIds: readonly string[],
      executor: Executor = db,
    ): Promise<RecurringSessionRow[]> {
      if (scheduleIds.length === 0) return [];
      return executor
        .select()
        .from(rs)
        .where(and(eq(rs.siteId, siteId), inArray(rs.scheduleId, [...scheduleIds])))
        .orderBy(asc(rs.weekday), asc(rs.startMinute), asc(rs.id));
    },

    /** One-off sessions of the schedules that overlap [from, to) (all when no range). */
    async sessionsOf(
      siteId: string,
      scheduleIds: readonly string[],
      range: { from?: Date; to?: Date } = {},
      executor: Executor = db,
    ): Promise<SessionRow[]> {
      if (scheduleIds.length === 0) return [];
      return executor
        .select()
        .from(ss)
        .where(
          and(
            eq(ss.siteId, siteId),
            inArray(ss.scheduleId, [...scheduleIds]),
            range.to ? lt(ss.startDate, range.to) : undefined,
            range.from ? gt(ss.endDate, range.from) : undefined,
          ),
        )
        .orderBy(asc(ss.startDate), asc(ss.id));
    },

    /** The site's one-off sessions (and exceptions to weekly rules) that end after `after`. */
    async sessionsEndingAfter(siteId: string, after: Date, executor: Executor = db): Promise<SessionRow[]> {
      return executor
        .select()
        .from(ss)
        .where(and(eq(ss.siteId, siteId), gt(ss.endDate, after)))
        .orderBy(asc(ss.startDate), asc(ss.id));
    },

    async setSessionTimes(
      siteId: string,
      id: string,
      times: { startDate: Date; endDate: Date },
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(ss)
        .set({ ...times, updatedDate: sql`now()` })
        .where(and(eq(ss.siteId, siteId), eq(ss.id, id)));
    },

    /** How many weekly session rules the site's schedules hold. */
    async countRecurring(siteId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(rs)
        .where(eq(rs.siteId, siteId));
      return Number(row?.count ?? 0);
    },

    async insertRecurring(
      values: typeof rs.$inferInsert,
      executor: Executor = db,
    ): Promise<RecurringSessionRow> {
      const [row] = await executor.insert(rs).values(values).returning();
      return row!;
    },

    async insertSession(values: typeof ss.$inferInsert, executor: Executor = db): Promise<SessionRow> {
      const [row] = await executor.insert(ss).values(values).returning();
      return row!;
    },

    async deleteRecurring(
      siteId: string,
      serviceId: string,
      id: string,
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .delete(rs)
        .where(and(eq(rs.siteId, siteId), eq(rs.serviceId, serviceId), eq(rs.id, id)))
        .returning({ id: rs.id });
      return rows.length > 0;
    },

    /** The exception row of a weekly rule's occurrence, if any. */
    async findOccurrence(
      siteId: string,
      occurrenceId: string,
      executor: Executor = db,
    ): Promise<SessionRow | undefined> {
      const [row] = await executor
        .select()
        .from(ss)
        .where(and(eq(ss.siteId, siteId), eq(ss.occurrenceId, occurrenceId)))
        .limit(1);
      return row;
    },

    /** Participants booked on a class session (the busy-time ledger rows naming it). */
    async participantsOfSession(siteId: string, sessionId: string, executor: Executor = db): Promise<number> {
      const rows = await executeRows<{ participants: number }>(
        executor,
        sql`SELECT coalesce(sum(participants), 0)::int AS participants FROM bookings_busy_times
            WHERE site_id = ${siteId}::uuid AND session_id = ${sessionId}`,
      );
      return Number(rows[0]?.participants ?? 0);
    },

    async deleteSession(
      siteId: string,
      serviceId: string,
      id: string,
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .delete(ss)
        .where(and(eq(ss.siteId, siteId), eq(ss.serviceId, serviceId), eq(ss.id, id)))
        .returning({ id: ss.id });
      return rows.length > 0;
    },

    /** Drops the weekly sessions and the future one-off sessions of a service (deleting it without preserving). */
    async dropFutureOf(siteId: string, serviceId: string, now: Date, executor: Executor = db): Promise<void> {
      await executor.delete(rs).where(and(eq(rs.siteId, siteId), eq(rs.serviceId, serviceId)));
      await executor
        .delete(ss)
        .where(and(eq(ss.siteId, siteId), eq(ss.serviceId, serviceId), gt(ss.startDate, now)));
    },

    async copyTo(
      siteId: string,
      from: { serviceId: string },
      to: { serviceId: string; scheduleId: string },
      now: Date,
      executor: Executor = db,
    ): Promise<void> {
      await executor.execute(sql`
        INSERT INTO ${rs} (site_id, service_id, schedule_id, weekday, start_minute, duration_minutes, capacity, staff_member_id, start_date, end_date)
        SELECT site_id, ${to.serviceId}::uuid, ${to.scheduleId}::uuid, weekday, start_minute, duration_minutes, capacity, staff_member_id, start_date, end_date
        FROM ${rs} WHERE site_id = ${siteId}::uuid AND service_id = ${from.serviceId}::uuid`);
      await executor.execute(sql`
        INSERT INTO ${ss} (site_id, service_id, schedule_id, start_date, end_date, capacity, staff_member_id)
        SELECT site_id, ${to.serviceId}::uuid, ${to.scheduleId}::uuid, start_date, end_date, capacity, staff_member_id
        FROM ${ss} WHERE site_id = ${siteId}::uuid AND service_id = ${from.serviceId}::uuid AND start_date > ${now.toISOString()}::timestamptz
          AND occurrence_id IS NULL`);
    },
  };
}

export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
