import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { createAvailabilityRepository } from './availability.repository.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { createAvailabilityService } from './availability.service.ts';

/** Availability of the bookings module: wire into buildApp with `await app.register(availability.routes)`. */
export function createAvailabilityModule(deps: { database: Database }) {
  const repository = createAvailabilityRepository(deps.database.db);
  const service = createAvailabilityService({ repository });
  return {
    service,
    /** Other parts of bookings write busy time (bookings, blocked time, external calendars) through this. */
    repository,
    routes: async (app: FastifyInstance) => app.register(availabilityRoutes, { service }),
  };
}
