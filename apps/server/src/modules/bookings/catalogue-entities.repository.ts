import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  cursorPagingOf,
  filterWhere,
  type QueryInput,
  type QueryRunner,
} from '../../platform/query/run-query.ts';
import {
  bookingCategories,
  bookingResourceTypes,
  bookingResources,
  type CategoryRow,
  type ResourceRow,
  type ResourceTypeRow,
} from './catalogue.tables.ts';

const c = bookingCategories;
const r = bookingResources;
const rt = bookingResourceTypes;

export const categoryQueryEntity = defineQueryEntity({
  name: 'bookings-categories',
  table: c,
  idColumn: c.id,
  fields: {
    id: c.id,
    name: c.name,
    sortOrder: c.sortOrder,
    createdDate: c.createdDate,
    updatedDate: c.updatedDate,
  },
});
export const resourceQueryEntity = defineQueryEntity({
  name: 'bookings-resources',
  table: r,
  idColumn: r.id,
  fields: {
    id: r.id,
    name: r.name,
    typeId: r.typeId,
    createdDate: r.createdDate,
    updatedDate: r.updatedDate,
  },
});
function resourceNameSearch(value: unknown): SQL | undefined {
  const text = value as { expression?: unknown; mode?: unknown } | null;
  if (!text || typeof text.expression !== 'string') return undefined;
  const words = text.expression.split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return undefined;
  const parts = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return sql`${r.name} ILIKE ${pattern}`;
  });
  return sql`(${sql.join(parts, text.mode === 'AND' ? sql` AND ` : sql` OR `)})`;
}

export const resourceTypeQueryEntity = defineQueryEntity({
  name: 'bookings-resource-types',
  table: rt,
  idColumn: rt.id,
  fields: { id: rt.id, name: rt.name, createdDate: rt.createdDate, updatedDate: rt.updatedDate },
});

const byCreation = [{ fieldName: 'createdDate', order: 'ASC' as const }];

export function createCatalogueEntitiesRepository(db: Executor) {
  return {
    // --- categories ---------------------------------------------------------------------------------------
    async findCategory(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<CategoryRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .limit(1);
      return row;
    },
    async findCategories(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<CategoryRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), inArray(c.id, [...ids])))
        .orderBy(asc(c.sortOrder), asc(c.createdDate));
    },
    async allCategories(siteId: string, executor: Executor = db): Promise<CategoryRow[]> {
      return executor
        .select()
        .from(c)
        .where(eq(c.siteId, siteId))
        .orderBy(asc(c.sortOrder), asc(c.createdDate), asc(c.id));
    },
    async insertCategory(
      values: {
        siteId: string;
        name: string;
        sortOrder: number;
        extendedFields?: Record<string, unknown> | null;
      },
      executor: Executor = db,
    ): Promise<CategoryRow> {
      const [row] = await executor.insert(c).values(values).returning();
      return row!;
    },
    async updateCategoryAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: Partial<{ name: string; sortOrder: number; extendedFields: Record<string, unknown> | null }>,
      executor: Executor = db,
    ): Promise<CategoryRow | undefined> {
      const [row] = await executor
        .update(c)
        .set({ ...changes, revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id), eq(c.revision, revision)))
        .returning();
      return row;
    },
    /** Sets positions without bumping revisions of untouched rows. */
    async setCategorySortOrder(
      siteId: string,
      id: string,
      sortOrder: number,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(c)
        .set({ sortOrder, revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id), sql`${c.sortOrder} IS DISTINCT FROM ${sortOrder}`));
    },
    async maxCategorySortOrder(siteId: string, executor: Executor = db): Promise<number | null> {
      const [row] = await executor
        .select({ value: sql<number | null>`max(${c.sortOrder})` })
        .from(c)
        .where(eq(c.siteId, siteId));
      return row?.value === null || row?.value === undefined ? null : Number(row.value);
    },
    async deleteCategory(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning({ id: c.id });
      return rows.length > 0;
    },
    async pageCategories(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, categoryQueryEntity, query, {
        baseWhere: eq(c.siteId, siteId),
        cursorScope: siteId,
        paging: 'cursor',
        defaultSort: [{ fieldName: 'sortOrder', order: 'ASC' }, ...byCreation],
      });
      return { ...result, pagingMetadata: cursorPagingOf(result.pagingMetadata) };
    },
    async countCategories(siteId: string, filter: unknown, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(c)
        .where(and(eq(c.siteId, siteId), filterWhere(categoryQueryEntity, filter)));
      return Number(row?.count ?? 0);
    },

    // --- resource types -----------------------------------------------------------------------------------
    async findResourceType(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<ResourceTypeRow | undefined> {
      const [row] = await executor
        .select()
        .from(rt)
        .where(and(eq(rt.siteId, siteId), eq(rt.id, id)))
        .limit(1);
      return row;
    },
    async findResourceTypes(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<ResourceTypeRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(rt)
        .where(and(eq(rt.siteId, siteId), inArray(rt.id, [...ids])));
    },
    async insertResourceType(
      values: { siteId: string; name: string; extendedFields?: Record<string, unknown> | null },
      executor: Executor = db,
    ): Promise<ResourceTypeRow> {
      const [row] = await executor.insert(rt).values(values).returning();
      return row!;
    },
    async updateResourceTypeAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: Partial<{ name: string; extendedFields: Record<string, unknown> | null }>,
      executor: Executor = db,
    ): Promise<ResourceTypeRow | undefined> {
      const [row] = await executor
        .update(rt)
        .set({ ...changes, revision: sql`${rt.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(rt.siteId, siteId), eq(rt.id, id), eq(rt.revision, revision)))
        .returning();
      return row;
    },
    async deleteResourceType(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(rt)
        .where(and(eq(rt.siteId, siteId), eq(rt.id, id)))
        .returning({ id: rt.id });
      return rows.length > 0;
    },
    async pageResourceTypes(
      queries: QueryRunner,
      siteId: string,
      query: QueryInput,
      executor: Executor = db,
    ) {
      const result = await queries.run(executor, resourceTypeQueryEntity, query, {
        baseWhere: eq(rt.siteId, siteId),
        cursorScope: siteId,
        paging: 'cursor',
        defaultSort: byCreation,
      });
      return { ...result, pagingMetadata: cursorPagingOf(result.pagingMetadata) };
    },
    async countResourceTypes(siteId: string, filter: unknown, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(rt)
        .where(and(eq(rt.siteId, siteId), filterWhere(resourceTypeQueryEntity, filter)));
      return Number(row?.count ?? 0);
    },

    // --- resources ----------------------------------------------------------------------------------------
    async findResource(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<ResourceRow | undefined> {
      const [row] = await executor
        .select()
        .from(r)
        .where(and(eq(r.siteId, siteId), eq(r.id, id)))
        .limit(1);
      return row;
    },
    async findResources(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<ResourceRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(r)
        .where(and(eq(r.siteId, siteId), inArray(r.id, [...ids])));
    },
    async resourcesOfTypes(
      siteId: string,
      typeIds: readonly string[],
      executor: Executor = db,
    ): Promise<ResourceRow[]> {
      if (typeIds.length === 0) return [];
      return executor
        .select()
        .from(r)
        .where(and(eq(r.siteId, siteId), inArray(r.typeId, [...typeIds])))
        .orderBy(asc(r.name), asc(r.id));
    },
    async countResourcesOfType(siteId: string, typeId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(r)
        .where(and(eq(r.siteId, siteId), eq(r.typeId, typeId)));
      return Number(row?.count ?? 0);
    },
    async insertResource(
      values: {
        siteId: string;
        name: string;
        typeId: string;
        locationOptions?: Record<string, unknown> | null;
        extendedFields?: Record<string, unknown> | null;
      },
      executor: Executor = db,
    ): Promise<ResourceRow> {
      const [row] = await executor.insert(r).values(values).returning();
      return row!;
    },
    async updateResourceAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: Partial<{
        name: string;
        typeId: string;
        locationOptions: Record<string, unknown> | null;
        extendedFields: Record<string, unknown> | null;
      }>,
      executor: Executor = db,
    ): Promise<ResourceRow | undefined> {
      const [row] = await executor
        .update(r)
        .set({ ...changes, revision: sql`${r.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(r.siteId, siteId), eq(r.id, id), eq(r.revision, revision)))
        .returning();
      return row;
    },
    async deleteResource(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(r)
        .where(and(eq(r.siteId, siteId), eq(r.id, id)))
        .returning({ id: r.id });
      return rows.length > 0;
    },
    /** A page of resources; `text` (carried in the cursor) keeps those whose name holds every or any word. */
    async pageResources(
      queries: QueryRunner,
      siteId: string,
      query: QueryInput,
      executor: Executor = db,
      text?: { expression: string; mode: 'AND' | 'OR' } | null,
    ) {
      const result = await queries.run(executor, resourceQueryEntity, query, {
        baseWhere: eq(r.siteId, siteId),
        cursorScope: siteId,
        paging: 'cursor',
        defaultSort: byCreation,
        ...(text === undefined
          ? {}
          : { carried: { value: text, where: (value) => resourceNameSearch(value) }, path: ['search'] }),
      });
      return { ...result, pagingMetadata: cursorPagingOf(result.pagingMetadata) };
    },
    async countResources(siteId: string, filter: unknown, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(r)
        .where(and(eq(r.siteId, siteId), filterWhere(resourceQueryEntity, filter)));
      return Number(row?.count ?? 0);
    },
    /** Categories placed after a position, for shifting when one is inserted. */
    async categoriesFrom(siteId: string, sortOrder: number, executor: Executor = db): Promise<CategoryRow[]> {
      return executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), gt(c.sortOrder, sortOrder - 1)))
        .orderBy(asc(c.sortOrder));
    },
  };
}

export type CatalogueEntitiesRepository = ReturnType<typeof createCatalogueEntitiesRepository>;
