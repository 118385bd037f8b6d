import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sites_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

export type SiteRow = typeof sites.$inferSelect;
