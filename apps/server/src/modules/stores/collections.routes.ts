import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionProductIdsRequestSchema,
  collectionResponseSchema,
  createCollectionRequestSchema,
  queryCollectionsRequestSchema,
  queryCollectionsResponseSchema,
  updateCollectionRequestSchema,
} from '@atrium/contract/stores/collections';
import { errorResponses } from '../../platform/http/openapi.ts';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import type { CollectionsService } from './collections.service.ts';
import { storesAccess } from './stores-access.ts';

const tags = ['stores: collections'];
const empty = z.object({});
/** A collection id: a uuid, or the "All products" collection's own id. */
const params = z.object({ id: z.string().min(1).max(64) });
const slugParams = z.object({ slug: z.string().min(1).max(100) });

/** Collections: v1 writes, v1 read by slug, v2 reads (`/v2/collections` arrives as `/stores/v2/collections`). */
export const collectionsRoutes: FastifyPluginAsyncZod<{ service: CollectionsService }> = async (
  app,
  { service },
) => {
  const manage = { access: storesAccess.manage };
  const read = { access: storesAccess.read };

  app.post(
    '/stores/v1/collections',
    {
      config: manage,
      schema: {
        summary: 'Create a collection',
        tags,
        body: createCollectionRequestSchema,
        response: { 200: collectionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ collection: await service.create(request.ctx, request.body.collection) }),
  );
  app.patch(
    '/stores/v1/collections/:id',
    {
      config: manage,
      schema: {
        summary: 'Update a collection',
        tags,
        params,
        body: updateCollectionRequestSchema,
        response: { 200: collectionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      collection: await service.update(request.ctx, request.params.id, request.body.collection),
    }),
  );
  app.delete(
    '/stores/v1/collections/:id',
    {
      config: manage,
      schema: {
        summary: 'Delete a collection (its products stay)',
        tags,
        params,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await service.remove(request.ctx, request.params.id);
      return {};
    },
  );
  app.post(
    '/stores/v1/collections/:id/productIds',
    {
      config: manage,
      schema: {
        summary: 'Add products to a collection',
        tags,
        params,
        body: collectionProductIdsRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await service.addProducts(request.ctx, request.params.id, request.body.productIds);
      return {};
    },
  );
  app.post(
    '/stores/v1/collections/:id/productIds/delete',
    {
      config: manage,
      schema: {
        summary: 'Remove products from a collection',
        tags,
        params,
        body: collectionProductIdsRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await service.removeProducts(request.ctx, request.params.id, request.body.productIds);
      return {};
    },
  );

  for (const path of ['/stores/v1/collections/slug/:slug', '/stores/v2/collections/slug/:slug']) {
    app.get(
      path,
      {
        config: read,
        schema: {
          summary: 'Get a collection by its slug',
          tags,
          params: slugParams,
          response: { 200: collectionResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ collection: await service.getBySlug(request.ctx, request.params.slug) }),
    );
  }
  postWithGetForm(app, '/stores/v2/collections/query', {
    access: storesAccess.read,
    summary: 'Query collections (offset paging)',
    tags,
    body: queryCollectionsRequestSchema,
    response: queryCollectionsResponseSchema,
    handler: (request, body) => service.query(request.ctx, body),
  });
  app.get(
    '/stores/v2/collections/:id',
    {
      config: read,
      schema: {
        summary: 'Get a collection',
        tags,
        params,
        response: { 200: collectionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ collection: await service.get(request.ctx, request.params.id) }),
  );
};
