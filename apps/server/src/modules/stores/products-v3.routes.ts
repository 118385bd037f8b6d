import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustVariantsByFilterRequestSchema,
  allProductsCategoryResponseSchema,
  bulkCreateProductsV3RequestSchema,
  bulkCreateProductsWithInventoryRequestSchema,
  bulkDeleteProductsV3RequestSchema,
  bulkInfoSectionsV3RequestSchema,
  bulkProductsV3ResponseSchema,
  bulkProductsWithInventoryResponseSchema,
  bulkResultsOnlyResponseSchema,
  bulkUpdateProductsV3RequestSchema,
  bulkUpdateProductsWithInventoryRequestSchema,
  bulkUpdateProductTagsRequestSchema,
  categoriesByFilterRequestSchema,
  countProductsV3RequestSchema,
  countProductsV3ResponseSchema,
  createProductV3RequestSchema,
  getProductV3QuerySchema,
  infoSectionsByFilterRequestSchema,
  productsByFilterRequestSchema,
  productsJobResponseSchema,
  productV3ResponseSchema,
  productWithInventoryRequestSchema,
  productWithInventoryResponseSchema,
  queryProductsV3RequestSchema,
  queryProductsV3ResponseSchema,
  searchProductsV3RequestSchema,
  searchProductsV3ResponseSchema,
  tagsByFilterRequestSchema,
  updateProductsByFilterRequestSchema,
  updateProductV3RequestSchema,
  updateVariantsByFilterRequestSchema,
} from '@atrium/contract/stores/products-v3';
import { v3EmptyResponseSchema } from '@atrium/contract/stores/v3-entities-common';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { ProductsV3BulkService } from './products-v3-bulk.service.ts';
import type { ProductsV3Service } from './products-v3.service.ts';
import { storesAccess } from './stores-access.ts';

const tags = ['stores: products (catalog v3)'];
const base = '/stores/v3/products';
const bulk = '/stores/v3/bulk/products';
const params = z.object({ productId: z.uuid() });
const manage = { access: storesAccess.manage };
const read = { access: storesAccess.read };

/** Catalog v3 products (`@wix/stores` productsV3): 28 calls under `/stores/v3`. */
export const productsV3Routes: FastifyPluginAsyncZod<{
  products: ProductsV3Service;
  bulkService: ProductsV3BulkService;
}> = async (app, { products, bulkService }) => {
  /** A POST of the business with a body and one answer schema. */
  function managed<Body extends z.ZodType, Answer extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    response: Answer,
    handler: (ctx: Parameters<ProductsV3Service['get']>[0], body: z.output<Body>) => Promise<z.input<Answer>>,
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
    'Create a product with its variants',
    createProductV3RequestSchema,
    productV3ResponseSchema,
    async (ctx, body) => {
      const row = await products.create(ctx, body.product);
      return { product: await products.wireOne(ctx, row, body.fields) };
    },
  );

  app.get(
    `${base}/:productId`,
    {
      config: read,
      schema: {
        summary: 'Get a product',
        tags,
        params,
        querystring: getProductV3QuerySchema,
        response: { 200: productV3ResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      product: await products.get(request.ctx, request.params.productId, request.query.fields),
    }),
  );

  app.get(
    `${base}/slug/:slug`,
    {
      config: read,
      schema: {
        summary: 'Get a product by its slug',
        tags,
        params: z.object({ slug: z.string().min(1).max(100) }),
        querystring: getProductV3QuerySchema,
        response: { 200: productV3ResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      product: await products.getBySlug(request.ctx, request.params.slug, request.query.fields),
    }),
  );

  app.patch(
    `${base}/:productId`,
    {
      config: manage,
      schema: {
        summary: 'Update a product (send its revision)',
        description:
          'The fields sent replace the product’s; `options` change only with `variantsInfo.variants`, which lists the variants the product ends with.',
        tags,
        params,
        body: updateProductV3RequestSchema,
        response: { 200: productV3ResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await products.update(request.ctx, request.params.productId, request.body.product);
      return { product: await products.wireOne(request.ctx, row, request.body.fields) };
    },
  );

  app.delete(
    `${base}/:productId`,
    {
      config: manage,
      schema: {
        summary: 'Delete a product',
        tags,
        params,
        response: { 200: v3EmptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await products.delete(request.ctx, request.params.productId);
      return {};
    },
  );

  postWithGetForm(app, `${base}/query`, {
    access: storesAccess.read,
    summary: 'Query products (cursor paging)',
    tags,
    body: queryProductsV3RequestSchema,
    response: queryProductsV3ResponseSchema,
    handler: (request, body) => products.query(request.ctx, body.query, body.fields),
  });
  postWithGetForm(app, `${base}/search`, {
    access: storesAccess.read,
    summary: 'Search products: free text over names and descriptions, filters, aggregations',
    tags,
    body: searchProductsV3RequestSchema,
    response: searchProductsV3ResponseSchema,
    handler: (request, body) => products.search(request.ctx, body.search, body.fields),
  });
  postWithGetForm(app, `${base}/count`, {
    access: storesAccess.read,
    summary: 'Count products',
    tags,
    body: countProductsV3RequestSchema,
    response: countProductsV3ResponseSchema,
    handler: async (request, body) => ({ count: await products.count(request.ctx, body) }),
  });

  managed(
    '/stores/v3/products-with-inventory',
    'Create a product and its variants’ inventory',
    productWithInventoryRequestSchema,
    productWithInventoryResponseSchema,
    async (ctx, body) => {
      const result = await products.createWithInventory(ctx, body.product, body.returnEntity ?? false);
      return {
        product: await products.wireOne(ctx, result.product, body.fields),
        inventoryResults: result.inventoryResults,
      };
    },
  );
  app.patch(
    '/stores/v3/products-with-inventory/:productId',
    {
      config: manage,
      schema: {
        summary: 'Update a product and its variants’ inventory (send its revision)',
        tags,
        params,
        body: productWithInventoryRequestSchema,
        response: { 200: productWithInventoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await products.updateWithInventory(
        request.ctx,
        request.params.productId,
        request.body.product,
        request.body.returnEntity ?? false,
      );
      return {
        product: await products.wireOne(request.ctx, result.product, request.body.fields),
        inventoryResults: result.inventoryResults,
      };
    },
  );

  managed(
    `${bulk}/create`,
    'Create several products',
    bulkCreateProductsV3RequestSchema,
    bulkProductsV3ResponseSchema,
    async (ctx, body) =>
      (
        await products.bulkWrite(ctx, body.products, {
          update: false,
          returnEntity: body.returnEntity ?? false,
          fields: body.fields,
        })
      ).productResults,
  );
  managed(
    `${bulk}/update`,
    'Update several products',
    bulkUpdateProductsV3RequestSchema,
    bulkProductsV3ResponseSchema,
    async (ctx, body) =>
      (
        await products.bulkWrite(
          ctx,
          body.products.map((item) => item.product),
          { update: true, returnEntity: body.returnEntity ?? false, fields: body.fields },
        )
      ).productResults,
  );
  managed(
    `${bulk}/delete`,
    'Delete several products',
    bulkDeleteProductsV3RequestSchema,
    bulkResultsOnlyResponseSchema,
    (ctx, body) => bulkService.bulkDelete(ctx, body.productIds),
  );
  managed(
    '/stores/v3/bulk/products-with-inventory/create',
    'Create several products with their inventory',
    bulkCreateProductsWithInventoryRequestSchema,
    bulkProductsWithInventoryResponseSchema,
    (ctx, body) =>
      products.bulkWrite(ctx, body.products, {
        update: false,
        returnEntity: body.returnEntity ?? false,
        fields: body.fields,
        inventory: true,
      }),
  );
  managed(
    '/stores/v3/bulk/products-with-inventory/update',
    'Update several products with their inventory',
    bulkUpdateProductsWithInventoryRequestSchema,
    bulkProductsWithInventoryResponseSchema,
    (ctx, body) =>
      products.bulkWrite(
        ctx,
        body.products.map((item) => item.product),
        { update: true, returnEntity: body.returnEntity ?? false, fields: body.fields, inventory: true },
      ),
  );
  managed(
    `${bulk}/add-info-sections`,
    'Add info sections to products',
    bulkInfoSectionsV3RequestSchema,
    bulkProductsV3ResponseSchema,
    (ctx, body) => bulkService.bulkInfoSections(ctx, body, true),
  );
  managed(
    `${bulk}/remove-info-sections`,
    'Remove info sections from products',
    bulkInfoSectionsV3RequestSchema,
    bulkProductsV3ResponseSchema,
    (ctx, body) => bulkService.bulkInfoSections(ctx, body, false),
  );
  managed(
    `${bulk}/update-tags`,
    'Assign and unassign tags',
    bulkUpdateProductTagsRequestSchema,
    bulkResultsOnlyResponseSchema,
    (ctx, body) => bulkService.bulkUpdateTags(ctx, body),
  );

  // The by-filter calls run in the request and answer a job id.
  const job = productsJobResponseSchema;
  managed(
    `${bulk}/update-by-filter`,
    'Update the products a filter selects',
    updateProductsByFilterRequestSchema,
    job,
    (ctx, body) => bulkService.updateByFilter(ctx, body.filter, body.search, body.product),
  );
  managed(
    `${bulk}/delete-by-filter`,
    'Delete the products a filter selects',
    productsByFilterRequestSchema,
    job,
    (ctx, body) => bulkService.deleteByFilter(ctx, body.filter, body.search),
  );
  managed(
    `${bulk}/add-info-sections-by-filter`,
    'Add info sections to the products a filter selects',
    infoSectionsByFilterRequestSchema,
    job,
    (ctx, body) => bulkService.infoSectionsByFilter(ctx, body.filter, body.search, body.infoSectionIds, true),
  );
  managed(
    `${bulk}/remove-info-sections-by-filter`,
    'Remove info sections from the products a filter selects',
    infoSectionsByFilterRequestSchema,
    job,
    (ctx, body) =>
      bulkService.infoSectionsByFilter(ctx, body.filter, body.search, body.infoSectionIds, false),
  );
  managed(
    `${bulk}/add-to-categories-by-filter`,
    'Add the products a filter selects to categories (collections)',
    categoriesByFilterRequestSchema,
    job,
    (ctx, body) => bulkService.categoriesByFilter(ctx, body.filter, body.search, body.categoryIds, true),
  );
  managed(
    `${bulk}/remove-from-categories-by-filter`,
    'Remove the products a filter selects from categories (collections)',
    categoriesByFilterRequestSchema,
    job,
    (ctx, body) => bulkService.categoriesByFilter(ctx, body.filter, body.search, body.categoryIds, false),
  );
  managed(
    `${bulk}/update-tags-by-filter`,
    'Assign and unassign tags by filter',
    tagsByFilterRequestSchema,
    job,
    (ctx, body) =>
      bulkService.tagsByFilter(ctx, body.filter, body.search, body.assignTags, body.unassignTags),
  );
  managed(
    `${bulk}/update-variants-by-filter`,
    'Set fields of every variant of the products a filter selects',
    updateVariantsByFilterRequestSchema,
    job,
    (ctx, body) => bulkService.updateVariantsByFilter(ctx, body.filter, body.search, body.variant),
  );
  managed(
    `${bulk}/adjust-variants-by-filter`,
    'Adjust prices and costs of the variants of the products a filter selects',
    adjustVariantsByFilterRequestSchema,
    job,
    (ctx, body) => bulkService.adjustVariantsByFilter(ctx, body),
  );

  app.get(
    '/stores/v3/all-products-category',
    {
      config: read,
      schema: {
        summary: 'The category every product is in',
        tags,
        response: { 200: allProductsCategoryResponseSchema, ...errorResponses },
      },
    },
    async () => bulkService.allProductsCategory(),
  );
};
