import { Temporal } from 'temporal-polyfill';
import { completePolicy, type PolicyDoc } from '../booking-policy-rules.ts';
import type { z } from 'zod';
import {
  availabilityErrorCodes,
  staffResourceTypeId,
  type SlotAvailability,
  type TimeSlot,
  type getMultiServiceTimeSlotRequestSchema,
  type getTimeSlotRequestSchema,
  type listEventTimeSlotsRequestSchema,
  type listMultiServiceTimeSlotsRequestSchema,
  type ListTimeSlotsRequest,
  type multiSlotAvailabilityRequestSchema,
  type QueryAvailabilityRequest,
} from '@atrium/contract/bookings/availability';
import type { RequestContext } from '../../../platform/context.ts';
import { badRequest, invalidField, notFound } from '../../../platform/errors/app-error.ts';
import {
  computeClassSlots,
  computeCourseAvailability,
  computeCourseSlots,
  courseSpan,
  expandSessions,
} from './class-sessions.ts';
import { checkCalendarSize, distinctIds } from './answer-limits.ts';
import { computeAppointmentSlots } from './compute-slots.ts';
import { computeChainedSlots, type ChainedSlot } from './multi-service.ts';
import { isUuid, type AvailabilityRepository, type ServiceRecord } from './availability.repository.ts';
import {
  businessHoursOf,
  loadAppointmentWindow,
  policyOf,
  toRules,
  toServiceInput,
  toSingles,
  type LoadedAppointment,
} from './availability.loader.ts';
import type {
  AppointmentSlot,
  PolicyViolations,
  ServiceInput,
  SessionSlot,
  SlotLocation,
} from './availability.types.ts';
import type { Interval } from './intervals.ts';
import { createZoneTimeline, isValidTimeZone, isoToWall, type ZoneTimeline } from './zone-timeline.ts';

/** The longest range one availability call may cover. */
export const maxRangeDays = 90;
const dayMs = 86_400_000;
const maxPageSize = 1000;

const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?)(Z|[+-]\d{2}:\d{2})?$/i;

/** A caller's time zone, or the site's when none is given; an unknown name is a 400 naming the field. */
function resolveTimeZone(given: string | null | undefined, siteTimeZone: string, field: string): string {
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
function parseDate(value: string, field: string, localIn: string | null, fallbackZone: string): number {
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

function checkRange(window: Interval, fromField: string, toField: string): void {
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

function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value))
    return distinctIds(value.filter((item): item is string => typeof item === 'string'));
  if (value && typeof value === 'object') {
    const record = value as { $in?: unknown; $eq?: unknown };
    return idsOf(record.$in ?? record.$eq);
  }
  return [];
}

function dateOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const record = (value ?? {}) as { $gte?: string; $lte?: string };
  return record.$gte ?? record.$lte ?? '';
}

const calendarLocationType = {
  BUSINESS: 'OWNER_BUSINESS',
  CUSTOM: 'OWNER_CUSTOM',
  CUSTOMER: 'CUSTOM',
} as const;

function calendarLocation(location: SlotLocation | undefined): SlotAvailability['slot']['location'] {
  if (!location) return { locationType: 'OWNER_BUSINESS' };
  return {
    id: location.id ?? null,
    name: location.name ?? null,
    formattedAddress: location.formattedAddress ?? null,
    locationType: calendarLocationType[location.locationType],
  };
}

type CustomerChoices = { durationInMinutes?: number | null; addOnIds?: string[] | null } | null | undefined;

/**
 * The service as the customer's choices make it: the chosen duration (else the service's) plus the minutes
 * of each chosen add-on. An add-on the service does not offer is a 400 naming it.
 */
function withCustomerChoices(
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
type WaitlistedSlot = SessionSlot & { waitingList?: { total: number; open: number } };

/** The waiting list of a service's policy: its capacity when enabled. */
function waitlistOf(record: ServiceRecord): { capacity: number } | undefined {
  const policy = completePolicy((record.policyDoc ?? {}) as PolicyDoc).waitlistPolicy;
  return policy.enabled ? { capacity: policy.capacity ?? 0 } : undefined;
}

/** Every place the service is given; a service without locations is given at the business. */
function locationsOf(service: ServiceInput): SlotLocation[] {
  return service.locations.length > 0 ? service.locations : [{ locationType: 'BUSINESS' }];
}

const fromCalendarLocationType = {
  OWNER_BUSINESS: 'BUSINESS',
  OWNER_CUSTOM: 'CUSTOM',
  CUSTOM: 'CUSTOMER',
  UNDEFINED: undefined,
} as const;

interface LocationFilter {
  id?: string | null;
  name?: string | null;
  locationType?: SlotLocation['locationType'] | null;
}

/** Whether a location passes a filter: every field the filter sets must match. */
function locationMatches(location: SlotLocation, filter: LocationFilter): boolean {
  if (filter.id && location.id !== filter.id) return false;
  if (filter.name && location.name !== filter.name) return false;
  if (filter.locationType && location.locationType !== filter.locationType) return false;
  return true;
}

/** The service's locations that pass any of the filters (all of them without filters). */
function locationsMatching(
  service: ServiceInput,
  filters: readonly LocationFilter[] | null | undefined,
): SlotLocation[] {
  const all = locationsOf(service);
  if (!filters || filters.length === 0) return all;
  return all.filter((location) => filters.some((filter) => locationMatches(location, filter)));
}

/** A calendar-vocabulary location filter (OWNER_BUSINESS...) in the time-slot vocabulary (BUSINESS...). */
function fromCalendarFilter(
  filter: { id?: string | null; name?: string | null; locationType?: string | null } | null | undefined,
): LocationFilter[] | null {
  if (!filter) return null;
  const type = filter.locationType
    ? fromCalendarLocationType[filter.locationType as keyof typeof fromCalendarLocationType]
    : undefined;
  return [{ id: filter.id, name: filter.name, locationType: type }];
}

function wireViolations(violations: PolicyViolations) {
  return {
    tooEarlyToBook: violations.tooEarlyToBook,
    tooLateToBook: violations.tooLateToBook,
    bookOnlineDisabled: violations.bookOnlineDisabled,
  };
}

function matchesViolationFilter(
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
function limitPerDay<T extends { start: number; bookable: boolean }>(
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

interface Cursor<Request> {
  request: Request;
  offset: number;
  /** The page size the list started with, so pages back and forth keep their size. */
  limit?: number;
}

function encodeCursor<Request>(cursor: Cursor<Request>): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor<Request>(value: string): Cursor<Request> {
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
function page<T, Request>(items: T[], request: Request, offset: number, limit: number | null | undefined) {
  const size = Math.min(limit ?? maxPageSize, maxPageSize);
  const slice = items.slice(offset, offset + size);
  const hasNext = offset + size < items.length;
  const next = hasNext ? encodeCursor({ request, offset: offset + size, limit: size }) : null;
  const prev = offset > 0 ? encodeCursor({ request, offset: Math.max(0, offset - size), limit: size }) : null;
  return { items: slice, metadata: { count: slice.length, cursors: { next, prev }, hasNext } };
}

export function createAvailabilityService(deps: { repository: AvailabilityRepository }) {
  const { repository } = deps;

  function requireServices(records: readonly ServiceRecord[], ids: readonly string[]): ServiceRecord[] {
    const byId = new Map(records.map((record) => [record.id, record]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw notFound('Service', missing, availabilityErrorCodes.serviceNotFound);
    // Keep the caller's order (multi-service sequences depend on it).
    return ids.map((id) => byId.get(id)!);
  }

  async function servicesById(
    ctx: RequestContext,
    ids: readonly string[],
    field: string,
  ): Promise<ServiceRecord[]> {
    if (ids.length === 0) throw invalidField(field, 'is required', 'REQUIRED_FIELD');
    return requireServices(await repository.findServices(ctx.site.id, ids.filter(isUuid)), ids);
  }

  /** The services (404 for an unknown one) and, for the appointment ones, the engine's input. */
  async function loadWindow(
    ctx: RequestContext,
    ids: readonly string[],
    field: string,
    window: Interval,
    chainMs = 0,
  ) {
    if (ids.length === 0) throw invalidField(field, 'is required', 'REQUIRED_FIELD');
    const { records, appointments } = await loadAppointmentWindow(
      repository,
      ctx.site.id,
      ctx.site.timezone,
      ids.filter(isUuid),
      window,
      ctx.now().getTime(),
      chainMs,
    );
    return { records: requireServices(records, ids), appointments };
  }

  function appointmentSlots(loaded: LoadedAppointment, staffMemberIds: string[] | null) {
    const input = { ...loaded, staffMemberIds };
    return { loaded: input, slots: computeAppointmentSlots(input) };
  }

  async function sessionSlots(
    ctx: RequestContext,
    record: ServiceRecord,
    window: Interval,
    staffMemberIds: string[] | null,
  ) {
    const service = toServiceInput(record);
    const now = ctx.now().getTime();
    const business = { timeZone: ctx.site.timezone, hours: businessHoursOf(record) };
    const isCourse = service.type === 'COURSE';
    const [ruleRows, sessionRows, booked, enrolled, waitlisted] = await Promise.all([
      repository.findRules(ctx.site.id, [record.id]),
      repository.findSessions(
        ctx.site.id,
        [record.id],
        isCourse ? null : { start: window.start - dayMs, end: window.end + dayMs },
      ),
      isCourse
        ? Promise.resolve(new Map<string, number>())
        : repository.bookedBySession(
            ctx.site.id,
            { start: window.start - dayMs, end: window.end + dayMs },
            now,
          ),
      isCourse
        ? repository.enrolledBySchedule(ctx.site.id, [record.scheduleId], now)
        : Promise.resolve(new Map<string, number>()),
      waitlistOf(record) ? repository.waitlistedOf(ctx.site.id, [record.scheduleId]) : undefined,
    ]);
    const input = {
      business,
      service,
      rules: toRules(ruleRows),
      sessions: toSingles(sessionRows),
      bookedBySession: booked,
      enrolled: enrolled.get(record.scheduleId) ?? 0,
      window,
      now,
      staffMemberIds,
    };
    const waitlist = waitlistOf(record);
    const withWaitlist = (slots: SessionSlot[]): WaitlistedSlot[] =>
      waitlist && waitlisted
        ? slots.map((slot) => {
            const waiting = waitlisted.get(isCourse ? record.scheduleId : slot.sessionId) ?? 0;
            return {
              ...slot,
              waitingList: { total: waitlist.capacity, open: Math.max(0, waitlist.capacity - waiting) },
            };
          })
        : slots;
    if (!isCourse) return withWaitlist(computeClassSlots(input));
    const fallback = { start: window.start - 366 * dayMs, end: window.end + 366 * dayMs };
    const timeline = createZoneTimeline(business.timeZone, fallback.start, fallback.end);
    return withWaitlist(
      computeCourseSlots(input, courseSpan(input.rules, input.sessions, timeline, fallback)),
    );
  }

  function calendarEntriesOfAppointment(
    slots: AppointmentSlot[],
    service: ServiceInput,
    names: Map<string, string>,
    timeline: ZoneTimeline,
  ): Array<SlotAvailability & { start: number }> {
    const entries: Array<SlotAvailability & { start: number }> = [];
    const locations = locationsOf(service);
    for (const slot of slots) {
      for (const location of locations) {
        for (const staffMemberId of slot.staffMemberIds) {
          entries.push({
            start: slot.start,
            slot: {
              serviceId: service.id,
              scheduleId: service.scheduleId,
              startDate: timeline.formatOffset(slot.start),
              endDate: timeline.formatOffset(slot.end),
              timezone: timeline.timeZone,
              resource: { id: staffMemberId, name: names.get(staffMemberId) ?? null },
              location: calendarLocation(location),
            },
            bookable: slot.bookable,
            totalSpots: 1,
            openSpots: 1,
            bookingPolicyViolations: wireViolations(slot.violations),
            locked: false,
          });
        }
      }
    }
    return entries;
  }

  function calendarEntriesOfSessions(slots: WaitlistedSlot[], service: ServiceInput, timeline: ZoneTimeline) {
    return slots.map((slot) => ({
      start: slot.start,
      slot: {
        sessionId: slot.sessionId,
        eventId: slot.sessionId,
        serviceId: service.id,
        scheduleId: service.scheduleId,
        startDate: timeline.formatOffset(slot.start),
        endDate: timeline.formatOffset(slot.end),
        timezone: timeline.timeZone,
        ...(slot.staffMemberId ? { resource: { id: slot.staffMemberId } } : {}),
        location: calendarLocation(service.locations[0]),
      },
      bookable: slot.bookable,
      totalSpots: slot.totalSpots,
      openSpots: slot.openSpots,
      ...(slot.waitingList
        ? { waitingList: { totalSpots: slot.waitingList.total, openSpots: slot.waitingList.open } }
        : {}),
      bookingPolicyViolations: wireViolations(slot.violations),
      locked: false,
    }));
  }

  function toTimeSlot(
    slot: { start: number; end: number; bookable: boolean; violations: PolicyViolations },
    service: ServiceInput,
    timeline: ZoneTimeline,
    capacity: { total: number; remaining: number },
    resources: TimeSlot['availableResources'],
    extra: Partial<TimeSlot> = {},
    location: SlotLocation | undefined = service.locations[0],
  ): TimeSlot {
    const violatesPolicy =
      slot.violations.tooEarlyToBook || slot.violations.tooLateToBook || slot.violations.bookOnlineDisabled;
    return {
      serviceId: service.id,
      localStartDate: timeline.formatLocal(slot.start),
      localEndDate: timeline.formatLocal(slot.end),
      bookable: slot.bookable,
      location: location
        ? {
            id: location.id ?? null,
            name: location.name ?? null,
            formattedAddress: location.formattedAddress ?? null,
            locationType: location.locationType,
          }
        : { locationType: 'BUSINESS' },
      totalCapacity: capacity.total,
      remainingCapacity: capacity.remaining,
      bookableCapacity: slot.bookable ? capacity.remaining : 0,
      bookingPolicyViolations: {
        ...wireViolations(slot.violations),
        earliestBookingDate:
          slot.violations.earliestBookingDate === null
            ? null
            : new Date(slot.violations.earliestBookingDate).toISOString(),
      },
      availableResources: resources,
      nestedTimeSlots: [],
      nonBookableReasons: {
        noRemainingCapacity: capacity.remaining === 0,
        violatesBookingPolicy: violatesPolicy,
        reservedForWaitingList: false,
        eventCancelled: false,
      },
      scheduleId: service.scheduleId,
      ...extra,
    };
  }

  /** The resources a time slot lists: staff under the staff type, then the service's resource pools. */
  function resourcesOf(
    slot:
      | AppointmentSlot
      | { staffMemberIds: string[]; availableResources: AppointmentSlot['availableResources'] },
    loaded: LoadedAppointment,
    include: ((resourceTypeId: string) => boolean) | 'all',
  ): TimeSlot['availableResources'] {
    const wanted = (typeId: string) => include === 'all' || include(typeId);
    const limit = include === 'all' ? Infinity : 10;
    const out: TimeSlot['availableResources'] = [];
    if (wanted(staffResourceTypeId)) {
      out.push({
        resourceTypeId: staffResourceTypeId,
        resources: slot.staffMemberIds
          .slice(0, limit)
          .map((id) => ({ id, name: loaded.staffNames.get(id) ?? null })),
        hasMoreAvailableResources: slot.staffMemberIds.length > limit,
      });
    }
    for (const pool of slot.availableResources) {
      if (!wanted(pool.resourceTypeId)) continue;
      out.push({
        resourceTypeId: pool.resourceTypeId,
        resources: pool.resourceIds
          .slice(0, limit)
          .map((id) => ({ id, name: loaded.resourceNames.get(id) ?? null })),
        hasMoreAvailableResources: pool.resourceIds.length > limit,
      });
    }
    return out;
  }

  /** Staff members a `resourceTypes` filter allows; null when it does not restrict staff. */
  function staffFilterOf(resourceTypes: ListTimeSlotsRequest['resourceTypes']): string[] | null {
    const staffEntry = resourceTypes?.find((entry) => entry.resourceTypeId === staffResourceTypeId);
    return staffEntry?.resourceIds ?? null;
  }

  function localWindow(
    ctx: RequestContext,
    from: string | null | undefined,
    to: string | null | undefined,
    timeZoneField: string,
    timeZoneValue: string | null | undefined,
    fromField: string,
    toField: string,
  ) {
    const timeZone = resolveTimeZone(timeZoneValue, ctx.site.timezone, timeZoneField);
    if (!from) throw invalidField(fromField, 'is required', 'REQUIRED_FIELD');
    if (!to) throw invalidField(toField, 'is required', 'REQUIRED_FIELD');
    const window = {
      start: parseDate(from, fromField, timeZone, timeZone),
      end: parseDate(to, toField, timeZone, timeZone),
    };
    checkRange(window, fromField, toField);
    return { timeZone, window, timeline: createZoneTimeline(timeZone, window.start, window.end) };
  }

  return {
    /** POST /bookings/v1/availability/query */
    async queryAvailability(
      ctx: RequestContext,
      request: QueryAvailabilityRequest,
    ): Promise<{ availabilityEntries: SlotAvailability[] }> {
      const { filter } = request.query;
      const timeZone = resolveTimeZone(request.timezone, ctx.site.timezone, 'timezone');
      const localIn = request.timezone ? timeZone : null;
      const window = {
        start: parseDate(dateOf(filter.startDate), 'query.filter.startDate', localIn, ctx.site.timezone),
        end: parseDate(dateOf(filter.endDate), 'query.filter.endDate', localIn, ctx.site.timezone),
      };
      checkRange(window, 'query.filter.startDate', 'query.filter.endDate');
      const staffFilter = [...idsOf(filter.staffMemberId), ...idsOf(filter.resourceId)];
      const { records, appointments } = await loadWindow(
        ctx,
        idsOf(filter.serviceId),
        'query.filter.serviceId',
        window,
      );
      const timeline = createZoneTimeline(timeZone, window.start, window.end);
      let entries: Array<SlotAvailability & { start: number }> = [];
      for (const record of records) {
        const service = toServiceInput(record);
        const staff = staffFilter.length > 0 ? staffFilter : null;
        if (service.type === 'APPOINTMENT') {
          const { loaded, slots } = appointmentSlots(appointments.get(record.id)!, staff);
          entries.push(...calendarEntriesOfAppointment(slots, service, loaded.staffNames, timeline));
        } else {
          entries.push(
            ...calendarEntriesOfSessions(await sessionSlots(ctx, record, window, staff), service, timeline),
          );
        }
      }
      if (typeof filter.bookable === 'boolean')
        entries = entries.filter((entry) => entry.bookable === filter.bookable);
      const descending = request.query.sort?.[0]?.order === 'DESC';
      entries.sort((a, b) => (descending ? b.start - a.start : a.start - b.start));
      const limited = descending ? entries : limitPerDay(entries, request.slotsPerDay, timeline);
      checkCalendarSize(limited.length);
      return { availabilityEntries: limited.map(({ start: _start, ...entry }) => entry) };
    },

    /** GET /bookings/v2/availability/schedule/{scheduleId}: a course's spots and policy, for enrolment. */
    async scheduleAvailability(ctx: RequestContext, scheduleId: string) {
      const serviceId = isUuid(scheduleId)
        ? await repository.findServiceBySchedule(ctx.site.id, scheduleId)
        : undefined;
      if (!serviceId) throw notFound('Schedule', scheduleId, availabilityErrorCodes.scheduleNotFound);
      const [record] = await repository.findServices(ctx.site.id, [serviceId]);
      const service = toServiceInput(record!);
      const policy = policyOf(record!);
      if (service.type !== 'COURSE') {
        throw badRequest(
          availabilityErrorCodes.scheduleNotFound,
          `Schedule ${scheduleId} is not a course's: query its slots instead`,
          {
            scheduleId,
            serviceType: service.type,
          },
        );
      }
      const now = ctx.now().getTime();
      const [ruleRows, sessionRows, enrolled] = await Promise.all([
        repository.findRules(ctx.site.id, [serviceId]),
        repository.findSessions(ctx.site.id, [serviceId], null),
        repository.enrolledBySchedule(ctx.site.id, [service.scheduleId], now),
      ]);
      const rules = toRules(ruleRows);
      const singles = toSingles(sessionRows);
      const fallback = { start: now - 366 * dayMs, end: now + 366 * dayMs };
      const timeline = createZoneTimeline(ctx.site.timezone, fallback.start, fallback.end);
      const span = courseSpan(rules, singles, timeline, fallback);
      const sessions = expandSessions(
        rules,
        singles,
        service.capacity,
        createZoneTimeline(ctx.site.timezone, span.start, span.end),
        span,
      );
      const course = computeCourseAvailability(
        { service, enrolled: enrolled.get(service.scheduleId) ?? 0, now },
        sessions,
      );
      return {
        availability: {
          totalSpots: course.totalSpots,
          openSpots: course.openSpots,
          bookingPolicyViolations: wireViolations(course.violations),
        },
        bookingPolicySettings: { maxParticipantsPerBooking: policy.maxParticipantsPerBooking },
      };
    },

    /** POST /bookings/v1/availability/multislot */
    async multiSlot(ctx: RequestContext, given: z.output<typeof multiSlotAvailabilityRequestSchema>) {
      const { request, offset, limit } = fromCursor(given);
      const { timeZone, window, timeline } = localWindow(
        ctx,
        request.from,
        request.to,
        'timeZone',
        request.timeZone,
        'from',
        'to',
      );
      const chained = await chain(
        ctx,
        request.slots.map((slot) => ({
          serviceId: slot.serviceId,
          staff: slot.resourcesFilter?.resourceIds?.length ? slot.resourcesFilter.resourceIds : null,
        })),
        window,
        'slots',
      );
      let slots = chained.slots.filter(
        (slot) =>
          (request.bookable == null || slot.bookable === request.bookable) &&
          matchesViolationFilter(slot.violations, request.bookingPolicyViolations),
      );
      slots = limitPerDay(slots, request.slotsPerDay, timeline);
      const locations = sequenceLocations(chained, fromCalendarFilter(request.location)?.[0]);
      const entries: SlotAvailability[] = slots.flatMap((slot) =>
        locations.map((location) => {
          const first = chained.services[0]!;
          return {
            slot: {
              serviceId: first.service.id,
              scheduleId: first.service.scheduleId,
              startDate: timeline.formatOffset(slot.start),
              endDate: timeline.formatOffset(slot.end),
              timezone: timeZone,
              resource: {
                id: slot.parts[0]!.staffMemberIds[0]!,
                name: first.staffNames.get(slot.parts[0]!.staffMemberIds[0]!) ?? null,
              },
              location: calendarLocation(location),
              nestedTimeSlots: slot.parts.map((part, index) => ({
                serviceId: part.serviceId,
                scheduleId: part.scheduleId,
                start: timeline.formatOffset(part.start),
                end: timeline.formatOffset(part.end),
                resource: {
                  id: part.staffMemberIds[0]!,
                  name: chained.services[index]!.staffNames.get(part.staffMemberIds[0]!) ?? null,
                },
              })),
            },
            bookable: slot.bookable,
            totalSpots: 1,
            openSpots: 1,
            bookingPolicyViolations: wireViolations(slot.violations),
            locked: false,
          };
        }),
      );
      const paged = page(entries, request, offset, limit);
      return { slots: paged.items, cursorPagingMetadata: paged.metadata };
    },

    /** POST /bookings/v2/time-slots */
    async listTimeSlots(ctx: RequestContext, given: ListTimeSlotsRequest) {
      const { request, offset, limit } = fromCursor(given);
      if (!request.serviceId) throw invalidField('serviceId', 'is required', 'REQUIRED_FIELD');
      const { timeZone, window, timeline } = localWindow(
        ctx,
        request.fromLocalDate,
        request.toLocalDate,
        'timeZone',
        request.timeZone,
        'fromLocalDate',
        'toLocalDate',
      );
      const { records, appointments } = await loadWindow(ctx, [request.serviceId], 'serviceId', window);
      const record = records[0]!;
      if (record.type !== 'APPOINTMENT') {
        throw badRequest(
          availabilityErrorCodes.notAppointmentService,
          `Service ${record.id} is a ${record.type}: list its sessions with POST /bookings/v2/time-slots/event`,
          { serviceId: record.id },
        );
      }
      const { loaded, slots } = appointmentSlots(
        withCustomerChoices(appointments.get(record.id)!, record, request.customerChoices, 'customerChoices'),
        staffFilterOf(request.resourceTypes),
      );
      const included = new Set([
        ...(request.includeResourceTypeIds ?? []),
        ...(request.resourceTypes ?? []).map((entry) => entry.resourceTypeId ?? ''),
      ]);
      let kept = slots.filter((slot) => request.bookable == null || slot.bookable === request.bookable);
      kept = kept.filter((slot) => matchesViolationFilter(slot.violations, request.bookingPolicyViolations));
      kept = limitPerDay(kept, request.timeSlotsPerDay, timeline);
      // One time slot per place the service is given (and the `locations` filter keeps).
      const locations = locationsMatching(loaded.service, request.locations);
      const timeSlots = kept.flatMap((slot) =>
        locations.map((location) =>
          toTimeSlot(
            slot,
            loaded.service,
            timeline,
            { total: slot.totalStaff, remaining: slot.staffMemberIds.length },
            resourcesOf(slot, loaded, (typeId) => included.has(typeId)),
            {},
            location,
          ),
        ),
      );
      const paged = page(timeSlots, request, offset, limit);
      return { timeSlots: paged.items, timeZone, cursorPagingMetadata: paged.metadata };
    },

    /** POST /bookings/v2/time-slots/get: one slot with all its free resources. */
    async getTimeSlot(ctx: RequestContext, request: z.output<typeof getTimeSlotRequestSchema>) {
      const { timeZone, window, timeline } = localWindow(
        ctx,
        request.localStartDate,
        request.localEndDate,
        'timeZone',
        request.timeZone,
        'localStartDate',
        'localEndDate',
      );
      const instant = { start: window.start, end: window.start + 1 };
      const { records, appointments } = await loadWindow(ctx, [request.serviceId], 'serviceId', instant);
      const record = records[0]!;
      if (record.type !== 'APPOINTMENT') {
        throw badRequest(
          availabilityErrorCodes.notAppointmentService,
          `Service ${record.id} is a ${record.type}: use GET /bookings/v2/time-slots/event/{eventId}`,
        );
      }
      const { loaded, slots } = appointmentSlots(
        {
          ...withCustomerChoices(
            appointments.get(record.id)!,
            record,
            request.customerChoices,
            'customerChoices',
          ),
          window: instant,
        },
        staffFilterOf(request.resourceTypes),
      );
      const slot = slots.find(
        (candidate) => candidate.start === window.start && candidate.end === window.end,
      );
      const [location] = locationsMatching(loaded.service, request.location ? [request.location] : null);
      if (!slot || !location) {
        throw notFound(
          'Time slot',
          `${request.localStartDate}/${request.localEndDate}`,
          availabilityErrorCodes.slotNotFound,
        );
      }
      const included = new Set([
        ...(request.includeResourceTypeIds ?? []),
        ...(request.resourceTypes ?? []).map((entry) => entry.resourceTypeId ?? ''),
      ]);
      return {
        timeSlot: toTimeSlot(
          slot,
          loaded.service,
          timeline,
          { total: slot.totalStaff, remaining: slot.staffMemberIds.length },
          resourcesOf(slot, loaded, included.size > 0 ? (typeId) => included.has(typeId) : 'all'),
          {},
          location,
        ),
        timeZone,
      };
    },

    /** POST /bookings/v2/time-slots/event: class and course sessions. */
    async listEventTimeSlots(ctx: RequestContext, given: z.output<typeof listEventTimeSlotsRequestSchema>) {
      const { request, offset, limit } = fromCursor(given);
      const { timeZone, window, timeline } = localWindow(
        ctx,
        request.fromLocalDate,
        request.toLocalDate,
        'timeZone',
        request.timeZone,
        'fromLocalDate',
        'toLocalDate',
      );
      const ids = request.serviceIds?.length
        ? distinctIds(request.serviceIds)
        : await repository.listSessionServiceIds(ctx.site.id);
      const records = ids.length ? await servicesById(ctx, ids, 'serviceIds') : [];
      const all: Array<{ slot: SessionSlot; service: ServiceInput }> = [];
      for (const record of records) {
        if (record.type === 'APPOINTMENT') continue;
        const service = toServiceInput(record);
        for (const slot of await sessionSlots(ctx, record, window, null)) all.push({ slot, service });
      }
      all.sort((a, b) => a.slot.start - b.slot.start);
      let kept = all.filter(({ slot }) => request.includeNonBookable !== false || slot.bookable);
      if (request.minBookableCapacity)
        kept = kept.filter(({ slot }) => slot.openSpots >= request.minBookableCapacity!);
      kept = kept.filter(({ slot }) =>
        matchesViolationFilter(slot.violations, request.bookingPolicyViolations),
      );
      const limited = limitPerDay(
        kept.map((entry) => ({ ...entry, start: entry.slot.start, bookable: entry.slot.bookable })),
        request.maxSlotsPerDay,
        timeline,
      );
      const timeSlots = limited.map(({ slot, service }) => eventTimeSlot(slot, service, timeline));
      const paged = page(timeSlots, request, offset, limit);
      return { timeSlots: paged.items, timeZone, pagingMetadata: paged.metadata };
    },

    /** GET /bookings/v2/time-slots/event/{eventId} */
    async getEventTimeSlot(ctx: RequestContext, eventId: string, timeZoneValue: string | undefined) {
      const timeZone = resolveTimeZone(timeZoneValue, ctx.site.timezone, 'timeZone');
      const [ruleId, localStart] = eventId.split('_');
      const now = ctx.now().getTime();
      let serviceId: string | undefined;
      let around: number | undefined;
      if (ruleId && localStart && isUuid(ruleId)) {
        const wall = isoToWall(
          localStart.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3T$4:$5:$6'),
        );
        const rules = await findRule(ctx, ruleId);
        serviceId = rules?.serviceId;
        if (wall !== undefined) around = wall;
      } else if (isUuid(eventId)) {
        const session = await findSession(ctx, eventId);
        serviceId = session?.serviceId;
        around = session ? Number(session.start) : undefined;
      }
      if (!serviceId || around === undefined)
        throw notFound('Event', eventId, availabilityErrorCodes.slotNotFound);
      const [record] = await repository.findServices(ctx.site.id, [serviceId]);
      if (!record) throw notFound('Event', eventId, availabilityErrorCodes.slotNotFound);
      // Wall times and instants differ by at most a day; look two days either side.
      const window = { start: around - 2 * dayMs, end: around + 2 * dayMs };
      const slot = (await sessionSlots(ctx, record, window, null)).find(
        (candidate) => candidate.sessionId === eventId,
      );
      if (!slot) throw notFound('Event', eventId, availabilityErrorCodes.slotNotFound);
      const timeline = createZoneTimeline(timeZone, Math.min(window.start, now), window.end);
      return { timeSlot: eventTimeSlot(slot, toServiceInput(record), timeline), timeZone };
    },

    /** POST /bookings/v2/multi-service-time-slots */
    async listMultiServiceTimeSlots(
      ctx: RequestContext,
      given: z.output<typeof listMultiServiceTimeSlotsRequestSchema>,
    ) {
      const { request, offset, limit } = fromCursor(given);
      const services = request.services ?? [];
      if (services.length < 2) throw invalidField('services', 'needs at least 2 services', 'MIN_SIZE');
      const { timeZone, window, timeline } = localWindow(
        ctx,
        request.fromLocalDate,
        request.toLocalDate,
        'timeZone',
        request.timeZone,
        'fromLocalDate',
        'toLocalDate',
      );
      const chained = await chain(
        ctx,
        services.map((entry) => ({
          serviceId: entry.serviceId,
          staff: staffFilterOf(entry.resourceTypes),
          choices: entry.customerChoices,
        })),
        window,
        'services',
      );
      let kept = chained.slots.filter(
        (slot) => request.bookable == null || slot.bookable === request.bookable,
      );
      kept = kept.filter((slot) => matchesViolationFilter(slot.violations, request.bookingPolicyViolations));
      kept = limitPerDay(kept, request.timeSlotsPerDay, timeline);
      // A visit takes place where its first service is given (one sequence per such place).
      const locations = sequenceLocations(chained, request.location);
      const include = services.map((entry) => new Set(entry.includeResourceTypeIds ?? []));
      const timeSlots = kept.flatMap((slot) =>
        locations.map((location) => multiTimeSlot(slot, chained, timeline, include, location)),
      );
      const paged = page(timeSlots, request, offset, limit);
      return { timeSlots: paged.items, timeZone, cursorPagingMetadata: paged.metadata };
    },

    /** POST /bookings/v2/multi-service-time-slots/get */
    async getMultiServiceTimeSlot(
      ctx: RequestContext,
      request: z.output<typeof getMultiServiceTimeSlotRequestSchema>,
    ) {
      const { timeZone, window, timeline } = localWindow(
        ctx,
        request.localStartDate,
        request.localEndDate,
        'timeZone',
        request.timeZone,
        'localStartDate',
        'localEndDate',
      );
      const chained = await chain(
        ctx,
        request.services.map((entry) => ({
          serviceId: entry.serviceId,
          staff: staffFilterOf(entry.resourceTypes),
          choices: entry.customerChoices,
        })),
        { start: window.start, end: window.start + 1 },
        'services',
      );
      const slot = chained.slots.find(
        (candidate) => candidate.start === window.start && candidate.end === window.end,
      );
      const [location] = sequenceLocations(chained, request.location);
      if (!slot || !location)
        throw notFound(
          'Time slot',
          `${request.localStartDate}/${request.localEndDate}`,
          availabilityErrorCodes.slotNotFound,
        );
      return { timeSlot: multiTimeSlot(slot, chained, timeline, 'all', location), timeZone };
    },

    /** POST /bookings/v2/time-slots/end-options: services here have fixed durations, never a range. */
    endOptions(): never {
      throw badRequest(
        availabilityErrorCodes.endOptionsNotSupported,
        'No service here has a duration range, so there are no end options to choose',
      );
    },
  };

  async function findRule(ctx: RequestContext, ruleId: string) {
    return repository.findRuleById(ctx.site.id, ruleId);
  }

  async function findSession(ctx: RequestContext, sessionId: string) {
    return repository.findSessionById(ctx.site.id, sessionId);
  }

  function eventTimeSlot(slot: WaitlistedSlot, service: ServiceInput, timeline: ZoneTimeline): TimeSlot {
    return toTimeSlot(
      slot,
      service,
      timeline,
      { total: slot.totalSpots, remaining: slot.openSpots },
      slot.staffMemberId
        ? [
            {
              resourceTypeId: staffResourceTypeId,
              resources: [{ id: slot.staffMemberId }],
              hasMoreAvailableResources: false,
            },
          ]
        : [],
      {
        eventInfo: {
          eventId: slot.sessionId,
          eventTitle: service.name ?? null,
          ...(slot.waitingList
            ? {
                waitingList: {
                  totalCapacity: slot.waitingList.total,
                  remainingCapacity: slot.waitingList.open,
                },
              }
            : {}),
        },
      },
    );
  }

  /** Where a visit can take place: the first service's locations that the filter keeps. */
  function sequenceLocations(
    chained: { services: LoadedAppointment[] },
    filter: LocationFilter | null | undefined,
  ): SlotLocation[] {
    return locationsMatching(chained.services[0]!.service, filter ? [filter] : null);
  }

  function multiTimeSlot(
    slot: ChainedSlot,
    chained: { services: LoadedAppointment[] },
    timeline: ZoneTimeline,
    include: Array<Set<string>> | 'all',
    location: SlotLocation | undefined,
  ): TimeSlot {
    const first = chained.services[0]!.service;
    const base = toTimeSlot(slot, first, timeline, { total: 1, remaining: 1 }, [], {}, location);
    return {
      ...base,
      serviceId: null,
      nestedTimeSlots: slot.parts.map((part, index) => ({
        serviceId: part.serviceId,
        scheduleId: part.scheduleId,
        localStartDate: timeline.formatLocal(part.start),
        localEndDate: timeline.formatLocal(part.end),
        availableResources: resourcesOf(
          part,
          chained.services[index]!,
          include === 'all' ? 'all' : (typeId) => include[index]!.has(typeId),
        ),
      })),
    };
  }

  async function chain(
    ctx: RequestContext,
    parts: Array<{ serviceId: string; staff: string[] | null; choices?: CustomerChoices }>,
    window: Interval,
    field: string,
  ) {
    // Later parts start after the window: read busy time a day per part beyond it.
    const { records, appointments } = await loadWindow(
      ctx,
      parts.map((part) => part.serviceId),
      field,
      window,
      parts.length * dayMs,
    );
    const notAppointment = records.find((record) => record.type !== 'APPOINTMENT');
    if (notAppointment) {
      throw badRequest(
        availabilityErrorCodes.notAppointmentService,
        `Service ${notAppointment.id} is a ${notAppointment.type}: only appointments can be chained`,
      );
    }
    const inputs = records.map((record, index) => ({
      ...withCustomerChoices(
        appointments.get(record.id)!,
        record,
        parts[index]!.choices,
        `${field}[${index}].customerChoices`,
      ),
      staffMemberIds: parts[index]!.staff,
    }));
    return { services: inputs, slots: computeChainedSlots(inputs) };
  }
}

/** A request with a cursor continues the cursor's request; otherwise it starts at the first item. */
function fromCursor<
  Request extends { cursorPaging?: { cursor?: string | null; limit?: number | null } | null },
>(given: Request) {
  const cursor = given.cursorPaging?.cursor;
  const limit = given.cursorPaging?.limit ?? undefined;
  if (!cursor) {
    const { cursorPaging: _paging, ...request } = given;
    return { request: request as Request, offset: 0, limit };
  }
  const decoded = decodeCursor<Request>(cursor);
  return { request: decoded.request, offset: decoded.offset, limit: limit ?? decoded.limit };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
