import type { SiteService } from '../api/services-queries.ts';
import { t } from '../../../i18n/strings.ts';

/** The length of a service in minutes: its first duration, else its session duration. */
export function durationOf(service: SiteService): number | undefined {
  const constraints = service.schedule.availabilityConstraints;
  return constraints?.durations?.[0]?.minutes ?? constraints?.sessionDurations?.[0];
}

export function formatMoney(value: string, currency: string | undefined): string {
  const amount = Number(value);
  if (!currency) return value;
  return new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** How the price reads on a card: "$60", "From $30", "Free", or the owner's own words. */
export function priceLabel(service: SiteService): string {
  const payment = service.payment;
  switch (payment?.rateType) {
    case 'NO_FEE':
      return t.services.free;
    case 'VARIED': {
      const price = payment.varied?.minPrice ?? payment.varied?.defaultPrice;
      return price ? t.services.from(formatMoney(price.value, price.currency)) : t.services.priceOnRequest;
    }
    case 'CUSTOM':
      return payment.custom?.description || t.services.priceOnRequest;
    default: {
      const price = payment?.fixed?.price;
      if (!price) return t.services.priceOnRequest;
      return Number(price.value) === 0 ? t.services.free : formatMoney(price.value, price.currency);
    }
  }
}

export function imageUrlOf(service: SiteService): string | undefined {
  const image =
    service.media?.mainMedia?.image ?? service.media?.coverMedia?.image ?? service.media?.items?.[0]?.image;
  if (!image) return undefined;
  return typeof image === 'string' ? image : image.url;
}

export function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

const gradients = [
  ['#0f766e', '#34d399'],
  ['#4338ca', '#a78bfa'],
  ['#b45309', '#fbbf24'],
  ['#be123c', '#fb7185'],
  ['#0369a1', '#38bdf8'],
];

/** A stable, pleasant gradient for services without a photo. */
export function gradientFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const [from, to] = gradients[hash % gradients.length]!;
  return `linear-gradient(135deg, ${from}, ${to})`;
}
