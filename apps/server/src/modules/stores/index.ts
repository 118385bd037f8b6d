import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { createStoresEventPublisher } from './stores-events.ts';

export { storesEvents, type StoresEventName } from './stores-events.ts';

export interface StoresModuleDeps {
  database: Database;
  events: Pick<EventBus, 'emit'>;
  queries: QueryRunner;
  holds: HoldsService;
}

/**
 * The store catalog: products (v1 and v3 views of one catalog), variants, collections, brands, ribbons,
 * customizations, info sections and inventory, whose stock is a capacity of the platform's holds.
 */
export function createStoresModule(deps: StoresModuleDeps) {
  const publish = createStoresEventPublisher(deps.events);
  const parts: Array<(app: FastifyInstance) => Promise<void>> = [];
  void publish;
  return {
    routes: async (app: FastifyInstance) => {
      for (const part of parts) await part(app);
    },
  };
}

export type StoresModule = ReturnType<typeof createStoresModule>;
