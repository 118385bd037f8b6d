import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only: one row per lifecycle change of a booking (created, confirmed, rescheduled, attendance...),
 * written in the change's own transaction, so the history never disagrees with the booking. Rows are
 * never updated; they go with the booking's site only.
 */
export const bookingHistory = pgTable(
  'bookings_booking_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    /** The event the change emitted, e.g. `bookings.booking.rescheduled`. */
    event: text('event').notNull(),
    status: text('status').notNull(),
    revision: integer('revision').notNull(),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    totalParticipants: integer('total_participants').notNull(),
    /** What the event alone does not say: the previous time of a reschedule, the attendance set. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_booking_history_booking_idx').on(table.siteId, table.bookingId, table.createdDate),
  ],
);
export type BookingHistoryRow = typeof bookingHistory.$inferSelect;
export type NewBookingHistoryRow = typeof bookingHistory.$inferInsert;
