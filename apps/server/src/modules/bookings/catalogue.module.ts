import { createAddOnsRepository } from './add-ons.repository.ts';
import { addOnsRoutes } from './add-ons.routes.ts';
import { createAddOnsService } from './add-ons.service.ts';
import { staffExtrasRoutes } from './staff-extras.routes.ts';
import { createStaffExtrasService } from './staff-extras.service.ts';
import { createStaffTrashBinService } from './staff-trash-bin.service.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import { createQueryRunner, type QueryRunner } from '../../platform/query/run-query.ts';
import { loadOrCreateSecret } from '../../platform/secrets/secrets.ts';
import { secretSealerFor } from '../../platform/secrets/sealing.ts';
import { createCatalogueEntitiesRepository } from './catalogue-entities.repository.ts';
import { catalogueEntitiesRoutes } from './catalogue-entities.routes.ts';
import { createCatalogueEntitiesService } from './catalogue-entities.service.ts';
import { createCatalogueEventPublisher } from './catalogue-events.ts';
import { createOptionsRepository } from './options.repository.ts';
import { optionsRoutes } from './options.routes.ts';
import { createOptionsService } from './options.service.ts';
import { createPoliciesRepository } from './policies.repository.ts';
import { policiesRoutes } from './policies.routes.ts';
import { createPoliciesService } from './policies.service.ts';
import { createSchedulesRepository } from './schedules.repository.ts';
import { schedulesRoutes } from './schedules.routes.ts';
import { createSchedulesService } from './schedules.service.ts';
import { createServicesRepository } from './services.repository.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService } from './services.service.ts';
import { createStaffRepository } from './staff.repository.ts';
import { staffRoutes } from './staff.routes.ts';
import { createStaffService } from './staff.service.ts';
import type { DashboardUsers } from './dashboard-users.ts';

/**
 * The bookings catalogue, one part of the bookings module (index.ts): services, add-on groups, categories,
 * resources, staff, policies, options and variants, pricing and class schedules. The availability engine
 * and the bookings lifecycle read it through availability's repository (availability/index.ts), one
 * statement per question, not through these services.
 */
export function createBookingsCatalogueModule(deps: {
  database: Database;
  config: Config;
  events?: EventBus;
  /** The app's query engine; code without an app (the seed CLI, tests) gets one that loads the key itself. */
  queries?: QueryRunner;
  /** The identity module's dashboard users (a staff member is the user with their email). */
  dashboardUsers: DashboardUsers;
}) {
  const { database } = deps;
  const queries =
    deps.queries ??
    createQueryRunner({
      cursorKey: () => loadOrCreateSecret(database, 'cursor', secretSealerFor(deps.config)),
    });
  const db = database.db;
  const publish = createCatalogueEventPublisher(deps.events);
  const repositories = {
    services: createServicesRepository(db),
    staff: createStaffRepository(db),
    policies: createPoliciesRepository(db),
    entities: createCatalogueEntitiesRepository(db),
    options: createOptionsRepository(db),
    schedules: createSchedulesRepository(db),
    addOns: createAddOnsRepository(db),
  };
  const policiesService = createPoliciesService({
    database,
    policies: repositories.policies,
    services: repositories.services,
    publish,
    queries,
  });
  const servicesService = createServicesService({
    database,
    ...repositories,
    policiesService,
    publish,
    queries,
    publicUrl: deps.config.PUBLIC_URL,
  });
  const staffService = createStaffService({
    database,
    staff: repositories.staff,
    services: repositories.services,
    publish,
    queries,
    dashboardUsers: deps.dashboardUsers,
  });
  const entitiesService = createCatalogueEntitiesService({
    database,
    entities: repositories.entities,
    services: repositories.services,
    publish,
    queries,
    deleteServicesOfCategory: async (ctx, categoryId, tx) => {
      await servicesService.deleteByFilter(ctx, { 'category.id': categoryId }, {}, tx);
    },
  });
  const optionsService = createOptionsService({
    database,
    options: repositories.options,
    services: repositories.services,
    publish,
    queries,
  });
  const schedulesService = createSchedulesService({
    database,
    schedules: repositories.schedules,
    services: repositories.services,
    staff: repositories.staff,
    publish,
  });
  const addOnsService = createAddOnsService({ database, addOns: repositories.addOns, queries });
  const staffTrashBin = createStaffTrashBinService({
    database,
    staff: repositories.staff,
    services: repositories.services,
    staffService,
    publish,
  });
  // Once a day, in the small hours (UTC): staff deleted more than the retention period ago go for good.
  deps.events?.cron('bookings-staff-trash-bin-purge', '23 3 * * *', async () => {
    await staffTrashBin.purgeExpired(new Date());
  });
  return {
    services: servicesService,
    addOns: addOnsService,
    staff: staffService,
    staffTrashBin,
    policies: policiesService,
    entities: entitiesService,
    options: optionsService,
    schedules: schedulesService,
    routes: async (app: FastifyInstance) => {
      await app.register(servicesRoutes, { service: servicesService });
      await app.register(staffRoutes, { service: staffService });
      await app.register(policiesRoutes, { service: policiesService });
      await app.register(catalogueEntitiesRoutes, { service: entitiesService });
      await app.register(optionsRoutes, { service: optionsService });
      await app.register(schedulesRoutes, { service: schedulesService });
      await app.register(addOnsRoutes, { service: addOnsService });
      await app.register(staffExtrasRoutes, {
        service: createStaffExtrasService({ staff: staffService, dashboardUsers: deps.dashboardUsers }),
        trashBin: staffTrashBin,
      });
    },
  };
}

export type BookingsCatalogueModule = ReturnType<typeof createBookingsCatalogueModule>;
