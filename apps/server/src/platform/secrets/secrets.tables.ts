import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Deployment-wide secrets made on first start (cursor signing key, ...), shared by every server process. */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
