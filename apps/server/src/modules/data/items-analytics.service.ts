import { and, sql, type SQL } from 'drizzle-orm';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { DataField, DataItemReference } from '@atrium/contract/data';
import type { Sorting } from '@atrium/contract/query';
import type { RequestContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors/app-error.ts';
import { compileFilter } from '../../platform/query/compile-filter.ts';
import { jsonPathValue, typedJsonValue } from '../../platform/query/json-path.ts';
import { parseFilter } from '../../platform/query/parse-filter.ts';
import { projectFields } from '../../platform/query/project-fields.ts';
import { defineQueryEntity, type ResolvedField } from '../../platform/query/query-entity.ts';
import { orderBy, parseSort } from '../../platform/query/sort-keys.ts';
import { itemNotFound } from './data.errors.ts';
import { dataItemsEntity, type ItemRow } from './data.repository.ts';
import { dataItems } from './data.tables.ts';
import { referenceId } from './item-values.ts';
import { toWireItem, type CallScope, type IncludeReference, type ItemsCore, type ItemsDeps } from './items.service.ts';

/**
 * Aggregation results as a virtual table (a CTE of this name), so the final filter and sort go through the
 * same filter parser and compiler as item queries, over the result documents.
 */
const aggregateResults = pgTable('data_aggregate_results', { data: jsonb('data').notNull(), key: text('key').notNull() });
const aggregateEntity = defineQueryEntity({
  name: 'data-aggregate',
  table: aggregateResults,
  idColumn: aggregateResults.key,
  fields: {},
  dynamicRoot: aggregateResults.data,
  defaultLimit: 50,
  maxLimit: 1000,
});

interface Paging {
  limit?: number | null;
  offset?: number | null;
}

function pageOf(paging: Paging | null | undefined, cursorPaging: { limit?: number | null } | null | undefined, path: string) {
  const limit = paging?.limit ?? cursorPaging?.limit ?? 50;
  const offset = paging?.offset ?? 0;
  if (limit > 1000) throw invalidField(`${path}.limit`, 'must be at most 1000', 'MAX');
  return { limit, offset };
}

function resolveField(name: string, path: string): ResolvedField {
  const field = dataItemsEntity.resolve(name);
  if (!field) throw invalidField(path, `${name} is not a field name that can be used here`, 'FIELD_NOT_ALLOWED');
  return field;
}

/** A field's value as JSONB: system columns become what the wire shows (dates as `{"$date": ...}`). */
function jsonValue(field: ResolvedField): SQL {
  if (field.kind === 'json') return jsonPathValue(field);
  if (field.type === 'date') {
    return sql`jsonb_build_object('$date', to_char(${field.column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  }
  return sql`to_jsonb(${field.column})`;
}

type ValueKind = 'number' | 'string' | 'date';

/** What min and max compare: the declared type, else numbers (sum and average always take numbers). */
function valueKind(fields: readonly DataField[], name: string, field: ResolvedField): ValueKind {
  if (field.kind === 'column') return field.type === 'date' ? 'date' : 'string';
  const declared = fields.find((candidate) => candidate.key === name)?.type;
  if (declared === 'DATETIME' || declared === 'DATE') return 'date';
  if (declared && declared !== 'NUMBER' && declared !== 'ANY') return 'string';
  return 'number';
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

interface AggregateOperation {
  resultFieldName: string;
  average?: { itemFieldName: string };
  min?: { itemFieldName: string };
  max?: { itemFieldName: string };
  sum?: { itemFieldName: string };
  itemCount?: object;
}

/** Terms of a search expression: letters and digits only, so nothing reaches tsquery syntax. */
export function searchTerms(expression: string): string[] {
  return [...new Set((expression.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 20))];
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

export function createAnalyticsService(deps: ItemsDeps, core: ItemsCore) {
  const { repository } = deps;

  function where(call: CallScope, filter: unknown, path: PropertyKey[]): SQL {
    return and(core.baseWhere(call), core.filterSql(filter, path))!;
  }

  return {
    async distinctValues(
      ctx: RequestContext,
      collectionId: string,
      request: {
        fieldName: string;
        filter?: unknown;
        order?: 'ASC' | 'DESC' | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        returnTotalCount?: boolean | null;
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const field = resolveField(request.fieldName, 'fieldName');
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'paging');
      const values = sql`SELECT DISTINCT ${jsonValue(field)} AS value FROM ${dataItems} WHERE ${where(call, request.filter, ['filter'])}`;
      const present = sql`(${values}) AS present WHERE value IS NOT NULL AND value <> 'null'::jsonb`;
      const direction = request.order === 'DESC' ? sql.raw('DESC') : sql.raw('ASC');
      const rows = await repository.raw<{ value: unknown }>(
        sql`SELECT value FROM ${present} ORDER BY value ${direction} LIMIT ${limit + 1} OFFSET ${offset}`,
      );
      const hasNext = rows.length > limit;
      const page = rows.slice(0, limit).map((row) => row.value);
      let total: number | undefined;
      if (request.returnTotalCount) {
        const [row] = await repository.raw<{ n: string | number }>(sql`SELECT count(*) AS n FROM ${present}`);
        total = Number(row?.n ?? 0);
      }
      return {
        distinctValues: page,
        pagingMetadata: { count: page.length, offset, hasNext, ...(total !== undefined ? { total, tooManyToCount: false } : {}) },
      };
    },

    async aggregate(
      ctx: RequestContext,
      collectionId: string,
      request: {
        initialFilter?: unknown;
        aggregation?: { groupingFields?: string[]; operations?: AggregateOperation[] } | null;
        finalFilter?: unknown;
        sort?: Sorting[] | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        returnTotalCount?: boolean | null;
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const grouping = request.aggregation?.groupingFields ?? [];
      const operations = request.aggregation?.operations ?? [];
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'paging');

      // Inner query: one column per group value and per operation input, so the outer GROUP BY names columns.
      const inner: SQL[] = [];
      grouping.forEach((name, index) => {
        // A missing field (SQL NULL) and a JSON null are one group, shown as null.
        const value = jsonValue(resolveField(name, `aggregation.groupingFields[${index}]`));
        inner.push(sql`NULLIF(${value}, 'null'::jsonb) AS ${sql.identifier(`g${index}`)}`);
      });
      const outputs: SQL[] = [];
      operations.forEach((operation, index) => {
        const path = `aggregation.operations[${index}]`;
        const kinds = (['average', 'min', 'max', 'sum', 'itemCount'] as const).filter((key) => operation[key] !== undefined);
        if (kinds.length !== 1) {
          throw invalidField(path, 'give exactly one of average, min, max, sum or itemCount');
        }
        const kind = kinds[0]!;
        const label = quoteString(operation.resultFieldName);
        if (kind === 'itemCount') {
          outputs.push(sql`${label}, count(*)`);
          return;
        }
        const fieldName = operation[kind]!.itemFieldName;
        const field = resolveField(fieldName, `${path}.${kind}.itemFieldName`);
        const valueType = kind === 'min' || kind === 'max' ? valueKind(call.schema.fields, fieldName, field) : 'number';
        const column = sql.identifier(`v${index}`);
        inner.push(sql`${typedValue(field, valueType)} AS ${column}`);
        if (kind === 'average') outputs.push(sql`${label}, avg(${column})::float8`);
        else if (kind === 'sum') outputs.push(sql`${label}, coalesce(sum(${column}), 0)::float8`);
        else {
          const aggregate = kind === 'min' ? sql`min(${column})` : sql`max(${column})`;
          outputs.push(
            valueType === 'date'
              ? sql`${label}, CASE WHEN ${aggregate} IS NULL THEN NULL ELSE jsonb_build_object('$date', ${aggregate}) END`
              : sql`${label}, ${valueType === 'number' ? sql`${aggregate}::float8` : aggregate}`,
          );
        }
      });
      const groupColumns = grouping.map((_, index) => sql.identifier(`g${index}`));
      const groupPairs = grouping.map((name, index) => sql`${quoteString(name)}, ${groupColumns[index]!}`);
      const idObject = grouping.length > 0 ? sql`jsonb_build_object(${sql.join(groupPairs, sql`, `)})` : sql`'null'::jsonb`;
      const document = sql`jsonb_build_object('_id', ${idObject}${groupPairs.length > 0 ? sql`, ${sql.join(groupPairs, sql`, `)}` : sql``}${
        outputs.length > 0 ? sql`, ${sql.join(outputs, sql`, `)}` : sql``
      })`;
      // OFFSET 0 keeps this select from being merged into the grouping: the planner cannot estimate the
      // groups of a JSON path (it assumes one per row), and merged it sorts whole rows, spilling to disk;
      // apart, the grouping hashes the few narrow columns computed here.
      const innerSelect = sql`SELECT ${inner.length > 0 ? sql.join(inner, sql`, `) : sql`1 AS one`} FROM ${dataItems} WHERE ${where(
        call,
        request.initialFilter,
        ['initialFilter'],
      )} OFFSET 0`;
      const grouped =
        grouping.length > 0
          ? sql`SELECT ${document} AS data, (${idObject})::text AS key FROM (${innerSelect}) AS source GROUP BY ${sql.join(groupColumns, sql`, `)}`
          : sql`SELECT ${document} AS data, 'all' AS key FROM (${innerSelect}) AS source`;
      const finalWhere = compileFilter(parseFilter(aggregateEntity, request.finalFilter, ['finalFilter']));
      const { keys } = parseSort(aggregateEntity, request.sort, ['sort']);
      const withResults = sql`WITH ${sql.identifier('data_aggregate_results')} AS (${grouped})`;
      const rows = await repository.raw<{ data: Record<string, unknown> }>(
        sql`${withResults} SELECT data FROM ${aggregateResults} WHERE ${finalWhere} ORDER BY ${sql.join(orderBy(keys), sql`, `)} LIMIT ${limit + 1} OFFSET ${offset}`,
      );
      const hasNext = rows.length > limit;
      const results = rows.slice(0, limit).map((row) => row.data);
      let total: number | undefined;
      if (request.returnTotalCount) {
        const [row] = await repository.raw<{ n: string | number }>(
          sql`${withResults} SELECT count(*) AS n FROM ${aggregateResults} WHERE ${finalWhere}`,
        );
        total = Number(row?.n ?? 0);
      }
      return {
        results,
        pagingMetadata: { count: results.length, offset, hasNext, ...(total !== undefined ? { total, tooManyToCount: false } : {}) },
      };
    },

    /**
     * Full-text search over every string value: words match by prefix (`'yog':*` finds "yoga"); `fuzzy`
     * also forgives typos (see `fuzzyMatch`). AND needs every term, OR any.
     */
    async search(
      ctx: RequestContext,
      collectionId: string,
      request: {
        filter?: unknown;
        sort?: Sorting[] | null;
        fields?: string[] | null;
        expression?: string | null;
        fuzzy?: boolean | null;
        mode?: 'AND' | 'OR' | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        includes: IncludeReference[];
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'search.paging');
      const terms = searchTerms(request.expression ?? '');
      const joiner = request.mode === 'OR' ? ' | ' : ' & ';
      const tsquery = terms.map((term) => `'${term}':*`).join(joiner);
      const query = sql`to_tsquery('simple', ${tsquery})`;
      const conditions: SQL[] = [where(call, request.filter, ['search', 'filter'])];
      if (terms.length > 0) {
        const textMatch = sql`${dataItems.search} @@ ${query}`;
        conditions.push(request.fuzzy ? fuzzyMatch(terms, request.mode === 'OR') : textMatch);
      }
      const fields = request.fields ?? undefined;
      fields?.forEach((name, index) => resolveField(name, `search.fields[${index}]`));
      const { keys } = parseSort(dataItemsEntity, request.sort, ['search', 'sort']);
      // Without a sort, the best matches come first.
      const ranking =
        request.sort && request.sort.length > 0
          ? orderBy(keys)
          : terms.length > 0
            ? [sql`ts_rank(${dataItems.search}, ${query}) DESC`, ...orderBy(keys)]
            : orderBy(keys);
      const rows = await deps.database.db
        .select({
          itemId: dataItems.itemId,
          data: dataItems.data,
          owner: dataItems.owner,
          createdDate: dataItems.createdDate,
          updatedDate: dataItems.updatedDate,
        })
        .from(dataItems)
        .where(and(...conditions))
        .orderBy(...ranking)
        .limit(limit + 1)
        .offset(offset);
      const hasNext = rows.length > limit;
      const items = (rows as ItemRow[]).slice(0, limit).map((row) => toWireItem(collectionId, row));
      await core.includeReferences(ctx, call, items, request.includes, 'includeReferences');
      return {
        dataItems: items.map((item) => ({ ...item, data: projectFields(item.data, fields) })),
        pagingMetadata: { count: items.length, offset, hasNext },
      };
    },

    async queryReferenced(
      ctx: RequestContext,
      collectionId: string,
      request: {
        referringItemId?: string;
        referringItemIds?: string[];
        referringItemFieldName: string;
        order?: 'ASC' | 'DESC' | null;
        paging?: Paging | null;
        cursorPaging?: { limit?: number | null } | null;
        returnTotalCount?: boolean | null;
        fields?: string[] | null;
      },
    ) {
      const call = await core.open(ctx, collectionId, 'read');
      const field = core.referenceField(call, request.referringItemFieldName, 'referringItemFieldName');
      const referringIds = request.referringItemIds ?? (request.referringItemId ? [request.referringItemId] : []);
      if (referringIds.length === 0) throw invalidField('referringItemId', 'is required', 'REQUIRED_FIELD');
      const { limit, offset } = pageOf(request.paging, request.cursorPaging, 'paging');
      const referring = (await repository.findItems(call.scope, referringIds)).filter((row) => core.mayTouch(call, row));
      let links: Array<{ referringItemId: string; referencedItemId: string }>;
      let targetId: string | undefined;
      if (field.type === 'MULTI_REFERENCE') {
        targetId = field.typeMetadata?.multiReference?.referencedCollectionId;
        const visible = new Set(referring.map((row) => row.itemId));
        links = (await repository.referencedIds(call.scope, field.key, referringIds)).filter((link) =>
          visible.has(link.referringItemId),
        );
      } else {
        targetId = field.typeMetadata?.reference?.referencedCollectionId;
        links = referring.flatMap((row) => {
          const id = referenceId((row.data as Record<string, unknown>)[field.key]);
          return id ? [{ referringItemId: row.itemId, referencedItemId: id }] : [];
        });
      }
      if (request.order === 'DESC') links.reverse();
      const page = links.slice(offset, offset + limit);
      const target = targetId ? await core.open(ctx, targetId, 'read') : undefined;
      const rows = target ? await repository.findItems(target.scope, page.map((link) => link.referencedItemId)) : [];
      const byId = new Map(rows.filter((row) => !target || core.mayTouch(target, row)).map((row) => [row.itemId, row]));
      const results = page.map((link) => {
        const row = byId.get(link.referencedItemId);
        if (!row) {
          return {
            unresolvedReference: { referringItemId: link.referringItemId, referringItemFieldName: field.key },
          };
        }
        const item = toWireItem(targetId!, row);
        return { dataItem: { ...item, data: projectFields(item.data, request.fields ?? undefined) } };
      });
      return {
        results,
        pagingMetadata: {
          count: results.length,
          offset,
          hasNext: offset + results.length < links.length,
          ...(request.returnTotalCount ? { total: links.length, tooManyToCount: false } : {}),
        },
      };
    },

    async isReferenced(ctx: RequestContext, collectionId: string, reference: DataItemReference) {
      const call = await core.open(ctx, collectionId, 'read');
      const field = core.referenceField(call, reference.referringItemFieldName, 'referringItemFieldName');
      const referring = await repository.findItem(call.scope, reference.referringItemId);
      if (!referring || !core.mayTouch(call, referring)) return { isReferenced: false };
      if (field.type === 'REFERENCE') {
        return {
          isReferenced: referenceId((referring.data as Record<string, unknown>)[field.key]) === reference.referencedItemId,
        };
      }
      return {
        isReferenced: await repository.isReferenced(call.scope, {
          fieldKey: field.key,
          referringItemId: reference.referringItemId,
          referencedItemId: reference.referencedItemId,
        }),
      };
    },

    async replaceReferences(
      ctx: RequestContext,
      collectionId: string,
      request: { referringItemFieldName: string; referringItemId: string; newReferencedItemIds?: string[] },
    ) {
      const call = await core.open(ctx, collectionId, 'update');
      const field = core.multiReferenceField(call, request.referringItemFieldName, 'referringItemFieldName');
      const ids = [...new Set(request.newReferencedItemIds ?? [])];
      await core.inTransaction(collectionId, async (tx) => {
        const referring = await repository.findItem(call.scope, request.referringItemId, { forUpdate: true }, tx);
        if (!referring || !core.mayTouch(call, referring)) throw itemNotFound(collectionId, request.referringItemId);
        await core.writeMultiReferences(call, request.referringItemId, new Map([[field.key, ids]]), tx, true);
      });
      return {
        dataItemReferences: ids.map((referencedItemId) => ({
          referringItemFieldName: field.key,
          referringItemId: request.referringItemId,
          referencedItemId,
        })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

