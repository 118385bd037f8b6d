import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';

/** The country a number without a country code is read in: the browser's region (en-GB: GB). */
function browserCountry(): CountryCode | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const region = new Intl.Locale(navigator.language).maximize().region;
  return region ? (region as CountryCode) : undefined;
}

/** Whether a phone number typed by a visitor is one (with its country code, or of the browser's region). */
export function isValidPhone(value: string): boolean {
  return isValidPhoneNumber(value, browserCountry());
}
