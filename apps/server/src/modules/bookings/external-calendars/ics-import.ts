import ical, { type VEvent } from 'node-ical';
import { Temporal } from 'temporal-polyfill';
import { CalendarSyncError } from './ics-fetcher.ts';

/** A busy span in epoch milliseconds, [start, end). */
export interface BusySpan {
  start: number;
  end: number;
}

export interface ImportWindow {
  from: Date;
  to: Date;
  /** All-day events block the whole day in this zone (the business time zone). */
  timeZone: string;
}

/** More merged busy spans than this in 90 days is not a calendar a person keeps; it is refused. */
export const maxBusySpans = 20_000;

/**
 * Work caps, checked before the work they bound: parsing costs per VEVENT and expanding per occurrence
 * (1,000 hourly events cost 10 s of CPU and 360 MB when expanded unchecked). A calendar past either is
 * refused with TOO_MANY_EVENTS and the last good import stays.
 */
export const maxCalendarEvents = 5_000;
export const maxExpandedOccurrences = 50_000;

/**
 * The busy time of an iCalendar text inside `window`: every VEVENT occurrence (RRULE expanded, EXDATE and
 * RECURRENCE-ID overrides applied) that is opaque and not cancelled, clipped to the window, merged where
 * they touch or overlap. Pure, so the rules are tested without a network.
 */
export function busySpansOf(text: string, window: ImportWindow): BusySpan[] {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) {
    throw new CalendarSyncError('INVALID_CALENDAR', 'The URL did not return an iCalendar (VCALENDAR) file');
  }
  const events = text.match(/^BEGIN:VEVENT\r?$/gim)?.length ?? 0;
  if (events > maxCalendarEvents) {
    throw new CalendarSyncError('TOO_MANY_EVENTS', `The calendar has more than ${maxCalendarEvents} events`);
  }
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch (error) {
    throw new CalendarSyncError(
      'INVALID_CALENDAR',
      `The calendar could not be parsed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const from = window.from.getTime();
  const to = window.to.getTime();
  const spans: BusySpan[] = [];
  let occurrencesLeft = maxExpandedOccurrences;
  for (const component of Object.values(parsed)) {
    if (!component || typeof component !== 'object' || (component as { type?: string }).type !== 'VEVENT') {
      continue;
    }
    const event = component as VEvent;
    if (!(event.start instanceof Date) || Number.isNaN(event.start.getTime())) continue;
    let instances: ReturnType<typeof ical.expandRecurringEvent>;
    try {
      occurrencesLeft -= occurrenceBound(event, window);
      if (occurrencesLeft < 0) {
        throw new CalendarSyncError(
          'TOO_MANY_EVENTS',
          `The calendar has more than ${maxExpandedOccurrences} event occurrences in the import horizon`,
        );
      }
      instances = ical.expandRecurringEvent(event, {
        from: window.from,
        to: window.to,
        expandOngoing: true,
      });
    } catch (error) {
      if (error instanceof CalendarSyncError) throw error;
      throw new CalendarSyncError(
        'INVALID_CALENDAR',
        `The event ${event.uid} could not be expanded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    for (const instance of instances) {
      const source = instance.event;
      // TRANSPARENT events (e.g. "free" reminders) and cancelled occurrences do not take the person's time.
      if (source.transparency === 'TRANSPARENT' || source.status === 'CANCELLED') continue;
      const span = instance.isFullDay
        ? {
            start: startOfLocalDay(instance.start, window.timeZone),
            end: startOfLocalDay(instance.end ?? nextDay(instance.start), window.timeZone),
          }
        : { start: instance.start.getTime(), end: (instance.end ?? instance.start).getTime() };
      // A full day without a usable end still blocks its day.
      if (instance.isFullDay && span.end <= span.start) {
        span.end = startOfLocalDay(nextDay(instance.start), window.timeZone);
      }
      const start = Math.max(span.start, from);
      const end = Math.min(span.end, to);
      if (!(end > start)) continue;
      spans.push({ start, end });
    }
  }
  const merged = mergeSpans(spans);
  if (merged.length > maxBusySpans) {
    throw new CalendarSyncError(
      'TOO_MANY_EVENTS',
      `The calendar has more than ${maxBusySpans} busy periods in the import horizon`,
    );
  }
  return merged;
}

const day = 86_400_000;
const frequencies = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
const periodMs = [1_000, 60_000, 3_600_000, day, 7 * day, 28 * day, 365 * day];

/**
 * At most how many occurrences of `event` node-ical would build around the window, from its RRULE alone
 * (node-ical's `between` takes no limit, so the bound comes first): periods in reach times what one period
 * can hold. BY parts expand a period only when finer than the frequency (RFC 5545 §3.3.10), else they only
 * limit; day-level parts of MONTHLY and YEARLY rules count as every day. Overestimates, never under.
 */
export function occurrenceBound(event: VEvent, window: ImportWindow): number {
  if (!event.rrule) return 1;
  const rule = event.rrule.options as Record<string, unknown>;
  const rank = frequencies.indexOf(String(rule.freq) as (typeof frequencies)[number]);
  if (rank < 0) return 1;
  const parts = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.length : 1);
  const dayParts = ['byDay', 'byMonthDay', 'byYearDay', 'byWeekNo'].some((key) => parts(rule[key]) > 1);
  let perPeriod = 1;
  if (rank > 0) perPeriod *= parts(rule.bySecond);
  if (rank > 1) perPeriod *= parts(rule.byMinute);
  if (rank > 2) perPeriod *= parts(rule.byHour);
  if (rank === 4) perPeriod *= parts(rule.byDay);
  if (rank === 5 && dayParts) perPeriod *= 31;
  if (rank === 6) perPeriod *= dayParts ? 366 : parts(rule.byMonth);
  const until = rule.until instanceof Date ? rule.until.getTime() : Infinity;
  // A rule that ended before the window (or starts after it) yields nothing to import.
  if (until < window.from.getTime() - 2 * day || event.start.getTime() > window.to.getTime() + day) return 0;
  const interval = Math.max(1, Number(rule.interval) || 1);
  const reach =
    window.to.getTime() -
    window.from.getTime() +
    2 * day +
    Math.max(0, (event.end?.getTime() ?? 0) - event.start.getTime());
  const bound = (Math.ceil(reach / (periodMs[rank]! * interval)) + 1) * perPeriod;
  const count = Number(rule.count);
  return Number.isFinite(count) && count > 0 ? Math.min(bound, count) : bound;
}

export function mergeSpans(spans: readonly BusySpan[]): BusySpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: BusySpan[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

/**
 * node-ical gives a date-only value as local midnight of this process's zone; its calendar date is read
 * back with the local getters and placed at midnight of the business zone.
 */
function startOfLocalDay(date: Date, timeZone: string): number {
  const plain = new Temporal.PlainDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
  return plain.toZonedDateTime({ timeZone }).epochMilliseconds;
}

function nextDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
}
