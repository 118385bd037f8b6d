import { z } from 'zod';
import {
  batchDeleteCategoriesV1RequestSchema,
  bulkCreateResourcesRequestSchema,
  categoryV1ResponseSchema,
  createCategoryV1RequestSchema,
  deleteCategoryV1QuerySchema,
  listCategoriesV1QuerySchema,
  listCategoriesV1RequestSchema,
  listCategoriesV1ResponseSchema,
  updateCategoryV1RequestSchema,
  bulkDeleteResourcesRequestSchema,
  bulkResourcesResponseSchema,
  bulkUpdateResourcesRequestSchema,
  categoryResponseSchema,
  createCategoryRequestSchema,
  createResourceRequestSchema,
  createResourceTypeRequestSchema,
  moveCategoryRequestSchema,
  queryCategoriesRequestSchema,
  queryCategoriesResponseSchema,
  queryResourcesRequestSchema,
  queryResourcesResponseSchema,
  queryResourceTypesRequestSchema,
  queryResourceTypesResponseSchema,
  resourceResponseSchema,
  resourceTypeResponseSchema,
  searchResourcesRequestSchema,
  updateCategoryRequestSchema,
  updateResourceRequestSchema,
  updateResourceTypeRequestSchema,
} from '@atrium/contract/bookings/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import { catalogueAccess } from './catalogue-access.ts';
import type { CatalogueEntitiesService } from './catalogue-entities.service.ts';
import { countBodySchema, countResponseSchema, emptyResponse } from './route-schemas.ts';

export const catalogueEntitiesRoutes: FastifyPluginAsyncZod<{ service: CatalogueEntitiesService }> = async (
  app,
  { service },
) => {
  const manage = { access: catalogueAccess.manage };
  const business = { access: catalogueAccess.business };
  const read = { access: catalogueAccess.read };

  // --- categories -------------------------------------------------------------------------------------------
  {
    const tags = ['bookings: categories'];
    const params = z.object({ categoryId: z.uuid() });
    const base = '/bookings/v2/categories';
    app.post(
      base,
      {
        config: manage,
        schema: {
          summary: 'Create a category',
          tags,
          body: createCategoryRequestSchema,
          response: { 200: categoryResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ category: await service.createCategory(request.ctx, request.body.category) }),
    );
    // The contract's clients query categories with GET and the request in `.r`; POST is accepted too.
    app.get(
      `${base}/query`,
      {
        config: read,
        schema: {
          summary: 'Query categories',
          tags,
          querystring: queryCategoriesRequestSchema,
          response: { 200: queryCategoriesResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.queryCategories(request.ctx, request.query.query),
    );
    app.post(
      `${base}/query`,
      {
        config: read,
        schema: {
          summary: 'Query categories',
          tags,
          body: queryCategoriesRequestSchema,
          response: { 200: queryCategoriesResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.queryCategories(request.ctx, request.body.query),
    );
    app.post(
      `${base}/count`,
      {
        config: read,
        schema: {
          summary: 'Count categories',
          tags,
          body: countBodySchema,
          response: { 200: countResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ count: await service.countCategories(request.ctx, request.body.filter) }),
    );
    app.get(
      `${base}/:categoryId`,
      {
        config: read,
        schema: {
          summary: 'Get a category',
          tags,
          params,
          response: { 200: categoryResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ category: await service.getCategory(request.ctx, request.params.categoryId) }),
    );
    app.patch(
      `${base}/:categoryId`,
      {
        config: manage,
        schema: {
          summary: 'Update a category',
          tags,
          params,
          body: updateCategoryRequestSchema,
          response: { 200: categoryResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        category: await service.updateCategory(
          request.ctx,
          request.params.categoryId,
          request.body.category,
          request.body.mask,
        ),
      }),
    );
    app.delete(
      `${base}/:categoryId`,
      {
        config: manage,
        schema: {
          summary: 'Delete a category',
          tags,
          params,
          response: { 200: emptyResponse, ...errorResponses },
        },
      },
      async (request) => {
        await service.deleteCategory(request.ctx, request.params.categoryId);
        return {};
      },
    );
    app.post(
      `${base}/set-position/:categoryId`,
      {
        config: manage,
        schema: {
          summary: 'Move a category: FIRST, LAST or AFTER_CATEGORY',
          tags,
          params,
          body: moveCategoryRequestSchema,
          response: { 200: categoryResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        category: await service.moveCategory(
          request.ctx,
          request.params.categoryId,
          request.body.position,
          request.body.afterCategoryId,
        ),
      }),
    );
  }

  // --- categories v1 (the older family the spec lists next to v2) ------------------------------------------
  {
    const tags = ['bookings: categories v1'];
    const params = z.object({ categoryId: z.uuid() });
    const base = '/bookings/v1/categories';
    const v1 = (category: { id: string; name: string; sortOrder: number }) => ({
      category: {
        id: category.id,
        name: category.name,
        status: 'CREATED' as const,
        sortOrder: category.sortOrder,
      },
    });
    app.post(
      base,
      {
        config: manage,
        schema: {
          summary: 'Create a category (v1)',
          tags,
          body: createCategoryV1RequestSchema,
          response: { 200: categoryV1ResponseSchema, ...errorResponses },
        },
      },
      async (request) => v1(await service.createCategory(request.ctx, request.body.category)),
    );
    app.post(
      `${base}/list`,
      {
        config: read,
        schema: {
          summary: 'List categories (v1)',
          description: 'All categories in their order, or those in `id`. Deleted categories are gone.',
          tags,
          body: listCategoriesV1RequestSchema,
          response: { 200: listCategoriesV1ResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ categories: await service.listCategoriesV1(request.ctx, request.body.id) }),
    );
    // The official categories client lists with GET and `categoryIds` in the query string.
    app.get(
      base,
      {
        config: read,
        schema: {
          summary: 'List categories (v1), as the official client asks',
          tags,
          querystring: listCategoriesV1QuerySchema,
          response: { 200: listCategoriesV1ResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { categoryIds } = request.query;
        const ids = typeof categoryIds === 'string' ? [categoryIds] : categoryIds;
        return { categories: await service.listCategoriesV1(request.ctx, ids) };
      },
    );
    app.put(
      `${base}/:categoryId`,
      {
        config: manage,
        schema: {
          summary: 'Update a category (v1)',
          description: 'Changes the fields given (`name`, `sortOrder`); v1 has no revision.',
          tags,
          params,
          body: updateCategoryV1RequestSchema,
          response: { 200: categoryV1ResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        v1(
          await service.updateCategory(
            request.ctx,
            request.params.categoryId,
            request.body.category,
            undefined,
          ),
        ),
    );
    app.delete(
      `${base}/:categoryId`,
      {
        config: manage,
        schema: {
          summary: 'Delete a category (v1)',
          description: 'Its services are kept without a category, or deleted too with `deleteServices=true`.',
          tags,
          params,
          querystring: deleteCategoryV1QuerySchema,
          response: { 200: emptyResponse, ...errorResponses },
        },
      },
      async (request) => {
        await service.deleteCategory(request.ctx, request.params.categoryId, {
          deleteServices: request.query.deleteServices,
        });
        return {};
      },
    );
    app.post(
      '/bookings/v1/batch/categories/delete',
      {
        config: manage,
        schema: {
          summary: 'Delete several categories (v1)',
          description: 'All or none: an unknown id is a 404 and nothing is deleted.',
          tags,
          body: batchDeleteCategoriesV1RequestSchema,
          response: { 200: emptyResponse, ...errorResponses },
        },
      },
      async (request) => {
        await service.deleteCategories(request.ctx, request.body.ids, request.body.deleteServices ?? false);
        return {};
      },
    );
  }

  // --- resource types ---------------------------------------------------------------------------------------
  {
    const tags = ['bookings: resource types'];
    const params = z.object({ resourceTypeId: z.uuid() });
    const base = '/bookings/v2/resources/resource-types';
    app.post(
      base,
      {
        config: manage,
        schema: {
          summary: 'Create a resource type',
          tags,
          body: createResourceTypeRequestSchema,
          response: { 200: resourceTypeResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        resourceType: await service.createResourceType(request.ctx, request.body.resourceType),
      }),
    );
    app.post(
      `${base}/query`,
      {
        config: business,
        schema: {
          summary: 'Query resource types',
          tags,
          body: queryResourceTypesRequestSchema,
          response: { 200: queryResourceTypesResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.queryResourceTypes(request.ctx, request.body.query),
    );
    app.post(
      `${base}/count`,
      {
        config: business,
        schema: {
          summary: 'Count resource types',
          tags,
          body: countBodySchema,
          response: { 200: countResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ count: await service.countResourceTypes(request.ctx, request.body.filter) }),
    );
    app.get(
      `${base}/:resourceTypeId`,
      {
        config: business,
        schema: {
          summary: 'Get a resource type',
          tags,
          params,
          response: { 200: resourceTypeResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        resourceType: await service.getResourceType(request.ctx, request.params.resourceTypeId),
      }),
    );
    app.patch(
      `${base}/:resourceTypeId`,
      {
        config: manage,
        schema: {
          summary: 'Update a resource type',
          tags,
          params,
          body: updateResourceTypeRequestSchema,
          response: { 200: resourceTypeResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        resourceType: await service.updateResourceType(
          request.ctx,
          request.params.resourceTypeId,
          request.body.resourceType,
          request.body.mask,
        ),
      }),
    );
    app.delete(
      `${base}/:resourceTypeId`,
      {
        config: manage,
        schema: {
          summary: 'Delete a resource type',
          tags,
          params,
          response: { 200: emptyResponse, ...errorResponses },
        },
      },
      async (request) => {
        await service.deleteResourceType(request.ctx, request.params.resourceTypeId);
        return {};
      },
    );
  }

  // --- resources --------------------------------------------------------------------------------------------
  {
    const tags = ['bookings: resources'];
    const params = z.object({ resourceId: z.uuid() });
    const base = '/bookings/v2/resources';
    app.post(
      base,
      {
        config: manage,
        schema: {
          summary: 'Create a resource',
          tags,
          body: createResourceRequestSchema,
          response: { 200: resourceResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ resource: await service.createResource(request.ctx, request.body.resource) }),
    );
    app.post(
      '/bookings/v2/bulk/resources/create',
      {
        config: manage,
        schema: {
          summary: 'Create several resources',
          tags,
          body: bulkCreateResourcesRequestSchema,
          response: { 200: bulkResourcesResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        service.bulkCreateResources(request.ctx, request.body.resources, request.body.returnEntity ?? false),
    );
    app.post(
      '/bookings/v2/bulk/resources/update',
      {
        config: manage,
        schema: {
          summary: 'Update several resources',
          tags,
          body: bulkUpdateResourcesRequestSchema,
          response: { 200: bulkResourcesResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        service.bulkUpdateResources(request.ctx, request.body.resources, request.body.returnEntity ?? false),
    );
    app.post(
      '/bookings/v2/bulk/resources/delete',
      {
        config: manage,
        schema: {
          summary: 'Delete several resources',
          tags,
          body: bulkDeleteResourcesRequestSchema,
          response: { 200: bulkResourcesResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.bulkDeleteResources(request.ctx, request.body.ids),
    );
    app.post(
      `${base}/query`,
      {
        config: business,
        schema: {
          summary: 'Query resources',
          tags,
          body: queryResourcesRequestSchema,
          response: { 200: queryResourcesResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.queryResources(request.ctx, request.body.query),
    );
    app.post(
      `${base}/search`,
      {
        config: business,
        schema: {
          summary: 'Search resources by name, with a filter',
          tags,
          body: searchResourcesRequestSchema,
          response: { 200: queryResourcesResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.searchResources(request.ctx, request.body.search),
    );
    app.post(
      `${base}/count`,
      {
        config: business,
        schema: {
          summary: 'Count resources',
          tags,
          body: countBodySchema,
          response: { 200: countResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ count: await service.countResources(request.ctx, request.body.filter) }),
    );
    app.get(
      `${base}/:resourceId`,
      {
        config: business,
        schema: {
          summary: 'Get a resource',
          tags,
          params,
          response: { 200: resourceResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ resource: await service.getResource(request.ctx, request.params.resourceId) }),
    );
    app.patch(
      `${base}/:resourceId`,
      {
        config: manage,
        schema: {
          summary: 'Update a resource',
          tags,
          params,
          body: updateResourceRequestSchema,
          response: { 200: resourceResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        resource: await service.updateResource(
          request.ctx,
          request.params.resourceId,
          request.body.resource,
          request.body.mask,
        ),
      }),
    );
    app.delete(
      `${base}/:resourceId`,
      {
        config: manage,
        schema: {
          summary: 'Delete a resource',
          tags,
          params,
          response: { 200: emptyResponse, ...errorResponses },
        },
      },
      async (request) => {
        await service.deleteResource(request.ctx, request.params.resourceId);
        return {};
      },
    );
  }
};
