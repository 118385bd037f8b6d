import {
  add,
  allocate,
  compare,
  min,
  money,
  multiply,
  percentOf,
  subtract,
  sum,
  zero,
  type Money,
} from '../../platform/money/money.ts';

/**
 * The totals of a cart, checkout or order (commerce.md, "Money"): each line's price × quantity, its share
 * of an order-level discount and its tax are rounded at the line, half-up to the currency's minor units;
 * the summary is the sum of the rounded lines, so the parts always add up to what the buyer pays. An
 * order-level discount is split across lines by largest remainder and never exceeds the subtotal.
 */

export interface PricingLine {
  id: string;
  /** Unit price paid, a decimal string in the currency. */
  price: string;
  quantity: number;
  /** Tax rate in percent (`"8.25"`); `"0"` when the line is not taxed. */
  taxRate: string;
}

export interface PricingInput {
  currency: string;
  lines: readonly PricingLine[];
  /** An amount off the whole order (a coupon), capped at the subtotal. */
  orderDiscount?: string;
  shipping?: string;
  shippingTaxRate?: string;
}

export interface PricedLine {
  id: string;
  /** price × quantity, rounded. */
  subtotal: Money;
  discount: Money;
  tax: Money;
  /** subtotal − discount + tax. */
  total: Money;
}

export interface PriceSummary {
  subtotal: Money;
  discount: Money;
  shipping: Money;
  tax: Money;
  total: Money;
}

export function priceLines(input: PricingInput): { lines: PricedLine[]; summary: PriceSummary } {
  const { currency } = input;
  const subtotals = input.lines.map((line) => multiply(money(line.price, currency), line.quantity));
  const subtotal = sum(currency, subtotals);
  const wantedDiscount = money(input.orderDiscount ?? '0', currency);
  const orderDiscount =
    compare(wantedDiscount, zero(currency)) > 0 ? min(wantedDiscount, subtotal) : zero(currency);
  const discounts =
    input.lines.length > 0 && compare(orderDiscount, zero(currency)) > 0
      ? allocate(
          orderDiscount,
          subtotals.map((value) => value.amount),
        )
      : input.lines.map(() => zero(currency));
  const lines = input.lines.map((line, index) => {
    const lineSubtotal = subtotals[index]!;
    const discount = discounts[index]!;
    const taxable = subtract(lineSubtotal, discount);
    const tax = percentOf(taxable, line.taxRate);
    return { id: line.id, subtotal: lineSubtotal, discount, tax, total: add(taxable, tax) };
  });
  const shipping = money(input.shipping ?? '0', currency);
  const shippingTax = percentOf(shipping, input.shippingTaxRate ?? '0');
  const tax = add(
    sum(
      currency,
      lines.map((line) => line.tax),
    ),
    shippingTax,
  );
  const discount = sum(
    currency,
    lines.map((line) => line.discount),
  );
  const total = add(
    sum(
      currency,
      lines.map((line) => line.total),
    ),
    add(shipping, shippingTax),
  );
  return { lines, summary: { subtotal, discount, shipping: multiply(shipping, 1), tax, total } };
}

/** The lines of a cart or checkout as the catalog describes them, priced (no coupons or tax rates yet). */
export function priceDescribed(
  currency: string,
  described: ReadonlyArray<{ line: { id: string; quantity: number }; price: string }>,
) {
  return priceLines({
    currency,
    lines: described.map((entry) => ({
      id: entry.line.id,
      price: entry.price,
      quantity: entry.line.quantity,
      taxRate: '0',
    })),
  });
}
