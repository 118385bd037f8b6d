import { weekdays, type Weekday } from '@atrium/contract/bookings/common';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { invalidField, notFound } from '../../platform/errors/app-error.ts';
import { catalogEvents, type PublishCatalogEvent } from './catalog-events.ts';
import { iso } from './catalog-shared.ts';
import type { RecurringSessionRow, ServiceRow, SessionRow } from './catalog.tables.ts';
import type { SchedulesRepository } from './schedules.repository.ts';
import type { ServicesRepository } from './services.repository.ts';
import { scheduleBounds } from './session-bounds.ts';
import type { StaffRepository } from './staff.repository.ts';
import { toLocalTime, toMinutes } from './working-hours.ts';

const maxSessionMinutes = 24 * 60;

export function createSchedulesService(deps: {
  database: Database;
  schedules: SchedulesRepository;
  services: ServicesRepository;
  staff: StaffRepository;
  publish: PublishCatalogEvent;
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
    };
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
      scheduleBounds(weekly, oneOff, ctx.site.timezone),
      tx,
    );
    await publish(tx, ctx.site.id, catalogEvents.availabilityInputsChanged, {
      serviceId: service.id,
      scheduleId: service.scheduleId,
      reason: 'SESSIONS',
    });
  }

  return {
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
