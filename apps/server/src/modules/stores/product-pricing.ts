import DecimalJs from 'decimal.js';
import type { StoresDiscount } from '@atrium/contract/stores/products-v1';
import {
  add,
  fromJsonNumber,
  max,
  money,
  percentage,
  percentOf,
  roundToWhole,
  subtract,
  toDecimalString,
  zero,
  type Money,
} from '../../platform/money/money.ts';

/** What a buyer pays for a list price under the product's discount (never below zero). */
export function discountedPrice(price: Money, discount: StoresDiscount): Money {
  if (discount.type === 'AMOUNT') {
    return max(zero(price.currency), subtract(price, fromJsonNumber(discount.value, price.currency)));
  }
  if (discount.type === 'PERCENT') {
    return subtract(price, percentOf(price, String(Math.min(100, discount.value))));
  }
  return price;
}

export interface CostAndProfit {
  cost: Money;
  profit: Money;
  /** Profit as a share of the price paid, in percent (0 when the price is zero). */
  profitMargin: number;
}

export function costAndProfit(paid: Money, cost: Money): CostAndProfit {
  const profit = subtract(paid, cost);
  return { cost, profit, profitMargin: percentage(profit, paid) };
}

/**
 * A property changed by an amount or a percentage (`bulkAdjustProductProperty`), rounded to the
 * currency and never below zero; `roundToInt` rounds the result to a whole unit.
 */
export function adjustAmount(
  current: Money,
  adjustment: { amount?: number; percentage?: { rate: number; roundToInt?: boolean } },
): Money {
  let next = current;
  if (adjustment.amount !== undefined) {
    next = add(current, fromJsonNumber(adjustment.amount, current.currency));
  } else if (adjustment.percentage) {
    next = add(current, percentOf(current, String(adjustment.percentage.rate)));
    if (adjustment.percentage.roundToInt) next = roundToWhole(next);
  }
  return max(zero(current.currency), next);
}

/** A stored `numeric` as money of the site's currency. */
export function storedAmount(value: string, currency: string): Money {
  return money(value, currency);
}

/** Money as the `numeric` column stores it (rounded to the currency). */
export function toStored(value: Money): string {
  return toDecimalString(value);
}

/** A weight moved by an amount or a percentage (kilograms or pounds, three decimals, never below zero). */
export function adjustWeight(
  current: string,
  adjustment: { amount?: number; percentage?: { rate: number; roundToInt?: boolean } },
): string {
  let next = new DecimalJs(current);
  if (adjustment.amount !== undefined) next = next.plus(String(adjustment.amount));
  else if (adjustment.percentage) {
    next = next.times(new DecimalJs(100).plus(String(adjustment.percentage.rate))).dividedBy(100);
    if (adjustment.percentage.roundToInt) next = next.toDecimalPlaces(0, DecimalJs.ROUND_HALF_UP);
  }
  return DecimalJs.max(0, next.toDecimalPlaces(3, DecimalJs.ROUND_HALF_UP)).toString();
}
