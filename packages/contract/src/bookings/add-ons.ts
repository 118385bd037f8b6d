import { z } from 'zod';
import { revisionSchema } from '../common.ts';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import { moneyOutSchema, moneySchema } from '../money.ts';
import { cursorPagingMetadataSchema } from '../query.ts';
import { cursorQuerySchema, extendedFieldsSchema, fieldMaskSchema } from './common.ts';

/**
 * Add-ons (the official client's `/addons/v1/add-ons`): extras a customer adds to a booking, priced in
 * the site's currency, each either lengthening the session (`durationInMinutes`) or taken in a quantity
 * (`maxQuantity`). A service offers them through its add-on groups (`service.addOnGroups[].addOnIds`).
 */

export const addOnErrorCodes = {
  addOnNotFound: 'ADD_ON_NOT_FOUND',
  addOnInUse: 'ADD_ON_IN_USE',
} as const;

/** @example {"name":"Hot towel","price":{"value":"5.00","currency":"USD"},"durationInMinutes":10} */
export const addOnInputSchema = z.object({
  name: z.string().trim().min(1).max(100).nullish(),
  price: moneySchema.nullish(),
  durationInMinutes: z.number().int().min(1).max(1440).nullish(),
  maxQuantity: z.number().int().min(1).max(1000).nullish(),
  taxGroup: z.string().max(100).nullish(),
  mainMedia: z.record(z.string(), z.unknown()).nullish(),
  extendedFields: extendedFieldsSchema.nullish(),
  tags: z.record(z.string(), z.unknown()).nullish(),
  revision: revisionSchema.nullish(),
});
export type AddOnInput = z.infer<typeof addOnInputSchema>;

export const addOnSchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  price: moneyOutSchema,
  durationInMinutes: z.number().int().optional(),
  maxQuantity: z.number().int().optional(),
  taxGroup: z.string().nullish(),
  mainMedia: z.record(z.string(), z.unknown()).nullish(),
  extendedFields: z.record(z.string(), z.unknown()).nullish(),
  tags: z.record(z.string(), z.unknown()).nullish(),
});
export type AddOn = z.infer<typeof addOnSchema>;

export const addOnResponseSchema = z.object({ addOn: addOnSchema });
export const createAddOnRequestSchema = z.object({ addOn: addOnInputSchema });
export const updateAddOnRequestSchema = z.object({
  addOn: addOnInputSchema.extend({ id: z.string().nullish() }),
  fieldMask: fieldMaskSchema.optional(),
  mask: fieldMaskSchema.optional(),
});
export const queryAddOnsRequestSchema = z.object({ query: cursorQuerySchema.default({}) });
export const queryAddOnsResponseSchema = z.object({
  addOns: z.array(addOnSchema),
  pagingMetadata: cursorPagingMetadataSchema,
});

export const bulkCreateAddOnsRequestSchema = z.object({
  addOns: z.array(addOnInputSchema).min(1).max(100),
  returnEntity: z.boolean().nullish(),
});
export const bulkUpdateAddOnsRequestSchema = z.object({
  addOns: z
    .array(
      z.object({
        addOn: addOnInputSchema.extend({ id: z.uuid() }),
        fieldMask: fieldMaskSchema.optional(),
      }),
    )
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
});
export const bulkDeleteAddOnsRequestSchema = z.object({ addOnIds: z.array(z.uuid()).min(1).max(100) });
export const bulkAddOnsResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: addOnSchema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema,
});
