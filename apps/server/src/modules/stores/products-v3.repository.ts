import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Executor } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/errors/app-error.ts';
import { likePattern } from '../../platform/query/like-pattern.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import { filterWhere } from '../../platform/query/run-query.ts';
import { productV3ErrorCodes } from '@atrium/contract/stores/products-v3';
import { storesInfoSections, storesProducts, type StoresInfoSectionRow } from './stores.tables.ts';

const p = storesProducts;

/** What a v3 product query or search may filter and sort on, by the v3 wire names. */
export const productsV3QueryEntity = defineQueryEntity({
  name: 'stores.products-v3',
  table: p,
  idColumn: p.id,
  maxLimit: 100,
  fields: {
    id: p.id,
    name: p.name,
    slug: p.slug,
    visible: p.visible,
    productType: {
      expression: sql`upper(${p.productType})`,
      type: 'enum',
      enumValues: ['PHYSICAL', 'DIGITAL'],
    },
    createdDate: p.createdDate,
    updatedDate: p.updatedDate,
    'actualPriceRange.minValue.amount': { column: p.minPrice, type: 'number' },
    'actualPriceRange.maxValue.amount': { column: p.maxPrice, type: 'number' },
    'brand.id': p.brandId,
    'ribbon.id': p.ribbonId,
    'directCategoriesInfo.categories.id': p.collectionIds,
    'allCategoriesInfo.categories.id': p.collectionIds,
    handle: { expression: sql`${p.doc} ->> 'handle'`, type: 'string' },
    // Products with an option: the customization id (`{"options.id": {"$hasSome": [id]}}`).
    'options.id': { column: p.options, arrayPath: [], elementPath: ['id'] },
  },
});

/** Free text of a v3 search: every word (mode AND) or any word (OR) in the name or the description. */
export interface ProductTextSearch {
  expression?: string | null;
  mode?: 'AND' | 'OR' | null;
}

export function textSearchWhere(search: ProductTextSearch | null | undefined): SQL | undefined {
  const words = (search?.expression ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return undefined;
  const matches = words.map(
    (word) =>
      sql`(lower(${p.name}) like lower(${likePattern('contains', word)}) or lower(${p.description}) like lower(${likePattern('contains', word)}))`,
  );
  return search?.mode === 'OR' ? or(...matches) : and(...matches);
}

/** Aggregations search answers: counts per value of a column, or its min, max or distinct count. */
const aggregatable: Record<string, { column: SQL; numeric: boolean }> = {
  'brand.id': { column: sql`${p.brandId}::text`, numeric: false },
  'ribbon.id': { column: sql`${p.ribbonId}::text`, numeric: false },
  productType: { column: sql`upper(${p.productType})`, numeric: false },
  visible: { column: sql`${p.visible}::text`, numeric: false },
  'actualPriceRange.minValue.amount': { column: sql`${p.minPrice}`, numeric: true },
  'actualPriceRange.maxValue.amount': { column: sql`${p.maxPrice}`, numeric: true },
};

export interface ProductAggregationRequest {
  name?: string | null;
  fieldPath: string;
  type?: string | null;
  scalar?: { type: 'COUNT_DISTINCT' | 'MIN' | 'MAX' } | null;
  value?: { limit?: number | null } | null;
}

/** The v3 products' own SQL beside products.repository.ts: counts, ids by filter, tags and aggregations. */
export function createProductsV3Repository(db: Executor) {
  return {
    async count(where: SQL | undefined, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(p)
        .where(where);
      return Number(row?.count ?? 0);
    },

    /** The SQL of a wire filter over the site's products (a 400 names a bad field under `path`). */
    where(base: SQL, filter: unknown, search: ProductTextSearch | null | undefined, path = ['filter']) {
      return and(base, filterWhere(productsV3QueryEntity, filter ?? {}, path), textSearchWhere(search));
    },

    /** Ids of the products `where` selects, oldest first (the by-filter calls walk them). */
    async idsWhere(where: SQL | undefined, limit: number, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .select({ id: p.id })
        .from(p)
        .where(where)
        .orderBy(p.createdDate, p.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async infoSectionsByIds(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<StoresInfoSectionRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(storesInfoSections)
        .where(and(eq(storesInfoSections.siteId, siteId), inArray(storesInfoSections.id, [...ids])));
    },

    /** How many of the site's products carry each info section (`doc.infoSectionIds`). */
    async countByInfoSection(siteId: string, ids: readonly string[], executor: Executor = db) {
      if (ids.length === 0) return new Map<string, number>();
      const rows = await executeRows<{ id: string; count: number }>(
        executor,
        sql`select sid as "id", count(*)::int as "count"
          from ${p}, jsonb_array_elements_text(coalesce(${p.doc} -> 'infoSectionIds', '[]'::jsonb)) as sid
          where ${p.siteId} = ${siteId} and sid in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by sid`,
      );
      return new Map(rows.map((row) => [row.id, Number(row.count)]));
    },

    /** How many of the site's products use each customization as an option or a modifier. */
    async countByCustomization(siteId: string, ids: readonly string[], executor: Executor = db) {
      if (ids.length === 0) return new Map<string, number>();
      const rows = await executeRows<{ id: string; count: number }>(
        executor,
        sql`select cid as "id", count(distinct ${p.id})::int as "count"
          from ${p}, lateral (
            select elem ->> 'id' as cid from jsonb_array_elements(${p.options}) as elem
            union all
            select elem ->> 'id' from jsonb_array_elements(coalesce(${p.doc} -> 'modifiers', '[]'::jsonb)) as elem
          ) as used
          where ${p.siteId} = ${siteId} and cid in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by cid`,
      );
      return new Map(rows.map((row) => [row.id, Number(row.count)]));
    },

    /** A search's aggregations over the rows `where` selects, each in one statement. */
    async aggregate(
      where: SQL | undefined,
      requests: readonly ProductAggregationRequest[],
      executor: Executor = db,
    ) {
      const results = [];
      for (const [index, request] of requests.entries()) {
        const field = aggregatable[request.fieldPath];
        const type = request.type ?? (request.scalar ? 'SCALAR' : 'VALUE');
        const name = request.name ?? request.fieldPath;
        const unsupported = () =>
          badRequest(
            productV3ErrorCodes.unsupportedAggregation,
            `search.aggregations[${index}]: ${type} of ${request.fieldPath} is not supported; ` +
              `VALUE and SCALAR work on ${Object.keys(aggregatable).join(', ')}`,
          );
        if (!field || (type !== 'VALUE' && type !== 'SCALAR')) throw unsupported();
        if (type === 'VALUE') {
          if (field.numeric) throw unsupported();
          const limit = request.value?.limit ?? 10;
          const rows = await executeRows<{ value: string; count: number }>(
            executor,
            sql`select ${field.column} as "value", count(*)::int as "count" from ${p}
              where ${where ?? sql`true`} and ${field.column} is not null
              group by 1 order by 2 desc, 1 limit ${limit}`,
          );
          results.push({
            name,
            type,
            fieldPath: request.fieldPath,
            values: { results: rows.map((row) => ({ value: row.value, count: Number(row.count) })) },
          });
          continue;
        }
        const scalar = request.scalar?.type ?? 'COUNT_DISTINCT';
        const expression =
          scalar === 'MIN'
            ? sql`min(${field.column})`
            : scalar === 'MAX'
              ? sql`max(${field.column})`
              : sql`count(distinct ${field.column})`;
        if (scalar !== 'COUNT_DISTINCT' && !field.numeric) throw unsupported();
        const [row] = await executeRows<{ value: string | number | null }>(
          executor,
          sql`select ${expression} as "value" from ${p} where ${where ?? sql`true`}`,
        );
        results.push({
          name,
          type,
          fieldPath: request.fieldPath,
          scalar: { type: scalar, value: Number(row?.value ?? 0) },
        });
      }
      return results;
    },
  };
}

export type ProductsV3Repository = ReturnType<typeof createProductsV3Repository>;
