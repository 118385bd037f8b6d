import { minorUnits } from './currency.ts';
import { toDecimalString, type Money } from './money.ts';

const formatters = new Map<string, Intl.NumberFormat>();
// Sites have one locale and one currency each; the bound only guards against a caller passing many.
const maxFormatters = 500;

function formatterFor(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = minorUnits(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (formatters.size >= maxFormatters) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The amount as a buyer in `locale` reads it, with the currency's own places (ISO 4217, so HUF shows
 * 2 even where ICU would show 0): `format(money("1234.5", "EUR"), "de-DE")` → `"1.234,50 €"`.
 */
export function format(value: Money, locale: string): string {
  // Intl formats a decimal string exactly (no float on the way).
  return formatterFor(locale, value.currency).format(toDecimalString(value) as Intl.StringNumericLiteral);
}
