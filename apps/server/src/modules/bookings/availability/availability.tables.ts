import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The busy-time ledger: every span in which a staff member, a resource or the whole business is taken,
 * whatever took it. Bookings (one row per booked staff member/resource, written in the booking's
 * transaction), blocked time, and busy times imported from external calendars all land here, so the
 * availability engine reads a window's busy time with one indexed range query instead of joining every
 * source. A row with neither staff member nor resource blocks the whole business. Class and course
 * bookings carry their `session_id` (or `schedule_id` for a course enrolment) and participant count.
 */
export const bookingBusyTimes = pgTable(
  'bookings_busy_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    staffMemberId: uuid('staff_member_id'),
    resourceId: uuid('resource_id'),
    /** The class session booked (an occurrence id or a one-off session id). */
    sessionId: text('session_id'),
    /** The course enrolled in (the service's schedule id). */
    scheduleId: uuid('schedule_id'),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    participants: integer('participants').notNull().default(1),
    /** BOOKING, BLOCKED or EXTERNAL_CALENDAR. */
    source: text('source').notNull(),
    /** The booking id, blocked-time id or external event uid that wrote the row, for removal. */
    sourceId: text('source_id'),
    /** A booking waiting for online payment stops being busy at its hold's expiry (null: for good). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // One GiST index answers "what overlaps this window on this site" whatever the spans' lengths.
    index('bookings_busy_times_window_idx').using(
      'gist',
      table.siteId,
      sql`tstzrange(${table.startDate}, ${table.endDate}, '[)')`,
    ),
    index('bookings_busy_times_session_idx')
      .on(table.siteId, table.sessionId)
      .where(sql`${table.sessionId} IS NOT NULL`),
    index('bookings_busy_times_schedule_idx')
      .on(table.siteId, table.scheduleId)
      .where(sql`${table.scheduleId} IS NOT NULL`),
    index('bookings_busy_times_source_idx').on(table.siteId, table.source, table.sourceId),
    check(
      'bookings_busy_times_valid',
      sql`${table.endDate} > ${table.startDate} AND ${table.participants} > 0`,
    ),
  ],
);

export type BusyTimeRow = typeof bookingBusyTimes.$inferSelect;
export type NewBusyTimeRow = typeof bookingBusyTimes.$inferInsert;
