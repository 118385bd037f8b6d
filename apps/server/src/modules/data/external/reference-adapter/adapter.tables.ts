import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The reference adapter's own table. It is a separate program's storage, not Atrium's: the adapter creates it
 * on start (`CREATE TABLE IF NOT EXISTS`), and no Atrium migration holds it.
 */
export const referenceAdapterItems = pgTable(
  'reference_adapter_items',
  {
    collectionId: text('collection_id').notNull(),
    itemId: text('item_id').notNull(),
    data: jsonb('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.itemId] })],
);
