import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  filterWhere,
  type QueryInput,
  type QueryRunner,
  type RunQueryOptions,
} from '../../platform/query/run-query.ts';
import { bookingServiceSlugs, bookingServices, type ServiceRow, type SlugRow } from './catalogue.tables.ts';

export type NewServiceRow = Omit<
  typeof bookingServices.$inferInsert,
  'id' | 'revision' | 'createdDate' | 'updatedDate'
> & {
  id?: string;
};
export type ServiceChanges = Partial<Omit<NewServiceRow, 'siteId' | 'id'>>;

const s = bookingServices;
const mainSlugName = sql`(SELECT ${bookingServiceSlugs.name} FROM ${bookingServiceSlugs} WHERE ${bookingServiceSlugs.serviceId} = ${s.id} ORDER BY ${bookingServiceSlugs.createdDate} DESC, ${bookingServiceSlugs.name} DESC LIMIT 1)`;

/** The service fields a query may filter and sort on (platform.md: a whitelist, never free SQL). */
export const serviceQueryEntity = defineQueryEntity({
  name: 'bookings-services',
  table: s,
  idColumn: s.id,
  fields: {
    id: s.id,
    type: s.type,
    name: s.name,
    description: { expression: sql`(${s.doc} ->> 'description')`, type: 'string' },
    tagLine: { expression: sql`(${s.doc} ->> 'tagLine')`, type: 'string' },
    hidden: s.hidden,
    sortOrder: s.sortOrder,
    defaultCapacity: s.defaultCapacity,
    'category.id': s.categoryId,
    'form.id': s.formId,
    'bookingPolicy.id': s.bookingPolicyId,
    'payment.rateType': s.rateType,
    // numeric: exact in the database, compared and sorted as a number on the wire.
    'payment.fixed.price.value': { column: s.price, type: 'number' },
    'onlineBooking.enabled': s.onlineBookingEnabled,
    'onlineBooking.requireManualApproval': s.requireManualApproval,
    staffMemberIds: s.staffMemberIds,
    'locations.type': { column: s.doc, arrayPath: ['locations'], elementPath: ['type'] },
    'locations.business.id': { column: s.doc, arrayPath: ['locations'], elementPath: ['business', 'id'] },
    'schedule.id': s.scheduleId,
    'schedule.firstSessionStart': s.firstSessionStart,
    'schedule.lastSessionEnd': s.lastSessionEnd,
    'mainSlug.name': { expression: mainSlugName, type: 'string' },
    createdDate: s.createdDate,
    updatedDate: s.updatedDate,
  },
});

/** Fields a VALUE aggregation may group by: a scalar expression or a set (array elements). */
const valueAggregations: Record<string, { select: SQL; lateral?: SQL }> = {
  type: { select: sql`${s.type}` },
  hidden: { select: sql`${s.hidden}::text` },
  'category.id': { select: sql`${s.categoryId}::text` },
  'bookingPolicy.id': { select: sql`${s.bookingPolicyId}::text` },
  'form.id': { select: sql`${s.formId}::text` },
  'payment.rateType': { select: sql`${s.rateType}` },
  'onlineBooking.enabled': { select: sql`${s.onlineBookingEnabled}::text` },
  staffMemberIds: { select: sql`agg.value::text`, lateral: sql`unnest(${s.staffMemberIds}) AS agg(value)` },
  'locations.type': {
    select: sql`agg.value->>'type'`,
    lateral: sql`jsonb_array_elements(coalesce(${s.doc}->'locations', '[]'::jsonb)) AS agg(value)`,
  },
};

const scalarAggregations: Record<string, SQL> = {
  'payment.fixed.price.value': sql`${s.price}`,
  defaultCapacity: sql`${s.defaultCapacity}`,
  sortOrder: sql`${s.sortOrder}`,
};

export function isValueAggregatable(field: string): boolean {
  return field in valueAggregations;
}
export function isScalarAggregatable(field: string): boolean {
  return field in scalarAggregations || field in valueAggregations;
}

function liveIn(siteId: string): SQL {
  return and(eq(s.siteId, siteId), isNull(s.deletedDate))!;
}

export interface ServiceSelection {
  filter?: unknown;
  /** Extra conditions built by the service layer (text search). */
  extra?: SQL;
  /** Where the filter sits in the request (`search.filter`), for the field paths of 400s. */
  filterPath?: string;
  /** An already compiled selection (a query's `where`), used instead of filter and extra. */
  compiled?: SQL;
}

export function createServicesRepository(db: Executor) {
  function where(siteId: string, selection: ServiceSelection = {}): SQL {
    if (selection.compiled) return and(liveIn(siteId), selection.compiled)!;
    const path = (selection.filterPath ?? 'query.filter').split('.');
    return and(liveIn(siteId), filterWhere(serviceQueryEntity, selection.filter, path), selection.extra)!;
  }

  return {
    /** A compiled selection, for callers that page or aggregate over the same services. */
    where,

    /** Builds the text-search condition: every (AND) or any (OR) word in name, tag line or description. */
    textSearch(expression: string, mode: 'AND' | 'OR'): SQL | undefined {
      const words = expression
        .split(/\s+/)
        .map((word) => word.trim())
        .filter(Boolean)
        .slice(0, 10);
      if (words.length === 0) return undefined;
      const parts = words.map((word) => {
        const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        return sql`(${s.name} ILIKE ${pattern} OR coalesce(${s.doc}->>'tagLine', '') ILIKE ${pattern} OR coalesce(${s.doc}->>'description', '') ILIKE ${pattern})`;
      });
      return sql`(${sql.join(parts, mode === 'AND' ? sql` AND ` : sql` OR `)})`;
    },

    async findById(siteId: string, id: string, executor: Executor = db): Promise<ServiceRow | undefined> {
      const [row] = await executor
        .select()
        .from(s)
        .where(and(liveIn(siteId), eq(s.id, id)))
        .limit(1);
      return row;
    },

    /** Also finds deleted services: bookings keep naming the service they were made for. */
    async findByIdIncludingDeleted(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<ServiceRow | undefined> {
      const [row] = await executor
        .select()
        .from(s)
        .where(and(eq(s.siteId, siteId), eq(s.id, id)))
        .limit(1);
      return row;
    },

    async findByIds(siteId: string, ids: readonly string[], executor: Executor = db): Promise<ServiceRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(s)
        .where(and(liveIn(siteId), inArray(s.id, [...ids])));
    },

    async findByScheduleId(
      siteId: string,
      scheduleId: string,
      executor: Executor = db,
    ): Promise<ServiceRow | undefined> {
      const [row] = await executor
        .select()
        .from(s)
        .where(and(eq(s.siteId, siteId), eq(s.scheduleId, scheduleId)))
        .limit(1);
      return row;
    },

    async lockForUpdate(siteId: string, id: string, executor: Executor): Promise<ServiceRow | undefined> {
      const [row] = await executor
        .select()
        .from(s)
        .where(and(liveIn(siteId), eq(s.id, id)))
        .for('update')
        .limit(1);
      return row;
    },

    async insert(values: NewServiceRow, executor: Executor = db): Promise<ServiceRow> {
      const [row] = await executor.insert(s).values(values).returning();
      return row!;
    },

    /** Updates when the revision still matches; undefined when it does not (or the service is gone). */
    async updateAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: ServiceChanges,
      executor: Executor = db,
    ): Promise<ServiceRow | undefined> {
      const [row] = await executor
        .update(s)
        .set({ ...changes, revision: sql`${s.revision} + 1`, updatedDate: sql`now()` })
        .where(and(liveIn(siteId), eq(s.id, id), eq(s.revision, revision)))
        .returning();
      return row;
    },

    async softDelete(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .update(s)
        .set({ deletedDate: sql`now()`, revision: sql`${s.revision} + 1`, updatedDate: sql`now()` })
        .where(and(liveIn(siteId), eq(s.id, id)))
        .returning({ id: s.id });
      if (rows.length > 0)
        await executor.delete(bookingServiceSlugs).where(eq(bookingServiceSlugs.serviceId, id));
      return rows.length > 0;
    },

    /** A page of the site's live services (platform/query); by sortOrder and creation unless sorted. */
    async query(
      queries: QueryRunner,
      siteId: string,
      query: QueryInput,
      options: Pick<RunQueryOptions, 'paging' | 'path' | 'carried'> = {},
      executor: Executor = db,
    ) {
      return queries.run(executor, serviceQueryEntity, query, {
        ...options,
        baseWhere: liveIn(siteId),
        cursorScope: siteId,
        defaultSort: [
          { fieldName: 'sortOrder', order: 'ASC' },
          { fieldName: 'createdDate', order: 'ASC' },
        ],
      });
    },

    async count(siteId: string, selection: ServiceSelection = {}, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(s)
        .where(where(siteId, selection));
      return Number(row?.count ?? 0);
    },

    async listIds(
      siteId: string,
      selection: ServiceSelection,
      limit: number,
      executor: Executor = db,
    ): Promise<string[]> {
      const rows = await executor
        .select({ id: s.id })
        .from(s)
        .where(where(siteId, selection))
        .orderBy(asc(s.createdDate), asc(s.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async valueAggregation(
      siteId: string,
      selection: ServiceSelection,
      fieldPath: string,
      options: { limit: number; sortType: 'COUNT' | 'VALUE'; sortDirection: 'ASC' | 'DESC' },
      executor: Executor = db,
    ): Promise<Array<{ value: string; count: number }>> {
      const spec = valueAggregations[fieldPath]!;
      const from = spec.lateral ? sql`${s} CROSS JOIN LATERAL ${spec.lateral}` : sql`${s}`;
      const orderColumn = options.sortType === 'VALUE' ? sql`value` : sql`count`;
      const direction = options.sortDirection === 'ASC' ? sql`ASC` : sql`DESC`;
      const rows = await executeRows<{ value: string | null; count: number | string }>(
        executor,
        sql`SELECT ${spec.select} AS value, count(*)::int AS count FROM ${from} WHERE ${where(siteId, selection)} GROUP BY 1 ORDER BY ${orderColumn} ${direction}, value ASC LIMIT ${options.limit}`,
      );
      return rows
        .filter((row) => row.value !== null)
        .map((row) => ({ value: String(row.value), count: Number(row.count) }));
    },

    async scalarAggregation(
      siteId: string,
      selection: ServiceSelection,
      fieldPath: string,
      type: 'COUNT_DISTINCT' | 'MIN' | 'MAX',
      executor: Executor = db,
    ): Promise<number | null> {
      if (type === 'COUNT_DISTINCT') {
        const spec = valueAggregations[fieldPath];
        const expr = spec?.select ?? scalarAggregations[fieldPath]!;
        const from = spec?.lateral ? sql`${s} CROSS JOIN LATERAL ${spec.lateral}` : sql`${s}`;
        const [row] = await executeRows<{ value: number | string | null }>(
          executor,
          sql`SELECT count(DISTINCT ${expr})::int AS value FROM ${from} WHERE ${where(siteId, selection)}`,
        );
        return row?.value === null || row?.value === undefined ? 0 : Number(row.value);
      }
      const expr = scalarAggregations[fieldPath]!;
      const fn = type === 'MIN' ? sql`min` : sql`max`;
      const [row] = await executeRows<{ value: number | string | null }>(
        executor,
        sql`SELECT ${fn}(${expr})::float8 AS value FROM ${s} WHERE ${where(siteId, selection)}`,
      );
      return row?.value === null || row?.value === undefined ? null : Number(row.value);
    },

    /** Services connected to each of the given booking policies (first `perPolicy` by name) and their count. */
    async servicesByPolicy(
      siteId: string,
      policyIds: readonly string[],
      executor: Executor = db,
    ): Promise<Map<string, ServiceRow[]>> {
      const map = new Map<string, ServiceRow[]>();
      if (policyIds.length === 0) return map;
      const rows = await executor
        .select()
        .from(s)
        .where(and(liveIn(siteId), inArray(s.bookingPolicyId, [...policyIds])))
        .orderBy(asc(s.sortOrder), asc(s.createdDate));
      for (const row of rows) map.set(row.bookingPolicyId, [...(map.get(row.bookingPolicyId) ?? []), row]);
      return map;
    },

    async formsOfServices(
      siteId: string,
      selection: ServiceSelection,
      executor: Executor = db,
    ): Promise<Array<{ formId: string; services: Array<{ id: string; name: string }> }>> {
      const rows = await executor
        .select({ formId: s.formId, id: s.id, name: s.name })
        .from(s)
        .where(where(siteId, selection))
        .orderBy(asc(s.formId), asc(s.createdDate));
      const byForm = new Map<string, Array<{ id: string; name: string }>>();
      for (const row of rows) {
        if (!row.formId) continue;
        byForm.set(row.formId, [...(byForm.get(row.formId) ?? []), { id: row.id, name: row.name }]);
      }
      return [...byForm.entries()].map(([formId, services]) => ({ formId, services }));
    },

    async locationsOfServices(
      siteId: string,
      selection: ServiceSelection,
      executor: Executor = db,
    ): Promise<unknown[][]> {
      const rows = await executor.select({ doc: s.doc }).from(s).where(where(siteId, selection));
      return rows.map((row) => (Array.isArray(row.doc.locations) ? (row.doc.locations as unknown[]) : []));
    },

    async categoryIdsOfServices(
      siteId: string,
      selection: ServiceSelection,
      executor: Executor = db,
    ): Promise<string[]> {
      const rows = await executor
        .selectDistinct({ categoryId: s.categoryId })
        .from(s)
        .where(and(where(siteId, selection), sql`${s.categoryId} IS NOT NULL`));
      return rows.map((row) => row.categoryId!);
    },

    async servicesOfStaffMember(
      siteId: string,
      staffMemberId: string,
      executor: Executor = db,
    ): Promise<ServiceRow[]> {
      return executor
        .select()
        .from(s)
        .where(and(liveIn(siteId), sql`${staffMemberId}::uuid = ANY(${s.staffMemberIds})`))
        .orderBy(asc(s.sortOrder), asc(s.createdDate));
    },

    /** Adds or removes one staff member on services; each changed service gets a new revision. */
    async setStaffMemberOnServices(
      siteId: string,
      staffMemberId: string,
      serviceIds: readonly string[],
      executor: Executor = db,
    ): Promise<{ added: string[]; removed: string[] }> {
      const ids = [...serviceIds];
      const removed = await executor
        .update(s)
        .set({
          staffMemberIds: sql`array_remove(${s.staffMemberIds}, ${staffMemberId}::uuid)`,
          revision: sql`${s.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(
          and(
            liveIn(siteId),
            sql`${staffMemberId}::uuid = ANY(${s.staffMemberIds})`,
            ids.length ? sql`NOT (${inArray(s.id, ids)})` : undefined,
          ),
        )
        .returning({ id: s.id });
      const added = ids.length
        ? await executor
            .update(s)
            .set({
              staffMemberIds: sql`array_append(${s.staffMemberIds}, ${staffMemberId}::uuid)`,
              revision: sql`${s.revision} + 1`,
              updatedDate: sql`now()`,
            })
            .where(
              and(
                liveIn(siteId),
                inArray(s.id, ids),
                sql`NOT (${staffMemberId}::uuid = ANY(${s.staffMemberIds}))`,
              ),
            )
            .returning({ id: s.id })
        : [];
      return { added: added.map((row) => row.id), removed: removed.map((row) => row.id) };
    },

    /** The site's class and course services (those with sessions), the deleted ones left out. */
    async sessionServices(siteId: string, executor: Executor = db): Promise<ServiceRow[]> {
      return executor
        .select()
        .from(s)
        .where(and(eq(s.siteId, siteId), inArray(s.type, ['CLASS', 'COURSE']), isNull(s.deletedDate)));
    },

    async setSessionBounds(
      siteId: string,
      serviceId: string,
      bounds: { first: Date | null; last: Date | null },
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(s)
        .set({ firstSessionStart: bounds.first, lastSessionEnd: bounds.last })
        .where(and(eq(s.siteId, siteId), eq(s.id, serviceId)));
    },

    async countUsingPolicy(siteId: string, policyId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(s)
        .where(and(liveIn(siteId), eq(s.bookingPolicyId, policyId)));
      return Number(row?.count ?? 0);
    },

    async reassignPolicy(
      siteId: string,
      fromPolicyId: string,
      toPolicyId: string,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(s)
        .set({ bookingPolicyId: toPolicyId, revision: sql`${s.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(s.siteId, siteId), eq(s.bookingPolicyId, fromPolicyId)));
    },

    async clearCategory(siteId: string, categoryId: string, executor: Executor = db): Promise<void> {
      await executor
        .update(s)
        .set({ categoryId: null, revision: sql`${s.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(s.siteId, siteId), eq(s.categoryId, categoryId)));
    },

    async countUsingResourceType(
      siteId: string,
      resourceTypeId: string,
      executor: Executor = db,
    ): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(s)
        .where(
          and(
            liveIn(siteId),
            sql`coalesce(${s.doc}->'serviceResources', '[]'::jsonb) @> ${JSON.stringify([{ resourceType: { id: resourceTypeId } }])}::jsonb`,
          ),
        );
      return Number(row?.count ?? 0);
    },

    // --- slugs -------------------------------------------------------------------------------------------

    async slugsOf(
      siteId: string,
      serviceIds: readonly string[],
      executor: Executor = db,
    ): Promise<SlugRow[]> {
      if (serviceIds.length === 0) return [];
      return executor
        .select()
        .from(bookingServiceSlugs)
        .where(
          and(
            eq(bookingServiceSlugs.siteId, siteId),
            inArray(bookingServiceSlugs.serviceId, [...serviceIds]),
          ),
        )
        .orderBy(asc(bookingServiceSlugs.createdDate), asc(bookingServiceSlugs.name));
    },

    async findSlug(siteId: string, name: string, executor: Executor = db): Promise<SlugRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookingServiceSlugs)
        .where(and(eq(bookingServiceSlugs.siteId, siteId), eq(bookingServiceSlugs.name, name)))
        .limit(1);
      return row;
    },

    async slugNamesStartingWith(siteId: string, prefix: string, executor: Executor = db): Promise<string[]> {
      const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const rows = await executor
        .select({ name: bookingServiceSlugs.name })
        .from(bookingServiceSlugs)
        .where(and(eq(bookingServiceSlugs.siteId, siteId), sql`${bookingServiceSlugs.name} LIKE ${pattern}`));
      return rows.map((row) => row.name);
    },

    /** Adds a slug, or makes an existing slug of the same service its newest (main) one. */
    async upsertSlug(
      slug: { siteId: string; serviceId: string; name: string; custom: boolean; createdDate: Date },
      executor: Executor = db,
    ): Promise<SlugRow | undefined> {
      const [row] = await executor
        .insert(bookingServiceSlugs)
        .values(slug)
        .onConflictDoUpdate({
          target: [bookingServiceSlugs.siteId, bookingServiceSlugs.name],
          set: { custom: slug.custom, createdDate: slug.createdDate },
          setWhere: eq(bookingServiceSlugs.serviceId, slug.serviceId),
        })
        .returning();
      return row;
    },

    async latestSlug(
      siteId: string,
      serviceId: string,
      executor: Executor = db,
    ): Promise<SlugRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookingServiceSlugs)
        .where(and(eq(bookingServiceSlugs.siteId, siteId), eq(bookingServiceSlugs.serviceId, serviceId)))
        .orderBy(desc(bookingServiceSlugs.createdDate), desc(bookingServiceSlugs.name))
        .limit(1);
      return row;
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
