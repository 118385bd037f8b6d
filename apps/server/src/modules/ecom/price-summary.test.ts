import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { priceLines } from './price-summary.ts';

// The totals of a cart or order, for any lines: parts add up to the total, nothing is negative, every
// amount is whole minor units of its currency (JPY 0 places, USD 2, BHD 3), exact decimal arithmetic.

const currencies = [
  { code: 'USD', places: 2 },
  { code: 'JPY', places: 0 },
  { code: 'BHD', places: 3 },
] as const;

function amountIn(places: number, max: number) {
  return fc
    .integer({ min: 0, max: max * 10 ** places })
    .map((units) => new Decimal(units).dividedBy(10 ** places).toFixed(places));
}

const scenario = fc.constantFrom(...currencies).chain((currency) =>
  fc.record({
    currency: fc.constant(currency),
    lines: fc.array(
      fc.record({
        price: amountIn(currency.places, 5000),
        quantity: fc.integer({ min: 1, max: 1000 }),
        taxRate: fc
          .integer({ min: 0, max: 2500 })
          .map((hundredths) => new Decimal(hundredths).dividedBy(100).toString()),
      }),
      { minLength: 0, maxLength: 30 },
    ),
    orderDiscount: amountIn(currency.places, 100_000),
    shipping: amountIn(currency.places, 200),
    shippingTaxRate: fc
      .integer({ min: 0, max: 2500 })
      .map((hundredths) => new Decimal(hundredths).dividedBy(100).toString()),
  }),
);

const sumOf = (values: Decimal[]) => values.reduce((acc, value) => acc.plus(value), new Decimal(0));

describe('priceLines', () => {
  it('keeps subtotal, discount, tax, shipping and total consistent, whole minor units, never negative', () => {
    fc.assert(
      fc.property(scenario, ({ currency, lines, orderDiscount, shipping, shippingTaxRate }) => {
        const result = priceLines({
          currency: currency.code,
          lines: lines.map((line, index) => ({ id: String(index), ...line })),
          orderDiscount,
          shipping,
          shippingTaxRate,
        });
        const { summary } = result;
        const whole = (value: Decimal) => value.times(10 ** currency.places).isInteger();
        const all = [summary.subtotal, summary.discount, summary.shipping, summary.tax, summary.total].map(
          (m) => m.amount,
        );
        for (const line of result.lines)
          all.push(line.subtotal.amount, line.discount.amount, line.tax.amount, line.total.amount);
        for (const value of all) {
          expect(value.isNegative(), value.toString()).toBe(false);
          expect(whole(value), `${value.toString()} in ${currency.code}`).toBe(true);
        }
        expect(summary.subtotal.amount.equals(sumOf(result.lines.map((line) => line.subtotal.amount)))).toBe(
          true,
        );
        expect(summary.discount.amount.equals(sumOf(result.lines.map((line) => line.discount.amount)))).toBe(
          true,
        );
        expect(summary.discount.amount.lessThanOrEqualTo(summary.subtotal.amount)).toBe(true);
        const wanted = new Decimal(orderDiscount);
        expect(summary.discount.amount.equals(Decimal.min(wanted, summary.subtotal.amount))).toBe(true);
        for (const [index, line] of result.lines.entries()) {
          const input = lines[index]!;
          expect(
            line.subtotal.amount.equals(
              new Decimal(input.price)
                .times(input.quantity)
                .toDecimalPlaces(currency.places, Decimal.ROUND_HALF_UP),
            ),
          ).toBe(true);
          expect(
            line.total.amount.equals(line.subtotal.amount.minus(line.discount.amount).plus(line.tax.amount)),
          ).toBe(true);
          expect(line.discount.amount.lessThanOrEqualTo(line.subtotal.amount)).toBe(true);
        }
        const expectedTotal = summary.subtotal.amount
          .minus(summary.discount.amount)
          .plus(summary.tax.amount)
          .plus(summary.shipping.amount);
        expect(
          summary.total.amount.equals(expectedTotal),
          `${summary.total.amount} vs ${expectedTotal}`,
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('rounds half up at each line, not on the sum: three lines of 0.005 USD are 0.03, not 0.02', () => {
    const { summary } = priceLines({
      currency: 'USD',
      lines: ['a', 'b', 'c'].map((id) => ({ id, price: '0.005', quantity: 1, taxRate: '0' })),
    });
    expect(summary.total.amount.toFixed(2)).toBe('0.03');
  });

  it('splits a coupon over lines by largest remainder so the parts add up exactly', () => {
    const { lines, summary } = priceLines({
      currency: 'USD',
      lines: ['a', 'b', 'c'].map((id) => ({ id, price: '10.00', quantity: 1, taxRate: '0' })),
      orderDiscount: '10.00',
    });
    expect(lines.map((line) => line.discount.amount.toFixed(2))).toEqual(['3.34', '3.33', '3.33']);
    expect(summary.total.amount.toFixed(2)).toBe('20.00');
  });

  it('taxes JPY in whole yen and BHD in fils', () => {
    const yen = priceLines({
      currency: 'JPY',
      lines: [{ id: 'a', price: '999', quantity: 3, taxRate: '10' }],
    });
    expect(yen.summary.tax.amount.toString()).toBe('300');
    expect(yen.summary.total.amount.toString()).toBe('3297');
    const dinar = priceLines({
      currency: 'BHD',
      lines: [{ id: 'a', price: '1.255', quantity: 1, taxRate: '10' }],
    });
    expect(dinar.summary.tax.amount.toFixed(3)).toBe('0.126');
  });
});
