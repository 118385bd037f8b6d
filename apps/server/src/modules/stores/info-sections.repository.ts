import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  cursorPagingOf,
  filterWhere,
  type QueryInput,
  type QueryRunner,
} from '../../platform/query/run-query.ts';
import { storesInfoSections, type StoresInfoSectionRow } from './stores.tables.ts';

const s = storesInfoSections;

export const infoSectionQueryEntity = defineQueryEntity({
  name: 'stores-info-sections',
  table: s,
  idColumn: s.id,
  fields: {
    id: s.id,
    uniqueName: s.uniqueName,
    title: s.title,
    createdDate: s.createdDate,
    updatedDate: s.updatedDate,
  },
});

export interface InfoSectionValues {
  uniqueName: string;
  title: string;
  doc: Record<string, unknown>;
}

export function createInfoSectionsRepository(db: Executor) {
  return {
    async find(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<StoresInfoSectionRow | undefined> {
      const [row] = await executor
        .select()
        .from(s)
        .where(and(eq(s.siteId, siteId), eq(s.id, id)))
        .limit(1);
      return row;
    },
    async findByUniqueName(
      siteId: string,
      uniqueName: string,
      executor: Executor = db,
    ): Promise<StoresInfoSectionRow | undefined> {
      const [row] = await executor
        .select()
        .from(s)
        .where(and(eq(s.siteId, siteId), eq(s.uniqueName, uniqueName)))
        .limit(1);
      return row;
    },
    /** Inserts unless the site has one of this `uniqueName` (then nothing, and no aborted transaction). */
    async insertIfNew(
      siteId: string,
      values: InfoSectionValues,
      executor: Executor = db,
    ): Promise<StoresInfoSectionRow | undefined> {
      const [row] = await executor
        .insert(s)
        .values({ siteId, ...values })
        .onConflictDoNothing({ target: [s.siteId, s.uniqueName] })
        .returning();
      return row;
    },
    async updateAtRevision(
      siteId: string,
      id: string,
      revision: number,
      values: InfoSectionValues,
      executor: Executor = db,
    ): Promise<StoresInfoSectionRow | undefined> {
      const [row] = await executor
        .update(s)
        .set({ ...values, revision: sql`${s.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(s.siteId, siteId), eq(s.id, id), eq(s.revision, revision)))
        .returning();
      return row;
    },
    async delete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(s)
        .where(and(eq(s.siteId, siteId), eq(s.id, id)))
        .returning({ id: s.id });
      return rows.length > 0;
    },
    async page(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, infoSectionQueryEntity, query, {
        baseWhere: eq(s.siteId, siteId),
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
        .from(s)
        .where(and(eq(s.siteId, siteId), filterWhere(infoSectionQueryEntity, filter)));
      return Number(row?.count ?? 0);
    },
  };
}

export type InfoSectionsRepository = ReturnType<typeof createInfoSectionsRepository>;
