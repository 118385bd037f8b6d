import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every server process on one PostgreSQL database (the embedded
 * database has one process, which counts in memory). A row lives until its window ends; a sweep deletes
 * the ended ones.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** `<rule name>:<subject>`, e.g. `sign-in.ip:203.0.113.9`. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends').on(table.windowEnds)],
);
