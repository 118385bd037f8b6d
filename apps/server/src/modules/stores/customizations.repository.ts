import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  cursorPagingOf,
  filterWhere,
  type QueryInput,
  type QueryRunner,
} from '../../platform/query/run-query.ts';
import { storesCustomizations, type StoresCustomizationRow } from './stores.tables.ts';

const c = storesCustomizations;

export const customizationQueryEntity = defineQueryEntity({
  name: 'stores-customizations',
  table: c,
  idColumn: c.id,
  fields: {
    id: c.id,
    name: c.name,
    createdDate: c.createdDate,
    updatedDate: c.updatedDate,
    customizationType: c.customizationType,
    customizationRenderType: c.renderType,
  },
});

export interface CustomizationValues {
  name: string;
  customizationType: string;
  renderType: string;
  doc: Record<string, unknown>;
}

export function createCustomizationsRepository(db: Executor) {
  return {
    async find(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<StoresCustomizationRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .limit(1);
      return row;
    },
    /** The row, locked until the transaction ends, so a read-modify-write of its choices cannot lose one. */
    async findForUpdate(
      siteId: string,
      id: string,
      executor: Executor,
    ): Promise<StoresCustomizationRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .for('update');
      return row;
    },
    async insert(siteId: string, values: CustomizationValues, executor: Executor = db) {
      const [row] = await executor
        .insert(c)
        .values({ siteId, ...values })
        .returning();
      return row!;
    },
    /** Writes the new values only if the row is still at `revision`; undefined when it moved on. */
    async updateAtRevision(
      siteId: string,
      id: string,
      revision: number,
      values: Pick<CustomizationValues, 'name' | 'doc'>,
      executor: Executor = db,
    ): Promise<StoresCustomizationRow | undefined> {
      const [row] = await executor
        .update(c)
        .set({ ...values, revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id), eq(c.revision, revision)))
        .returning();
      return row;
    },
    async delete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning({ id: c.id });
      return rows.length > 0;
    },
    async page(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, customizationQueryEntity, query, {
        baseWhere: eq(c.siteId, siteId),
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
        .from(c)
        .where(and(eq(c.siteId, siteId), filterWhere(customizationQueryEntity, filter)));
      return Number(row?.count ?? 0);
    },
  };
}

export type CustomizationsRepository = ReturnType<typeof createCustomizationsRepository>;
