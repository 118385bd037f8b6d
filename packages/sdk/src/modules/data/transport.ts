import type { DataPagingMetadata } from '@atrium/contract/data';
import type { ClientContext, RequestOptions } from '../../client.ts';
import { decodeDates, encodeDates } from './codec.ts';
import { dataMessages, toDataError, validationError } from './errors.ts';

/** Base path of the data API (the official client's `/wix-data/v2` is rewritten to it by the server). */
export const dataBasePath = '/data/v2';

/** Default page size of next/previous paging and of referenced queries (spec §9). */
export const defaultDataPageSize = 50;

/** How the data calls reach the server: dates encoded as `$date`, answers decoded, errors translated. */
export interface DataTransport {
  call<T>(operation: string, request: RequestOptions): Promise<T>;
}

export function dataTransport(context: ClientContext): DataTransport {
  return {
    async call<T>(operation: string, request: RequestOptions): Promise<T> {
      try {
        const answer = await context.request<T>({
          ...request,
          ...(request.body !== undefined ? { body: encodeDates(request.body) } : {}),
          ...(request.query !== undefined
            ? { query: encodeDates(request.query) as Record<string, unknown> }
            : {}),
          // Item fields are named by users, so no key-based date revival: `$date` literals mark the dates.
          dateFields: false,
        });
        return decodeDates(answer as T);
      } catch (error) {
        throw toDataError(error, operation);
      }
    },
  };
}

export type PageMode = 'offset' | 'cursor';

/** One page as a call hands it to `DataResult`. */
export interface DataPage<T> {
  items: T[];
  pagingMetadata: Partial<DataPagingMetadata>;
}

/**
 * Fetches the page at an offset (a number) or a cursor (a string); `null` is the first page of a cursor-paged
 * query (its filter and sort are sent, later pages carry only the cursor).
 */
export type PageFetcher<T> = (position: number | string | null) => Promise<DataPage<T>>;

interface ResultContext {
  collectionName: string;
  mode: PageMode;
  pageSize: number;
  /** The offset this page was asked for (offset mode). */
  offset: number;
  /** Zero-based index of this page. */
  pageIndex: number;
  /** The total of the first page, carried to the next ones. */
  totalCount?: number;
}

/**
 * One page of a query, distinct, aggregate, search or referenced call, with `next()` and `prev()`.
 * Past either end they reject with WDE0165 / WDE0159 (code `WD_VALIDATION_ERROR`).
 */
export class DataResult<T> implements Iterable<T> {
  readonly items: T[];
  readonly pagingMetadata: Partial<DataPagingMetadata>;
  /** The items per page asked for (50 by default). */
  readonly pageSize: number;
  /** Zero-based index of this page. */
  readonly currentPage: number;
  /** All matching items, when the server counted them (offset paging). */
  readonly totalCount: number | undefined;
  private readonly context: ResultContext;
  private readonly fetchPage: PageFetcher<T>;

  constructor(page: DataPage<T>, context: ResultContext, fetchPage: PageFetcher<T>) {
    this.items = page.items;
    this.pagingMetadata = page.pagingMetadata ?? {};
    this.pageSize = context.pageSize;
    this.context = context;
    this.fetchPage = fetchPage;
    this.totalCount = this.pagingMetadata.total ?? context.totalCount;
    const offset = this.offset;
    this.currentPage = context.mode === 'offset' ? Math.ceil(offset / context.pageSize) : context.pageIndex;
  }

  /** Items on this page. */
  get length(): number {
    return this.items.length;
  }

  get totalPages(): number | undefined {
    if (this.totalCount === undefined) return undefined;
    return Math.ceil(this.totalCount / this.pageSize);
  }

  get cursors(): { next?: string; prev?: string } {
    const { next, prev } = this.pagingMetadata.cursors ?? {};
    return { ...(next ? { next } : {}), ...(prev ? { prev } : {}) };
  }

  private get offset(): number {
    return this.pagingMetadata.offset ?? this.context.offset;
  }

  hasNext(): boolean {
    const metadata = this.pagingMetadata;
    if (this.context.mode === 'cursor') return Boolean(metadata.cursors?.next) && metadata.hasNext !== false;
    if (typeof metadata.hasNext === 'boolean') return metadata.hasNext;
    if (this.totalCount !== undefined) return this.offset + this.items.length < this.totalCount;
    return this.items.length >= this.pageSize;
  }

  hasPrev(): boolean {
    if (this.context.mode === 'cursor') return Boolean(this.pagingMetadata.cursors?.prev);
    return this.offset > 0;
  }

  /** The following page; WDE0165 when there is none. */
  async next(): Promise<DataResult<T>> {
    if (!this.hasNext()) throw validationError(dataMessages.noNextPage(this.context.collectionName));
    if (this.context.mode === 'cursor') return this.load(this.pagingMetadata.cursors!.next!, 0, 1);
    return this.load(this.offset + this.pageSize, this.offset + this.pageSize, 1);
  }

  /** The preceding page; WDE0159 when there is none. */
  async prev(): Promise<DataResult<T>> {
    if (!this.hasPrev()) throw validationError(dataMessages.noPrevPage(this.context.collectionName));
    if (this.context.mode === 'cursor') return this.load(this.pagingMetadata.cursors!.prev!, 0, -1);
    const offset = Math.max(0, this.offset - this.pageSize);
    return this.load(offset, offset, -1);
  }

  private async load(position: number | string, offset: number, step: number): Promise<DataResult<T>> {
    const page = await this.fetchPage(position);
    return new DataResult(
      page,
      {
        ...this.context,
        offset,
        pageIndex: Math.max(0, this.currentPage + step),
        totalCount: this.totalCount,
      },
      this.fetchPage,
    );
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }

  toJSON() {
    return {
      items: this.items,
      totalCount: this.totalCount,
      pageSize: this.pageSize,
      currentPage: this.currentPage,
      length: this.length,
      totalPages: this.totalPages,
    };
  }
}

/** Fetches the first page at `start` and wraps it. */
export async function firstPage<T>(
  fetchPage: PageFetcher<T>,
  context: { collectionName: string; mode: PageMode; pageSize: number; offset: number },
  start: number | string | null,
): Promise<DataResult<T>> {
  const page = await fetchPage(start);
  return new DataResult(page, { ...context, pageIndex: 0 }, fetchPage);
}
