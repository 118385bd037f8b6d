import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartRequestSchema,
  cartResponseSchema,
  createCartRequestSchema,
  createCheckoutFromCartRequestSchema,
  createCheckoutFromCartResponseSchema,
  estimateTotalsRequestSchema,
  estimateTotalsResponseSchema,
  removeLineItemsRequestSchema,
  updateCartRequestSchema,
  updateLineItemsQuantityRequestSchema,
} from '@atrium/contract/ecom/carts';
import { builtAnswerSerializer } from '../../platform/http/built-answer-serializer.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { CartsService } from './carts.service.ts';
import { ecomAccess } from './ecom-access.ts';

const tags = ['ecom: carts'];
const empty = z.object({});
const params = z.object({ id: z.string().min(1).max(100) });
const cartResponse = { 200: cartResponseSchema, ...errorResponses };

/** The current cart of a visitor or member, and carts by id (`@wix/ecom` currentCart and cart). */
export const cartsRoutes: FastifyPluginAsyncZod<{ service: CartsService }> = async (app, { service }) => {
  const current = { access: ecomAccess.currentCart };
  const buyer = { access: ecomAccess.buyer };

  app.get(
    '/ecom/v1/carts/current',
    {
      config: current,
      schema: { summary: "Get the caller's current cart", tags, response: cartResponse },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.getCurrent(request.ctx) }),
  );
  app.patch(
    '/ecom/v1/carts/current',
    {
      config: current,
      schema: {
        summary: 'Update the current cart (made when there is none)',
        tags,
        body: updateCartRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.updateCurrent(request.ctx, request.body) }),
  );
  app.delete(
    '/ecom/v1/carts/current',
    {
      config: current,
      schema: { summary: 'Delete the current cart', tags, response: { 200: empty, ...errorResponses } },
    },
    async (request) => {
      await service.deleteCurrent(request.ctx);
      return {};
    },
  );
  app.post(
    '/ecom/v1/carts/current/add-to-cart',
    {
      config: current,
      schema: {
        summary: 'Add lines to the current cart',
        tags,
        body: addToCartRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.addToCurrent(request.ctx, request.body) }),
  );
  app.post(
    '/ecom/v1/carts/current/remove-line-items',
    {
      config: current,
      schema: {
        summary: 'Remove lines from the current cart',
        tags,
        body: removeLineItemsRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({
      cart: await service.removeLineItems(request.ctx, 'current', request.body.lineItemIds),
    }),
  );
  app.post(
    '/ecom/v1/carts/current/update-line-items-quantity',
    {
      config: current,
      schema: {
        summary: "Change the current cart's quantities",
        tags,
        body: updateLineItemsQuantityRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({
      cart: await service.updateLineItemsQuantity(request.ctx, 'current', request.body.lineItems),
    }),
  );
  app.post(
    '/ecom/v1/carts/current/remove-coupon',
    {
      config: current,
      schema: {
        summary: "Remove the current cart's coupon",
        tags,
        body: empty.nullish(),
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.removeCoupon(request.ctx, 'current') }),
  );
  app.post(
    '/ecom/v1/carts/current/create-checkout',
    {
      config: current,
      schema: {
        summary: 'Create a checkout from the current cart',
        tags,
        body: createCheckoutFromCartRequestSchema,
        response: { 200: createCheckoutFromCartResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.createCheckout(request.ctx, 'current', request.body),
  );
  app.post(
    '/ecom/v1/carts/current/estimate-totals',
    {
      config: current,
      schema: {
        summary: "Estimate the current cart's totals",
        tags,
        body: estimateTotalsRequestSchema,
        response: { 200: estimateTotalsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.estimateTotals(request.ctx, 'current'),
  );

  app.post(
    '/ecom/v1/carts',
    {
      config: buyer,
      schema: { summary: 'Create a cart', tags, body: createCartRequestSchema, response: cartResponse },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.create(request.ctx, request.body) }),
  );
  app.get(
    '/ecom/v1/carts/by-checkout-id/:id',
    {
      config: buyer,
      schema: { summary: 'Get the cart a checkout was made from', tags, params, response: cartResponse },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.getByCheckoutId(request.ctx, request.params.id) }),
  );
  app.get(
    '/ecom/v1/carts/:id',
    {
      config: buyer,
      schema: { summary: 'Get a cart', tags, params, response: cartResponse },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.get(request.ctx, request.params.id) }),
  );
  app.patch(
    '/ecom/v1/carts/:id',
    {
      config: buyer,
      schema: {
        summary: 'Update a cart',
        tags,
        params,
        body: updateCartRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.update(request.ctx, request.params.id, request.body) }),
  );
  app.delete(
    '/ecom/v1/carts/:id',
    {
      config: buyer,
      schema: { summary: 'Delete a cart', tags, params, response: { 200: empty, ...errorResponses } },
    },
    async (request) => {
      await service.remove(request.ctx, request.params.id);
      return {};
    },
  );
  app.post(
    '/ecom/v1/carts/:id/add-to-cart',
    {
      config: buyer,
      schema: {
        summary: 'Add lines to a cart',
        tags,
        params,
        body: addToCartRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.add(request.ctx, request.params.id, request.body) }),
  );
  app.post(
    '/ecom/v1/carts/:id/remove-line-items',
    {
      config: buyer,
      schema: {
        summary: 'Remove lines from a cart',
        tags,
        params,
        body: removeLineItemsRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({
      cart: await service.removeLineItems(request.ctx, request.params.id, request.body.lineItemIds),
    }),
  );
  app.post(
    '/ecom/v1/carts/:id/update-line-items-quantity',
    {
      config: buyer,
      schema: {
        summary: "Change a cart's quantities",
        tags,
        params,
        body: updateLineItemsQuantityRequestSchema,
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({
      cart: await service.updateLineItemsQuantity(request.ctx, request.params.id, request.body.lineItems),
    }),
  );
  app.post(
    '/ecom/v1/carts/:id/remove-coupon',
    {
      config: buyer,
      schema: {
        summary: "Remove a cart's coupon",
        tags,
        params,
        body: empty.nullish(),
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.removeCoupon(request.ctx, request.params.id) }),
  );
  app.post(
    '/ecom/v1/carts/:id/remove-business-location',
    {
      config: buyer,
      schema: {
        summary: "Remove a cart's business location",
        tags,
        params,
        body: empty.nullish(),
        response: cartResponse,
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => ({ cart: await service.removeBusinessLocation(request.ctx, request.params.id) }),
  );
  app.post(
    '/ecom/v1/carts/:id/create-checkout',
    {
      config: buyer,
      schema: {
        summary: 'Create a checkout from a cart',
        tags,
        params,
        body: createCheckoutFromCartRequestSchema,
        response: { 200: createCheckoutFromCartResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.createCheckout(request.ctx, request.params.id, request.body),
  );
  app.post(
    '/ecom/v1/carts/:id/estimate-totals',
    {
      config: buyer,
      schema: {
        summary: "Estimate a cart's totals",
        tags,
        params,
        body: estimateTotalsRequestSchema,
        response: { 200: estimateTotalsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.estimateTotals(request.ctx, request.params.id),
  );
};
