import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import type { Config } from '../../platform/config.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { createAvailabilityModule } from './availability/index.ts';
import { createBookingsCatalogueModule } from './catalogue.module.ts';
import { createExternalCalendarsModule } from './external-calendars/index.ts';
import { createBookingsLifecycleModule } from './lifecycle/index.ts';
import { createTimeZoneChange } from './time-zone-change.ts';
import { timeZoneChangeRoutes } from './time-zone-change.routes.ts';
import type { DashboardUsers } from './dashboard-users.ts';

// Tools that only need the catalogue (the demo seed) build that part alone.
export { createBookingsCatalogueModule, type BookingsCatalogueModule } from './catalogue.module.ts';
// Commerce registers the bookings catalog provider (`catalog` below) under this app id.
export { bookingsAppId } from './lifecycle/bookings-catalog-provider.ts';
export type { DashboardUsers } from './dashboard-users.ts';

/**
 * The bookings module: its catalogue, availability engine, bookings lifecycle and external calendars, built
 * as parts of one module. Build it while the app is built: its parts define jobs and crons on the bus.
 */
export function createBookingsModule(deps: {
  database: Database;
  config: Config;
  events: EventBus;
  queries: QueryRunner;
  mail: MailService;
  /** Traffic limits (booking creation, availability, calendar syncs), counted per process. */
  rateLimiter: RateLimiter;
  /** A site by id; `executor` reads it inside the caller's transaction (commerce's calls). */
  findSite: (siteId: string, executor?: Executor) => Promise<Site | undefined>;
  log: FastifyBaseLogger;
  sealer: SecretSealer;
  /** The identity module's dashboard users (staff self-service, staff calendars). */
  dashboardUsers: DashboardUsers;
}) {
  const { database, config, events, rateLimiter, findSite } = deps;
  const catalogue = createBookingsCatalogueModule({
    database,
    config,
    events,
    queries: deps.queries,
    dashboardUsers: deps.dashboardUsers,
  });
  const lifecycle = createBookingsLifecycleModule({
    database,
    events,
    mail: deps.mail,
    reminderLeadMinutes: config.BOOKINGS_REMINDER_LEAD_MINUTES,
    findSite,
    rateLimiter,
    config,
    log: deps.log,
    serviceOf: (ctx, serviceId) => catalogue.services.get(ctx, serviceId),
    sealer: deps.sealer,
  });
  const availability = createAvailabilityModule({
    database,
    rateLimiter,
    config,
    waitlistedOf: lifecycle.waitlistedOf,
  });
  const externalCalendars = createExternalCalendarsModule({
    database,
    events,
    busy: availability.repository,
    dashboardUsers: deps.dashboardUsers,
    slotHoldingBookingsOf: lifecycle.slotHoldingBookingsOf,
    findSite,
    publicUrl: config.PUBLIC_URL,
    allowPrivateAddresses: config.BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES,
    rateLimiter,
    syncRateLimitPerIp: config.BOOKINGS_ICS_SYNC_RATE_LIMIT_PER_IP,
    sealer: deps.sealer,
  });

  const timeZoneChange = createTimeZoneChange({
    schedules: catalogue.schedules,
    bookings: lifecycle.bookings,
  });

  return {
    catalogue,
    lifecycle,
    /** Follows a change of the site's time zone (the composition root hands it to the sites module). */
    timeZoneChange,
    availability,
    externalCalendars,
    /** The catalog provider commerce sells bookings through (`bookingsAppId`). */
    catalog: lifecycle.catalog,
    /** Timed work the tests run at a clock of their own instead of waiting for the cron. */
    timed: {
      sendDueReminders: (now: Date) => lifecycle.bookings.sendDueReminders(now),
      expirePaymentHolds: (now: Date) => lifecycle.bookings.expireDueHolds(now),
      purgeStaffTrashBin: (now: Date) => catalogue.staffTrashBin.purgeExpired(now),
      sentSms: lifecycle.sentSms,
    },
    routes: async (app: FastifyInstance) => {
      await app.register(catalogue.routes);
      await app.register(lifecycle.routes);
      await app.register(availability.routes);
      await app.register(externalCalendars.routes);
      await app.register(timeZoneChangeRoutes, { change: timeZoneChange });
    },
  };
}

export type BookingsModule = ReturnType<typeof createBookingsModule>;
