import type { Executor } from '../../../platform/db/database.ts';
import type {
  AvailabilityRepository,
  BookableServiceRecord,
  StartCalendarRecord,
} from './availability.repository.ts';
import {
  businessHoursOf,
  completePolicyOf,
  toRules,
  toServiceInput,
  toSingles,
  toStaffInput,
  type CompletePolicy,
} from './availability.loader.ts';
import type {
  PolicyViolations,
  ServiceInput,
  ServiceType,
  StaffInput,
  WeeklyRange,
} from './availability.types.ts';
import { computeCourseAvailability, courseSpan, expandSessions, type Session } from './class-sessions.ts';
import { appointmentReach, computeAppointmentSlots } from './compute-slots.ts';
import type { Interval } from './intervals.ts';
import { createZoneTimeline } from './zone-timeline.ts';

/**
 * One start a booking asks for, checked by the same engine and the same input the listings use
 * (availability.loader.ts), over only the time that decides it, inside the booking's transaction: the
 * lifecycle calls these instead of computing availability itself.
 */

export type { CompletePolicy };

/** A service as a booking of it needs it. */
export interface BookableService {
  row: BookableServiceRecord;
  type: ServiceType;
  /** The stored policy completed with the defaults. */
  policy: CompletePolicy;
  /** The engine's input, as the listings build it. */
  input: ServiceInput;
  /** The site's business hours, read with the service (they bound appointment slots). */
  businessHours: WeeklyRange[];
  /** The calendar around one start, read with the service (`loadService`'s `prefetch`). */
  prefetched?: { start: number; calendar: StartCalendarRecord & { reach: Interval } };
}

/** A staff member as the check read them (the business mail goes to `email`). */
export interface CheckedStaff {
  id: string;
  name: string | null;
  email: string | null;
}

export interface AppointmentCheck {
  start: number;
  end: number;
  staffMemberIds: string[];
  resourceIds: string[];
  violations: PolicyViolations;
  staff: CheckedStaff[];
  /** Payment holds that expired by `now` are in the window: their occupancy must go before an insert. */
  staleHolds: boolean;
}

const dayMs = 86_400_000;

/** The staff of a calendar as the engine takes them (own hours and time off grouped per member). */
function staffInputsOf(calendar: StartCalendarRecord): StaffInput[] {
  return calendar.staff.map((member) =>
    toStaffInput({
      id: member.id,
      name: member.name ?? '',
      usesDefaultWorkingHours: member.usesDefaultWorkingHours,
      hours: calendar.hours.filter((row) => row.staffMemberId === member.id),
      timeOff: calendar.timeOff.filter((row) => row.staffMemberId === member.id),
    }),
  );
}

export function createStartCheck(repository: AvailabilityRepository) {
  /**
   * The service with its policy and the site's business hours in one statement. With `prefetch`, the
   * slot an appointment is about to be booked at, the calendar around it comes in the same statement.
   */
  async function loadService(
    siteId: string,
    serviceId: string,
    tx: Executor,
    prefetch?: { start: number },
  ): Promise<BookableService | undefined> {
    const found = await repository.findBookableService(siteId, serviceId, prefetch?.start, tx);
    if (!found) return undefined;
    const { record, calendar } = found;
    const policy = completePolicyOf(record);
    const input = toServiceInput(record, policy);
    return {
      row: record,
      type: input.type,
      policy,
      input,
      businessHours: businessHoursOf(record),
      ...(prefetch && calendar && input.type === 'APPOINTMENT'
        ? { prefetched: { start: prefetch.start, calendar } }
        : {}),
    };
  }

  /**
   * Whether an appointment can start at `start`: the engine's slots for a one-instant window, computed
   * from the catalogue and the busy ledger as this transaction sees them.
   */
  async function checkAppointment(
    args: {
      siteId: string;
      timeZone: string;
      facts: BookableService;
      start: number;
      now: number;
      staffMemberId?: string | null;
      excludeBookingId?: string;
    },
    tx: Executor,
  ): Promise<AppointmentCheck | undefined> {
    const { facts, start } = args;
    const service = facts.input;
    const staffIds = args.staffMemberId ? [args.staffMemberId] : service.staffMemberIds;
    if (
      staffIds.length === 0 ||
      (args.staffMemberId && !service.staffMemberIds.includes(args.staffMemberId))
    ) {
      return undefined;
    }
    // Only the time the engine looks at for this one start: a day of bookings around it changes nothing.
    const window = { start, end: start + 1 };
    const reach = appointmentReach(service, window);
    const prefetched = facts.prefetched;
    const calendar =
      prefetched?.start === start &&
      prefetched.calendar.reach.start <= reach.start &&
      prefetched.calendar.reach.end >= reach.end &&
      !args.staffMemberId &&
      !args.excludeBookingId
        ? prefetched.calendar
        : await repository.findStartCalendar(
            args.siteId,
            { staff: staffIds, resources: service.resourcePools.flatMap((pool) => pool.resourceIds) },
            reach,
            args.excludeBookingId,
            tx,
          );
    // A payment hold past its expiry is free at this instant, whether or not the sweep has run.
    const live = calendar.busy.filter((row) => row.expiresAt === null || row.expiresAt > args.now);
    const slots = computeAppointmentSlots({
      business: { timeZone: args.timeZone, hours: facts.businessHours },
      service,
      staff: staffInputsOf(calendar),
      resources: service.resourcePools.flatMap((pool) =>
        pool.resourceIds.map((id) => ({ id, name: id, resourceTypeId: pool.resourceTypeId })),
      ),
      busy: live,
      window,
      now: args.now,
      staffMemberIds: staffIds,
    });
    const slot = slots.find((candidate) => candidate.start === start);
    if (!slot) return undefined;
    return {
      start: slot.start,
      end: slot.end,
      staffMemberIds: slot.staffMemberIds,
      resourceIds: slot.availableResources.map((pool) => pool.resourceIds[0]!).filter(Boolean),
      violations: slot.violations,
      staff: calendar.staff.map(({ id, name, email }) => ({ id, name, email })),
      staleHolds: live.length < calendar.busy.length,
    };
  }

  /** The weekly rules and one-off sessions of the service's schedule over `reach`, as the engine takes them. */
  async function sessionInputs(siteId: string, facts: BookableService, reach: Interval, tx: Executor) {
    const scheduleIds = [facts.row.scheduleId];
    const rules = await repository.findRules(siteId, scheduleIds, tx);
    const singles = await repository.findSessions(siteId, scheduleIds, reach, tx);
    return { rules: toRules(rules), singles: toSingles(singles) };
  }

  /** The class session starting at `start` (with `sessionId` when the client named it). */
  async function findClassSession(
    args: {
      siteId: string;
      timeZone: string;
      facts: BookableService;
      start: number;
      sessionId?: string | null;
    },
    tx: Executor,
  ): Promise<Session | undefined> {
    const window = { start: args.start, end: args.start + 1 };
    const { rules, singles } = await sessionInputs(
      args.siteId,
      args.facts,
      { start: args.start - 1, end: args.start + 1 },
      tx,
    );
    const timeline = createZoneTimeline(args.timeZone, window.start - 2 * dayMs, window.end + 2 * dayMs);
    const sessions = expandSessions(rules, singles, args.facts.input.capacity, timeline, window);
    return sessions.find((session) => !args.sessionId || session.id === args.sessionId);
  }

  /** A course's first and last session and whether enrolment is still open by the policy. */
  async function courseSpanOf(
    args: { siteId: string; timeZone: string; facts: BookableService; now: number },
    tx: Executor,
  ) {
    const fallback = { start: args.now - 365 * dayMs, end: args.now + 2 * 365 * dayMs };
    const { rules, singles } = await sessionInputs(args.siteId, args.facts, fallback, tx);
    const timeline = createZoneTimeline(args.timeZone, fallback.start - dayMs, fallback.end + 3 * dayMs);
    const span = courseSpan(rules, singles, timeline, fallback);
    const all = expandSessions(rules, singles, args.facts.input.capacity, timeline, span);
    return computeCourseAvailability({ service: args.facts.input, enrolled: 0, now: args.now }, all);
  }

  return { loadService, checkAppointment, findClassSession, courseSpanOf };
}

export type StartCheck = ReturnType<typeof createStartCheck>;
