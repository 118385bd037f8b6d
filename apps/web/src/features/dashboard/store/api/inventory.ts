import type { Product } from '@atrium/sdk/modules/stores';
import { useQuery } from '@tanstack/react-query';
import { lowStockThreshold } from '../lib/format.ts';
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
type VariantStock = Pick<StockRow, 'trackQuantity' | 'quantity' | 'inStock'>;

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

function rowsOf(product: Product, stockOf: (variantId: string) => VariantStock | undefined): StockRow[] {
  return (product.variants ?? []).flatMap((variant) => {
    const stock = stockOf(variant.id);
    if (!stock) return [];
    return [
      {
        productId: product.id,
        productName: product.name,
        slug: product.slug,
        photo: product.media.mainMedia?.image?.url,
        variantId: variant.id,
        choices: variant.choices ?? {},
        sku: variant.variant.sku ?? '',
        ...stock,
      },
    ];
  });
}

/** Which variants the inventory page shows: all, those low on stock, those that cannot be bought. */
export type InventoryView = 'all' | 'low' | 'out';

/**
 * The products a filtered view needs, filtered by the server on their variants' stock (low stock: some
 * tracked variant at or under the threshold; sold out: some variant that cannot be bought).
 */
function productsOfView(view: Exclude<InventoryView, 'all'>) {
  const query = store.products.queryProducts({ includeVariants: true, includeHiddenProducts: true });
  return view === 'low'
    ? query.le('stock.lowestVariantQuantity', lowStockThreshold)
    : query.in('stock.inventoryStatus', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK');
}

/**
 * Every variant's stock (inventory items are the stock truth), with its product's name and choices; the
 * low-stock and sold-out views read only the products the server finds for them. The page still picks
 * the variants of those products that match (up to 1,000 products).
 */
export function useInventoryRows(view: InventoryView) {
  return useQuery({
    queryKey: [...inventoryKey, 'rows', view],
    queryFn: async () => {
      let rows: StockRow[];
      let capped: boolean;
      if (view === 'all') {
        const items = await allPages(store.inventory.queryInventory());
        const products = await productsByIds(items.items.map((item) => item.productId));
        rows = items.items.flatMap((item) => {
          const product = products.get(item.productId);
          if (!product) return [];
          return rowsOf(product, (variantId) => {
            const stock = item.variants.find((candidate) => candidate.variantId === variantId);
            return stock
              ? {
                  trackQuantity: item.trackQuantity,
                  quantity: stock.quantity ?? null,
                  inStock: stock.inStock,
                }
              : undefined;
          });
        });
        capped = items.capped;
      } else {
        const products = await allPages(productsOfView(view));
        rows = products.items.flatMap((product) =>
          rowsOf(product, (variantId) => {
            const variant = product.variants?.find((candidate) => candidate.id === variantId);
            return variant
              ? {
                  trackQuantity: variant.stock.trackQuantity,
                  quantity: variant.stock.quantity ?? null,
                  inStock: variant.stock.inStock,
                }
              : undefined;
          }),
        );
        capped = products.capped;
      }
      rows.sort((a, b) => a.productName.localeCompare(b.productName));
      return { rows, capped };
    },
  });
}
