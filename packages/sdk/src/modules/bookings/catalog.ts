import type {
  Category,
  CategoryV1,
  categoryV1InputSchema,
  bulkResourcesResponseSchema,
  bulkUpdateResourcesRequestSchema,
  categoryInputSchema,
  categoryPositions,
  queryCategoriesResponseSchema,
  queryResourceTypesResponseSchema,
  queryResourcesResponseSchema,
  resourceInputSchema,
  resourceSchema,
  resourceTypeInputSchema,
  resourceTypeSchema,
  searchResourcesRequestSchema,
} from '@atrium/contract/bookings/catalogue';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import { defineModule, type ClientContext, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import type { QueryPage } from '../../query.ts';
import { call, postedQuery, segment, send, toPage } from './shared.ts';

export type { Category, CategoryV1 };
export type CategoryV1Input = z.input<typeof categoryV1InputSchema>;
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryPosition = (typeof categoryPositions)[number];
export type ResourceType = z.infer<typeof resourceTypeSchema>;
export type ResourceTypeInput = z.input<typeof resourceTypeInputSchema>;
export type Resource = z.infer<typeof resourceSchema>;
export type ResourceInput = z.input<typeof resourceInputSchema>;
export type ResourceSearch = z.input<typeof searchResourcesRequestSchema>['search'];
export type BulkResourcesResult = WithDates<z.infer<typeof bulkResourcesResponseSchema>>;

const categories = '/bookings/v2/categories';
const resourceTypes = '/bookings/v2/resources/resource-types';
const resources = '/bookings/v2/resources';

function count(context: ClientContext, path: string, filter?: Filter): Promise<number> {
  return send<{ count: number }>(context, 'POST', path, { filter }).then((answer) => answer.count);
}

export const catalogCalls = {
  /** `POST /bookings/v2/categories`. */
  createCategory: (context) => (category: CategoryInput) =>
    call<{ category: Category }, 'category'>(context, 'POST', categories, 'category', { category }),
  /** `GET /bookings/v2/categories/{id}`. */
  getCategory: (context) => (categoryId: string) =>
    call<{ category: Category }, 'category'>(
      context,
      'GET',
      `${categories}/${segment(categoryId)}`,
      'category',
    ),
  /** `PATCH /bookings/v2/categories/{id}`. */
  updateCategory: (context) => (categoryId: string, category: CategoryInput, mask?: string[]) =>
    call<{ category: Category }, 'category'>(
      context,
      'PATCH',
      `${categories}/${segment(categoryId)}`,
      'category',
      { category, ...(mask ? { mask } : {}) },
    ),
  /** `DELETE /bookings/v2/categories/{id}`. */
  deleteCategory:
    (context) =>
    async (categoryId: string): Promise<void> => {
      await send(context, 'DELETE', `${categories}/${segment(categoryId)}`);
    },
  /**
   * `POST /bookings/v2/categories/query` (cursor paging).
   * @example const { items } = await client.bookings.queryCategories().ascending('sortOrder').find();
   */
  queryCategories: (context) => () =>
    postedQuery<WithDates<Category>, z.infer<typeof queryCategoriesResponseSchema>>(
      context,
      `${categories}/query`,
      (answer) => toPage(answer.categories, answer.pagingMetadata),
      { paging: 'cursor' },
    ),
  /** `POST /bookings/v2/categories/count`. */
  countCategories: (context) => (filter?: Filter) => count(context, `${categories}/count`, filter),
  /** `POST /bookings/v2/categories/set-position/{id}`: FIRST, LAST or AFTER_CATEGORY. */
  moveCategory: (context) => (categoryId: string, position: CategoryPosition, afterCategoryId?: string) =>
    call<{ category: Category }, 'category'>(
      context,
      'POST',
      `${categories}/set-position/${segment(categoryId)}`,
      'category',
      { position, ...(afterCategoryId ? { afterCategoryId } : {}) },
    ),

  /**
   * `POST /bookings/v1/categories`: Categories v1, the older family (a `status`, no revision).
   * @example await client.bookings.createCategoryV1({ name: 'Hair' })
   */
  createCategoryV1: (context) => (category: CategoryV1Input) =>
    call<{ category: CategoryV1 }, 'category'>(context, 'POST', '/bookings/v1/categories', 'category', {
      category,
    }),
  /** `POST /bookings/v1/categories/list`: all categories in order, or those in `ids`. */
  listCategoriesV1:
    (context) =>
    async (ids?: string[]): Promise<CategoryV1[]> =>
      (
        await send<{ categories: CategoryV1[] }>(context, 'POST', '/bookings/v1/categories/list', {
          ...(ids ? { id: ids } : {}),
        })
      ).categories,
  /** `PUT /bookings/v1/categories/{id}`: changes the fields given. */
  updateCategoryV1: (context) => (categoryId: string, category: CategoryV1Input) =>
    call<{ category: CategoryV1 }, 'category'>(
      context,
      'PUT',
      `/bookings/v1/categories/${segment(categoryId)}`,
      'category',
      { category },
    ),
  /** `DELETE /bookings/v1/categories/{id}`: services are kept without a category unless `deleteServices`. */
  deleteCategoryV1:
    (context) =>
    async (categoryId: string, options: { deleteServices?: boolean } = {}): Promise<void> => {
      await context.request({
        method: 'DELETE',
        path: `/bookings/v1/categories/${segment(categoryId)}`,
        query: options.deleteServices === undefined ? {} : { deleteServices: String(options.deleteServices) },
      });
    },
  /** `POST /bookings/v1/batch/categories/delete`: all or none. */
  batchDeleteCategoriesV1:
    (context) =>
    async (ids: string[], options: { deleteServices?: boolean } = {}): Promise<void> => {
      await send(context, 'POST', '/bookings/v1/batch/categories/delete', { ids, ...options });
    },

  /** `POST /bookings/v2/resources/resource-types`. */
  createResourceType: (context) => (resourceType: ResourceTypeInput) =>
    call<{ resourceType: ResourceType }, 'resourceType'>(context, 'POST', resourceTypes, 'resourceType', {
      resourceType,
    }),
  /** `GET /bookings/v2/resources/resource-types/{id}`. */
  getResourceType: (context) => (resourceTypeId: string) =>
    call<{ resourceType: ResourceType }, 'resourceType'>(
      context,
      'GET',
      `${resourceTypes}/${segment(resourceTypeId)}`,
      'resourceType',
    ),
  /** `PATCH /bookings/v2/resources/resource-types/{id}`. */
  updateResourceType:
    (context) => (resourceTypeId: string, resourceType: ResourceTypeInput, mask?: string[]) =>
      call<{ resourceType: ResourceType }, 'resourceType'>(
        context,
        'PATCH',
        `${resourceTypes}/${segment(resourceTypeId)}`,
        'resourceType',
        { resourceType, ...(mask ? { mask } : {}) },
      ),
  /** `DELETE /bookings/v2/resources/resource-types/{id}` (`RESOURCE_TYPE_IN_USE` while services need it). */
  deleteResourceType:
    (context) =>
    async (resourceTypeId: string): Promise<void> => {
      await send(context, 'DELETE', `${resourceTypes}/${segment(resourceTypeId)}`);
    },
  /** `POST /bookings/v2/resources/resource-types/query` (cursor paging). */
  queryResourceTypes: (context) => () =>
    postedQuery<WithDates<ResourceType>, z.infer<typeof queryResourceTypesResponseSchema>>(
      context,
      `${resourceTypes}/query`,
      (answer) => toPage(answer.resourceTypes, answer.pagingMetadata),
      { paging: 'cursor' },
    ),
  /** `POST /bookings/v2/resources/resource-types/count`. */
  countResourceTypes: (context) => (filter?: Filter) => count(context, `${resourceTypes}/count`, filter),

  /** `POST /bookings/v2/resources`. */
  createResource: (context) => (resource: ResourceInput) =>
    call<{ resource: Resource }, 'resource'>(context, 'POST', resources, 'resource', { resource }),
  /** `POST /bookings/v2/bulk/resources/create`. */
  bulkCreateResources:
    (context) =>
    (items: ResourceInput[], options: { returnEntity?: boolean } = {}): Promise<BulkResourcesResult> =>
      send(context, 'POST', '/bookings/v2/bulk/resources/create', { resources: items, ...options }),
  /** `POST /bookings/v2/bulk/resources/update`. */
  bulkUpdateResources:
    (context) =>
    (
      items: z.input<typeof bulkUpdateResourcesRequestSchema>['resources'],
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkResourcesResult> =>
      send(context, 'POST', '/bookings/v2/bulk/resources/update', { resources: items, ...options }),
  /** `POST /bookings/v2/bulk/resources/delete`. */
  bulkDeleteResources:
    (context) =>
    (ids: string[]): Promise<BulkResourcesResult> =>
      send(context, 'POST', '/bookings/v2/bulk/resources/delete', { ids }),
  /** `GET /bookings/v2/resources/{id}`. */
  getResource: (context) => (resourceId: string) =>
    call<{ resource: Resource }, 'resource'>(
      context,
      'GET',
      `${resources}/${segment(resourceId)}`,
      'resource',
    ),
  /** `PATCH /bookings/v2/resources/{id}`. */
  updateResource: (context) => (resourceId: string, resource: ResourceInput, mask?: string[]) =>
    call<{ resource: Resource }, 'resource'>(
      context,
      'PATCH',
      `${resources}/${segment(resourceId)}`,
      'resource',
      { resource, ...(mask ? { mask } : {}) },
    ),
  /** `DELETE /bookings/v2/resources/{id}`. */
  deleteResource:
    (context) =>
    async (resourceId: string): Promise<void> => {
      await send(context, 'DELETE', `${resources}/${segment(resourceId)}`);
    },
  /** `POST /bookings/v2/resources/query` (cursor paging). */
  queryResources: (context) => () =>
    postedQuery<WithDates<Resource>, z.infer<typeof queryResourcesResponseSchema>>(
      context,
      `${resources}/query`,
      (answer) => toPage(answer.resources, answer.pagingMetadata),
      { paging: 'cursor' },
    ),
  /**
   * `POST /bookings/v2/resources/search`: free text on the name (every or any word) with a filter; cursor
   * paging, the next page needs only `cursorPaging.cursor`.
   * @example await client.bookings.searchResources({ search: { expression: 'room' }, cursorPaging: { limit: 20 } })
   */
  searchResources:
    (context) =>
    async (search: ResourceSearch = {}): Promise<QueryPage<WithDates<Resource>>> => {
      const answer = await send<z.infer<typeof queryResourcesResponseSchema>>(
        context,
        'POST',
        `${resources}/search`,
        { search },
      );
      return toPage(answer.resources, answer.pagingMetadata);
    },
  /** `POST /bookings/v2/resources/count`. */
  countResources: (context) => (filter?: Filter) => count(context, `${resources}/count`, filter),
} satisfies ModuleDefinition;

/** Categories, resource types and resources. */
export const bookingsCatalog = defineModule(catalogCalls);
