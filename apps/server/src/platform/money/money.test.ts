import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from './currency.ts';
import {
  add,
  allocate,
  compare,
  max,
  min,
  money,
  multiply,
  percentOf,
  roundToCurrency,
  sum,
  toDecimalString,
  type Money,
} from './money.ts';

const currencies = ['JPY', 'USD', 'BHD', 'EUR', 'KWD', 'CLP', 'CLF'] as const;

/** A decimal string with up to 6 places, from an integer count of millionths. */
const decimalAmount = (limit = 10n ** 15n) =>
  fc.bigInt({ min: -limit, max: limit }).map((micros) => new DecimalJs(micros.toString()).div(1e6).toFixed());

const unitOf = (currency: string) => new DecimalJs(10).pow(-minorUnits(currency));

describe('minorUnits', () => {
  it.each([
    ['JPY', 0],
    ['USD', 2],
    ['BHD', 3],
    ['EUR', 2],
    ['KWD', 3],
    ['CLF', 4],
    // ISO 4217 says 2 where Node's ICU answers 0 (its cash convention).
    ['HUF', 2],
    ['IQD', 3],
  ])('%s has %i minor units', (currency, digits) => {
    expect(minorUnits(currency)).toBe(digits);
  });

  it('refuses what is not a currency code', () => {
    expect(() => minorUnits('usd')).toThrow('not an ISO 4217 currency code');
    expect(() => minorUnits('US')).toThrow('not an ISO 4217 currency code');
  });
});

describe('roundToCurrency', () => {
  it.each([
    ['1.005', 'USD', '1.01'],
    ['2.675', 'USD', '2.68'],
    ['1.004999', 'USD', '1.00'],
    ['-1.005', 'USD', '-1.01'],
    ['2.5', 'JPY', '3'],
    ['0.5', 'JPY', '1'],
    ['-0.5', 'JPY', '-1'],
    ['1499.4999', 'JPY', '1499'],
    ['0.0005', 'BHD', '0.001'],
    ['10.1234', 'BHD', '10.123'],
    ['-0.004', 'USD', '0.00'],
  ])('%s %s rounds half-up to %s', (amount, currency, expected) => {
    expect(toDecimalString(roundToCurrency(money(amount, currency)))).toBe(expected);
  });

  it('rounds JPY, USD and BHD to 0, 2 and 3 places, within half a minor unit', () => {
    fc.assert(
      fc.property(decimalAmount(), fc.constantFrom('JPY', 'USD', 'BHD'), (amount, currency) => {
        const places = { JPY: 0, USD: 2, BHD: 3 }[currency];
        const rounded = roundToCurrency(money(amount, currency));
        expect(rounded.amount.decimalPlaces()).toBeLessThanOrEqual(places);
        expect(toDecimalString(rounded)).toMatch(
          places === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${places}}$`),
        );
        const error = rounded.amount.minus(amount).abs();
        expect(error.lte(unitOf(currency).div(2))).toBe(true);
      }),
    );
  });

  it('rounds a half minor unit away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.constantFrom(...currencies),
        fc.boolean(),
        (units, currency, negative) => {
          const unit = unitOf(currency);
          const half = new DecimalJs(units.toString()).plus(0.5).times(unit);
          const expected = new DecimalJs(units.toString()).plus(1).times(unit);
          const rounded = roundToCurrency(money(negative ? half.negated() : half, currency));
          expect(rounded.amount.equals(negative ? expected.negated() : expected)).toBe(true);
        },
      ),
    );
  });
});

describe('line arithmetic', () => {
  it('rounds each line: price × quantity, then sums the rounded lines', () => {
    const lines = [multiply(money('0.125', 'USD'), 3), multiply(money('0.125', 'USD'), 1)];
    expect(lines.map(toDecimalString)).toEqual(['0.38', '0.13']);
    expect(toDecimalString(sum('USD', lines))).toBe('0.51');
  });

  it('takes a percentage rounded to the currency', () => {
    expect(toDecimalString(percentOf(money('45.00', 'USD'), '12.5'))).toBe('5.63');
    expect(toDecimalString(percentOf(money('1500', 'JPY'), '15'))).toBe('225');
    expect(toDecimalString(percentOf(money('1.000', 'BHD'), '33.35'))).toBe('0.334');
  });

  it('a line is the rounded exact product, whatever the price and quantity', () => {
    fc.assert(
      fc.property(
        decimalAmount(10n ** 12n),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(...currencies),
        (price, quantity, currency) => {
          const exact = new DecimalJs(price).times(quantity);
          const expected = exact.toDecimalPlaces(minorUnits(currency), DecimalJs.ROUND_HALF_UP);
          expect(multiply(money(price, currency), quantity).amount.equals(expected)).toBe(true);
        },
      ),
    );
  });

  it('an empty sum is zero in the given currency', () => {
    expect(toDecimalString(sum('BHD', []))).toBe('0.000');
  });

  it('orders amounts and picks the least and the greatest', () => {
    const prices = ['30.00', '9.99', '30.5'].map((value) => money(value, 'USD'));
    expect(compare(prices[0]!, prices[1]!)).toBe(1);
    expect(compare(money('1.50', 'USD'), money('1.5', 'USD'))).toBe(0);
    expect(toDecimalString(min(prices[0]!, ...prices.slice(1)))).toBe('9.99');
    expect(toDecimalString(max(prices[0]!, ...prices.slice(1)))).toBe('30.50');
  });

  it('refuses to mix currencies, floats and non-numbers', () => {
    expect(() => add(money('1', 'USD'), money('1', 'EUR'))).toThrow('cannot combine USD and EUR');
    expect(() => money('ten', 'USD')).toThrow('is not a decimal number');
    expect(() => money('Infinity', 'USD')).toThrow('is not finite');
    expect(() => multiply(money('1', 'USD'), 0.1)).toThrow('must be an integer or a decimal string');
    expect(() => money('1', 'usd')).toThrow('not an ISO 4217 currency code');
  });
});

describe('allocate', () => {
  const strings = (parts: Money[]) => parts.map(toDecimalString);

  it.each([
    { total: '10.00', currency: 'USD', weights: [1, 1, 1], parts: ['3.34', '3.33', '3.33'] },
    { total: '100', currency: 'JPY', weights: [1, 1, 1], parts: ['34', '33', '33'] },
    { total: '1.000', currency: 'BHD', weights: [1, 2], parts: ['0.333', '0.667'] },
    { total: '10.00', currency: 'USD', weights: ['19.99', '5.01', '0'], parts: ['8.00', '2.00', '0.00'] },
    { total: '0.05', currency: 'USD', weights: [1, 1, 1, 1], parts: ['0.02', '0.01', '0.01', '0.01'] },
    { total: '-10.00', currency: 'USD', weights: [1, 1, 1], parts: ['-3.34', '-3.33', '-3.33'] },
    { total: '9.00', currency: 'USD', weights: [0, 0, 0], parts: ['3.00', '3.00', '3.00'] },
    { total: '10.005', currency: 'USD', weights: [1], parts: ['10.01'] },
  ])('$total $currency over $weights → $parts', ({ total, currency, weights, parts }) => {
    expect(strings(allocate(money(total, currency), weights))).toEqual(parts);
  });

  it('refuses no weights and negative weights', () => {
    expect(() => allocate(money('1', 'USD'), [])).toThrow('at least one weight');
    expect(() => allocate(money('1', 'USD'), [1, -1])).toThrow('cannot be negative');
  });

  it('always sums exactly to the rounded total, each part within one minor unit of its share', () => {
    const weight = fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc
        .bigInt({ min: 0n, max: 10n ** 9n })
        .map((cents) => new DecimalJs(cents.toString()).div(100).toFixed()),
    );
    fc.assert(
      fc.property(
        decimalAmount(),
        fc.array(weight, { minLength: 1, maxLength: 30 }),
        fc.constantFrom(...currencies),
        (amount, weights, currency) => {
          const total = money(amount, currency);
          const parts = allocate(total, weights);
          const rounded = roundToCurrency(total);
          expect(parts).toHaveLength(weights.length);
          expect(sum(currency, parts).amount.equals(rounded.amount)).toBe(true);

          const unit = unitOf(currency);
          const weightSum = weights.reduce<DecimalJs>((acc, w) => acc.plus(w), new DecimalJs(0));
          parts.forEach((part, index) => {
            expect(part.currency).toBe(currency);
            expect(part.amount.mod(unit).isZero()).toBe(true);
            const share = weightSum.isZero()
              ? rounded.amount.div(weights.length)
              : rounded.amount.times(weights[index]!).div(weightSum);
            expect(part.amount.minus(share).abs().lt(unit)).toBe(true);
          });
        },
      ),
    );
  });
});
