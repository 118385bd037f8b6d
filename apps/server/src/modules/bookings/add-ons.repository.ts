import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import { cursorPagingOf, type QueryInput, type QueryRunner } from '../../platform/query/run-query.ts';
import { bookingAddOns as a, type AddOnRow, type NewAddOnRow } from './add-ons.tables.ts';
import { bookingServices } from './catalogue.tables.ts';

export const addOnQueryEntity = defineQueryEntity({
  name: 'bookings-add-ons',
  table: a,
  idColumn: a.id,
  fields: {
    id: a.id,
    name: a.name,
    durationInMinutes: a.durationInMinutes,
    maxQuantity: a.maxQuantity,
    createdDate: a.createdDate,
    updatedDate: a.updatedDate,
  },
});

/** The add-ons table, and the one question add-ons ask of services: which groups name an add-on. */
export function createAddOnsRepository(db: Executor) {
  return {
    async insert(values: NewAddOnRow, executor: Executor = db): Promise<AddOnRow> {
      const [row] = await executor.insert(a).values(values).returning();
      return row!;
    },

    async find(siteId: string, id: string, executor: Executor = db): Promise<AddOnRow | undefined> {
      const [row] = await executor
        .select()
        .from(a)
        .where(and(eq(a.siteId, siteId), eq(a.id, id)))
        .limit(1);
      return row;
    },

    /** Which of these ids are add-ons of the site (services' add-on groups may name only those). */
    async existingIds(siteId: string, ids: readonly string[], executor: Executor = db): Promise<Set<string>> {
      const uuids = ids.filter((id) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
      );
      if (uuids.length === 0) return new Set();
      const rows = await executor
        .select({ id: a.id })
        .from(a)
        .where(and(eq(a.siteId, siteId), inArray(a.id, uuids)));
      return new Set(rows.map((row) => row.id));
    },

    async lock(siteId: string, id: string, executor: Executor): Promise<AddOnRow | undefined> {
      const [row] = await executor
        .select()
        .from(a)
        .where(and(eq(a.siteId, siteId), eq(a.id, id)))
        .for('update');
      return row;
    },

    async update(
      siteId: string,
      id: string,
      changes: Partial<
        Pick<AddOnRow, 'name' | 'price' | 'currency' | 'durationInMinutes' | 'maxQuantity' | 'doc'>
      >,
      executor: Executor = db,
    ): Promise<AddOnRow> {
      const [row] = await executor
        .update(a)
        .set({ ...changes, revision: sql`${a.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(a.siteId, siteId), eq(a.id, id)))
        .returning();
      return row!;
    },

    async delete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(a)
        .where(and(eq(a.siteId, siteId), eq(a.id, id)))
        .returning({ id: a.id });
      return rows.length > 0;
    },

    async page(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, addOnQueryEntity, query, {
        baseWhere: eq(a.siteId, siteId),
        cursorScope: siteId,
        paging: 'cursor',
        defaultSort: [
          { fieldName: 'createdDate', order: 'ASC' },
          { fieldName: 'id', order: 'ASC' },
        ],
      });
      return { ...result, pagingMetadata: cursorPagingOf(result.pagingMetadata) };
    },

    /** Ids of the site's live services whose add-on groups name the add-on. */
    async servicesNaming(siteId: string, addOnId: string, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .select({ id: bookingServices.id })
        .from(bookingServices)
        .where(
          and(
            eq(bookingServices.siteId, siteId),
            sql`${bookingServices.deletedDate} IS NULL`,
            sql`${bookingServices.doc} -> 'addOnGroups' @> ${JSON.stringify([{ addOnIds: [addOnId] }])}::jsonb`,
          ),
        );
      return rows.map((row) => row.id);
    },
  };
}

export type AddOnsRepository = ReturnType<typeof createAddOnsRepository>;
