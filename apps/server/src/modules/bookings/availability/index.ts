import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../platform/config.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { RateLimiter, RateLimitRule } from '../../../platform/rate-limit/rate-limiter.ts';
import { createAvailabilityRepository } from './availability.repository.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { createAvailabilityService, type WaitlistedOf } from './availability.service.ts';
import { addressInSite } from '../../../platform/http/host-site.ts';

// What the other parts of bookings call: the lifecycle checks a requested start with the engine and
// writes a booking's busy time through the repository; external calendars write imported busy time.
export {
  bookingBusyRows,
  createAvailabilityRepository,
  type AvailabilityRepository,
  type BookingBusyEntry,
} from './availability.repository.ts';
export { policyViolations, violatesPolicy } from './booking-policy.ts';
export type { PolicyViolations } from './availability.types.ts';
export type { NewBusyTimeRow } from './availability.tables.ts';
export {
  createStartCheck,
  type AppointmentCheck,
  type BookableService,
  type CheckedStaff,
  type CompletePolicy,
  type StartCheck,
} from './start-check.ts';
export type { WaitlistedOf };

/** Availability of the bookings module: wire into buildApp with `await app.register(availability.routes)`. */
export function createAvailabilityModule(deps: {
  database: Database;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'AVAILABILITY_RATE_LIMIT_PER_IP'>;
  /** The lifecycle's waiting lists, shown on class and course slots. */
  waitlistedOf: WaitlistedOf;
}) {
  const repository = createAvailabilityRepository(deps.database.db);
  const service = createAvailabilityService({ repository, waitlistedOf: deps.waitlistedOf });
  // Every availability query computes slots over the catalogue and the busy ledger: the most expensive
  // public reads, so each client address gets a traffic-sized budget (README, "Limits").
  const perIp: RateLimitRule = {
    name: 'bookings.availability.ip',
    max: deps.config.AVAILABILITY_RATE_LIMIT_PER_IP,
    windowSeconds: 60,
  };
  return {
    service,
    /** Other parts of bookings write busy time (bookings, blocked time, external calendars) through this. */
    repository,
    routes: async (app: FastifyInstance) => {
      app.addHook('onRequest', (request) => deps.rateLimiter.hit(perIp, addressInSite(request)));
      await app.register(availabilityRoutes, { service });
    },
  };
}
