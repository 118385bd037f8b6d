import { priceMaximum } from '@atrium/contract/money';
import { t } from './strings.ts';

/**
 * The server's highest price (contract `priceMaximum`), checked at the field before saving: a price
 * above it is a typing slip, told where it was typed rather than after the save fails.
 */
export function priceTooHigh(value: number | string): string | null {
  return Number(value) > priceMaximum ? t.priceTooHigh : null;
}

export { priceMaximum };
