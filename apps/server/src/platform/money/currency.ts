/**
 * Minor units per currency, from ISO 4217. Node's ICU (CLDR) answers 0 for 17 currencies where ISO says
 * 2 or 3 (HUF, COP, IDR, PKR, IQD...: CLDR gives the cash convention, and changes with Node's ICU
 * version), so `Intl` is not the source: a stored amount must not change its places when Node updates.
 * Every code not listed here has 2.
 */
const iso4217MinorUnits: ReadonlyMap<string, number> = new Map([
  ...['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV']
    .concat(['XAF', 'XOF', 'XPF'])
    .map((code) => [code, 0] as const),
  ...['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((code) => [code, 3] as const),
  ...['CLF', 'UYW'].map((code) => [code, 4] as const),
]);

const currencyCode = /^[A-Z]{3}$/;

export class CurrencyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CurrencyError';
  }
}

export function assertCurrency(currency: string): void {
  if (!currencyCode.test(currency)) {
    throw new CurrencyError(`${JSON.stringify(currency)} is not an ISO 4217 currency code`);
  }
}

/** Digits after the decimal point in the currency's amounts: JPY 0, USD 2, BHD 3. */
export function minorUnits(currency: string): number {
  assertCurrency(currency);
  return iso4217MinorUnits.get(currency) ?? 2;
}
