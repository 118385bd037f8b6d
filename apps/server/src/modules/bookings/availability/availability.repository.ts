import { sql } from 'drizzle-orm';
import { executeRows, type Executor } from '../../../platform/db/database.ts';
import type { Interval } from './intervals.ts';
import { bookingBusyTimes, type NewBusyTimeRow } from './availability.tables.ts';

/**
 * The only file of availability that speaks SQL. It reads the catalogue's tables (services, policies,
 * staff, working hours, time off, settings, sessions) and the busy-time ledger, and returns raw rows;
 * availability.loader.ts turns them into the engine's input. A window costs four round trips: services,
 * then staff, busy time and sessions at once.
 */

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

export function createAvailabilityRepository(db: Executor) {
  return {
    /** Services by id (deleted ones left out) with their policy document and the site's business hours. */
    async findServices(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<ServiceRecord[]> {
      if (ids.length === 0) return [];
      return executeRows<ServiceRecord>(
        executor,
        sql`SELECT s.id, s.type, s.name, s.schedule_id AS "scheduleId", s.duration_minutes AS "durationMinutes",
                   s.buffer_after_minutes AS "bufferAfterMinutes", s.buffer_before_minutes AS "bufferBeforeMinutes", s.default_capacity AS "defaultCapacity",
                   s.staff_member_ids::text[] AS "staffMemberIds", s.online_booking_enabled AS "onlineBookingEnabled",
                   s.doc, p.doc AS "policyDoc",
                   (SELECT st.business_hours FROM bookings_settings st WHERE st.site_id = s.site_id) AS "businessHours"
            FROM bookings_services s
            LEFT JOIN bookings_booking_policies p ON p.id = s.booking_policy_id AND p.site_id = s.site_id
            WHERE s.site_id = ${siteId} AND s.id = ANY(${uuidArray(ids)}) AND s.deleted_date IS NULL`,
      );
    },

    async findServiceBySchedule(
      siteId: string,
      scheduleId: string,
      executor: Executor = db,
    ): Promise<string | undefined> {
      const rows = await executeRows<{ id: string }>(
        executor,
        sql`SELECT id FROM bookings_services
            WHERE site_id = ${siteId} AND schedule_id = ${scheduleId}::uuid AND deleted_date IS NULL`,
      );
      return rows[0]?.id;
    },

    async listSessionServiceIds(siteId: string, executor: Executor = db): Promise<string[]> {
      const rows = await executeRows<{ id: string }>(
        executor,
        sql`SELECT id FROM bookings_services
            WHERE site_id = ${siteId} AND type IN ('CLASS', 'COURSE') AND deleted_date IS NULL
            ORDER BY sort_order, created_date LIMIT 100`,
      );
      return rows.map((row) => row.id);
    },

    /** Staff members with their own weekly hours and the time off that overlaps `reach`. */
    async findStaff(
      siteId: string,
      ids: readonly string[],
      reach: Interval,
      executor: Executor = db,
    ): Promise<StaffRecord[]> {
      if (ids.length === 0) return [];
      return executeRows<StaffRecord>(
        executor,
        sql`SELECT m.id, m.name, m.uses_default_working_hours AS "usesDefaultWorkingHours",
                   (SELECT json_agg(json_build_object('weekday', w.weekday, 'startMinute', w.start_minute, 'endMinute', w.end_minute))
                      FROM bookings_staff_working_hours w WHERE w.site_id = m.site_id AND w.staff_member_id = m.id) AS hours,
                   (SELECT json_agg(json_build_object('start', extract(epoch FROM t.start_date) * 1000, 'end', extract(epoch FROM t.end_date) * 1000))
                      FROM bookings_staff_time_off t
                      WHERE t.site_id = m.site_id AND t.staff_member_id = m.id
                        AND t.start_date < ${new Date(reach.end)} AND t.end_date > ${new Date(reach.start)}) AS "timeOff"
            FROM bookings_staff_members m
            WHERE m.site_id = ${siteId} AND m.id = ANY(${uuidArray(ids)})`,
      );
    },

    /** The staff members who give any of the services, found through the services' staff lists. */
    async findStaffOfServices(
      siteId: string,
      serviceIds: readonly string[],
      reach: Interval,
      executor: Executor = db,
    ): Promise<StaffRecord[]> {
      return executeRows<StaffRecord>(
        executor,
        sql`SELECT m.id, m.name, m.uses_default_working_hours AS "usesDefaultWorkingHours",
                   (SELECT json_agg(json_build_object('weekday', w.weekday, 'startMinute', w.start_minute, 'endMinute', w.end_minute))
                      FROM bookings_staff_working_hours w WHERE w.site_id = m.site_id AND w.staff_member_id = m.id) AS hours,
                   (SELECT json_agg(json_build_object('start', extract(epoch FROM t.start_date) * 1000, 'end', extract(epoch FROM t.end_date) * 1000))
                      FROM bookings_staff_time_off t
                      WHERE t.site_id = m.site_id AND t.staff_member_id = m.id
                        AND t.start_date < ${new Date(reach.end)} AND t.end_date > ${new Date(reach.start)}) AS "timeOff"
            FROM bookings_staff_members m
            WHERE m.site_id = ${siteId}
              AND m.id IN (SELECT unnest(s.staff_member_ids) FROM bookings_services s
                           WHERE s.site_id = ${siteId} AND s.id = ANY(${uuidArray(serviceIds)}))`,
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
        sql`SELECT id, name, type_id AS "typeId" FROM bookings_resources
            WHERE site_id = ${siteId} AND id = ANY(${uuidArray(ids)})`,
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
      const groups = await executeRows<{
        staffMemberId: string | null;
        resourceId: string | null;
        starts: number[];
        ends: number[];
      }>(
        executor,
        sql`SELECT staff_member_id AS "staffMemberId", resource_id AS "resourceId",
                   array_agg(extract(epoch FROM start_date)) AS starts,
                   array_agg(extract(epoch FROM end_date)) AS ends
            FROM bookings_busy_times
            WHERE site_id = ${siteId}
              AND tstzrange(start_date, end_date, '[)') && tstzrange(${new Date(reach.start)}, ${new Date(reach.end)}, '[)')
              AND (expires_at IS NULL OR expires_at > ${new Date(now)})
              AND (staff_member_id = ANY(${uuidArray(staffMemberIds)})
                   OR resource_id = ANY(${uuidArray(resourceIds)})
                   OR (staff_member_id IS NULL AND resource_id IS NULL AND session_id IS NULL AND schedule_id IS NULL))
            GROUP BY staff_member_id, resource_id`,
      );
      return ungroup(groups);
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
      const groups = await executeRows<BusyGroup>(
        executor,
        sql`SELECT staff_member_id AS "staffMemberId", resource_id AS "resourceId",
                   array_agg(extract(epoch FROM start_date)) AS starts,
                   array_agg(extract(epoch FROM end_date)) AS ends
            FROM bookings_busy_times
            WHERE site_id = ${siteId}
              AND tstzrange(start_date, end_date, '[)') && tstzrange(${new Date(reach.start)}, ${new Date(reach.end)}, '[)')
              AND (expires_at IS NULL OR expires_at > ${new Date(now)})
              AND (staff_member_id IN (SELECT unnest(s.staff_member_ids) FROM bookings_services s
                                       WHERE s.site_id = ${siteId} AND s.id = ANY(${uuidArray(serviceIds)}))
                   OR (staff_member_id IS NULL AND resource_id IS NULL AND session_id IS NULL AND schedule_id IS NULL))
            GROUP BY staff_member_id, resource_id`,
      );
      return ungroup(groups);
    },

    async findRules(
      siteId: string,
      serviceIds: readonly string[],
      executor: Executor = db,
    ): Promise<RuleRecord[]> {
      return executeRows<RuleRecord>(
        executor,
        sql`SELECT id, service_id AS "serviceId", weekday, start_minute AS "startMinute",
                   duration_minutes AS "durationMinutes", capacity, staff_member_id AS "staffMemberId",
                   start_date::text AS "startDate", end_date::text AS "endDate"
            FROM bookings_recurring_sessions
            WHERE site_id = ${siteId} AND service_id = ANY(${uuidArray(serviceIds)})`,
      );
    },

    async findRuleById(siteId: string, id: string, executor: Executor = db): Promise<RuleRecord | undefined> {
      const rows = await executeRows<RuleRecord>(
        executor,
        sql`SELECT id, service_id AS "serviceId", weekday, start_minute AS "startMinute",
                   duration_minutes AS "durationMinutes", capacity, staff_member_id AS "staffMemberId",
                   start_date::text AS "startDate", end_date::text AS "endDate"
            FROM bookings_recurring_sessions WHERE site_id = ${siteId} AND id = ${id}::uuid`,
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
        sql`SELECT id, service_id AS "serviceId", (extract(epoch FROM start_date) * 1000)::float8 AS start, (extract(epoch FROM end_date) * 1000)::float8 AS "end", capacity,
                   staff_member_id AS "staffMemberId", cancelled
            FROM bookings_sessions WHERE site_id = ${siteId} AND id = ${id}::uuid AND NOT cancelled`,
      );
      return rows[0];
    },

    /** One-off sessions in `reach` (or all of them for courses, which need their first session). */
    async findSessions(
      siteId: string,
      serviceIds: readonly string[],
      reach: Interval | null,
      executor: Executor = db,
    ): Promise<SessionRecord[]> {
      const inWindow = reach
        ? sql`AND start_date < ${new Date(reach.end)} AND end_date > ${new Date(reach.start)}`
        : sql``;
      return executeRows<SessionRecord>(
        executor,
        sql`SELECT coalesce(occurrence_id, id::text) AS id, service_id AS "serviceId", (extract(epoch FROM start_date) * 1000)::float8 AS start, (extract(epoch FROM end_date) * 1000)::float8 AS "end", capacity,
                   staff_member_id AS "staffMemberId", cancelled
            FROM bookings_sessions
            WHERE site_id = ${siteId} AND service_id = ANY(${uuidArray(serviceIds)}) ${inWindow}
            ORDER BY start_date`,
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
        sql`SELECT session_id AS "sessionId", sum(participants)::int AS participants
            FROM bookings_busy_times
            WHERE site_id = ${siteId} AND session_id IS NOT NULL AND source = 'BOOKING'
              AND (expires_at IS NULL OR expires_at > ${new Date(now)})
              AND tstzrange(start_date, end_date, '[)') && tstzrange(${new Date(reach.start)}, ${new Date(reach.end)}, '[)')
            GROUP BY session_id`,
      );
      return new Map(rows.map((row) => [row.sessionId, Number(row.participants)]));
    },

    /**
     * Participants on the waiting list per class session (lifecycle bookings in WAITING_LIST, keyed by the
     * session id they wait for), or per course schedule under the schedule id.
     */
    async waitlistedOf(siteId: string, scheduleIds: readonly string[], executor: Executor = db) {
      if (scheduleIds.length === 0) return new Map<string, number>();
      const rows = await executeRows<{ key: string; participants: number }>(
        executor,
        sql`SELECT coalesce(session_key, schedule_id::text) AS key, sum(total_participants)::int AS participants
            FROM bookings_bookings
            WHERE site_id = ${siteId} AND schedule_id = ANY(${uuidArray(scheduleIds)}) AND status = 'WAITING_LIST'
            GROUP BY 1`,
      );
      return new Map(rows.map((row) => [row.key, Number(row.participants)]));
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
        sql`SELECT schedule_id::text AS "scheduleId", sum(participants)::int AS participants
            FROM bookings_busy_times
            WHERE site_id = ${siteId} AND schedule_id = ANY(${uuidArray(scheduleIds)}) AND source = 'BOOKING'
              AND (expires_at IS NULL OR expires_at > ${new Date(now)})
            GROUP BY schedule_id`,
      );
      return new Map(rows.map((row) => [row.scheduleId, Number(row.participants)]));
    },

    /** Writes busy time (bookings, blocked time, imported external events) in the caller's transaction. */
    async insertBusy(rows: readonly NewBusyTimeRow[], executor: Executor = db): Promise<void> {
      if (rows.length === 0) return;
      await executor.insert(bookingBusyTimes).values([...rows]);
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
        sql`DELETE FROM bookings_busy_times WHERE site_id = ${siteId} AND source = ${source} AND source_id = ${sourceId}`,
      );
    },
  };
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** A bound uuid[] parameter; values that are not UUIDs are dropped (they match no row anyway). */
function uuidArray(values: readonly string[]) {
  return sql`${`{${values.filter(isUuid).join(',')}}`}::uuid[]`;
}

export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
