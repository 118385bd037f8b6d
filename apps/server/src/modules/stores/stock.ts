import type { Executor } from '../../platform/db/database.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import type { StoresInventoryItemRow } from './stores.tables.ts';

/** The hold capacity that counts the stock of an inventory item (holds: `kind` is the module). */
export const stockKeyPrefix = 'stores.inventory:';
export function stockKey(inventoryItemId: string): string {
  return `${stockKeyPrefix}${inventoryItemId}`;
}
export const stockHoldKind = 'stores';

/** What may still be preordered past zero on hand, for an item with a preorder limit (its on hand). */
export const preorderKeyPrefix = 'stores.preorder:';
export function preorderKey(inventoryItemId: string): string {
  return `${preorderKeyPrefix}${inventoryItemId}`;
}

export interface StockLevel {
  trackQuantity: boolean;
  /** On hand (received − sold) when quantity is tracked; null when it is not. */
  quantity: number | null;
  /** What is left to sell now: on hand − live holds (null when not tracked). */
  available: number | null;
  /**
   * Whether a buyer can take one now: available > 0, or in stock when not tracked, or preorder open
   * (enabled, and with a limit only while some of it is left).
   */
  inStock: boolean;
  preorderEnabled: boolean;
}

type LevelItem = Pick<
  StoresInventoryItemRow,
  'trackQuantity' | 'inStock' | 'preorderEnabled' | 'preorderLimit'
>;

/**
 * The level of one item from what was read with it (`onHand` null: no capacity yet, so none on hand;
 * `preorderLeft` null: no preorder capacity yet, so the whole limit is left).
 */
export function stockLevelOf(
  item: LevelItem,
  read: { onHand: number | null; held: number; preorderLeft?: number | null },
): StockLevel {
  const preorderOpen =
    item.preorderEnabled && (item.preorderLimit === null || (read.preorderLeft ?? item.preorderLimit) > 0);
  if (!item.trackQuantity) {
    return {
      trackQuantity: false,
      quantity: null,
      available: null,
      inStock: item.inStock || preorderOpen,
      preorderEnabled: item.preorderEnabled,
    };
  }
  const onHand = read.onHand ?? 0;
  const available = Math.max(0, onHand - read.held);
  return {
    trackQuantity: true,
    quantity: onHand,
    available,
    inStock: available > 0 || preorderOpen,
    preorderEnabled: item.preorderEnabled,
  };
}

/**
 * The stock of inventory items at `now`, in one read of their capacities. The truth is the capacity:
 * nothing here is cached on the item, so a hold that expired stops counting at its expiry.
 */
export async function stockLevels(
  holds: HoldsService,
  siteId: string,
  items: readonly StoresInventoryItemRow[],
  now: Date,
  executor?: Executor,
): Promise<Map<string, StockLevel>> {
  const keys = items.flatMap((item) => [
    ...(item.trackQuantity ? [stockKey(item.id)] : []),
    ...(item.preorderLimit !== null ? [preorderKey(item.id)] : []),
  ]);
  const levels = await holds.levels(siteId, keys, now, executor);
  return new Map(
    items.map((item) => {
      const level = levels.get(stockKey(item.id));
      // `available` is on hand − live holds (never below zero), so what is held is the difference.
      const read = level
        ? { onHand: level.onHand, held: level.onHand - level.available }
        : { onHand: null, held: 0 };
      const preorderLeft = levels.get(preorderKey(item.id))?.onHand ?? null;
      return [item.id, stockLevelOf(item, { ...read, preorderLeft })] as const;
    }),
  );
}

/** IN_STOCK when every variant can be bought, OUT_OF_STOCK when none, else PARTIALLY_OUT_OF_STOCK. */
export function inventoryStatusOf(
  levels: readonly StockLevel[],
): 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK' {
  return inventoryStatusFrom(levels.filter((level) => level.inStock).length, levels.length);
}

/** The same from counts: how many of `count` variants can be bought. */
export function inventoryStatusFrom(
  inStock: number,
  count: number,
): 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK' {
  if (count === 0 || inStock === count) return 'IN_STOCK';
  return inStock === 0 ? 'OUT_OF_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
}
