import type {
  InventoryItemV1,
  decrementInventoryRequestSchema,
  incrementInventoryRequestSchema,
  queryInventoryResponseSchema,
  updateInventoryVariantsRequestSchema,
} from '@atrium/contract/stores/inventory-v1';
import type { z } from 'zod';
import { defineModule, type ClientContext, type ModuleDefinition } from '../../client.ts';
import type { QueryBuilder } from '../../query.ts';
import { postedQuery, segment, send, toPage } from '../bookings/shared.ts';

export type { InventoryItemV1 };
/** A change of a product's stock: whether it counts quantities, and each variant's quantity or status. */
export type InventoryItemChange = z.input<typeof updateInventoryVariantsRequestSchema>['inventoryItem'];
export type InventoryDecrement = z.input<typeof decrementInventoryRequestSchema>['decrementData'][number];
export type InventoryIncrement = z.input<typeof incrementInventoryRequestSchema>['incrementData'][number];

const base = '/stores/v2/inventoryItems';

function queryInventory(context: ClientContext): QueryBuilder<InventoryItemV1> {
  return postedQuery<InventoryItemV1, z.infer<typeof queryInventoryResponseSchema>>(
    context,
    `${base}/query`,
    (answer) =>
      toPage(answer.inventoryItems, {
        count: answer.metadata.items,
        offset: answer.metadata.offset,
        total: answer.totalResults,
      }),
  );
}

/**
 * Store inventory v1 (`@wix/stores` inventory): one item per product with its variants' stock. Stock
 * never goes below zero; a decrement of more than there is fails whole (409 `INSUFFICIENT_INVENTORY`).
 */
export const inventoryV1Calls = {
  /**
   * `PATCH /stores/v2/inventoryItems/product/{productId}`: count quantities or not, and set each named
   * variant's quantity (or, untracked, whether it is in stock).
   * @example await client.storesInventory.updateInventoryVariants(productId, { trackQuantity: true, variants: [{ variantId, quantity: 5 }] })
   */
  updateInventoryVariants:
    (context) =>
    async (productId: string, inventoryItem: InventoryItemChange): Promise<void> => {
      await send(context, 'PATCH', `${base}/product/${segment(productId)}`, { inventoryItem });
    },
  /**
   * `POST /stores/v2/inventoryItems/query` (the business only; offset paging). Filters: `productId`,
   * `trackQuantity`, `lastUpdated`.
   * @example const { items } = await client.storesInventory.queryInventory().eq('trackQuantity', true).find()
   */
  queryInventory: (context) => () => queryInventory(context),
  /** `POST /stores/v2/inventoryItems/{id}/getVariants`: an item with some or all of its variants. */
  getInventoryVariants:
    (context) =>
    async (inventoryId: string, variantIds?: string[]): Promise<InventoryItemV1> =>
      (
        await send<{ inventoryItem: InventoryItemV1 }>(
          context,
          'POST',
          `${base}/${segment(inventoryId)}/getVariants`,
          variantIds ? { variantIds } : {},
        )
      ).inventoryItem,
  /** `POST /stores/v2/inventoryItems/decrement`: all or nothing. */
  decrementInventory:
    (context) =>
    async (decrementData: InventoryDecrement[]): Promise<void> => {
      await send(context, 'POST', `${base}/decrement`, { decrementData });
    },
  /** `POST /stores/v2/inventoryItems/increment`. */
  incrementInventory:
    (context) =>
    async (incrementData: InventoryIncrement[]): Promise<void> => {
      await send(context, 'POST', `${base}/increment`, { incrementData });
    },
} satisfies ModuleDefinition;

/** Store inventory v1 as a module of its own. */
export const storesInventory = defineModule(inventoryV1Calls);
