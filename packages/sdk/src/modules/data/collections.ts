import type {
  DataCollection,
  DataIndex,
  DataPagingMetadata,
  collectionInputSchema,
  createIndexRequestSchema,
} from '@atrium/contract/data';
import type { z } from 'zod';
import { defineModule, type ClientContext } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { toDataError, validationError, dataMessages } from './errors.ts';
import { dataBasePath } from './transport.ts';

export type { DataCollection, DataIndex };
/** A collection as sent to create or replace it (`id`, fields, permissions...). */
export type DataCollectionInput = z.input<typeof collectionInputSchema>;
export type DataIndexInput = z.input<typeof createIndexRequestSchema>['index'];

/** Collection and index calls answer plain entities; their failures are data errors like the item calls'. */
async function call<T>(
  context: ClientContext,
  operation: string,
  request: Parameters<ClientContext['request']>[0],
) {
  try {
    return await context.request<T>(request);
  } catch (error) {
    throw toDataError(error, operation);
  }
}

function requireId(value: unknown, operation: string): void {
  if (typeof value !== 'string' || value === '')
    throw validationError(dataMessages.collectionNameMustBeAString(), operation);
}

/**
 * Collections and their schemas: fields with types, permissions per operation, display field.
 * Managing them needs the owner, an admin or an app.
 * @example
 * await client.collections.createDataCollection({ id: 'Posts', fields: [{ key: 'title', type: 'TEXT' }],
 *   permissions: { read: 'ANYONE', insert: 'SITE_MEMBER', update: 'SITE_MEMBER_AUTHOR', remove: 'ADMIN' } });
 */
export const collections = defineModule({
  createDataCollection:
    (context) =>
    async (collection: DataCollectionInput): Promise<WithDates<DataCollection>> => {
      requireId(collection?.id, 'collections.createDataCollection');
      const answer = await call<{ collection: DataCollection }>(context, 'collections.createDataCollection', {
        method: 'POST',
        path: `${dataBasePath}/collections`,
        body: { collection },
      });
      return answer.collection;
    },

  getDataCollection:
    (context) =>
    async (dataCollectionId: string): Promise<WithDates<DataCollection>> => {
      requireId(dataCollectionId, 'collections.getDataCollection');
      const answer = await call<{ collection: DataCollection }>(context, 'collections.getDataCollection', {
        method: 'GET',
        path: `${dataBasePath}/collections/${encodeURIComponent(dataCollectionId)}`,
      });
      return answer.collection;
    },

  listDataCollections:
    (context) =>
    async (options: { paging?: { limit?: number; offset?: number } } = {}) => {
      const answer = await call<{ collections: DataCollection[]; pagingMetadata: DataPagingMetadata }>(
        context,
        'collections.listDataCollections',
        {
          method: 'GET',
          path: `${dataBasePath}/collections`,
          query: {
            ...(options.paging?.limit !== undefined ? { 'paging.limit': options.paging.limit } : {}),
            ...(options.paging?.offset !== undefined ? { 'paging.offset': options.paging.offset } : {}),
          },
        },
      );
      return answer;
    },

  /** Replaces the schema; with `revision`, a stale copy fails with REVISION_MISMATCH. */
  updateDataCollection:
    (context) =>
    async (collection: DataCollectionInput): Promise<WithDates<DataCollection>> => {
      requireId(collection?.id, 'collections.updateDataCollection');
      const answer = await call<{ collection: DataCollection }>(context, 'collections.updateDataCollection', {
        method: 'PUT',
        path: `${dataBasePath}/collections`,
        body: { collection },
      });
      return answer.collection;
    },

  /** Deletes the collection with its items and indexes. */
  deleteDataCollection:
    (context) =>
    async (dataCollectionId: string): Promise<void> => {
      requireId(dataCollectionId, 'collections.deleteDataCollection');
      await call(context, 'collections.deleteDataCollection', {
        method: 'DELETE',
        path: `${dataBasePath}/collections/${encodeURIComponent(dataCollectionId)}`,
      });
    },
});

/**
 * Indexes on item fields, built as database indexes; status ACTIVE, or FAILED with `failure.code`.
 * @example await client.indexes.createIndex('Posts', { name: 'byViews', fields: [{ path: 'views', order: 'DESC' }] });
 */
export const indexes = defineModule({
  createIndex:
    (context) =>
    async (dataCollectionId: string, index: DataIndexInput): Promise<DataIndex> => {
      requireId(dataCollectionId, 'indexes.createIndex');
      const answer = await call<{ index: DataIndex }>(context, 'indexes.createIndex', {
        method: 'POST',
        path: `${dataBasePath}/indexes`,
        body: { dataCollectionId, index },
      });
      return answer.index as DataIndex;
    },

  listIndexes:
    (context) =>
    async (
      dataCollectionId: string,
    ): Promise<{ indexes: DataIndex[]; pagingMetadata: DataPagingMetadata }> => {
      requireId(dataCollectionId, 'indexes.listIndexes');
      return (await call(context, 'indexes.listIndexes', {
        method: 'GET',
        path: `${dataBasePath}/indexes`,
        query: { dataCollectionId },
      })) as { indexes: DataIndex[]; pagingMetadata: DataPagingMetadata };
    },

  dropIndex:
    (context) =>
    async (dataCollectionId: string, indexName: string): Promise<void> => {
      requireId(dataCollectionId, 'indexes.dropIndex');
      if (typeof indexName !== 'string' || indexName === '') {
        throw validationError(dataMessages.isNonEmptyString('indexName'), 'indexes.dropIndex');
      }
      await call(context, 'indexes.dropIndex', {
        method: 'DELETE',
        path: `${dataBasePath}/indexes`,
        query: { dataCollectionId, indexName },
      });
    },
});
