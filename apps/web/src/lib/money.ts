// The one way the site and the dashboard write an amount: in the currency it is in, as the site's locale writes
// money. The locale is the site's setting, learnt when the site's settings are read (setMoneyLocale); until
// then the browser's.
let siteLocale: string | undefined;

/** The site's locale for every amount written after this (its settings were read). */
export function setMoneyLocale(locale: string | undefined): void {
  siteLocale = locale;
}

/**
 * An amount as people read it: `formatMoney('60', 'EUR')` is "€60.00" in en-US and "60,00 €" in de-DE.
 * `wholeWithoutCents` drops ".00" from a whole amount ("€60", on price labels). Without a currency, or with
 * one the browser does not know, the amount reads plainly.
 */
export function formatMoney(
  amount: string | number,
  currency: string | null | undefined,
  options: { wholeWithoutCents?: boolean } = {},
): string {
  const value = Number(amount);
  if (!currency || !Number.isFinite(value)) return String(amount);
  try {
    return new Intl.NumberFormat(siteLocale, {
      style: 'currency',
      currency,
      ...(options.wholeWithoutCents && Number.isInteger(value) ? { minimumFractionDigits: 0 } : {}),
    }).format(value);
  } catch {
    return `${String(amount)} ${currency}`;
  }
}
