import type {
  CursorPagingMetadata,
  Filter,
  OffsetPagingMetadata,
  Query,
  Sorting,
  SortOrder,
} from '@atrium/contract/query';
import { AtriumError, PagingError } from './errors.ts';

export type { Filter, Sorting, SortOrder };

/** The `query` object every query call sends (`querySchema` of the contract). */
export type WireQuery = Query;

/** Offset or cursor paging metadata; modules whose answer names it `metadata` map it onto this. */
export type PagingMetadata = Partial<OffsetPagingMetadata> & Partial<CursorPagingMetadata>;

/** One page as a module hands it to the builder (modules map `services`, `metadata`... onto this). */
export interface QueryPage<T> {
  items: T[];
  pagingMetadata?: PagingMetadata;
}

export type QueryExecutor<T> = (query: WireQuery) => Promise<QueryPage<T>>;
export type PagingMode = 'offset' | 'cursor';

/** Field names of T, with dotted paths and other names still allowed. */
export type FieldPath<T> = (keyof T & string) | (string & {});

/** Default page size (spec: 50 items). */
export const defaultPageSize = 50;

type FilterInput = FilterBuilder<never> | Filter;

interface FilterState {
  readonly conditions: readonly Filter[];
  readonly encodeValue: (value: unknown) => unknown;
}

/**
 * An immutable filter: every method returns a new builder.
 * @example filter<Service>().eq('type', 'CLASS').or(filter<Service>().gt('capacity', 10)).build()
 */
export class FilterBuilder<T> {
  protected readonly state: FilterState;

  constructor(state: FilterState) {
    this.state = state;
  }

  /** A new builder of the same class; `state` holds everything a subclass adds, so it carries over. */
  protected with(conditions: readonly Filter[]): this {
    const Constructor = this.constructor as new (state: FilterState) => this;
    return new Constructor({ ...this.state, conditions });
  }

  private where(field: string, operator: string, value: unknown): this {
    if (typeof field !== 'string' || field === '')
      throw invalidQuery('Field name must be a non-empty string');
    return this.with([...this.state.conditions, { [field]: { [operator]: value } } as Filter]);
  }

  private encode(value: unknown): unknown {
    return this.state.encodeValue(value);
  }

  private list(operator: string, values: readonly unknown[]): unknown[] {
    const flat = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
    if (flat.length === 0) throw invalidQuery(`${operator} needs at least one value`);
    return flat.map((value) => this.encode(value));
  }

  eq(field: FieldPath<T>, value: unknown): this {
    return this.where(field, '$eq', this.encode(value));
  }
  ne(field: FieldPath<T>, value: unknown): this {
    return this.where(field, '$ne', this.encode(value));
  }
  gt(field: FieldPath<T>, value: string | number | Date): this {
    return this.where(field, '$gt', this.encode(value));
  }
  ge(field: FieldPath<T>, value: string | number | Date): this {
    return this.where(field, '$gte', this.encode(value));
  }
  lt(field: FieldPath<T>, value: string | number | Date): this {
    return this.where(field, '$lt', this.encode(value));
  }
  le(field: FieldPath<T>, value: string | number | Date): this {
    return this.where(field, '$lte', this.encode(value));
  }
  startsWith(field: FieldPath<T>, value: string): this {
    return this.where(field, '$startsWith', requireString('startsWith', value));
  }
  endsWith(field: FieldPath<T>, value: string): this {
    return this.where(field, '$endsWith', requireString('endsWith', value));
  }
  contains(field: FieldPath<T>, value: string): this {
    return this.where(field, '$contains', requireString('contains', value));
  }
  /** `in('status', ['A', 'B'])` or `in('status', 'A', 'B')`. */
  in(field: FieldPath<T>, ...values: unknown[]): this {
    return this.where(field, '$in', this.list('in', values));
  }
  hasSome(field: FieldPath<T>, ...values: unknown[]): this {
    return this.where(field, '$hasSome', this.list('hasSome', values));
  }
  hasAll(field: FieldPath<T>, ...values: unknown[]): this {
    return this.where(field, '$hasAll', this.list('hasAll', values));
  }
  exists(field: FieldPath<T>, value = true): this {
    return this.where(field, '$exists', value);
  }
  /** From `start` (inclusive) to `end` (exclusive); both of the same type. */
  between(field: FieldPath<T>, start: string | number | Date, end: string | number | Date): this {
    if (kindOf(start) !== kindOf(end)) throw invalidQuery('between needs two values of the same type');
    return this.where(field, '$gte', this.encode(start)).where(field, '$lt', this.encode(end));
  }

  /** Items matching this filter and every one given. */
  and(...others: FilterInput[]): this {
    return this.with([...this.state.conditions, ...others.map(toFilter).filter(isNonEmpty)]);
  }
  /**
   * Items matching this filter or any one given. Empty filters are left out, so
   * `filter().or(a, b)` is simply `a or b`.
   */
  or(...others: FilterInput[]): this {
    const alternatives = [this.build(), ...others.map(toFilter)].filter(isNonEmpty);
    if (alternatives.length <= 1) return this.with(alternatives);
    return this.with([{ $or: alternatives }]);
  }
  /** Items matching this filter but not the one given. */
  not(other: FilterInput): this {
    return this.with([...this.state.conditions, { $not: toFilter(other) }]);
  }

  /** The wire filter: `{}` for none, one condition as is, several under `$and`. */
  build(): Filter {
    const { conditions } = this.state;
    if (conditions.length === 0) return {};
    if (conditions.length === 1) return conditions[0]!;
    return { $and: [...conditions] };
  }
}

/** A stand-alone filter, to combine with `and`, `or` and `not`. */
export function filter<T = Record<string, unknown>>(
  options: { encodeValue?: (value: unknown) => unknown } = {},
): FilterBuilder<T> {
  return new FilterBuilder<T>({ conditions: [], encodeValue: options.encodeValue ?? identity });
}

interface QueryState extends FilterState {
  readonly execute: QueryExecutor<unknown>;
  readonly mode: PagingMode;
  readonly sort: readonly Sorting[];
  readonly limit?: number;
  readonly skip?: number;
  readonly fields?: readonly string[];
}

/**
 * An immutable query: the filter methods, plus sort, paging, projection and `find()`.
 * @example const page = await client.bookings.queryServices().eq('type', 'CLASS').ascending('name').limit(10).find();
 */
export class QueryBuilder<T> extends FilterBuilder<T> {
  declare protected readonly state: QueryState;

  private withQuery(patch: Partial<QueryState>): this {
    const Constructor = this.constructor as new (state: QueryState) => this;
    return new Constructor({ ...this.state, ...patch });
  }

  ascending(...fields: FieldPath<T>[]): this {
    return this.withQuery({ sort: [...this.state.sort, ...sortings('ascending', fields, 'ASC')] });
  }
  descending(...fields: FieldPath<T>[]): this {
    return this.withQuery({ sort: [...this.state.sort, ...sortings('descending', fields, 'DESC')] });
  }
  /** Page size, a positive integer (default 50). */
  limit(limit: number): this {
    if (!Number.isSafeInteger(limit) || limit <= 0) throw invalidQuery('limit must be a positive integer');
    return this.withQuery({ limit });
  }
  /** Items to skip before the first page; offset paging only. */
  skip(skip: number): this {
    if (!Number.isSafeInteger(skip) || skip < 0) throw invalidQuery('skip must be a non-negative integer');
    if (this.state.mode === 'cursor') throw invalidQuery('skip is not supported in cursor paging');
    return this.withQuery({ skip });
  }
  /** Only these fields in the returned items. */
  fields(...fields: FieldPath<T>[]): this {
    return this.withQuery({ fields: [...(this.state.fields ?? []), ...fields] });
  }

  /** The `query` object `find()` sends. */
  toWire(): WireQuery {
    const { sort, fields, mode } = this.state;
    const limit = this.state.limit ?? defaultPageSize;
    const filter = this.build();
    return {
      ...(Object.keys(filter).length > 0 ? { filter } : {}),
      ...(sort.length > 0 ? { sort: [...sort] } : {}),
      ...(mode === 'cursor'
        ? { cursorPaging: { limit } }
        : { paging: { limit, offset: this.state.skip ?? 0 } }),
      ...(fields ? { fields: [...fields] } : {}),
    };
  }

  find(): Promise<QueryResult<T>> {
    return fetchPage(this.state.execute as QueryExecutor<T>, this.state.mode, this.toWire());
  }
}

/** Starts a query for a module: `execute` sends one page request and maps the answer to `QueryPage`. */
export function createQuery<T>(options: {
  execute: QueryExecutor<T>;
  /** How this call pages (default offset). Cursor paging sends only the cursor for later pages. */
  paging?: PagingMode;
  encodeValue?: (value: unknown) => unknown;
}): QueryBuilder<T> {
  return new QueryBuilder<T>({
    conditions: [],
    encodeValue: options.encodeValue ?? identity,
    execute: options.execute as QueryExecutor<unknown>,
    mode: options.paging ?? 'offset',
    sort: [],
  } as QueryState);
}

export interface QueryResult<T> {
  readonly items: T[];
  /** Items on this page. */
  readonly length: number;
  /** All matching items, when the server counted them (a lower bound when `tooManyToCount`). */
  readonly totalCount: number | undefined;
  readonly tooManyToCount: boolean;
  readonly pageSize: number;
  /** Zero-based page index (offset paging). */
  readonly currentPage: number | undefined;
  readonly totalPages: number | undefined;
  readonly cursors: { next?: string; prev?: string };
  /** The `query` sent for this page. */
  readonly query: WireQuery;
  hasNext(): boolean;
  hasPrev(): boolean;
  /** The following page; rejects with 'No next page to fetch' past the end. */
  next(): Promise<QueryResult<T>>;
  /** The preceding page; rejects with 'No previous page to fetch' before the start. */
  prev(): Promise<QueryResult<T>>;
}

async function fetchPage<T>(
  execute: QueryExecutor<T>,
  mode: PagingMode,
  query: WireQuery,
): Promise<QueryResult<T>> {
  const page = await execute(query);
  return mode === 'cursor' ? cursorResult(execute, query, page) : offsetResult(execute, query, page);
}

function offsetResult<T>(execute: QueryExecutor<T>, query: WireQuery, page: QueryPage<T>): QueryResult<T> {
  const metadata = page.pagingMetadata ?? {};
  const limit = query.paging?.limit ?? defaultPageSize;
  const offset = metadata.offset ?? query.paging?.offset ?? 0;
  const count = metadata.count ?? page.items.length;
  // With tooManyToCount the server stopped counting: `total` is a lower bound, still right for hasNext.
  const total = metadata.total;
  const hasNext = () => {
    if (typeof metadata.hasNext === 'boolean') return metadata.hasNext;
    if (total === undefined) return count >= limit;
    return offset + count < total || (Boolean(metadata.tooManyToCount) && count >= limit);
  };
  const hasPrev = () => offset > 0;
  const at = (nextOffset: number) =>
    fetchPage(execute, 'offset', { ...query, paging: { limit, offset: nextOffset } });
  return {
    items: page.items,
    length: page.items.length,
    totalCount: total,
    tooManyToCount: metadata.tooManyToCount ?? false,
    pageSize: limit,
    currentPage: Math.floor(offset / limit),
    totalPages: total === undefined || metadata.tooManyToCount ? undefined : Math.ceil(total / limit),
    cursors: {},
    query,
    hasNext,
    hasPrev,
    next: () => (hasNext() ? at(offset + limit) : Promise.reject(noNextPage())),
    prev: () => (hasPrev() ? at(Math.max(0, offset - limit)) : Promise.reject(noPrevPage())),
  };
}

function cursorResult<T>(execute: QueryExecutor<T>, query: WireQuery, page: QueryPage<T>): QueryResult<T> {
  const metadata = page.pagingMetadata ?? {};
  const limit = query.cursorPaging?.limit ?? defaultPageSize;
  const next = metadata.cursors?.next ?? undefined;
  const prev = metadata.cursors?.prev ?? undefined;
  const hasNext = () => Boolean(next) && metadata.hasNext !== false;
  const hasPrev = () => Boolean(prev);
  // The cursor carries the filter and sort, so a later page sends only the cursor (platform.md).
  const at = (cursor: string) => fetchPage(execute, 'cursor', { cursorPaging: { limit, cursor } });
  return {
    items: page.items,
    length: page.items.length,
    totalCount: metadata.total,
    tooManyToCount: metadata.tooManyToCount ?? false,
    pageSize: limit,
    currentPage: undefined,
    totalPages: undefined,
    cursors: { ...(next ? { next } : {}), ...(prev ? { prev } : {}) },
    query,
    hasNext,
    hasPrev,
    next: () => (hasNext() ? at(next!) : Promise.reject(noNextPage())),
    prev: () => (hasPrev() ? at(prev!) : Promise.reject(noPrevPage())),
  };
}

function noNextPage(): PagingError {
  return new PagingError('NO_NEXT_PAGE', 'No next page to fetch');
}

function noPrevPage(): PagingError {
  return new PagingError('NO_PREVIOUS_PAGE', 'No previous page to fetch');
}

function invalidQuery(message: string): AtriumError {
  return new AtriumError('INVALID_QUERY', message);
}

function identity(value: unknown): unknown {
  return value;
}

function requireString(operator: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidQuery(`${operator} needs a string`);
  return value;
}

function kindOf(value: unknown): string {
  return value instanceof Date ? 'date' : typeof value;
}

function toFilter(input: FilterInput): Filter {
  return input instanceof FilterBuilder ? input.build() : input;
}

function isNonEmpty(filter: Filter): boolean {
  return Object.keys(filter).length > 0;
}

function sortings(method: string, fields: readonly string[], order: SortOrder): Sorting[] {
  if (fields.length === 0 || fields.some((field) => typeof field !== 'string' || field === '')) {
    throw invalidQuery(`${method} needs at least one field name`);
  }
  return fields.map((fieldName) => ({ fieldName, order }));
}
