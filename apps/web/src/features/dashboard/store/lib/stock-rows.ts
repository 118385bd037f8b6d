import type { Product } from '@atrium/sdk/modules/stores';
import { lowStockThreshold } from './format.ts';

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

/** Which variants the inventory page shows: all, those low on stock, those that cannot be bought. */
export type InventoryView = 'all' | 'low' | 'out';

/** Counted, and at or under the low-stock threshold (none left included). */
export function isLow(row: Pick<StockRow, 'trackQuantity' | 'quantity'>): boolean {
  return row.trackQuantity && row.quantity !== null && row.quantity <= lowStockThreshold;
}

/** Whether a view lists the row: every row, the low ones, or those that cannot be bought now. */
export function inView(view: InventoryView, row: StockRow): boolean {
  if (view === 'low') return isLow(row);
  if (view === 'out') return !row.inStock;
  return true;
}

/** The rows of one product read with its variants, in its variants' order, those the view lists. */
export function stockRowsOf(product: Product, view: InventoryView): StockRow[] {
  return (product.variants ?? [])
    .map((variant) => ({
      productId: product.id,
      productName: product.name,
      slug: product.slug,
      photo: product.media.mainMedia?.image?.url,
      variantId: variant.id,
      choices: variant.choices ?? {},
      sku: variant.variant.sku ?? '',
      trackQuantity: variant.stock.trackQuantity,
      quantity: variant.stock.quantity ?? null,
      inStock: variant.stock.inStock,
    }))
    .filter((row) => inView(view, row));
}
