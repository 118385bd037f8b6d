import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** External database connections: an adapter's address and sealed secret, with the last check's outcome. */
export const dataExternalConnections = pgTable(
  'data_external_connections',
  {
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    endpoint: text('endpoint'),
    /** The configuration as given, `secretKey` sealed (platform/secrets/sealing.ts). */
    configuration: jsonb('configuration').notNull(),
    status: jsonb('status').notNull(),
    capabilities: jsonb('capabilities').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.name] })],
);

export type DataExternalConnectionRow = typeof dataExternalConnections.$inferSelect;
