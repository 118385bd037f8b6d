import { randomUUID } from 'node:crypto';
import type { Aggregation, Service, ServiceInput, ServiceLocation } from '@atrium/contract/bookings/services';
import { bookingsCatalogueErrorCodes } from '@atrium/contract/bookings/services';
import type { Sorting } from '@atrium/contract/query';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import {
  badRequest,
  conflict,
  invalidField,
  notFound,
  staleRevision,
} from '../../platform/errors/app-error.ts';
import { catalogueEvents, type PublishCatalogueEvent } from './catalogue-events.ts';
import type { CatalogueEntitiesRepository } from './catalogue-entities.repository.ts';
import {
  cursorPagingOf,
  offsetPagingOf,
  type QueryInput,
  type QueryRunner,
} from '../../platform/query/run-query.ts';
import { applyUpdate, expectedRevision, inSiteCurrency, iso, isPlainObject } from './catalogue-shared.ts';
import type { CategoryRow, PolicyRow, ServiceRow, SlugRow, StaffRow } from './catalogue.tables.ts';
import type { OptionsRepository } from './options.repository.ts';
import type { PoliciesRepository } from './policies.repository.ts';
import { toWirePolicy, type PoliciesService } from './policies.service.ts';
import type { SchedulesRepository } from './schedules.repository.ts';
import {
  isScalarAggregatable,
  isValueAggregatable,
  type ServiceSelection,
  type ServicesRepository,
} from './services.repository.ts';
import type { AddOnsRepository } from './add-ons.repository.ts';
import { nextFreeSlug, normaliseCustomSlug, slugify } from '../../platform/slugs/slugs.ts';
import {
  createServiceRules,
  defaultBookingFormId,
  docKeys,
  rowToState,
  type ServiceState,
} from './service-rules.ts';
import type { Site } from '@atrium/contract/sites';
import { pageOriginFor } from '../../platform/http/site-address.ts';
import { bulkResponse, bulkResults } from '../../platform/bulk/bulk-results.ts';
import { createServiceAddOnGroups } from './service-add-on-groups.ts';
import type { StaffRepository } from './staff.repository.ts';

const updatableFields = [
  'type',
  'sortOrder',
  'name',
  'defaultCapacity',
  'hidden',
  'category',
  'form',
  'bookingPolicy',
  'staffMemberIds',
  ...docKeys,
] as const;

type State = ServiceState;

interface Related {
  categories: Map<string, CategoryRow>;
  policies: Map<string, PolicyRow>;
  slugs: Map<string, SlugRow[]>;
  staff: Map<string, StaffRow>;
}

export interface DeleteOptions {
  preserveFutureSessionsWithParticipants?: boolean;
  participantNotification?: { notifyParticipants?: boolean | null; message?: string | null };
}

export { defaultBookingFormId } from './service-rules.ts';

export function createServicesService(deps: {
  database: Database;
  services: ServicesRepository;
  staff: StaffRepository;
  /** Add-on groups may name only add-ons that exist. */
  addOns: Pick<AddOnsRepository, 'existingIds'>;
  policies: PoliciesRepository;
  policiesService: PoliciesService;
  entities: CatalogueEntitiesRepository;
  options: OptionsRepository;
  schedules: SchedulesRepository;
  publish: PublishCatalogueEvent;
  queries: QueryRunner;
  publicUrl?: string;
}) {
  const { queries } = deps;
  const { database, services, staff, policies, entities, options, schedules, publish } = deps;
  const pagesAt = pageOriginFor(deps.publicUrl);
  const rules = createServiceRules(deps);
  const addOnGroups = createServiceAddOnGroups({ database, services, persist, requireService });

  // --- reading --------------------------------------------------------------------------------------------

  async function loadRelated(
    siteId: string,
    rows: readonly ServiceRow[],
    executor: Executor,
  ): Promise<Related> {
    const categoryIds = [...new Set(rows.map((row) => row.categoryId).filter((id): id is string => !!id))];
    const policyIds = [...new Set(rows.map((row) => row.bookingPolicyId))];
    const staffIds = [...new Set(rows.flatMap((row) => row.staffMemberIds))];
    // One after another: inside a transaction they share one connection, which runs one query at a time.
    const categoryRows = await entities.findCategories(siteId, categoryIds, executor);
    const policyRows = await policies.findByIds(siteId, policyIds, executor);
    const slugRows = await services.slugsOf(
      siteId,
      rows.map((row) => row.id),
      executor,
    );
    const staffRows = await staff.findByIds(siteId, staffIds, executor);
    const slugs = new Map<string, SlugRow[]>();
    for (const slug of slugRows) slugs.set(slug.serviceId, [...(slugs.get(slug.serviceId) ?? []), slug]);
    return {
      categories: new Map(categoryRows.map((row) => [row.id, row])),
      policies: new Map(policyRows.map((row) => [row.id, row])),
      slugs,
      staff: new Map(staffRows.map((row) => [row.id, row])),
    };
  }

  function toWire(row: ServiceRow, related: Related, site: Site): Service {
    const baseUrl = pagesAt(site);
    const doc = row.doc as Record<string, unknown>;
    const slugRows = [...(related.slugs.get(row.id) ?? [])].sort(
      (a, b) => a.createdDate.getTime() - b.createdDate.getTime() || a.name.localeCompare(b.name),
    );
    const main = slugRows[slugRows.length - 1];
    const slugName = main?.name ?? row.id;
    const category = row.categoryId ? related.categories.get(row.categoryId) : undefined;
    const policy = related.policies.get(row.bookingPolicyId);
    const schedule = (doc.schedule ?? {}) as Record<string, unknown>;
    const wire: Record<string, unknown> = {
      ...doc,
      id: row.id,
      type: row.type,
      name: row.name,
      sortOrder: row.sortOrder,
      defaultCapacity: row.defaultCapacity,
      hidden: row.hidden,
      revision: String(row.revision),
      createdDate: iso(row.createdDate),
      updatedDate: iso(row.updatedDate),
      ...(category
        ? { category: { id: category.id, name: category.name, sortOrder: category.sortOrder } }
        : {}),
      ...(row.formId ? { form: { id: row.formId } } : {}),
      ...(policy ? { bookingPolicy: toWirePolicy(policy) } : {}),
      ...(doc.payment ? { payment: inSiteCurrency(doc.payment, site.currency) } : {}),
      locations: (doc.locations as unknown[] | undefined) ?? [],
      schedule: {
        id: row.scheduleId,
        firstSessionStart: row.firstSessionStart ? iso(row.firstSessionStart) : null,
        lastSessionEnd: row.lastSessionEnd ? iso(row.lastSessionEnd) : null,
        availabilityConstraints: schedule.availabilityConstraints,
      },
      staffMemberIds: row.staffMemberIds,
      staffMemberDetails: {
        staffMembers: row.staffMemberIds
          .map((id) => related.staff.get(id))
          .filter((member): member is StaffRow => !!member)
          .map((member) => ({
            staffMemberId: member.id,
            name: member.name,
            ...(member.mainMedia ? { mainMedia: member.mainMedia } : {}),
          })),
      },
      supportedSlugs: slugRows.map((slug) => ({
        name: slug.name,
        custom: slug.custom,
        createdDate: iso(slug.createdDate),
      })),
      ...(main
        ? { mainSlug: { name: main.name, custom: main.custom, createdDate: iso(main.createdDate) } }
        : {}),
      urls: {
        servicePage: `${baseUrl}/service-page/${slugName}`,
        bookingPage: `${baseUrl}/booking-calendar/${slugName}`,
        calendarPage: `${baseUrl}/booking-calendar/${slugName}`,
      },
    };
    return wire as Service;
  }

  async function hydrate(
    site: Site,
    rows: readonly ServiceRow[],
    executor: Executor = database.db,
  ): Promise<Service[]> {
    const related = await loadRelated(site.id, rows, executor);
    return rows.map((row) => toWire(row, related, site));
  }

  async function requireService(
    ctx: RequestContext,
    id: string,
    executor: Executor = database.db,
  ): Promise<ServiceRow> {
    const row = await services.findById(ctx.site.id, id, executor);
    if (!row) throw notFound('Service', id);
    return row;
  }

  // --- writing --------------------------------------------------------------------------------------------

  /** Gives a service the slug of its name (unless a custom slug names it), avoiding taken names. */
  async function addGeneratedSlug(ctx: RequestContext, row: ServiceRow, tx: Tx): Promise<void> {
    const latest = await services.latestSlug(ctx.site.id, row.id, tx);
    if (latest?.custom) return;
    const base = slugify(row.name, 'service');
    if (latest && (latest.name === base || latest.name.startsWith(`${base}-`))) return;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const taken = new Set(await services.slugNamesStartingWith(ctx.site.id, base, tx));
      const name = nextFreeSlug(base, taken);
      const saved = await services.upsertSlug(
        { siteId: ctx.site.id, serviceId: row.id, name, custom: false, createdDate: ctx.now() },
        tx,
      );
      if (saved) return;
    }
    throw conflict(
      bookingsCatalogueErrorCodes.slugAlreadyExists,
      `Could not find a free slug for service ${row.id}`,
    );
  }

  async function insertService(ctx: RequestContext, state: State, tx: Tx): Promise<ServiceRow> {
    const { columns, doc } = await rules.normalise(ctx, state, tx);
    const row = await services.insert({ siteId: ctx.site.id, ...columns, doc }, tx);
    await addGeneratedSlug(ctx, row, tx);
    return row;
  }

  /** Saves a changed state at the revision it was read at; a concurrent change makes it a 409. */
  async function persist(ctx: RequestContext, current: ServiceRow, next: State, tx: Tx): Promise<Service> {
    if (next.type !== current.type)
      throw invalidField('service.type', 'cannot be changed once the service exists');
    const { columns, doc } = await rules.normalise(ctx, next, tx);
    const row = await services.updateAtRevision(
      ctx.site.id,
      current.id,
      current.revision,
      { ...columns, doc },
      tx,
    );
    if (!row) throw staleRevision('Service', current.id, current.revision, current.revision + 1);
    if (row.name !== current.name) await addGeneratedSlug(ctx, row, tx);
    const [wire] = await hydrate(ctx.site, [row], tx);
    await publish(tx, ctx.site.id, catalogueEvents.serviceUpdated, { entity: wire });
    return wire!;
  }

  async function update(
    ctx: RequestContext,
    id: string,
    input: ServiceInput,
    mask: string[] | undefined,
    tx: Tx,
  ): Promise<Service> {
    const current = await services.lockForUpdate(ctx.site.id, id, tx);
    if (!current) throw notFound('Service', id);
    const expected = expectedRevision(input.revision, current.revision);
    if (expected !== current.revision) throw staleRevision('Service', id, expected, current.revision);
    const next = applyUpdate(rowToState(current), input as State, mask, {
      updatable: updatableFields,
      maskField: 'mask',
    });
    return persist(ctx, current, next, tx);
  }

  async function remove(ctx: RequestContext, id: string, options: DeleteOptions, tx: Tx): Promise<void> {
    const deleted = await services.softDelete(ctx.site.id, id, tx);
    if (!deleted) throw notFound('Service', id);
    // Sessions with participants are the bookings lifecycle's concern: it hears the event and cancels
    // (or keeps) the bookings; here the schedule's future sessions go unless the caller keeps them.
    if (!options.preserveFutureSessionsWithParticipants)
      await schedules.dropFutureOf(ctx.site.id, id, ctx.now(), tx);
    await publish(tx, ctx.site.id, catalogueEvents.serviceDeleted, {
      entityId: id,
      preserveFutureSessionsWithParticipants: options.preserveFutureSessionsWithParticipants ?? false,
      participantNotification: options.participantNotification ?? null,
    });
  }

  async function bulk<T>(
    items: readonly T[],
    idOf: (item: T) => string | undefined,
    work: (item: T, tx: Tx) => Promise<Service | undefined>,
    returnEntity: boolean,
  ) {
    const results = await bulkResults(
      items,
      (item) => database.transaction((tx) => work(item, tx)),
      (item, service) => service?.id ?? idOf(item) ?? null,
    );
    return bulkResponse(results, returnEntity);
  }

  const maxByFilter = 1000;

  function serviceSelection(filter: unknown, filterPath: string): ServiceSelection {
    return { filter, filterPath };
  }

  return {
    hydrate,

    async create(ctx: RequestContext, input: ServiceInput): Promise<Service> {
      return database.transaction(async (tx) => {
        const { id: _id, revision: _revision, ...state } = input;
        const row = await insertService(ctx, state as State, tx);
        const [wire] = await hydrate(ctx.site, [row], tx);
        await publish(tx, ctx.site.id, catalogueEvents.serviceCreated, { entity: wire });
        return wire!;
      });
    },

    async bulkCreate(ctx: RequestContext, inputs: ServiceInput[], returnEntity: boolean) {
      return bulk(
        inputs,
        () => undefined,
        async (input, tx) => {
          const { id: _id, revision: _revision, ...state } = input;
          const row = await insertService(ctx, state as State, tx);
          const [wire] = await hydrate(ctx.site, [row], tx);
          await publish(tx, ctx.site.id, catalogueEvents.serviceCreated, { entity: wire });
          return wire;
        },
        returnEntity,
      );
    },

    async get(ctx: RequestContext, id: string): Promise<Service> {
      const [wire] = await hydrate(ctx.site, [await requireService(ctx, id)]);
      return wire!;
    },

    async update(
      ctx: RequestContext,
      id: string,
      input: ServiceInput,
      mask: string[] | undefined,
    ): Promise<Service> {
      if (input.id !== undefined && input.id !== id) {
        throw invalidField('service.id', `must match the service id in the path (${id})`);
      }
      return database.transaction((tx) => update(ctx, id, input, mask, tx));
    },

    async bulkUpdate(
      ctx: RequestContext,
      items: Array<{ service: ServiceInput & { id: string }; mask?: string[] }>,
      returnEntity: boolean,
    ) {
      return bulk(
        items,
        (item) => item.service.id,
        (item, tx) => update(ctx, item.service.id, item.service, item.mask, tx),
        returnEntity,
      );
    },

    /** Runs at once (the catalogue is small); the job id is returned for the contract's clients. */
    async updateByFilter(
      ctx: RequestContext,
      filter: unknown,
      input: ServiceInput,
    ): Promise<{ jobId: string }> {
      const { id: _id, revision: _revision, ...patch } = input;
      const ids = await services.listIds(ctx.site.id, serviceSelection(filter, 'filter'), maxByFilter);
      await database.transaction(async (tx) => {
        for (const id of ids) await update(ctx, id, patch, undefined, tx);
      });
      return { jobId: randomUUID() };
    },

    async delete(ctx: RequestContext, id: string, options: DeleteOptions): Promise<void> {
      await database.transaction((tx) => remove(ctx, id, options, tx));
    },

    async bulkDelete(ctx: RequestContext, ids: string[], options: DeleteOptions) {
      return bulk(
        ids,
        (id) => id,
        async (id, tx) => {
          await remove(ctx, id, options, tx);
          return undefined;
        },
        false,
      );
    },

    /** Deletes the matching services; inside the caller's transaction when `tx` is given. */
    async deleteByFilter(
      ctx: RequestContext,
      filter: unknown,
      options: DeleteOptions,
      tx?: Tx,
    ): Promise<{ jobId: string }> {
      const ids = await services.listIds(ctx.site.id, serviceSelection(filter, 'filter'), maxByFilter, tx);
      const run = async (executor: Tx) => {
        for (const id of ids) await remove(ctx, id, options, executor);
      };
      if (tx) await run(tx);
      else await database.transaction(run);
      return { jobId: randomUUID() };
    },

    async query(ctx: RequestContext, query: QueryInput) {
      const { rows, pagingMetadata } = await services.query(queries, ctx.site.id, query);
      const paging = offsetPagingOf(pagingMetadata);
      return {
        services: await hydrate(ctx.site, rows),
        // The bookings contract's offset metadata has no hasNext.
        pagingMetadata: {
          count: paging.count,
          offset: paging.offset,
          total: paging.total,
          tooManyToCount: paging.tooManyToCount,
        },
      };
    },

    async search(
      ctx: RequestContext,
      search: {
        filter?: unknown;
        sort?: readonly Sorting[];
        cursorPaging?: { limit?: number | null; cursor?: string | null };
        aggregations?: Aggregation[];
        search?: { mode?: 'OR' | 'AND'; expression?: string | null };
      },
    ) {
      // The text search travels in the cursor with the filter, so a next page needs only the cursor.
      const result = await services.query(
        queries,
        ctx.site.id,
        { filter: search.filter, sort: search.sort, cursorPaging: search.cursorPaging },
        {
          paging: 'cursor',
          path: ['search'],
          carried: {
            value: search.search?.expression
              ? { expression: search.search.expression, mode: search.search.mode ?? 'OR' }
              : null,
            where: (value) => {
              const text = value as { expression?: unknown; mode?: unknown } | null;
              if (!text || typeof text.expression !== 'string') return undefined;
              return services.textSearch(text.expression, text.mode === 'AND' ? 'AND' : 'OR');
            },
          },
        },
      );
      const page = result.rows;
      const selection: ServiceSelection = { compiled: result.where };
      const results = [];
      for (const [index, aggregation] of (search.aggregations ?? []).entries()) {
        const type = aggregation.type ?? (aggregation.scalar ? 'SCALAR' : 'VALUE');
        const field = `search.aggregations[${index}].fieldPath`;
        const name = aggregation.name ?? aggregation.fieldPath;
        if (type === 'VALUE') {
          if (!isValueAggregatable(aggregation.fieldPath))
            throw invalidField(field, `cannot aggregate by ${aggregation.fieldPath}`);
          const values = await services.valueAggregation(ctx.site.id, selection, aggregation.fieldPath, {
            limit: aggregation.value?.limit ?? 10,
            sortType: aggregation.value?.sortType ?? 'COUNT',
            sortDirection: aggregation.value?.sortDirection ?? 'DESC',
          });
          results.push({ name, type, fieldPath: aggregation.fieldPath, values: { results: values } });
        } else {
          const scalarType = aggregation.scalar?.type;
          if (!scalarType)
            throw invalidField(`search.aggregations[${index}].scalar.type`, 'is required', 'REQUIRED_FIELD');
          if (
            !isScalarAggregatable(aggregation.fieldPath) ||
            (scalarType !== 'COUNT_DISTINCT' && isValueAggregatable(aggregation.fieldPath))
          ) {
            throw invalidField(field, `cannot compute ${scalarType} of ${aggregation.fieldPath}`);
          }
          const value = await services.scalarAggregation(
            ctx.site.id,
            selection,
            aggregation.fieldPath,
            scalarType,
          );
          results.push({ name, type, fieldPath: aggregation.fieldPath, scalar: { type: scalarType, value } });
        }
      }
      return {
        services: await hydrate(ctx.site, page),
        pagingMetadata: cursorPagingOf(result.pagingMetadata),
        aggregationData: { results },
      };
    },

    async count(ctx: RequestContext, filter: unknown): Promise<number> {
      return services.count(ctx.site.id, serviceSelection(filter, 'filter'));
    },

    async queryPolicies(ctx: RequestContext, query: QueryInput) {
      await deps.policiesService.ensureDefault(ctx.site.id);
      const { rows: page, pagingMetadata } = await policies.query(queries, ctx.site.id, query);
      const byPolicy = await services.servicesByPolicy(
        ctx.site.id,
        page.map((row) => row.id),
      );
      const connectedLimit = 5;
      const connected = [...byPolicy.values()].flatMap((list) => list.slice(0, connectedLimit));
      const wires = new Map((await hydrate(ctx.site, connected)).map((wire) => [wire.id, wire]));
      return {
        bookingPolicies: page.map((row) => {
          const list = byPolicy.get(row.id) ?? [];
          return {
            bookingPolicy: toWirePolicy(row),
            connectedServices: list.slice(0, connectedLimit).map((service) => wires.get(service.id)!),
            totalServiceCount: list.length,
          };
        }),
        pagingMetadata,
      };
    },

    async queryBookingForms(ctx: RequestContext, query: QueryInput) {
      // Forms are filtered by `formId`; the other service fields filter the services that use them.
      const { items: page, pagingMetadata } = await queries.runList(
        query,
        { name: 'bookings-booking-forms', cursorScope: ctx.site.id },
        async (filter) => {
          const renamed = isPlainObject(filter)
            ? Object.fromEntries(
                Object.entries(filter).map(([key, value]) => [key === 'formId' ? 'form.id' : key, value]),
              )
            : filter;
          return services.formsOfServices(ctx.site.id, serviceSelection(renamed, 'query.filter'));
        },
      );
      return {
        bookingForms: page.map((form) => ({
          formDetails: {
            formId: form.formId,
            name: form.formId === defaultBookingFormId ? 'Booking form' : null,
          },
          connectedServices: form.services.slice(0, 5),
          totalServiceCount: form.services.length,
        })),
        pagingMetadata,
        defaultBookingForm: { formDetails: { formId: defaultBookingFormId, name: 'Booking form' } },
      };
    },

    async queryLocations(
      ctx: RequestContext,
      filter: { services?: unknown; businessLocationIds?: string[] } = {},
    ) {
      const lists = await services.locationsOfServices(
        ctx.site.id,
        serviceSelection(filter.services, 'filter.services'),
      );
      const all = lists.flat() as Array<ServiceLocation>;
      const business = new Map<string, (typeof all)[number]>();
      for (const location of all.filter((item) => item.type === 'BUSINESS')) {
        const id = location.business?.id ?? 'default';
        if (filter.businessLocationIds?.length && !filter.businessLocationIds.includes(id)) continue;
        if (!business.has(id)) business.set(id, location);
      }
      return {
        businessLocations: { exists: business.size > 0, locations: [...business.values()] },
        customLocations: { exists: all.some((item) => item.type === 'CUSTOM') },
        customerLocations: { exists: all.some((item) => item.type === 'CUSTOMER') },
      };
    },

    async queryCategories(ctx: RequestContext, filter: { services?: unknown; categoryIds?: string[] } = {}) {
      let ids = await services.categoryIdsOfServices(
        ctx.site.id,
        serviceSelection(filter.services, 'filter.services'),
      );
      if (filter.categoryIds?.length) ids = ids.filter((id) => filter.categoryIds!.includes(id));
      const rows = await entities.findCategories(ctx.site.id, ids);
      return { categories: rows.map((row) => ({ id: row.id, name: row.name, sortOrder: row.sortOrder })) };
    },

    async setLocations(
      ctx: RequestContext,
      id: string,
      request: {
        locations: ServiceInput['locations'];
        removedLocationSessionsAction?: {
          action?: string;
          moveToLocationOptions?: { newLocation?: unknown };
        };
      },
    ): Promise<Service> {
      const action = request.removedLocationSessionsAction;
      if (action?.action === 'MOVE_TO_LOCATION' && !action.moveToLocationOptions?.newLocation) {
        throw invalidField(
          'removedLocationSessionsAction.moveToLocationOptions.newLocation',
          'is required when the action is MOVE_TO_LOCATION',
          'REQUIRED_FIELD',
        );
      }
      if ((request.locations ?? []).length === 0)
        throw invalidField('locations', 'must name at least one location', 'MIN_SIZE');
      return database.transaction((tx) =>
        update(ctx, id, { locations: request.locations }, ['locations'], tx),
      );
    },

    async changePricingPlans(
      ctx: RequestContext,
      id: string,
      planIds: string[],
      change: 'add' | 'remove',
    ): Promise<Service> {
      return database.transaction(async (tx) => {
        const current = await services.lockForUpdate(ctx.site.id, id, tx);
        if (!current) throw notFound('Service', id);
        const state = rowToState(current);
        const payment = { ...((state.payment as State | undefined) ?? {}) };
        const existing = (payment.pricingPlanIds as string[] | undefined) ?? [];
        payment.pricingPlanIds =
          change === 'add'
            ? [...new Set([...existing, ...planIds])]
            : existing.filter((plan) => !planIds.includes(plan));
        return persist(ctx, current, { ...state, payment }, tx);
      });
    },

    async validateSlug(ctx: RequestContext, serviceId: string | undefined, slug: string) {
      const name = normaliseCustomSlug(slug);
      if (!name)
        return { valid: false, slug: null, errors: [bookingsCatalogueErrorCodes.slugIllegalCharacters] };
      const existing = await services.findSlug(ctx.site.id, name);
      if (existing && existing.serviceId !== serviceId) {
        return { valid: false, slug: name, errors: [bookingsCatalogueErrorCodes.slugAlreadyExists] };
      }
      return { valid: true, slug: name, errors: [] };
    },

    async setCustomSlug(ctx: RequestContext, serviceId: string, slug: string) {
      const name = normaliseCustomSlug(slug);
      if (!name) {
        throw badRequest(
          bookingsCatalogueErrorCodes.slugIllegalCharacters,
          `Slug "${slug}" may hold only letters a-z, digits and single hyphens between them`,
          { slug },
        );
      }
      return database.transaction(async (tx) => {
        const current = await services.lockForUpdate(ctx.site.id, serviceId, tx);
        if (!current) throw notFound('Service', serviceId);
        const saved = await services.upsertSlug(
          { siteId: ctx.site.id, serviceId, name, custom: true, createdDate: ctx.now() },
          tx,
        );
        if (!saved) {
          throw conflict(
            bookingsCatalogueErrorCodes.slugAlreadyExists,
            `Slug "${name}" already names another service`,
            { slug: name },
          );
        }
        const row = await services.updateAtRevision(ctx.site.id, serviceId, current.revision, {}, tx);
        const [service] = await hydrate(ctx.site, [row!], tx);
        await publish(tx, ctx.site.id, catalogueEvents.serviceUpdated, { entity: service });
        return {
          slug: { name: saved.name, custom: true, createdDate: iso(saved.createdDate) },
          service: service!,
        };
      });
    },

    /** A copy with the same settings, options and variants and the same schedule (future sessions). */
    async clone(ctx: RequestContext, sourceServiceId: string) {
      return database.transaction(async (tx) => {
        const source = await services.findById(ctx.site.id, sourceServiceId, tx);
        if (!source) throw notFound('Service', sourceServiceId);
        const state = rowToState(source);
        const row = await insertService(ctx, state, tx);
        const errors: Array<'OPTIONS_AND_VARIANTS' | 'FORM'> = [];
        const sourceOptions = await options.findByServiceId(ctx.site.id, source.id, tx);
        if (sourceOptions) {
          const copied = await options.insert(
            {
              siteId: ctx.site.id,
              serviceId: row.id,
              options: sourceOptions.options,
              variants: sourceOptions.variants,
            },
            tx,
          );
          if (!copied) errors.push('OPTIONS_AND_VARIANTS');
        }
        await schedules.copyTo(
          ctx.site.id,
          { serviceId: source.id },
          { serviceId: row.id, scheduleId: row.scheduleId },
          ctx.now(),
          tx,
        );
        await services.setSessionBounds(
          ctx.site.id,
          row.id,
          { first: source.firstSessionStart, last: source.lastSessionEnd },
          tx,
        );
        const fresh = await services.findById(ctx.site.id, row.id, tx);
        const [wire] = await hydrate(ctx.site, [fresh!], tx);
        await publish(tx, ctx.site.id, catalogueEvents.serviceCreated, { entity: wire });
        return { service: wire!, errors };
      });
    },

    // --- add-on groups (kept inside their service) ----------------------------------------------------------

    ...addOnGroups,
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
