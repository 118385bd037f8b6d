import { z } from 'zod';
import {
  aggregateRequestSchema,
  aggregateResponseSchema,
  availableIndexesResponseSchema,
  bulkItemsRequestSchema,
  bulkItemsResponseSchema,
  bulkPatchRequestSchema,
  bulkReferencesRequestSchema,
  bulkReferencesResponseSchema,
  bulkRemoveRequestSchema,
  collectionResponseSchema,
  countRequestSchema,
  countResponseSchema,
  createCollectionRequestSchema,
  createIndexRequestSchema,
  distinctValuesRequestSchema,
  distinctValuesResponseSchema,
  dropIndexRequestSchema,
  getItemRequestSchema,
  includesDrafts,
  indexResponseSchema,
  isReferencedRequestSchema,
  isReferencedResponseSchema,
  itemResponseSchema,
  listCollectionsRequestSchema,
  listCollectionsResponseSchema,
  listIndexesRequestSchema,
  listIndexesResponseSchema,
  patchItemRequestSchema,
  queryItemsRequestSchema,
  queryItemsResponseSchema,
  queryReferencedRequestSchema,
  queryReferencedResponseSchema,
  removeItemRequestSchema,
  replaceReferencesRequestSchema,
  replaceReferencesResponseSchema,
  saveItemResponseSchema,
  searchRequestSchema,
  truncateRequestSchema,
  updateCollectionRequestSchema,
  writeItemRequestSchema,
} from '@atrium/contract/data';
import { emptyResponseSchema } from '@atrium/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { builtAnswerSerializer } from '../../platform/http/built-answer-serializer.ts';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import type { RouteAccess } from '../../platform/http/request-context.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { CollectionsService } from './collections.service.ts';
import type { IndexesService } from './indexes.service.ts';
import type { AnalyticsService } from './items-analytics.service.ts';
import type { BulkItemsService } from './items-bulk.service.ts';
import type { IncludeReference, ItemsService } from './items.service.ts';

export interface DataRouteServices {
  collections: CollectionsService;
  items: ItemsService;
  bulk: BulkItemsService;
  analytics: AnalyticsService;
  indexes: IndexesService;
}

const tags = ['data'];

function responses<Schema extends z.ZodType>(schema: Schema) {
  return { 200: schema, ...errorResponses };
}

/** The three ways clients ask for referenced items, as one list. */
function includesOf(body: {
  referencedItemOptions?: Array<{ fieldName: string; limit?: number }> | null;
  includeReferences?: Array<{ field: string; limit?: number }> | null;
  includeReferencedItems?: string[] | null;
}): IncludeReference[] {
  return [
    ...(body.referencedItemOptions ?? []).map((option) => ({ field: option.fieldName, limit: option.limit })),
    ...(body.includeReferences ?? []).map((option) => ({ field: option.field, limit: option.limit })),
    ...(body.includeReferencedItems ?? []).map((field) => ({ field })),
  ];
}

const everyone = ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'] as const;
const itemReaders: RouteAccess = { identities: everyone, scopes: ['data.items.read', 'data.items.write'] };
const itemWriters: RouteAccess = { identities: everyone, scopes: ['data.items.write'] };
const businessManagers: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER', 'ADMIN'],
  scopes: ['data.collections.manage'],
};
const readingItems =
  /^\/data\/v2\/items\/(:dataItemId|query|query-distinct-values|aggregate|search|query-referenced|is-referenced|count)$/;

function dataRouteAccess(method: string | string[], url: string): RouteAccess {
  if (url.startsWith('/data/v2/indexes')) return businessManagers;
  if (url.startsWith('/data/v2/collections')) return businessManagers;
  return readingItems.test(url) && method !== 'DELETE' ? itemReaders : itemWriters;
}

const collectionParams = z.object({ dataCollectionId: z.string().min(1).max(256) });
const itemParams = z.object({ dataItemId: z.string().min(1).max(255) });

export const dataRoutes: FastifyPluginAsyncZod<DataRouteServices> = async (app, services) => {
  const { collections, items, bulk, analytics, indexes } = services;
  // Route-level access mirrors the services: items are guarded per collection (data-permissions.ts), so any
  // caller may reach them; collection schemas and indexes belong to the business. A route's own config wins.
  app.addHook('onRoute', (route) => {
    route.config = { access: dataRouteAccess(route.method, route.url), ...route.config };
  });

  // Collections and schemas ------------------------------------------------------------------------

  app.post(
    '/data/v2/collections',
    {
      schema: {
        summary: 'Create a collection',
        tags,
        body: createCollectionRequestSchema,
        response: responses(collectionResponseSchema),
      },
    },
    async (request) => ({ collection: await collections.create(request.ctx, request.body.collection) }),
  );
  app.get(
    '/data/v2/collections/:dataCollectionId',
    {
      schema: {
        summary: 'Get a collection',
        tags,
        params: collectionParams,
        response: responses(collectionResponseSchema),
      },
    },
    async (request) => ({ collection: await collections.get(request.ctx, request.params.dataCollectionId) }),
  );
  app.get(
    '/data/v2/collections',
    {
      schema: {
        summary: 'List collections',
        tags,
        querystring: listCollectionsRequestSchema,
        response: responses(listCollectionsResponseSchema),
      },
    },
    async (request) =>
      collections.list(request.ctx, {
        limit: request.query.paging?.limit ?? request.query['paging.limit'],
        offset: request.query.paging?.offset ?? request.query['paging.offset'],
      }),
  );
  app.put(
    '/data/v2/collections',
    {
      schema: {
        summary: 'Replace a collection schema',
        tags,
        body: updateCollectionRequestSchema,
        response: responses(collectionResponseSchema),
      },
    },
    async (request) => ({ collection: await collections.update(request.ctx, request.body.collection) }),
  );
  app.delete(
    '/data/v2/collections/:dataCollectionId',
    {
      schema: {
        summary: 'Delete a collection and its items',
        tags,
        params: collectionParams,
        response: responses(emptyResponseSchema),
      },
    },
    async (request) => {
      await collections.remove(request.ctx, request.params.dataCollectionId);
      return {};
    },
  );

  // Single items -------------------------------------------------------------------------------------

  app.get(
    '/data/v2/items/:dataItemId',
    {
      schema: {
        summary: 'Get an item',
        tags,
        params: itemParams,
        querystring: getItemRequestSchema,
        response: responses(itemResponseSchema),
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => {
      const fields = request.query.fields;
      return items.get(
        request.ctx,
        request.query.dataCollectionId,
        request.params.dataItemId,
        typeof fields === 'string' ? fields.split(',') : fields,
        includesDrafts(request.query.publishPluginOptions) ||
          request.query['publishPluginOptions.includeDraftItems'] === 'true',
      );
    },
  );
  app.post(
    '/data/v2/items',
    {
      schema: {
        summary: 'Insert an item',
        tags,
        body: writeItemRequestSchema,
        response: responses(itemResponseSchema),
      },
    },
    async (request) =>
      items.insert(
        request.ctx,
        request.body.dataCollectionId,
        request.body,
        request.body.includeReferencedItems,
      ),
  );
  app.post(
    '/data/v2/items/update',
    {
      schema: {
        summary: 'Replace an item',
        tags,
        body: writeItemRequestSchema,
        response: responses(itemResponseSchema),
      },
    },
    async (request) =>
      items.update(request.ctx, request.body.dataCollectionId, request.body, request.body.condition?.filter),
  );
  app.post(
    '/data/v2/items/save',
    {
      schema: {
        summary: 'Insert or replace an item',
        tags,
        body: writeItemRequestSchema,
        response: responses(saveItemResponseSchema),
      },
    },
    async (request) => items.save(request.ctx, request.body.dataCollectionId, request.body),
  );
  app.post(
    '/data/v2/items/patch',
    {
      schema: {
        summary: 'Change some fields of an item',
        tags,
        body: patchItemRequestSchema,
        response: responses(itemResponseSchema),
      },
    },
    async (request) =>
      items.patch(
        request.ctx,
        request.body.dataCollectionId,
        request.body.patch,
        request.body.condition?.filter,
      ),
  );
  app.post(
    '/data/v2/items/remove',
    {
      schema: {
        summary: 'Remove an item',
        tags,
        body: removeItemRequestSchema,
        response: responses(itemResponseSchema),
      },
    },
    async (request) =>
      items.remove(
        request.ctx,
        request.body.dataCollectionId,
        request.body.dataItemId,
        request.body.condition?.filter,
      ),
  );
  app.post(
    '/data/v2/items/truncate',
    {
      schema: {
        summary: 'Remove every item of a collection',
        tags,
        body: truncateRequestSchema,
        response: responses(emptyResponseSchema),
      },
    },
    async (request) => items.truncate(request.ctx, request.body.dataCollectionId),
  );
  app.post(
    '/data/v2/items/count',
    {
      schema: {
        summary: 'Count items',
        tags,
        body: countRequestSchema,
        response: responses(countResponseSchema),
      },
    },
    async (request) =>
      items.count(
        request.ctx,
        request.body.dataCollectionId,
        request.body.filter,
        includesDrafts(request.body.publishPluginOptions),
      ),
  );

  // Queries ----------------------------------------------------------------------------------------

  postWithGetForm(app, '/data/v2/items/query', {
    summary: 'Query items',
    tags,
    body: queryItemsRequestSchema,
    response: queryItemsResponseSchema,
    builtAnswer: true,
    handler: async (request, body) =>
      items.query(request.ctx, body.dataCollectionId, {
        query: body.query ?? undefined,
        returnTotalCount: body.returnTotalCount,
        includes: includesOf(body),
        drafts: includesDrafts(body.publishPluginOptions),
      }),
  });
  app.post(
    '/data/v2/items/query-distinct-values',
    {
      schema: {
        summary: 'Distinct values of a field',
        tags,
        body: distinctValuesRequestSchema,
        response: responses(distinctValuesResponseSchema),
      },
    },
    async (request) => analytics.distinctValues(request.ctx, request.body.dataCollectionId, request.body),
  );
  app.post(
    '/data/v2/items/aggregate',
    {
      schema: {
        summary: 'Group and aggregate items',
        tags,
        body: aggregateRequestSchema,
        response: responses(aggregateResponseSchema),
      },
    },
    async (request) => analytics.aggregate(request.ctx, request.body.dataCollectionId, request.body),
  );
  app.post(
    '/data/v2/items/search',
    {
      schema: {
        summary: 'Full-text search',
        tags,
        body: searchRequestSchema,
        response: responses(queryItemsResponseSchema),
      },
    },
    async (request) => {
      const search = request.body.search ?? {};
      return analytics.search(request.ctx, request.body.dataCollectionId, {
        filter: search.filter,
        sort: search.sort,
        fields: search.fields,
        expression: search.search?.expression,
        fuzzy: search.search?.fuzzy,
        mode: search.search?.mode,
        paging: search.paging,
        cursorPaging: search.cursorPaging,
        includes: includesOf(request.body),
      });
    },
  );

  // References ---------------------------------------------------------------------------------------

  app.post(
    '/data/v2/items/query-referenced',
    {
      schema: {
        summary: 'Items an item references',
        tags,
        body: queryReferencedRequestSchema,
        response: responses(queryReferencedResponseSchema),
      },
    },
    async (request) => analytics.queryReferenced(request.ctx, request.body.dataCollectionId, request.body),
  );
  app.post(
    '/data/v2/items/is-referenced',
    {
      schema: {
        summary: 'Whether an item references another',
        tags,
        body: isReferencedRequestSchema,
        response: responses(isReferencedResponseSchema),
      },
    },
    async (request) => analytics.isReferenced(request.ctx, request.body.dataCollectionId, request.body),
  );
  app.post(
    '/data/v2/items/replace-references',
    {
      schema: {
        summary: 'Replace the references of a field',
        tags,
        body: replaceReferencesRequestSchema,
        response: responses(replaceReferencesResponseSchema),
      },
    },
    async (request) => analytics.replaceReferences(request.ctx, request.body.dataCollectionId, request.body),
  );

  // Bulk ----------------------------------------------------------------------------------------------

  app.post(
    '/data/v2/bulk/items/insert',
    {
      schema: {
        summary: 'Insert up to 1000 items',
        tags,
        body: bulkItemsRequestSchema,
        response: responses(bulkItemsResponseSchema),
      },
    },
    async (request) =>
      bulk.insert(request.ctx, request.body.dataCollectionId, request.body.dataItems, request.body),
  );
  app.post(
    '/data/v2/bulk/items/update',
    {
      schema: {
        summary: 'Replace up to 1000 items',
        tags,
        body: bulkItemsRequestSchema,
        response: responses(bulkItemsResponseSchema),
      },
    },
    async (request) =>
      bulk.update(request.ctx, request.body.dataCollectionId, request.body.dataItems, request.body),
  );
  app.post(
    '/data/v2/bulk/items/save',
    {
      schema: {
        summary: 'Insert or replace up to 1000 items',
        tags,
        body: bulkItemsRequestSchema,
        response: responses(bulkItemsResponseSchema),
      },
    },
    async (request) =>
      bulk.save(request.ctx, request.body.dataCollectionId, request.body.dataItems, request.body),
  );
  app.post(
    '/data/v2/bulk/items/patch',
    {
      schema: {
        summary: 'Patch up to 1000 items',
        tags,
        body: bulkPatchRequestSchema,
        response: responses(bulkItemsResponseSchema),
      },
    },
    async (request) =>
      bulk.patch(request.ctx, request.body.dataCollectionId, request.body.patches, request.body),
  );
  app.post(
    '/data/v2/bulk/items/remove',
    {
      schema: {
        summary: 'Remove up to 1000 items',
        tags,
        body: bulkRemoveRequestSchema,
        response: responses(bulkItemsResponseSchema),
      },
    },
    async (request) => bulk.remove(request.ctx, request.body.dataCollectionId, request.body.dataItemIds),
  );
  app.post(
    '/data/v2/bulk/items/insert-references',
    {
      schema: {
        summary: 'Add up to 1000 references',
        tags,
        body: bulkReferencesRequestSchema,
        response: responses(bulkReferencesResponseSchema),
      },
    },
    async (request) =>
      bulk.insertReferences(
        request.ctx,
        request.body.dataCollectionId,
        request.body.dataItemReferences,
        request.body.returnEntity,
      ),
  );
  app.post(
    '/data/v2/bulk/items/remove-references',
    {
      schema: {
        summary: 'Remove up to 1000 references',
        tags,
        body: bulkReferencesRequestSchema,
        response: responses(bulkReferencesResponseSchema),
      },
    },
    async (request) =>
      bulk.removeReferences(request.ctx, request.body.dataCollectionId, request.body.dataItemReferences),
  );

  // Indexes -------------------------------------------------------------------------------------------

  app.post(
    '/data/v2/indexes',
    {
      schema: {
        summary: 'Create an index',
        tags,
        body: createIndexRequestSchema,
        response: responses(indexResponseSchema),
      },
    },
    async (request) => ({
      index: await indexes.create(request.ctx, request.body.dataCollectionId, request.body.index),
    }),
  );
  app.get(
    '/data/v2/indexes',
    {
      schema: {
        summary: "List a collection's indexes",
        tags,
        querystring: listIndexesRequestSchema,
        response: responses(listIndexesResponseSchema),
      },
    },
    async (request) => indexes.list(request.ctx, request.query.dataCollectionId),
  );
  app.get(
    '/data/v2/indexes/available',
    {
      schema: {
        summary: 'How many more indexes of each kind a collection may get',
        tags,
        querystring: listIndexesRequestSchema,
        response: responses(availableIndexesResponseSchema),
      },
    },
    async (request) => indexes.available(request.ctx, request.query.dataCollectionId),
  );
  app.delete(
    '/data/v2/indexes',
    {
      schema: {
        summary: 'Drop an index',
        tags,
        querystring: dropIndexRequestSchema,
        response: responses(emptyResponseSchema),
      },
    },
    async (request) => {
      await indexes.drop(request.ctx, request.query.dataCollectionId, request.query.indexName);
      return {};
    },
  );
};
