import { bookingsCatalogueErrorCodes } from '@atrium/contract/bookings/services';
import type { Sorting } from '@atrium/contract/query';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { conflict, invalidField, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import { catalogueEvents, type PublishCatalogueEvent } from './catalogue-events.ts';
import { bulkResponse, bulkResults } from '../../platform/bulk/bulk-results.ts';
import type { CatalogueEntitiesRepository } from './catalogue-entities.repository.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import { applyUpdate, expectedRevision, iso } from './catalogue-shared.ts';
import type { CategoryRow, ResourceRow, ResourceTypeRow } from './catalogue.tables.ts';
import type { ServicesRepository } from './services.repository.ts';

type Json = Record<string, unknown>;
interface EntityInput {
  id?: string | null;
  revision?: string | null;
  name?: string | null;
  extendedFields?: unknown;
}

/** Categories v1 carry a status and no revision; deleted categories are gone, so the status is CREATED. */
export function toCategoryV1(row: CategoryRow) {
  return { id: row.id, name: row.name, status: 'CREATED' as const, sortOrder: row.sortOrder };
}

function toWireCategory(row: CategoryRow) {
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    name: row.name,
    sortOrder: row.sortOrder,
    ...(row.extendedFields ? { extendedFields: row.extendedFields } : {}),
  };
}

function toWireResourceType(row: ResourceTypeRow) {
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    name: row.name,
    ...(row.extendedFields ? { extendedFields: row.extendedFields } : {}),
  };
}

function toWireResource(row: ResourceRow) {
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    name: row.name,
    typeId: row.typeId,
    ...(row.locationOptions
      ? { locationOptions: row.locationOptions }
      : { locationOptions: { availableInAllLocations: true } }),
    eventsSchedule: { scheduleId: row.scheduleId },
    ...(row.extendedFields ? { extendedFields: row.extendedFields } : {}),
  };
}

function checkIdMatches(entity: string, given: string | null | undefined, id: string) {
  if (given && given !== id) throw invalidField(`${entity}.id`, `must match the id in the path (${id})`);
}

export function createCatalogueEntitiesService(deps: {
  database: Database;
  entities: CatalogueEntitiesRepository;
  services: ServicesRepository;
  publish: PublishCatalogueEvent;
  queries: QueryRunner;
  /** Deletes the services of a category inside the caller's transaction (Categories v1 `deleteServices`). */
  deleteServicesOfCategory?: (ctx: RequestContext, categoryId: string, tx: Tx) => Promise<void>;
}) {
  const { database, entities, services, publish, queries } = deps;

  /** Renumbers categories 0..n-1 in the given order; only rows whose position changes get a new revision. */
  async function renumber(siteId: string, ordered: readonly CategoryRow[], tx: Tx): Promise<void> {
    for (const [index, row] of ordered.entries())
      await entities.setCategorySortOrder(siteId, row.id, index, tx);
  }

  async function requireCategory(siteId: string, id: string, tx?: Tx): Promise<CategoryRow> {
    const row = await entities.findCategory(siteId, id, tx);
    if (!row) throw notFound('Category', id);
    return row;
  }

  async function removeCategory(ctx: RequestContext, id: string, deleteServices: boolean, tx: Tx) {
    await requireCategory(ctx.site.id, id, tx);
    if (deleteServices) {
      if (!deps.deleteServicesOfCategory) throw new Error('deleteServicesOfCategory is not wired');
      await deps.deleteServicesOfCategory(ctx, id, tx);
    }
    await services.clearCategory(ctx.site.id, id, tx);
    await entities.deleteCategory(ctx.site.id, id, tx);
    await publish(tx, ctx.site.id, catalogueEvents.categoryDeleted, { entityId: id });
  }

  async function checkResourceType(siteId: string, typeId: string, field: string, tx: Tx): Promise<void> {
    if (!(await entities.findResourceType(siteId, typeId, tx)))
      throw invalidField(field, `resource type ${typeId} not found`);
  }

  async function createResource(
    ctx: RequestContext,
    input: EntityInput & { typeId?: string | null; locationOptions?: unknown },
    tx: Tx,
    field = 'resource',
  ) {
    if (!input.name) throw invalidField(`${field}.name`, 'is required', 'REQUIRED_FIELD');
    if (!input.typeId) throw invalidField(`${field}.typeId`, 'is required', 'REQUIRED_FIELD');
    await checkResourceType(ctx.site.id, input.typeId, `${field}.typeId`, tx);
    const row = await entities.insertResource(
      {
        siteId: ctx.site.id,
        name: input.name,
        typeId: input.typeId,
        locationOptions: (input.locationOptions as Json | undefined) ?? null,
        extendedFields: (input.extendedFields as Json | undefined) ?? null,
      },
      tx,
    );
    const wire = toWireResource(row);
    await publish(tx, ctx.site.id, catalogueEvents.resourceCreated, { entity: wire });
    return wire;
  }

  async function updateResource(
    ctx: RequestContext,
    id: string,
    input: EntityInput & { typeId?: string | null; locationOptions?: unknown },
    mask: string[] | undefined,
    tx: Tx,
  ) {
    checkIdMatches('resource', input.id, id);
    const current = await entities.findResource(ctx.site.id, id, tx);
    if (!current) throw notFound('Resource', id);
    const expected = expectedRevision(input.revision, current.revision);
    if (expected !== current.revision) throw staleRevision('Resource', id, expected, current.revision);
    const next = applyUpdate(
      {
        name: current.name,
        typeId: current.typeId,
        locationOptions: current.locationOptions,
        extendedFields: current.extendedFields,
      },
      input as Json,
      mask,
      { updatable: ['name', 'typeId', 'locationOptions', 'extendedFields'], maskField: 'mask' },
    );
    if (!next.name) throw invalidField('resource.name', 'is required', 'REQUIRED_FIELD');
    if (!next.typeId) throw invalidField('resource.typeId', 'is required', 'REQUIRED_FIELD');
    if (next.typeId !== current.typeId)
      await checkResourceType(ctx.site.id, next.typeId as string, 'resource.typeId', tx);
    const row = await entities.updateResourceAtRevision(
      ctx.site.id,
      id,
      expected,
      {
        name: next.name as string,
        typeId: next.typeId as string,
        locationOptions: (next.locationOptions as Json | null | undefined) ?? null,
        extendedFields: (next.extendedFields as Json | null | undefined) ?? null,
      },
      tx,
    );
    if (!row) throw staleRevision('Resource', id, expected, current.revision + 1);
    const wire = toWireResource(row);
    await publish(tx, ctx.site.id, catalogueEvents.resourceUpdated, { entity: wire });
    return wire;
  }

  async function deleteResource(ctx: RequestContext, id: string, tx: Tx) {
    if (!(await entities.deleteResource(ctx.site.id, id, tx))) throw notFound('Resource', id);
    await publish(tx, ctx.site.id, catalogueEvents.resourceDeleted, { entityId: id });
  }

  async function bulk<T>(
    items: readonly T[],
    idOf: (item: T) => string | null,
    work: (item: T, tx: Tx) => Promise<ReturnType<typeof toWireResource> | undefined>,
    returnEntity: boolean,
  ) {
    const results = await bulkResults(
      items,
      (item) => database.transaction((tx) => work(item, tx)),
      (item, entity) => entity?.id ?? idOf(item),
    );
    return bulkResponse(results, returnEntity);
  }

  return {
    // --- categories ---------------------------------------------------------------------------------------
    async createCategory(ctx: RequestContext, input: EntityInput & { sortOrder?: number | null }) {
      if (!input.name) throw invalidField('category.name', 'is required', 'REQUIRED_FIELD');
      return database.transaction(async (tx) => {
        const last = await entities.maxCategorySortOrder(ctx.site.id, tx);
        const row = await entities.insertCategory(
          {
            siteId: ctx.site.id,
            name: input.name!,
            sortOrder: input.sortOrder ?? (last === null ? 0 : last + 1),
            extendedFields: (input.extendedFields as Json | undefined) ?? null,
          },
          tx,
        );
        const wire = toWireCategory(row);
        await publish(tx, ctx.site.id, catalogueEvents.categoryCreated, { entity: wire });
        return wire;
      });
    },

    async getCategory(ctx: RequestContext, id: string) {
      return toWireCategory(await requireCategory(ctx.site.id, id));
    },

    async updateCategory(
      ctx: RequestContext,
      id: string,
      input: EntityInput & { sortOrder?: number | null },
      mask: string[] | undefined,
    ) {
      checkIdMatches('category', input.id, id);
      return database.transaction(async (tx) => {
        const current = await requireCategory(ctx.site.id, id, tx);
        const expected = expectedRevision(input.revision, current.revision);
        if (expected !== current.revision) throw staleRevision('Category', id, expected, current.revision);
        const next = applyUpdate(
          { name: current.name, sortOrder: current.sortOrder, extendedFields: current.extendedFields },
          input as Json,
          mask,
          { updatable: ['name', 'sortOrder', 'extendedFields'], maskField: 'mask' },
        );
        if (!next.name) throw invalidField('category.name', 'is required', 'REQUIRED_FIELD');
        const row = await entities.updateCategoryAtRevision(
          ctx.site.id,
          id,
          expected,
          {
            name: next.name as string,
            sortOrder: (next.sortOrder as number | null | undefined) ?? current.sortOrder,
            extendedFields: (next.extendedFields as Json | null | undefined) ?? null,
          },
          tx,
        );
        if (!row) throw staleRevision('Category', id, expected, current.revision + 1);
        const wire = toWireCategory(row);
        await publish(tx, ctx.site.id, catalogueEvents.categoryUpdated, { entity: wire });
        return wire;
      });
    },

    /** Deleting a category leaves its services without one, or deletes them with `deleteServices`. */
    async deleteCategory(ctx: RequestContext, id: string, options: { deleteServices?: boolean } = {}) {
      await database.transaction(async (tx) => {
        await removeCategory(ctx, id, options.deleteServices ?? false, tx);
      });
    },

    /** Categories v1: several at once, all or none. */
    async deleteCategories(ctx: RequestContext, ids: readonly string[], deleteServices: boolean) {
      await database.transaction(async (tx) => {
        for (const id of new Set(ids)) await removeCategory(ctx, id, deleteServices, tx);
      });
    },

    /** Categories v1: the site's categories in order, or those named. */
    async listCategoriesV1(ctx: RequestContext, ids: readonly string[] | null | undefined) {
      const rows = ids?.length
        ? await entities.findCategories(ctx.site.id, ids)
        : await entities.allCategories(ctx.site.id);
      return rows.map(toCategoryV1);
    },

    async queryCategories(ctx: RequestContext, query: QueryInput) {
      const { rows, pagingMetadata } = await entities.pageCategories(queries, ctx.site.id, query);
      return { categories: rows.map(toWireCategory), pagingMetadata };
    },

    async countCategories(ctx: RequestContext, filter: unknown) {
      return entities.countCategories(ctx.site.id, filter);
    },

    /** Moves a category FIRST, LAST or right AFTER_CATEGORY another, and renumbers the list 0..n-1. */
    async moveCategory(
      ctx: RequestContext,
      id: string,
      position: 'FIRST' | 'LAST' | 'AFTER_CATEGORY',
      afterCategoryId?: string | null,
    ) {
      if (position === 'AFTER_CATEGORY' && !afterCategoryId) {
        throw invalidField(
          'afterCategoryId',
          'is required when the position is AFTER_CATEGORY',
          'REQUIRED_FIELD',
        );
      }
      if (afterCategoryId === id) throw invalidField('afterCategoryId', 'cannot be the category being moved');
      return database.transaction(async (tx) => {
        await requireCategory(ctx.site.id, id, tx);
        const all = await entities.allCategories(ctx.site.id, tx);
        const moving = all.find((row) => row.id === id)!;
        const rest = all.filter((row) => row.id !== id);
        let ordered: CategoryRow[];
        if (position === 'FIRST') ordered = [moving, ...rest];
        else if (position === 'LAST') ordered = [...rest, moving];
        else {
          const index = rest.findIndex((row) => row.id === afterCategoryId);
          if (index < 0) throw invalidField('afterCategoryId', `category ${afterCategoryId} not found`);
          ordered = [...rest.slice(0, index + 1), moving, ...rest.slice(index + 1)];
        }
        await renumber(ctx.site.id, ordered, tx);
        const row = await requireCategory(ctx.site.id, id, tx);
        const wire = toWireCategory(row);
        await publish(tx, ctx.site.id, catalogueEvents.categoryUpdated, { entity: wire });
        return wire;
      });
    },

    // --- resource types -----------------------------------------------------------------------------------
    async createResourceType(ctx: RequestContext, input: EntityInput) {
      if (!input.name) throw invalidField('resourceType.name', 'is required', 'REQUIRED_FIELD');
      return database.transaction(async (tx) => {
        const row = await entities.insertResourceType(
          {
            siteId: ctx.site.id,
            name: input.name!,
            extendedFields: (input.extendedFields as Json | undefined) ?? null,
          },
          tx,
        );
        const wire = toWireResourceType(row);
        await publish(tx, ctx.site.id, catalogueEvents.resourceTypeCreated, { entity: wire });
        return wire;
      });
    },

    async getResourceType(ctx: RequestContext, id: string) {
      const row = await entities.findResourceType(ctx.site.id, id);
      if (!row) throw notFound('Resource type', id);
      return toWireResourceType(row);
    },

    async updateResourceType(
      ctx: RequestContext,
      id: string,
      input: EntityInput,
      mask: string[] | undefined,
    ) {
      checkIdMatches('resourceType', input.id, id);
      return database.transaction(async (tx) => {
        const current = await entities.findResourceType(ctx.site.id, id, tx);
        if (!current) throw notFound('Resource type', id);
        const expected = expectedRevision(input.revision, current.revision);
        if (expected !== current.revision)
          throw staleRevision('Resource type', id, expected, current.revision);
        const next = applyUpdate(
          { name: current.name, extendedFields: current.extendedFields },
          input as Json,
          mask,
          {
            updatable: ['name', 'extendedFields'],
            maskField: 'mask',
          },
        );
        if (!next.name) throw invalidField('resourceType.name', 'is required', 'REQUIRED_FIELD');
        const row = await entities.updateResourceTypeAtRevision(
          ctx.site.id,
          id,
          expected,
          {
            name: next.name as string,
            extendedFields: (next.extendedFields as Json | null | undefined) ?? null,
          },
          tx,
        );
        if (!row) throw staleRevision('Resource type', id, expected, current.revision + 1);
        const wire = toWireResourceType(row);
        await publish(tx, ctx.site.id, catalogueEvents.resourceTypeUpdated, { entity: wire });
        return wire;
      });
    },

    /** A type still used by resources or required by services cannot be deleted. */
    async deleteResourceType(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const current = await entities.findResourceType(ctx.site.id, id, tx);
        if (!current) throw notFound('Resource type', id);
        const resources = await entities.countResourcesOfType(ctx.site.id, id, tx);
        const usingServices = await services.countUsingResourceType(ctx.site.id, id, tx);
        if (resources > 0 || usingServices > 0) {
          throw conflict(
            bookingsCatalogueErrorCodes.resourceTypeInUse,
            `Resource type ${id} still has ${resources} resources and is required by ${usingServices} services`,
            { id, resources, services: usingServices },
          );
        }
        await entities.deleteResourceType(ctx.site.id, id, tx);
        await publish(tx, ctx.site.id, catalogueEvents.resourceTypeDeleted, { entityId: id });
      });
    },

    async queryResourceTypes(ctx: RequestContext, query: QueryInput) {
      const { rows, pagingMetadata } = await entities.pageResourceTypes(queries, ctx.site.id, query);
      return { resourceTypes: rows.map(toWireResourceType), pagingMetadata };
    },

    async countResourceTypes(ctx: RequestContext, filter: unknown) {
      return entities.countResourceTypes(ctx.site.id, filter);
    },

    // --- resources ----------------------------------------------------------------------------------------
    async createResource(
      ctx: RequestContext,
      input: EntityInput & { typeId?: string | null; locationOptions?: unknown },
    ) {
      return database.transaction((tx) => createResource(ctx, input, tx));
    },

    async bulkCreateResources(
      ctx: RequestContext,
      inputs: Array<EntityInput & { typeId?: string | null }>,
      returnEntity: boolean,
    ) {
      return bulk(
        inputs,
        () => null,
        (input, tx) => createResource(ctx, input, tx),
        returnEntity,
      );
    },

    async getResource(ctx: RequestContext, id: string) {
      const row = await entities.findResource(ctx.site.id, id);
      if (!row) throw notFound('Resource', id);
      return toWireResource(row);
    },

    async updateResource(
      ctx: RequestContext,
      id: string,
      input: EntityInput & { typeId?: string | null },
      mask: string[] | undefined,
    ) {
      return database.transaction((tx) => updateResource(ctx, id, input, mask, tx));
    },

    async bulkUpdateResources(
      ctx: RequestContext,
      items: Array<{ resource: EntityInput & { id: string; typeId?: string | null }; mask?: string[] }>,
      returnEntity: boolean,
    ) {
      return bulk(
        items,
        (item) => item.resource.id,
        (item, tx) => updateResource(ctx, item.resource.id, item.resource, item.mask, tx),
        returnEntity,
      );
    },

    async deleteResource(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction((tx) => deleteResource(ctx, id, tx));
    },

    async bulkDeleteResources(ctx: RequestContext, ids: string[]) {
      return bulk(
        ids,
        (id) => id,
        async (id, tx) => {
          await deleteResource(ctx, id, tx);
          return undefined;
        },
        false,
      );
    },

    async queryResources(ctx: RequestContext, query: QueryInput) {
      const { rows, pagingMetadata } = await entities.pageResources(queries, ctx.site.id, query);
      return { resources: rows.map(toWireResource), pagingMetadata };
    },

    /** Search Resources: the query's filter and sort, plus free text on the name (every or any word). */
    async searchResources(
      ctx: RequestContext,
      search: {
        filter?: unknown;
        sort?: readonly Sorting[];
        cursorPaging?: { limit?: number | null; cursor?: string | null };
        search?: { mode?: 'OR' | 'AND'; expression?: string | null };
      },
    ) {
      const text = search.search?.expression
        ? { expression: search.search.expression, mode: search.search.mode ?? 'OR' }
        : null;
      const { rows, pagingMetadata } = await entities.pageResources(
        queries,
        ctx.site.id,
        { filter: search.filter, sort: search.sort, cursorPaging: search.cursorPaging },
        undefined,
        text,
      );
      return { resources: rows.map(toWireResource), pagingMetadata };
    },

    async countResources(ctx: RequestContext, filter: unknown) {
      return entities.countResources(ctx.site.id, filter);
    },
  };
}

export type CatalogueEntitiesService = ReturnType<typeof createCatalogueEntitiesService>;
