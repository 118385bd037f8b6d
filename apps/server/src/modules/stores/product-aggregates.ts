import type { Site } from '@atrium/contract/sites';
import { readSideBySide, type Executor, type Tx } from '../../platform/db/database.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import { max, min, money } from '../../platform/money/money.ts';
import {
  variantPrices,
  type ProductAggregate,
  type ProductListEntry,
  type VariantFigures,
} from './products-v1.wire.ts';
import type { ProductsRepository, ProductSummaryRow, StockColumns } from './products.repository.ts';
import { stockLevelOf } from './stock.ts';
import type { StoresProductRow, StoresVariantRow } from './stores.tables.ts';
import { toStored } from './product-pricing.ts';

/** Names of brands and ribbons by id, and ids by name (created when new): what products show and set. */
export interface ProductLabels {
  brandIdFor(tx: Tx, siteId: string, name: string): Promise<string>;
  ribbonIdFor(tx: Tx, siteId: string, name: string): Promise<string>;
  namesOf(
    siteId: string,
    ids: { brandIds: readonly string[]; ribbonIds: readonly string[] },
    executor?: Executor,
  ): Promise<{ brands: Map<string, string>; ribbons: Map<string, string> }>;
}

const stockColumns = new WeakMap<HoldsService, StockColumns>();
/** The holds' stock columns, one function per holds service (the repository prepares its statement once). */
function levelColumnsOf(holds: HoldsService): StockColumns {
  let columns = stockColumns.get(holds);
  if (!columns) {
    columns = (siteId, key, when, now) => holds.levelColumns(siteId, key, now, when);
    stockColumns.set(holds, columns);
  }
  return columns;
}

/** The brands and ribbons the products name, for one read of their names. */
function labelIdsOf(products: readonly StoresProductRow[]) {
  return {
    brandIds: products.flatMap((product) => (product.brandId ? [product.brandId] : [])),
    ribbonIds: products.flatMap((product) => (product.ribbonId ? [product.ribbonId] : [])),
  };
}

/**
 * Reads what the wire of a page of products needs in a fixed number of statements, whatever the page
 * size: variants, inventory items, stock levels and label names, each in one batch.
 */
export async function loadAggregates(
  deps: { repository: ProductsRepository; holds: HoldsService; labels: ProductLabels },
  siteId: string,
  products: readonly StoresProductRow[],
  now: Date,
  executor?: Executor,
): Promise<ProductAggregate[]> {
  if (products.length === 0) return [];
  const ids = products.map((product) => product.id);
  const [joined, names] = await readSideBySide(
    executor,
    () => deps.repository.variantsWithItems(siteId, ids, levelColumnsOf(deps.holds), now, executor),
    () => deps.labels.namesOf(siteId, labelIdsOf(products), executor),
  );
  const variants = joined.map((row) => row.variant);
  const items = joined.flatMap((row) => (row.item ? [row.item] : []));
  const stock = new Map(
    joined.flatMap((row) =>
      row.item
        ? [[row.item.id, stockLevelOf(row.item, { onHand: row.onHand, held: Number(row.held) })] as const]
        : [],
    ),
  );
  return products.map((product) => ({
    product,
    variants: variants.filter((variant) => variant.productId === product.id),
    inventoryItems: items.filter((item) => item.productId === product.id),
    stock,
    brandName: product.brandId ? names.brands.get(product.brandId) : undefined,
    ribbonName: product.ribbonId ? names.ribbons.get(product.ribbonId) : undefined,
  }));
}

/**
 * What a v1 list answer without variants needs of a page of products, in a fixed number of statements:
 * the figures of each product's variants summed up by the database (`productSummaries`: one row per
 * product, not one per variant, with stock read at `now`) and the label names.
 */
export async function loadListEntries(
  deps: { repository: ProductsRepository; holds: HoldsService; labels: ProductLabels },
  site: Pick<Site, 'id' | 'currency'>,
  products: readonly StoresProductRow[],
  now: Date,
  executor?: Executor,
): Promise<ProductListEntry[]> {
  if (products.length === 0) return [];
  const ids = products.map((product) => product.id);
  const [summaries, names] = await readSideBySide(
    executor,
    () => deps.repository.productSummaries(site.id, ids, levelColumnsOf(deps.holds), now, executor),
    () => deps.labels.namesOf(site.id, labelIdsOf(products), executor),
  );
  const byProduct = new Map(summaries.map((row) => [row.productId, row]));
  return products.map((product) => ({
    product,
    figures: figuresOfSummary(byProduct.get(product.id), site.currency),
    brandName: product.brandId ? names.brands.get(product.brandId) : undefined,
    ribbonName: product.ribbonId ? names.ribbons.get(product.ribbonId) : undefined,
  }));
}

function numberRange(low: string | null, high: string | null) {
  return low === null || high === null ? undefined : { min: Number(low), max: Number(high) };
}

/** The figures of a summary row (none: a product without variants). */
export function figuresOfSummary(row: ProductSummaryRow | undefined, currency: string): VariantFigures {
  if (!row) return { count: 0, inStock: 0, quantity: 0, choiceInStock: () => false };
  const pairs = new Set(row.choicesInStock ? row.choicesInStock.split(',') : []);
  return {
    count: row.variants,
    inStock: row.inStock,
    quantity: row.quantity,
    ...(row.minPrice !== null && row.maxPrice !== null
      ? { price: { min: money(row.minPrice, currency), max: money(row.maxPrice, currency) } }
      : {}),
    ...(row.minCost !== null ? { cost: numberRange(row.minCost, row.maxCost) } : {}),
    ...(row.minWeight !== null ? { weight: numberRange(row.minWeight, row.maxWeight) } : {}),
    choiceInStock: (optionId, choiceId) => pairs.has(`${optionId}=${choiceId}`),
  };
}

/** The lowest and highest price a buyer pays over the visible variants, as the product row keeps them. */
export function priceRangeOf(
  product: StoresProductRow,
  variants: readonly StoresVariantRow[],
  site: Pick<Site, 'currency'>,
): { minPrice: string; maxPrice: string } {
  const visible = variants.filter((variant) => variant.visible);
  const paid = (visible.length > 0 ? visible : [undefined]).map(
    (variant) => variantPrices(product, variant, site.currency).paid,
  );
  const first = paid[0] ?? money(product.price, site.currency);
  return { minPrice: toStored(min(first, ...paid)), maxPrice: toStored(max(first, ...paid)) };
}
