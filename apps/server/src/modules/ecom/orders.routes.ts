import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
const bulkResponse = z.object({ results: z.array(z.looseObject({})), bulkActionMetadata: z.looseObject({}) });

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
        response: { 200: bulkResponse, ...errorResponses },
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
    '/ecom/v1/orders/import/set-order-number-counter',
    {
      config: manage,
      schema: {
        summary: 'Set where order numbers continue from',
        tags,
        body: z.object({
          counter: z.number().int().min(1).max(9_000_000_000_000),
          allowLowerCounter: z.boolean().nullish(),
        }),
        response: { 200: z.object({ oldCounter: z.number(), newCounter: z.number() }), ...errorResponses },
      },
    },
    async (request) =>
      service.setOrderNumberCounter(
        request.ctx,
        request.body.counter,
        request.body.allowLowerCounter ?? false,
      ),
  );
};
