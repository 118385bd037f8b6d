import type { FastifyInstance } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import type { Database } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { RateLimiter, RateLimitRule } from '../../../platform/rate-limit/rate-limiter.ts';
import type { SecretSealer } from '../../../platform/secrets/sealing.ts';
import type { AvailabilityRepository } from '../availability/index.ts';
import type { SlotHoldingBookingsOf } from '../lifecycle/index.ts';
import { catalogueEvents } from '../catalogue-events.ts';
import { createStaffRepository } from '../staff.repository.ts';
import type { DashboardUsers } from '../dashboard-users.ts';
import { createExternalCalendarsRepository } from './external-calendars.repository.ts';
import { externalCalendarsRoutes } from './external-calendars.routes.ts';
import {
  createExternalCalendarsService,
  syncJobName,
  type ExternalCalendarsOptions,
} from './external-calendars.service.ts';
import { calendarConnectionsRoutes } from './calendar-connections.routes.ts';
import { createCalendarConnectionsService } from './calendar-connections.service.ts';
import { createIcsFetcher, type IcsFetcher } from './ics-fetcher.ts';
import { addressInSite } from '../../../platform/http/host-site.ts';

/** The calls that fetch and parse a calendar within the request (connecting schedules a fetch at once). */
const fetchingRoutes = new Set([
  'POST /bookings/v2/external-calendars',
  'POST /bookings/v2/external-calendars/:externalCalendarId/sync',
  'POST /bookings/v2/external-calendars/connections::connectByCredentials',
]);

/**
 * External calendars of staff members: ICS URLs whose busy time blocks availability (imported by a job at
 * once and every 15 minutes), and each staff member's private iCal feed of their bookings. Build it while
 * the app is built: it defines its job and cron on the event bus.
 */
export function createExternalCalendarsModule(deps: {
  database: Database;
  events: EventBus;
  /** The availability ledger's writer (`createAvailabilityModule(...).repository`). */
  busy: AvailabilityRepository;
  /** The identity module's dashboard users (a STAFF user manages the calendars of the staff member they are). */
  dashboardUsers: DashboardUsers;
  /** The lifecycle's reader of a staff member's bookings (`createBookingsLifecycleModule(...).slotHoldingBookingsOf`). */
  slotHoldingBookingsOf: SlotHoldingBookingsOf;
  findSite: (siteId: string) => Promise<Site | undefined>;
  publicUrl?: string;
  fetcher?: IcsFetcher;
  /** Let ICS URLs reach loopback and private addresses (tests and local development only). */
  allowPrivateAddresses?: boolean;
  options?: ExternalCalendarsOptions;
  rateLimiter: RateLimiter;
  /** Connections and manual syncs per 10 minutes per client address: each one fetches and parses a file. */
  syncRateLimitPerIp: number;
  /** Seals feed tokens at rest. */
  sealer: SecretSealer;
}) {
  const syncsPerIp: RateLimitRule = {
    name: 'bookings.external-calendars.sync.ip',
    max: deps.syncRateLimitPerIp,
    windowSeconds: 10 * 60,
  };
  const repository = createExternalCalendarsRepository(deps.database.db);
  const staff = createStaffRepository(deps.database.db);
  const service = createExternalCalendarsService({
    database: deps.database,
    repository,
    staff,
    busy: deps.busy,
    dashboardUsers: deps.dashboardUsers,
    slotHoldingBookingsOf: deps.slotHoldingBookingsOf,
    fetcher: deps.fetcher ?? createIcsFetcher({ allowPrivateAddresses: deps.allowPrivateAddresses }),
    allowPrivateAddresses: deps.allowPrivateAddresses ?? false,
    events: deps.events,
    findSite: deps.findSite,
    options: deps.options,
    sealer: deps.sealer,
  });
  const connections = createCalendarConnectionsService({ calendars: service, staff, busy: deps.busy });
  deps.events.defineJob<{ calendarId: string }>(
    syncJobName,
    async (job) => {
      await service.sync(job.siteId, job.data.calendarId);
    },
    // Longer than the fetch time limit, so a run is not retried while it still waits on the remote host.
    { expireInSeconds: 120, retryLimit: 1 },
  );
  deps.events.subscribe<{ entityId?: string }>(
    catalogueEvents.staffMemberDeleted,
    'external-calendars.staff-member-deleted',
    async (event, tx) => {
      if (event.data.entityId) await service.onStaffMemberDeleted(event.siteId, event.data.entityId, tx);
    },
  );
  deps.events.cron('bookings-external-calendars', '*/15 * * * *', async () => {
    await service.scheduleDue();
  });
  return {
    service,
    routes: async (app: FastifyInstance) => {
      app.addHook('preHandler', async (request) => {
        if (fetchingRoutes.has(`${request.method} ${request.routeOptions.url}`)) {
          await deps.rateLimiter.hit(syncsPerIp, addressInSite(request));
        }
      });
      await app.register(externalCalendarsRoutes, { service, publicUrl: deps.publicUrl });
      await app.register(calendarConnectionsRoutes, { service: connections });
    },
  };
}

export type ExternalCalendarsModule = ReturnType<typeof createExternalCalendarsModule>;
