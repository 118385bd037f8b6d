import type { DataPagingMetadata, DataItem as WireDataItem } from '@atrium/contract/data';
import type { Filter } from '@atrium/contract/query';
import { dataMessages, validationError } from './errors.ts';
import { FilterBase, limitProblems, skipProblems, sortProblems, type FilterState } from './filter.ts';
import {
  dataBasePath,
  defaultDataPageSize,
  firstPage,
  type DataResult,
  type DataTransport,
  type PageMode,
} from './transport.ts';
import { checks, isPlainObject, validateFilterModel } from './validation.ts';

/**
 * A data item as the SDK hands it over: the free-form document with its system fields; dates are `Date`s.
 * @example { _id: 'a1', title: 'Hello', _createdDate: new Date('2026-11-22T10:00:00Z'), _owner: 'member-1' }
 */
export interface DataItem {
  _id: string;
  _owner?: string;
  _createdDate?: Date;
  _updatedDate?: Date;
  [field: string]: unknown;
}

/** A new item: `_id` is optional (the server assigns a UUID). */
export type DataItemInput = Omit<Partial<DataItem>, '_id'> & { _id?: string; [field: string]: unknown };

/** Options every read accepts (spec §5 "General"). */
export interface ReadOptions {
  suppressAuth?: boolean;
  suppressHooks?: boolean;
  showDrafts?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface FindOptions extends ReadOptions {
  /** Ask the server to count every match (offset paging answers with `total`). */
  returnTotalCount?: boolean;
}

export interface SortingInput {
  fieldName: string;
  order: 'ASC' | 'DESC';
}

export interface QueryState extends FilterState {
  readonly collectionName: string;
  readonly transport: DataTransport;
  readonly sort: readonly SortingInput[];
  readonly limit?: number;
  readonly skip?: number;
  readonly fields: readonly string[];
  readonly includes: ReadonlyArray<{ fieldName: string; limit?: number }>;
  readonly mode: PageMode;
}

/** The wire form of read options. */
export function readOptions(options: ReadOptions | undefined): Record<string, unknown> {
  if (!options) return {};
  return {
    ...(options.consistentRead !== undefined ? { consistentRead: options.consistentRead } : {}),
    ...(options.language !== undefined ? { language: options.language } : {}),
    ...(options.showDrafts !== undefined
      ? { publishPluginOptions: { includeDraftItems: options.showDrafts } }
      : {}),
  };
}

/** The documents of wire items (`dataItem.data`), which is what callers work with. */
export function items(dataItems: WireDataItem[]): DataItem[] {
  return dataItems.map((item) => item.data as DataItem);
}

/**
 * A query of one collection: the filter methods, sort, paging, projection and referenced items, then
 * `find()`, `count()` or `distinct()`. Offset paging by default; `cursorPaging()` switches to cursors
 * (later pages send only the cursor; `skip` is refused there, WDE0080).
 * @example
 * const page = await client.items.query('Posts').ge('_createdDate', new Date('2026-01-01')).descending('views').limit(10).find();
 * const following = page.hasNext() ? await page.next() : undefined;
 */
export class DataQuery<T extends object = DataItem> extends FilterBase<QueryState> {
  protected get className(): string {
    return 'DataQuery';
  }

  ascending(...fields: string[] | [string[]]): this;
  ascending(...args: unknown[]): this {
    return this.sorted('.ascending', 'ASC', args);
  }
  descending(...fields: string[] | [string[]]): this;
  descending(...args: unknown[]): this {
    return this.sorted('.descending', 'DESC', args);
  }
  private sorted(operator: string, order: 'ASC' | 'DESC', args: unknown[]): this {
    const { fields, problems } = sortProblems(operator, args);
    if (problems.length > 0) return this.withProblems(problems);
    return this.copy({ sort: [...this.state.sort, ...fields.map((fieldName) => ({ fieldName, order }))] });
  }

  /** Page size: a positive integer up to 1000 (default 50). */
  limit(limit: number): this;
  limit(...args: unknown[]): this {
    const problems = limitProblems(args);
    return problems.length > 0 ? this.withProblems(problems) : this.copy({ limit: args[0] as number });
  }

  /** Items to skip before the first page (offset paging only). */
  skip(skip: number): this;
  skip(...args: unknown[]): this {
    const problems = skipProblems(args);
    if (problems.length === 0 && this.state.mode === 'cursor')
      problems.push(dataMessages.cursorPagingDoesNotSupportSkip());
    return problems.length > 0 ? this.withProblems(problems) : this.copy({ skip: args[0] as number });
  }

  /** Pages by cursor: the first page sends filter and sort, later pages only the cursor. */
  cursorPaging(): this;
  cursorPaging(...args: unknown[]): this {
    if (args.length > 0) return this.withProblems([dataMessages.arityIsZero('.cursorPaging')]);
    if (this.state.skip !== undefined && this.state.skip > 0) {
      return this.withProblems([dataMessages.cursorPagingDoesNotSupportSkip()]);
    }
    return this.copy({ mode: 'cursor' });
  }

  /** Only these fields in the returned items (`_id` is always kept). */
  fields(...fields: string[]): this {
    const invalid = fields.filter((field) => typeof field !== 'string' || field === '');
    if (invalid.length > 0) return this.withProblems([dataMessages.isNonEmptyString('.fields')]);
    return this.copy({ fields: [...this.state.fields, ...fields] });
  }

  /** Returns referenced items of these reference fields in place of their ids; a last number is the limit. */
  include(...fieldsAndLimit: Array<string | number>): this {
    const last = fieldsAndLimit[fieldsAndLimit.length - 1];
    const limit = typeof last === 'number' ? last : undefined;
    const names = limit === undefined ? fieldsAndLimit : fieldsAndLimit.slice(0, -1);
    if (names.length === 0 || !names.every((name) => typeof name === 'string' && name !== '')) {
      return this.withProblems([dataMessages.isNonEmptyString('.include')]);
    }
    if (limit !== undefined) {
      const problems = limitProblems([limit]).map((message) => message.replaceAll('.limit', '.include'));
      if (problems.length > 0) return this.withProblems(problems);
    }
    const added = (names as string[]).map((fieldName) => ({
      fieldName,
      ...(limit !== undefined ? { limit } : {}),
    }));
    return this.copy({ includes: [...this.state.includes, ...added] });
  }

  /** Replaces the filter with a wire filter object (checked: WDE0056–0064, WDE0070). */
  setFilterModel(filter: Filter): this {
    const problems = validateFilterModel(filter);
    if (problems.length > 0) return this.withProblems(problems);
    return this.copy({ conditions: Object.keys(filter).length > 0 ? [filter] : [] });
  }

  /** Replaces the sort with `[{field: 'asc' | 'desc'}, ...]` (checked: WDE0065–0067). */
  setSortModel(model: Array<Record<string, 'asc' | 'desc'>>): this {
    if (!Array.isArray(model)) return this.withProblems([dataMessages.sortModelType(model)]);
    const sort: SortingInput[] = [];
    for (const entry of model as unknown[]) {
      if (!isPlainObject(entry)) return this.withProblems([dataMessages.sortModelItemType(entry)]);
      const keys = Object.keys(entry);
      const order = entry[keys[0]!];
      if (keys.length !== 1 || (order !== 'asc' && order !== 'desc')) {
        return this.withProblems([dataMessages.sortModelItem(entry)]);
      }
      sort.push({ fieldName: keys[0]!, order: order === 'asc' ? 'ASC' : 'DESC' });
    }
    return this.copy({ sort });
  }

  private problemsWith(
    method: string,
    args: readonly unknown[],
    from: number,
    to: number,
    options: unknown,
    extra: string[],
  ) {
    const own = checks(method)
      .collectionName(this.state.collectionName)
      .arity(args, from, to)
      .options(options, 'general', extra);
    return [...own.problems(), ...this.state.invalid];
  }

  private reject(problems: string[], operation: string): never {
    throw validationError(dataMessages.queryInvalid(this.state.collectionName, problems), operation);
  }

  /** The first page of matching items. */
  async find(options?: FindOptions): Promise<DataResult<T>>;
  async find(...args: unknown[]): Promise<DataResult<T>> {
    const options = args[0] as FindOptions | undefined;
    const problems = this.problemsWith('find', args, 0, 1, options, ['returnTotalCount']);
    if (problems.length > 0) this.reject(problems, 'items.query');
    const { collectionName, transport, mode, sort, fields, includes } = this.state;
    const filter = this.filterTree;
    const limit = this.state.limit ?? defaultDataPageSize;
    const fetchPage = async (position: number | string | null) => {
      const cursor = typeof position === 'string' ? position : undefined;
      const query = {
        ...(fields.length > 0 ? { fields: [...fields] } : {}),
        ...(cursor === undefined
          ? {
              ...(Object.keys(filter).length > 0 ? { filter } : {}),
              ...(sort.length > 0 ? { sort: [...sort] } : {}),
            }
          : {}),
        ...(typeof position === 'number'
          ? { paging: { limit, offset: position } }
          : { cursorPaging: { limit, ...(cursor ? { cursor } : {}) } }),
      };
      const request = {
        dataCollectionId: collectionName,
        query,
        ...(includes.length > 0 ? { referencedItemOptions: [...includes] } : {}),
        ...(options?.returnTotalCount !== undefined && cursor === undefined
          ? { returnTotalCount: options.returnTotalCount }
          : {}),
        ...readOptions(options),
      };
      const path = `${dataBasePath}/items/query`;
      // Spec §7.1: a query without a cursor goes as a GET while its URL stays within 2048 characters.
      const answer = await transport.call<{ dataItems: WireDataItem[]; pagingMetadata: DataPagingMetadata }>(
        'items.query',
        cursor === undefined
          ? { method: 'GET', path, query: request, postWhenLong: true }
          : { method: 'POST', path, body: request },
      );
      return { items: items(answer.dataItems) as T[], pagingMetadata: answer.pagingMetadata };
    };
    const offset = this.state.skip ?? 0;
    return firstPage(
      fetchPage,
      { collectionName, mode, pageSize: limit, offset },
      mode === 'cursor' ? null : offset,
    );
  }

  /** How many items match (the filter only; sort and paging do not apply). */
  async count(options?: ReadOptions): Promise<number>;
  async count(...args: unknown[]): Promise<number> {
    const options = args[0] as ReadOptions | undefined;
    const problems = this.problemsWith('count', args, 0, 1, options, []);
    if (problems.length > 0) this.reject(problems, 'items.count');
    const filter = this.filterTree;
    const answer = await this.state.transport.call<{ totalCount: number }>('items.count', {
      method: 'POST',
      path: `${dataBasePath}/items/count`,
      body: {
        dataCollectionId: this.state.collectionName,
        ...(Object.keys(filter).length > 0 ? { filter } : {}),
        ...readOptions(options),
      },
    });
    return answer.totalCount;
  }

  /** The distinct values of a field among matching items, paged; ordered by this query's sort on it. */
  async distinct(fieldName: string, options?: FindOptions): Promise<DataResult<unknown>>;
  async distinct(...args: unknown[]): Promise<DataResult<unknown>> {
    const [fieldName, options] = args as [string, FindOptions | undefined];
    const problems = [
      ...checks('distinct').fieldName(fieldName).problems(),
      ...this.problemsWith('distinct', args, 1, 2, options, ['returnTotalCount']),
    ];
    if (problems.length > 0) this.reject(problems, 'items.distinct');
    const order = this.state.sort.find((sorting) => sorting.fieldName === fieldName)?.order;
    return distinctValues(this.state.transport, this.state.collectionName, {
      fieldName,
      filter: this.filterTree,
      order,
      limit: this.state.limit,
      offset: this.state.skip ?? 0,
      options,
    });
  }
}

/** `POST /data/v2/items/query-distinct-values`, offset-paged. */
export async function distinctValues(
  transport: DataTransport,
  collectionName: string,
  request: {
    fieldName: string;
    filter?: Filter;
    order?: 'ASC' | 'DESC';
    limit?: number;
    offset: number;
    options?: FindOptions;
  },
): Promise<DataResult<unknown>> {
  const limit = request.limit ?? defaultDataPageSize;
  const { filter, options } = request;
  const fetchPage = async (position: number | string | null) => {
    const answer = await transport.call<{ distinctValues: unknown[]; pagingMetadata: DataPagingMetadata }>(
      'items.distinct',
      {
        method: 'POST',
        path: `${dataBasePath}/items/query-distinct-values`,
        body: {
          dataCollectionId: collectionName,
          fieldName: request.fieldName,
          ...(filter && Object.keys(filter).length > 0 ? { filter } : {}),
          ...(request.order ? { order: request.order } : {}),
          ...(options?.returnTotalCount !== undefined ? { returnTotalCount: options.returnTotalCount } : {}),
          paging: { limit, offset: Number(position ?? 0) },
          ...readOptions(options),
        },
      },
    );
    return { items: answer.distinctValues, pagingMetadata: answer.pagingMetadata };
  };
  return firstPage(
    fetchPage,
    { collectionName, mode: 'offset', pageSize: limit, offset: request.offset },
    request.offset,
  );
}

export function createDataQuery<T extends object = DataItem>(
  transport: DataTransport,
  collectionName: string,
): DataQuery<T> {
  return new DataQuery<T>({
    collectionName,
    transport,
    conditions: [],
    invalid: [],
    sort: [],
    fields: [],
    includes: [],
    mode: 'offset',
  });
}
