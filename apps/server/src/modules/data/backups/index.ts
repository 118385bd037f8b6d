import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import { createBackupsRepository } from './backups.repository.ts';
import { backupsRoutes } from './backups.routes.ts';
import { createBackupsService } from './backups.service.ts';

/** Backups and restorations of a site's collections; needs the bus's jobs (undefined without them). */
export function createBackupsModule(deps: {
  database: Database;
  events: Partial<Pick<EventBus, 'defineJob' | 'schedule' | 'cron'>>;
  log?: FastifyBaseLogger;
  autoBackups: boolean;
}) {
  const { defineJob, schedule, cron } = deps.events;
  if (!defineJob || !schedule || !cron) return undefined;
  const service = createBackupsService({
    database: deps.database,
    repository: createBackupsRepository(deps.database.db),
    events: {
      defineJob: defineJob.bind(deps.events),
      schedule: schedule.bind(deps.events),
      cron: cron.bind(deps.events),
    },
    log: deps.log,
    autoBackups: deps.autoBackups,
  });
  return {
    service,
    routes: async (app: FastifyInstance) => app.register(backupsRoutes, { backups: service }),
  };
}
