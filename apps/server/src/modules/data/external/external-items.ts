import { externalConnectionErrorCodes } from '@atrium/contract/data-external-connections';
import type { DataItem } from '@atrium/contract/data';
import type { RequestContext } from '../../../platform/context.ts';
import { AppError, forbidden } from '../../../platform/errors/app-error.ts';
import type { AdapterCall } from './adapter-client.ts';
import type { ExternalConnectionsService } from './external-connections.service.ts';

type ItemData = Record<string, unknown>;

/** An EXTERNAL collection is addressed `<connection name>/<adapter's collection>` (the `/` collection ids allow). */
function split(collectionId: string): { connection: string; collection: string } | undefined {
  const at = collectionId.indexOf('/');
  return at > 0
    ? { connection: collectionId.slice(0, at), collection: collectionId.slice(at + 1) }
    : undefined;
}

function toWire(collectionId: string, data: ItemData): DataItem {
  const id = typeof data._id === 'string' ? data._id : String(data._id ?? '');
  return { id, dataCollectionId: collectionId, data: { ...data, _id: id } } as DataItem;
}

/**
 * Item calls on the collections of an external database connection, forwarded to its adapter with the same
 * query language (the filter is passed as given). Only staff and apps reach them: an adapter's data has no
 * per-collection roles here. An adapter that fails answers 424 with the connection's cause of failure.
 */
export function createExternalItems(deps: {
  connections: ExternalConnectionsService;
  callAdapter: AdapterCall;
}) {
  async function adapterFor(ctx: RequestContext, collectionId: string) {
    const parts = split(collectionId);
    if (!parts) return undefined;
    let adapter;
    try {
      adapter = await deps.connections.adapterOf(ctx, parts.connection);
    } catch (error) {
      if (error instanceof AppError && error.code === externalConnectionErrorCodes.connectionNotFound)
        return undefined;
      throw error;
    }
    if (ctx.caller.identityType !== 'WIX_USER' && ctx.caller.identityType !== 'APP') {
      throw forbidden(`Only staff and apps reach the external collection ${collectionId}`);
    }
    const call = async <T>(path: string, payload: Record<string, unknown>): Promise<T> => {
      const result = await deps.callAdapter<T>(adapter.endpoint, adapter.secretKey, path, {
        collectionName: parts.collection,
        ...payload,
      });
      if (!result.ok) {
        throw new AppError(
          424,
          `EXTERNAL_DATABASE_${result.cause}`,
          `The adapter of ${parts.connection} failed: ${result.detail}`,
          {
            data: { connection: parts.connection, causeOfFailure: result.cause },
          },
        );
      }
      return result.body;
    };
    return {
      async query(
        query: {
          filter?: unknown;
          sort?: unknown;
          paging?: { limit?: number | null; offset?: number | null } | null;
        } = {},
      ) {
        const limit = query.paging?.limit ?? 50;
        const offset = query.paging?.offset ?? 0;
        const answer = await call<{ items?: ItemData[] }>('data/find', {
          filter: query.filter ?? {},
          sort: query.sort ?? [],
          skip: offset,
          limit: limit + 1,
        });
        const rows = (answer.items ?? []).slice(0, limit + 1);
        return {
          dataItems: rows.slice(0, limit).map((data) => toWire(collectionId, data)),
          pagingMetadata: { count: Math.min(rows.length, limit), offset, hasNext: rows.length > limit },
        };
      },
      async count(filter: unknown) {
        const answer = await call<{ totalCount?: number }>('data/count', { filter: filter ?? {} });
        return { totalCount: Number(answer.totalCount ?? 0) };
      },
      async get(itemId: string) {
        const answer = await call<{ items?: ItemData[] }>('data/find', {
          filter: { _id: itemId },
          skip: 0,
          limit: 1,
        });
        const found = answer.items?.[0];
        return found ? { dataItem: toWire(collectionId, found) } : {};
      },
      async write(kind: 'insert' | 'update', data: ItemData) {
        const answer = await call<{ item?: ItemData }>(`data/${kind}`, { item: data });
        return { dataItem: toWire(collectionId, answer.item ?? data) };
      },
      async remove(itemId: string) {
        const answer = await call<{ item?: ItemData | null }>('data/remove', { itemId });
        return answer.item ? { dataItem: toWire(collectionId, answer.item) } : {};
      },
    };
  }
  return { adapterFor };
}

export type ExternalItems = ReturnType<typeof createExternalItems>;
