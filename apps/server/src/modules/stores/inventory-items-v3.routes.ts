import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustInventoryItemsByFilterV3RequestSchema,
  bulkCreateInventoryItemsV3RequestSchema,
  bulkDecrementByVariantV3RequestSchema,
  bulkDecrementInventoryItemsV3RequestSchema,
  bulkDeleteInventoryItemsV3RequestSchema,
  bulkIncrementByVariantV3RequestSchema,
  bulkIncrementInventoryItemsV3RequestSchema,
  bulkInventoryItemsV3ResponseSchema,
  bulkUpdateInventoryItemsV3RequestSchema,
  bulkUpsertInventoryItemsV3RequestSchema,
  countInventoryItemsV3RequestSchema,
  createInventoryItemsByVariantFilterV3RequestSchema,
  createInventoryItemV3RequestSchema,
  deleteInventoryItemsByFilterV3RequestSchema,
  inventoryItemV3ResponseSchema,
  inventoryJobResponseSchema,
  queryInventoryItemsV3RequestSchema,
  queryInventoryItemsV3ResponseSchema,
  searchInventoryItemsV3RequestSchema,
  searchInventoryItemsV3ResponseSchema,
  setOrAdjustInventoryItemsByFilterV3RequestSchema,
  updateInventoryItemsByFilterV3RequestSchema,
  updateInventoryItemV3RequestSchema,
} from '@atrium/contract/stores/inventory-items-v3';
import { v3CountResponseSchema, v3EmptyResponseSchema } from '@atrium/contract/stores/v3-entities-common';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { InventoryItemsV3Service } from './inventory-items-v3.service.ts';
import { storesAccess } from './stores-access.ts';

const tags = ['stores: inventory items (catalog v3)'];
const base = '/stores/v3/inventory-items';
const bulk = '/stores/v3/bulk/inventory-items';
const params = z.object({ inventoryItemId: z.uuid() });
const manage = { access: storesAccess.manage };
const business = { access: storesAccess.business };

/** Catalog v3 inventory items (`@wix/stores` inventoryItemsV3): 20 calls under `/stores/v3`. */
export const inventoryItemsV3Routes: FastifyPluginAsyncZod<{ service: InventoryItemsV3Service }> = async (
  app,
  { service },
) => {
  function managed<Body extends z.ZodType, Answer extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    response: Answer,
    handler: (
      ctx: Parameters<InventoryItemsV3Service['get']>[0],
      body: z.output<Body>,
    ) => Promise<z.input<Answer>>,
  ) {
    app.post(
      path,
      { config: manage, schema: { summary, tags, body, response: { 200: response, ...errorResponses } } },
      // The answer is checked by `response` when it is sent; the helper's generics cannot carry that.
      (request) => handler(request.ctx, request.body as z.output<Body>) as never,
    );
  }

  managed(
    base,
    'Create the inventory item of a variant',
    createInventoryItemV3RequestSchema,
    inventoryItemV3ResponseSchema,
    async (ctx, body) => ({
      inventoryItem: await service.create(ctx, body.inventoryItem),
    }),
  );
  app.get(
    `${base}/:inventoryItemId`,
    {
      config: business,
      schema: {
        summary: 'Get an inventory item',
        tags,
        params,
        response: { 200: inventoryItemV3ResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ inventoryItem: await service.get(request.ctx, request.params.inventoryItemId) }),
  );
  app.patch(
    `${base}/:inventoryItemId`,
    {
      config: manage,
      schema: {
        summary: 'Update an inventory item (send its revision): track quantity, quantity, in stock, preorder',
        tags,
        params,
        body: updateInventoryItemV3RequestSchema,
        response: { 200: inventoryItemV3ResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      inventoryItem: await service.update(
        request.ctx,
        request.params.inventoryItemId,
        request.body.inventoryItem,
      ),
    }),
  );
  app.delete(
    `${base}/:inventoryItemId`,
    {
      config: manage,
      schema: {
        summary: 'Delete an inventory item',
        tags,
        params,
        response: { 200: v3EmptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.ctx, request.params.inventoryItemId);
      return {};
    },
  );

  postWithGetForm(app, `${base}/query`, {
    access: storesAccess.business,
    summary: 'Query inventory items (cursor paging)',
    tags,
    body: queryInventoryItemsV3RequestSchema,
    response: queryInventoryItemsV3ResponseSchema,
    handler: (request, body) => service.query(request.ctx, body.query),
  });
  postWithGetForm(app, `${base}/search`, {
    access: storesAccess.business,
    summary: 'Search inventory items: free text over their products’ names, filters',
    tags,
    body: searchInventoryItemsV3RequestSchema,
    response: searchInventoryItemsV3ResponseSchema,
    handler: async (request, body) => ({
      ...(await service.query(request.ctx, body.search, body.search.search?.expression ?? null)),
      aggregationData: { results: [] },
    }),
  });
  postWithGetForm(app, `${base}/count`, {
    access: storesAccess.business,
    summary: 'Count inventory items',
    tags,
    body: countInventoryItemsV3RequestSchema,
    response: v3CountResponseSchema,
    handler: async (request, body) => ({
      count: await service.count(request.ctx, body.filter, body.search?.expression),
    }),
  });

  const many = bulkInventoryItemsV3ResponseSchema;
  managed(
    `${bulk}/create`,
    'Create several inventory items',
    bulkCreateInventoryItemsV3RequestSchema,
    many,
    (ctx, body) => service.bulkCreate(ctx, body.inventoryItems, body.returnEntity ?? false),
  );
  managed(
    `${bulk}/update`,
    'Update several inventory items',
    bulkUpdateInventoryItemsV3RequestSchema,
    many,
    (ctx, body) =>
      service.bulkUpdate(
        ctx,
        body.inventoryItems.map((item) => item.inventoryItem),
        body.returnEntity ?? false,
      ),
  );
  managed(
    `${bulk}/upsert`,
    'Update or create several inventory items',
    bulkUpsertInventoryItemsV3RequestSchema,
    many,
    (ctx, body) =>
      service.bulkUpsert(
        ctx,
        body.inventoryItems.map((item) => item.inventoryItem),
        body.returnEntity ?? false,
      ),
  );
  managed(
    `${bulk}/delete`,
    'Delete several inventory items',
    bulkDeleteInventoryItemsV3RequestSchema,
    many,
    (ctx, body) => service.bulkDelete(ctx, body.inventoryItemIds),
  );
  managed(`${bulk}/increment`, 'Add stock', bulkIncrementInventoryItemsV3RequestSchema, many, (ctx, body) =>
    service.bulkChange(
      ctx,
      body.incrementData.map((change) => ({
        inventoryItemId: change.inventoryItemId,
        delta: change.incrementBy,
      })),
      body.returnEntity ?? false,
    ),
  );
  managed(
    `${bulk}/decrement`,
    'Take stock (never below zero)',
    bulkDecrementInventoryItemsV3RequestSchema,
    many,
    (ctx, body) =>
      service.bulkChange(
        ctx,
        body.decrementData.map((change) => ({
          inventoryItemId: change.inventoryItemId,
          delta: -change.decrementBy,
          preorderRequest: change.preorderRequest,
        })),
        body.returnEntity ?? false,
      ),
  );
  managed(
    `${bulk}/increment-by-variant-and-location`,
    'Add stock by variant',
    bulkIncrementByVariantV3RequestSchema,
    many,
    (ctx, body) =>
      service.bulkChange(
        ctx,
        body.incrementData.map((change) => ({
          variantId: change.variantId,
          locationId: change.locationId,
          delta: change.incrementBy,
        })),
        body.returnEntity ?? false,
      ),
  );
  managed(
    `${bulk}/decrement-by-variant-and-location`,
    'Take stock by variant (never below zero)',
    bulkDecrementByVariantV3RequestSchema,
    many,
    (ctx, body) =>
      service.bulkChange(
        ctx,
        body.decrementData.map((change) => ({
          variantId: change.variantId,
          locationId: change.locationId,
          delta: -change.decrementBy,
          preorderRequest: change.preorderRequest,
        })),
        body.returnEntity ?? false,
      ),
  );

  // The by-filter calls run in the request and answer a job id.
  const job = inventoryJobResponseSchema;
  managed(
    `${bulk}/update-by-filter`,
    'Update the items a filter selects',
    updateInventoryItemsByFilterV3RequestSchema,
    job,
    (ctx, body) => service.updateByFilter(ctx, body.filter, body.search, body.inventoryItem),
  );
  managed(
    `${bulk}/delete-by-filter`,
    'Delete the items a filter selects',
    deleteInventoryItemsByFilterV3RequestSchema,
    job,
    (ctx, body) => service.deleteByFilter(ctx, body.filter, body.search),
  );
  managed(
    `${bulk}/adjust-by-filter`,
    'Add or take stock of the items a filter selects',
    adjustInventoryItemsByFilterV3RequestSchema,
    job,
    (ctx, body) =>
      service.adjustByFilter(
        ctx,
        body.trackQuantity === true ? { ...(body.filter ?? {}), trackQuantity: true } : body.filter,
        body.search,
        body.adjustment,
      ),
  );
  managed(
    `${bulk}/set-or-adjust-by-filter`,
    'Set or adjust the stock of the items a filter selects',
    setOrAdjustInventoryItemsByFilterV3RequestSchema,
    job,
    (ctx, body) => service.adjustByFilter(ctx, body.filter, body.search, body.adjustedInventoryAction),
  );
  managed(
    `${bulk}/create-by-variant-filter`,
    'Create items for the variants a filter selects that have none',
    createInventoryItemsByVariantFilterV3RequestSchema,
    job,
    (ctx, body) =>
      service.createByVariantFilter(ctx, body.filter, body.locationId, body.inventoryCreationData?.quantity),
  );
};
