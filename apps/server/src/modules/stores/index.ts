import type { FastifyInstance } from 'fastify';
import { readSideBySide, type Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import type { Site } from '@atrium/contract/sites';
import { createStoresCatalogProvider } from './catalog-provider.ts';
import { createCollectionsRepository } from './collections.repository.ts';
import { collectionsRoutes } from './collections.routes.ts';
import { createCollectionsService } from './collections.service.ts';
import { createCustomizationsRepository } from './customizations.repository.ts';
import { createInfoSectionsRepository } from './info-sections.repository.ts';
import { inventoryV1Routes } from './inventory-v1.routes.ts';
import { createInventoryService } from './inventory.service.ts';
import type { ProductLabels } from './product-aggregates.ts';
import { createProductConnections } from './product-connections.ts';
import { createFiguresUpkeep } from './product-figures.ts';
import { createProductVariantsService } from './product-variants.service.ts';
import { productsV1Routes } from './products-v1.routes.ts';
import { createProductsRepository } from './products.repository.ts';
import { createProductsCore } from './products.service.ts';
import { createProductsV3Part, productsV3Counters } from './products-v3.module.ts';
import { createProductsV3Repository } from './products-v3.repository.ts';
import { createStoreVariantsService } from './store-variants.service.ts';
import { createStoresEventPublisher } from './stores-events.ts';
import { createV3EntitiesPart } from './v3-entities.module.ts';

export { storesEvents, type StoresEventName } from './stores-events.ts';
export { storesAppId } from './catalog-provider.ts';

export interface StoresModuleDeps {
  database: Database;
  events: Pick<EventBus, 'emit'>;
  queries: QueryRunner;
  holds: HoldsService;
  findSite: (siteId: string) => Promise<Pick<Site, 'currency'> | undefined>;
}

/**
 * The store catalog: products (v1 and v3 views of one catalog), variants, collections, brands, ribbons,
 * customizations, info sections and inventory, whose stock is a capacity of the platform's holds.
 */
export function createStoresModule(deps: StoresModuleDeps) {
  const { database, queries, holds } = deps;
  const publish = createStoresEventPublisher(deps.events);
  // Brands, ribbons, customizations, info sections: `brands.getOrCreateByName(siteId, name, tx)`, `namesByIds`.
  const v3Entities = createV3EntitiesPart({
    database,
    queries,
    publish,
    assignedProducts: productsV3Counters(database.db),
  });
  const labels: ProductLabels = {
    brandIdFor: async (tx, siteId, name) => (await v3Entities.brands.getOrCreateByName(siteId, name, tx)).id,
    ribbonIdFor: async (tx, siteId, name) =>
      (await v3Entities.ribbons.getOrCreateByName(siteId, name, tx)).id,
    namesOf: async (siteId, ids, executor) => {
      const [brands, ribbons] = await readSideBySide(
        executor,
        () => v3Entities.brands.namesByIds(siteId, ids.brandIds, executor),
        () => v3Entities.ribbons.namesByIds(siteId, ids.ribbonIds, executor),
      );
      return { brands, ribbons };
    },
  };
  const repository = createProductsRepository(database.db);
  const connections = createProductConnections({
    customizations: createCustomizationsRepository(database.db),
    infoSections: createInfoSectionsRepository(database.db),
    labels,
    queries,
    publish,
  });
  const v3Repository = createProductsV3Repository(database.db);
  const productDeps = {
    database,
    repository,
    holds,
    labels,
    queries,
    publish,
    connections,
    infoSectionsByIds: v3Repository.infoSectionsByIds,
  };
  const core = createProductsCore(productDeps);
  const variants = createProductVariantsService(productDeps, core);
  const storeVariants = createStoreVariantsService(productDeps, core);
  const collections = createCollectionsService({
    database,
    collections: createCollectionsRepository(database.db),
    products: repository,
    queries,
    publish,
  });
  const inventory = createInventoryService({ database, repository, holds, queries, core, publish });
  // Catalog v3 products and inventory items: the same rows read and written through the v3 wire.
  const v3Products = createProductsV3Part({ ...productDeps, core });
  const catalog = createStoresCatalogProvider({
    repository,
    holds,
    labels,
    findCurrency: async (siteId) => (await deps.findSite(siteId))?.currency ?? 'USD',
  });
  return {
    /** The provider commerce calls for store products (describe, hold, commit, restock). */
    catalog,
    /** The kept per-product figures of list pages: `drain()` now, or `start(ms, log)` in a worker. */
    figures: createFiguresUpkeep({ database, repository, holds }),
    products: core,
    variants,
    collections,
    inventory,
    brands: v3Entities.brands,
    ribbons: v3Entities.ribbons,
    customizations: v3Entities.customizations,
    infoSections: v3Entities.infoSections,
    productsV3: v3Products.products,
    inventoryItemsV3: v3Products.inventoryItems,
    routes: async (app: FastifyInstance) => {
      await app.register(productsV1Routes, { core, variants, storeVariants });
      await app.register(collectionsRoutes, { service: collections });
      await app.register(inventoryV1Routes, { service: inventory });
      await v3Entities.routes(app);
      await v3Products.routes(app);
    },
  };
}

export type StoresModule = ReturnType<typeof createStoresModule>;
