import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db/database.ts';
import { dataCollections, dataIndexes, dataItems, dataReferences } from '../data.tables.ts';
import {
  dataBackupCollections,
  dataBackupItems,
  dataBackupReferences,
  dataBackups,
  dataRestorations,
  type DataBackupRow,
  type DataRestorationRow,
} from './backups.tables.ts';

/** An INSERT's column list (unqualified names, as INSERT requires). */
function columnList(...columns: PgColumn[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

export function createBackupsRepository(db: Executor) {
  return {
    async insertBackup(
      row: typeof dataBackups.$inferInsert,
      executor: Executor = db,
    ): Promise<DataBackupRow> {
      const [inserted] = await executor.insert(dataBackups).values(row).returning();
      return inserted!;
    },

    async findBackup(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<DataBackupRow | undefined> {
      const [row] = await executor
        .select()
        .from(dataBackups)
        .where(and(eq(dataBackups.siteId, siteId), eq(dataBackups.id, id)));
      return row;
    },

    async findBackupById(id: string, executor: Executor = db): Promise<DataBackupRow | undefined> {
      const [row] = await executor.select().from(dataBackups).where(eq(dataBackups.id, id));
      return row;
    },

    async findBackups(ids: string[], executor: Executor = db): Promise<DataBackupRow[]> {
      if (ids.length === 0) return [];
      return executor.select().from(dataBackups).where(inArray(dataBackups.id, ids));
    },

    async listBackups(
      siteId: string,
      filter: { statuses?: string[]; types?: string[] },
      paging: { limit: number; offset: number },
      executor: Executor = db,
    ) {
      const where = and(
        eq(dataBackups.siteId, siteId),
        inArray(dataBackups.type, filter.types?.length ? filter.types : ['ON_DEMAND', 'AUTO']),
        filter.statuses?.length ? inArray(dataBackups.status, filter.statuses) : undefined,
      );
      const rows = await executor
        .select()
        .from(dataBackups)
        .where(where)
        .orderBy(desc(dataBackups.requestedDate), desc(dataBackups.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [total] = await executor.select({ n: count() }).from(dataBackups).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async updateBackup(
      id: string,
      changes: Partial<typeof dataBackups.$inferInsert>,
      onlyIfStatus?: string[],
      executor: Executor = db,
    ): Promise<DataBackupRow | undefined> {
      const [row] = await executor
        .update(dataBackups)
        .set(changes)
        .where(
          and(eq(dataBackups.id, id), onlyIfStatus ? inArray(dataBackups.status, onlyIfStatus) : undefined),
        )
        .returning();
      return row;
    },

    /** Drops what a backup holds (its row stays, DELETED). */
    async clearBackupContent(id: string, executor: Executor = db): Promise<void> {
      await executor.delete(dataBackupItems).where(eq(dataBackupItems.backupId, id));
      await executor.delete(dataBackupReferences).where(eq(dataBackupReferences.backupId, id));
      await executor.delete(dataBackupCollections).where(eq(dataBackupCollections.backupId, id));
    },

    /**
     * Copies every collection of the site into the backup. Run in one REPEATABLE READ transaction, so all
     * four statements read the same snapshot: the backup is the site as it was at one instant, and
     * MVCC lets writers go on meanwhile. Returns the collections and the stored size of the items.
     */
    async snapshotSite(backupId: string, siteId: string, executor: Executor, onlyCollection?: string) {
      const oneCollection = (column: PgColumn) =>
        onlyCollection === undefined ? sql`` : sql` AND ${column} = ${onlyCollection}`;
      await executor.delete(dataBackupItems).where(eq(dataBackupItems.backupId, backupId));
      await executor.delete(dataBackupReferences).where(eq(dataBackupReferences.backupId, backupId));
      await executor.delete(dataBackupCollections).where(eq(dataBackupCollections.backupId, backupId));
      await executor.execute(sql`
        INSERT INTO ${dataBackupCollections} (${columnList(
          dataBackupCollections.backupId,
          dataBackupCollections.collectionId,
          dataBackupCollections.collection,
          dataBackupCollections.indexes,
        )})
        SELECT ${backupId}::uuid, c.id, to_jsonb(c) - 'site_id',
          COALESCE((SELECT jsonb_agg(jsonb_build_object('name', i.name, 'fields', i.fields, 'unique', i.is_unique,
                      'caseInsensitive', i.case_insensitive) ORDER BY i.created_date, i.name)
                    FROM ${dataIndexes} i WHERE i.site_id = c.site_id AND i.collection_id = c.id), '[]'::jsonb)
        FROM ${dataCollections} c WHERE c.site_id = ${siteId}${onlyCollection === undefined ? sql`` : sql` AND c.id = ${onlyCollection}`}`);
      await executor.execute(sql`
        INSERT INTO ${dataBackupItems} (${columnList(
          dataBackupItems.backupId,
          dataBackupItems.collectionId,
          dataBackupItems.itemId,
          dataBackupItems.data,
          dataBackupItems.owner,
          dataBackupItems.createdDate,
          dataBackupItems.updatedDate,
        )})
        SELECT ${backupId}::uuid, ${dataItems.collectionId}, ${dataItems.itemId}, ${dataItems.data}, ${dataItems.owner},
          ${dataItems.createdDate}, ${dataItems.updatedDate}
        FROM ${dataItems} WHERE ${dataItems.siteId} = ${siteId}${oneCollection(dataItems.collectionId)}`);
      await executor.execute(sql`
        INSERT INTO ${dataBackupReferences} (${columnList(
          dataBackupReferences.backupId,
          dataBackupReferences.collectionId,
          dataBackupReferences.fieldKey,
          dataBackupReferences.referringItemId,
          dataBackupReferences.referencedItemId,
          dataBackupReferences.createdDate,
        )})
        SELECT ${backupId}::uuid, ${dataReferences.collectionId}, ${dataReferences.fieldKey},
          ${dataReferences.referringItemId}, ${dataReferences.referencedItemId}, ${dataReferences.createdDate}
        FROM ${dataReferences} WHERE ${dataReferences.siteId} = ${siteId}${oneCollection(dataReferences.collectionId)}`);
      const collections = await executor
        .select({ id: dataBackupCollections.collectionId, collection: dataBackupCollections.collection })
        .from(dataBackupCollections)
        .where(eq(dataBackupCollections.backupId, backupId))
        .orderBy(dataBackupCollections.collectionId);
      const [size] = await executor
        .select({ bytes: sql<string>`COALESCE(sum(pg_column_size(${dataBackupItems.data})), 0)` })
        .from(dataBackupItems)
        .where(eq(dataBackupItems.backupId, backupId));
      return {
        collections: collections.map((row) => ({
          id: row.id,
          displayName: ((row.collection as { display_name?: string | null }).display_name ?? null) as
            string | null,
        })),
        sizeInBytes: Number(size?.bytes ?? 0),
      };
    },

    async collectionExists(siteId: string, collectionId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: dataCollections.id })
        .from(dataCollections)
        .where(and(eq(dataCollections.siteId, siteId), eq(dataCollections.id, collectionId)));
      return row !== undefined;
    },

    async backupCollectionIds(backupId: string, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .select({ id: dataBackupCollections.collectionId })
        .from(dataBackupCollections)
        .where(eq(dataBackupCollections.backupId, backupId));
      return rows.map((row) => row.id);
    },

    async backupCollection(backupId: string, collectionId: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(dataBackupCollections)
        .where(
          and(
            eq(dataBackupCollections.backupId, backupId),
            eq(dataBackupCollections.collectionId, collectionId),
          ),
        );
      return row;
    },

    /**
     * Replaces collection `target` of the site with `source` as the backup holds it: schema, items and
     * references. Every statement names the site, so nothing of another site can change.
     */
    async restoreCollection(
      input: {
        backupId: string;
        siteId: string;
        source: string;
        target: string;
        collection: Record<string, unknown>;
        displayName?: string | null;
      },
      executor: Executor,
    ): Promise<void> {
      const { backupId, siteId, source, target } = input;
      const saved = input.collection as {
        display_name: string | null;
        collection_type: string;
        display_field: string | null;
        fields: unknown;
        permissions: unknown;
        default_display_order: unknown;
        max_page_size: number | null;
        plugins?: unknown;
      };
      await executor
        .delete(dataItems)
        .where(and(eq(dataItems.siteId, siteId), eq(dataItems.collectionId, target)));
      await executor
        .delete(dataReferences)
        .where(and(eq(dataReferences.siteId, siteId), eq(dataReferences.collectionId, target)));
      const schema = {
        displayName: input.displayName ?? saved.display_name,
        collectionType: saved.collection_type,
        displayField: saved.display_field,
        fields: saved.fields,
        permissions: saved.permissions,
        defaultDisplayOrder: saved.default_display_order,
        maxPageSize: saved.max_page_size,
        plugins: saved.plugins ?? [],
      };
      await executor
        .insert(dataCollections)
        .values({ siteId, id: target, ...schema })
        .onConflictDoUpdate({
          target: [dataCollections.siteId, dataCollections.id],
          set: { ...schema, revision: sql`${dataCollections.revision} + 1`, updatedDate: sql`now()` },
        });
      await executor.execute(sql`
        INSERT INTO ${dataItems} (${columnList(
          dataItems.siteId,
          dataItems.collectionId,
          dataItems.itemId,
          dataItems.data,
          dataItems.owner,
          dataItems.createdDate,
          dataItems.updatedDate,
        )})
        SELECT ${siteId}::uuid, ${target}, ${dataBackupItems.itemId}, ${dataBackupItems.data}, ${dataBackupItems.owner},
          ${dataBackupItems.createdDate}, ${dataBackupItems.updatedDate}
        FROM ${dataBackupItems}
        WHERE ${dataBackupItems.backupId} = ${backupId} AND ${dataBackupItems.collectionId} = ${source}`);
      await executor.execute(sql`
        INSERT INTO ${dataReferences} (${columnList(
          dataReferences.siteId,
          dataReferences.collectionId,
          dataReferences.fieldKey,
          dataReferences.referringItemId,
          dataReferences.referencedItemId,
          dataReferences.createdDate,
        )})
        SELECT ${siteId}::uuid, ${target}, ${dataBackupReferences.fieldKey}, ${dataBackupReferences.referringItemId},
          ${dataBackupReferences.referencedItemId}, ${dataBackupReferences.createdDate}
        FROM ${dataBackupReferences}
        WHERE ${dataBackupReferences.backupId} = ${backupId} AND ${dataBackupReferences.collectionId} = ${source}`);
    },

    /** The newest kept copy of a deleted collection of the site. */
    async keptDeletedCollection(siteId: string, collectionId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ backup: dataBackups })
        .from(dataBackups)
        .innerJoin(dataBackupCollections, eq(dataBackupCollections.backupId, dataBackups.id))
        .where(
          and(
            eq(dataBackups.siteId, siteId),
            eq(dataBackups.type, 'DELETED_COLLECTION'),
            eq(dataBackups.status, 'READY'),
            eq(dataBackupCollections.collectionId, collectionId),
          ),
        )
        .orderBy(desc(dataBackups.requestedDate))
        .limit(1);
      return row?.backup;
    },

    /** READY automatic backups and kept deleted collections requested before `before` (past their retention). */
    async expiredAutoBackups(before: Date, executor: Executor = db): Promise<DataBackupRow[]> {
      return executor
        .select()
        .from(dataBackups)
        .where(
          and(
            inArray(dataBackups.type, ['AUTO', 'DELETED_COLLECTION']),
            eq(dataBackups.status, 'READY'),
            lt(dataBackups.requestedDate, before),
          ),
        );
    },

    /** Sites that hold at least one collection (the daily automatic backup's list). */
    async sitesWithCollections(executor: Executor = db): Promise<string[]> {
      const rows = await executor.selectDistinct({ siteId: dataCollections.siteId }).from(dataCollections);
      return rows.map((row) => row.siteId);
    },

    async insertRestoration(
      row: typeof dataRestorations.$inferInsert,
      executor: Executor = db,
    ): Promise<DataRestorationRow> {
      const [inserted] = await executor.insert(dataRestorations).values(row).returning();
      return inserted!;
    },

    async findRestorationById(id: string, executor: Executor = db): Promise<DataRestorationRow | undefined> {
      const [row] = await executor.select().from(dataRestorations).where(eq(dataRestorations.id, id));
      return row;
    },

    async updateRestoration(
      id: string,
      changes: Partial<typeof dataRestorations.$inferInsert>,
      executor: Executor = db,
    ): Promise<DataRestorationRow | undefined> {
      const [row] = await executor
        .update(dataRestorations)
        .set(changes)
        .where(eq(dataRestorations.id, id))
        .returning();
      return row;
    },

    async listRestorations(
      siteId: string,
      statuses: string[] | undefined,
      paging: { limit: number; offset: number },
      executor: Executor = db,
    ) {
      const where = and(
        eq(dataRestorations.siteId, siteId),
        statuses?.length ? inArray(dataRestorations.status, statuses) : undefined,
      );
      const rows = await executor
        .select()
        .from(dataRestorations)
        .where(where)
        .orderBy(desc(dataRestorations.requestedDate), desc(dataRestorations.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [total] = await executor.select({ n: count() }).from(dataRestorations).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
