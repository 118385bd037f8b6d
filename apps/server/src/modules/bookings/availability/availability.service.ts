import type { z } from 'zod';
import {
  availabilityErrorCodes,
  type SlotAvailability,
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
import { computeChainedSlots } from './multi-service.ts';
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
import type { ServiceInput, SessionSlot } from './availability.types.ts';
import type { Interval } from './intervals.ts';
import { createZoneTimeline, isoToWall } from './zone-timeline.ts';

import {
  dayMs,
  resolveTimeZone,
  parseDate,
  checkRange,
  idsOf,
  dateOf,
  calendarLocation,
  withCustomerChoices,
  waitlistOf,
  locationsMatching,
  fromCalendarFilter,
  wireViolations,
  matchesViolationFilter,
  limitPerDay,
  decodeCursor,
  maxPageSize,
  page,
  type CustomerChoices,
  type WaitlistedSlot,
} from './availability-requests.ts';

import {
  calendarEntriesOfAppointment,
  calendarEntriesOfSessions,
  toTimeSlot,
  resourcesOf,
  staffFilterOf,
  eventTimeSlot,
  sequenceLocations,
  multiTimeSlot,
  type TimedCalendarEntry,
} from './time-slot-answers.ts';
export { maxRangeDays } from './availability-requests.ts';

/** Participants on the waiting list per class session, or per course under its schedule id (the lifecycle's). */
export type WaitlistedOf = (siteId: string, scheduleIds: readonly string[]) => Promise<Map<string, number>>;

export function createAvailabilityService(deps: {
  repository: AvailabilityRepository;
  /** The lifecycle's waiting lists (`createBookingsLifecycleModule(...).waitlistedOf`); none without it. */
  waitlistedOf?: WaitlistedOf;
}) {
  const { repository } = deps;
  const waitlistedOf: WaitlistedOf = deps.waitlistedOf ?? (async () => new Map());

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
      repository.findRules(ctx.site.id, [record.scheduleId]),
      repository.findSessions(
        ctx.site.id,
        [record.scheduleId],
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
      waitlistOf(record) ? waitlistedOf(ctx.site.id, [record.scheduleId]) : undefined,
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
      let entries: TimedCalendarEntry[] = [];
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
      return { availabilityEntries: limited.map((timed) => timed.entry) };
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
        repository.findRules(ctx.site.id, [service.scheduleId]),
        repository.findSessions(ctx.site.id, [service.scheduleId], null),
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
  if (limit !== undefined && limit > maxPageSize) {
    throw invalidField('cursorPaging.limit', `must be at most ${maxPageSize}`, 'MAX');
  }
  if (!cursor) {
    const { cursorPaging: _paging, ...request } = given;
    return { request: request as Request, offset: 0, limit };
  }
  const decoded = decodeCursor<Request>(cursor);
  return { request: decoded.request, offset: decoded.offset, limit: limit ?? decoded.limit };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
