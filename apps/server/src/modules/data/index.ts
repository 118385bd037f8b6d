import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { collectionSchemaRoutes } from './collection-schema.routes.ts';
import { createCollectionSchemaService } from './collection-schema.service.ts';
import { createCollectionsService } from './collections.service.ts';
import { dataRoutes } from './data.routes.ts';
import { createDataRepository } from './data.repository.ts';
import { createIndexUpkeep } from './index-upkeep.ts';
import { createIndexesRepository } from './indexes.repository.ts';
import { createIndexesService } from './indexes.service.ts';
import { createItemsAnalyticsRepository } from './items-analytics.repository.ts';
import { createAnalyticsService } from './items-analytics.service.ts';
import { createBulkItemsService } from './items-bulk.service.ts';
import { createItemsCore, createItemsService } from './items.service.ts';
import { createBackupsModule } from './backups/index.ts';
import { createDataJobsModule } from './jobs/index.ts';
import { createTasksModule } from './tasks/index.ts';
import { createPermissionsRepository } from './permissions.repository.ts';
import { createExternalConnectionsRepository } from './external/external-connections.repository.ts';
import { externalConnectionsRoutes } from './external/external-connections.routes.ts';
import { createExternalConnectionsService } from './external/external-connections.service.ts';
import { createExternalItems, type ExternalItems } from './external/external-items.ts';
import { createAdapterClient } from './external/adapter-client.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { permissionsRoutes } from './permissions.routes.ts';
import { createPermissionsService } from './permissions.service.ts';

/** Data collections: schemas, items, queries, aggregation, search, references, bulk calls and indexes. */
export function createDataModule(deps: {
  database: Database;
  /** With `defineJob` and `schedule` (the app's bus), import/export jobs are available too. */
  events: Pick<EventBus, 'emit'> & Partial<Pick<EventBus, 'defineJob' | 'schedule' | 'cron'>>;
  queries: QueryRunner;
  log?: FastifyBaseLogger;
  /** Seals the secrets of external database connections; without it there are none (the seed). */
  sealer?: SecretSealer;
  /**
   * Let external database adapters be on loopback and private addresses (`WEBHOOKS_ALLOW_PRIVATE_ADDRESSES`,
   * tests and local development; refused in production). Off: such endpoints are refused (SSRF).
   */
  allowPrivateAddresses?: boolean;
  /** The daily automatic backups (`DATA_AUTO_BACKUPS`); on unless false. */
  autoBackups?: boolean;
  /** The smallest user index read as a skip scan (`DATA_SKIP_SCAN_MIN_INDEX_BYTES`); the engine's default if absent. */
  skipScanMinIndexBytes?: number;
}) {
  const repository = createDataRepository(deps.database.db);
  // Collections and indexes need each other (deleting a collection drops its indexes), hence the late binding.
  const late: {
    indexes?: ReturnType<typeof createIndexesService>;
    backups?: NonNullable<ReturnType<typeof createBackupsModule>>['service'];
    external?: ExternalItems;
  } = {};
  const collections = createCollectionsService({
    database: deps.database,
    repository,
    dropCollectionIndexes: (siteId, collectionId) => late.indexes!.dropAll(siteId, collectionId),
    keepDeleted: (siteId, collectionId, tx) =>
      late.backups?.keepDeleted(siteId, collectionId, tx) ?? Promise.resolve(),
  });
  const indexes = createIndexesService({
    repository,
    rowChanges: deps.database.rowChanges,
    indexesRepository: createIndexesRepository(deps.database),
    collections,
    log: deps.log,
  });
  late.indexes = indexes;
  const upkeep = createIndexUpkeep({ repository, events: deps.events, log: deps.log });
  const itemDeps = {
    // Late: the connections are built below, with the sealer.
    external: {
      adapterFor: async (...args: Parameters<ExternalItems['adapterFor']>) =>
        late.external ? late.external.adapterFor(...args) : undefined,
    },
    database: deps.database,
    repository,
    collections,
    events: deps.events,
    queries: deps.queries,
    upkeep,
    orderedIndexes: indexes.orderedIndexes,
    skipScanMinIndexBytes: deps.skipScanMinIndexBytes,
  };
  const core = createItemsCore(itemDeps);
  const services = {
    collections,
    indexes,
    items: createItemsService(itemDeps, core),
    bulk: createBulkItemsService(itemDeps, core),
    analytics: createAnalyticsService(
      { ...itemDeps, analyticsRepository: createItemsAnalyticsRepository(deps.database.db) },
      core,
    ),
  };
  const jobs = createDataJobsModule({
    database: deps.database,
    events: deps.events,
    log: deps.log,
    core,
    ...services,
  });
  const backups = createBackupsModule({
    database: deps.database,
    events: deps.events,
    log: deps.log,
    autoBackups: deps.autoBackups ?? true,
  });
  late.backups = backups?.service;
  const permissions = createPermissionsService({
    database: deps.database,
    repository: createPermissionsRepository(deps.database.db),
    collections,
  });
  const callAdapter = createAdapterClient({ allowPrivateAddresses: deps.allowPrivateAddresses ?? false });
  const connections = deps.sealer
    ? createExternalConnectionsService({
        repository: createExternalConnectionsRepository(deps.database.db),
        sealer: deps.sealer,
        callAdapter,
        allowPrivateAddresses: deps.allowPrivateAddresses ?? false,
      })
    : undefined;
  if (connections) late.external = createExternalItems({ connections, callAdapter });
  const tasks = createTasksModule({
    database: deps.database,
    events: deps.events,
    items: services.items,
    bulk: services.bulk,
    log: deps.log,
  });
  const schema = createCollectionSchemaService({
    collections,
    restoreDeleted: backups
      ? (ctx, collectionId) => backups.service.restoreDeleted(ctx, collectionId)
      : undefined,
  });
  return {
    ...services,
    jobs: jobs?.service,
    backups: backups?.service,
    tasks: tasks?.service,
    routes: async (app: FastifyInstance) => {
      await app.register(dataRoutes, services);
      await app.register(collectionSchemaRoutes, { schema });
      await app.register(permissionsRoutes, { permissions });
      if (connections) await app.register(externalConnectionsRoutes, { connections });
      if (jobs) await app.register(jobs.routes);
      if (backups) await app.register(backups.routes);
      if (tasks) await app.register(tasks.routes);
    },
  };
}

export type DataModule = ReturnType<typeof createDataModule>;
