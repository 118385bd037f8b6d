import { filter } from '@atrium/sdk';
import type { Product } from '@atrium/sdk/modules/stores';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lowStockThreshold } from '../lib/format.ts';
import { stockRowsOf, type InventoryView } from '../lib/stock-rows.ts';
import { inventoryKey } from './keys.ts';
import { store } from './store-client.ts';

/** Products per page of the inventory; each lists its variants (at most 1,000 each). */
export const inventoryPageSize = 25;

/** Products whose own or some variant's SKU holds the text (the first 100 variants found). */
async function productIdsBySku(text: string): Promise<string[]> {
  const variants = await store.products.queryStoreVariants().contains('sku', text).limit(100).find();
  return [...new Set(variants.items.map((variant) => variant.productId))];
}

/**
 * The products a view lists, by name: every product, or those the server finds on their variants' stock
 * (low stock: some tracked variant at or under the threshold; sold out: some variant that cannot be
 * bought). Hidden products count too. A search matches names and SKUs (the product's or a variant's).
 */
async function productsOfView(view: InventoryView, search: string) {
  let query = store.products
    .queryProducts({ includeVariants: true, includeHiddenProducts: true })
    .ascending('name');
  const text = search.trim();
  if (text) {
    const bySku = await productIdsBySku(text);
    const matches = filter<Product>().contains('name', text).or(filter<Product>().contains('sku', text));
    query = query.and(bySku.length > 0 ? matches.or(filter<Product>().in('id', bySku)) : matches);
  }
  if (view === 'low') query = query.le('stock.lowestVariantQuantity', lowStockThreshold);
  if (view === 'out') query = query.in('stock.inventoryStatus', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK');
  return query;
}

/**
 * One page of the inventory: a page of products (paged by the server, with its total), each with the
 * stock of its variants the view lists, as every product read shows it. Nothing past the page is read,
 * however large the catalog.
 */
export function useInventoryPage(view: InventoryView, search: string, page: number) {
  return useQuery({
    queryKey: [...inventoryKey, 'page', view, search, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const result = await (
        await productsOfView(view, search)
      )
        .skip(page * inventoryPageSize)
        .limit(inventoryPageSize)
        .find();
      return {
        rows: result.items.flatMap((product) => stockRowsOf(product, view)),
        products: result.totalCount ?? result.items.length,
      };
    },
  });
}
