import { describe, expect, it } from 'vitest';
import { previewPrice } from './pricing.ts';

describe('previewPrice', () => {
  it.each([
    [32, { type: 'PERCENT', value: 20 }, 9, { paid: 25.6, profit: 16.6, margin: 64.8 }],
    [18, { type: 'AMOUNT', value: 4 }, 4, { paid: 14, profit: 10, margin: 71.4 }],
    [18, { type: 'AMOUNT', value: 40 }, null, { paid: 0 }],
    [78, { type: 'NONE', value: 0 }, 31, { paid: 78, profit: 47, margin: 60.3 }],
    [10, { type: 'PERCENT', value: 150 }, 2, { paid: 0, profit: -2, margin: 0 }],
    [19.99, { type: 'PERCENT', value: 10 }, null, { paid: 17.99 }],
  ] as const)('%d with %j and cost %j', (price, discount, cost, expected) => {
    expect(previewPrice(price, discount, cost)).toEqual(expected);
  });
});
