import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCheckoutRequestSchema,
  checkoutRemoveLineItemsRequestSchema,
  checkoutResponseSchema,
  checkoutUpdateQuantitiesRequestSchema,
  checkoutUrlResponseSchema,
  createCheckoutRequestSchema,
  createOrderAndChargeRequestSchema,
  createOrderAndChargeResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  markAsCompletedRequestSchema,
  paymentSettingsResponseSchema,
  updateCheckoutRequestSchema,
} from '@atrium/contract/ecom/checkouts';
import { builtAnswerSerializer } from '../../platform/http/built-answer-serializer.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CheckoutsService } from './checkouts.service.ts';
import { ecomAccess } from './ecom-access.ts';

const tags = ['ecom: checkouts'];
const empty = z.object({});
const params = z.object({ id: z.string().min(1).max(100) });
const checkoutResponse = { 200: checkoutResponseSchema, ...errorResponses };

/** Checkouts (`@wix/ecom` checkout): lines, buyer details, totals and completion into one order. */
export const checkoutsRoutes: FastifyPluginAsyncZod<{ service: CheckoutsService }> = async (
  app,
  { service },
) => {
  const buyer = { access: ecomAccess.buyer };

  app.post(
    '/ecom/v1/checkouts',
    {
      config: buyer,
      schema: {
        summary: 'Create a checkout',
        tags,
        body: createCheckoutRequestSchema,
        response: checkoutResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ checkout: await service.create(request.ctx, request.body) }),
  );
  app.get(
    '/ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url',
    {
      config: buyer,
      schema: {
        summary: 'Complete a checkout from a signed redirect token',
        tags,
        querystring: z.object({ token: z.string().max(2000).optional() }),
        response: errorResponses,
      },
    },
    async () => {
      throw new AppError(400, 'UNAUTHENTICATED_TOKEN', 'this redirect token is not one Atrium issued');
    },
  );
  app.get(
    '/ecom/v1/checkouts/by-cart-id/:id',
    {
      config: buyer,
      schema: { summary: 'Get the checkout of a cart', tags, params, response: checkoutResponse },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ checkout: await service.getByCartId(request.ctx, request.params.id) }),
  );
  app.get(
    '/ecom/v1/checkouts/:id',
    {
      config: buyer,
      schema: {
        summary: 'Get a checkout (lines priced and checked now)',
        tags,
        params,
        response: checkoutResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ checkout: await service.get(request.ctx, request.params.id) }),
  );
  app.patch(
    '/ecom/v1/checkouts/:id',
    {
      config: buyer,
      schema: {
        summary: 'Update a checkout',
        tags,
        params,
        body: updateCheckoutRequestSchema,
        response: checkoutResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ checkout: await service.update(request.ctx, request.params.id, request.body) }),
  );
  app.post(
    '/ecom/v1/checkouts/:id/add-to-checkout',
    {
      config: buyer,
      schema: {
        summary: 'Add lines to a checkout',
        tags,
        params,
        body: addToCheckoutRequestSchema,
        response: checkoutResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ checkout: await service.addLines(request.ctx, request.params.id, request.body) }),
  );
  app.post(
    '/ecom/v1/checkouts/:id/remove-line-items',
    {
      config: buyer,
      schema: {
        summary: 'Remove lines from a checkout',
        tags,
        params,
        body: checkoutRemoveLineItemsRequestSchema,
        response: checkoutResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({
      checkout: await service.removeLines(request.ctx, request.params.id, request.body.lineItemIds),
    }),
  );
  app.post(
    '/ecom/v1/checkouts/:id/update-line-items-quantity',
    {
      config: buyer,
      schema: {
        summary: "Change a checkout's quantities",
        tags,
        params,
        body: checkoutUpdateQuantitiesRequestSchema,
        response: checkoutResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({
      checkout: await service.updateQuantities(request.ctx, request.params.id, request.body.lineItems),
    }),
  );
  for (const [path, summary, run] of [
    ['remove-coupon', "Remove a checkout's coupon", service.removeCoupon],
    ['remove-gift-card', "Remove a checkout's gift card", service.removeGiftCard],
    ['remove-override-checkout-url', "Remove a checkout's override URL", service.removeOverrideCheckoutUrl],
  ] as const) {
    app.post(
      `/ecom/v1/checkouts/:id/${path}`,
      {
        config: buyer,
        schema: { summary, tags, params, body: empty.nullish(), response: checkoutResponse },
        serializerCompiler: builtAnswerSerializer,
      },
      async (request) => ({ checkout: await run(request.ctx, request.params.id) }),
    );
  }
  for (const path of ['checkout-url', 'wix-checkout-url'] as const) {
    app.get(
      `/ecom/v1/checkouts/:id/${path}`,
      {
        config: buyer,
        schema: {
          summary: "The checkout's page URL",
          tags,
          params,
          response: { 200: checkoutUrlResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.checkoutUrl(request.ctx, request.params.id),
    );
  }
  app.get(
    '/ecom/v1/checkouts/:id/payment-settings',
    {
      config: buyer,
      schema: {
        summary: "A checkout's payment settings",
        tags,
        params,
        response: { 200: paymentSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.paymentSettings(request.ctx, request.params.id),
  );
  app.post(
    '/ecom/v1/checkouts/:id/create-order',
    {
      config: buyer,
      schema: {
        summary: 'Place the order (paid later or in person); idempotent',
        tags,
        params,
        body: createOrderRequestSchema,
        response: { 200: createOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.createOrder(request.ctx, request.params.id),
  );
  app.post(
    '/ecom/v1/checkouts/:id/create-order-and-charge',
    {
      config: buyer,
      schema: {
        summary: 'Charge the card and place the order; idempotent',
        tags,
        params,
        body: createOrderAndChargeRequestSchema,
        response: { 200: createOrderAndChargeResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.createOrderAndCharge(request.ctx, request.params.id, {
        paymentToken: request.body.paymentToken,
        delayCapture: request.body.delayCapture ?? null,
      }),
  );
  app.post(
    '/ecom/v1/checkouts/:id/mark-as-completed',
    {
      config: buyer,
      schema: {
        summary: 'Mark a checkout completed (its order is made if it has none)',
        tags,
        params,
        body: markAsCompletedRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await service.markAsCompleted(request.ctx, request.params.id);
      return {};
    },
  );
};
