import type {
  InventoryItemV3,
  InventoryItemV3Input,
  adjustInventoryItemsByFilterV3RequestSchema,
  bulkDecrementByVariantV3RequestSchema,
  bulkDecrementInventoryItemsV3RequestSchema,
  bulkIncrementByVariantV3RequestSchema,
  bulkIncrementInventoryItemsV3RequestSchema,
  bulkInventoryItemsV3ResponseSchema,
  createInventoryItemsByVariantFilterV3RequestSchema,
  inventoryJobResponseSchema,
  inventoryReasons,
  inventorySearchDetailsSchema,
  searchInventoryItemsV3RequestSchema,
  searchInventoryItemsV3ResponseSchema,
} from '@atrium/contract/stores/inventory-items-v3';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment, send } from '../bookings/shared.ts';
import { v3Query, type BulkOptions } from './v3-shared.ts';

export type { InventoryItemV3, InventoryItemV3Input };
/** Why stock changed, as the clients say it (`ORDER`, `MANUAL`, `REVERT_INVENTORY_CHANGE`). */
export type InventoryReason = (typeof inventoryReasons)[number];
/** Free text of a search, count or by-filter call: over the items' product names. */
export type InventorySearchDetails = z.input<typeof inventorySearchDetailsSchema>;
/** `searchInventoryItems`' request: filter, sort, cursor paging and free text. */
export type InventoryItemsV3Search = z.input<typeof searchInventoryItemsV3RequestSchema>['search'];
export type InventoryItemsV3SearchResult = WithDates<z.infer<typeof searchInventoryItemsV3ResponseSchema>>;
export type BulkInventoryItemsV3Result = WithDates<z.infer<typeof bulkInventoryItemsV3ResponseSchema>>;
export type InventoryIncrementV3 = z.input<
  typeof bulkIncrementInventoryItemsV3RequestSchema
>['incrementData'][number];
export type InventoryDecrementV3 = z.input<
  typeof bulkDecrementInventoryItemsV3RequestSchema
>['decrementData'][number];
export type InventoryIncrementByVariantV3 = z.input<
  typeof bulkIncrementByVariantV3RequestSchema
>['incrementData'][number];
export type InventoryDecrementByVariantV3 = z.input<
  typeof bulkDecrementByVariantV3RequestSchema
>['decrementData'][number];
/** Exactly one of `incrementBy`, `decrementBy` and `setQuantity`. */
export type InventoryAdjustmentV3 = z.input<typeof adjustInventoryItemsByFilterV3RequestSchema>['adjustment'];
export type InventoryCreationByVariantFilterOptions = Omit<
  z.input<typeof createInventoryItemsByVariantFilterV3RequestSchema>,
  'filter'
>;
/** A by-filter call runs in the request; `jobId` names it. */
export type InventoryItemsV3Job = z.infer<typeof inventoryJobResponseSchema>;
interface ChangeOptions extends BulkOptions {
  reason?: InventoryReason;
}
interface SearchOption {
  search?: InventorySearchDetails;
}

const base = '/stores/v3/inventory-items';
const bulk = '/stores/v3/bulk/inventory-items';
type One = { inventoryItem: InventoryItemV3 };

/**
 * Catalog v3 inventory items (`@wix/stores` inventoryItemsV3), the business only: the stock of one variant
 * at the one location. A tracked quantity never goes below zero (a decrement of more than there is fails
 * alone with `INSUFFICIENT_INVENTORY`); an untracked item is in stock or not.
 */
export const inventoryItemV3Calls = {
  /**
   * `POST /stores/v3/inventory-items`: a variant's item (a quantity makes it tracked); a variant that has
   * one already is a 409 `ITEM_ALREADY_EXISTS`.
   * @example const item = await client.stores.createInventoryItem({ productId, variantId, quantity: 5 })
   */
  createInventoryItem: (context) => (inventoryItem: InventoryItemV3Input) =>
    call<One, 'inventoryItem'>(context, 'POST', base, 'inventoryItem', { inventoryItem }),
  /**
   * `GET /stores/v3/inventory-items/{id}`; an unknown id is a 404 `NOT_FOUND`.
   * @example const { quantity } = await client.stores.getInventoryItem(itemId)
   */
  getInventoryItem: (context) => (inventoryItemId: string) =>
    call<One, 'inventoryItem'>(context, 'GET', `${base}/${segment(inventoryItemId)}`, 'inventoryItem'),
  /**
   * `PATCH /stores/v3/inventory-items/{id}`: track quantity, quantity, in stock, preorder; send the
   * revision the change is based on (a stale one is a 409).
   * @example await client.stores.updateInventoryItem(item.id, { revision: item.revision, trackQuantity: true, quantity: 4 })
   */
  updateInventoryItem:
    (context) =>
    (
      inventoryItemId: string,
      inventoryItem: InventoryItemV3Input,
      options: { reason?: InventoryReason } = {},
    ) =>
      call<One, 'inventoryItem'>(context, 'PATCH', `${base}/${segment(inventoryItemId)}`, 'inventoryItem', {
        inventoryItem,
        ...options,
      }),
  /**
   * `DELETE /stores/v3/inventory-items/{id}`.
   * @example await client.stores.deleteInventoryItem(item.id)
   */
  deleteInventoryItem:
    (context) =>
    async (inventoryItemId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(inventoryItemId)}`);
    },
  /**
   * `GET /stores/v3/inventory-items/query` (`.r`, cursor paging). Filters: `productId`, `variantId`,
   * `trackQuantity`, `quantity`, `inStock`, `availabilityStatus`...
   * @example const { items } = await client.stores.queryInventoryItems().eq('productId', productId).find()
   */
  queryInventoryItems: (context) => () =>
    v3Query<InventoryItemV3>(context, { path: `${base}/query`, key: 'inventoryItems', method: 'GET' }),
  /**
   * `GET /stores/v3/inventory-items/search` (`.r`, POST once long): free text over the products' names.
   * @example const { inventoryItems } = await client.stores.searchInventoryItems({ search: { expression: 'mug' } })
   */
  searchInventoryItems:
    (context) =>
    (search: InventoryItemsV3Search = {}): Promise<InventoryItemsV3SearchResult> =>
      context.request({ method: 'GET', path: `${base}/search`, query: { search }, postWhenLong: true }),
  /**
   * `POST /stores/v3/inventory-items/count`.
   * @example const n = await client.stores.countInventoryItems({ productId })
   */
  countInventoryItems:
    (context) =>
    async (filter?: Filter, options: SearchOption = {}): Promise<number> =>
      (await send<{ count: number }>(context, 'POST', `${base}/count`, { filter, ...options })).count,
  /**
   * `POST /stores/v3/bulk/inventory-items/create`: each item on its own.
   * @example await client.stores.bulkCreateInventoryItems([{ productId, variantId, quantity: 2 }], { returnEntity: true })
   */
  bulkCreateInventoryItems:
    (context) =>
    (
      inventoryItems: InventoryItemV3Input[],
      options: BulkOptions = {},
    ): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/create`, { inventoryItems, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/update`: each `{inventoryItem: {id, revision, ...}}` on its own.
   * @example await client.stores.bulkUpdateInventoryItems([{ inventoryItem: { id, revision, inStock: false } }])
   */
  bulkUpdateInventoryItems:
    (context) =>
    (
      inventoryItems: Array<{ inventoryItem: InventoryItemV3Input & { id: string } }>,
      options: ChangeOptions = {},
    ): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/update`, { inventoryItems, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/upsert`: the item of each variant updated, or created when it has none.
   * @example await client.stores.bulkUpsertInventoryItems([{ inventoryItem: { productId, variantId, quantity: 8 } }])
   */
  bulkUpsertInventoryItems:
    (context) =>
    (
      inventoryItems: Array<{ inventoryItem: InventoryItemV3Input }>,
      options: BulkOptions = {},
    ): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/upsert`, { inventoryItems, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/delete`.
   * @example await client.stores.bulkDeleteInventoryItems([item.id])
   */
  bulkDeleteInventoryItems:
    (context) =>
    (inventoryItemIds: string[]): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/delete`, { inventoryItemIds }),
  /**
   * `POST /stores/v3/bulk/inventory-items/increment`: add stock to tracked items.
   * @example await client.stores.bulkIncrementInventoryItems([{ inventoryItemId, incrementBy: 1 }], { returnEntity: true })
   */
  bulkIncrementInventoryItems:
    (context) =>
    (
      incrementData: InventoryIncrementV3[],
      options: ChangeOptions = {},
    ): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/increment`, { incrementData, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/decrement`: take stock, never below zero (each item on its own).
   * @example await client.stores.bulkDecrementInventoryItems([{ inventoryItemId, decrementBy: 2 }])
   */
  bulkDecrementInventoryItems:
    (context) =>
    (
      decrementData: InventoryDecrementV3[],
      options: ChangeOptions & { restrictInventory?: boolean } = {},
    ): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/decrement`, { decrementData, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/increment-by-variant-and-location`.
   * @example await client.stores.bulkIncrementInventoryItemsByVariantAndLocation([{ variantId, incrementBy: 2 }])
   */
  bulkIncrementInventoryItemsByVariantAndLocation:
    (context) =>
    (
      incrementData: InventoryIncrementByVariantV3[],
      options: ChangeOptions = {},
    ): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/increment-by-variant-and-location`, { incrementData, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/decrement-by-variant-and-location`: never below zero.
   * @example await client.stores.bulkDecrementInventoryItemsByVariantAndLocation([{ variantId, decrementBy: 2 }])
   */
  bulkDecrementInventoryItemsByVariantAndLocation:
    (context) =>
    (
      decrementData: InventoryDecrementByVariantV3[],
      options: ChangeOptions & { restrictInventory?: boolean } = {},
    ): Promise<BulkInventoryItemsV3Result> =>
      send(context, 'POST', `${bulk}/decrement-by-variant-and-location`, { decrementData, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/update-by-filter`: sets these fields on every item selected.
   * @example await client.stores.bulkUpdateInventoryItemsByFilter({ productId }, { quantity: 3 })
   */
  bulkUpdateInventoryItemsByFilter:
    (context) =>
    (
      filter: Filter,
      inventoryItem: InventoryItemV3Input,
      options: SearchOption = {},
    ): Promise<InventoryItemsV3Job> =>
      send(context, 'POST', `${bulk}/update-by-filter`, { filter, inventoryItem, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/delete-by-filter`.
   * @example await client.stores.bulkDeleteInventoryItemsByFilter({ productId })
   */
  bulkDeleteInventoryItemsByFilter:
    (context) =>
    (filter: Filter, options: SearchOption = {}): Promise<InventoryItemsV3Job> =>
      send(context, 'POST', `${bulk}/delete-by-filter`, { filter, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/adjust-by-filter`: add, take or set the stock of the tracked
   * items selected (`trackQuantity: true` keeps to tracked ones).
   * @example await client.stores.bulkAdjustInventoryItemsByFilter({ productId }, { incrementBy: 1 })
   */
  bulkAdjustInventoryItemsByFilter:
    (context) =>
    (
      filter: Filter,
      adjustment: InventoryAdjustmentV3,
      options: SearchOption & { trackQuantity?: boolean } = {},
    ): Promise<InventoryItemsV3Job> =>
      send(context, 'POST', `${bulk}/adjust-by-filter`, { filter, adjustment, ...options }),
  /**
   * `POST /stores/v3/bulk/inventory-items/set-or-adjust-by-filter`.
   * @example await client.stores.bulkSetOrAdjustInventoryItemsByFilter({ productId }, { setQuantity: 10 })
   */
  bulkSetOrAdjustInventoryItemsByFilter:
    (context) =>
    (
      filter: Filter,
      adjustedInventoryAction: InventoryAdjustmentV3,
      options: SearchOption = {},
    ): Promise<InventoryItemsV3Job> =>
      send(context, 'POST', `${bulk}/set-or-adjust-by-filter`, {
        filter,
        adjustedInventoryAction,
        ...options,
      }),
  /**
   * `POST /stores/v3/bulk/inventory-items/create-by-variant-filter`: an item for each variant the filter
   * selects that has none (`filter` over variants: `productId`...).
   * @example await client.stores.bulkCreateInventoryItemsByVariantFilter({ productId }, { inventoryCreationData: { quantity: 4 } })
   */
  bulkCreateInventoryItemsByVariantFilter:
    (context) =>
    (filter: Filter, options: InventoryCreationByVariantFilterOptions = {}): Promise<InventoryItemsV3Job> =>
      send(context, 'POST', `${bulk}/create-by-variant-filter`, { filter, ...options }),
} satisfies ModuleDefinition;
