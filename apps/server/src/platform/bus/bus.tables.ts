import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Which handler has already processed which event. Written in the handler's own transaction, so a
 * redelivered event (a retry after a lost acknowledgement, a job expired under a dead process) finds
 * its row and is skipped, while a handler that failed leaves no row and runs again.
 */
export const handledEvents = pgTable(
  'handled_events',
  {
    /** The handler's queue name (`events/<event name>/<handler name>`). */
    handler: text('handler').notNull(),
    eventId: uuid('event_id').notNull(),
    handledDate: timestamp('handled_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.handler, table.eventId] }),
    // The daily purge deletes by age.
    index('handled_events_handled_date').on(table.handledDate),
  ],
);
