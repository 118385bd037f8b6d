import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { defaultInventoryLocationId } from '@atrium/contract/stores/inventory-items-v3';
import type { Executor } from '../../platform/db/database.ts';
import { likePattern } from '../../platform/query/like-pattern.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import { filterWhere } from '../../platform/query/run-query.ts';
import { storeVariantsQueryEntity } from './products.repository.ts';
import {
  storesInventoryItems,
  storesProducts,
  storesVariants,
  type StoresInventoryItemRow,
} from './stores.tables.ts';

const i = storesInventoryItems;
const p = storesProducts;
const v = storesVariants;

export type InventoryItemChanges = Partial<
  Pick<
    typeof i.$inferInsert,
    'trackQuantity' | 'inStock' | 'preorderEnabled' | 'preorderMessage' | 'preorderLimit'
  >
>;

/** What a v3 inventory query or search may filter and sort on, by the v3 wire names. */
export const inventoryItemsV3QueryEntity = defineQueryEntity({
  name: 'stores.inventory-items-v3',
  table: i,
  idColumn: i.id,
  maxLimit: 1000,
  fields: {
    id: i.id,
    productId: i.productId,
    variantId: i.variantId,
    trackQuantity: i.trackQuantity,
    inStock: i.inStock,
    'preorderInfo.enabled': i.preorderEnabled,
    createdDate: i.createdDate,
    updatedDate: i.updatedDate,
    locationId: { expression: sql`${defaultInventoryLocationId}::text`, type: 'string' },
    'product.name': {
      expression: sql`(select ${p.name} from ${p} where ${p.id} = ${i.productId})`,
      type: 'string',
    },
  },
});

/** Items whose product's name holds every word of the search text. */
export function inventoryTextSearchWhere(expression: string | null | undefined): SQL | undefined {
  const words = (expression ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return undefined;
  return and(
    ...words.map(
      (word) =>
        sql`exists (select 1 from ${p} where ${p.id} = ${i.productId} and lower(${p.name}) like lower(${likePattern('contains', word)}))`,
    ),
  );
}

/** The v3 inventory items' SQL: one row per variant (stock levels live in the holds capacities). */
export function createInventoryItemsV3Repository(db: Executor) {
  return {
    siteItems(siteId: string): SQL {
      return eq(i.siteId, siteId);
    },

    async find(siteId: string, id: string, executor: Executor = db, lock = false) {
      const query = executor
        .select()
        .from(i)
        .where(and(eq(i.siteId, siteId), eq(i.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row as StoresInventoryItemRow | undefined;
    },

    async findMany(siteId: string, ids: readonly string[], executor: Executor = db) {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(i)
        .where(and(eq(i.siteId, siteId), inArray(i.id, [...ids])));
    },

    async findByVariant(siteId: string, variantId: string, executor: Executor = db) {
      return executor
        .select()
        .from(i)
        .where(and(eq(i.siteId, siteId), eq(i.variantId, variantId)))
        .limit(2);
    },

    async findByProductVariant(
      siteId: string,
      productId: string,
      variantId: string,
      executor: Executor = db,
    ) {
      const [row] = await executor
        .select()
        .from(i)
        .where(and(eq(i.siteId, siteId), eq(i.productId, productId), eq(i.variantId, variantId)));
      return row as StoresInventoryItemRow | undefined;
    },

    /** Inserts the item unless its variant has one (then undefined: ITEM_ALREADY_EXISTS). */
    async insertIfNew(values: typeof i.$inferInsert, executor: Executor = db) {
      const [row] = await executor
        .insert(i)
        .values(values)
        .onConflictDoNothing({ target: [i.productId, i.variantId] })
        .returning();
      return row as StoresInventoryItemRow | undefined;
    },

    /** Applies `changes` and counts a revision; with `revision`, only if the item is still at it. */
    async update(
      siteId: string,
      id: string,
      changes: InventoryItemChanges,
      executor: Executor = db,
      revision?: number,
    ): Promise<StoresInventoryItemRow | undefined> {
      const [row] = await executor
        .update(i)
        .set({ ...changes, revision: sql`${i.revision} + 1`, updatedDate: sql`now()` })
        .where(
          and(
            eq(i.siteId, siteId),
            eq(i.id, id),
            revision === undefined ? undefined : eq(i.revision, revision),
          ),
        )
        .returning();
      return row;
    },

    async delete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(i)
        .where(and(eq(i.siteId, siteId), eq(i.id, id)))
        .returning({ id: i.id });
      return rows.length > 0;
    },

    async count(where: SQL | undefined, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(i)
        .where(where);
      return Number(row?.count ?? 0);
    },

    where(siteId: string, filter: unknown, search: string | null | undefined, path = ['filter']) {
      return and(
        eq(i.siteId, siteId),
        filterWhere(inventoryItemsV3QueryEntity, filter ?? {}, path),
        inventoryTextSearchWhere(search),
      );
    },

    async idsWhere(where: SQL | undefined, limit: number, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .select({ id: i.id })
        .from(i)
        .where(where)
        .orderBy(i.createdDate, i.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The variants a variant filter selects that have no inventory item yet. */
    async variantsWithoutItems(siteId: string, filter: unknown, limit: number, executor: Executor = db) {
      return executor
        .select({ productId: v.productId, variantId: v.id })
        .from(v)
        .where(
          and(
            eq(v.siteId, siteId),
            filterWhere(storeVariantsQueryEntity, filter ?? {}, ['filter']),
            sql`not exists (select 1 from ${i} where ${i.productId} = ${v.productId} and ${i.variantId} = ${v.id})`,
          ),
        )
        .limit(limit);
    },

    /** Keeps the product's `track_inventory` (what v1 shows) in step with its items, without a revision. */
    async syncProductTracking(siteId: string, productId: string, executor: Executor = db): Promise<void> {
      await executor
        .update(p)
        .set({
          trackInventory: sql`exists (select 1 from ${i} where ${i.productId} = ${p.id} and ${i.trackQuantity})`,
        })
        .where(and(eq(p.siteId, siteId), eq(p.id, productId)));
    },
  };
}

export type InventoryItemsV3Repository = ReturnType<typeof createInventoryItemsV3Repository>;
