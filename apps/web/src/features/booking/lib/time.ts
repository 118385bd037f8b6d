import { useCallback, useSyncExternalStore } from 'react';

const storageKey = 'atrium:timeZone';
const listeners = new Set<() => void>();

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function stored(): string {
  try {
    return localStorage.getItem(storageKey) || browserTimeZone();
  } catch {
    return browserTimeZone();
  }
}

let current = stored();

/** The visitor's time zone for showing times: the browser's, until they choose another (remembered). */
export function useTimeZone(): [string, (timeZone: string) => void] {
  const timeZone = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  const set = useCallback((next: string) => {
    current = next;
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
    for (const listener of listeners) listener();
  }, []);
  return [timeZone, set];
}

/** Every IANA zone the browser knows, the visitor's own first. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : [...names, 'UTC'];
}

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions, locale?: string) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(key, format);
  }
  return format;
}

/** `YYYY-MM-DD` of an instant in a zone: the key of its day in the calendar. */
export function dayKey(date: Date, timeZone: string): string {
  return formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(date);
}

export function formatTime(date: Date, timeZone: string): string {
  return formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(date);
}

export function formatDay(day: string): string {
  // A calendar day has no zone: format it at noon UTC so no offset can move it to another date.
  return formatter('UTC', { weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "Tuesday, 1 December 2026 at 10:00 GMT+1" in the given zone. */
export function formatWhen(date: Date, timeZone: string): string {
  return formatter(timeZone, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month of `day` (`YYYY-MM-01`), moved by `months`. */
export function monthOf(day: string, months = 0): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 1));
  return date.toISOString().slice(0, 10);
}

export function hoursLabel(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '24 hours' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
