import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { BulkItemsService } from '../items-bulk.service.ts';
import type { ItemsService } from '../items.service.ts';
import { createTasksRepository } from './tasks.repository.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { createTasksService } from './tasks.service.ts';

/** Tasks over the items of a collection; needs the bus's jobs (undefined without them). */
export function createTasksModule(deps: {
  database: Database;
  events: Partial<Pick<EventBus, 'defineJob' | 'schedule'>>;
  items: ItemsService;
  bulk: BulkItemsService;
  log?: FastifyBaseLogger;
}) {
  const { defineJob, schedule } = deps.events;
  if (!defineJob || !schedule) return undefined;
  const service = createTasksService({
    database: deps.database,
    repository: createTasksRepository(deps.database.db),
    items: deps.items,
    bulk: deps.bulk,
    events: { defineJob: defineJob.bind(deps.events), schedule: schedule.bind(deps.events) },
    log: deps.log,
  });
  return { service, routes: async (app: FastifyInstance) => app.register(tasksRoutes, { tasks: service }) };
}
