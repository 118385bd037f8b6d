import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { executeRows, type Executor } from '../../../platform/db/database.ts';
import { createStatementCache } from '../../../platform/db/prepared.ts';
import {
  bookingPolicies,
  bookingRecurringSessions,
  bookingResources,
  bookingServices,
  bookingSessions,
  bookingSettings,
  bookingStaffMembers,
  bookingStaffTimeOff,
  bookingStaffWorkingHours,
} from '../catalogue.tables.ts';
import type { Interval } from './intervals.ts';
import { bookingBusyTimes, type NewBusyTimeRow } from './availability.tables.ts';
import { isUuid } from '../../../platform/db/ids.ts';

/**
 * The only file of availability that speaks SQL. It reads the catalogue's tables (services, policies,
 * staff, working hours, time off, settings, sessions) and the busy-time ledger, and returns raw rows;
 * availability.loader.ts (a window) and start-check.ts (one start a booking asks for) turn them into the
 * engine's input. A window costs four round trips: services, then staff, busy time and sessions at once;
 * a booking's check one statement. Tables and columns are named through their Drizzle objects, so renaming
 * one breaks the type check, not a query at run time.
 */

const s = bookingServices;
const p = bookingPolicies;
const settings = bookingSettings;
const m = bookingStaffMembers;
const w = bookingStaffWorkingHours;
const t = bookingStaffTimeOff;
const r = bookingResources;
const rs = bookingRecurringSessions;
const ss = bookingSessions;
const b = bookingBusyTimes;

/** A timestamp column as epoch milliseconds (a float, so both drivers hand back a number). */
const epochMs = (column: SQLWrapper) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;

export interface ServiceRecord {
  id: string;
  type: string;
  name: string;
  scheduleId: string;
  durationMinutes: number;
  bufferAfterMinutes: number;
  bufferBeforeMinutes: number;
  defaultCapacity: number;
  staffMemberIds: string[];
  onlineBookingEnabled: boolean;
  doc: Record<string, unknown>;
  policyDoc: Record<string, unknown> | null;
  businessHours: Array<{ weekday: number; startMinute: number; endMinute: number }> | null;
}

export interface StaffRecord {
  id: string;
  name: string;
  usesDefaultWorkingHours: boolean;
  hours: Array<{ weekday: number; startMinute: number; endMinute: number }> | null;
  timeOff: Array<{ start: number; end: number }> | null;
}

export interface BusyRecord {
  staffMemberId: string | null;
  resourceId: string | null;
  /** Epoch milliseconds (read as numbers so both drivers agree). */
  start: number;
  end: number;
}

export interface ResourceRecord {
  id: string;
  name: string;
  typeId: string;
}

export interface RuleRecord {
  id: string;
  serviceId: string;
  weekday: number;
  startMinute: number;
  durationMinutes: number;
  capacity: number;
  staffMemberId: string | null;
  startDate: string;
  endDate: string | null;
}

export interface SessionRecord {
  id: string;
  serviceId: string;
  start: number;
  end: number;
  capacity: number;
  staffMemberId: string | null;
  /** A cancelled occurrence of a weekly rule (`id` is then the occurrence's id). */
  cancelled?: boolean;
}

/** A service as a booking of it reads it: the engine's record and the columns a booking is priced and confirmed by. */
export interface BookableServiceRecord extends ServiceRecord {
  siteId: string;
  rateType: string;
  price: string | null;
  currency: string;
  requireManualApproval: boolean;
  formId: string | null;
}

/** The staff of one start, their own hours and time off, and the busy ledger around it. */
export interface StartCalendarRecord {
  staff: Array<{ id: string; name: string; email: string | null; usesDefaultWorkingHours: boolean }>;
  hours: Array<{ staffMemberId: string; weekday: number; startMinute: number; endMinute: number }>;
  timeOff: Array<{ staffMemberId: string; start: number; end: number }>;
  /** `expiresAt` (epoch ms): a booking's payment hold, busy only until then. */
  busy: Array<BusyRecord & { expiresAt: number | null }>;
}

const statements = createStatementCache();

/** What a booking puts in the busy ledger: the time of a staff member, resource, class session or course. */
export interface BookingBusyEntry {
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

/**
 * A booking's busy-ledger rows (source BOOKING) with the ledger's table, so the lifecycle can write them in
 * the one statement that inserts the booking without naming availability's table itself.
 */
export function bookingBusyRows(entries: readonly BookingBusyEntry[]): {
  table: PgTable;
  rows: NewBusyTimeRow[];
} {
  return {
    table: b,
    rows: entries.map((entry) => ({
      siteId: entry.siteId,
      staffMemberId: entry.staffMemberId ?? null,
      resourceId: entry.resourceId ?? null,
      sessionId: entry.sessionId ?? null,
      scheduleId: entry.scheduleId ?? null,
      startDate: entry.start,
      endDate: entry.end,
      participants: entry.participants,
      source: 'BOOKING',
      sourceId: entry.bookingId,
      ...(entry.expiresAt ? { expiresAt: entry.expiresAt } : {}),
    })),
  };
}

export function createAvailabilityRepository(db: Executor) {
  return {
    /**
     * One live service as a booking reads it, with its policy document and the site's business hours, in
     * one statement (inside a booking's transaction every round trip holds a connection and the row locks
     * a little longer). With `at`, a slot's start, the calendar of all the service's staff and resources
     * over `reach` around it rides along: one round trip fewer on the create path.
     */
    async findBookableService(
      siteId: string,
      serviceId: string,
      at: number | undefined,
      executor: Executor = db,
    ): Promise<
      { record: BookableServiceRecord; calendar?: StartCalendarRecord & { reach: Interval } } | undefined
    > {
      const [found] =
        at === undefined
          ? await statements.run(
              'bookings_service_facts',
              executor,
              (x, name) => bookableServiceQuery(x, false).prepare(name),
              { siteId, serviceId },
            )
          : await statements.run(
              'bookings_service_facts_calendar',
              executor,
              (x, name) => bookableServiceQuery(x, true).prepare(name),
              { siteId, serviceId, at: new Date(at).toISOString() },
            );
      if (!found) return undefined;
      const record: BookableServiceRecord = {
        ...found.row,
        policyDoc: parseJson(found.policyDoc),
        businessHours: parseJson(found.businessHours),
      };
      if (at === undefined) return { record };
      return {
        record,
        calendar: {
          reach: prefetchedReach(at, record),
          ...calendarFrom(found as unknown as CalendarColumns),
        },
      };
    },

    /**
     * The calendar of the given staff members and resources over `reach` in one statement (each part a
     * JSON aggregate), less the ledger rows one source wrote (a booking being moved).
     */
    async findStartCalendar(
      siteId: string,
      holders: { staff: readonly string[]; resources: readonly string[] },
      reach: Interval,
      excludeSourceId: string | undefined,
      executor: Executor = db,
    ): Promise<StartCalendarRecord> {
      const parts = calendarParts(siteId, {
        staffIn: (column) => inArray(column, [...holders.staff]),
        resourceIn: (column) =>
          holders.resources.length ? inArray(column, [...holders.resources]) : undefined,
        from: new Date(reach.start),
        to: new Date(reach.end),
        extraBusy: excludeSourceId ? or(isNull(b.sourceId), ne(b.sourceId, excludeSourceId)) : undefined,
      });
      const [result] = await executeRows<CalendarColumns>(
        executor,
        sql`select ${parts.staff} as staff, ${parts.hours} as hours, ${parts.timeOff} as time_off, ${parts.busy} as busy`,
      );
      return calendarFrom(result);
    },

    /** Services by id (deleted ones left out) with their policy document and the site's business hours. */
    async findServices(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<ServiceRecord[]> {
      if (ids.length === 0) return [];
      return executeRows<ServiceRecord>(
        executor,
        sql`SELECT ${s.id} AS id, ${s.type} AS type, ${s.name} AS name, ${s.scheduleId} AS "scheduleId",
                   ${s.durationMinutes} AS "durationMinutes", ${s.bufferAfterMinutes} AS "bufferAfterMinutes",
                   ${s.bufferBeforeMinutes} AS "bufferBeforeMinutes", ${s.defaultCapacity} AS "defaultCapacity",
                   ${s.staffMemberIds}::text[] AS "staffMemberIds", ${s.onlineBookingEnabled} AS "onlineBookingEnabled",
                   ${s.doc} AS doc, ${p.doc} AS "policyDoc",
                   (SELECT ${settings.businessHours} FROM ${settings} WHERE ${settings.siteId} = ${s.siteId}) AS "businessHours"
            FROM ${s}
            LEFT JOIN ${p} ON ${p.id} = ${s.bookingPolicyId} AND ${p.siteId} = ${s.siteId}
            WHERE ${s.siteId} = ${siteId} AND ${s.id} = ANY(${uuidArray(ids)}) AND ${s.deletedDate} IS NULL`,
      );
    },

    async findServiceBySchedule(
      siteId: string,
      scheduleId: string,
      executor: Executor = db,
    ): Promise<string | undefined> {
      const rows = await executeRows<{ id: string }>(
        executor,
        sql`SELECT ${s.id} AS id FROM ${s}
            WHERE ${s.siteId} = ${siteId} AND ${s.scheduleId} = ${scheduleId}::uuid AND ${s.deletedDate} IS NULL`,
      );
      return rows[0]?.id;
    },

    async listSessionServiceIds(siteId: string, executor: Executor = db): Promise<string[]> {
      const rows = await executeRows<{ id: string }>(
        executor,
        sql`SELECT ${s.id} AS id FROM ${s}
            WHERE ${s.siteId} = ${siteId} AND ${s.type} IN ('CLASS', 'COURSE') AND ${s.deletedDate} IS NULL
            ORDER BY ${s.sortOrder}, ${s.createdDate} LIMIT 100`,
      );
      return rows.map((row) => row.id);
    },

    /** The staff members who give any of the services (found through the services' staff lists), with their own weekly hours and the time off that overlaps `reach`. */
    async findStaffOfServices(
      siteId: string,
      serviceIds: readonly string[],
      reach: Interval,
      executor: Executor = db,
    ): Promise<StaffRecord[]> {
      return executeRows<StaffRecord>(
        executor,
        sql`SELECT ${m.id} AS id, ${m.name} AS name, ${m.usesDefaultWorkingHours} AS "usesDefaultWorkingHours",
                   (SELECT json_agg(json_build_object('weekday', ${w.weekday}, 'startMinute', ${w.startMinute}, 'endMinute', ${w.endMinute}))
                      FROM ${w} WHERE ${w.siteId} = ${m.siteId} AND ${w.staffMemberId} = ${m.id}) AS hours,
                   (SELECT json_agg(json_build_object('start', ${epochMs(t.startDate)}, 'end', ${epochMs(t.endDate)}))
                      FROM ${t}
                      WHERE ${t.siteId} = ${m.siteId} AND ${t.staffMemberId} = ${m.id}
                        AND ${t.startDate} < ${new Date(reach.end)} AND ${t.endDate} > ${new Date(reach.start)}) AS "timeOff"
            FROM ${m}
            WHERE ${m.siteId} = ${siteId}
              AND ${m.deletedDate} IS NULL AND ${m.serviceProvider}
              AND ${m.id} IN (SELECT unnest(${s.staffMemberIds}) FROM ${s}
                              WHERE ${s.siteId} = ${siteId} AND ${s.id} = ANY(${uuidArray(serviceIds)}))`,
      );
    },

    async findResources(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<ResourceRecord[]> {
      if (ids.length === 0) return [];
      return executeRows<ResourceRecord>(
        executor,
        sql`SELECT ${r.id} AS id, ${r.name} AS name, ${r.typeId} AS "typeId" FROM ${r}
            WHERE ${r.siteId} = ${siteId} AND ${r.id} = ANY(${uuidArray(ids)})`,
      );
    },

    /**
     * Busy time overlapping `reach` of the given staff members and resources, and business-wide blocks:
     * one range scan of the ledger's GiST index. Rows come back grouped per staff member or resource as
     * arrays of epoch seconds, so a busy month is a few dozen rows on the wire, not thousands (measured:
     * the grouped form halves the client-side time of the per-row form; sorting inside array_agg costs
     * more than it saves, so the engine sorts).
     */
    async findBusy(
      siteId: string,
      staffMemberIds: readonly string[],
      resourceIds: readonly string[],
      reach: Interval,
      /** Payment holds that expired by then are not busy. */
      now: number,
      executor: Executor = db,
    ): Promise<BusyRecord[]> {
      const holders = sql`${b.staffMemberId} = ANY(${uuidArray(staffMemberIds)})
        OR ${b.resourceId} = ANY(${uuidArray(resourceIds)})`;
      return ungroup(await executeRows<BusyGroup>(executor, busyGroupsOf(siteId, reach, now, holders)));
    },

    /**
     * Busy time overlapping `reach` of the staff members who give any of the services, and business-wide
     * blocks: `findBusy` with the staff found in SQL, so it can run alongside the services query.
     */
    async findBusyOfServices(
      siteId: string,
      serviceIds: readonly string[],
      reach: Interval,
      now: number,
      executor: Executor = db,
    ): Promise<BusyRecord[]> {
      const holders = sql`${b.staffMemberId} IN (SELECT unnest(${s.staffMemberIds}) FROM ${s}
        WHERE ${s.siteId} = ${siteId} AND ${s.id} = ANY(${uuidArray(serviceIds)}))`;
      return ungroup(await executeRows<BusyGroup>(executor, busyGroupsOf(siteId, reach, now, holders)));
    },

    /** The weekly session rules of the schedules (a class or course service has one schedule). */
    async findRules(
      siteId: string,
      scheduleIds: readonly string[],
      executor: Executor = db,
    ): Promise<RuleRecord[]> {
      return executeRows<RuleRecord>(
        executor,
        sql`SELECT ${ruleColumns} FROM ${rs}
            WHERE ${rs.siteId} = ${siteId} AND ${rs.scheduleId} = ANY(${uuidArray(scheduleIds)})
            ORDER BY ${rs.weekday}, ${rs.startMinute}, ${rs.id}`,
      );
    },

    async findRuleById(siteId: string, id: string, executor: Executor = db): Promise<RuleRecord | undefined> {
      const rows = await executeRows<RuleRecord>(
        executor,
        sql`SELECT ${ruleColumns} FROM ${rs} WHERE ${rs.siteId} = ${siteId} AND ${rs.id} = ${id}::uuid`,
      );
      return rows[0];
    },

    async findSessionById(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<SessionRecord | undefined> {
      const rows = await executeRows<SessionRecord>(
        executor,
        sql`SELECT ${ss.id} AS id, ${sessionColumns} FROM ${ss}
            WHERE ${ss.siteId} = ${siteId} AND ${ss.id} = ${id}::uuid AND NOT ${ss.cancelled}`,
      );
      return rows[0];
    },

    /**
     * One-off sessions of the schedules in `reach` (or all of them for courses, which need their first
     * session); an exception to a weekly rule carries its occurrence's id.
     */
    async findSessions(
      siteId: string,
      scheduleIds: readonly string[],
      reach: Interval | null,
      executor: Executor = db,
    ): Promise<SessionRecord[]> {
      const inWindow = reach
        ? sql`AND ${ss.startDate} < ${new Date(reach.end)} AND ${ss.endDate} > ${new Date(reach.start)}`
        : sql``;
      return executeRows<SessionRecord>(
        executor,
        sql`SELECT coalesce(${ss.occurrenceId}, ${ss.id}::text) AS id, ${sessionColumns} FROM ${ss}
            WHERE ${ss.siteId} = ${siteId} AND ${ss.scheduleId} = ANY(${uuidArray(scheduleIds)}) ${inWindow}
            ORDER BY ${ss.startDate}, ${ss.id}`,
      );
    },

    /** Participants booked per class session starting in `reach`. */
    async bookedBySession(
      siteId: string,
      reach: Interval,
      now: number,
      executor: Executor = db,
    ): Promise<Map<string, number>> {
      const rows = await executeRows<{ sessionId: string; participants: number }>(
        executor,
        sql`SELECT ${b.sessionId} AS "sessionId", sum(${b.participants})::int AS participants
            FROM ${b}
            WHERE ${busyOverlapping(siteId, reach, now)}
              AND ${b.sessionId} IS NOT NULL AND ${b.source} = 'BOOKING'
            GROUP BY ${b.sessionId}`,
      );
      return new Map(rows.map((row) => [row.sessionId, Number(row.participants)]));
    },

    /** Participants enrolled per course schedule. */
    async enrolledBySchedule(
      siteId: string,
      scheduleIds: readonly string[],
      now: number,
      executor: Executor = db,
    ): Promise<Map<string, number>> {
      if (scheduleIds.length === 0) return new Map();
      const rows = await executeRows<{ scheduleId: string; participants: number }>(
        executor,
        sql`SELECT ${b.scheduleId}::text AS "scheduleId", sum(${b.participants})::int AS participants
            FROM ${b}
            WHERE ${b.siteId} = ${siteId} AND ${b.scheduleId} = ANY(${uuidArray(scheduleIds)}) AND ${b.source} = 'BOOKING'
              AND (${b.expiresAt} IS NULL OR ${b.expiresAt} > ${new Date(now)})
            GROUP BY ${b.scheduleId}`,
      );
      return new Map(rows.map((row) => [row.scheduleId, Number(row.participants)]));
    },

    /** Writes busy time (bookings, blocked time, imported external events) in the caller's transaction. */
    async insertBusy(rows: readonly NewBusyTimeRow[], executor: Executor = db): Promise<void> {
      if (rows.length === 0) return;
      await executor.insert(b).values([...rows]);
    },

    /** A paid or confirmed booking's busy time counts for good: it loses its payment hold's expiry. */
    async keepBookingBusy(siteId: string, bookingId: string, executor: Executor = db): Promise<void> {
      await executor
        .update(b)
        .set({ expiresAt: null })
        .where(and(eq(b.siteId, siteId), eq(b.source, 'BOOKING'), eq(b.sourceId, bookingId)));
    },

    /** The busy time of bookings still on a payment hold counts until at least `until` (never shortened). */
    async extendBookingBusy(
      siteId: string,
      bookingIds: readonly string[],
      until: Date,
      executor: Executor = db,
    ): Promise<void> {
      if (bookingIds.length === 0) return;
      await executor
        .update(b)
        .set({ expiresAt: sql`greatest(${b.expiresAt}, ${until})` })
        .where(
          and(
            eq(b.siteId, siteId),
            eq(b.source, 'BOOKING'),
            inArray(b.sourceId, [...bookingIds]),
            isNotNull(b.expiresAt),
          ),
        );
    },

    /**
     * A page of the busy time some sources wrote (an external calendar's imported events), overlapping
     * [from, to), by start.
     */
    async busyOfSources(
      siteId: string,
      source: string,
      sourceIds: readonly string[],
      window: { from: Date; to: Date; limit: number; offset: number },
      executor: Executor = db,
    ): Promise<Array<{ sourceId: string; staffMemberId: string | null; startDate: Date; endDate: Date }>> {
      if (sourceIds.length === 0) return [];
      const rows = await executor
        .select({
          sourceId: b.sourceId,
          staffMemberId: b.staffMemberId,
          startDate: b.startDate,
          endDate: b.endDate,
        })
        .from(b)
        .where(
          and(
            eq(b.siteId, siteId),
            eq(b.source, source),
            inArray(b.sourceId, [...sourceIds]),
            lt(b.startDate, window.to),
            gt(b.endDate, window.from),
          ),
        )
        .orderBy(asc(b.startDate), asc(b.id))
        .limit(window.limit)
        .offset(window.offset);
      return rows.map((row) => ({ ...row, sourceId: row.sourceId ?? '' }));
    },

    /** Removes the busy time one source wrote (a canceled booking, a re-imported calendar). */
    async deleteBusyBySource(
      siteId: string,
      source: string,
      sourceId: string,
      executor: Executor = db,
    ): Promise<void> {
      await executeRows(
        executor,
        sql`DELETE FROM ${b} WHERE ${b.siteId} = ${siteId} AND ${b.source} = ${source} AND ${b.sourceId} = ${sourceId}`,
      );
    },
  };
}

const ruleColumns = sql`${rs.id} AS id, ${rs.serviceId} AS "serviceId", ${rs.weekday} AS weekday,
  ${rs.startMinute} AS "startMinute", ${rs.durationMinutes} AS "durationMinutes", ${rs.capacity} AS capacity,
  ${rs.staffMemberId} AS "staffMemberId", ${rs.startDate}::text AS "startDate", ${rs.endDate}::text AS "endDate"`;

/** A session's columns but its id (one-off sessions and exceptions name it differently). */
const sessionColumns = sql`${ss.serviceId} AS "serviceId", ${epochMs(ss.startDate)} AS start,
  ${epochMs(ss.endDate)} AS "end", ${ss.capacity} AS capacity, ${ss.staffMemberId} AS "staffMemberId",
  ${ss.cancelled} AS cancelled`;

/** A ledger row that blocks the whole business (no staff member, resource, class session or course). */
const businessWide = sql`(${b.staffMemberId} IS NULL AND ${b.resourceId} IS NULL AND ${b.sessionId} IS NULL AND ${b.scheduleId} IS NULL)`;

/**
 * Ledger rows of the site overlapping `reach`, written as the ledger's GiST index (site, range) is, less
 * the payment holds that expired by `now`.
 */
function busyOverlapping(siteId: string, reach: Interval, now: number) {
  return sql`${b.siteId} = ${siteId}
    AND tstzrange(${b.startDate}, ${b.endDate}, '[)') && tstzrange(${new Date(reach.start)}, ${new Date(reach.end)}, '[)')
    AND (${b.expiresAt} IS NULL OR ${b.expiresAt} > ${new Date(now)})`;
}

/** The service's columns a booking needs (each column read costs a parser on every booking). */
const bookableColumns = {
  id: s.id,
  siteId: s.siteId,
  scheduleId: s.scheduleId,
  type: s.type,
  name: s.name,
  durationMinutes: s.durationMinutes,
  bufferAfterMinutes: s.bufferAfterMinutes,
  bufferBeforeMinutes: s.bufferBeforeMinutes,
  defaultCapacity: s.defaultCapacity,
  staffMemberIds: s.staffMemberIds,
  rateType: s.rateType,
  price: s.price,
  currency: s.currency,
  requireManualApproval: s.requireManualApproval,
  onlineBookingEnabled: s.onlineBookingEnabled,
  formId: s.formId,
  doc: s.doc,
};

/**
 * The select of `findBookableService`, built once per process as a prepared statement (siteId, serviceId
 * and, with the calendar, `at`): it runs for every booking, and building its text with Drizzle each time
 * cost more CPU than the database spends on it.
 */
function bookableServiceQuery(executor: Executor, withCalendar: boolean) {
  const calendar = withCalendar
    ? prefetchedCalendar(sql.placeholder('siteId'), sql.placeholder('at'))
    : undefined;
  return executor
    .select({
      ...(calendar ?? {}),
      row: bookableColumns,
      policyDoc: sql<Record<
        string,
        unknown
      > | null>`(select ${p.doc} from ${p} where ${p.siteId} = ${s.siteId} and ${p.id} = ${s.bookingPolicyId} limit 1)`,
      businessHours: sql<
        ServiceRecord['businessHours']
      >`(select ${settings.businessHours} from ${settings} where ${settings.siteId} = ${s.siteId} limit 1)`,
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

interface CalendarColumns {
  staff: unknown;
  hours: unknown;
  time_off: unknown;
  busy: unknown;
}

function calendarFrom(result: CalendarColumns | undefined): StartCalendarRecord {
  return {
    staff: (parseJson(result?.staff) ?? []) as StartCalendarRecord['staff'],
    hours: (parseJson(result?.hours) ?? []) as StartCalendarRecord['hours'],
    timeOff: (parseJson(result?.time_off) ?? []) as StartCalendarRecord['timeOff'],
    busy: (parseJson(result?.busy) ?? []) as StartCalendarRecord['busy'],
  };
}

/**
 * The four parts of a calendar as scalar JSON subqueries, so they can stand alone or ride along with the
 * service's own select. `staffIn` and `resourceIn` say which holders count (JS values, or the service
 * row's columns); `from` and `to` bound time off and busy time.
 */
function calendarParts(
  siteId: string | SQLWrapper,
  q: {
    staffIn: (column: typeof m.id) => SQL | undefined;
    resourceIn: (column: typeof b.resourceId) => SQL | undefined;
    from: Date | SQL;
    to: Date | SQL;
    extraBusy?: SQL;
  },
) {
  const holderConditions = [
    and(isNull(b.staffMemberId), isNull(b.resourceId)),
    q.staffIn(b.staffMemberId as unknown as typeof m.id),
    q.resourceIn(b.resourceId),
  ];
  return {
    staff: sql`(select coalesce(json_agg(json_build_object('id', ${m.id}, 'name', ${m.name}, 'email', ${m.email},
        'usesDefaultWorkingHours', ${m.usesDefaultWorkingHours})), '[]'::json)
      from ${m} where ${and(eq(m.siteId, siteId), q.staffIn(m.id), isNull(m.deletedDate), eq(m.serviceProvider, true))})`,
    hours: sql`(select coalesce(json_agg(json_build_object('staffMemberId', ${w.staffMemberId}, 'weekday', ${w.weekday},
        'startMinute', ${w.startMinute}, 'endMinute', ${w.endMinute}) order by ${asc(w.weekday)}, ${asc(w.startMinute)}), '[]'::json)
      from ${w} where ${and(eq(w.siteId, siteId), q.staffIn(w.staffMemberId as unknown as typeof m.id))})`,
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
 * The span `prefetchedCalendar` reads around a slot starting at `at`, for a service row, in JS: the
 * service's duration and buffers and a minute more on each side, which covers the engine's reach for one
 * start (`appointmentReach`); the check uses the prefetched calendar only when it does.
 */
function prefetchedReach(
  at: number,
  row: Pick<ServiceRecord, 'durationMinutes' | 'bufferAfterMinutes' | 'bufferBeforeMinutes'>,
): Interval {
  const reach = (row.durationMinutes + row.bufferAfterMinutes + row.bufferBeforeMinutes + 1) * 60_000;
  return { start: at - reach, end: at + reach };
}

/**
 * The calendar parts for the service row being selected: its staff, the resources of its pools, and
 * `prefetchedReach` around the slot (`at`, an ISO instant).
 */
function prefetchedCalendar(siteId: SQLWrapper, at: SQLWrapper) {
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

/** `findBusy`'s statement: the busy time of `holders` and business-wide blocks, grouped per holder. */
function busyGroupsOf(siteId: string, reach: Interval, now: number, holders: SQL) {
  return sql`SELECT ${b.staffMemberId} AS "staffMemberId", ${b.resourceId} AS "resourceId",
                    array_agg(extract(epoch FROM ${b.startDate})) AS starts,
                    array_agg(extract(epoch FROM ${b.endDate})) AS ends
             FROM ${b}
             WHERE ${busyOverlapping(siteId, reach, now)} AND (${holders} OR ${businessWide})
             GROUP BY ${b.staffMemberId}, ${b.resourceId}`;
}

interface BusyGroup {
  staffMemberId: string | null;
  resourceId: string | null;
  starts: unknown;
  ends: unknown;
}

function ungroup(groups: readonly BusyGroup[]): BusyRecord[] {
  const out: BusyRecord[] = [];
  for (const group of groups) {
    const starts = parseSecondsArray(group.starts);
    const ends = parseSecondsArray(group.ends);
    for (let index = 0; index < starts.length; index += 1) {
      out.push({
        staffMemberId: group.staffMemberId,
        resourceId: group.resourceId,
        start: starts[index]!,
        end: ends[index]!,
      });
    }
  }
  return out;
}

/** numeric[] of epoch seconds as either driver returns it (an array, or the text form `{1.5,2}`), in ms. */
function parseSecondsArray(value: unknown): number[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',')
      : [];
  return items.map((item) => Math.round(Number(item) * 1000));
}

export { isUuid };

/** A bound uuid[] parameter; values that are not UUIDs are dropped (they match no row anyway). */
function uuidArray(values: readonly string[]) {
  return sql`${`{${values.filter(isUuid).join(',')}}`}::uuid[]`;
}

export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
