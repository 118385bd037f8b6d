import type { SiteService } from './site-services.ts';
import { t } from '../i18n/strings.ts';
import { formatMoney } from './money.ts';

/** The length of a service in minutes: its first duration, else its session duration. */
export function durationOf(service: SiteService): number | undefined {
  const constraints = service.schedule.availabilityConstraints;
  return constraints?.durations?.[0]?.minutes ?? constraints?.sessionDurations?.[0];
}

/** A price as the site writes it, without cents when whole ("€60"). */
export function formatPrice(value: string, currency: string | undefined): string {
  return formatMoney(value, currency, { wholeWithoutCents: true });
}

/** How the price reads on a card: "$60", "From $30", "Free", or the owner's own words. */
export function priceLabel(service: SiteService): string {
  const payment = service.payment;
  switch (payment?.rateType) {
    case 'NO_FEE':
      return t.common.free;
    case 'VARIED': {
      const price = payment.varied?.minPrice ?? payment.varied?.defaultPrice;
      return price ? t.common.from(formatPrice(price.value, price.currency)) : t.common.priceOnRequest;
    }
    case 'CUSTOM':
      return payment.custom?.description || t.common.priceOnRequest;
    default: {
      const price = payment?.fixed?.price;
      if (!price) return t.common.priceOnRequest;
      return Number(price.value) === 0 ? t.common.free : formatPrice(price.value, price.currency);
    }
  }
}

export function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}
