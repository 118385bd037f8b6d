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
 * The busy time of an iCalendar text inside `window`: every VEVENT occurrence (RRULE expanded, EXDATE and
 * RECURRENCE-ID overrides applied) that is opaque and not cancelled, clipped to the window, merged where
 * they touch or overlap. Pure, so the rules are tested without a network.
 */
export function busySpansOf(text: string, window: ImportWindow): BusySpan[] {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) {
    throw new CalendarSyncError('INVALID_CALENDAR', 'The URL did not return an iCalendar (VCALENDAR) file');
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
  for (const component of Object.values(parsed)) {
    if (!component || typeof component !== 'object' || (component as { type?: string }).type !== 'VEVENT') {
      continue;
    }
    const event = component as VEvent;
    if (!(event.start instanceof Date) || Number.isNaN(event.start.getTime())) continue;
    let instances: ReturnType<typeof ical.expandRecurringEvent>;
    try {
      instances = ical.expandRecurringEvent(event, {
        from: window.from,
        to: window.to,
        expandOngoing: true,
      });
    } catch (error) {
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
