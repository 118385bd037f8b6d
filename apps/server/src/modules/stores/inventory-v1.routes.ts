import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decrementInventoryRequestSchema,
  getInventoryVariantsRequestSchema,
  incrementInventoryRequestSchema,
  inventoryItemResponseSchema,
  queryInventoryRequestSchema,
  queryInventoryResponseSchema,
  updateInventoryVariantsRequestSchema,
} from '@atrium/contract/stores/inventory-v1';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { InventoryService } from './inventory.service.ts';
import { storesAccess } from './stores-access.ts';

const tags = ['stores: inventory (v1)'];
const empty = z.object({});
const base = '/stores/v2/inventoryItems';

/** Inventory v1 (`/stores/v2/inventoryItems`, reads also as `/stores-reader/v2`): the business's stock. */
export const inventoryV1Routes: FastifyPluginAsyncZod<{ service: InventoryService }> = async (
  app,
  { service },
) => {
  const manage = { access: storesAccess.manage };
  const business = { access: storesAccess.business };

  app.post(
    `${base}/decrement`,
    {
      config: manage,
      schema: {
        summary: 'Take stock away (never below zero; all or nothing)',
        tags,
        body: decrementInventoryRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await service.decrement(request.ctx, request.body.decrementData);
      return {};
    },
  );
  app.post(
    `${base}/increment`,
    {
      config: manage,
      schema: {
        summary: 'Add stock',
        tags,
        body: incrementInventoryRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await service.increment(request.ctx, request.body.incrementData);
      return {};
    },
  );
  app.post(
    `${base}/query`,
    {
      config: business,
      schema: {
        summary: 'Query inventory items',
        tags,
        body: queryInventoryRequestSchema,
        response: { 200: queryInventoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.query(request.ctx, request.body),
  );
  app.post(
    `${base}/:inventoryId/getVariants`,
    {
      config: business,
      schema: {
        summary: "An inventory item's variants",
        tags,
        params: z.object({ inventoryId: z.uuid() }),
        body: getInventoryVariantsRequestSchema,
        response: { 200: inventoryItemResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      inventoryItem: await service.getVariants(
        request.ctx,
        request.params.inventoryId,
        request.body.variantIds,
      ),
    }),
  );
  app.patch(
    `${base}/product/:productId`,
    {
      config: manage,
      schema: {
        summary: "Set a product's stock: track quantity or not, quantities, in stock, preorder",
        tags,
        params: z.object({ productId: z.uuid() }),
        body: updateInventoryVariantsRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await service.updateVariants(request.ctx, request.params.productId, request.body.inventoryItem);
      return {};
    },
  );

  // Abandoned carts come with commerce; until then there are none, and the calls say so.
  app.post(
    '/stores/v1/abandonedCarts/query',
    {
      config: business,
      schema: {
        summary: 'Query abandoned carts (none until commerce exists)',
        tags: ['stores: abandoned carts'],
        body: z.object({ query: z.unknown().optional() }),
        response: {
          200: z.object({ abandonedCarts: z.array(z.unknown()), totalResults: z.number().int() }),
          ...errorResponses,
        },
      },
    },
    async () => ({ abandonedCarts: [], totalResults: 0 }),
  );
  app.get(
    '/stores/v1/abandonedCarts/:id',
    {
      config: business,
      schema: {
        summary: 'Get an abandoned cart',
        tags: ['stores: abandoned carts'],
        params: z.object({ id: z.string().max(64) }),
        response: { ...errorResponses },
      },
    },
    async (request) => {
      throw service.abandonedCartNotFound(request.params.id);
    },
  );
};
