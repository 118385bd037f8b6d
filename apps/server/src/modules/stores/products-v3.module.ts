import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/database.ts';
import { createCollectionsRepository } from './collections.repository.ts';
import { createInventoryItemsV3Repository } from './inventory-items-v3.repository.ts';
import { inventoryItemsV3Routes } from './inventory-items-v3.routes.ts';
import { createInventoryItemsV3Service } from './inventory-items-v3.service.ts';
import { createProductsV3BulkService } from './products-v3-bulk.service.ts';
import { createProductsV3Repository } from './products-v3.repository.ts';
import { productsV3Routes } from './products-v3.routes.ts';
import { createProductsV3Service } from './products-v3.service.ts';
import type { ProductsCore, ProductsServiceDeps } from './products.service.ts';
import type { AssignedProductsCounter } from './v3-entities-shared.ts';

/**
 * How many products use each customization and info section, for the v3 entities' `assignedProductsCount`
 * and their delete rules (a customization a product uses cannot be deleted).
 */
export function productsV3Counters(db: Executor): {
  customizations: AssignedProductsCounter;
  infoSections: AssignedProductsCounter;
} {
  const v3 = createProductsV3Repository(db);
  return {
    customizations: (siteId, ids, executor) => v3.countByCustomization(siteId, ids, executor),
    infoSections: (siteId, ids, executor) => v3.countByInfoSection(siteId, ids, executor),
  };
}

/**
 * Catalog v3 products and inventory items over the same rows as v1: their services and routes. Options
 * and modifiers connect to customizations, info sections to info sections, through the connections both
 * views share (`deps.connections`), inside the product write's transaction.
 */
export function createProductsV3Part(deps: ProductsServiceDeps & { core: ProductsCore }) {
  const db = deps.database.db;
  const v3 = createProductsV3Repository(db);
  const inventoryItems = createInventoryItemsV3Service({
    database: deps.database,
    repository: deps.repository,
    items: createInventoryItemsV3Repository(db),
    holds: deps.holds,
    queries: deps.queries,
    publish: deps.publish,
  });
  const productDeps = { ...deps, v3, inventory: inventoryItems };
  const products = createProductsV3Service(productDeps);
  const bulkService = createProductsV3BulkService(
    { ...productDeps, collections: createCollectionsRepository(db) },
    products,
  );
  return {
    products,
    inventoryItems,
    routes: async (app: FastifyInstance) => {
      await app.register(productsV3Routes, { products, bulkService });
      await app.register(inventoryItemsV3Routes, { service: inventoryItems });
    },
  };
}
