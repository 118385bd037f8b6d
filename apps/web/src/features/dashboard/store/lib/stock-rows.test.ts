import { describe, expect, it } from 'vitest';
import type { Product, StoresVariant } from '@atrium/sdk/modules/stores';
import { inView, isLow, stockRowsOf } from './stock-rows.ts';

function variant(id: string, size: string, stock: StoresVariant['stock']): StoresVariant {
  const price = {
    currency: 'USD',
    price: 10,
    discountedPrice: 10,
    formatted: { price: '$10', discountedPrice: '$10' },
  };
  return {
    id,
    choices: { Size: size },
    variant: { priceData: price, convertedPriceData: price, weight: 0, sku: `TEE-${size}`, visible: true },
    stock,
  };
}

const tee = {
  id: 'p1',
  name: 'Tee',
  slug: 'tee',
  media: { mainMedia: { image: { url: 'https://example.com/tee.png' } }, items: [] },
  variants: [
    variant('s', 'S', { trackQuantity: true, quantity: 0, inStock: false }),
    variant('m', 'M', { trackQuantity: true, quantity: 5, inStock: true }),
    variant('l', 'L', { trackQuantity: true, quantity: 6, inStock: true }),
  ],
} as unknown as Product;

describe('stockRowsOf', () => {
  it('lists every variant of the product in the all view, with the product’s name and photo', () => {
    expect(stockRowsOf(tee, 'all')).toEqual(
      ['S', 'M', 'L'].map((size) =>
        expect.objectContaining({
          productId: 'p1',
          productName: 'Tee',
          photo: 'https://example.com/tee.png',
          choices: { Size: size },
          sku: `TEE-${size}`,
        }),
      ),
    );
  });

  it('keeps the low ones (at or under 5, none left included) and the sold-out ones', () => {
    expect(stockRowsOf(tee, 'low').map((row) => row.variantId)).toEqual(['s', 'm']);
    expect(stockRowsOf(tee, 'out').map((row) => row.variantId)).toEqual(['s']);
  });

  it('never calls an uncounted variant low, and lists a product without variants as nothing', () => {
    const untracked = { trackQuantity: false, quantity: null, inStock: true };
    expect(isLow(untracked)).toBe(false);
    const row = stockRowsOf({ ...tee, variants: [variant('d', 'M', untracked)] } as Product, 'all')[0]!;
    expect([inView('all', row), inView('low', row), inView('out', row)]).toEqual([true, false, false]);
    expect(stockRowsOf({ ...tee, variants: undefined } as Product, 'all')).toEqual([]);
  });
});
