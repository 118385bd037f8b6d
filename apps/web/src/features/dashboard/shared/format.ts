import { formatMoney } from '../../../lib/money.ts';
import type { Booking, ContactDetails } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';

export const weekdays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof weekdays)[number];

export function contactName(contact: ContactDetails | null | undefined): string {
  if (!contact) return '—';
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return name || contact.email || '—';
}

const dateTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export const formatDateTime = (value: Date | string) => dateTime.format(new Date(value));
export const formatTime = (value: Date | string) => time.format(new Date(value));
export const formatDay = (value: Date | string) => day.format(new Date(value));

export function formatRange(start: Date | string, end: Date | string): string {
  return `${formatDateTime(start)} – ${formatTime(end)}`;
}

/** A wire money object as the site writes it; a dash when there is none. */
export function formatMoneyOf(
  money: { value?: string | null; currency?: string | null } | undefined,
): string {
  if (!money?.value) return '—';
  return formatMoney(money.value, money.currency);
}

/** The service a booking is for, whether it books a slot or a whole course. */
export function bookingServiceId(booking: WithDates<Booking>): string | undefined {
  return booking.bookedEntity.slot?.serviceId ?? booking.bookedEntity.schedule?.serviceId;
}

/** Local `YYYY-MM-DD` of a date (the chart and the day filters count in the viewer's time zone). */
export function localDay(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
