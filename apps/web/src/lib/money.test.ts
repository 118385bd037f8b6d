import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, setMoneyLocale } from './money.ts';

afterEach(() => setMoneyLocale(undefined));

describe('formatMoney', () => {
  it.each([
    ['en-US', '60', 'EUR', {}, '€60.00'],
    ['en-US', '60', 'EUR', { wholeWithoutCents: true }, '€60'],
    ['en-US', '60.5', 'USD', { wholeWithoutCents: true }, '$60.50'],
    ['de-DE', '60', 'EUR', {}, '60,00 €'],
    ['en-GB', 1234.5, 'GBP', {}, '£1,234.50'],
    ['en-US', '60', undefined, {}, '60'],
    ['en-US', '60', 'XYZ1', {}, '60 XYZ1'],
  ])('in %s writes %s %s as the site does', (locale, amount, currency, options, expected) => {
    setMoneyLocale(locale);
    expect(formatMoney(amount, currency, options).replace(/\u00a0/g, ' ')).toBe(expected);
  });
});
