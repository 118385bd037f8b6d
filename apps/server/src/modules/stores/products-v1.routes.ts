import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addProductMediaRequestSchema,
  bulkAdjustProductsRequestSchema,
  bulkProductsResponseSchema,
  bulkUpdateProductsRequestSchema,
  choicesMediaRequestSchema,
  createProductRequestSchema,
  getProductQuerySchema,
  productOptionsAvailabilityRequestSchema,
  productOptionsAvailabilityResponseSchema,
  productResponseSchema,
  queryProductsRequestSchema,
  queryProductsResponseSchema,
  queryProductVariantsRequestSchema,
  queryProductVariantsResponseSchema,
  queryStoreVariantsRequestSchema,
  queryStoreVariantsResponseSchema,
  removeProductMediaRequestSchema,
  storeVariantResponseSchema,
  updateProductRequestSchema,
  updateVariantsRequestSchema,
  variantsResponseSchema,
} from '@atrium/contract/stores/products-v1';
import { builtAnswerSerializer } from '../../platform/http/built-answer-serializer.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import type { ProductVariantsService } from './product-variants.service.ts';
import type { ProductsCore } from './products.service.ts';
import type { StoreVariantsService } from './store-variants.service.ts';
import { storesAccess } from './stores-access.ts';

const tags = ['stores: products (catalog v1)'];
const base = '/stores/v1/products';
const params = z.object({ id: z.uuid() });
const empty = z.object({});

/** Catalog v1 products: writes under `/stores/v1`, reads also reached as `/stores-reader/v1`. */
export const productsV1Routes: FastifyPluginAsyncZod<{
  core: ProductsCore;
  variants: ProductVariantsService;
  storeVariants: StoreVariantsService;
}> = async (app, { core, variants, storeVariants }) => {
  const manage = { access: storesAccess.manage };
  const read = { access: storesAccess.read };

  app.post(
    base,
    {
      config: manage,
      schema: {
        summary: 'Create a product',
        tags,
        body: createProductRequestSchema,
        response: { 200: productResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await core.create(request.ctx, request.body.product);
      return { product: await core.wire(request.ctx, row, { merchant: true }) };
    },
  );

  postWithGetForm(app, `${base}/query-platformized`, {
    access: storesAccess.read,
    summary: 'Query products (offset paging)',
    tags,
    body: queryProductsRequestSchema,
    response: queryProductsResponseSchema,
    builtAnswer: true,
    handler: (request, body) => core.query(request.ctx, body),
  });

  app.get(
    `${base}/:id`,
    {
      config: read,
      schema: {
        summary: 'Get a product',
        tags,
        params,
        querystring: getProductQuerySchema,
        response: { 200: productResponseSchema, ...errorResponses },
      },
      serializerCompiler: builtAnswerSerializer,
    },
    async (request) => {
      const row = await core.findVisible(request.ctx, request.params.id);
      return {
        product: await core.wire(request.ctx, row, {
          merchant: request.query.includeMerchantSpecificData === true,
        }),
      };
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: manage,
      schema: {
        summary: 'Update a product (the fields given)',
        tags,
        params,
        body: updateProductRequestSchema,
        response: { 200: productResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await core.update(request.ctx, request.params.id, request.body.product);
      return { product: await core.wire(request.ctx, row, { merchant: true }) };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: manage,
      schema: { summary: 'Delete a product', tags, params, response: { 200: empty, ...errorResponses } },
    },
    async (request) => {
      await core.remove(request.ctx, request.params.id);
      return {};
    },
  );

  app.post(
    `${base}/:id/productOptionsAvailability`,
    {
      config: read,
      schema: {
        summary: 'The variant a choice of options selects, and whether it can be bought',
        tags,
        params,
        body: productOptionsAvailabilityRequestSchema,
        response: { 200: productOptionsAvailabilityResponseSchema, ...errorResponses },
      },
    },
    async (request) => variants.optionsAvailability(request.ctx, request.params.id, request.body.options),
  );

  app.post(
    `${base}/:id/variants/query`,
    {
      config: read,
      schema: {
        summary: "Query a product's variants",
        tags,
        params,
        body: queryProductVariantsRequestSchema,
        response: { 200: queryProductVariantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => variants.queryVariants(request.ctx, request.params.id, request.body),
  );

  app.patch(
    `${base}/:id/variants`,
    {
      config: manage,
      schema: {
        summary: 'Update variants: price, cost, weight, SKU, visibility',
        tags,
        params,
        body: updateVariantsRequestSchema,
        response: { 200: variantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => variants.updateVariants(request.ctx, request.params.id, request.body.variants),
  );

  const action = (
    path: string,
    summary: string,
    run: (request: {
      ctx: Parameters<ProductVariantsService['resetVariants']>[0];
      id: string;
    }) => Promise<void>,
  ) =>
    app.post(
      `${base}/:id/${path}`,
      { config: manage, schema: { summary, tags, params, response: { 200: empty, ...errorResponses } } },
      async (request) => {
        await run({ ctx: request.ctx, id: request.params.id });
        return {};
      },
    );
  action('variants/resetToDefault', "Reset every variant to the product's data", ({ ctx, id }) =>
    variants.resetVariants(ctx, id),
  );
  action('remove-brand', "Remove the product's brand", ({ ctx, id }) =>
    variants.removeLabel(ctx, id, 'brand'),
  );
  action('remove-ribbon', "Remove the product's ribbon", ({ ctx, id }) =>
    variants.removeLabel(ctx, id, 'ribbon'),
  );

  app.post(
    `${base}/:id/media`,
    {
      config: manage,
      schema: {
        summary: 'Add media to a product',
        tags,
        params,
        body: addProductMediaRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await variants.addMedia(request.ctx, request.params.id, request.body.media);
      return {};
    },
  );
  app.post(
    `${base}/:id/media/delete`,
    {
      config: manage,
      schema: {
        summary: 'Remove media from a product',
        tags,
        params,
        body: removeProductMediaRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await variants.removeMedia(request.ctx, request.params.id, request.body.mediaIds);
      return {};
    },
  );
  app.patch(
    `${base}/:id/choices/media`,
    {
      config: manage,
      schema: {
        summary: 'Show media when a choice is picked',
        tags,
        params,
        body: choicesMediaRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await variants.choiceMedia(request.ctx, request.params.id, request.body, 'add');
      return {};
    },
  );
  app.post(
    `${base}/:id/choices/media/delete`,
    {
      config: manage,
      schema: {
        summary: 'Unlink media from choices',
        tags,
        params,
        body: choicesMediaRequestSchema,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await variants.choiceMedia(request.ctx, request.params.id, request.body, 'remove');
      return {};
    },
  );
  app.delete(
    `${base}/:id/options`,
    {
      config: manage,
      schema: {
        summary: "Delete a product's options (one default variant remains)",
        tags,
        params,
        response: { 200: empty, ...errorResponses },
      },
    },
    async (request) => {
      await variants.deleteOptions(request.ctx, request.params.id);
      return {};
    },
  );

  app.post(
    '/stores/v1/bulk/products/update',
    {
      config: manage,
      schema: {
        summary: 'Set price, cost, weight, ribbon, brand or visibility of products',
        tags,
        body: bulkUpdateProductsRequestSchema,
        response: { 200: bulkProductsResponseSchema, ...errorResponses },
      },
    },
    async (request) => variants.bulkSet(request.ctx, request.body),
  );
  app.post(
    '/stores/v1/bulk/products/adjust-properties',
    {
      config: manage,
      schema: {
        summary: 'Adjust price, cost or weight of products by an amount or a percentage',
        tags,
        body: bulkAdjustProductsRequestSchema,
        response: { 200: bulkProductsResponseSchema, ...errorResponses },
      },
    },
    async (request) => variants.bulkAdjust(request.ctx, request.body),
  );

  app.post(
    '/stores/v1/variants/query',
    {
      config: read,
      schema: {
        summary: 'Query the variants of the whole store',
        tags,
        body: queryStoreVariantsRequestSchema,
        response: { 200: queryStoreVariantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => storeVariants.query(request.ctx, request.body),
  );
  app.get(
    '/stores/v1/variants/:id',
    {
      config: read,
      schema: {
        summary: 'Get a store variant (`<productId>-<variantId>`)',
        tags,
        params: z.object({ id: z.string().max(80) }),
        response: { 200: storeVariantResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ variant: await storeVariants.get(request.ctx, request.params.id) }),
  );
};
