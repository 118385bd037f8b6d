import { defaultInventoryLocationId, type InventoryItemV3 } from '@atrium/contract/stores/inventory-items-v3';
import { readSideBySide, type Executor } from '../../platform/db/database.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import { choiceNames } from './product-variants.ts';
import type { ProductsRepository } from './products.repository.ts';
import { stockKey } from './stock.ts';
import type { StoresInventoryItemRow, StoresProductRow, StoresVariantRow } from './stores.tables.ts';

/**
 * Inventory items as the v3 clients read them. Stock on hand is the item's hold capacity
 * (`stores.inventory:<id>`); what may still be preordered past zero, when a limit is set, is a second
 * capacity (`stores.preorder:<id>`), so a preorder is taken under the same row lock as a sale.
 */

export function preorderKey(inventoryItemId: string): string {
  return `stores.preorder:${inventoryItemId}`;
}

export interface ItemLevels {
  /** On hand and available (on hand − live holds) of tracked items. */
  stock: Map<string, { onHand: number; available: number }>;
  /** What may still be preordered, for items with a preorder limit. */
  preorderLeft: Map<string, number>;
}

export async function itemLevels(
  holds: HoldsService,
  siteId: string,
  items: readonly StoresInventoryItemRow[],
  now: Date,
  executor?: Executor,
): Promise<ItemLevels> {
  const stockKeys = items.filter((item) => item.trackQuantity).map((item) => stockKey(item.id));
  const preorderKeys = items
    .filter((item) => item.preorderLimit !== null)
    .map((item) => preorderKey(item.id));
  const levels = await holds.levels(siteId, [...stockKeys, ...preorderKeys], now, executor);
  const stock = new Map<string, { onHand: number; available: number }>();
  const preorderLeft = new Map<string, number>();
  for (const item of items) {
    const level = levels.get(stockKey(item.id));
    if (item.trackQuantity) stock.set(item.id, level ?? { onHand: 0, available: 0 });
    if (item.preorderLimit !== null) {
      preorderLeft.set(item.id, levels.get(preorderKey(item.id))?.onHand ?? item.preorderLimit);
    }
  }
  return { stock, preorderLeft };
}

/** IN_STOCK while one can be taken now, PREORDER when not but preorder is open, else OUT_OF_STOCK. */
export function availabilityOf(item: StoresInventoryItemRow, levels: ItemLevels) {
  const stocked = item.trackQuantity ? (levels.stock.get(item.id)?.available ?? 0) > 0 : item.inStock;
  if (stocked) return 'IN_STOCK' as const;
  const left = levels.preorderLeft.get(item.id);
  if (item.preorderEnabled && (left === undefined || left > 0)) return 'PREORDER' as const;
  return 'OUT_OF_STOCK' as const;
}

export function inventoryItemV3Wire(
  item: StoresInventoryItemRow,
  product: StoresProductRow | undefined,
  variant: StoresVariantRow | undefined,
  levels: ItemLevels,
): InventoryItemV3 {
  const availabilityStatus = availabilityOf(item, levels);
  const left = levels.preorderLeft.get(item.id);
  const names = product && variant ? Object.values(choiceNames(product.options, variant.choices)) : [];
  const sku = variant?.sku ?? product?.sku ?? undefined;
  return {
    id: item.id,
    revision: String(item.revision),
    createdDate: item.createdDate.toISOString(),
    updatedDate: item.updatedDate.toISOString(),
    variantId: item.variantId,
    locationId: defaultInventoryLocationId,
    productId: item.productId,
    trackQuantity: item.trackQuantity,
    quantity: item.trackQuantity ? (levels.stock.get(item.id)?.onHand ?? 0) : 0,
    inStock: availabilityStatus !== 'OUT_OF_STOCK',
    availabilityStatus,
    preorderInfo: {
      enabled: item.preorderEnabled,
      message: item.preorderMessage,
      limit: item.preorderLimit,
      ...(item.preorderLimit !== null && left !== undefined
        ? { counter: Math.max(0, item.preorderLimit - left), quantity: left }
        : {}),
    },
    product: {
      name: product?.name ?? '',
      directCategoryIds: product?.collectionIds ?? [],
      ...(names.length > 0 ? { variantName: names.join(' / ') } : {}),
      ...(sku ? { variantSku: sku } : {}),
      variantVisible: variant?.visible ?? true,
    },
  };
}

/** The wires of a page of items in a fixed number of statements (products, variants, levels). */
export async function inventoryItemsV3Wire(
  deps: { repository: ProductsRepository; holds: HoldsService },
  siteId: string,
  items: readonly StoresInventoryItemRow[],
  now: Date,
  executor?: Executor,
): Promise<InventoryItemV3[]> {
  if (items.length === 0) return [];
  const productIds = [...new Set(items.map((item) => item.productId))];
  const [products, variants, levels] = await readSideBySide(
    executor,
    () => deps.repository.findProducts(siteId, productIds, executor),
    () => deps.repository.variantsOf(siteId, productIds, executor),
    () => itemLevels(deps.holds, siteId, items, now, executor),
  );
  return items.map((item) =>
    inventoryItemV3Wire(
      item,
      products.find((product) => product.id === item.productId),
      variants.find((variant) => variant.productId === item.productId && variant.id === item.variantId),
      levels,
    ),
  );
}
