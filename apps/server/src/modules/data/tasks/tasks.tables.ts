import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A task over the items of a collection; the queue runs it in batches (`data.task`). */
export const dataTasks = pgTable(
  'data_tasks',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** The task as asked for (`{type, deleteByQueryOptions, ...}`). */
    input: jsonb('input').notNull(),
    /** The site and caller that created it: the task acts as them (permissions apply to every batch). */
    site: jsonb('site').notNull(),
    caller: jsonb('caller').notNull(),
    estimatedItemCount: integer('estimated_item_count').notNull().default(0),
    itemsSucceeded: integer('items_succeeded').notNull().default(0),
    itemsFailed: integer('items_failed').notNull().default(0),
    failures: jsonb('failures')
      .notNull()
      .$type<Array<{ code: string; description: string; data?: Record<string, unknown> | null }>>()
      .default([]),
    canceled: boolean('canceled').notNull().default(false),
    /** The last item id a batch reached (keyset), so a restarted run goes on from there. */
    lastItemId: text('last_item_id'),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('data_tasks_site').on(table.siteId, table.createdDate)],
);

export type DataTaskRow = typeof dataTasks.$inferSelect;
