import { describe, expect, it } from 'vitest';
import type { Product, StoresVariant } from '@atrium/sdk/modules/stores';
import { isChoiceAvailable, isComplete, missingOptions, selectedVariant, stockState } from './variants.ts';

function variant(choices: Record<string, string>, quantity: number, visible = true): StoresVariant {
  const price = {
    currency: 'USD',
    price: 32,
    discountedPrice: 32,
    formatted: { price: '$32', discountedPrice: '$32' },
  };
  return {
    id: Object.values(choices).join('-'),
    choices,
    variant: { priceData: price, convertedPriceData: price, weight: 0, sku: '', visible },
    stock: { trackQuantity: true, quantity, inStock: quantity > 0 },
  };
}

const choice = (description: string, visible = true) => ({
  value: description,
  description,
  inStock: true,
  visible,
});
const sizes = ['XS', 'S', 'M'];
const colours = ['White', 'Black'];
// The seeded tee: XS in black is sold out; M in white is hidden.
const tee = {
  productOptions: [
    { optionType: 'drop_down' as const, name: 'Size', choices: sizes.map((size) => choice(size)) },
    { optionType: 'color' as const, name: 'Colour', choices: colours.map((colour) => choice(colour)) },
  ],
  variants: sizes.flatMap((Size) =>
    colours.map((Colour) =>
      variant(
        { Size, Colour },
        Size === 'XS' && Colour === 'Black' ? 0 : 6,
        !(Size === 'M' && Colour === 'White'),
      ),
    ),
  ),
} satisfies Pick<Product, 'productOptions' | 'variants'>;

describe('isChoiceAvailable', () => {
  it.each([
    ['Colour', 'Black', {}, true],
    ['Colour', 'Black', { Size: 'XS' }, false],
    ['Colour', 'White', { Size: 'XS' }, true],
    ['Size', 'XS', { Colour: 'Black' }, false],
    ['Size', 'XS', { Colour: 'White' }, true],
    ['Size', 'XS', { Size: 'S', Colour: 'Black' }, false],
    ['Size', 'M', { Colour: 'White' }, false],
    ['Size', 'M', {}, true],
  ])('%s %s with %j picked: %s', (option, value, picks, expected) => {
    expect(isChoiceAvailable(tee, option, value, picks)).toBe(expected);
  });
});

describe('selectedVariant', () => {
  it('selects a variant only once every option is picked', () => {
    expect(selectedVariant(tee, { Size: 'S' })).toBeUndefined();
    expect(isComplete(tee, { Size: 'S' })).toBe(false);
    expect(missingOptions(tee, { Size: 'S' })).toEqual(['Colour']);
    expect(selectedVariant(tee, { Size: 'S', Colour: 'Black' })?.id).toBe('S-Black');
  });

  it('selects the default variant of a product without options', () => {
    const plain = { productOptions: [], variants: [variant({}, 3)] };
    expect(isComplete(plain, {})).toBe(true);
    expect(selectedVariant(plain, {})?.stock.quantity).toBe(3);
  });
});

describe('stockState', () => {
  it.each([
    [{ inStock: true }, ['Size'], { kind: 'choose', options: ['Size'] }],
    [{ inStock: false, trackQuantity: true, quantity: 0 }, [], { kind: 'out' }],
    [undefined, [], { kind: 'out' }],
    [{ inStock: true, trackQuantity: true, quantity: 2 }, [], { kind: 'few', quantity: 2 }],
    [{ inStock: true, trackQuantity: true, quantity: 5 }, [], { kind: 'few', quantity: 5 }],
    [{ inStock: true, trackQuantity: true, quantity: 12 }, [], { kind: 'counted', quantity: 12 }],
    [{ inStock: true, trackQuantity: false, quantity: null }, [], { kind: 'in' }],
  ])('%j with %j missing is %j', (stock, missing, expected) => {
    expect(stockState(stock, missing)).toEqual(expected);
  });
});
