import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { executeRows, type AppDb, type Executor } from '../../../platform/db/database.ts';
import { dataItems, dataReferences } from '../data.tables.ts';
import type { ItemRow, ItemScope } from '../data.repository.ts';
import { dataJobErrors, dataJobFileParts, dataJobs, type DataJobRow } from './data-jobs.tables.ts';

export type NewJobRow = typeof dataJobs.$inferInsert;
export type JobCounts = Pick<
  DataJobRow,
  'totalRows' | 'insertedRows' | 'updatedRows' | 'skippedRows' | 'failedRows' | 'chunkCount'
>;

export interface JobErrorRow {
  rowNumber: number;
  itemId: string | null;
  code: string;
  description: string;
}

/**
 * Every statement of the jobs. Jobs run outside any transaction (the bus's rule for long work), so each
 * statement here stands alone; the item writes go through the items services and their transactions.
 */
export function createDataJobsRepository(db: AppDb) {
  return {
    async insertJob(row: NewJobRow): Promise<DataJobRow> {
      const [created] = await db.insert(dataJobs).values(row).returning();
      return created!;
    },

    async findJob(siteId: string, jobId: string): Promise<DataJobRow | undefined> {
      const [row] = await db
        .select()
        .from(dataJobs)
        .where(and(eq(dataJobs.siteId, siteId), eq(dataJobs.id, jobId)));
      return row;
    },

    async findJobById(jobId: string): Promise<DataJobRow | undefined> {
      const [row] = await db.select().from(dataJobs).where(eq(dataJobs.id, jobId));
      return row;
    },

    async updateJob(
      jobId: string,
      change: Partial<NewJobRow>,
      executor: Executor = db,
    ): Promise<DataJobRow | undefined> {
      const [row] = await executor
        .update(dataJobs)
        .set({ ...change, updatedDate: new Date() })
        .where(eq(dataJobs.id, jobId))
        .returning();
      return row;
    },

    async deleteJob(jobId: string): Promise<void> {
      await db.delete(dataJobs).where(eq(dataJobs.id, jobId));
    },

    /** Imports and exports of the site, newest first (uploads waiting for a job are left out). */
    async listJobs(
      siteId: string,
      filter: { statuses?: string[]; ids?: string[] },
      limit: number,
      offset: number,
    ): Promise<DataJobRow[]> {
      return db
        .select()
        .from(dataJobs)
        .where(
          and(
            eq(dataJobs.siteId, siteId),
            inArray(dataJobs.kind, ['IMPORT', 'EXPORT']),
            filter.statuses ? inArray(dataJobs.status, filter.statuses) : undefined,
            filter.ids ? inArray(dataJobs.id, filter.ids) : undefined,
          ),
        )
        .orderBy(sql`${dataJobs.createdDate} DESC`, sql`${dataJobs.id} DESC`)
        .limit(limit)
        .offset(offset);
    },

    /** Hands an upload's stored file over to the job that imports it. */
    async moveParts(fromJobId: string, toJobId: string): Promise<void> {
      await db.update(dataJobFileParts).set({ jobId: toJobId }).where(eq(dataJobFileParts.jobId, fromJobId));
    },

    async appendPart(jobId: string, part: number, content: Uint8Array): Promise<void> {
      await db.insert(dataJobFileParts).values({ jobId, part, content });
    },

    async deleteParts(jobId: string): Promise<void> {
      await db.delete(dataJobFileParts).where(eq(dataJobFileParts.jobId, jobId));
    },

    /** One part at a time, so a reader holds at most one part of the file. */
    async readPart(jobId: string, part: number): Promise<Uint8Array | undefined> {
      const [row] = await db
        .select({ content: dataJobFileParts.content })
        .from(dataJobFileParts)
        .where(and(eq(dataJobFileParts.jobId, jobId), eq(dataJobFileParts.part, part)));
      return row?.content;
    },

    async insertErrors(jobId: string, errors: readonly JobErrorRow[]): Promise<void> {
      if (errors.length === 0) return;
      await db
        .insert(dataJobErrors)
        .values(errors.map((error) => ({ jobId, ...error })))
        .onConflictDoNothing();
    },

    async deleteErrors(jobId: string): Promise<void> {
      await db.delete(dataJobErrors).where(eq(dataJobErrors.jobId, jobId));
    },

    async listErrors(jobId: string, afterRow: number, limit: number): Promise<JobErrorRow[]> {
      return db
        .select({
          rowNumber: dataJobErrors.rowNumber,
          itemId: dataJobErrors.itemId,
          code: dataJobErrors.code,
          description: dataJobErrors.description,
        })
        .from(dataJobErrors)
        .where(and(eq(dataJobErrors.jobId, jobId), gt(dataJobErrors.rowNumber, afterRow)))
        .orderBy(asc(dataJobErrors.rowNumber))
        .limit(limit);
    },

    async countErrors(jobId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(dataJobErrors)
        .where(eq(dataJobErrors.jobId, jobId));
      return row?.value ?? 0;
    },

    /** One export page: keyset on `item_id` (the primary key's last column), never OFFSET. */
    async itemPage(where: SQL, afterId: string | undefined, limit: number): Promise<ItemRow[]> {
      return (
        db
          .select({
            itemId: dataItems.itemId,
            data: dataItems.data,
            owner: dataItems.owner,
            createdDate: dataItems.createdDate,
            updatedDate: dataItems.updatedDate,
          })
          .from(dataItems)
          .where(afterId === undefined ? where : and(where, gt(dataItems.itemId, afterId)))
          // The column's own collation on both sides, so the primary key index serves the order and the seek.
          .orderBy(asc(dataItems.itemId))
          .limit(limit)
      );
    },

    /**
     * The MULTI_REFERENCE values of a page of items (they live in `data_references`, not in `data`), in the
     * order the item API answers them.
     */
    async referencesOf(
      scope: ItemScope,
      fieldKeys: readonly string[],
      itemIds: readonly string[],
    ): Promise<Array<{ fieldKey: string; referringItemId: string; referencedItemId: string }>> {
      if (fieldKeys.length === 0 || itemIds.length === 0) return [];
      return db
        .select({
          fieldKey: dataReferences.fieldKey,
          referringItemId: dataReferences.referringItemId,
          referencedItemId: dataReferences.referencedItemId,
        })
        .from(dataReferences)
        .where(
          and(
            eq(dataReferences.siteId, scope.siteId),
            eq(dataReferences.collectionId, scope.collectionId),
            inArray(dataReferences.fieldKey, [...fieldKeys]),
            inArray(dataReferences.referringItemId, [...itemIds]),
          ),
        )
        .orderBy(asc(dataReferences.createdDate), asc(dataReferences.referencedItemId));
    },

    /** The top-level keys of every matching item's `data` (the CSV header), computed by the database. */
    async dataKeys(where: SQL): Promise<string[]> {
      const rows = await executeRows<{ key: string }>(
        db,
        sql`SELECT DISTINCT jsonb_object_keys(${dataItems.data}) AS key FROM ${dataItems} WHERE ${where} ORDER BY 1`,
      );
      return rows.map((row) => row.key);
    },
  };
}

export type DataJobsRepository = ReturnType<typeof createDataJobsRepository>;
