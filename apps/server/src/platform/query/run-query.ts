import { and, Column, count, getTableColumns, getTableName, is, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  CursorPagingMetadata,
  OffsetPagingMetadata,
  ParsedQuery,
  Sorting,
} from '@atrium/contract/query';
import type { Executor } from '../db/database.ts';
import { AppError, invalidField } from '../errors/app-error.ts';
import { formatFieldPath } from '../http/validation.ts';
import { compileFilter } from './compile-filter.ts';
import type { Condition, FilterNode } from './filter-ast.ts';
import { equalityHalves, typedGroupRanks, valueGroupRanks, valueGroupWhere } from './json-path.ts';
import { decodeCursor, encodeCursor, invalidCursor, type CursorPayload } from './cursor.ts';
import { parseFilter } from './parse-filter.ts';
import type { QueryEntity, ResolvedField } from './query-entity.ts';
import { keyDirection, keysetAfter, keyText, orderBy, parseSort, type SortKey } from './sort-keys.ts';

export interface RunQueryOptions {
  /** Conditions the caller cannot lift, such as `site_id = $site`; ANDed with the filter on every page. */
  baseWhere?: SQL;
  /**
   * Narrows the cursors to one list, e.g. `${siteId}:${collectionId}`: a cursor of another scope is a 400.
   * The entity name is always part of it.
   */
  cursorScope?: string;
  /** Where the query sits in the request, for field paths of errors. */
  path?: PropertyKey[];
  /**
   * `cursor`: the endpoint answers with cursor paging metadata only. A `paging` object is then read as
   * the first page's size (its offset must be 0: a 400 otherwise, pointing at cursorPaging).
   */
  paging?: 'any' | 'cursor';
  /** The order of a first page that sends no `sort` (the id still ends it). */
  defaultSort?: readonly Sorting[];
  /**
   * Conditions of the request outside the wire filter (a text search): `value` (JSON) travels in the
   * cursor, so a next page that sends only the cursor gets the same rows; `where` turns it into SQL.
   */
  carried?: { value: unknown; where: (value: unknown) => SQL | undefined };
  /**
   * Offset pages: true (the default) counts the matches for `total`, up to the entity's `countLimit`.
   * For wires where `total` is optional (data's `returnTotalCount`), false never counts; a last page
   * still tells it, for free. A count reads every match, which a page of 50 does not.
   */
  countTotal?: boolean;
  /**
   * The entity's ordered (btree) indexes beyond its own columns' (data's user indexes), loaded only for a
   * query that could read one in order: an equality on an index's first field, sorted by its second.
   */
  orderedIndexes?: () => Promise<readonly OrderedIndex[]>;
  /**
   * The smallest of those indexes a sort by its second field is read through as a skip scan (`skipScan`);
   * 2 MiB (about 30,000 data items) when absent.
   */
  skipScanMinIndexBytes?: number;
}

/** An ordered index over entity fields: their names and directions, in key order. */
export interface OrderedIndex {
  fields: ReadonlyArray<{ name: string; descending: boolean }>;
  /** Its name in the database: a skip scan reads only an index whose size it can check. */
  sqlName?: string;
}

/** Offset metadata of a query run with `countTotal: false`: `total` only when it came for free. */
export type UncountedOffsetPagingMetadata = Omit<OffsetPagingMetadata, 'total' | 'tooManyToCount'> &
  Partial<Pick<OffsetPagingMetadata, 'total' | 'tooManyToCount'>>;

export interface QueryResult<Row, Offset = OffsetPagingMetadata> {
  rows: Row[];
  pagingMetadata: Offset | CursorPagingMetadata;
  /** The requested projection, checked against the whitelist; apply it with `projectFields`. */
  fields?: string[];
  /** The rows the query selects before paging (base, filter, carried), for counts and aggregations. */
  where: SQL | undefined;
}

/** The wire query; nullish members are absent (the module contracts differ on null versus undefined). */
export type QueryInput =
  | {
      filter?: unknown;
      sort?: readonly Sorting[] | null;
      paging?: { limit?: number | null; offset?: number | null } | null;
      cursorPaging?: { limit?: number | null; cursor?: string | null } | null;
      fields?: readonly string[] | null;
    }
  | Partial<ParsedQuery>
  | null
  | undefined;
type Row<TTable extends PgTable> = TTable['$inferSelect'];

const keyColumn = (index: number) => `__query_key_${index}`;
const orderColumn = (index: number) => `__query_order_${index}`;

function checkLimit(
  entity: Pick<QueryEntity, 'defaultLimit' | 'maxLimit'>,
  limit: number | null | undefined,
  path: PropertyKey[],
): number {
  const value = limit ?? entity.defaultLimit;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw invalidField(formatFieldPath(path), 'must be a positive integer', 'MIN');
  }
  if (value > entity.maxLimit) {
    throw invalidField(formatFieldPath(path), `must be at most ${entity.maxLimit}`, 'MAX');
  }
  return value;
}

function checkFields(entity: QueryEntity, fields: readonly string[] | null | undefined, path: PropertyKey[]) {
  if (!fields || fields.length === 0) return undefined;
  fields.forEach((name, index) => {
    if (!entity.resolve(name)) {
      throw invalidField(formatFieldPath([...path, index]), `unknown field ${name}`, 'FIELD_NOT_ALLOWED');
    }
  });
  return [...fields];
}

function sortOrDefault(sort: readonly Sorting[] | null | undefined, options: RunQueryOptions) {
  return sort && sort.length > 0 ? sort : options.defaultSort;
}

function isEmptyFilter(filter: unknown): boolean {
  return (
    filter === null ||
    filter === undefined ||
    (typeof filter === 'object' && Object.keys(filter).length === 0)
  );
}

/**
 * Disjoint parts of the rows a query selects, each read on its own in sort order (after its `prefix` keys,
 * constant within it) and merged: how one query reads a user index in order (`leadingEquality`).
 */
interface Branch {
  where: SQL;
  prefix: SortKey[];
  /**
   * The part is read once for each row of this set (a skip scan's groups), as a lateral
   * read whose `where` names the value (text) as `groupValue`.
   */
  each?: SQL;
}

const groupValue = sql.raw('__query_group.v');

interface SelectOptions {
  where: SQL | undefined;
  keys: readonly SortKey[];
  reverse: boolean;
  limit: number;
  offset?: number;
  branches?: readonly Branch[];
}

/** Rows with their sort-key values as text (for cursors), in the order the keys define. */
async function selectRows<TTable extends PgTable>(
  executor: Executor,
  entity: QueryEntity<TTable>,
  options: SelectOptions,
): Promise<Array<{ row: Row<TTable>; position: (string | null)[] }>> {
  const { keys, reverse, limit, offset = 0, branches } = options;
  const selection: Record<string, unknown> = { ...(entity.columns ?? getTableColumns(entity.table)) };
  keys.forEach((key, index) => {
    selection[keyColumn(index)] = keyText(key);
  });
  // The merge orders the parts' rows by their keys' values, so each part selects them too.
  if (branches)
    keys.forEach((key, index) => (selection[orderColumn(index)] = key.expr.as(orderColumn(index))));
  // A lateral read is named as the table, but drizzle refuses the table's columns outside a FROM of it:
  // the same columns as SQL, read back as the columns are.
  const tableName = sql.identifier(getTableName(entity.table as PgTable));
  const lateralSelection = Object.fromEntries(
    Object.entries(selection).map(([name, field]) => [
      name,
      is(field, Column) ? sql`${tableName}.${sql.identifier(field.name)}`.mapWith(field) : field,
    ]),
  );
  // The selection is built from the entity's own columns, which drizzle cannot type generically.
  const select = (where: SQL | undefined, order: readonly SortKey[], rows: number) =>
    executor
      .select(selection as never)
      .from(entity.table as PgTable)
      .where(where)
      .orderBy(...orderBy(order, reverse))
      .limit(rows)
      .$dynamic();
  let raw: Record<string, unknown>[];
  if (!branches) {
    const query = select(options.where, keys, limit);
    raw = (await (offset ? query.offset(offset) : query)) as Record<string, unknown>[];
  } else {
    const [first, ...others] = branches.map((branch) => {
      const where = and(options.where, branch.where);
      const order = [...branch.prefix, ...keys];
      if (!branch.each) return select(where, order, limit + offset);
      // One read of the part per value, each under its own LIMIT, named as the table so that the selection's
      // columns and keys read the lateral's rows.
      const each = executor
        .select((entity.columns ?? getTableColumns(entity.table)) as never)
        .from(entity.table as PgTable)
        .where(where)
        .orderBy(...orderBy(order, reverse))
        .limit(limit + offset);
      return executor
        .select(lateralSelection as never)
        .from(sql`${branch.each} AS __query_group(v) CROSS JOIN LATERAL (${each}) AS ${tableName}`)
        .$dynamic();
    });
    const merged = others
      .reduce((union, other) => union.unionAll(other as never), first!)
      .orderBy(
        ...keys.map(
          (key, index) => sql`${sql.identifier(orderColumn(index))} ${sql.raw(keyDirection(key, reverse))}`,
        ),
      )
      .limit(limit);
    raw = (await (offset ? merged.offset(offset) : merged)) as Record<string, unknown>[];
  }
  return raw.map((record) => {
    const position = keys.map((_, index) => (record[keyColumn(index)] as string | null) ?? null);
    const row: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(record)) if (!name.startsWith('__query_')) row[name] = value;
    return { row: row as Row<TTable>, position };
  });
}

/** `{field: value}` on a JSONB path, in the filter's top-level AND. */
type JsonEquality = Extract<FilterNode, { kind: 'condition' }> & {
  field: Extract<ResolvedField, { kind: 'json' }>;
  condition: Extract<Condition, { op: 'eq' }>;
};

/**
 * An equality in the filter's top-level AND on the first field of one of `indexes` that `fits` (the index's
 * first field is the equality's), with the filter's other conditions; undefined when there is none.
 */
function indexedEquality(
  filter: FilterNode,
  indexes: readonly OrderedIndex[],
  fits: (index: OrderedIndex) => boolean,
  skipField?: string,
): { node: JsonEquality; lead: OrderedIndex['fields'][number]; rest: FilterNode[] } | undefined {
  const conditions = filter.kind === 'and' ? filter.children : [filter];
  for (const node of conditions) {
    if (
      node.kind !== 'condition' ||
      node.field.kind !== 'json' ||
      node.condition.op !== 'eq' ||
      node.field.name === skipField
    )
      continue;
    const name = node.field.name;
    const index = indexes.find((candidate) => candidate.fields[0]?.name === name && fits(candidate));
    if (index) {
      const rest = conditions.filter((other) => other !== node);
      return { node: node as JsonEquality, lead: index.fields[0]!, rest };
    }
  }
  return undefined;
}

/** Whether a filter could hold an equality on a JSONB path at its top level (before loading any index). */
function mayHoldJsonEquality(filter: FilterNode): boolean {
  const conditions = filter.kind === 'and' ? filter.children : [filter];
  return conditions.some(
    (node) => node.kind === 'condition' && node.field.kind === 'json' && node.condition.op === 'eq',
  );
}

/**
 * A query with an equality on the first field of an ordered index and sorted by its second (a category's
 * page by price) can read that index in order, but only if written for it: the equality as the index's
 * keys (`equalityHalves`), the value and an array holding it read apart and merged. Returns the filter's
 * SQL without that equality and the two parts, or undefined for any other query (it runs as it is).
 */
async function leadingEquality(
  filter: FilterNode,
  sort: readonly Sorting[],
  options: RunQueryOptions,
): Promise<{ filterSql: SQL; branches: Branch[] } | undefined> {
  const first = sort[0];
  if (!first || !options.orderedIndexes || !mayHoldJsonEquality(filter)) return undefined;
  // An index serves the directions it was built in (its keys end with the id, always ascending).
  const found = indexedEquality(
    filter,
    await options.orderedIndexes(),
    (index) =>
      index.fields[1]?.name === first.fieldName && index.fields[1].descending === (first.order === 'DESC'),
    first.fieldName,
  );
  if (!found) return undefined;
  const { scalar, array } = equalityHalves(found.node.field, found.node.condition.value);
  const prefix = (keys: SQL[]) => keys.map((expr) => ({ expr, descending: found.lead.descending }));
  return {
    filterSql: compileFilter({ kind: 'and', children: found.rest }),
    branches: [
      { where: scalar.where, prefix: prefix(scalar.nullKeys) },
      { where: array.where, prefix: prefix(array.nullKeys) },
    ],
  };
}

/**
 * How far a skip scan goes: the first field's groups it reads one by one, the rows all groups may give; and
 * the smallest index it is worth it for. Walking the groups costs about 10 ms, more than sorting the matches
 * of a small collection (300 items: 5.4 ms sorted, 14.9 as a skip scan, PostgreSQL; 8.2 and 18 on PGlite).
 */
const skipScanLimits = { groups: 100, rows: 20_000, minIndexBytes: 2 * 1024 * 1024 };
/** Index sizes a skip scan checked (`indexBytes`), each kept a minute: the choice needs no exact size. */
const indexSizes = new Map<string, { bytes: number; until: number }>();
const indexSizeMs = 60_000;
/**
 * Lists (entity, cursor scope, first field) found with more groups than a skip scan reads, until when: their
 * queries skip the groups statement (about 5 ms) for a minute. Only a refusal is kept, so a list that gained
 * groups meanwhile is read the ordinary way, which is always right.
 */
const tooManyGroups = new Map<string, number>();
const tooManyGroupsMs = 60_000;
const indexCheckedOps = new Set(['gt', 'gte', 'lt', 'lte', 'exists']);

/** The conditions of a filter that is only an AND of conditions (nested ANDs flattened); else undefined. */
function andedConditions(filter: FilterNode): Array<Extract<FilterNode, { kind: 'condition' }>> | undefined {
  if (filter.kind === 'condition') return [filter];
  if (filter.kind !== 'and') return undefined;
  const conditions: Array<Extract<FilterNode, { kind: 'condition' }>> = [];
  for (const child of filter.children) {
    const inner = andedConditions(child);
    if (!inner) return undefined;
    conditions.push(...inner);
  }
  return conditions;
}

/**
 * A query sorted by an ordered index's second field with no equality on its first (a price range over
 * every category, by price). PostgreSQL 15 has no skip scan, so it would sort every match; read instead as
 * one: the first field's groups (`valueGroups`, one index descent each), then each group's first rows in
 * the index's order, merged. A group is one value of the first field (`valueGroupWhere`): absent values and
 * arrays or objects are a group each, every number, string, boolean or date its own. Taken only when the
 * filter is conditions on the sorted field alone, which the index checks itself (a condition on any other
 * field, or a carried text search, could make a group's read wade through rows it drops), and while groups
 * times rows stays small.
 */
async function skipScan(
  executor: Executor,
  entity: QueryEntity,
  filter: FilterNode,
  sort: readonly Sorting[],
  options: RunQueryOptions,
  rowsPerGroup: number,
  carried: SQL | undefined,
): Promise<{ filterSql: SQL; branches: Branch[] } | undefined> {
  const first = sort[0];
  if (!first || !options.orderedIndexes || carried || rowsPerGroup > skipScanLimits.rows) return undefined;
  const conditions = andedConditions(filter);
  const checkedByIndex = conditions?.every(
    (node) => node.field.name === first.fieldName && indexCheckedOps.has(node.condition.op),
  );
  if (!checkedByIndex) return undefined;
  const indexes = await options.orderedIndexes();
  // An index that leads with the sorted field reads the page in order by itself.
  if (indexes.some((index) => index.fields[0]?.name === first.fieldName)) return undefined;
  const index = indexes.find(
    (candidate) =>
      candidate.fields[1]?.name === first.fieldName &&
      candidate.fields[1].descending === (first.order === 'DESC') &&
      candidate.fields[0]!.name !== first.fieldName,
  );
  const lead = index && entity.resolve(index.fields[0]!.name);
  if (!index?.sqlName || lead?.kind !== 'json') return undefined;
  const minBytes = options.skipScanMinIndexBytes ?? skipScanLimits.minIndexBytes;
  if (minBytes > 0 && (await indexBytes(executor, index.sqlName)) < minBytes) return undefined;
  // The lead's sort keys without the id: its type rank, then its typed keys (json-path.ts).
  const leadKeys = parseSort(entity, [{ fieldName: lead.name, order: 'ASC' }])
    .keys.slice(0, -1)
    .map((key) => key.expr);
  const listKey =
    options.cursorScope === undefined ? undefined : `${entity.name}|${options.cursorScope}|${lead.name}`;
  const refusedUntil = listKey === undefined ? undefined : tooManyGroups.get(listKey);
  if (refusedUntil !== undefined) {
    if (refusedUntil > Date.now()) return undefined;
    tooManyGroups.delete(listKey!);
  }
  const groups = await valueGroups(executor, entity, options.baseWhere, leadKeys);
  if (!groups) {
    if (listKey !== undefined) {
      // Bounded: a list refused again replaces its entry; past 1,000 lists the oldest go first.
      if (tooManyGroups.size >= 1000) tooManyGroups.delete(tooManyGroups.keys().next().value!);
      tooManyGroups.set(listKey, Date.now() + tooManyGroupsMs);
    }
    return undefined;
  }
  if (groups.count === 0 || groups.count * rowsPerGroup > skipScanLimits.rows) return undefined;
  const prefix = leadKeys.map((expr) => ({ expr, descending: index.fields[0]!.descending }));
  const branches: Branch[] = valueGroupRanks
    .filter((rank) => groups.plain.has(rank))
    .map((rank) => ({ where: valueGroupWhere(leadKeys, rank), prefix }));
  for (const { rank, type } of typedGroupRanks) {
    const values = groups.typed.get(rank);
    if (!values?.length) continue;
    branches.push({
      where: valueGroupWhere(leadKeys, rank, sql`${groupValue}::${sql.raw(type)}`),
      prefix,
      each: sql`jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)`,
    });
  }
  return { filterSql: compileFilter(filter), branches };
}

/** The size of an index on disk (0 when it is gone), read at most once a minute per index. */
async function indexBytes(executor: Executor, sqlName: string): Promise<number> {
  const known = indexSizes.get(sqlName);
  if (known && known.until > Date.now()) return known.bytes;
  const [row] = (await executor
    .select({ bytes: sql<number>`coalesce(pg_relation_size(to_regclass(${sqlName})), 0)::float8` })
    .from(sql`(SELECT 1) AS __query_one`)) as Array<{ bytes: number }>;
  const bytes = Number(row?.bytes ?? 0);
  if (indexSizes.size >= 1000) indexSizes.delete(indexSizes.keys().next().value!);
  indexSizes.set(sqlName, { bytes, until: Date.now() + indexSizeMs });
  return bytes;
}

/**
 * The groups of an index's first field (`skipScan`), in one statement: each typed rank's values walked
 * through the index one descent at a time (a recursive CTE that stops past the limit), and whether the
 * absent and other groups hold rows. Undefined when a rank has more values than a skip scan reads.
 */
async function valueGroups(
  executor: Executor,
  entity: QueryEntity,
  baseWhere: SQL | undefined,
  keys: readonly SQL[],
): Promise<{ count: number; plain: Set<number>; typed: Map<number, string[]> } | undefined> {
  const ascending = (upTo: number) =>
    sql.join(
      keys.slice(0, upTo + 1).map((key) => sql`${key} ASC NULLS FIRST`),
      sql`, `,
    );
  const rankRows = (rank: number) =>
    and(
      baseWhere,
      sql`${keys[0]} = ${sql.raw(String(rank))}`,
      ...keys.slice(1, rank).map((key) => sql`${key} IS NULL`),
    );
  const walks = typedGroupRanks.map(({ rank, type }) => {
    const walk = sql.raw(`__query_groups_${rank}`);
    const value = keys[rank]!;
    const next = (after?: SQL) =>
      sql`SELECT (${value})::text FROM ${entity.table} WHERE ${and(rankRows(rank), after)} ORDER BY ${ascending(rank)} LIMIT 1`;
    return sql`${walk}(v, n) AS (SELECT (${next()}), 1 UNION ALL SELECT (${next(
      sql`${value} > ${walk}.v::${sql.raw(type)}`,
    )}), ${walk}.n + 1 FROM ${walk} WHERE ${walk}.v IS NOT NULL AND ${walk}.n <= ${sql.raw(String(skipScanLimits.groups))})`;
  });
  const typedValues = typedGroupRanks.map(
    ({ rank }) => sql`(SELECT json_agg(v) FROM ${sql.raw(`__query_groups_${rank}`)} WHERE v IS NOT NULL)`,
  );
  const plainRows = valueGroupRanks.map(
    (rank) =>
      sql`EXISTS (SELECT 1 FROM ${entity.table} WHERE ${and(baseWhere, valueGroupWhere(keys, rank))})`,
  );
  const [row] = (await executor
    .select({ groups: sql<string>`groups` })
    .from(
      sql`(WITH RECURSIVE ${sql.join(walks, sql`, `)} SELECT json_build_array(${sql.join(
        [...plainRows, ...typedValues],
        sql`, `,
      )})::text AS groups) AS __query_groups`,
    )) as Array<{ groups: string }>;
  const found = JSON.parse(row!.groups) as Array<boolean | string[] | null>;
  const plain = new Set(valueGroupRanks.filter((_, index) => found[index] === true));
  const typed = new Map<number, string[]>();
  let count = plain.size;
  for (const [index, { rank }] of typedGroupRanks.entries()) {
    const values = (found[valueGroupRanks.length + index] as string[] | null) ?? [];
    if (values.length > skipScanLimits.groups) return undefined;
    typed.set(rank, values);
    count += values.length;
  }
  return { count, plain, typed };
}

/**
 * A wire filter as disjoint parts whose counts add up to its count (count endpoints): the filter itself,
 * or, with an equality on the first field of an ordered index, the filter with that equality's two
 * halves (the value itself, an array holding it) in its place. The index then answers the plain values
 * from its own keys, where the GIN index's matches are each rechecked against their whole document (a
 * category's 5,000 items among 100,000: 6 ms against 2 on PostgreSQL).
 */
export async function countedParts(
  entity: QueryEntity,
  filter: unknown,
  orderedIndexes: (() => Promise<readonly OrderedIndex[]>) | undefined,
  path: PropertyKey[] = ['filter'],
): Promise<SQL[]> {
  const parsed = parseFilter(entity, filter, path);
  return (await equalityParts(parsed, orderedIndexes)) ?? [compileFilter(parsed)];
}

/** The filter with an indexed equality's two halves in its place (`countedParts`); undefined without one. */
async function equalityParts(
  filter: FilterNode,
  orderedIndexes: (() => Promise<readonly OrderedIndex[]>) | undefined,
): Promise<SQL[] | undefined> {
  const found =
    orderedIndexes && mayHoldJsonEquality(filter)
      ? indexedEquality(filter, await orderedIndexes(), () => true)
      : undefined;
  if (!found) return undefined;
  const rest = compileFilter({ kind: 'and', children: found.rest });
  const { scalar, array } = equalityHalves(found.node.field, found.node.condition.value);
  return [and(rest, scalar.where)!, and(rest, array.where)!];
}

async function countRows(
  executor: Executor,
  entity: QueryEntity,
  where: SQL | undefined,
  cap: number,
): Promise<number> {
  // Counting stops past the cap, so a huge table cannot make every list request slow.
  const capped = executor
    .select({ one: sql`1` })
    .from(entity.table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [result] = await executor.select({ n: count() }).from(capped);
  return Number(result?.n ?? 0);
}

async function runOffset<TTable extends PgTable>(
  executor: Executor,
  entity: QueryEntity<TTable>,
  query: NonNullable<QueryInput>,
  options: RunQueryOptions,
  path: PropertyKey[],
): Promise<QueryResult<Row<TTable>, UncountedOffsetPagingMetadata>> {
  const limit = checkLimit(entity, query.paging?.limit, [...path, 'paging', 'limit']);
  const offset = query.paging?.offset ?? 0;
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw invalidField(
      formatFieldPath([...path, 'paging', 'offset']),
      'must be a non-negative integer',
      'MIN',
    );
  }
  const filter = parseFilter(entity, query.filter, [...path, 'filter']);
  const { keys, sort } = parseSort(entity, sortOrDefault(query.sort, options), [...path, 'sort']);
  const fields = checkFields(entity, query.fields, [...path, 'fields']);
  const carried = options.carried?.where(options.carried.value);
  const filterSql = compileFilter(filter);
  const where = and(options.baseWhere, filterSql, carried);
  const lead =
    (await leadingEquality(filter, sort, options)) ??
    (await skipScan(executor, entity, filter, sort, options, offset + limit + 1, carried));

  const found = await selectRows(executor, entity, {
    where: and(options.baseWhere, lead?.filterSql ?? filterSql, carried),
    branches: lead?.branches,
    keys,
    reverse: false,
    limit: limit + 1,
    offset,
  });
  const hasNext = found.length > limit;
  const rows = found.slice(0, limit).map((item) => item.row);
  // A last page that is not empty tells the total without counting.
  const pagingMetadata: UncountedOffsetPagingMetadata = { count: rows.length, offset, hasNext };
  const counting = options.countTotal ?? true;
  let counted = !hasNext && (rows.length > 0 || offset === 0) ? offset + rows.length : undefined;
  if (counted === undefined && counting === true) {
    // Each part's count stops past the cap, so their sum passes it exactly when the whole count would.
    const parts = await equalityParts(filter, options.orderedIndexes);
    const wheres = parts ? parts.map((part) => and(options.baseWhere, part, carried)) : [where];
    counted = 0;
    for (const part of wheres) counted += await countRows(executor, entity, part, entity.countLimit);
  }
  if (counted !== undefined) {
    const tooManyToCount = counted > entity.countLimit;
    pagingMetadata.total = tooManyToCount ? entity.countLimit : counted;
    pagingMetadata.tooManyToCount = tooManyToCount;
  }
  return { rows, fields, where, pagingMetadata };
}

function fromCursor(
  cursorKey: Uint8Array,
  scope: string,
  query: NonNullable<QueryInput>,
  path: PropertyKey[],
): CursorPayload | undefined {
  const cursor = query.cursorPaging?.cursor;
  if (!cursor) return undefined;
  if (!isEmptyFilter(query.filter) || (query.sort && query.sort.length > 0)) {
    throw invalidField(
      formatFieldPath([...path, 'cursorPaging', 'cursor']),
      'a cursor carries the filter and sort of its query: send only cursorPaging with it',
    );
  }
  return decodeCursor(cursorKey, cursor, scope);
}

async function runCursor<TTable extends PgTable>(
  executor: Executor,
  entity: QueryEntity<TTable>,
  query: NonNullable<QueryInput>,
  options: RunQueryOptions & { cursorKey: Uint8Array },
  path: PropertyKey[],
): Promise<QueryResult<Row<TTable>>> {
  const limit = checkLimit(entity, query.cursorPaging?.limit, [...path, 'cursorPaging', 'limit']);
  const scope = `${entity.name}:${options.cursorScope ?? ''}`;
  const payload = fromCursor(options.cursorKey, scope, query, path);
  const rawFilter = payload ? payload.filter : (query.filter ?? null);
  const rawSort = payload ? payload.sort : [...(sortOrDefault(query.sort, options) ?? [])];
  const carried = payload ? payload.carried : options.carried?.value;
  const fields = checkFields(entity, query.fields ?? payload?.fields, [...path, 'fields']);

  let filter: FilterNode;
  let filterSql: SQL;
  let parsedSort: ReturnType<typeof parseSort>;
  try {
    filter = parseFilter(entity, rawFilter, [...path, 'filter']);
    filterSql = compileFilter(filter);
    parsedSort = parseSort(entity, rawSort, [...path, 'sort']);
  } catch (error) {
    // A signed cursor was valid when issued; the entity's fields changed since (a deploy).
    if (payload && error instanceof AppError) throw invalidCursor();
    throw error;
  }
  const { keys, sort } = parsedSort;
  if (payload && payload.position.length !== keys.length) throw invalidCursor();

  const reverse = payload?.direction === 'prev';
  const carriedWhere = options.carried?.where(carried);
  const selected = and(options.baseWhere, filterSql, carriedWhere);
  const keyset = payload ? keysetAfter(keys, payload.position, reverse) : undefined;
  const lead =
    (await leadingEquality(filter, sort, options)) ??
    (await skipScan(executor, entity, filter, sort, options, limit + 1, carriedWhere));
  const found = await selectRows(executor, entity, {
    where: and(options.baseWhere, lead?.filterSql ?? filterSql, carriedWhere, keyset),
    branches: lead?.branches,
    keys,
    reverse,
    limit: limit + 1,
  });
  const more = found.length > limit;
  const page = found.slice(0, limit);
  if (reverse) page.reverse();

  // Going forward, rows lie behind us whenever we started from a position; going back, ahead of us.
  const hasNext = reverse ? true : more;
  const hasPrev = reverse ? more : payload !== undefined;
  const cursorFor = (position: (string | null)[], direction: 'next' | 'prev') =>
    encodeCursor(options.cursorKey, {
      v: 1,
      scope,
      filter: (rawFilter as Record<string, unknown> | null) ?? null,
      sort,
      fields: fields ?? null,
      ...(carried === undefined ? {} : { carried }),
      position,
      direction,
    });
  const first = page[0];
  const last = page[page.length - 1];
  return {
    rows: page.map((item) => item.row),
    fields,
    where: selected,
    pagingMetadata: {
      count: page.length,
      cursors: {
        next: hasNext && last ? cursorFor(last.position, 'next') : null,
        prev: hasPrev && first ? cursorFor(first.position, 'prev') : null,
      },
      hasNext: hasNext && page.length > 0,
    },
  };
}

/**
 * Runs a wire query on an entity: filter, sort (always ending with the id), offset or cursor paging.
 * Every user mistake is a 400 (field paths under `query.`), a bad cursor a 400 INVALID_CURSOR.
 * @example runQuery(tx, servicesEntity, body.query, { cursorKey, baseWhere: eq(services.siteId, ctx.site.id) })
 */
export async function runQuery<TTable extends PgTable>(
  executor: Executor,
  entity: QueryEntity<TTable>,
  query: QueryInput,
  options: RunQueryOptions & { cursorKey: Uint8Array; countTotal?: true },
): Promise<QueryResult<Row<TTable>>>;
export async function runQuery<TTable extends PgTable>(
  executor: Executor,
  entity: QueryEntity<TTable>,
  query: QueryInput,
  options: RunQueryOptions & { cursorKey: Uint8Array },
): Promise<QueryResult<Row<TTable>, UncountedOffsetPagingMetadata>>;
export async function runQuery<TTable extends PgTable>(
  executor: Executor,
  entity: QueryEntity<TTable>,
  query: QueryInput,
  options: RunQueryOptions & { cursorKey: Uint8Array },
): Promise<QueryResult<Row<TTable>, UncountedOffsetPagingMetadata>> {
  let input: NonNullable<QueryInput> = query ?? {};
  const path = options.path ?? ['query'];
  if (options.paging === 'cursor' && input.paging && !input.cursorPaging) {
    if (input.paging.offset) {
      throw invalidField(
        formatFieldPath([...path, 'paging', 'offset']),
        'this list pages by cursor: send cursorPaging and follow pagingMetadata.cursors',
      );
    }
    input = { ...input, paging: undefined, cursorPaging: { limit: input.paging.limit } };
  }
  if (options.paging === 'cursor' && !input.cursorPaging) input = { ...input, cursorPaging: {} };
  if (input.paging && input.cursorPaging) {
    throw invalidField(
      formatFieldPath(path),
      'send either paging or cursorPaging, not both',
      'ONE_OF_ALIGNMENT',
    );
  }
  return input.cursorPaging
    ? runCursor(executor, entity, input, options, path)
    : runOffset(executor, entity, input, options, path);
}

export interface ListQueryOptions {
  /** Names the list in its cursors, as an entity name does. */
  name: string;
  cursorScope?: string;
  path?: PropertyKey[];
  defaultLimit?: number;
  maxLimit?: number;
}

/**
 * Cursor paging of a list the caller computes in memory (grouped results such as "forms and the services
 * using them"): `load` gets the wire filter (the cursor's on a next page) and returns the whole ordered
 * list; the cursor holds the filter and the offset, signed like every cursor.
 */
export async function runListQuery<Item>(
  query: QueryInput,
  options: ListQueryOptions & { cursorKey: Uint8Array },
  load: (filter: unknown) => Promise<Item[]>,
): Promise<{ items: Item[]; pagingMetadata: CursorPagingMetadata }> {
  const input = query ?? {};
  const path = options.path ?? ['query'];
  const limits = { defaultLimit: options.defaultLimit ?? 50, maxLimit: options.maxLimit ?? 100 };
  const limit = checkLimit(limits, input.cursorPaging?.limit ?? input.paging?.limit, [
    ...path,
    input.cursorPaging ? 'cursorPaging' : 'paging',
    'limit',
  ]);
  const scope = `${options.name}:${options.cursorScope ?? ''}`;
  const payload = fromCursor(options.cursorKey, scope, input, path);
  const filter = payload ? payload.filter : (input.filter ?? null);
  const start = payload ? Number(payload.position[0]) : 0;
  if (!Number.isSafeInteger(start) || start < 0) throw invalidCursor();
  const all = await load(filter);
  const items = all.slice(start, start + limit);
  const cursorAt = (offset: number) =>
    encodeCursor(options.cursorKey, {
      v: 1,
      scope,
      filter: (filter as Record<string, unknown> | null) ?? null,
      sort: [],
      fields: null,
      position: [String(offset)],
      direction: 'next',
    });
  const hasNext = start + limit < all.length;
  return {
    items,
    pagingMetadata: {
      count: items.length,
      cursors: {
        next: hasNext ? cursorAt(start + limit) : null,
        prev: start > 0 ? cursorAt(Math.max(0, start - limit)) : null,
      },
      hasNext,
    },
  };
}

/** The query engine with the deployment's cursor key, wired once in buildApp and handed to repositories. */
export function createQueryRunner(dependencies: {
  /** The key, or how to load it on first use (for code built without an app, such as the seed CLI). */
  cursorKey: Uint8Array | (() => Promise<Uint8Array>);
}) {
  let key: Promise<Uint8Array> | undefined;
  const cursorKey = () => {
    const given = dependencies.cursorKey;
    // A failed load is not kept, so the next request tries again.
    key ??= (typeof given === 'function' ? given() : Promise.resolve(given)).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    run: (async <TTable extends PgTable>(
      executor: Executor,
      entity: QueryEntity<TTable>,
      query: QueryInput,
      options: RunQueryOptions = {},
    ) => runQuery(executor, entity, query, { ...options, cursorKey: await cursorKey() })) as {
      <TTable extends PgTable>(
        executor: Executor,
        entity: QueryEntity<TTable>,
        query: QueryInput,
        options?: RunQueryOptions & { countTotal?: true },
      ): Promise<QueryResult<Row<TTable>>>;
      <TTable extends PgTable>(
        executor: Executor,
        entity: QueryEntity<TTable>,
        query: QueryInput,
        options: RunQueryOptions,
      ): Promise<QueryResult<Row<TTable>, UncountedOffsetPagingMetadata>>;
    },
    async runList<Item>(
      query: QueryInput,
      options: ListQueryOptions,
      load: (filter: unknown) => Promise<Item[]>,
    ): Promise<{ items: Item[]; pagingMetadata: CursorPagingMetadata }> {
      return runListQuery(query, { ...options, cursorKey: await cursorKey() }, load);
    },
  };
}
export type QueryRunner = ReturnType<typeof createQueryRunner>;

/**
 * The SQL of a wire filter alone, for counts, bulk actions and aggregations over what a query would list
 * (every mistake a 400 under `path`).
 */
export function filterWhere(entity: QueryEntity, filter: unknown, path: PropertyKey[] = ['filter']): SQL {
  return compileFilter(parseFilter(entity, filter, path));
}

/** The metadata of a query run with `paging: 'cursor'`, typed as such. */
export function cursorPagingOf(metadata: QueryResult<unknown>['pagingMetadata']): CursorPagingMetadata {
  if (!('cursors' in metadata)) throw new Error('The query was not run with cursor paging');
  return metadata;
}

/** The metadata of an offset-paged query, typed as such. */
export function offsetPagingOf(metadata: QueryResult<unknown>['pagingMetadata']): OffsetPagingMetadata {
  if ('cursors' in metadata) throw new Error('The query was not run with offset paging');
  return metadata;
}
