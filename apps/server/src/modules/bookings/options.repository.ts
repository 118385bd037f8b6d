import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { compileFilter, compileSort, type FieldMap, type SortInput } from './catalog-query.ts';
import { bookingServiceOptions, type ServiceOptionsRow } from './catalog.tables.ts';

const o = bookingServiceOptions;

export const optionsQueryFields: FieldMap = {
  id: { kind: 'uuid', expr: sql`${o.id}` },
  serviceId: { kind: 'uuid', expr: sql`${o.serviceId}` },
  'options.values.type': { kind: 'jsonObjects', expr: sql`${o.options}`, elementPath: ['type'] },
  createdDate: { kind: 'date', expr: sql`${o.createdDate}` },
  updatedDate: { kind: 'date', expr: sql`${o.updatedDate}` },
};

type Json = Array<Record<string, unknown>>;

export function createOptionsRepository(db: Executor) {
  return {
    async findById(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<ServiceOptionsRow | undefined> {
      const [row] = await executor
        .select()
        .from(o)
        .where(and(eq(o.siteId, siteId), eq(o.id, id)))
        .limit(1);
      return row;
    },
    async findByServiceId(
      siteId: string,
      serviceId: string,
      executor: Executor = db,
    ): Promise<ServiceOptionsRow | undefined> {
      const [row] = await executor
        .select()
        .from(o)
        .where(and(eq(o.siteId, siteId), eq(o.serviceId, serviceId)))
        .limit(1);
      return row;
    },
    /** Inserts unless the service already has options; undefined then (one set per service). */
    async insert(
      values: { siteId: string; serviceId: string; options: Json; variants: Json },
      executor: Executor = db,
    ): Promise<ServiceOptionsRow | undefined> {
      const [row] = await executor
        .insert(o)
        .values(values)
        .onConflictDoNothing({ target: [o.siteId, o.serviceId] })
        .returning();
      return row;
    },
    async updateAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: { options?: Json; variants?: Json },
      executor: Executor = db,
    ): Promise<ServiceOptionsRow | undefined> {
      const [row] = await executor
        .update(o)
        .set({ ...changes, revision: sql`${o.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(o.siteId, siteId), eq(o.id, id), eq(o.revision, revision)))
        .returning();
      return row;
    },
    async delete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(o)
        .where(and(eq(o.siteId, siteId), eq(o.id, id)))
        .returning({ id: o.id });
      return rows.length > 0;
    },
    async page(
      siteId: string,
      query: { filter: unknown; sort: SortInput[] | undefined; limit: number; offset: number },
      executor: Executor = db,
    ): Promise<{ rows: ServiceOptionsRow[]; total: number }> {
      const where = and(eq(o.siteId, siteId), compileFilter(query.filter, optionsQueryFields));
      const orderBy = compileSort(query.sort, optionsQueryFields, sql`${o.id} ASC`);
      if (!query.sort?.length) orderBy.unshift(sql`${o.createdDate} ASC`);
      const rows = await executor
        .select()
        .from(o)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(o)
        .where(where);
      return { rows, total: Number(count?.count ?? 0) };
    },
  };
}

export type OptionsRepository = ReturnType<typeof createOptionsRepository>;
