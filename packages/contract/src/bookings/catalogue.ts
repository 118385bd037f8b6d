import { z } from 'zod';
import { revisionSchema } from '../common.ts';
import { cursorPagingMetadataSchema } from '../query.ts';
import { cursorQuerySchema, extendedFieldsSchema, fieldMaskSchema } from './common.ts';

/**
 * A category groups services on the site (`Hair`, `Yoga classes`); `sortOrder` is its place in the list.
 * @example {"id":"…","name":"Hair","sortOrder":0,"revision":"1"}
 */
export const categoryInputSchema = z.object({
  id: z.string().nullish(),
  revision: revisionSchema.nullish(),
  name: z.string().trim().min(1).max(200).nullish(),
  sortOrder: z.number().int().nullish(),
  extendedFields: extendedFieldsSchema.optional(),
});
export const categorySchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  extendedFields: extendedFieldsSchema.optional(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryResponseSchema = z.object({ category: categorySchema });
export const createCategoryRequestSchema = z.object({ category: categoryInputSchema });
export const updateCategoryRequestSchema = z.object({
  category: categoryInputSchema,
  mask: fieldMaskSchema.optional(),
});
export const queryCategoriesRequestSchema = z.object({ query: cursorQuerySchema.default({}) });
export const queryCategoriesResponseSchema = z.object({
  categories: z.array(categorySchema),
  pagingMetadata: cursorPagingMetadataSchema,
});
export const categoryPositions = ['LAST', 'FIRST', 'AFTER_CATEGORY'] as const;
export const moveCategoryRequestSchema = z.object({
  position: z.enum(categoryPositions).default('LAST'),
  afterCategoryId: z.uuid().nullish(),
});

/**
 * Categories v1 (`/bookings/v1/categories`, `/bookings/v1/batch/categories`), the older family the spec still
 * lists: the same categories with a `status` and no revision. Categories are removed when deleted, so
 * `status` is always `CREATED` and `includeDeleted` lists nothing more.
 * @example {"category":{"id":"…","name":"Hair","status":"CREATED","sortOrder":0}}
 */
export const categoryV1Schema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['CREATED', 'DELETED']),
  sortOrder: z.number().int(),
});
export type CategoryV1 = z.infer<typeof categoryV1Schema>;
export const categoryV1InputSchema = z.object({
  id: z.string().nullish(),
  name: z.string().trim().min(1).max(200).nullish(),
  sortOrder: z.number().int().nullish(),
});
export const categoryV1ResponseSchema = z.object({ category: categoryV1Schema });
export const createCategoryV1RequestSchema = z.object({ category: categoryV1InputSchema });
export const updateCategoryV1RequestSchema = z.object({ category: categoryV1InputSchema });
export const listCategoriesV1RequestSchema = z.object({
  /** Only these categories (all when absent or empty). */
  id: z.array(z.uuid()).max(100).nullish(),
  includeDeleted: z.boolean().nullish(),
});
/** `GET /bookings/v1/categories?categoryIds=…` (the official client's list call). */
export const listCategoriesV1QuerySchema = z.object({
  categoryIds: z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
});
export const listCategoriesV1ResponseSchema = z.object({ categories: z.array(categoryV1Schema) });
export const deleteCategoryV1QuerySchema = z.object({
  /** Delete the category's services too (kept, without a category, by default). */
  deleteServices: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export const batchDeleteCategoriesV1RequestSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  deleteServices: z.boolean().nullish(),
});

/**
 * A resource type (`Room`, `Massage table`); services may require one resource of a type per booking.
 * @example {"id":"…","name":"Room","revision":"1"}
 */
export const resourceTypeInputSchema = z.object({
  id: z.string().nullish(),
  revision: revisionSchema.nullish(),
  name: z.string().trim().min(1).max(200).nullish(),
  extendedFields: extendedFieldsSchema.optional(),
});
export const resourceTypeSchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  extendedFields: extendedFieldsSchema.optional(),
});
export const resourceTypeResponseSchema = z.object({ resourceType: resourceTypeSchema });
export const createResourceTypeRequestSchema = z.object({ resourceType: resourceTypeInputSchema });
export const updateResourceTypeRequestSchema = z.object({
  resourceType: resourceTypeInputSchema,
  mask: fieldMaskSchema.optional(),
});
export const queryResourceTypesRequestSchema = z.object({ query: cursorQuerySchema.default({}) });
export const queryResourceTypesResponseSchema = z.object({
  resourceTypes: z.array(resourceTypeSchema),
  pagingMetadata: cursorPagingMetadataSchema,
});

const locationOptionsSchema = z.object({
  availableInAllLocations: z.boolean().nullish(),
  specificLocationOptions: z
    .object({
      businessLocations: z
        .array(z.object({ businessLocationId: z.string().max(100) }))
        .max(100)
        .optional(),
    })
    .optional(),
});

/**
 * A bookable thing of a resource type (`Room 1`), available during the business hours.
 * @example {"id":"…","name":"Room 1","typeId":"…","revision":"1"}
 */
export const resourceInputSchema = z.object({
  id: z.string().nullish(),
  revision: revisionSchema.nullish(),
  name: z.string().trim().min(1).max(200).nullish(),
  typeId: z.uuid().nullish(),
  locationOptions: locationOptionsSchema.optional(),
  extendedFields: extendedFieldsSchema.optional(),
});
export const resourceSchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  typeId: z.string(),
  locationOptions: locationOptionsSchema.optional(),
  eventsSchedule: z.object({ scheduleId: z.string() }),
  extendedFields: extendedFieldsSchema.optional(),
});
export const resourceResponseSchema = z.object({ resource: resourceSchema });
export const createResourceRequestSchema = z.object({ resource: resourceInputSchema });
export const updateResourceRequestSchema = z.object({
  resource: resourceInputSchema,
  mask: fieldMaskSchema.optional(),
});
export const bulkCreateResourcesRequestSchema = z.object({
  resources: z.array(resourceInputSchema).min(1).max(100),
  returnEntity: z.boolean().optional(),
});
export const bulkUpdateResourcesRequestSchema = z.object({
  resources: z
    .array(
      z.object({ resource: resourceInputSchema.extend({ id: z.uuid() }), mask: fieldMaskSchema.optional() }),
    )
    .min(1)
    .max(100),
  returnEntity: z.boolean().optional(),
});
export const bulkDeleteResourcesRequestSchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export const queryResourcesRequestSchema = z.object({ query: cursorQuerySchema.default({}) });
export const queryResourcesResponseSchema = z.object({
  resources: z.array(resourceSchema),
  pagingMetadata: cursorPagingMetadataSchema,
});

/**
 * Search Resources: a query (filter, sort, cursor paging) plus free text matched on the name, every word
 * (`AND`) or any (`OR`, the default). The text travels in the cursor, so a next page needs only the cursor.
 * @example {"search":{"search":{"expression":"room"},"filter":{"typeId":"…"},"cursorPaging":{"limit":20}}}
 */
export const searchResourcesRequestSchema = z.object({
  search: z
    .object({
      filter: cursorQuerySchema.shape.filter,
      sort: cursorQuerySchema.shape.sort,
      cursorPaging: cursorQuerySchema.shape.cursorPaging,
      search: z
        .object({
          mode: z.enum(['OR', 'AND']).optional(),
          expression: z.string().max(500).nullish(),
        })
        .optional(),
    })
    .default({}),
});

export const bulkResourcesResponseSchema = z.object({
  results: z.array(
    z.object({
      itemMetadata: z.object({
        id: z.string().nullable(),
        originalIndex: z.number().int(),
        success: z.boolean(),
        error: z.object({ code: z.string(), description: z.string() }).optional(),
      }),
      item: resourceSchema.optional(),
    }),
  ),
  bulkActionMetadata: z.object({
    totalSuccesses: z.number().int(),
    totalFailures: z.number().int(),
    undetailedFailures: z.number().int(),
  }),
});
