import { and, sql, type SQL } from 'drizzle-orm';
import type { Sorting } from '@atrium/contract/query';
import type { Executor } from '../db/database.ts';
import { compileFilter } from './compile-filter.ts';
import type { Condition, FilterNode } from './filter-ast.ts';
import { equalityHalves, typedGroupRanks, valueGroupRanks, valueGroupWhere } from './json-path.ts';
import { parseFilter } from './parse-filter.ts';
import type { QueryEntity, ResolvedField } from './query-entity.ts';
import type { RunQueryOptions } from './run-query.ts';
import { parseSort, type SortKey } from './sort-keys.ts';

/**
 * Reading an entity's ordered (user) indexes in order (README, "An equality on an index's first field" and
 * "A sort by an index's second field"): which query can, and the disjoint branches it is read as, which
 * run-query.ts merges. Also the counts through an index's halves.
 */

/** An ordered index over entity fields: their names and directions, in key order. */
export interface OrderedIndex {
  fields: ReadonlyArray<{ name: string; descending: boolean }>;
  /** Its name in the database: a skip scan reads only an index whose size it can check. */
  sqlName?: string;
}

/**
 * Disjoint parts of the rows a query selects, each read on its own in sort order (after its `prefix` keys,
 * constant within it) and merged: how one query reads a user index in order (`leadingEquality`).
 */
export interface Branch {
  where: SQL;
  prefix: SortKey[];
  /**
   * The part is read once for each row of this set (a skip scan's groups), as a lateral
   * read whose `where` names the value (text) as `groupValue`.
   */
  each?: SQL;
}

export const groupValue = sql.raw('__query_group.v');
/** The set a branch's `each` rows are named by in its lateral read. */
export const groupSource = sql.raw('__query_group(v)');

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
export async function leadingEquality(
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
export async function skipScan(
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
export async function equalityParts(
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
