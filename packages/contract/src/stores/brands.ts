import { z } from 'zod';
import { fieldMaskSchema } from '../bookings/common.ts';
import {
  requestedFieldsSchema,
  v3BulkDeleteResponseSchema,
  v3BulkIdsSchema,
  v3BulkResponseSchema,
  v3QueryRequestSchema,
  v3QueryResponseSchema,
  v3RevisionInputSchema,
  v3Text,
} from './v3-entities-common.ts';

/**
 * Catalog v3 brands (`@wix/stores` brandsV3): a named label a product carries, unique by name per site.
 * Paths under `/stores/v3/brands` and `/stores/v3/bulk/brands`.
 */

export const brandNameMaxLength = 50;
export const brandRequestedFields = ['ASSIGNED_PRODUCTS_COUNT'] as const;
export const brandErrorCodes = {
  /** Another brand of the site has this name (409). */
  nameTaken: 'BRAND_NAME_ALREADY_EXISTS',
} as const;

const fields = requestedFieldsSchema(brandRequestedFields);

/**
 * A brand as the clients send it; read-only fields (dates, counts) are ignored.
 * @example {"name":"Acme"}
 */
export const brandInputSchema = z.object({
  id: z.string().nullish(),
  revision: v3RevisionInputSchema,
  name: v3Text(brandNameMaxLength).optional(),
});
export type BrandInput = z.input<typeof brandInputSchema>;

/**
 * A brand. `assignedProductsCount` only when `fields` asks for `ASSIGNED_PRODUCTS_COUNT`.
 * @example {"id":"…","revision":"1","createdDate":"2025-01-01T00:00:00.000Z","updatedDate":"…","name":"Acme"}
 */
export const brandSchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  assignedProductsCount: z.number().int().optional(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandResponseSchema = z.object({ brand: brandSchema });
export const createBrandRequestSchema = z.object({
  brand: brandInputSchema.extend({ name: v3Text(brandNameMaxLength) }),
});
export const getBrandQuerySchema = z.object({ fields });
/** `PATCH /stores/v3/brands/{id}`: `brand.revision` is the one the change is based on. */
export const updateBrandRequestSchema = z.object({
  brand: brandInputSchema,
  fieldMask: fieldMaskSchema.optional(),
  fields,
});
export const queryBrandsRequestSchema = v3QueryRequestSchema(fields);
export const queryBrandsResponseSchema = v3QueryResponseSchema('brands', brandSchema);
/** `POST /stores/v3/brands/get-or-create`: the brand of this name, created when there is none. */
export const getOrCreateBrandRequestSchema = z.object({ brandName: v3Text(brandNameMaxLength), fields });

export const bulkCreateBrandsRequestSchema = z.object({
  brands: z.array(brandInputSchema).min(1).max(100),
  returnEntity: z.boolean().nullish(),
});
export const bulkUpdateBrandsRequestSchema = z.object({
  brands: z
    .array(
      z.object({
        brand: brandInputSchema.extend({ id: z.uuid() }),
        fieldMask: fieldMaskSchema.optional(),
      }),
    )
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkGetOrCreateBrandsRequestSchema = z.object({
  brandNames: z.array(z.string().max(brandNameMaxLength)).min(1).max(100),
  fields,
});
export const bulkDeleteBrandsRequestSchema = z.object({ brandIds: v3BulkIdsSchema });
export const bulkBrandsResponseSchema = v3BulkResponseSchema('item', brandSchema);
export const bulkDeleteBrandsResponseSchema = v3BulkDeleteResponseSchema;
