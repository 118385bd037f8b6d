import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aggregateOrdersRequestSchema,
  aggregateOrdersResponseSchema,
  bulkDeleteImportedOrdersRequestSchema,
  bulkDeleteImportedOrdersResponseSchema,
  bulkOrdersResponseSchema,
  bulkUpdateOrdersRequestSchema,
  commitDeltasRequestSchema,
  createOrderRequestSchema,
  importOrderRequestSchema,
  setOrderNumberCounterRequestSchema,
  setOrderNumberCounterResponseSchema,
  addActivitiesRequestSchema,
  addActivityRequestSchema,
  bulkUpdateOrderTagsRequestSchema,
  cancelOrderRequestSchema,
  orderResponseSchema,
  orderSchema,
  searchOrdersRequestSchema,
  searchOrdersResponseSchema,
  updateActivityRequestSchema,
  updateOrderLineItemRequestSchema,
  updateOrderRequestSchema,
  updateOrderStatusRequestSchema,
} from '@atrium/contract/ecom/orders';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { OrdersService } from './orders.service.ts';
import { ecomAccess } from './ecom-access.ts';

const tags = ['ecom: orders'];
const params = z.object({ id: z.string().min(1).max(100) });
const orderResponse = { 200: orderResponseSchema, ...errorResponses };

function tagIds(tags: Record<string, unknown> | null | undefined): string[] {
  const groups = [tags?.tags, tags?.privateTags] as Array<{ tagIds?: unknown } | undefined>;
  return groups.flatMap((group) =>
    Array.isArray(group?.tagIds)
      ? (group.tagIds as unknown[]).filter((id): id is string => typeof id === 'string')
      : [],
  );
}

/** Orders (`@wix/ecom` orders): read, search, edit, cancel, status, activities and tags. */
export const ordersRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (app, { service }) => {
  const read = { access: ecomAccess.orderRead };
  const manage = { access: ecomAccess.manage };

  app.post(
    '/ecom/v1/orders/search',
    {
      config: read,
      schema: {
        summary: 'Search orders (members: their own)',
        tags,
        body: searchOrdersRequestSchema,
        response: { 200: searchOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.search(request.ctx, request.body.search ?? null),
  );
  app.get(
    '/ecom/v1/orders/:id',
    { config: read, schema: { summary: 'Get an order', tags, params, response: orderResponse } },
    async (request) => ({ order: await service.get(request.ctx, request.params.id) }),
  );
  app.patch(
    '/ecom/v1/orders/:id',
    {
      config: manage,
      schema: {
        summary: 'Update an order',
        tags,
        params,
        body: updateOrderRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({
      order: await service.update(
        request.ctx,
        request.params.id,
        request.body.order as Parameters<OrdersService['update']>[2],
      ),
    }),
  );
  app.patch(
    '/ecom/v1/orders/:id/line-item/:lineItemId',
    {
      config: manage,
      schema: {
        summary: "Update an order's line item",
        tags,
        params: params.extend({ lineItemId: z.string().min(1).max(100) }),
        body: updateOrderLineItemRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({
      order: await service.updateLineItem(
        request.ctx,
        request.params.id,
        request.params.lineItemId,
        request.body.lineItem as never,
      ),
    }),
  );
  app.post(
    '/ecom/v1/orders/:id/cancel',
    {
      config: manage,
      schema: {
        summary: 'Cancel an order (optionally restock and tell the buyer)',
        tags,
        params,
        body: cancelOrderRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({ order: await service.cancel(request.ctx, request.params.id, request.body) }),
  );
  app.post(
    '/ecom/v1/orders/:id/update-status',
    {
      config: manage,
      schema: {
        summary: "Change an order's status (README: transitions)",
        tags,
        params,
        body: updateOrderStatusRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({
      order: await service.updateStatus(request.ctx, request.params.id, request.body.status),
    }),
  );
  app.post(
    '/ecom/v1/orders/:id/activities',
    {
      config: manage,
      schema: {
        summary: 'Add an activity (a comment)',
        tags,
        params,
        body: addActivityRequestSchema,
        response: { 200: z.object({ order: orderSchema, activityId: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const { order, activityIds } = await service.addActivities(request.ctx, request.params.id, [
        request.body.activity as never,
      ]);
      return { order, activityId: activityIds[0]! };
    },
  );
  app.post(
    '/ecom/v1/orders/:id/activities/add',
    {
      config: manage,
      schema: {
        summary: 'Add activities',
        tags,
        params,
        body: addActivitiesRequestSchema,
        response: {
          200: z.object({ order: orderSchema, activityIds: z.array(z.string()) }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      service.addActivities(request.ctx, request.params.id, request.body.orderActivities as never),
  );
  app.patch(
    '/ecom/v1/orders/:id/activities/:activityId',
    {
      config: manage,
      schema: {
        summary: 'Update a comment or custom activity',
        tags,
        params: params.extend({ activityId: z.string().min(1).max(100) }),
        body: updateActivityRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({
      order: await service.updateActivity(
        request.ctx,
        request.params.id,
        request.params.activityId,
        request.body.activity as never,
      ),
    }),
  );
  app.delete(
    '/ecom/v1/orders/:id/activities/:activityId',
    {
      config: manage,
      schema: {
        summary: 'Delete a comment or custom activity',
        tags,
        params: params.extend({ activityId: z.string().min(1).max(100) }),
        response: orderResponse,
      },
    },
    async (request) => ({
      order: await service.deleteActivity(request.ctx, request.params.id, request.params.activityId),
    }),
  );
  app.post(
    '/ecom/v1/bulk/orders/update-tags',
    {
      config: manage,
      schema: {
        summary: 'Assign and unassign tags of orders',
        tags,
        body: bulkUpdateOrderTagsRequestSchema,
        response: { 200: bulkOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.updateTags(
        request.ctx,
        request.body.orderIds,
        tagIds(request.body.assignTags),
        tagIds(request.body.unassignTags),
      ),
  );
  app.post(
    '/ecom/v1/orders',
    {
      config: manage,
      schema: {
        summary: 'Create an order (the business: catalog lines priced by their catalog, or lines of its own)',
        tags,
        body: createOrderRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({
      order: await service.create(request.ctx, request.body.order, request.body.settings),
    }),
  );
  app.post(
    '/ecom/v1/bulk/orders/update',
    {
      config: manage,
      schema: {
        summary: 'Update several orders',
        tags,
        body: bulkUpdateOrdersRequestSchema,
        response: { 200: bulkOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.bulkUpdate(
        request.ctx,
        request.body.orders as Parameters<OrdersService['bulkUpdate']>[1],
        request.body.returnEntity ?? false,
      ),
  );
  app.post(
    '/ecom/v1/orders/aggregate',
    {
      config: manage,
      schema: {
        summary: 'Count and sum orders (README: aggregating orders)',
        tags,
        body: aggregateOrdersRequestSchema,
        response: { 200: aggregateOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.aggregate(
        request.ctx,
        request.body.filter ?? undefined,
        request.body.aggregation,
        request.body.hierarchySeparatorOverride ?? '|',
      ),
  );
  app.post(
    '/ecom/v1/orders/:id/commit-deltas',
    {
      config: manage,
      schema: {
        summary: "Commit an order's edit: lines added, changed or removed, addresses, stock moves",
        tags,
        params,
        body: commitDeltasRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({
      order: await service.commitDeltas(request.ctx, request.params.id, request.body),
    }),
  );
  app.post(
    '/ecom/v1/orders/import',
    {
      config: manage,
      schema: {
        summary: 'Import an order made elsewhere (takes no stock, sends no mail)',
        tags,
        body: importOrderRequestSchema,
        response: orderResponse,
      },
    },
    async (request) => ({ order: await service.importOrder(request.ctx, request.body.order) }),
  );
  app.post(
    '/ecom/v1/orders/import/bulk-delete-imported-orders',
    {
      config: manage,
      schema: {
        summary: 'Delete imported orders (others among the ids are left alone)',
        tags,
        body: bulkDeleteImportedOrdersRequestSchema,
        response: { 200: bulkDeleteImportedOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.bulkDeleteImported(request.ctx, request.body.orderIds),
  );
  app.post(
    '/ecom/v1/orders/import/set-order-number-counter',
    {
      config: manage,
      schema: {
        summary: 'Set the number the next order gets',
        tags,
        body: setOrderNumberCounterRequestSchema,
        response: { 200: setOrderNumberCounterResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.setOrderNumberCounter(
        request.ctx,
        Number(request.body.counter),
        request.body.allowLowerCounter ?? false,
      ),
  );
};
