import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { createOperatorAuthenticator } from './operator-authenticator.ts';
import { createSitesRepository } from './sites.repository.ts';
import { createSitesService } from './sites.service.ts';
import { operatorSitesRoutes, sitesRoutes } from './sites.routes.ts';

export function createSitesModule(deps: { database: Database; config: Config }) {
  const repository = createSitesRepository(deps.database.db);
  const service = createSitesService({ database: deps.database, repository, config: deps.config });
  return {
    service,
    operatorAuthenticator: createOperatorAuthenticator(service),
    /** `clientIdOf`: a site's OAuth client id (identity owns clients), shown to the operator. */
    routes: (clientIdOf: (siteId: string) => Promise<string>) => async (app: FastifyInstance) => {
      await app.register(sitesRoutes, { service });
      await app.register(operatorSitesRoutes, { service, clientIdOf });
    },
  };
}
