import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { createSitesRepository } from './sites.repository.ts';
import { createSitesService } from './sites.service.ts';
import { sitesRoutes } from './sites.routes.ts';

export function createSitesModule(deps: { database: Database; config: Config }) {
  const repository = createSitesRepository(deps.database.db);
  const service = createSitesService({ repository, config: deps.config });
  return {
    service,
    routes: async (app: FastifyInstance) => app.register(sitesRoutes, { service }),
  };
}
