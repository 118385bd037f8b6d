import { describe, expect, it } from 'vitest';
import type { StoresVariant } from '@atrium/sdk/modules/stores';
import { isRowChanged, pendingEdits, rowOf, variantChanges } from './variant-changes.ts';

function variant(id: string, size: string, quantity: number | null): StoresVariant {
  const price = {
    currency: 'USD',
    price: 64,
    discountedPrice: 64,
    formatted: { price: '$64', discountedPrice: '$64' },
  };
  const costAndProfitData = {
    itemCost: 20,
    formattedItemCost: '$20',
    profit: 44,
    formattedProfit: '$44',
    profitMargin: 68.75,
  };
  return {
    id,
    choices: { Size: size },
    variant: {
      priceData: price,
      convertedPriceData: price,
      costAndProfitData,
      weight: 0.3,
      sku: `L-${size}`,
      visible: true,
    },
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

  it('sends a changed cost and weight like a price, and leaves emptied ones as they are', () => {
    const rows = {
      a: { ...rowOf(variants[0]!), cost: 22.5, weight: 0.45 },
      b: { ...rowOf(variants[1]!), cost: '' as const, weight: '' as const },
      c: { ...rowOf(variants[2]!), weight: 0 },
    };
    expect(variantChanges(variants, rows, true, true)).toEqual({
      overrides: [
        { variantIds: ['a'], cost: 22.5, weight: 0.45 },
        { variantIds: ['c'], weight: 0 },
      ],
    });
    expect(isRowChanged(variants[1]!, rows.b, true)).toBe(false);
    expect(isRowChanged(variants[0]!, rows.a, true)).toBe(true);
  });

  it('reads a variant without a cost as an empty cost', () => {
    const bare = variant('d', 'S', 1);
    delete bare.variant.costAndProfitData;
    expect(rowOf(bare)).toMatchObject({ cost: '', weight: 0.3 });
    expect(variantChanges([bare], { d: { ...rowOf(bare), cost: 5 } }, true, true).overrides).toEqual([
      { variantIds: ['d'], cost: 5 },
    ]);
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

describe('pendingEdits', () => {
  it('drops the edits the variants read back show, and keeps the others', () => {
    const rows = {
      a: { ...rowOf(variants[0]!), price: 70 },
      b: { ...rowOf(variants[1]!), sku: 'L-NEW' },
      gone: { ...rowOf(variants[2]!), price: 1 },
    };
    const saved = variants.map((item) =>
      item.id === 'a'
        ? { ...item, variant: { ...item.variant, priceData: { ...item.variant.priceData, price: 70 } } }
        : item,
    );
    expect(pendingEdits(saved, rows, true)).toEqual({ b: rows.b });
    expect(pendingEdits(variants, rows, true)).toEqual({ a: rows.a, b: rows.b });
  });
});
