import { Temporal } from 'temporal-polyfill';
import { completePolicy, type PolicyDoc } from '../booking-policy-rules.ts';
import { availabilityErrorCodes, type SlotAvailability } from '@atrium/contract/bookings/availability';
import { badRequest, invalidField } from '../../../platform/errors/app-error.ts';
import {} from './class-sessions.ts';
import { distinctIds } from './answer-limits.ts';
import { type ServiceRecord } from './availability.repository.ts';
import { type LoadedAppointment } from './availability.loader.ts';
import type { PolicyViolations, ServiceInput, SessionSlot, SlotLocation } from './availability.types.ts';
import type { Interval } from './intervals.ts';
import { isValidTimeZone, isoToWall, type ZoneTimeline } from './zone-timeline.ts';

/**
 * The availability module's request adapters: wire dates and time zones into instants, location and policy
 * filters, per-day limits, and the opaque cursors of paged answers. Pure functions, no I/O.
 */
/** The longest range one availability call may cover. */
export const maxRangeDays = 90;
export const dayMs = 86_400_000;
export const maxPageSize = 1000;

export const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?)(Z|[+-]\d{2}:\d{2})?$/i;

/** A caller's time zone, or the site's when none is given; an unknown name is a 400 naming the field. */
export function resolveTimeZone(
  given: string | null | undefined,
  siteTimeZone: string,
  field: string,
): string {
  if (given === undefined || given === null || given === '') return siteTimeZone;
  if (!isValidTimeZone(given))
    throw invalidField(field, `${given} is not a known IANA time zone such as Europe/London`);
  return given;
}

/**
 * An instant from a request date. With `localIn` the date's own offset is ignored and its local part read
 * in that zone (as the contract says for availability); without it an offset or Z is honoured, and a bare
 * local date-time is read in `fallbackZone`.
 */
export function parseDate(
  value: string,
  field: string,
  localIn: string | null,
  fallbackZone: string,
): number {
  const match = dateTimePattern.exec(value.trim());
  const wall = match ? isoToWall(match[1]!) : undefined;
  if (!match || wall === undefined)
    throw invalidField(field, `${value} is not an ISO-8601 date-time`, 'FORMAT');
  if (!localIn && match[2]) {
    const instant = Date.parse(value);
    if (Number.isNaN(instant)) throw invalidField(field, `${value} is not an ISO-8601 date-time`, 'FORMAT');
    return instant;
  }
  return Temporal.PlainDateTime.from(match[1]!).toZonedDateTime(localIn ?? fallbackZone, {
    disambiguation: 'compatible',
  }).epochMilliseconds;
}

export function checkRange(window: Interval, fromField: string, toField: string): void {
  if (window.end <= window.start) {
    throw badRequest(availabilityErrorCodes.invalidDateRange, `${toField} must be after ${fromField}`, {
      fields: [fromField, toField],
    });
  }
  if (window.end - window.start > maxRangeDays * dayMs) {
    throw badRequest(
      availabilityErrorCodes.dateRangeTooLong,
      `The range from ${fromField} to ${toField} is longer than ${maxRangeDays} days: ask for a shorter range`,
      { maxDays: maxRangeDays },
    );
  }
}

export function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value))
    return distinctIds(value.filter((item): item is string => typeof item === 'string'));
  if (value && typeof value === 'object') {
    const record = value as { $in?: unknown; $eq?: unknown };
    return idsOf(record.$in ?? record.$eq);
  }
  return [];
}

export function dateOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const record = (value ?? {}) as { $gte?: string; $lte?: string };
  return record.$gte ?? record.$lte ?? '';
}

export const calendarLocationType = {
  BUSINESS: 'OWNER_BUSINESS',
  CUSTOM: 'OWNER_CUSTOM',
  CUSTOMER: 'CUSTOM',
} as const;

export function calendarLocation(location: SlotLocation | undefined): SlotAvailability['slot']['location'] {
  if (!location) return { locationType: 'OWNER_BUSINESS' };
  // Only what the location has: a month of a busy service is thousands of entries, and every key costs the
  // official client a rename pass (and an absent id no `delete`).
  return {
    ...(location.id ? { id: location.id } : {}),
    ...(location.name ? { name: location.name } : {}),
    ...(location.formattedAddress ? { formattedAddress: location.formattedAddress } : {}),
    locationType: calendarLocationType[location.locationType],
  };
}

export type CustomerChoices =
  { durationInMinutes?: number | null; addOnIds?: string[] | null } | null | undefined;

/**
 * The service as the customer's choices make it: the chosen duration (else the service's) plus the minutes
 * of each chosen add-on. An add-on the service does not offer is a 400 naming it.
 */
export function withCustomerChoices(
  loaded: LoadedAppointment,
  record: ServiceRecord,
  choices: CustomerChoices,
  field: string,
): LoadedAppointment {
  if (!choices) return loaded;
  const offered = Array.isArray(record.doc.addOnDetails)
    ? (record.doc.addOnDetails as Array<{ addOnId?: string; durationInMinutes?: number | null }>)
    : [];
  let minutes = choices.durationInMinutes ?? loaded.service.durationMinutes;
  for (const [index, addOnId] of (choices.addOnIds ?? []).entries()) {
    const detail = offered.find((entry) => entry.addOnId === addOnId);
    if (!detail)
      throw invalidField(
        `${field}.addOnIds[${index}]`,
        `add-on ${addOnId} is not offered with service ${record.id}`,
      );
    minutes += detail.durationInMinutes ?? 0;
  }
  if (minutes > 24 * 60) throw invalidField(field, 'the chosen duration and add-ons last more than 24 hours');
  return { ...loaded, service: { ...loaded.service, durationMinutes: minutes } };
}

/** A class or course slot with its waiting list, when the service's policy keeps one. */
export type WaitlistedSlot = SessionSlot & { waitingList?: { total: number; open: number } };

/** The waiting list of a service's policy: its capacity when enabled. */
export function waitlistOf(record: ServiceRecord): { capacity: number } | undefined {
  const policy = completePolicy((record.policyDoc ?? {}) as PolicyDoc).waitlistPolicy;
  return policy.enabled ? { capacity: policy.capacity ?? 0 } : undefined;
}

/** Every place the service is given; a service without locations is given at the business. */
export function locationsOf(service: ServiceInput): SlotLocation[] {
  return service.locations.length > 0 ? service.locations : [{ locationType: 'BUSINESS' }];
}

export const fromCalendarLocationType = {
  OWNER_BUSINESS: 'BUSINESS',
  OWNER_CUSTOM: 'CUSTOM',
  CUSTOM: 'CUSTOMER',
  UNDEFINED: undefined,
} as const;

export interface LocationFilter {
  id?: string | null;
  name?: string | null;
  locationType?: SlotLocation['locationType'] | null;
}

/** Whether a location passes a filter: every field the filter sets must match. */
export function locationMatches(location: SlotLocation, filter: LocationFilter): boolean {
  if (filter.id && location.id !== filter.id) return false;
  if (filter.name && location.name !== filter.name) return false;
  if (filter.locationType && location.locationType !== filter.locationType) return false;
  return true;
}

/** The service's locations that pass any of the filters (all of them without filters). */
export function locationsMatching(
  service: ServiceInput,
  filters: readonly LocationFilter[] | null | undefined,
): SlotLocation[] {
  const all = locationsOf(service);
  if (!filters || filters.length === 0) return all;
  return all.filter((location) => filters.some((filter) => locationMatches(location, filter)));
}

/** A calendar-vocabulary location filter (OWNER_BUSINESS...) in the time-slot vocabulary (BUSINESS...). */
export function fromCalendarFilter(
  filter: { id?: string | null; name?: string | null; locationType?: string | null } | null | undefined,
): LocationFilter[] | null {
  if (!filter) return null;
  const type = filter.locationType
    ? fromCalendarLocationType[filter.locationType as keyof typeof fromCalendarLocationType]
    : undefined;
  return [{ id: filter.id, name: filter.name, locationType: type }];
}

export function wireViolations(violations: PolicyViolations) {
  return {
    tooEarlyToBook: violations.tooEarlyToBook,
    tooLateToBook: violations.tooLateToBook,
    bookOnlineDisabled: violations.bookOnlineDisabled,
  };
}

export function matchesViolationFilter(
  violations: PolicyViolations,
  filter:
    | { tooEarlyToBook?: boolean | null; tooLateToBook?: boolean | null; bookOnlineDisabled?: boolean | null }
    | null
    | undefined,
): boolean {
  if (!filter) return true;
  if (filter.tooEarlyToBook != null && filter.tooEarlyToBook !== violations.tooEarlyToBook) return false;
  if (filter.tooLateToBook != null && filter.tooLateToBook !== violations.tooLateToBook) return false;
  if (filter.bookOnlineDisabled != null && filter.bookOnlineDisabled !== violations.bookOnlineDisabled)
    return false;
  return true;
}

/**
 * At most `perDay` items per local day (in `timeline`'s zone), bookable ones first, the result back in
 * time order. Items must come sorted by start.
 */
export function limitPerDay<T extends { start: number; bookable: boolean }>(
  items: T[],
  perDay: number | null | undefined,
  timeline: ZoneTimeline,
): T[] {
  if (!perDay) return items;
  const out: T[] = [];
  let dayItems: T[] = [];
  let currentDay = '';
  const flush = () => {
    const chosen = new Set(
      [...dayItems.filter((item) => item.bookable), ...dayItems.filter((item) => !item.bookable)].slice(
        0,
        perDay,
      ),
    );
    out.push(...dayItems.filter((item) => chosen.has(item)));
    dayItems = [];
  };
  for (const item of items) {
    const day = timeline.formatLocal(item.start).slice(0, 10);
    if (day !== currentDay) {
      flush();
      currentDay = day;
    }
    dayItems.push(item);
  }
  flush();
  return out;
}

export interface Cursor<Request> {
  request: Request;
  offset: number;
  /** The page size the list started with, so pages back and forth keep their size. */
  limit?: number;
}

export function encodeCursor<Request>(cursor: Cursor<Request>): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor<Request>(value: string): Cursor<Request> {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor<Request>;
    if (!Number.isInteger(cursor.offset) || cursor.offset < 0) throw new Error('offset');
    if (cursor.limit !== undefined && (!Number.isInteger(cursor.limit) || cursor.limit < 1))
      throw new Error('limit');
    if (!cursor.request || typeof cursor.request !== 'object') throw new Error('request');
    return cursor;
  } catch {
    throw badRequest('INVALID_CURSOR', 'cursorPaging.cursor is not a cursor this server issued');
  }
}

/** One page of a list and its cursor metadata; each cursor carries the whole request and the page size. */
export function page<T, Request>(
  items: T[],
  request: Request,
  offset: number,
  limit: number | null | undefined,
) {
  const size = Math.min(limit ?? maxPageSize, maxPageSize);
  const slice = items.slice(offset, offset + size);
  const hasNext = offset + size < items.length;
  const next = hasNext ? encodeCursor({ request, offset: offset + size, limit: size }) : null;
  const prev = offset > 0 ? encodeCursor({ request, offset: Math.max(0, offset - size), limit: size }) : null;
  return { items: slice, metadata: { count: slice.length, cursors: { next, prev }, hasNext } };
}
