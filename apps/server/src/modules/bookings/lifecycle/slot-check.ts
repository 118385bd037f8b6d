import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { executeRows, type Executor } from '../../../platform/db/database.ts';
import { createStatementCache } from '../../../platform/db/prepared.ts';
import { completePolicy, type PolicyDoc } from '../booking-policy-rules.ts';
import {
  bookingPolicies,
  bookingServices,
  bookingSettings,
  bookingStaffMembers,
  bookingStaffTimeOff,
  bookingStaffWorkingHours,
  type ServiceRow,
} from '../catalog.tables.ts';
import { bookingForms, type BookingFormRow } from './bookings.tables.ts';
import { createSchedulesRepository } from '../schedules.repository.ts';
import { defaultBusinessHours, toLocalTime, type MinutePeriod } from '../working-hours.ts';
import { bookingBusyTimes, type NewBusyTimeRow } from '../availability/availability.tables.ts';
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
import { appointmentReach, computeAppointmentSlots } from '../availability/compute-slots.ts';
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

/** The service's columns a booking needs (each column read costs a parser on every booking). */
const factsColumns = {
  id: bookingServices.id,
  siteId: bookingServices.siteId,
  scheduleId: bookingServices.scheduleId,
  type: bookingServices.type,
  name: bookingServices.name,
  durationMinutes: bookingServices.durationMinutes,
  bufferAfterMinutes: bookingServices.bufferAfterMinutes,
  bufferBeforeMinutes: bookingServices.bufferBeforeMinutes,
  defaultCapacity: bookingServices.defaultCapacity,
  staffMemberIds: bookingServices.staffMemberIds,
  rateType: bookingServices.rateType,
  price: bookingServices.price,
  currency: bookingServices.currency,
  requireManualApproval: bookingServices.requireManualApproval,
  onlineBookingEnabled: bookingServices.onlineBookingEnabled,
  formId: bookingServices.formId,
  doc: bookingServices.doc,
};
export type ServiceFactsRow = Pick<ServiceRow, keyof typeof factsColumns>;

export interface ServiceFacts {
  row: ServiceFactsRow;
  type: ServiceType;
  policy: CompletePolicy;
  input: ServiceInput;
  requiresApproval: boolean;
  onlineBookingEnabled: boolean;
  formId: string | null;
  /** The fields of the service's form, read with the service; null when it has none (the default form). */
  formFields: BookingFormRow['fields'] | null;
  /** The site's business hours, read with the service (they bound appointment slots). */
  businessHours: WeeklyRange[];
  /** The calendar of [from, to) around one slot, read with the service (loadService's `prefetch`). */
  prefetched?: { start: number; from: number; to: number; calendar: Calendar };
}

/** A staff member as the slot check read it (the business mail goes to `email`). */
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

/**
 * The select of `loadService`, built once per process as a prepared statement (siteId, serviceId and,
 * with the calendar, `at`: the slot's start): it runs for every booking, and building its text with
 * Drizzle each time cost more CPU than the database spends on it.
 */
function serviceFactsQuery(executor: Executor, withCalendar: boolean) {
  const s = bookingServices;
  const p = bookingPolicies;
  const f = bookingForms;
  const calendar = withCalendar
    ? prefetchedCalendar(sql.placeholder('siteId'), sql.placeholder('at'))
    : undefined;
  return executor
    .select({
      ...(calendar ?? {}),
      row: factsColumns,
      policyDoc: sql<PolicyDoc | null>`(select ${p.doc} from ${p} where ${p.siteId} = ${s.siteId} and ${p.id} = ${s.bookingPolicyId} limit 1)`,
      formFields: sql<
        BookingFormRow['fields'] | null
      >`(select ${f.fields} from ${f} where ${f.siteId} = ${s.siteId} and ${f.id} = ${s.formId} limit 1)`,
      businessHours: sql<
        MinutePeriod[] | null
      >`(select ${bookingSettings.businessHours} from ${bookingSettings} where ${bookingSettings.siteId} = ${s.siteId} limit 1)`,
    })
    .from(s)
    .where(
      and(
        eq(s.siteId, sql.placeholder('siteId')),
        eq(s.id, sql.placeholder('serviceId')),
        isNull(s.deletedDate),
      ),
    )
    .limit(1);
}

const statements = createStatementCache();

export function createSlotChecker(db: Executor) {
  const schedules = createSchedulesRepository(db);

  /**
   * The service with its policy, form and the site's business hours in one statement: inside a
   * booking's transaction every round trip holds a connection and the row locks a little longer.
   */
  async function loadService(
    siteId: string,
    serviceId: string,
    tx: Executor,
    /**
     * The slot an appointment is about to be booked at: the calendar of all the service's staff and
     * resources around it comes in the same statement (one round trip fewer on the create path).
     */
    prefetch?: { start: number },
  ): Promise<ServiceFacts | undefined> {
    const [found] = prefetch
      ? await statements.run(
          'bookings_service_facts_calendar',
          tx,
          (executor, name) => serviceFactsQuery(executor, true).prepare(name),
          {
            siteId,
            serviceId,
            at: new Date(prefetch.start).toISOString(),
          },
        )
      : await statements.run(
          'bookings_service_facts',
          tx,
          (executor, name) => serviceFactsQuery(executor, false).prepare(name),
          {
            siteId,
            serviceId,
          },
        );
    if (!found) return undefined;
    const row = found.row;
    const prefetched =
      prefetch && row.type === 'APPOINTMENT'
        ? {
            start: prefetch.start,
            ...prefetchedSpan(prefetch.start, row),
            calendar: calendarFrom(found as unknown as CalendarColumns),
          }
        : undefined;
    const policy = completePolicy((parseJson(found.policyDoc) ?? {}) as PolicyDoc);
    const doc = row.doc ?? {};
    const input: ServiceInput = {
      id: row.id,
      scheduleId: row.scheduleId,
      type: row.type as ServiceType,
      name: row.name,
      durationMinutes: row.durationMinutes,
      bufferBeforeMinutes: row.bufferBeforeMinutes,
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
      formFields: row.formId ? parseJson(found.formFields) : null,
      ...(prefetched ? { prefetched } : {}),
      businessHours: toWeekly(parseJson(found.businessHours) ?? defaultBusinessHours),
    };
  }

  /**
   * Staff, their own hours, time off and the busy ledger around [from, to) in one statement (each part
   * a JSON aggregate), less the ledger rows of one booking.
   */
  async function calendarOf(
    siteId: string,
    holders: { staff: string[]; resources: string[] },
    from: Date,
    to: Date,
    excludeBookingId: string | undefined,
    tx: Executor,
  ): Promise<Calendar> {
    const b = bookingBusyTimes;
    const parts = calendarParts(siteId, {
      staffIn: (column) => inArray(column, holders.staff),
      resourceIn: (column) => (holders.resources.length ? inArray(column, holders.resources) : undefined),
      from,
      to,
      extraBusy: excludeBookingId ? or(isNull(b.sourceId), ne(b.sourceId, excludeBookingId)) : undefined,
    });
    const [result] = await executeRows<CalendarColumns>(
      tx,
      sql`select ${parts.staff} as staff, ${parts.hours} as hours, ${parts.timeOff} as time_off, ${parts.busy} as busy`,
    );
    return calendarFrom(result);
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
    // Only the time the engine looks at for this one start: a day of bookings around it changes nothing.
    const window = { start, end: start + 1 };
    const reach = appointmentReach(service, window);
    const from = new Date(reach.start);
    const to = new Date(reach.end);
    const business = { timeZone: args.timeZone, hours: args.facts.businessHours };
    const prefetched = facts.prefetched;
    const {
      staff: staffRows,
      hours,
      timeOff,
      busy,
    } = prefetched?.start === start &&
    prefetched.from <= reach.start &&
    prefetched.to >= reach.end &&
    !args.staffMemberId &&
    !args.excludeBookingId
      ? prefetched.calendar
      : await calendarOf(
          args.siteId,
          { staff: staffIds, resources: service.resourcePools.flatMap((pool) => pool.resourceIds) },
          from,
          to,
          args.excludeBookingId,
          tx,
        );
    // A payment hold past its expiry is free at this instant, whether or not the sweep has run.
    const live = busy.filter(
      (row) => row.expiresAt === null || row.expiresAt === undefined || row.expiresAt > args.now,
    );
    const staffInputs: StaffInput[] = staffRows.map((member) => {
      const own = hours.filter((row) => row.staffMemberId === member.id);
      return {
        id: member.id,
        name: member.name ?? '',
        workingHours: member.usesDefaultWorkingHours ? null : toWeekly(own),
        timeOff: timeOff
          .filter((row) => row.staffMemberId === member.id)
          .map((row) => ({ start: row.start, end: row.end })),
      };
    });
    const slots = computeAppointmentSlots({
      business,
      service,
      staff: staffInputs,
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
      staff: staffRows.map(({ id, name, email }) => ({ id, name, email })),
      staleHolds: live.length < busy.length,
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
      // An exception to a weekly rule carries the occurrence's id; a cancelled one removes the occurrence.
      id: session.occurrenceId ?? session.id,
      start: session.startDate.getTime(),
      end: session.endDate.getTime(),
      capacity: session.capacity,
      staffMemberId: session.staffMemberId,
      cancelled: session.cancelled,
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

type CheckedStaffRow = CheckedStaff & { usesDefaultWorkingHours: boolean };

/** The calendar of an appointment's staff and resources around one slot, as the slot check needs it. */
export interface Calendar {
  staff: CheckedStaffRow[];
  hours: Array<MinutePeriod & { staffMemberId: string }>;
  timeOff: Array<{ staffMemberId: string; start: number; end: number }>;
  /** `expiresAt` (epoch ms): a booking's payment hold, busy only until then. */
  busy: Array<BusyInterval & { expiresAt?: number | null }>;
}

interface CalendarColumns {
  staff: unknown;
  hours: unknown;
  time_off: unknown;
  busy: unknown;
}

function calendarFrom(result: CalendarColumns | undefined): Calendar {
  return {
    staff: (parseJson(result?.staff) ?? []) as Calendar['staff'],
    hours: (parseJson(result?.hours) ?? []) as Calendar['hours'],
    timeOff: (parseJson(result?.time_off) ?? []) as Calendar['timeOff'],
    busy: (parseJson(result?.busy) ?? []) as Calendar['busy'],
  };
}

/**
 * The four parts of a calendar as scalar JSON subqueries, so they can stand alone or ride along with
 * the service's own select. `staffIn` and `resourceIn` say which holders count (JS values, or the
 * service row's columns); `from` and `to` bound time off and busy time.
 */
function calendarParts(
  siteId: string | SQLWrapper,
  q: {
    staffIn: (column: typeof bookingStaffMembers.id) => SQL | undefined;
    resourceIn: (column: typeof bookingBusyTimes.resourceId) => SQL | undefined;
    from: Date | SQL;
    to: Date | SQL;
    extraBusy?: SQL;
  },
) {
  const m = bookingStaffMembers;
  const h = bookingStaffWorkingHours;
  const t = bookingStaffTimeOff;
  const b = bookingBusyTimes;
  const epochMs = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const holderConditions = [
    and(isNull(b.staffMemberId), isNull(b.resourceId)),
    q.staffIn(b.staffMemberId as unknown as typeof m.id),
    q.resourceIn(b.resourceId),
  ];
  return {
    staff: sql`(select coalesce(json_agg(json_build_object('id', ${m.id}, 'name', ${m.name}, 'email', ${m.email},
        'usesDefaultWorkingHours', ${m.usesDefaultWorkingHours})), '[]'::json)
      from ${m} where ${and(eq(m.siteId, siteId), q.staffIn(m.id))})`,
    hours: sql`(select coalesce(json_agg(json_build_object('staffMemberId', ${h.staffMemberId}, 'weekday', ${h.weekday},
        'startMinute', ${h.startMinute}, 'endMinute', ${h.endMinute}) order by ${asc(h.weekday)}, ${asc(h.startMinute)}), '[]'::json)
      from ${h} where ${and(eq(h.siteId, siteId), q.staffIn(h.staffMemberId as unknown as typeof m.id))})`,
    timeOff: sql`(select coalesce(json_agg(json_build_object('staffMemberId', ${t.staffMemberId}, 'start', ${epochMs(t.startDate)},
        'end', ${epochMs(t.endDate)}) order by ${asc(t.startDate)}), '[]'::json)
      from ${t} where ${and(
        eq(t.siteId, siteId),
        q.staffIn(t.staffMemberId as unknown as typeof m.id),
        lt(t.startDate, q.to),
        gt(t.endDate, q.from),
      )})`,
    busy: sql`(select coalesce(json_agg(json_build_object('staffMemberId', ${b.staffMemberId}, 'resourceId', ${b.resourceId},
        'start', ${epochMs(b.startDate)}, 'end', ${epochMs(b.endDate)}, 'expiresAt', ${epochMs(b.expiresAt)})), '[]'::json)
      from ${b} where ${and(
        eq(b.siteId, siteId),
        // The overlap as the ledger's GiST index (site, range) is written, so only the window is read.
        sql`tstzrange(${b.startDate}, ${b.endDate}, '[)') && tstzrange(${q.from}, ${q.to}, '[)')`,
        // Class and course holds count capacity, not busy time: a course enrolment has no staff member and
        // would otherwise block the whole business for the course's span.
        isNull(b.sessionId),
        isNull(b.scheduleId),
        or(...holderConditions),
        q.extraBusy,
      )})`,
  };
}

/**
 * The span `prefetchedCalendar` reads around a slot starting at `start`, for a service row: the
 * engine's reach for one start (`appointmentReach`) and a minute more on each side. checkAppointment
 * uses the prefetched calendar only when it covers the engine's reach.
 */
function prefetchedSpan(
  start: number,
  row: Pick<ServiceRow, 'durationMinutes' | 'bufferAfterMinutes' | 'bufferBeforeMinutes'>,
) {
  const reach = (row.durationMinutes + row.bufferAfterMinutes + row.bufferBeforeMinutes + 1) * minuteMs;
  return { from: start - reach, to: start + reach };
}

/**
 * The calendar parts for the service row being selected: its staff, the resources of its pools, and
 * `prefetchedSpan` around the slot (`at`, an ISO instant).
 */
function prefetchedCalendar(siteId: SQLWrapper, at: SQLWrapper) {
  const s = bookingServices;
  const reach = sql`make_interval(mins => ${s.durationMinutes} + ${s.bufferAfterMinutes} + ${s.bufferBeforeMinutes} + 1)`;
  const parts = calendarParts(siteId, {
    staffIn: (column) => sql`${column} = any(${s.staffMemberIds})`,
    // Every resource id the service's pools name (compared as text: the document is not validated uuid).
    resourceIn: (column) =>
      sql`${column}::text in (select jsonb_path_query(${s.doc}, '$.serviceResources[*].resourceIds.values[*]') #>> '{}')`,
    from: sql`(${at}::timestamptz - ${reach})`,
    to: sql`(${at}::timestamptz + ${reach})`,
  });
  return {
    staff: sql<unknown>`${parts.staff}`,
    hours: sql<unknown>`${parts.hours}`,
    time_off: sql<unknown>`${parts.timeOff}`,
    busy: sql<unknown>`${parts.busy}`,
  };
}

/** JSON from a subquery: node-postgres parses json and jsonb; a driver that hands back text is parsed here. */
function parseJson<T>(value: T | string | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export interface BusyEntry {
  siteId: string;
  bookingId: string;
  staffMemberId?: string | null;
  resourceId?: string | null;
  sessionId?: string | null;
  scheduleId?: string | null;
  start: Date;
  end: Date;
  participants: number;
  /** A payment hold's expiry: the row stops counting then. */
  expiresAt?: Date | null;
}

/** Writes a booking's rows to the availability engine's busy ledger, through its repository (same transaction). */
export async function recordBusy(tx: Executor, rows: BusyEntry[]): Promise<void> {
  await createAvailabilityRepository(tx).insertBusy(busyLedgerRows(rows), tx);
}

/** A booking's busy-ledger rows as the availability engine stores them (source BOOKING). */
export function busyLedgerRows(rows: readonly BusyEntry[]): NewBusyTimeRow[] {
  return rows.map((row) => ({
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
    ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
  }));
}

export async function removeBusy(tx: Executor, siteId: string, bookingId: string): Promise<void> {
  await createAvailabilityRepository(tx).deleteBusyBySource(siteId, 'BOOKING', bookingId, tx);
}
