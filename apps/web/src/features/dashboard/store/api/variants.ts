import type { InventoryItemChange, VariantOverride } from '@atrium/sdk/modules/stores';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { storeKey } from './keys.ts';
import { store } from './store-client.ts';

/** What the variant table saves: the variants' own fields and their stock. */
export interface VariantsChange {
  productId: string;
  /** Price, SKU or visibility of the variants each entry names. */
  overrides: VariantOverride[];
  /** Quantities (or, untracked, in stock or not), and whether the product counts them. */
  stock?: InventoryItemChange;
}

async function saveVariants({ productId, overrides, stock }: VariantsChange): Promise<void> {
  if (overrides.length > 0) await store.products.updateProductVariants(productId, overrides);
  if (stock) await store.inventory.updateInventoryVariants(productId, stock);
}

/** Saves the variant table's changes; the product, the lists and the inventory read them back. */
export function useSaveVariants(options: ActionOptions<void, VariantsChange> = {}) {
  return useActionMutation({ ...options, mutationFn: saveVariants, invalidates: [storeKey] });
}

/** Sets stock of some variants of one product (the inventory page). */
export function useSetStock(
  options: ActionOptions<void, { productId: string; stock: InventoryItemChange }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ productId, stock }) => store.inventory.updateInventoryVariants(productId, stock),
    invalidates: [storeKey],
  });
}
