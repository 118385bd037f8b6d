import type {
  AppointmentAvailabilityInput,
  AppointmentSlot,
  AvailableResources,
  BusyInterval,
  ServiceInput,
} from './availability.types.ts';
import { policyViolations, violatesPolicy } from './booking-policy.ts';
import { mergeIntervals, startableRanges, type Interval, type StartRange } from './intervals.ts';
import { expandWeeklyRanges } from './weekly-hours.ts';
import { createZoneTimeline, wallDayMs, type ZoneTimeline } from './zone-timeline.ts';

const minuteMs = 60_000;

/**
 * The grid step when the service names none: 30 minutes, or 15 for services shorter than half an hour so
 * that short services do not lose half their possible starts. Any step that divides a day keeps the grid
 * the same on every day.
 */
export function gridMinutesOf(
  service: Pick<ServiceInput, 'durationMinutes' | 'slotIntervalMinutes'>,
): number {
  if (service.slotIntervalMinutes && service.slotIntervalMinutes > 0) return service.slotIntervalMinutes;
  return service.durationMinutes < 30 ? 15 : 30;
}

/**
 * Candidate starts in `[window.start, window.end)` that fall inside `within` (sorted, merged spans: the
 * hours in which any slot can start), sorted: every local time in the business zone that
 * is a whole number of grid steps after local midnight. A local time that does not exist (spring forward)
 * gives no start; one that happens twice (fall back) gives one start, at its first occurrence, so the grid
 * has neither holes nor doubles in local time. Walking only the open spans keeps the cost proportional to
 * the opening hours in the window.
 */
export function gridStarts(
  timeline: ZoneTimeline,
  window: Interval,
  gridMinutes: number,
  within: readonly Interval[] = [window],
): number[] {
  const stepMs = gridMinutes * minuteMs;
  const starts: number[] = [];
  for (const span of within) {
    const from = Math.max(span.start, window.start);
    const to = Math.min(span.end, window.end);
    if (from >= to) continue;
    const lastWall = timeline.toWall(to) + wallDayMs;
    // Start a step early: the wall clock of `from` may sit just after a grid time that maps inside the span.
    for (
      let wall = Math.floor(timeline.toWall(from) / stepMs) * stepMs - stepMs;
      wall <= lastWall;
      wall += stepMs
    ) {
      const [instant] = timeline.instantsOfWall(wall);
      if (instant === undefined || instant < from) continue;
      if (instant >= to) break;
      if (starts.length === 0 || instant > starts[starts.length - 1]!) starts.push(instant);
    }
  }
  return starts;
}

/** Walks sorted start ranges with instants that only grow; each step is amortised O(1). */
export class RangeCursor {
  private index = 0;
  constructor(private readonly ranges: readonly StartRange[]) {}

  contains(instant: number): boolean {
    while (this.index < this.ranges.length && this.ranges[this.index]!.last < instant) this.index += 1;
    const range = this.ranges[this.index];
    return range !== undefined && range.first <= instant;
  }
}

export interface PreparedAppointment {
  service: ServiceInput;
  /** Staff who give the service (and were asked for), with the starts each of them can take. */
  staff: Array<{ id: string; ranges: StartRange[] }>;
  pools: Array<{ resourceTypeId: string; resources: Array<{ id: string; ranges: StartRange[] }> }>;
  businessTimeline: ZoneTimeline;
  /**
   * Where slots may start: the working hours of the service's staff members taken together (the business
   * hours for a service without staff), around the window.
   */
  startableHours: Interval[];
}

/**
 * The span whose hours, time off and busy time decide the slots starting in `window`: a slot starting
 * at `s` needs `[s - buffer before, s + duration + buffer after)` clear (`startableRanges`), so a slot
 * near the window's end sees its buffer after. Nothing outside it changes them, so re-checking one
 * start (a booking) reads no more than this.
 */
export function appointmentReach(
  service: Pick<ServiceInput, 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes'>,
  window: Interval,
): Interval {
  const durationMs = service.durationMinutes * minuteMs;
  const beforeMs = service.bufferBeforeMinutes * minuteMs;
  const afterMs = service.bufferAfterMinutes * minuteMs;
  return {
    start: window.start - afterMs - durationMs - beforeMs,
    end: window.end + durationMs + afterMs + beforeMs,
  };
}

/**
 * Everything but the grid: per staff member and per resource, the ranges of instants at which the service
 * can start. Cost: sorting the busy intervals once, then sweeps linear in hours and busy intervals.
 */
export function prepareAppointment(
  input: AppointmentAvailabilityInput,
  timelines: Map<string, ZoneTimeline> = new Map(),
): PreparedAppointment {
  const { service, business, window } = input;
  const durationMs = service.durationMinutes * minuteMs;
  const beforeMs = service.bufferBeforeMinutes * minuteMs;
  const afterMs = service.bufferAfterMinutes * minuteMs;
  const reach = appointmentReach(service, window);
  const timelineOf = (timeZone: string) => {
    let timeline = timelines.get(timeZone);
    if (!timeline) {
      timeline = createZoneTimeline(timeZone, reach.start, reach.end);
      timelines.set(timeZone, timeline);
    }
    return timeline;
  };
  const businessTimeline = timelineOf(business.timeZone);
  const businessOpen = expandWeeklyRanges(business.hours, businessTimeline, reach);
  const busy = groupBusy(input.busy);

  const wanted = input.staffMemberIds ? new Set(input.staffMemberIds) : undefined;
  const giving = new Set(service.staffMemberIds);
  const staff = input.staff
    .filter((member) => giving.has(member.id) && (!wanted || wanted.has(member.id)))
    .map((member) => {
      // Own hours are the staff member's, even outside the business hours (a teacher of 12:00-20:00 at a
      // studio open 9-17 is bookable until 20:00); the business hours are the hours of staff with none.
      const open = member.workingHours
        ? expandWeeklyRanges(member.workingHours, timelineOf(member.timeZone ?? business.timeZone), reach)
        : businessOpen;
      const taken = mergeIntervals([
        ...(busy.byStaff.get(member.id) ?? []),
        ...member.timeOff,
        ...busy.everyone,
      ]);
      return { id: member.id, open, ranges: startableRanges(open, taken, durationMs, beforeMs, afterMs) };
    });

  const pools = service.resourcePools.map((pool) => ({
    resourceTypeId: pool.resourceTypeId,
    resources: pool.resourceIds.map((id) => {
      const taken = mergeIntervals([...(busy.byResource.get(id) ?? []), ...busy.everyone]);
      // Resources have no hours of their own: they are there while the business is open.
      return { id, ranges: startableRanges(businessOpen, taken, durationMs, beforeMs, afterMs) };
    }),
  }));

  const startableHours =
    staff.length > 0 ? mergeIntervals(staff.flatMap((member) => member.open)) : businessOpen;
  return {
    service,
    staff: staff.map(({ id, ranges }) => ({ id, ranges })),
    pools,
    businessTimeline,
    startableHours,
  };
}

function groupBusy(busy: readonly BusyInterval[]) {
  const byStaff = new Map<string, Interval[]>();
  const byResource = new Map<string, Interval[]>();
  const everyone: Interval[] = [];
  for (const interval of busy) {
    if (interval.staffMemberId) push(byStaff, interval.staffMemberId, interval);
    if (interval.resourceId) push(byResource, interval.resourceId, interval);
    if (!interval.staffMemberId && !interval.resourceId) everyone.push(interval);
  }
  return { byStaff, byResource, everyone };
}

function push(map: Map<string, Interval[]>, key: string, interval: Interval) {
  const list = map.get(key);
  if (list) list.push(interval);
  else map.set(key, [interval]);
}

/** Free staff and resources at one start; undefined when the service cannot start then. */
export interface StartCheck {
  staffMemberIds: string[];
  availableResources: AvailableResources[];
}

/** A checker for instants that only grow (one per sweep). */
export function createStartChecker(
  prepared: PreparedAppointment,
): (instant: number) => StartCheck | undefined {
  const staffCursors = prepared.staff.map((member) => ({
    id: member.id,
    cursor: new RangeCursor(member.ranges),
  }));
  const poolCursors = prepared.pools.map((pool) => ({
    resourceTypeId: pool.resourceTypeId,
    resources: pool.resources.map((resource) => ({
      id: resource.id,
      cursor: new RangeCursor(resource.ranges),
    })),
  }));
  return (instant) => {
    const staffMemberIds: string[] = [];
    for (const member of staffCursors) if (member.cursor.contains(instant)) staffMemberIds.push(member.id);
    if (staffMemberIds.length === 0) return undefined;
    const availableResources: AvailableResources[] = [];
    for (const pool of poolCursors) {
      const resourceIds: string[] = [];
      for (const resource of pool.resources)
        if (resource.cursor.contains(instant)) resourceIds.push(resource.id);
      if (resourceIds.length === 0) return undefined;
      availableResources.push({ resourceTypeId: pool.resourceTypeId, resourceIds });
    }
    return { staffMemberIds, availableResources };
  };
}

/**
 * Appointment slots: every grid start in the window at which at least one of the service's staff members
 * (and one resource of each pool it needs) is free for the whole service plus its buffers, inside their
 * working hours (the business hours for staff with none of their own; resources follow the business hours). Slots that have already started are left out; those the
 * booking policy does not allow yet (or any more) are returned with `bookable: false`.
 */
export function computeAppointmentSlots(input: AppointmentAvailabilityInput): AppointmentSlot[] {
  const prepared = prepareAppointment(input);
  const { service } = input;
  const durationMs = service.durationMinutes * minuteMs;
  const grid = gridStarts(
    prepared.businessTimeline,
    input.window,
    gridMinutesOf(service),
    prepared.startableHours,
  );
  const check = createStartChecker(prepared);
  const slots: AppointmentSlot[] = [];
  for (const start of grid) {
    if (start < input.now) continue;
    const free = check(start);
    if (!free) continue;
    const violations = policyViolations(start, input.now, service.policy);
    slots.push({
      start,
      end: start + durationMs,
      serviceId: service.id,
      scheduleId: service.scheduleId,
      staffMemberIds: free.staffMemberIds,
      availableResources: free.availableResources,
      totalStaff: prepared.staff.length,
      violations,
      bookable: !violatesPolicy(violations),
    });
  }
  return slots;
}
