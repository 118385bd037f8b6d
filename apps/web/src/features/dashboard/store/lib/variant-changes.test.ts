import { describe, expect, it } from 'vitest';
import type { StoresVariant } from '@atrium/sdk/modules/stores';
import { isRowChanged, rowOf, variantChanges } from './variant-changes.ts';

function variant(id: string, size: string, quantity: number | null): StoresVariant {
  const price = {
    currency: 'USD',
    price: 64,
    discountedPrice: 64,
    formatted: { price: '$64', discountedPrice: '$64' },
  };
  return {
    id,
    choices: { Size: size },
    variant: { priceData: price, convertedPriceData: price, weight: 0, sku: `L-${size}`, visible: true },
    stock: { trackQuantity: quantity !== null, quantity, inStock: quantity === null || quantity > 0 },
  };
}

const variants = [variant('a', 'M', 10), variant('b', 'L', 10), variant('c', 'XL', 2)];

describe('variantChanges', () => {
  it('sends only the changed fields of the changed variants, and only changed stock', () => {
    const rows = {
      b: { ...rowOf(variants[1]!), price: 70, quantity: 1 },
      c: { ...rowOf(variants[2]!), sku: 'XL-NEW' },
    };
    expect(variantChanges(variants, rows, true, true)).toEqual({
      overrides: [
        { variantIds: ['b'], price: 70 },
        { variantIds: ['c'], sku: 'XL-NEW' },
      ],
      stock: { trackQuantity: true, variants: [{ variantId: 'b', quantity: 1 }] },
    });
    expect(isRowChanged(variants[0]!, rowOf(variants[0]!), true)).toBe(false);
    expect(isRowChanged(variants[1]!, rows.b, true)).toBe(true);
  });

  it('asks for nothing when nothing changed, and ignores an emptied price', () => {
    const rows = { a: { ...rowOf(variants[0]!), price: '' as const } };
    expect(variantChanges(variants, rows, true, true)).toEqual({ overrides: [] });
  });

  it('sends every variant when tracking is switched on, an emptied quantity as zero', () => {
    const untracked = [variant('a', 'M', null), variant('b', 'L', null)];
    const rows = { a: { ...rowOf(untracked[0]!), quantity: 4 } };
    expect(variantChanges(untracked, rows, true, false).stock).toEqual({
      trackQuantity: true,
      variants: [
        { variantId: 'a', quantity: 4 },
        { variantId: 'b', quantity: 0 },
      ],
    });
  });

  it('marks untracked variants in or out of stock', () => {
    const untracked = [variant('a', 'M', null)];
    const rows = { a: { ...rowOf(untracked[0]!), inStock: false } };
    expect(variantChanges(untracked, rows, false, false).stock).toEqual({
      trackQuantity: false,
      variants: [{ variantId: 'a', inStock: false }],
    });
  });
});
