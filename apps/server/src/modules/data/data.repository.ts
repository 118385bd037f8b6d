import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Executor } from '../../platform/db/database.ts';
import { createStatementCache } from '../../platform/db/prepared.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  dataCollections,
  dataIndexes,
  dataItems,
  dataReferences,
  type DataCollectionRow,
  type DataIndexRow,
  type DataItemRow,
} from './data.tables.ts';

/**
 * Items as the query engine sees them: system fields are typed columns, every other name is a path into
 * `data` (keys bound as parameters).
 */
export type ItemRow = Pick<DataItemRow, 'itemId' | 'data' | 'owner' | 'createdDate' | 'updatedDate'>;

export const itemColumns = {
  itemId: dataItems.itemId,
  data: dataItems.data,
  owner: dataItems.owner,
  createdDate: dataItems.createdDate,
  updatedDate: dataItems.updatedDate,
};

export const dataItemsEntity = defineQueryEntity({
  name: 'data-items',
  table: dataItems,
  idColumn: dataItems.itemId,
  fields: {
    _id: dataItems.itemId,
    _owner: dataItems.owner,
    _createdDate: dataItems.createdDate,
    _updatedDate: dataItems.updatedDate,
  },
  dynamicRoot: dataItems.data,
  defaultLimit: 50,
  maxLimit: 1000,
  // Not the search vector: as large as the item, and no answer shows it.
  columns: itemColumns,
});

export interface NewItemRow {
  itemId: string;
  data: Record<string, unknown>;
  owner: string | null;
}

export interface ItemScope {
  siteId: string;
  collectionId: string;
}

function inCollection(scope: ItemScope): SQL {
  return and(eq(dataItems.siteId, scope.siteId), eq(dataItems.collectionId, scope.collectionId))!;
}

const statements = createStatementCache();

/** One item by id: the read every item get and write starts with, prepared once (prepared.ts). */
function itemByIdQuery(executor: Executor, name: string, forUpdate: boolean) {
  const query = executor
    .select(itemColumns)
    .from(dataItems)
    .where(
      and(
        eq(dataItems.siteId, sql.placeholder('siteId')),
        eq(dataItems.collectionId, sql.placeholder('collectionId')),
        eq(dataItems.itemId, sql.placeholder('itemId')),
      ),
    )
    .limit(1);
  return (forUpdate ? query.for('update') : query).prepare(name);
}

export function createDataRepository(db: Executor) {
  async function countItems(where: SQL, executor: Executor = db): Promise<number> {
    const [row] = await executor.select({ n: count() }).from(dataItems).where(where);
    return Number(row?.n ?? 0);
  }

  return {
    /** How many items meet any of `parts`, which select disjoint items (`countedParts`). */
    async countItemsIn(parts: readonly SQL[], executor: Executor = db): Promise<number> {
      if (parts.length === 1) return countItems(parts[0]!, executor);
      const counts = parts.map((part) => sql`(select count(*) from ${dataItems} where ${part})`);
      const [row] = await executeRows<{ n: string | number }>(
        executor,
        sql`select (${sql.join(counts, sql` + `)}) as n`,
      );
      return Number(row?.n ?? 0);
    },

    /** The items of a collection a caller may see: all of them, or only its own when `ownerOnly` names it. */
    visibleItems(scope: ItemScope, ownerOnly: string | undefined): SQL {
      return and(inCollection(scope), ownerOnly ? eq(dataItems.owner, ownerOnly) : undefined)!;
    },

    /** The items of `where` that also meet `filter` (a compiled filter), or all of them without one. */
    filtered(where: SQL, filter: SQL | undefined): SQL {
      return and(where, filter)!;
    },

    /**
     * Merges the entries waiting in the GIN pending lists of the items table into the index trees (README,
     * "GIN pending lists"); every `$eq` and search reads those lists sequentially until then.
     */
    async mergePendingIndexEntries(executor: Executor = db): Promise<void> {
      await executor.execute(
        sql`SELECT gin_clean_pending_list('data_items_data_gin'::regclass), gin_clean_pending_list('data_items_search_gin'::regclass)`,
      );
    },

    /**
     * What the planner's statistics of the items table know: rows changed since they were taken (0 where the
     * server keeps no counts, as on PGlite) and the rows they counted (-1 before the first ANALYZE).
     */
    async itemsStatistics(executor: Executor = db) {
      const [statistics] = await executor
        .select({
          changedSinceAnalyze: sql<number>`coalesce(s.n_mod_since_analyze, 0)::float8`,
          analyzedRows: sql<number>`c.reltuples::float8`,
        })
        .from(sql`pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid`)
        .where(sql`c.oid = 'data_items'::regclass`);
      return statistics ?? { changedSinceAnalyze: 0, analyzedRows: -1 };
    },

    /** Statistics for a new expression index: PostgreSQL gathers them only when it analyzes the table. */
    async analyzeItems(executor: Executor = db): Promise<void> {
      await executor.execute(sql`ANALYZE data_items`);
    },

    async findCollection(siteId: string, id: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(dataCollections)
        .where(and(eq(dataCollections.siteId, siteId), eq(dataCollections.id, id)))
        .limit(1);
      return row;
    },

    async listCollections(siteId: string, limit: number, offset: number, executor: Executor = db) {
      const rows = await executor
        .select()
        .from(dataCollections)
        .where(eq(dataCollections.siteId, siteId))
        .orderBy(asc(dataCollections.id))
        .limit(limit)
        .offset(offset);
      const [total] = await executor
        .select({ n: count() })
        .from(dataCollections)
        .where(eq(dataCollections.siteId, siteId));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Undefined when a collection of that name exists already. */
    async insertCollection(row: typeof dataCollections.$inferInsert, executor: Executor = db) {
      const [inserted] = await executor.insert(dataCollections).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async updateCollectionAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: Partial<typeof dataCollections.$inferInsert>,
      executor: Executor = db,
    ): Promise<DataCollectionRow | undefined> {
      const [row] = await executor
        .update(dataCollections)
        .set({ ...changes, revision: sql`${dataCollections.revision} + 1`, updatedDate: sql`now()` })
        .where(
          and(
            eq(dataCollections.siteId, siteId),
            eq(dataCollections.id, id),
            eq(dataCollections.revision, revision),
          ),
        )
        .returning();
      return row;
    },

    /** Deletes the collection with its items and references; returns the SQL names of its indexes to drop. */
    async deleteCollection(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const scope = { siteId, collectionId: id };
      await executor.delete(dataItems).where(inCollection(scope));
      await executor
        .delete(dataReferences)
        .where(and(eq(dataReferences.siteId, siteId), eq(dataReferences.collectionId, id)));
      const removed = await executor
        .delete(dataCollections)
        .where(and(eq(dataCollections.siteId, siteId), eq(dataCollections.id, id)))
        .returning({ id: dataCollections.id });
      return removed.length > 0;
    },

    async findItem(
      scope: ItemScope,
      itemId: string,
      options: { forUpdate?: boolean } = {},
      executor: Executor = db,
    ) {
      const forUpdate = options.forUpdate === true;
      const [row] = await statements.run(
        forUpdate ? 'data_item_by_id_for_update' : 'data_item_by_id',
        executor,
        (x, name) => itemByIdQuery(x, name, forUpdate),
        { siteId: scope.siteId, collectionId: scope.collectionId, itemId },
      );
      return row as ItemRow | undefined;
    },

    async findItems(
      scope: ItemScope,
      itemIds: readonly string[],
      options: { forUpdate?: boolean } = {},
      executor: Executor = db,
    ) {
      if (itemIds.length === 0) return [];
      const query = executor
        .select(itemColumns)
        .from(dataItems)
        .where(and(inCollection(scope), inArray(dataItems.itemId, [...itemIds])));
      return (await (options.forUpdate ? query.for('update') : query)) as ItemRow[];
    },

    /**
     * Inserts what is new; rows whose id exists already are left alone and missing from the result. One
     * statement with one parameter whatever the count (the rows travel as a JSON array), and nothing is
     * read back: a stored row is what was given.
     */
    async insertItems(
      scope: ItemScope,
      rows: readonly NewItemRow[],
      now: Date,
      executor: Executor = db,
    ): Promise<ItemRow[]> {
      if (rows.length === 0) return [];
      const payload = JSON.stringify(
        rows.map((row) => ({ id: row.itemId, data: row.data, owner: row.owner })),
      );
      const at = now.toISOString();
      const inserted = await executeRows<{ item_id: string }>(
        executor,
        sql`INSERT INTO ${dataItems} (site_id, collection_id, item_id, data, owner, created_date, updated_date)
          SELECT ${scope.siteId}::uuid, ${scope.collectionId}::text, given.id, given.data, given.owner, ${at}::timestamptz, ${at}::timestamptz
          FROM jsonb_to_recordset(${payload}::jsonb) AS given(id text, data jsonb, owner text)
          ON CONFLICT (site_id, collection_id, item_id) DO NOTHING
          RETURNING item_id`,
      );
      // Only the primary key is the conflict target: a user's unique index must still refuse (23505), not skip.
      const done = new Set(inserted.map((row) => row.item_id));
      return rows
        .filter((row) => done.has(row.itemId))
        .map((row) => ({
          itemId: row.itemId,
          data: row.data,
          owner: row.owner,
          createdDate: now,
          updatedDate: now,
        }));
    },

    async replaceItem(
      scope: ItemScope,
      itemId: string,
      data: Record<string, unknown>,
      now: Date,
      executor: Executor = db,
    ) {
      const [row] = await executor
        .update(dataItems)
        .set({ data, updatedDate: now })
        .where(and(inCollection(scope), eq(dataItems.itemId, itemId)))
        .returning(itemColumns);
      return row as ItemRow | undefined;
    },

    async deleteItems(scope: ItemScope, itemIds: readonly string[], executor: Executor = db) {
      if (itemIds.length === 0) return [];
      const removed = (await executor
        .delete(dataItems)
        .where(and(inCollection(scope), inArray(dataItems.itemId, [...itemIds])))
        .returning(itemColumns)) as ItemRow[];
      await executor
        .delete(dataReferences)
        .where(
          and(
            eq(dataReferences.siteId, scope.siteId),
            eq(dataReferences.collectionId, scope.collectionId),
            inArray(dataReferences.referringItemId, [...itemIds]),
          ),
        );
      return removed;
    },

    async truncate(scope: ItemScope, executor: Executor = db): Promise<number> {
      const removed = await executor
        .delete(dataItems)
        .where(inCollection(scope))
        .returning({ id: dataItems.itemId });
      await executor
        .delete(dataReferences)
        .where(
          and(eq(dataReferences.siteId, scope.siteId), eq(dataReferences.collectionId, scope.collectionId)),
        );
      return removed.length;
    },

    countItems,

    /** Whether item `itemId` is among the items of `where` and meets `filter`. */
    async itemMeets(where: SQL, itemId: string, filter: SQL, executor: Executor = db): Promise<boolean> {
      return (await countItems(and(where, eq(dataItems.itemId, itemId), filter)!, executor)) > 0;
    },

    // References (MULTI_REFERENCE fields) --------------------------------------------------------------

    async insertReferences(
      scope: ItemScope,
      fieldKey: string,
      pairs: ReadonlyArray<{ referringItemId: string; referencedItemId: string }>,
      executor: Executor = db,
    ): Promise<number> {
      if (pairs.length === 0) return 0;
      const inserted = await executor
        .insert(dataReferences)
        // The creation time orders a field's references: one microsecond apart within a call (the clock alone
        // can repeat a value between rows), so they keep the order they were given in.
        .values(
          pairs.map((pair, index) => ({
            ...scope,
            fieldKey,
            ...pair,
            createdDate: sql`clock_timestamp() + ${index} * interval '1 microsecond'`,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: dataReferences.referencedItemId });
      return inserted.length;
    },

    async removeReferences(
      scope: ItemScope,
      fieldKey: string,
      referringItemId: string,
      referencedItemIds: readonly string[] | 'all',
      executor: Executor = db,
    ): Promise<number> {
      const conditions = [
        eq(dataReferences.siteId, scope.siteId),
        eq(dataReferences.collectionId, scope.collectionId),
        eq(dataReferences.fieldKey, fieldKey),
        eq(dataReferences.referringItemId, referringItemId),
      ];
      if (referencedItemIds !== 'all') {
        if (referencedItemIds.length === 0) return 0;
        conditions.push(inArray(dataReferences.referencedItemId, [...referencedItemIds]));
      }
      const removed = await executor
        .delete(dataReferences)
        .where(and(...conditions))
        .returning({ id: dataReferences.referencedItemId });
      return removed.length;
    },

    async referencedIds(
      scope: ItemScope,
      fieldKey: string,
      referringItemIds: readonly string[],
      executor: Executor = db,
    ): Promise<Array<{ referringItemId: string; referencedItemId: string }>> {
      if (referringItemIds.length === 0) return [];
      return executor
        .select({
          referringItemId: dataReferences.referringItemId,
          referencedItemId: dataReferences.referencedItemId,
        })
        .from(dataReferences)
        .where(
          and(
            eq(dataReferences.siteId, scope.siteId),
            eq(dataReferences.collectionId, scope.collectionId),
            eq(dataReferences.fieldKey, fieldKey),
            inArray(dataReferences.referringItemId, [...referringItemIds]),
          ),
        )
        .orderBy(asc(dataReferences.createdDate), asc(dataReferences.referencedItemId));
    },

    async isReferenced(
      scope: ItemScope,
      reference: { fieldKey: string; referringItemId: string; referencedItemId: string },
      executor: Executor = db,
    ) {
      const [row] = await executor
        .select({ one: sql<number>`1` })
        .from(dataReferences)
        .where(
          and(
            eq(dataReferences.siteId, scope.siteId),
            eq(dataReferences.collectionId, scope.collectionId),
            eq(dataReferences.fieldKey, reference.fieldKey),
            eq(dataReferences.referringItemId, reference.referringItemId),
            eq(dataReferences.referencedItemId, reference.referencedItemId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    // Indexes ------------------------------------------------------------------------------------------

    async listIndexes(
      siteId: string,
      collectionId: string,
      executor: Executor = db,
    ): Promise<DataIndexRow[]> {
      return executor
        .select()
        .from(dataIndexes)
        .where(and(eq(dataIndexes.siteId, siteId), eq(dataIndexes.collectionId, collectionId)))
        .orderBy(asc(dataIndexes.createdDate), asc(dataIndexes.name));
    },

    async insertIndex(row: typeof dataIndexes.$inferInsert, executor: Executor = db) {
      const [inserted] = await executor.insert(dataIndexes).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async setIndexStatus(
      sqlName: string,
      status: string,
      failure: { code: string; description: string } | null,
      executor: Executor = db,
    ) {
      await executor.update(dataIndexes).set({ status, failure }).where(eq(dataIndexes.sqlName, sqlName));
    },

    async deleteIndexRow(siteId: string, collectionId: string, name: string, executor: Executor = db) {
      const [row] = await executor
        .delete(dataIndexes)
        .where(
          and(
            eq(dataIndexes.siteId, siteId),
            eq(dataIndexes.collectionId, collectionId),
            eq(dataIndexes.name, name),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type DataRepository = ReturnType<typeof createDataRepository>;
