import {
  bigint,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** One import or export of a collection's items; the queue runs it (`data.import` / `data.export`). */
export const dataJobs = pgTable('data_jobs', {
  id: uuid('id').primaryKey(),
  siteId: uuid('site_id').notNull(),
  kind: text('kind').notNull(),
  collectionId: text('collection_id').notNull(),
  format: text('format').notNull(),
  mode: text('mode'),
  status: text('status').notNull(),
  filter: jsonb('filter'),
  /** The site and caller that started it: the job acts as them (permissions are checked again when it runs). */
  site: jsonb('site').notNull(),
  caller: jsonb('caller').notNull(),
  totalRows: integer('total_rows').notNull().default(0),
  insertedRows: integer('inserted_rows').notNull().default(0),
  updatedRows: integer('updated_rows').notNull().default(0),
  skippedRows: integer('skipped_rows').notNull().default(0),
  failedRows: integer('failed_rows').notNull().default(0),
  chunkCount: integer('chunk_count').notNull().default(0),
  fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
  failure: jsonb('failure'),
  createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  completedDate: timestamp('completed_date', { withTimezone: true, mode: 'date' }),
});

/** Per-row failures of an import, the first `maxStoredJobErrors` of them. */
export const dataJobErrors = pgTable(
  'data_job_errors',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => dataJobs.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    itemId: text('item_id'),
    code: text('code').notNull(),
    description: text('description').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.rowNumber] })],
);

/**
 * A job's file (the uploaded import or the produced export) in ordered parts of about 256 KB, so neither
 * the upload, the run nor the download ever holds the whole file; kept in the database so every process
 * (and both database kinds) sees it.
 */
export const dataJobFileParts = pgTable(
  'data_job_file_parts',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => dataJobs.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.part] })],
);

export type DataJobRow = typeof dataJobs.$inferSelect;
