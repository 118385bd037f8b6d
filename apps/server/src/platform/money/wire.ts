import type {
  CatalogV1PriceData,
  EcomPrice,
  EventsMoney,
  EventsOrderMoney,
  FormattedAmount,
  MoneyOut,
} from '@atrium/contract/money';
import { format } from './format.ts';
import { toDecimalString, type Money } from './money.ts';

/**
 * Money in each client family's wire shape (`@atrium/contract/money`). Every amount is rounded to its
 * currency first, so a formatted text always shows the amount beside it.
 */

/** Ecom carts and checkouts; `converted` is the buyer's currency, the same money when not converting. */
export function toEcomPrice(value: Money, locale: string, converted: Money = value): EcomPrice {
  const amount = toDecimalString(value);
  const formattedAmount = format(value, locale);
  if (converted === value) {
    return { amount, convertedAmount: amount, formattedAmount, formattedConvertedAmount: formattedAmount };
  }
  return {
    amount,
    convertedAmount: toDecimalString(converted),
    formattedAmount,
    formattedConvertedAmount: format(converted, locale),
  };
}

/** Ecom orders and catalog v3 products. */
export function toFormattedAmount(value: Money, locale: string): FormattedAmount {
  return { amount: toDecimalString(value), formattedAmount: format(value, locale) };
}

/**
 * Catalog v1 price data. The clients read these as JSON numbers; the number is parsed from the rounded
 * decimal string (no arithmetic on it), so it is the nearest double to the amount.
 */
export function toCatalogV1PriceData(
  price: Money,
  locale: string,
  discountedPrice: Money = price,
): CatalogV1PriceData {
  return {
    currency: price.currency,
    price: Number(toDecimalString(price)),
    discountedPrice: Number(toDecimalString(discountedPrice)),
    formatted: { price: format(price, locale), discountedPrice: format(discountedPrice, locale) },
  };
}

/** Events ticket definitions. */
export function toEventsMoney(value: Money): EventsMoney {
  return { value: toDecimalString(value), currency: value.currency };
}

/** Events v1 orders and reservations: `amount` repeats `value` for older readers. */
export function toEventsOrderMoney(value: Money): EventsOrderMoney {
  const amount = toDecimalString(value);
  return { amount, currency: value.currency, value: amount };
}

/** Bookings prices, deposits and fees: `{value, currency}`, formatted only when a locale is given. */
export function toBookingsMoney(value: Money, locale?: string): MoneyOut {
  return {
    value: toDecimalString(value),
    currency: value.currency,
    ...(locale === undefined ? {} : { formattedValue: format(value, locale) }),
  };
}
