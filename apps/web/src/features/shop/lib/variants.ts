import type { Product, StoresVariant } from '@atrium/sdk/modules/stores';

/** What the shopper picked: option name → choice description (catalog v1 names choices by description). */
export type Picks = Readonly<Record<string, string>>;

/** The options a shopper chooses from: visible choices only. */
export function visibleOptions(product: Pick<Product, 'productOptions'>) {
  return product.productOptions
    .map((option) => ({ ...option, choices: option.choices.filter((choice) => choice.visible) }))
    .filter((option) => option.choices.length > 0);
}

/** Whether every option has a pick. */
export function isComplete(product: Pick<Product, 'productOptions'>, picks: Picks): boolean {
  return visibleOptions(product).every((option) => picks[option.name] !== undefined);
}

/** Options still to choose, in the product's order. */
export function missingOptions(product: Pick<Product, 'productOptions'>, picks: Picks): string[] {
  return visibleOptions(product)
    .filter((option) => picks[option.name] === undefined)
    .map((option) => option.name);
}

function matches(variant: StoresVariant, picks: Picks, except?: string): boolean {
  return Object.entries(picks).every(([name, choice]) => name === except || variant.choices[name] === choice);
}

/** The one variant the picks select, once every option is picked (the default variant without options). */
export function selectedVariant(
  product: Pick<Product, 'productOptions' | 'variants'>,
  picks: Picks,
): StoresVariant | undefined {
  if (!isComplete(product, picks)) return undefined;
  return (product.variants ?? []).find((variant) => matches(variant, picks));
}

/** A variant a shopper can buy: shown and in stock. */
export function isPurchasable(variant: StoresVariant): boolean {
  return variant.variant.visible && variant.stock.inStock;
}

/**
 * Whether picking `choice` of `option` (with the other current picks kept) leaves any variant to buy. A
 * choice whose every combination with the other picks is sold out or hidden is offered disabled.
 */
export function isChoiceAvailable(
  product: Pick<Product, 'variants'>,
  option: string,
  choice: string,
  picks: Picks,
): boolean {
  return (product.variants ?? []).some(
    (variant) =>
      variant.choices[option] === choice && matches(variant, picks, option) && isPurchasable(variant),
  );
}

/** The stock line under the price, as data: the strings module words it. */
export type StockState =
  | { kind: 'choose'; options: string[] }
  | { kind: 'out' }
  | { kind: 'few'; quantity: number }
  | { kind: 'counted'; quantity: number }
  | { kind: 'in' };

/** How many units count as "only a few left". */
export const fewLeft = 5;

export function stockState(
  stock: { inStock: boolean; trackQuantity?: boolean; quantity?: number | null } | undefined,
  missing: string[],
): StockState {
  if (missing.length > 0) return { kind: 'choose', options: missing };
  if (!stock || !stock.inStock) return { kind: 'out' };
  if (stock.trackQuantity && typeof stock.quantity === 'number') {
    return stock.quantity <= fewLeft
      ? { kind: 'few', quantity: stock.quantity }
      : { kind: 'counted', quantity: stock.quantity };
  }
  return { kind: 'in' };
}
