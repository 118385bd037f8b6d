import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  cursorPagingOf,
  filterWhere,
  type QueryInput,
  type QueryRunner,
} from '../../platform/query/run-query.ts';
import { storesBrands, storesProducts, storesRibbons, type StoresBrandRow } from './stores.tables.ts';

/** Brands and ribbons: the same named label in two tables, each a product carries at most one of. */
export type LabelKind = 'brand' | 'ribbon';
export type LabelRow = StoresBrandRow;

// The two tables have the same columns; drizzle types them apart only by their SQL name.
const tables = { brand: storesBrands, ribbon: storesRibbons as unknown as typeof storesBrands };
const productColumns = { brand: storesProducts.brandId, ribbon: storesProducts.ribbonId };

function queryEntityOf(kind: LabelKind) {
  const t = tables[kind];
  return defineQueryEntity({
    name: kind === 'brand' ? 'stores-brands' : 'stores-ribbons',
    table: t,
    idColumn: t.id,
    // The brands client pages up to 300, the ribbons client up to 100.
    maxLimit: kind === 'brand' ? 300 : 100,
    fields: { id: t.id, name: t.name, createdDate: t.createdDate, updatedDate: t.updatedDate },
  });
}
const queryEntities = { brand: queryEntityOf('brand'), ribbon: queryEntityOf('ribbon') };

export function createLabelsRepository(db: Executor, kind: LabelKind) {
  const t = tables[kind];
  const entity = queryEntities[kind];
  const productColumn = productColumns[kind];
  return {
    async find(siteId: string, id: string, executor: Executor = db): Promise<LabelRow | undefined> {
      const [row] = await executor
        .select()
        .from(t)
        .where(and(eq(t.siteId, siteId), eq(t.id, id)))
        .limit(1);
      return row;
    },
    async findByIds(siteId: string, ids: readonly string[], executor: Executor = db): Promise<LabelRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(t)
        .where(and(eq(t.siteId, siteId), inArray(t.id, [...ids])));
    },
    async findByName(siteId: string, name: string, executor: Executor = db): Promise<LabelRow | undefined> {
      const [row] = await executor
        .select()
        .from(t)
        .where(and(eq(t.siteId, siteId), eq(t.name, name)))
        .limit(1);
      return row;
    },
    /** Inserts the label unless the site has one of this name (then nothing, and no aborted transaction). */
    async insertIfNew(siteId: string, name: string, executor: Executor = db): Promise<LabelRow | undefined> {
      const [row] = await executor
        .insert(t)
        .values({ siteId, name })
        .onConflictDoNothing({ target: [t.siteId, t.name] })
        .returning();
      return row;
    },
    async renameAtRevision(
      siteId: string,
      id: string,
      revision: number,
      name: string,
      executor: Executor = db,
    ): Promise<LabelRow | undefined> {
      const [row] = await executor
        .update(t)
        .set({ name, revision: sql`${t.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(t.siteId, siteId), eq(t.id, id), eq(t.revision, revision)))
        .returning();
      return row;
    },
    async delete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(t)
        .where(and(eq(t.siteId, siteId), eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
    /** Takes a deleted label off the products that carried it (their revision moves on). */
    async unassignFromProducts(siteId: string, id: string, executor: Executor = db): Promise<void> {
      await executor
        .update(storesProducts)
        .set({
          [kind === 'brand' ? 'brandId' : 'ribbonId']: null,
          revision: sql`${storesProducts.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(and(eq(storesProducts.siteId, siteId), eq(productColumn, id)));
    },
    /** How many products carry each label (labels no product carries are absent). */
    async countProducts(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .select({ id: productColumn, count: sql<number>`count(*)::int` })
        .from(storesProducts)
        .where(and(eq(storesProducts.siteId, siteId), inArray(productColumn, [...ids])))
        .groupBy(productColumn);
      return new Map(rows.map((row) => [row.id!, Number(row.count)]));
    },
    async page(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, entity, query, {
        baseWhere: eq(t.siteId, siteId),
        cursorScope: siteId,
        paging: 'cursor',
        path: ['query'],
        defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
      });
      return { rows: result.rows, pagingMetadata: cursorPagingOf(result.pagingMetadata) };
    },
    async count(siteId: string, filter: unknown, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(t)
        .where(and(eq(t.siteId, siteId), filterWhere(entity, filter)));
      return Number(row?.count ?? 0);
    },
  };
}

export type LabelsRepository = ReturnType<typeof createLabelsRepository>;
