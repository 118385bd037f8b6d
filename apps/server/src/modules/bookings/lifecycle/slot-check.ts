import { and, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { completePolicy, type PolicyDoc } from '../booking-policy-rules.ts';
import type { ServiceRow } from '../catalog.tables.ts';
import { createPoliciesRepository } from '../policies.repository.ts';
import { createSchedulesRepository } from '../schedules.repository.ts';
import { createServicesRepository } from '../services.repository.ts';
import { createStaffRepository } from '../staff.repository.ts';
import { defaultBusinessHours, toLocalTime, type MinutePeriod } from '../working-hours.ts';
import { bookingBusyTimes } from '../availability/availability.tables.ts';
import { createAvailabilityRepository } from '../availability/availability.repository.ts';
import type {
  BookingPolicyLimits,
  BusyInterval,
  RecurringSessionRule,
  ResourcePool,
  ServiceInput,
  ServiceType,
  SingleSession,
  StaffInput,
  WeeklyRange,
} from '../availability/availability.types.ts';
import { weekdays } from '../availability/availability.types.ts';
import { computeAppointmentSlots } from '../availability/compute-slots.ts';
import {
  computeCourseAvailability,
  courseSpan,
  expandSessions,
  type Session,
} from '../availability/class-sessions.ts';
import { createZoneTimeline } from '../availability/zone-timeline.ts';
import type { PolicyViolations } from '../availability/availability.types.ts';

/**
 * The lifecycle's view of the catalogue and the availability engine, read inside the booking's
 * transaction. It calls the catalogue's repositories and the engine's pure functions; when the
 * availability module exports its own loader, `loadAppointmentInput` should become a call to it.
 */

export type CompletePolicy = ReturnType<typeof completePolicy>;

export interface ServiceFacts {
  row: ServiceRow;
  type: ServiceType;
  policy: CompletePolicy;
  input: ServiceInput;
  requiresApproval: boolean;
  onlineBookingEnabled: boolean;
  formId: string | null;
}

export interface AppointmentCheck {
  start: number;
  end: number;
  staffMemberIds: string[];
  resourceIds: string[];
  violations: PolicyViolations;
}

const minuteMs = 60_000;

function limitsOf(policy: CompletePolicy, onlineBookingEnabled: boolean): BookingPolicyLimits {
  return {
    earliestBookingInMinutes: policy.limitEarlyBookingPolicy.enabled
      ? (policy.limitEarlyBookingPolicy.earliestBookingInMinutes ?? null)
      : null,
    latestBookingInMinutes: policy.limitLateBookingPolicy.enabled
      ? (policy.limitLateBookingPolicy.latestBookingInMinutes ?? null)
      : null,
    bookOnlineDisabled: !onlineBookingEnabled,
    bookAfterStartEnabled: policy.bookAfterStartPolicy.enabled ?? false,
  };
}

function resourcePoolsOf(doc: Record<string, unknown>): ResourcePool[] {
  const raw = Array.isArray(doc.serviceResources)
    ? (doc.serviceResources as Array<Record<string, unknown>>)
    : [];
  return raw.flatMap((entry) => {
    const type = entry.resourceType as { id?: string } | undefined;
    const ids = (entry.resourceIds as { values?: string[] } | undefined)?.values ?? [];
    return type?.id && ids.length > 0 ? [{ resourceTypeId: type.id, resourceIds: ids }] : [];
  });
}

function toWeekly(periods: readonly MinutePeriod[]): WeeklyRange[] {
  return periods.map((period) => ({
    weekday: weekdays[period.weekday - 1]!,
    start: toLocalTime(period.startMinute),
    end: toLocalTime(period.endMinute),
  }));
}

export function createSlotChecker(db: Executor) {
  const services = createServicesRepository(db);
  const policies = createPoliciesRepository(db);
  const staff = createStaffRepository(db);
  const schedules = createSchedulesRepository(db);

  async function loadService(
    siteId: string,
    serviceId: string,
    tx: Executor,
  ): Promise<ServiceFacts | undefined> {
    const row = await services.findById(siteId, serviceId, tx);
    if (!row) return undefined;
    const policyRow = await policies.findById(siteId, row.bookingPolicyId, tx);
    const policy = completePolicy((policyRow?.doc ?? {}) as PolicyDoc);
    const doc = row.doc ?? {};
    const input: ServiceInput = {
      id: row.id,
      scheduleId: row.scheduleId,
      type: row.type as ServiceType,
      name: row.name,
      durationMinutes: row.durationMinutes,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: row.bufferAfterMinutes,
      capacity: row.defaultCapacity,
      staffMemberIds: row.staffMemberIds,
      resourcePools: resourcePoolsOf(doc),
      locations: [],
      policy: limitsOf(policy, row.onlineBookingEnabled),
    };
    return {
      row,
      type: row.type as ServiceType,
      policy,
      input,
      requiresApproval: row.requireManualApproval,
      onlineBookingEnabled: row.onlineBookingEnabled,
      formId: row.formId,
    };
  }

  async function businessOf(siteId: string, timeZone: string, tx: Executor) {
    const settings = await staff.findSettings(siteId, tx);
    return { timeZone, hours: toWeekly(settings?.businessHours ?? defaultBusinessHours) };
  }

  /** Busy time from the availability ledger that overlaps [from, to), less the rows of one booking. */
  async function busyOf(
    siteId: string,
    holders: { staff: string[]; resources: string[] },
    from: Date,
    to: Date,
    excludeBookingId: string | undefined,
    tx: Executor,
  ): Promise<BusyInterval[]> {
    const b = bookingBusyTimes;
    const holderConditions = [and(isNull(b.staffMemberId), isNull(b.resourceId))];
    if (holders.staff.length) holderConditions.push(inArray(b.staffMemberId, holders.staff));
    if (holders.resources.length) holderConditions.push(inArray(b.resourceId, holders.resources));
    const rows = await tx
      .select({
        start: b.startDate,
        end: b.endDate,
        staffMemberId: b.staffMemberId,
        resourceId: b.resourceId,
      })
      .from(b)
      .where(
        and(
          eq(b.siteId, siteId),
          lt(b.startDate, to),
          gt(b.endDate, from),
          isNull(b.sessionId),
          or(...holderConditions),
          excludeBookingId ? or(isNull(b.sourceId), ne(b.sourceId, excludeBookingId)) : undefined,
        ),
      );
    return rows.map((row) => ({
      start: row.start.getTime(),
      end: row.end.getTime(),
      staffMemberId: row.staffMemberId,
      resourceId: row.resourceId,
    }));
  }

  /**
   * Whether an appointment can start at `start`: the engine's slots for a one-instant window, computed
   * from the catalogue and the busy ledger as this transaction sees them.
   */
  async function checkAppointment(
    args: {
      siteId: string;
      timeZone: string;
      facts: ServiceFacts;
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
    const span = (service.durationMinutes + service.bufferAfterMinutes) * minuteMs;
    const from = new Date(start - span - minuteMs * 60 * 24);
    const to = new Date(start + span + minuteMs * 60 * 24);
    // One connection per transaction: these run one after the other (pg queues them anyway).
    const business = await businessOf(args.siteId, args.timeZone, tx);
    const staffRows = await staff.findByIds(args.siteId, staffIds, tx);
    const hours = await staff.workingHoursOf(args.siteId, staffIds, tx);
    const timeOff = await staff.timeOffOf(args.siteId, staffIds, { from, to }, tx);
    const busy = await busyOf(
      args.siteId,
      { staff: staffIds, resources: service.resourcePools.flatMap((pool) => pool.resourceIds) },
      from,
      to,
      args.excludeBookingId,
      tx,
    );
    const staffInputs: StaffInput[] = staffRows.map((member) => {
      const own = hours.filter((row) => row.staffMemberId === member.id);
      return {
        id: member.id,
        name: member.name,
        workingHours: member.usesDefaultWorkingHours ? null : toWeekly(own),
        timeOff: timeOff
          .filter((row) => row.staffMemberId === member.id)
          .map((row) => ({ start: row.startDate.getTime(), end: row.endDate.getTime() })),
      };
    });
    const slots = computeAppointmentSlots({
      business,
      service,
      staff: staffInputs,
      resources: service.resourcePools.flatMap((pool) =>
        pool.resourceIds.map((id) => ({ id, name: id, resourceTypeId: pool.resourceTypeId })),
      ),
      busy,
      window: { start, end: start + 1 },
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
    };
  }

  async function sessionInputs(siteId: string, facts: ServiceFacts, from: Date, to: Date, tx: Executor) {
    const rules = await schedules.recurringOf(siteId, [facts.row.scheduleId], tx);
    const singles = await schedules.sessionsOf(siteId, [facts.row.scheduleId], { from, to }, tx);
    const ruleInputs: RecurringSessionRule[] = rules.map((rule) => ({
      id: rule.id,
      weekday: weekdays[rule.weekday - 1]!,
      startTime: toLocalTime(rule.startMinute),
      durationMinutes: rule.durationMinutes,
      capacity: rule.capacity,
      staffMemberId: rule.staffMemberId,
      validFrom: rule.startDate,
      validUntil: rule.endDate,
    }));
    const singleInputs: SingleSession[] = singles.map((session) => ({
      id: session.id,
      start: session.startDate.getTime(),
      end: session.endDate.getTime(),
      capacity: session.capacity,
      staffMemberId: session.staffMemberId,
    }));
    return { ruleInputs, singleInputs };
  }

  /** The class session starting at `start` (with `sessionId` when the client named it). */
  async function findClassSession(
    args: { siteId: string; timeZone: string; facts: ServiceFacts; start: number; sessionId?: string | null },
    tx: Executor,
  ): Promise<Session | undefined> {
    const window = { start: args.start, end: args.start + 1 };
    const { ruleInputs, singleInputs } = await sessionInputs(
      args.siteId,
      args.facts,
      new Date(args.start - 1),
      new Date(args.start + 1),
      tx,
    );
    const timeline = createZoneTimeline(
      args.timeZone,
      window.start - 2 * 86_400_000,
      window.end + 2 * 86_400_000,
    );
    const sessions = expandSessions(ruleInputs, singleInputs, args.facts.input.capacity, timeline, window);
    return sessions.find((session) => !args.sessionId || session.id === args.sessionId);
  }

  /** A course's first and last session and whether enrolment is still open by the policy. */
  async function courseSpanOf(
    args: { siteId: string; timeZone: string; facts: ServiceFacts; now: number },
    tx: Executor,
  ) {
    const fallback = { start: args.now - 365 * 86_400_000, end: args.now + 2 * 365 * 86_400_000 };
    const { ruleInputs, singleInputs } = await sessionInputs(
      args.siteId,
      args.facts,
      new Date(fallback.start),
      new Date(fallback.end),
      tx,
    );
    const timeline = createZoneTimeline(
      args.timeZone,
      fallback.start - 86_400_000,
      fallback.end + 3 * 86_400_000,
    );
    const span = courseSpan(ruleInputs, singleInputs, timeline, fallback);
    const all = expandSessions(ruleInputs, singleInputs, args.facts.input.capacity, timeline, span);
    return computeCourseAvailability({ service: args.facts.input, enrolled: 0, now: args.now }, all);
  }

  return { loadService, checkAppointment, findClassSession, courseSpanOf };
}

export type SlotChecker = ReturnType<typeof createSlotChecker>;

/** Writes a booking's rows to the availability engine's busy ledger, through its repository (same transaction). */
export async function recordBusy(
  tx: Executor,
  rows: Array<{
    siteId: string;
    bookingId: string;
    staffMemberId?: string | null;
    resourceId?: string | null;
    sessionId?: string | null;
    scheduleId?: string | null;
    start: Date;
    end: Date;
    participants: number;
  }>,
): Promise<void> {
  await createAvailabilityRepository(tx).insertBusy(
    rows.map((row) => ({
      siteId: row.siteId,
      staffMemberId: row.staffMemberId ?? null,
      resourceId: row.resourceId ?? null,
      sessionId: row.sessionId ?? null,
      scheduleId: row.scheduleId ?? null,
      startDate: row.start,
      endDate: row.end,
      participants: row.participants,
      source: 'BOOKING',
      sourceId: row.bookingId,
    })),
    tx,
  );
}

export async function removeBusy(tx: Executor, siteId: string, bookingId: string): Promise<void> {
  await createAvailabilityRepository(tx).deleteBusyBySource(siteId, 'BOOKING', bookingId, tx);
}
