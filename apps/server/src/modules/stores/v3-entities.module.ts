import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { createCustomizationsRepository } from './customizations.repository.ts';
import { customizationsRoutes } from './customizations.routes.ts';
import { createCustomizationsService } from './customizations.service.ts';
import { createInfoSectionsRepository } from './info-sections.repository.ts';
import { infoSectionsRoutes } from './info-sections.routes.ts';
import { createInfoSectionsService } from './info-sections.service.ts';
import { createLabelsRepository } from './labels.repository.ts';
import { labelsRoutes } from './labels.routes.ts';
import { createLabelsService } from './labels.service.ts';
import type { PublishStoresEvent } from './stores-events.ts';
import type { AssignedProductsCounter } from './v3-entities-shared.ts';

/**
 * The catalog v3 entities products refer to: brands, ribbons, customizations and info sections, with
 * their routes. Products count their own uses of customizations and info sections (`assignedProducts`).
 */
export function createV3EntitiesPart(deps: {
  database: Database;
  queries: QueryRunner;
  publish: PublishStoresEvent;
  assignedProducts?: { customizations?: AssignedProductsCounter; infoSections?: AssignedProductsCounter };
}) {
  const { database, queries, publish } = deps;
  const db = database.db;
  const label = (kind: 'brand' | 'ribbon') =>
    createLabelsService({ kind, database, labels: createLabelsRepository(db, kind), publish, queries });
  const brands = label('brand');
  const ribbons = label('ribbon');
  const customizations = createCustomizationsService({
    database,
    customizations: createCustomizationsRepository(db),
    publish,
    queries,
    countAssignedProducts: deps.assignedProducts?.customizations,
  });
  const infoSections = createInfoSectionsService({
    database,
    infoSections: createInfoSectionsRepository(db),
    publish,
    queries,
    countAssignedProducts: deps.assignedProducts?.infoSections,
  });
  return {
    brands,
    ribbons,
    customizations,
    infoSections,
    routes: async (app: FastifyInstance) => {
      await app.register(labelsRoutes, { brands, ribbons });
      await app.register(customizationsRoutes, { service: customizations });
      await app.register(infoSectionsRoutes, { service: infoSections });
    },
  };
}

export type V3EntitiesPart = ReturnType<typeof createV3EntitiesPart>;
