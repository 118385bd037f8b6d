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
 * Catalog v3 ribbons (`@wix/stores` ribbonsV3): a highlight label a product carries
 * (`Sale`, `New`), unique by name per site.
 * Paths under `/stores/v3/ribbons` and `/stores/v3/bulk/ribbons`.
 */

export const ribbonNameMaxLength = 30;
export const ribbonRequestedFields = ['ASSIGNED_PRODUCT_COUNT'] as const;
export const ribbonErrorCodes = {
  /** Another ribbon of the site has this name (409). */
  nameTaken: 'RIBBON_NAME_ALREADY_EXISTS',
} as const;

const fields = requestedFieldsSchema(ribbonRequestedFields);

/**
 * A ribbon as the clients send it; read-only fields (dates, counts) are ignored.
 * @example {"name":"Sale"}
 */
export const ribbonInputSchema = z.object({
  id: z.string().nullish(),
  revision: v3RevisionInputSchema,
  name: v3Text(ribbonNameMaxLength).optional(),
});
export type RibbonInput = z.input<typeof ribbonInputSchema>;

/**
 * A ribbon. `assignedProductCount` only when `fields` asks for `ASSIGNED_PRODUCT_COUNT`.
 * @example {"id":"…","revision":"1","createdDate":"2025-01-01T00:00:00.000Z","updatedDate":"…","name":"Sale"}
 */
export const ribbonSchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  assignedProductCount: z.number().int().optional(),
});
export type Ribbon = z.infer<typeof ribbonSchema>;

export const ribbonResponseSchema = z.object({ ribbon: ribbonSchema });
export const createRibbonRequestSchema = z.object({
  ribbon: ribbonInputSchema.extend({ name: v3Text(ribbonNameMaxLength) }),
});
export const getRibbonQuerySchema = z.object({ fields });
/** `PATCH /stores/v3/ribbons/{id}`: `ribbon.revision` is the one the change is based on. */
export const updateRibbonRequestSchema = z.object({
  ribbon: ribbonInputSchema,
  fieldMask: fieldMaskSchema.optional(),
  fields,
});
export const queryRibbonsRequestSchema = v3QueryRequestSchema(fields);
export const queryRibbonsResponseSchema = v3QueryResponseSchema('ribbons', ribbonSchema);
/** `POST /stores/v3/ribbons/get-or-create`: the ribbon of this name, created when there is none. */
export const getOrCreateRibbonRequestSchema = z.object({ ribbonName: v3Text(ribbonNameMaxLength), fields });

export const bulkCreateRibbonsRequestSchema = z.object({
  ribbons: z.array(ribbonInputSchema).min(1).max(100),
  returnEntity: z.boolean().nullish(),
});
export const bulkUpdateRibbonsRequestSchema = z.object({
  ribbons: z
    .array(
      z.object({
        ribbon: ribbonInputSchema.extend({ id: z.uuid() }),
        fieldMask: fieldMaskSchema.optional(),
      }),
    )
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkGetOrCreateRibbonsRequestSchema = z.object({
  ribbonNames: z.array(z.string().max(ribbonNameMaxLength)).min(1).max(100),
  fields,
});
export const bulkDeleteRibbonsRequestSchema = z.object({ ribbonIds: v3BulkIdsSchema });
export const bulkRibbonsResponseSchema = v3BulkResponseSchema('item', ribbonSchema);
export const bulkDeleteRibbonsResponseSchema = v3BulkDeleteResponseSchema;
