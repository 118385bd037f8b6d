import { z } from 'zod';

/**
 * Money on the wire: one module for every client family. Amounts travel as decimal strings, never
 * floats, except where a client family declares numbers (catalog v1). The server builds these shapes
 * from one internal money value (`apps/server/src/platform/money`), rounded to the currency's minor
 * units.
 */

/**
 * An ISO-4217 currency code.
 * @example "USD"
 */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO-4217 code such as USD');

/**
 * A decimal string, negative allowed (refunds, adjustments).
 * @example "-10.50"
 */
export const decimalStringSchema = z
  .string()
  .regex(/^-?\d{1,15}(\.\d{1,6})?$/, 'must be a decimal string such as "10.50"');

/**
 * The highest price, deposit or fee the platform takes: 999,999,999.99 in any currency. Anything above is
 * a typing slip (a pasted phone number), and it keeps totals of many lines exact in a double.
 */
export const priceMaximum = 999_999_999.99;

/**
 * A non-negative decimal string: an amount (a payment, an order total).
 * @example "45.00"
 */
export const nonNegativeDecimalStringSchema = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,6})?$/, 'must be a non-negative decimal string such as "45.00"');

/**
 * A price, a deposit or a fee someone types: a non-negative decimal string of at most `priceMaximum`
 * (totals of many of them may be more, so amounts keep `nonNegativeDecimalStringSchema`).
 * @example "45.00"
 */
export const priceValueSchema = nonNegativeDecimalStringSchema.refine(
  (value) => Number(value) <= priceMaximum,
  { message: 'must be at most 999999999.99' },
);

/**
 * Money as the bookings clients send it: a decimal string and an ISO-4217 currency (the site's when
 * left out).
 * @example {"value":"45.00","currency":"USD"}
 */
export const moneySchema = z.object({
  value: priceValueSchema,
  currency: currencyCodeSchema.optional(),
  formattedValue: z.string().nullish(),
});
export type Money = z.infer<typeof moneySchema>;

/**
 * Money as the server answers bookings clients: prices, deposits, fees.
 * @example {"value":"45.00","currency":"USD"}
 */
export const moneyOutSchema = z.object({
  value: z.string(),
  currency: z.string(),
  formattedValue: z.string().nullish(),
});
export type MoneyOut = z.infer<typeof moneyOutSchema>;

/**
 * An ecom price (carts, checkouts): the amount in the site's currency and in the buyer's, each also
 * formatted. Without conversion both pairs are the same.
 * @example {"amount":"10.50","convertedAmount":"10.50","formattedAmount":"$10.50","formattedConvertedAmount":"$10.50"}
 */
export const ecomPriceSchema = z.object({
  amount: z.string(),
  convertedAmount: z.string(),
  formattedAmount: z.string(),
  formattedConvertedAmount: z.string(),
});
export type EcomPrice = z.infer<typeof ecomPriceSchema>;

/**
 * An amount with its formatted text: ecom orders and catalog v3 products.
 * @example {"amount":"10.50","formattedAmount":"$10.50"}
 */
export const formattedAmountSchema = z.object({
  amount: z.string(),
  formattedAmount: z.string(),
});
export type FormattedAmount = z.infer<typeof formattedAmountSchema>;

/**
 * Catalog v1 price data: the only money the clients read as JSON numbers, with formatted strings beside.
 * @example {"currency":"USD","price":10.5,"discountedPrice":9.5,"formatted":{"price":"$10.50","discountedPrice":"$9.50"}}
 */
export const catalogV1PriceDataSchema = z.object({
  currency: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  formatted: z.object({ price: z.string(), discountedPrice: z.string() }),
});
export type CatalogV1PriceData = z.infer<typeof catalogV1PriceDataSchema>;

/**
 * Events money (ticket definitions): a decimal string and its currency.
 * @example {"value":"10.50","currency":"USD"}
 */
export const eventsMoneySchema = z.object({ value: z.string(), currency: z.string() });
export type EventsMoney = z.infer<typeof eventsMoneySchema>;

/**
 * Events v1 money (orders, reservations): `amount` is the older name of `value`; both are sent.
 * @example {"amount":"10.50","currency":"USD","value":"10.50"}
 */
export const eventsOrderMoneySchema = z.object({
  amount: z.string(),
  currency: z.string(),
  value: z.string(),
});
export type EventsOrderMoney = z.infer<typeof eventsOrderMoneySchema>;
