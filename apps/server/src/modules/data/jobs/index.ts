import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { BulkItemsService } from '../items-bulk.service.ts';
import type { ItemsCore, ItemsService } from '../items.service.ts';
import { createDataJobsRepository } from './data-jobs.repository.ts';
import { dataJobsRoutes } from './data-jobs.routes.ts';
import { movementJobsRoutes } from './movement-jobs.routes.ts';
import { createDataJobsService } from './data-jobs.service.ts';

/**
 * Import and export jobs of the data module. Needs the bus's jobs; without them (the seed's stand-in bus)
 * there are none, and undefined is returned.
 */
export function createDataJobsModule(deps: {
  database: Database;
  events: Pick<EventBus, 'emit'> & Partial<Pick<EventBus, 'defineJob' | 'schedule'>>;
  log?: FastifyBaseLogger;
  core: ItemsCore;
  items: ItemsService;
  bulk: BulkItemsService;
}) {
  const { defineJob, schedule } = deps.events;
  if (!defineJob || !schedule) return undefined;
  const service = createDataJobsService({
    repository: createDataJobsRepository(deps.database.db),
    core: deps.core,
    items: deps.items,
    bulk: deps.bulk,
    events: {
      defineJob: defineJob.bind(deps.events),
      schedule: schedule.bind(deps.events),
      emit: deps.events.emit.bind(deps.events),
    },
    transaction: (work) => deps.database.transaction(work),
    log: deps.log,
  });
  return {
    service,
    routes: async (app: FastifyInstance) => {
      await app.register(dataJobsRoutes, { jobs: service });
      await app.register(movementJobsRoutes, { jobs: service });
    },
  };
}
