import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from './currency.ts';
import { format } from './format.ts';
import { money, toDecimalString } from './money.ts';

const nbsp = '\u00a0';

describe('format', () => {
  it.each([
    ['en-US', 'USD', '1234.5', '$1,234.50'],
    ['de-DE', 'EUR', '1234.5', `1.234,50${nbsp}€`],
    ['de-DE', 'USD', '-1234.5', `-1.234,50${nbsp}$`],
    ['ja-JP', 'JPY', '1234', '￥1,234'],
    ['en-US', 'JPY', '1234.5', '¥1,235'],
    ['de-DE', 'JPY', '1234', `1.234${nbsp}¥`],
    ['en-US', 'BHD', '1234.5', `BHD${nbsp}1,234.500`],
    ['en-US', 'HUF', '1234.5', `HUF${nbsp}1,234.50`],
    ['en-US', 'USD', '1.005', '$1.01'],
    ['en-US', 'USD', '123456789012345.125', '$123,456,789,012,345.13'],
  ])('%s %s %s reads %s', (locale, currency, amount, expected) => {
    expect(format(money(amount, currency), locale)).toBe(expected);
  });

  // The text, read back with the locale's own separators, is the rounded amount: the locale decides the
  // separators and the currency decides the places.
  it('follows the locale for any amount: en-US, de-DE and ja-JP', () => {
    const separators = {
      'en-US': { group: ',', decimal: '.' },
      'de-DE': { group: '.', decimal: ',' },
      'ja-JP': { group: ',', decimal: '.' },
    } as const;
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.constantFrom('en-US', 'de-DE', 'ja-JP') as fc.Arbitrary<keyof typeof separators>,
        fc.constantFrom('JPY', 'USD', 'BHD', 'EUR'),
        (micros, locale, currency) => {
          const value = money(new DecimalJs(micros.toString()).div(1e6), currency);
          const text = format(value, locale);
          const { group, decimal } = separators[locale];
          const number = text
            .replace(/[^\d.,-]/g, '')
            .split(group)
            .join('')
            .replace(decimal, '.');
          expect(new DecimalJs(number).equals(toDecimalString(value))).toBe(true);
          const places = minorUnits(currency);
          const fraction = text.match(new RegExp(`\\${decimal}(\\d+)`))?.[1] ?? '';
          expect(fraction.length).toBe(places);
        },
      ),
    );
  });
});
