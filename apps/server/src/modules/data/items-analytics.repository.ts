import { and, sql, type SQL } from 'drizzle-orm';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { executeRows, type Executor } from '../../platform/db/database.ts';
import { jsonPathValue, typedJsonValue } from '../../platform/query/json-path.ts';
import { defineQueryEntity, type ResolvedField } from '../../platform/query/query-entity.ts';
import { orderBy, type SortKey } from '../../platform/query/sort-keys.ts';
import { itemColumns, type ItemRow } from './data.repository.ts';
import { dataItems } from './data.tables.ts';

/**
 * Aggregation results as a virtual table (a CTE of this name), so the final filter and sort go through the
 * same filter parser and compiler as item queries, over the result documents.
 */
const aggregateResults = pgTable('data_aggregate_results', {
  data: jsonb('data').notNull(),
  key: text('key').notNull(),
});
export const aggregateEntity = defineQueryEntity({
  name: 'data-aggregate',
  table: aggregateResults,
  idColumn: aggregateResults.key,
  fields: {},
  dynamicRoot: aggregateResults.data,
  defaultLimit: 50,
  maxLimit: 1000,
});

/** What min and max compare: the declared type, else numbers (sum and average always take numbers). */
export type ValueKind = 'number' | 'string' | 'date';

/** One result field of an aggregation; `itemCount` reads no field. */
export type AggregateOutput =
  | { resultFieldName: string; kind: 'itemCount' }
  | {
      resultFieldName: string;
      kind: 'average' | 'sum' | 'min' | 'max';
      field: ResolvedField;
      valueKind: ValueKind;
    };

export interface AggregateQuery {
  /** The items aggregated (the initial filter included). */
  where: SQL;
  groups: ReadonlyArray<{ name: string; field: ResolvedField }>;
  /** In the request's order; each is read from its own column `v<index>`. */
  outputs: readonly AggregateOutput[];
  /** Over the result documents (compiled against `aggregateEntity`). */
  finalWhere: SQL;
  sortKeys: readonly SortKey[];
}

export interface SearchQuery {
  where: SQL;
  /** Each matched as a word prefix; none matches every item of `where`. */
  terms: readonly string[];
  any: boolean;
  fuzzy: boolean;
  /** Best match first, then `sortKeys`. */
  rankFirst: boolean;
  sortKeys: readonly SortKey[];
}

interface Page {
  limit: number;
  offset: number;
}

/** A field's value as JSONB: system columns become what the wire shows (dates as `{"$date": ...}`). */
function jsonValue(field: ResolvedField): SQL {
  if (field.kind === 'json') return jsonPathValue(field);
  if (field.type === 'date') {
    return sql`jsonb_build_object('$date', to_char(${field.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  }
  return sql`to_jsonb(${field.column})`;
}

function typedValue(field: ResolvedField, kind: ValueKind): SQL {
  if (field.kind === 'column') {
    if (field.type === 'date') {
      return sql`to_char(${field.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') COLLATE "C"`;
    }
    return sql`${field.column} COLLATE "C"`;
  }
  return typedJsonValue(jsonPathValue(field), kind);
}

/** A bound text value (jsonb_build_object cannot infer the type of an untyped parameter). */
function quoteString(value: string): SQL {
  return sql`${value}::text`;
}

/**
 * A term matches as a word prefix, or (four letters and more) as a word that shares its first three letters
 * and is trigram-similar to it (`<%`, pg_trgm's word similarity), which forgives most typos. The prefix keeps
 * the candidates on the full-text GIN index, so no trigram index over every item is needed.
 */
function fuzzyMatch(terms: readonly string[], any: boolean): SQL {
  const perTerm = terms.map((term) => {
    const prefix = sql`${dataItems.search} @@ to_tsquery('simple', ${`'${term}':*`})`;
    if ([...term].length < 4) return prefix;
    const stem = [...term].slice(0, 3).join('');
    return sql`(${prefix} OR (${dataItems.search} @@ to_tsquery('simple', ${`'${stem}':*`}) AND ${term} <% (${dataItems.search}::text)))`;
  });
  return sql`(${sql.join(perTerm, any ? sql` OR ` : sql` AND `)})`;
}

function outputOf(output: AggregateOutput, index: number): { input?: SQL; result: SQL } {
  const label = quoteString(output.resultFieldName);
  if (output.kind === 'itemCount') return { result: sql`${label}, count(*)` };
  const column = sql.identifier(`v${index}`);
  const input = sql`${typedValue(output.field, output.valueKind)} AS ${column}`;
  if (output.kind === 'average') return { input, result: sql`${label}, avg(${column})::float8` };
  if (output.kind === 'sum') return { input, result: sql`${label}, coalesce(sum(${column}), 0)::float8` };
  const aggregate = output.kind === 'min' ? sql`min(${column})` : sql`max(${column})`;
  return {
    input,
    result:
      output.valueKind === 'date'
        ? sql`${label}, CASE WHEN ${aggregate} IS NULL THEN NULL ELSE jsonb_build_object('$date', ${aggregate}) END`
        : sql`${label}, ${output.valueKind === 'number' ? sql`${aggregate}::float8` : aggregate}`,
  };
}

/** `WITH data_aggregate_results AS (...)`: one row per group, its document in `data`. */
function aggregateResultsCte(query: AggregateQuery): SQL {
  // Inner query: one column per group value and per operation input, so the outer GROUP BY names columns.
  // A missing field (SQL NULL) and a JSON null are one group, shown as null.
  const inner: SQL[] = query.groups.map(
    (group, index) => sql`NULLIF(${jsonValue(group.field)}, 'null'::jsonb) AS ${sql.identifier(`g${index}`)}`,
  );
  const outputs: SQL[] = [];
  query.outputs.forEach((output, index) => {
    const { input, result } = outputOf(output, index);
    if (input) inner.push(input);
    outputs.push(result);
  });
  const groupColumns = query.groups.map((_, index) => sql.identifier(`g${index}`));
  const groupPairs = query.groups.map(
    (group, index) => sql`${quoteString(group.name)}, ${groupColumns[index]!}`,
  );
  const idObject =
    query.groups.length > 0 ? sql`jsonb_build_object(${sql.join(groupPairs, sql`, `)})` : sql`'null'::jsonb`;
  const document = sql`jsonb_build_object('_id', ${idObject}${groupPairs.length > 0 ? sql`, ${sql.join(groupPairs, sql`, `)}` : sql``}${
    outputs.length > 0 ? sql`, ${sql.join(outputs, sql`, `)}` : sql``
  })`;
  // OFFSET 0 keeps this select from being merged into the grouping: the planner cannot estimate the
  // groups of a JSON path (it assumes one per row), and merged it sorts whole rows, spilling to disk;
  // apart, the grouping hashes the few narrow columns computed here.
  const innerSelect = sql`SELECT ${inner.length > 0 ? sql.join(inner, sql`, `) : sql`1 AS one`} FROM ${dataItems} WHERE ${query.where} OFFSET 0`;
  const grouped =
    query.groups.length > 0
      ? sql`SELECT ${document} AS data, (${idObject})::text AS key FROM (${innerSelect}) AS source GROUP BY ${sql.join(groupColumns, sql`, `)}`
      : sql`SELECT ${document} AS data, 'all' AS key FROM (${innerSelect}) AS source`;
  return sql`WITH ${sql.identifier('data_aggregate_results')} AS (${grouped})`;
}

/** Distinct values, aggregation and search over a collection's items: the SQL of `items-analytics.service.ts`. */
export function createItemsAnalyticsRepository(db: Executor) {
  return {
    /** The distinct values of `field` among the items of `where`, absent and JSON null left out, in JSONB order. */
    async distinctValues(
      where: SQL,
      field: ResolvedField,
      order: 'ASC' | 'DESC',
      page: Page,
      withTotal: boolean,
    ): Promise<{ values: unknown[]; total?: number }> {
      const values = sql`SELECT DISTINCT ${jsonValue(field)} AS value FROM ${dataItems} WHERE ${where}`;
      const present = sql`(${values}) AS present WHERE value IS NOT NULL AND value <> 'null'::jsonb`;
      const direction = sql.raw(order);
      const rows = await executeRows<{ value: unknown }>(
        db,
        sql`SELECT value FROM ${present} ORDER BY value ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`,
      );
      if (!withTotal) return { values: rows.map((row) => row.value) };
      const [row] = await executeRows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM ${present}`);
      return { values: rows.map((row) => row.value), total: Number(row?.n ?? 0) };
    },

    /** The result documents of an aggregation, after its final filter and sort. */
    async aggregate(
      query: AggregateQuery,
      page: Page,
      withTotal: boolean,
    ): Promise<{ results: Array<Record<string, unknown>>; total?: number }> {
      const withResults = aggregateResultsCte(query);
      const rows = await executeRows<{ data: Record<string, unknown> }>(
        db,
        sql`${withResults} SELECT data FROM ${aggregateResults} WHERE ${query.finalWhere} ORDER BY ${sql.join(orderBy(query.sortKeys), sql`, `)} LIMIT ${page.limit} OFFSET ${page.offset}`,
      );
      const results = rows.map((row) => row.data);
      if (!withTotal) return { results };
      const [row] = await executeRows<{ n: string | number }>(
        db,
        sql`${withResults} SELECT count(*) AS n FROM ${aggregateResults} WHERE ${query.finalWhere}`,
      );
      return { results, total: Number(row?.n ?? 0) };
    },

    /** Items of `where` matching the search terms, by the stored search vector. */
    async search(query: SearchQuery, page: Page): Promise<ItemRow[]> {
      const tsquery = sql`to_tsquery('simple', ${query.terms.map((term) => `'${term}':*`).join(query.any ? ' | ' : ' & ')})`;
      const conditions: SQL[] = [query.where];
      if (query.terms.length > 0) {
        conditions.push(
          query.fuzzy ? fuzzyMatch(query.terms, query.any) : sql`${dataItems.search} @@ ${tsquery}`,
        );
      }
      const ranking = query.rankFirst
        ? [sql`ts_rank(${dataItems.search}, ${tsquery}) DESC`, ...orderBy(query.sortKeys)]
        : orderBy(query.sortKeys);
      const rows = await db
        .select(itemColumns)
        .from(dataItems)
        .where(and(...conditions))
        .orderBy(...ranking)
        .limit(page.limit)
        .offset(page.offset);
      return rows as ItemRow[];
    },
  };
}

export type ItemsAnalyticsRepository = ReturnType<typeof createItemsAnalyticsRepository>;
