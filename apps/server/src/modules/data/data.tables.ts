import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A collection's schema: declared fields type what they name; items may carry undeclared fields too. */
export const dataCollections = pgTable(
  'data_collections',
  {
    siteId: uuid('site_id').notNull(),
    /** The collection's name as clients address it (`Posts`, `Team`). */
    id: text('id').notNull(),
    displayName: text('display_name'),
    collectionType: text('collection_type').notNull().default('NATIVE'),
    displayField: text('display_field'),
    /** The wire `fields` array as given (validated by the contract schema). */
    fields: jsonb('fields')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** `{read, insert, update, remove}`, each a role or access level. */
    permissions: jsonb('permissions').notNull(),
    defaultDisplayOrder: jsonb('default_display_order'),
    maxPageSize: integer('max_page_size'),
    /** The plugins added to the collection (`[{type, ...options}]`): publish, urlized, multilingual ... */
    plugins: jsonb('plugins')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Permissions v1's special permissions: `[{id, userId | policyId, itemRead: ALLOWED | DENIED ...}]`. */
    specialPermissions: jsonb('special_permissions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    revision: integer('revision').notNull().default(1),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.id] })],
);

/**
 * One row per item. System fields are columns (typed filters and sorts); everything else is `data`,
 * where dates are `{"$date": "<canonical ISO>"}` so text order is time order.
 */
export const dataItems = pgTable(
  'data_items',
  {
    siteId: uuid('site_id').notNull(),
    collectionId: text('collection_id').notNull(),
    itemId: text('item_id').notNull(),
    data: jsonb('data').notNull(),
    owner: text('owner'),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Full-text search over every string value of the item ('simple': no language-specific stemming). */
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`jsonb_to_tsvector('simple'::regconfig, data, '["string"]'::jsonb)`,
    ),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.collectionId, table.itemId] }),
    // `$eq` on any field compiles to containment (`data @> {...}`), which this index answers. New entries
    // wait in a pending list until a job merges it after writes (index-upkeep.ts; README, "GIN pending lists").
    index('data_items_data_gin').using('gin', sql`${table.data} jsonb_path_ops`),
    index('data_items_search_gin').using('gin', table.search),
    index('data_items_created').on(table.siteId, table.collectionId, table.createdDate),
  ],
);

/** MULTI_REFERENCE links: the referring item's field holds the referenced items, in insertion order. */
export const dataReferences = pgTable(
  'data_references',
  {
    siteId: uuid('site_id').notNull(),
    collectionId: text('collection_id').notNull(),
    fieldKey: text('field_key').notNull(),
    referringItemId: text('referring_item_id').notNull(),
    referencedItemId: text('referenced_item_id').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.siteId,
        table.collectionId,
        table.fieldKey,
        table.referringItemId,
        table.referencedItemId,
      ],
    }),
    index('data_references_referenced').on(table.siteId, table.referencedItemId),
  ],
);

/** User indexes: each one a real expression index on `data_items`, named `name` on the database side. */
export const dataIndexes = pgTable(
  'data_indexes',
  {
    siteId: uuid('site_id').notNull(),
    collectionId: text('collection_id').notNull(),
    name: text('name').notNull(),
    /** The database's name for it (bounded, unique across sites). */
    sqlName: text('sql_name').notNull().unique(),
    fields: jsonb('fields').notNull(),
    unique: boolean('is_unique').notNull().default(false),
    caseInsensitive: boolean('case_insensitive').notNull().default(false),
    status: text('status').notNull(),
    failure: jsonb('failure'),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.collectionId, table.name] })],
);

export type DataCollectionRow = typeof dataCollections.$inferSelect;
export type DataItemRow = typeof dataItems.$inferSelect;
export type DataIndexRow = typeof dataIndexes.$inferSelect;
