import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  cursorPagingOf,
  filterWhere,
  type QueryInput,
  type QueryRunner,
} from '../../platform/query/run-query.ts';
import { bookingPolicies, type PolicyRow } from './catalogue.tables.ts';

const p = bookingPolicies;

export const policyQueryEntity = defineQueryEntity({
  name: 'bookings-policies',
  table: p,
  idColumn: p.id,
  fields: {
    id: p.id,
    name: p.name,
    default: p.isDefault,
    createdDate: p.createdDate,
    updatedDate: p.updatedDate,
  },
});

export function createPoliciesRepository(db: Executor) {
  return {
    async findById(siteId: string, id: string, executor: Executor = db): Promise<PolicyRow | undefined> {
      const [row] = await executor
        .select()
        .from(p)
        .where(and(eq(p.siteId, siteId), eq(p.id, id)))
        .limit(1);
      return row;
    },

    async findByIds(siteId: string, ids: readonly string[], executor: Executor = db): Promise<PolicyRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(p)
        .where(and(eq(p.siteId, siteId), inArray(p.id, [...ids])));
    },

    async findDefault(siteId: string, executor: Executor = db): Promise<PolicyRow | undefined> {
      const [row] = await executor
        .select()
        .from(p)
        .where(and(eq(p.siteId, siteId), eq(p.isDefault, true)))
        .limit(1);
      return row;
    },

    /** Inserts the site's default policy unless one exists; safe when two requests race. */
    async insertDefaultIfMissing(
      siteId: string,
      values: { name: string; doc: Record<string, unknown> },
      executor: Executor = db,
    ): Promise<PolicyRow> {
      await executor
        .insert(p)
        .values({ siteId, ...values, isDefault: true })
        .onConflictDoNothing({ target: p.siteId, where: sql`${p.isDefault}` });
      const [row] = await executor
        .select()
        .from(p)
        .where(and(eq(p.siteId, siteId), eq(p.isDefault, true)))
        .limit(1);
      return row!;
    },

    async insert(
      values: { siteId: string; name: string | null; doc: Record<string, unknown> },
      executor: Executor = db,
    ): Promise<PolicyRow> {
      const [row] = await executor.insert(p).values(values).returning();
      return row!;
    },

    async updateAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: { name?: string | null; doc?: Record<string, unknown>; isDefault?: boolean },
      executor: Executor = db,
    ): Promise<PolicyRow | undefined> {
      const [row] = await executor
        .update(p)
        .set({ ...changes, revision: sql`${p.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(p.siteId, siteId), eq(p.id, id), eq(p.revision, revision)))
        .returning();
      return row;
    },

    /** Moves the default flag; the partial unique index allows one default per site. */
    async setDefault(siteId: string, id: string, executor: Executor): Promise<PolicyRow | undefined> {
      await executor
        .update(p)
        .set({ isDefault: false, revision: sql`${p.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(p.siteId, siteId), eq(p.isDefault, true)));
      const [row] = await executor
        .update(p)
        .set({ isDefault: true, revision: sql`${p.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(p.siteId, siteId), eq(p.id, id)))
        .returning();
      return row;
    },

    async delete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(p)
        .where(and(eq(p.siteId, siteId), eq(p.id, id)))
        .returning({ id: p.id });
      return rows.length > 0;
    },

    /** A cursor page of the site's policies (platform/query); the default one first unless sorted. */
    async query(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, policyQueryEntity, query, {
        baseWhere: eq(p.siteId, siteId),
        cursorScope: siteId,
        paging: 'cursor',
        defaultSort: [
          { fieldName: 'default', order: 'DESC' },
          { fieldName: 'createdDate', order: 'ASC' },
        ],
      });
      return { ...result, pagingMetadata: cursorPagingOf(result.pagingMetadata) };
    },

    async count(siteId: string, filter: unknown, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(p)
        .where(and(eq(p.siteId, siteId), filterWhere(policyQueryEntity, filter)));
      return Number(row?.count ?? 0);
    },
  };
}

export type PoliciesRepository = ReturnType<typeof createPoliciesRepository>;
