import DecimalJs from 'decimal.js';
import { assertCurrency, CurrencyError, minorUnits } from './currency.ts';

/**
 * Money: a decimal amount and its ISO 4217 currency. Pure functions over decimal.js; amounts are never
 * JavaScript numbers. Lines are rounded to the currency's minor units, half-up (away from zero); totals
 * are sums of rounded lines; an amount spread over lines is allocated by largest remainder.
 */

// A private constructor, so a change to decimal.js's global settings elsewhere cannot change rounding
// here; 50 significant digits keep every product of a 21-digit amount and a quantity exact.
const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP });
type Decimal = DecimalJs;

export interface Money {
  readonly amount: Decimal;
  readonly currency: string;
}

/** An amount as given: a decimal string (`"10.50"`) or a Decimal. Never a float. */
export type AmountInput = string | Decimal;
/** A quantity or a weight: a safe integer, a decimal string or a Decimal. */
export type FactorInput = number | string | Decimal;

function toDecimal(value: AmountInput | FactorInput, what: string): Decimal {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`${what} ${value} must be an integer or a decimal string`);
  }
  let decimal: Decimal;
  try {
    decimal = new Decimal(value);
  } catch {
    throw new RangeError(`${what} ${JSON.stringify(String(value))} is not a decimal number`);
  }
  if (!decimal.isFinite()) throw new RangeError(`${what} ${decimal.toString()} is not finite`);
  return decimal;
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new CurrencyError(`cannot combine ${a.currency} and ${b.currency}`);
  }
}

/** `money("10.50", "USD")`: the amount as given, not rounded. */
export function money(amount: AmountInput, currency: string): Money {
  assertCurrency(currency);
  return { amount: toDecimal(amount, 'amount'), currency };
}

export function zero(currency: string): Money {
  return money('0', currency);
}

/** To the currency's minor units, half-up (away from zero): USD 1.005 → 1.01, JPY 2.5 → 3. */
export function roundToCurrency(value: Money): Money {
  return {
    amount: value.amount.toDecimalPlaces(minorUnits(value.currency), Decimal.ROUND_HALF_UP),
    currency: value.currency,
  };
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: a.amount.plus(b.amount), currency: a.currency };
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: a.amount.minus(b.amount), currency: a.currency };
}

/** The exact sum; of rounded lines, it is the rounded total. `currency` answers for an empty list. */
export function sum(currency: string, values: Iterable<Money>): Money {
  let total = zero(currency);
  for (const value of values) total = add(total, value);
  return total;
}

/** A line: price × quantity, rounded to the currency. */
export function multiply(price: Money, quantity: FactorInput): Money {
  return roundToCurrency({
    amount: price.amount.times(toDecimal(quantity, 'quantity')),
    currency: price.currency,
  });
}

/** `percent` % of the amount, rounded to the currency (a fee of 12.5 % of a price). */
export function percentOf(value: Money, percent: AmountInput): Money {
  return roundToCurrency({
    amount: value.amount.times(toDecimal(percent, 'percent')).dividedBy(100),
    currency: value.currency,
  });
}

export function compare(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amount.comparedTo(b.amount) as -1 | 0 | 1;
}

export function isPositive(value: Money): boolean {
  return value.amount.greaterThan(0);
}

export function min(first: Money, ...rest: Money[]): Money {
  return rest.reduce((low, value) => (compare(value, low) < 0 ? value : low), first);
}

export function max(first: Money, ...rest: Money[]): Money {
  return rest.reduce((high, value) => (compare(value, high) > 0 ? value : high), first);
}

/** The amount rounded to the currency, as the wire writes it: `"10.50"`, `"1500"`, `"1.250"`. */
export function toDecimalString(value: Money): string {
  return roundToCurrency(value).amount.toFixed(minorUnits(value.currency));
}

/**
 * The total, rounded to the currency, split in proportion to the weights so the parts add up to it
 * exactly. Each part gets the whole minor units of its share; the units left over go one each to the
 * parts with the largest remainders (the earlier part on a tie). All-zero weights split evenly.
 * `allocate(money("10.00", "USD"), [1, 1, 1])` → 3.34, 3.33, 3.33.
 */
export function allocate(total: Money, weights: readonly FactorInput[]): Money[] {
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  const given = weights.map((weight) => toDecimal(weight, 'weight'));
  if (given.some((weight) => weight.lessThan(0))) {
    throw new RangeError('allocation weights cannot be negative');
  }
  // Integer weights keep every share an exact integer quotient and remainder.
  const places = Math.max(0, ...given.map((weight) => weight.decimalPlaces()));
  const scale = new Decimal(10).pow(places);
  let integerWeights = given.map((weight) => weight.times(scale));
  let weightSum = integerWeights.reduce((acc, weight) => acc.plus(weight), new Decimal(0));
  if (weightSum.isZero()) {
    integerWeights = given.map(() => new Decimal(1));
    weightSum = new Decimal(given.length);
  }

  const digits = minorUnits(total.currency);
  const unit = new Decimal(10).pow(-digits);
  const rounded = roundToCurrency(total).amount;
  const units = rounded.abs().times(new Decimal(10).pow(digits));
  const sign = rounded.isNegative() ? -1 : 1;

  const shares = integerWeights.map((weight, index) => {
    const product = units.times(weight);
    return { index, whole: product.divToInt(weightSum), remainder: product.mod(weightSum) };
  });
  let left = units.minus(shares.reduce((acc, share) => acc.plus(share.whole), new Decimal(0)));
  const byRemainder = [...shares].sort((a, b) => b.remainder.comparedTo(a.remainder) || a.index - b.index);
  for (const share of byRemainder) {
    if (left.lte(0)) break;
    share.whole = share.whole.plus(1);
    left = left.minus(1);
  }
  return shares.map((share) => ({
    amount: sign < 0 ? share.whole.times(unit).negated() : share.whole.times(unit),
    currency: total.currency,
  }));
}

/**
 * An amount a client sent as a JSON number (catalog v1), read from its decimal text so `10.1` is 10.1
 * and not the nearest double, rounded to the currency.
 */
export function fromJsonNumber(value: number, currency: string): Money {
  if (!Number.isFinite(value)) throw new RangeError(`amount ${value} is not finite`);
  return roundToCurrency(money(new Decimal(String(value)), currency));
}

/** The amount rounded half-up to a whole unit of the currency (a price rounded to 10, not 9.99). */
export function roundToWhole(value: Money): Money {
  return { amount: value.amount.toDecimalPlaces(0, Decimal.ROUND_HALF_UP), currency: value.currency };
}

/** `part` as a percentage of `whole`, two decimals half-up (0 when `whole` is zero): a profit margin. */
export function percentage(part: Money, whole: Money): number {
  sameCurrency(part, whole);
  if (whole.amount.isZero()) return 0;
  return part.amount.dividedBy(whole.amount).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

/** The amount × `part` / `whole`, rounded to the currency: a price per 100 g of a 400 g pack. */
export function proportion(value: Money, part: FactorInput, whole: FactorInput): Money {
  const divisor = toDecimal(whole, 'whole');
  if (divisor.isZero()) throw new RangeError('proportion of a zero whole');
  return roundToCurrency({
    amount: value.amount.times(toDecimal(part, 'part')).dividedBy(divisor),
    currency: value.currency,
  });
}
