import type { Product } from '@atrium/sdk/modules/stores';
import { formatMoney } from '../../../../lib/money.ts';

/** A variant's name from its choices: `M / Black`; the product's one variant has none. */
export function variantName(choices: Readonly<Record<string, string>>): string {
  return Object.values(choices).join(' / ');
}

/** The photo the shop shows first. */
export function photoOf(product: Pick<Product, 'media'>): string | undefined {
  return product.media.mainMedia?.image?.url ?? product.media.items[0]?.image?.url;
}

/** An amount in the store's currency, as the site writes money. */
export function formatAmount(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

/** At or below this many units a variant is low on stock. */
export const lowStockThreshold = 5;

/**
 * A number field's value as a number, `''` when empty or not a number. Mantine's number inputs hand over
 * a string while the text is not yet a plain number (`"70."`), or with a fixed decimal scale.
 */
export function numberOrEmpty(value: number | string): number | '' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = value.trim().replace(/,/g, '');
  if (!text) return '';
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : '';
}
