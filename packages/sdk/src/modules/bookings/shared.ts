import type { ClientContext, HttpMethod } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { createQuery, type PagingMetadata, type QueryBuilder, type QueryPage } from '../../query.ts';

/** Path segment from an id: always encoded, so an id can never change the route it names. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}

/** One JSON call that returns one key of the answer. */
export async function call<R, K extends keyof R>(
  context: ClientContext,
  method: HttpMethod,
  path: string,
  key: K,
  body?: unknown,
): Promise<WithDates<R>[K & keyof WithDates<R>]> {
  const answer = await context.request<R>({ method, path, ...(body === undefined ? {} : { body }) });
  return (answer as Record<PropertyKey, unknown>)[key as PropertyKey] as WithDates<R>[K & keyof WithDates<R>];
}

/** The whole answer of one JSON call. */
export function send<R>(context: ClientContext, method: HttpMethod, path: string, body?: unknown) {
  return context.request<R>({ method, path, ...(body === undefined ? {} : { body }) });
}

/**
 * A query call: the built query POSTed to `path` as `{ query, ...body }`, each page read from the answer by
 * `read` (usually `toPage(answer.items, answer.metadata)`).
 */
export function postedQuery<T, R>(
  context: ClientContext,
  path: string,
  read: (answer: WithDates<R>) => QueryPage<T>,
  options: { body?: Record<string, unknown>; paging?: 'cursor' } = {},
): QueryBuilder<T> {
  return createQuery<T>({
    ...(options.paging ? { paging: options.paging } : {}),
    execute: async (query) => read(await send<R>(context, 'POST', path, { query, ...options.body })),
  });
}

interface WirePagingMetadata {
  count?: number | null;
  offset?: number | null;
  total?: number | null;
  tooManyToCount?: boolean | null;
  hasNext?: boolean | null;
  cursors?: { next?: string | null; prev?: string | null } | null;
}

/** Maps an answer's items and paging metadata (nulls included) onto what the query builder reads. */
export function toPage<T>(items: T[], metadata: WirePagingMetadata | undefined): QueryPage<T> {
  if (!metadata) return { items };
  const paging: PagingMetadata = {};
  if (typeof metadata.count === 'number') paging.count = metadata.count;
  if (typeof metadata.offset === 'number') paging.offset = metadata.offset;
  if (typeof metadata.total === 'number') paging.total = metadata.total;
  if (typeof metadata.tooManyToCount === 'boolean') paging.tooManyToCount = metadata.tooManyToCount;
  if (typeof metadata.hasNext === 'boolean') paging.hasNext = metadata.hasNext;
  if (metadata.cursors) {
    paging.cursors = {
      next: metadata.cursors.next ?? null,
      prev: metadata.cursors.prev ?? null,
    } as NonNullable<PagingMetadata['cursors']>;
  }
  return { items, pagingMetadata: paging };
}
