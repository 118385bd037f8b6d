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
import type { FilterNode } from './filter-ast.ts';
import {
  equalityParts,
  groupSource,
  leadingEquality,
  skipScan,
  type Branch,
  type OrderedIndex,
} from './index-reads.ts';
import { decodeCursor, encodeCursor, invalidCursor, type CursorPayload } from './cursor.ts';
import { parseFilter } from './parse-filter.ts';
import type { QueryEntity } from './query-entity.ts';
import { keyDirection, keysetAfter, keyText, orderBy, parseSort, type SortKey } from './sort-keys.ts';

export { countedParts, type OrderedIndex } from './index-reads.ts';

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
        .from(sql`${branch.each} AS ${groupSource} CROSS JOIN LATERAL (${each}) AS ${tableName}`)
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
