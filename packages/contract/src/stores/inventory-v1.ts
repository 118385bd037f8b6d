import { z } from 'zod';
import { querySchema } from '../query.ts';

/** Store inventory v1 (`@wix/stores` inventory): one item per product, its variants' stock inside. */

const preorderInfoSchema = z.object({
  enabled: z.boolean(),
  message: z.string().max(100).nullish(),
  limit: z.number().int().min(0).max(100_000).nullish(),
});

export const inventoryVariantV1Schema = z.object({
  variantId: z.string(),
  inStock: z.boolean(),
  quantity: z.number().int().nullish(),
  availableForPreorder: z.boolean(),
});
export const inventoryItemV1Schema = z.object({
  id: z.string(),
  productId: z.string(),
  trackQuantity: z.boolean(),
  variants: z.array(inventoryVariantV1Schema),
  lastUpdated: z.string(),
  numericId: z.string(),
  preorderInfo: preorderInfoSchema,
});
export type InventoryItemV1 = z.infer<typeof inventoryItemV1Schema>;

export const updateInventoryVariantsRequestSchema = z.object({
  inventoryItem: z.object({
    trackQuantity: z.boolean().nullish(),
    variants: z
      .array(
        z.object({
          variantId: z.uuid(),
          inStock: z.boolean().nullish(),
          quantity: z.number().int().min(0).max(99_999).nullish(),
        }),
      )
      .max(1000)
      .optional(),
    preorderInfo: preorderInfoSchema.partial().optional(),
  }),
});

const stockChangeSchema = z.object({
  inventoryId: z.uuid().optional(),
  productId: z.uuid().optional(),
  variantId: z.uuid(),
});
export const decrementInventoryRequestSchema = z.object({
  decrementData: z
    .array(
      stockChangeSchema.extend({
        decrementBy: z.number().int().min(1).max(99_999),
        preorderRequest: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(100),
});
export const incrementInventoryRequestSchema = z.object({
  incrementData: z
    .array(stockChangeSchema.extend({ incrementBy: z.number().int().min(1).max(99_999) }))
    .min(1)
    .max(100),
});

export const getInventoryVariantsRequestSchema = z.object({
  externalId: z.string().optional(),
  productId: z.uuid().optional(),
  variantIds: z.array(z.uuid()).max(1000).optional(),
});
export const inventoryItemResponseSchema = z.object({ inventoryItem: inventoryItemV1Schema });

/** The inventory client sends `filter` and `sort` as JSON text; both forms are taken. */
function jsonText<T extends z.ZodType>(schema: T) {
  return z.union([
    schema,
    z
      .string()
      .max(20_000)
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(schema),
  ]);
}
export const queryInventoryRequestSchema = z.object({
  query: querySchema
    .extend({
      filter: jsonText(querySchema.shape.filter.unwrap().unwrap()).nullish(),
      sort: jsonText(querySchema.shape.sort.unwrap().unwrap()).nullish(),
    })
    .optional(),
});
export const queryInventoryResponseSchema = z.object({
  inventoryItems: z.array(inventoryItemV1Schema),
  metadata: z.object({ items: z.number().int(), offset: z.number().int() }),
  totalResults: z.number().int(),
});
