import { describe, expect, it } from 'vitest';
import { moneySchema } from '@atrium/contract/money';
import { priceTooHigh } from './price-limit.ts';

describe('priceTooHigh', () => {
  it.each([
    [0, null],
    [60, null],
    ['999999999.99', null],
    [999_999_999.99, null],
  ])('takes %s, as the server does', (value, expected) => {
    expect(priceTooHigh(value)).toBe(expected);
    expect(moneySchema.safeParse({ value: String(value) }).success).toBe(true);
  });

  it.each([[1_000_000_000], ['9999999999'], [4_400_000_000_000]])(
    'refuses %s at the field, as the server does',
    (value) => {
      expect(priceTooHigh(value)).toBe('Enter at most 999,999,999.99.');
      expect(moneySchema.safeParse({ value: String(value) }).success).toBe(false);
    },
  );
});
