import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import { offsetPagingOf, type QueryInput, type QueryRunner } from '../../platform/query/run-query.ts';
import { bookingServiceOptions, type ServiceOptionsRow } from './catalogue.tables.ts';

const o = bookingServiceOptions;

export const optionsQueryEntity = defineQueryEntity({
  name: 'bookings-service-options',
  table: o,
  idColumn: o.id,
  fields: {
    id: o.id,
    serviceId: o.serviceId,
    // The wire name is the contract's; the value is each option's `type` in the `options` array.
    'options.values.type': { column: o.options, arrayPath: [], elementPath: ['type'] },
    createdDate: o.createdDate,
    updatedDate: o.updatedDate,
  },
});

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
    /** An offset page of the site's options and variants (platform/query); oldest first unless sorted. */
    async query(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, optionsQueryEntity, query, {
        baseWhere: eq(o.siteId, siteId),
        cursorScope: siteId,
        defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
      });
      return { ...result, pagingMetadata: offsetPagingOf(result.pagingMetadata) };
    },
  };
}

export type OptionsRepository = ReturnType<typeof createOptionsRepository>;
