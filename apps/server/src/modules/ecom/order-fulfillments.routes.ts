import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createFulfillmentRequestSchema,
  createFulfillmentResponseSchema,
  orderWithFulfillmentsResponseSchema,
  updateFulfillmentRequestSchema,
} from '@atrium/contract/ecom/orders';
import { errorResponses } from '../../platform/http/openapi.ts';
import { ecomAccess } from './ecom-access.ts';
import type { OrderFulfillments } from './order-fulfillments.ts';

const tags = ['ecom: order fulfillments'];
const id = z.string().min(1).max(100);
const orderParams = z.object({ orderId: id });
const fulfillmentParams = z.object({ fulfillmentId: id, orderId: id });
const answer = { 200: orderWithFulfillmentsResponseSchema, ...errorResponses };

/** Fulfillments (`@wix/ecom` orderFulfillments): the business fulfils, edits tracking, deletes and lists. */
export const orderFulfillmentsRoutes: FastifyPluginAsyncZod<{ service: OrderFulfillments }> = async (
  app,
  { service },
) => {
  const config = { access: ecomAccess.manage };

  app.get(
    '/ecom/v1/fulfillments/orders/:orderId',
    {
      config,
      schema: { summary: "List an order's fulfillments", tags, params: orderParams, response: answer },
    },
    async (request) => service.list(request.ctx, request.params.orderId),
  );
  app.post(
    '/ecom/v1/fulfillments/orders/:orderId/create-fulfillment',
    {
      config,
      schema: {
        summary: "Fulfil quantities of an order's lines",
        tags,
        params: orderParams,
        body: createFulfillmentRequestSchema,
        response: { 200: createFulfillmentResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.create(request.ctx, request.params.orderId, request.body.fulfillment),
  );
  app.patch(
    '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId',
    {
      config,
      schema: {
        summary: "Change a fulfillment's tracking",
        tags,
        params: fulfillmentParams,
        body: updateFulfillmentRequestSchema,
        response: answer,
      },
    },
    async (request) =>
      service.update(
        request.ctx,
        request.params.orderId,
        request.params.fulfillmentId,
        request.body.fulfillment,
      ),
  );
  app.delete(
    '/ecom/v1/fulfillments/:fulfillmentId/orders/:orderId',
    {
      config,
      schema: { summary: 'Delete a fulfillment', tags, params: fulfillmentParams, response: answer },
    },
    async (request) => service.delete(request.ctx, request.params.orderId, request.params.fulfillmentId),
  );
};
