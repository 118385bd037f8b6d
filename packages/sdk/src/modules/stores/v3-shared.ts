import type { Filter } from '@atrium/contract/query';
import type { ClientContext } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { createQuery, type QueryBuilder } from '../../query.ts';
import { toPage } from '../bookings/shared.ts';

/** Options of the catalog v3 reads and writes: extra computed fields (`ASSIGNED_PRODUCTS_COUNT`...). */
export interface FieldsOption<F extends string> {
  fields?: F[];
}

/** Options of the v3 bulk writes. */
export interface BulkOptions {
  /** Answer each created or updated entity with its result (only metadata otherwise). */
  returnEntity?: boolean;
}

/**
 * A cursor-paged v3 query, sent as the official clients send it: `GET` with the request in `.r`
 * (`POST` to the same path once the URL grows too long), or `POST` where the family uses it.
 */
export function v3Query<T>(
  context: ClientContext,
  options: { path: string; key: string; method: 'GET' | 'POST'; fields?: readonly string[] },
): QueryBuilder<WithDates<T>> {
  return createQuery<WithDates<T>>({
    paging: 'cursor',
    execute: async (query) => {
      const request = { query, ...(options.fields?.length ? { fields: options.fields } : {}) };
      const answer = await context.request<Record<string, unknown>>(
        options.method === 'GET'
          ? { method: 'GET', path: options.path, query: request, postWhenLong: true }
          : { method: 'POST', path: options.path, body: request },
      );
      return toPage(answer[options.key] as WithDates<T>[], answer.pagingMetadata as never);
    },
  });
}

export async function v3Count(context: ClientContext, path: string, filter?: Filter): Promise<number> {
  const answer = await context.request<{ count: number }>({ method: 'POST', path, body: { filter } });
  return answer.count;
}

/** `?fields=A&fields=B` for a GET by id. */
export function fieldsQuery(fields: readonly string[] | undefined): Record<string, unknown> {
  return fields?.length ? { fields: [...fields] } : {};
}
