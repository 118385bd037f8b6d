import { weekdays, type Weekday } from '@atrium/contract/bookings/common';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { conflict, invalidField, notFound } from '../../platform/errors/app-error.ts';
import type { RecurringSessionRule } from './availability/availability.types.ts';
import { expandSessions } from './availability/class-sessions.ts';
import { createZoneTimeline, sameWallTime } from './availability/zone-timeline.ts';
import { catalogueEvents, type PublishCatalogueEvent } from './catalogue-events.ts';
import { iso } from './catalogue-shared.ts';
import type { RecurringSessionRow, ServiceRow, SessionRow } from './catalogue.tables.ts';
import type { SchedulesRepository } from './schedules.repository.ts';
import type { ServicesRepository } from './services.repository.ts';
import { scheduleBounds } from './session-bounds.ts';
import type { StaffRepository } from './staff.repository.ts';
import { toLocalTime, toMinutes } from './working-hours.ts';

const maxSessionMinutes = 24 * 60;
const dayMs = 86_400_000;

export function createSchedulesService(deps: {
  database: Database;
  schedules: SchedulesRepository;
  services: ServicesRepository;
  staff: StaffRepository;
  publish: PublishCatalogueEvent;
}) {
  const { database, schedules, services, staff, publish } = deps;

  function toWireRecurring(ctx: RequestContext, row: RecurringSessionRow) {
    return {
      id: row.id,
      serviceId: row.serviceId,
      scheduleId: row.scheduleId,
      weekday: weekdays[row.weekday - 1]!,
      startTime: toLocalTime(row.startMinute),
      durationInMinutes: row.durationMinutes,
      capacity: row.capacity,
      staffMemberId: row.staffMemberId,
      startDate: row.startDate,
      endDate: row.endDate,
      timeZone: ctx.site.timezone,
    };
  }

  function toWireSession(row: SessionRow) {
    return {
      id: row.id,
      serviceId: row.serviceId,
      scheduleId: row.scheduleId,
      startDate: iso(row.startDate),
      endDate: iso(row.endDate),
      capacity: row.capacity,
      staffMemberId: row.staffMemberId,
      ...(row.occurrenceId ? { eventId: row.occurrenceId, cancelled: row.cancelled } : {}),
    };
  }

  /**
   * The occurrence an event id names (`<ruleId>_<YYYYMMDDTHHmmss>` local), expanded exactly as availability
   * expands it, so DST and the rule's dates apply; undefined when the rule has no such occurrence.
   */
  function occurrenceOf(ctx: RequestContext, rule: RecurringSessionRow, eventId: string) {
    const local = /_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(eventId);
    if (!local) return undefined;
    const approx = Date.UTC(+local[1]!, +local[2]! - 1, +local[3]!, +local[4]!, +local[5]!, +local[6]!);
    if (Number.isNaN(approx)) return undefined;
    // Local and UTC wall times differ by at most a day; look two days either side.
    const window = { start: approx - 2 * dayMs, end: approx + 2 * dayMs };
    const timeline = createZoneTimeline(ctx.site.timezone, window.start - dayMs, window.end + dayMs);
    const rules: RecurringSessionRule[] = [
      {
        id: rule.id,
        weekday: weekdays[rule.weekday - 1]!,
        startTime: toLocalTime(rule.startMinute),
        durationMinutes: rule.durationMinutes,
        capacity: rule.capacity,
        staffMemberId: rule.staffMemberId,
        validFrom: rule.startDate,
        validUntil: rule.endDate,
      },
    ];
    return expandSessions(rules, [], rule.capacity, timeline, window).find(
      (session) => session.id === eventId,
    );
  }

  /** Only classes and courses have sessions; appointments get their slots from working hours. */
  async function requireClassService(ctx: RequestContext, serviceId: string, tx: Tx): Promise<ServiceRow> {
    const service = await services.findById(ctx.site.id, serviceId, tx);
    if (!service) throw notFound('Service', serviceId);
    if (service.type === 'APPOINTMENT') {
      throw invalidField(
        'serviceId',
        `service ${serviceId} is an APPOINTMENT: only CLASS and COURSE services have sessions`,
      );
    }
    return service;
  }

  async function checkStaff(
    ctx: RequestContext,
    staffMemberId: string | null | undefined,
    field: string,
    tx: Tx,
  ) {
    if (staffMemberId && !(await staff.findById(ctx.site.id, staffMemberId, tx))) {
      throw invalidField(field, `staff member ${staffMemberId} not found`);
    }
  }

  /** Keeps service.schedule.firstSessionStart / lastSessionEnd in step with the sessions. */
  async function refreshBounds(ctx: RequestContext, service: ServiceRow, tx: Tx): Promise<void> {
    const weekly = await schedules.recurringOf(ctx.site.id, [service.scheduleId], tx);
    const oneOff = await schedules.sessionsOf(ctx.site.id, [service.scheduleId], {}, tx);
    await services.setSessionBounds(
      ctx.site.id,
      service.id,
      // Exceptions to weekly rules are already counted by their rule.
      scheduleBounds(
        weekly,
        oneOff.filter((row) => !row.occurrenceId),
        ctx.site.timezone,
      ),
      tx,
    );
    await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
      serviceId: service.id,
      scheduleId: service.scheduleId,
      reason: 'SESSIONS',
    });
  }

  return {
    /** What a change of the site's time zone touches: the weekly rules, and the one-off sessions still to come. */
    async zoneChangeSummary(ctx: RequestContext) {
      const [weeklyRules, oneOff] = await Promise.all([
        schedules.countRecurring(ctx.site.id),
        schedules.sessionsEndingAfter(ctx.site.id, ctx.now()),
      ]);
      return { weeklyRules, oneOffSessions: oneOff.filter((row) => !row.cancelled).length };
    },

    /**
     * After the site moved from `fromZone` to `ctx.site.timezone`: one-off sessions still to come keep their local
     * times, as weekly rules do by being local, and each class's and course's first and last session are read
     * again. Inside the caller's transaction (the site's own change).
     */
    async keepLocalTimes(ctx: RequestContext, fromZone: string, tx: Tx): Promise<void> {
      for (const row of await schedules.sessionsEndingAfter(ctx.site.id, ctx.now(), tx)) {
        await schedules.setSessionTimes(
          ctx.site.id,
          row.id,
          {
            startDate: sameWallTime(row.startDate, fromZone, ctx.site.timezone),
            endDate: sameWallTime(row.endDate, fromZone, ctx.site.timezone),
          },
          tx,
        );
      }
      for (const service of await services.sessionServices(ctx.site.id, tx))
        await refreshBounds(ctx, service, tx);
    },

    async getSchedule(ctx: RequestContext, serviceId: string) {
      const service = await services.findById(ctx.site.id, serviceId);
      if (!service) throw notFound('Service', serviceId);
      const [weekly, oneOff] = await Promise.all([
        schedules.recurringOf(ctx.site.id, [service.scheduleId]),
        schedules.sessionsOf(ctx.site.id, [service.scheduleId]),
      ]);
      return {
        id: service.scheduleId,
        serviceId,
        timeZone: ctx.site.timezone,
        recurringSessions: weekly.map((row) => toWireRecurring(ctx, row)),
        sessions: oneOff.map(toWireSession),
      };
    },

    async addRecurring(
      ctx: RequestContext,
      serviceId: string,
      input: {
        weekday: Weekday;
        startTime: string;
        durationInMinutes: number;
        capacity?: number;
        staffMemberId?: string | null;
        startDate: string;
        endDate?: string | null;
      },
    ) {
      if (input.endDate && input.endDate < input.startDate) {
        throw invalidField('recurringSession.endDate', 'must not be before the start date');
      }
      const startMinute = toMinutes(input.startTime);
      if (startMinute >= maxSessionMinutes)
        throw invalidField('recurringSession.startTime', 'cannot be 24:00');
      return database.transaction(async (tx) => {
        const service = await requireClassService(ctx, serviceId, tx);
        await checkStaff(ctx, input.staffMemberId, 'recurringSession.staffMemberId', tx);
        const row = await schedules.insertRecurring(
          {
            siteId: ctx.site.id,
            serviceId,
            scheduleId: service.scheduleId,
            weekday: weekdays.indexOf(input.weekday) + 1,
            startMinute,
            durationMinutes: input.durationInMinutes,
            capacity: input.capacity ?? service.defaultCapacity,
            staffMemberId: input.staffMemberId ?? null,
            startDate: input.startDate,
            endDate: input.endDate ?? null,
          },
          tx,
        );
        await refreshBounds(ctx, service, tx);
        return toWireRecurring(ctx, row);
      });
    },

    async deleteRecurring(ctx: RequestContext, serviceId: string, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const service = await requireClassService(ctx, serviceId, tx);
        if (!(await schedules.deleteRecurring(ctx.site.id, serviceId, id, tx)))
          throw notFound('Recurring session', id);
        await refreshBounds(ctx, service, tx);
      });
    },

    async addSession(
      ctx: RequestContext,
      serviceId: string,
      input: { startDate: string; endDate: string; capacity?: number; staffMemberId?: string | null },
    ) {
      const start = new Date(input.startDate);
      const end = new Date(input.endDate);
      if (end.getTime() <= start.getTime())
        throw invalidField('session.endDate', 'must be after the start date');
      if (end.getTime() - start.getTime() > maxSessionMinutes * 60_000)
        throw invalidField('session.endDate', 'a session lasts at most 24 hours');
      return database.transaction(async (tx) => {
        const service = await requireClassService(ctx, serviceId, tx);
        await checkStaff(ctx, input.staffMemberId, 'session.staffMemberId', tx);
        const row = await schedules.insertSession(
          {
            siteId: ctx.site.id,
            serviceId,
            scheduleId: service.scheduleId,
            startDate: start,
            endDate: end,
            capacity: input.capacity ?? service.defaultCapacity,
            staffMemberId: input.staffMemberId ?? null,
          },
          tx,
        );
        await refreshBounds(ctx, service, tx);
        return toWireSession(row);
      });
    },

    /**
     * Cancels one occurrence of a weekly session (its event id, as time slots name it): it is no longer
     * listed or bookable. 409 SESSION_HAS_BOOKINGS while participants are booked on it (cancel them first),
     * 409 SESSION_ALREADY_CANCELLED the second time.
     */
    async cancelOccurrence(ctx: RequestContext, serviceId: string, eventId: string) {
      return database.transaction(async (tx) => {
        const service = await requireClassService(ctx, serviceId, tx);
        const ruleId = eventId.split('_')[0]!;
        const rule = (await schedules.recurringOf(ctx.site.id, [service.scheduleId], tx)).find(
          (candidate) => candidate.id === ruleId,
        );
        const occurrence = rule ? occurrenceOf(ctx, rule, eventId) : undefined;
        if (!occurrence) throw notFound('Session', eventId);
        if (await schedules.findOccurrence(ctx.site.id, eventId, tx)) {
          throw conflict('SESSION_ALREADY_CANCELLED', `Session ${eventId} is already cancelled`, { eventId });
        }
        const participants = await schedules.participantsOfSession(ctx.site.id, eventId, tx);
        if (participants > 0) {
          throw conflict(
            'SESSION_HAS_BOOKINGS',
            `Session ${eventId} has ${participants} booked participant(s): cancel their bookings first`,
            { eventId, participants },
          );
        }
        const row = await schedules.insertSession(
          {
            siteId: ctx.site.id,
            serviceId,
            scheduleId: service.scheduleId,
            startDate: new Date(occurrence.start),
            endDate: new Date(occurrence.end),
            capacity: occurrence.capacity,
            staffMemberId: occurrence.staffMemberId,
            occurrenceId: eventId,
            cancelled: true,
          },
          tx,
        );
        await refreshBounds(ctx, service, tx);
        return toWireSession(row);
      });
    },

    /** Undoes cancelOccurrence: the occurrence takes place again. */
    async restoreOccurrence(ctx: RequestContext, serviceId: string, eventId: string): Promise<void> {
      await database.transaction(async (tx) => {
        const service = await requireClassService(ctx, serviceId, tx);
        const row = await schedules.findOccurrence(ctx.site.id, eventId, tx);
        if (!row || row.serviceId !== serviceId) throw notFound('Cancelled session', eventId);
        await schedules.deleteSession(ctx.site.id, serviceId, row.id, tx);
        await refreshBounds(ctx, service, tx);
      });
    },

    async deleteSession(ctx: RequestContext, serviceId: string, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const service = await requireClassService(ctx, serviceId, tx);
        if (!(await schedules.deleteSession(ctx.site.id, serviceId, id, tx))) throw notFound('Session', id);
        await refreshBounds(ctx, service, tx);
      });
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
