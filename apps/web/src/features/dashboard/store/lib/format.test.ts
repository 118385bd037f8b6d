import { describe, expect, it } from 'vitest';
import { numberOrEmpty, variantName } from './format.ts';

describe('numberOrEmpty', () => {
  it.each([
    [70, 70],
    ['70', 70],
    ['70.00', 70],
    ['1,250.50', 1250.5],
    ['', ''],
    ['  ', ''],
    ['-', ''],
    [Number.NaN, ''],
  ] as const)('%j is %j', (value, expected) => {
    expect(numberOrEmpty(value)).toBe(expected);
  });
});

describe('variantName', () => {
  it('joins the choices in the options’ order, and is empty without options', () => {
    expect(variantName({ Size: 'M', Colour: 'Black' })).toBe('M / Black');
    expect(variantName({})).toBe('');
  });
});
