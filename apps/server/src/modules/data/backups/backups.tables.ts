import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One backup of a site's collections; the `data.backup` job fills it at one instant (README "Backups"). */
export const dataBackups = pgTable(
  'data_backups',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    status: text('status').notNull(),
    type: text('type').notNull(),
    /** `[{id, displayName}]` of the collections it holds, set when it is READY. */
    collections: jsonb('collections')
      .notNull()
      .$type<Array<{ id: string; displayName: string | null }>>()
      .default([]),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' }),
    failure: jsonb('failure'),
    requestedDate: timestamp('requested_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedDate: timestamp('started_date', { withTimezone: true, mode: 'date' }),
    finishedDate: timestamp('finished_date', { withTimezone: true, mode: 'date' }),
    deletedDate: timestamp('deleted_date', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('data_backups_site').on(table.siteId, table.requestedDate)],
);

/** A collection's schema row as it was (every column of `data_collections` but the site) and its index definitions. */
export const dataBackupCollections = pgTable(
  'data_backup_collections',
  {
    backupId: uuid('backup_id')
      .notNull()
      .references(() => dataBackups.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').notNull(),
    collection: jsonb('collection').notNull(),
    indexes: jsonb('indexes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.backupId, table.collectionId] })],
);

export const dataBackupItems = pgTable(
  'data_backup_items',
  {
    backupId: uuid('backup_id')
      .notNull()
      .references(() => dataBackups.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').notNull(),
    itemId: text('item_id').notNull(),
    data: jsonb('data').notNull(),
    owner: text('owner'),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.backupId, table.collectionId, table.itemId] })],
);

export const dataBackupReferences = pgTable(
  'data_backup_references',
  {
    backupId: uuid('backup_id')
      .notNull()
      .references(() => dataBackups.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').notNull(),
    fieldKey: text('field_key').notNull(),
    referringItemId: text('referring_item_id').notNull(),
    referencedItemId: text('referenced_item_id').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.backupId,
        table.collectionId,
        table.fieldKey,
        table.referringItemId,
        table.referencedItemId,
      ],
    }),
  ],
);

/** A restore of a backup, whole (`collections` empty) or of some collections. */
export const dataRestorations = pgTable(
  'data_restorations',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    backupId: uuid('backup_id').notNull(),
    status: text('status').notNull(),
    /** `[{dataCollectionId, restoreDestination?}]`; empty restores every collection of the backup. */
    collections: jsonb('collections')
      .notNull()
      .$type<
        Array<{
          dataCollectionId: string;
          restoreDestination?: { dataCollectionId?: string | null; displayName?: string | null } | null;
        }>
      >()
      .default([]),
    failure: jsonb('failure'),
    requestedDate: timestamp('requested_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedDate: timestamp('started_date', { withTimezone: true, mode: 'date' }),
    finishedDate: timestamp('finished_date', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('data_restorations_site').on(table.siteId, table.requestedDate)],
);

export type DataBackupRow = typeof dataBackups.$inferSelect;
export type DataRestorationRow = typeof dataRestorations.$inferSelect;
