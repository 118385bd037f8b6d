import { z } from 'zod';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import { cursorPagingMetadataSchema, querySchema } from '../query.ts';
import { v3RevisionInputSchema } from './v3-entities-common.ts';

/**
 * Store catalog v3 inventory items (`@wix/stores` inventoryItemsV3): the stock of one variant at one
 * location (this server has one, `defaultInventoryLocationId`). The quantity is the stock on hand of the
 * platform's hold capacity, never below zero. Paths under `/stores/v3/inventory-items` and
 * `/stores/v3/bulk/inventory-items`.
 */

/** The one stock location; requests may leave `locationId` out or name this one. */
export const defaultInventoryLocationId = 'b0f3ab59-0c2c-4e2b-9d4a-6f2a7e1c0001';

export const inventoryItemV3ErrorCodes = {
  itemAlreadyExists: 'ITEM_ALREADY_EXISTS',
  notTracked: 'INVENTORY_QUANTITY_NOT_TRACKED',
  insufficient: 'INSUFFICIENT_INVENTORY',
  preorderValidation: 'PRE_ORDER_VALIDATION',
  notFound: 'NOT_FOUND',
  locationNotFound: 'LOCATION_NOT_FOUND',
} as const;

export const availabilityStatuses = ['IN_STOCK', 'OUT_OF_STOCK', 'PREORDER'] as const;
export const inventoryReasons = ['ORDER', 'MANUAL', 'REVERT_INVENTORY_CHANGE'] as const;

const preorderInfoInputSchema = z.object({
  enabled: z.boolean().nullish(),
  message: z.string().max(250).nullish(),
  /** How many may be sold past zero on hand; only with a tracked quantity. */
  limit: z.number().int().min(0).max(100_000).nullish(),
});

/**
 * An inventory item as the clients write it: `trackQuantity` with a `quantity`, or `inStock` without.
 * @example {"productId":"…","variantId":"…","trackQuantity":true,"quantity":12}
 */
export const inventoryItemV3InputSchema = z.object({
  id: z.string().nullish(),
  revision: v3RevisionInputSchema,
  productId: z.string().nullish(),
  variantId: z.string().nullish(),
  locationId: z.string().nullish(),
  trackQuantity: z.boolean().nullish(),
  quantity: z.number().int().max(99_999).nullish(),
  inStock: z.boolean().nullish(),
  preorderInfo: preorderInfoInputSchema.nullish(),
});
export type InventoryItemV3Input = z.infer<typeof inventoryItemV3InputSchema>;

/**
 * An inventory item. `quantity` is on hand (0 when not tracked); `inStock` says whether a buyer can take
 * one now; `availabilityStatus` is PREORDER when out of stock with preorder open.
 * @example {"id":"…","revision":"2","variantId":"…","productId":"…","locationId":"…","trackQuantity":true,"quantity":3,"inStock":true,"availabilityStatus":"IN_STOCK","preorderInfo":{"enabled":false}}
 */
export const inventoryItemV3Schema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  variantId: z.string(),
  locationId: z.string(),
  productId: z.string(),
  trackQuantity: z.boolean(),
  quantity: z.number().int(),
  inStock: z.boolean(),
  availabilityStatus: z.enum(availabilityStatuses),
  preorderInfo: z.object({
    enabled: z.boolean(),
    message: z.string().nullish(),
    limit: z.number().int().nullish(),
    /** Preordered so far (counted only when a limit is set). */
    counter: z.number().int().nullish(),
    /** How many more may be preordered (only when a limit is set). */
    quantity: z.number().int().nullish(),
  }),
  product: z.object({
    name: z.string(),
    directCategoryIds: z.array(z.string()),
    variantName: z.string().optional(),
    variantSku: z.string().optional(),
    variantVisible: z.boolean(),
  }),
});
export type InventoryItemV3 = z.infer<typeof inventoryItemV3Schema>;

export const inventoryItemV3ResponseSchema = z.object({ inventoryItem: inventoryItemV3Schema });
export const createInventoryItemV3RequestSchema = z.object({ inventoryItem: inventoryItemV3InputSchema });
export const updateInventoryItemV3RequestSchema = z.object({
  inventoryItem: inventoryItemV3InputSchema,
  reason: z.enum(inventoryReasons).nullish(),
});

/** A bulk answer: one result per item in request order, the item when `returnEntity`. */
export const bulkInventoryItemsV3ResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: inventoryItemV3Schema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema.required(),
});
const bulkItems = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(1000);
export const bulkCreateInventoryItemsV3RequestSchema = z.object({
  inventoryItems: bulkItems(inventoryItemV3InputSchema),
  returnEntity: z.boolean().nullish(),
});
export const bulkUpdateInventoryItemsV3RequestSchema = z.object({
  inventoryItems: bulkItems(z.object({ inventoryItem: inventoryItemV3InputSchema })),
  returnEntity: z.boolean().nullish(),
  reason: z.enum(inventoryReasons).nullish(),
});
export const bulkUpsertInventoryItemsV3RequestSchema = z.object({
  inventoryItems: bulkItems(z.object({ inventoryItem: inventoryItemV3InputSchema })),
  returnEntity: z.boolean().nullish(),
});
export const bulkDeleteInventoryItemsV3RequestSchema = z.object({
  inventoryItemIds: z.array(z.string().max(100)).min(1).max(1000),
});

const changeBy = z.number().int().min(1).max(99_999);
export const bulkIncrementInventoryItemsV3RequestSchema = z.object({
  incrementData: bulkItems(z.object({ inventoryItemId: z.string().max(100), incrementBy: changeBy })),
  returnEntity: z.boolean().nullish(),
  reason: z.enum(inventoryReasons).nullish(),
});
export const bulkDecrementInventoryItemsV3RequestSchema = z.object({
  decrementData: bulkItems(
    z.object({
      inventoryItemId: z.string().max(100),
      decrementBy: changeBy,
      preorderRequest: z.boolean().nullish(),
    }),
  ),
  /** Stock never goes below zero here, whatever this says. */
  restrictInventory: z.boolean().nullish(),
  returnEntity: z.boolean().nullish(),
  reason: z.enum(inventoryReasons).nullish(),
});
export const bulkIncrementByVariantV3RequestSchema = z.object({
  incrementData: bulkItems(
    z.object({ variantId: z.string().max(100), locationId: z.string().nullish(), incrementBy: changeBy }),
  ),
  returnEntity: z.boolean().nullish(),
  reason: z.enum(inventoryReasons).nullish(),
});
export const bulkDecrementByVariantV3RequestSchema = z.object({
  decrementData: bulkItems(
    z.object({
      variantId: z.string().max(100),
      locationId: z.string().nullish(),
      decrementBy: changeBy,
      preorderRequest: z.boolean().nullish(),
    }),
  ),
  restrictInventory: z.boolean().nullish(),
  returnEntity: z.boolean().nullish(),
  reason: z.enum(inventoryReasons).nullish(),
});

/** Free-text search of inventory items: over their product's name. */
export const inventorySearchDetailsSchema = z.object({
  mode: z.enum(['OR', 'AND']).nullish(),
  expression: z.string().max(200).nullish(),
  fields: z.array(z.string().max(100)).max(20).nullish(),
  fuzzy: z.boolean().nullish(),
});

/** `{query: {filter, sort, cursorPaging}}` (GET `.r` or POST). */
export const queryInventoryItemsV3RequestSchema = z.object({
  query: querySchema.nullish().transform((query) => query ?? {}),
});
export const queryInventoryItemsV3ResponseSchema = z.object({
  inventoryItems: z.array(inventoryItemV3Schema),
  pagingMetadata: cursorPagingMetadataSchema,
});
export const searchInventoryItemsV3RequestSchema = z.object({
  search: querySchema
    .pick({ filter: true, sort: true, cursorPaging: true })
    .extend({
      search: inventorySearchDetailsSchema.nullish(),
      aggregations: z.array(z.record(z.string(), z.unknown())).max(10).nullish(),
      timeZone: z.string().max(100).nullish(),
    })
    .nullish()
    .transform((search) => search ?? {}),
});
export const searchInventoryItemsV3ResponseSchema = queryInventoryItemsV3ResponseSchema.extend({
  aggregationData: z.object({ results: z.array(z.record(z.string(), z.unknown())) }),
});
export const countInventoryItemsV3RequestSchema = z.object({
  filter: z.record(z.string(), z.unknown()).nullish(),
  search: inventorySearchDetailsSchema.nullish(),
});

const filter = z.record(z.string(), z.unknown()).nullish();
const adjustment = z
  .object({
    incrementBy: changeBy.nullish(),
    decrementBy: changeBy.nullish(),
    setQuantity: z.number().int().min(0).max(99_999).nullish(),
  })
  .refine(
    (value) =>
      [value.incrementBy, value.decrementBy, value.setQuantity].filter((v) => v != null).length === 1,
    {
      message: 'give exactly one of incrementBy, decrementBy and setQuantity',
    },
  );
export const updateInventoryItemsByFilterV3RequestSchema = z.object({
  filter,
  inventoryItem: inventoryItemV3InputSchema,
  search: inventorySearchDetailsSchema.nullish(),
});
export const deleteInventoryItemsByFilterV3RequestSchema = z.object({
  filter,
  search: inventorySearchDetailsSchema.nullish(),
});
export const adjustInventoryItemsByFilterV3RequestSchema = z.object({
  filter,
  adjustment,
  search: inventorySearchDetailsSchema.nullish(),
  trackQuantity: z.boolean().nullish(),
});
export const setOrAdjustInventoryItemsByFilterV3RequestSchema = z.object({
  filter,
  adjustedInventoryAction: adjustment,
  search: inventorySearchDetailsSchema.nullish(),
});
/** Creates an item for each variant the filter selects that has none (`filter` over products' variants). */
export const createInventoryItemsByVariantFilterV3RequestSchema = z.object({
  filter,
  search: inventorySearchDetailsSchema.nullish(),
  locationId: z.string().nullish(),
  inventoryCreationData: z.object({ quantity: z.number().int().min(0).max(99_999).nullish() }).nullish(),
});
/** A by-filter call runs in the request; the job id names it (there is nothing left to wait for). */
export const inventoryJobResponseSchema = z.object({ jobId: z.string() });
