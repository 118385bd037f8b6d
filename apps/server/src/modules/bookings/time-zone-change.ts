import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { BookingsService } from './lifecycle/bookings.service.ts';
import type { SchedulesService } from './schedules.service.ts';

/**
 * A change of the site's time zone, as the official platform makes it: schedules keep their local wall-clock
 * times (weekly rules are local already; one-off sessions are moved to match), every booking of a session still
 * to come moves with its session, and appointments keep their moment. No booking is left at a time its session
 * no longer has.
 */
export function createTimeZoneChange(deps: { schedules: SchedulesService; bookings: BookingsService }) {
  return {
    /** What the change to `timeZone` would touch, for the owner to read before saving. */
    async preview(ctx: RequestContext, timeZone: string) {
      const [summary, sessionBookings, appointments] = await Promise.all([
        deps.schedules.zoneChangeSummary(ctx),
        deps.bookings.liveBookingsToCome(ctx, 'session'),
        deps.bookings.liveBookingsToCome(ctx, 'appointment'),
      ]);
      return {
        timeZone,
        weeklySessionRules: summary.weeklyRules,
        oneOffSessions: summary.oneOffSessions,
        sessionBookings: sessionBookings.length,
        appointments: appointments.length,
      };
    },

    /** Inside the site's change: `ctx.site` is the site as changed, `fromZone` its zone before. */
    async apply(ctx: RequestContext, fromZone: string, tx: Tx): Promise<void> {
      if (fromZone === ctx.site.timezone) return;
      await deps.schedules.keepLocalTimes(ctx, fromZone, tx);
      await deps.bookings.followZoneChange(ctx, fromZone, tx);
    },
  };
}

export type TimeZoneChange = ReturnType<typeof createTimeZoneChange>;
