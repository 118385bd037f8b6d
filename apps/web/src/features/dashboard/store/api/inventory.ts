import type { Product } from '@atrium/sdk/modules/stores';
import { useQuery } from '@tanstack/react-query';
import { allPages } from './all-pages.ts';
import { inventoryKey } from './keys.ts';
import { store } from './store-client.ts';

/** One variant's stock as the inventory page lists it. */
export interface StockRow {
  productId: string;
  productName: string;
  slug: string;
  photo: string | undefined;
  variantId: string;
  /** `Size: M · Colour: Black`; empty for a product without options. */
  choices: Record<string, string>;
  sku: string;
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
}

async function productsByIds(ids: string[]): Promise<Map<string, Product>> {
  const products = new Map<string, Product>();
  for (let start = 0; start < ids.length; start += 100) {
    const page = await store.products
      .queryProducts({ includeVariants: true, includeHiddenProducts: true })
      .in('id', ids.slice(start, start + 100))
      .limit(100)
      .find();
    for (const product of page.items) products.set(product.id, product);
  }
  return products;
}

/**
 * Every variant's stock (inventory items are the stock truth), with its product's name and choices.
 * The inventory query cannot filter on quantities, so the page filters the rows (up to 1,000 products).
 */
export function useInventoryRows() {
  return useQuery({
    queryKey: [...inventoryKey, 'rows'],
    queryFn: async () => {
      const items = await allPages(store.inventory.queryInventory());
      const products = await productsByIds(items.items.map((item) => item.productId));
      const rows: StockRow[] = items.items.flatMap((item) => {
        const product = products.get(item.productId);
        if (!product) return [];
        return item.variants.map((stock) => {
          const variant = product.variants?.find((candidate) => candidate.id === stock.variantId);
          return {
            productId: product.id,
            productName: product.name,
            slug: product.slug,
            photo: product.media.mainMedia?.image?.url,
            variantId: stock.variantId,
            choices: variant?.choices ?? {},
            sku: variant?.variant.sku ?? '',
            trackQuantity: item.trackQuantity,
            quantity: stock.quantity ?? null,
            inStock: stock.inStock,
          };
        });
      });
      rows.sort((a, b) => a.productName.localeCompare(b.productName));
      return { rows, capped: items.capped };
    },
  });
}
