import type { BookingPolicy, BookingPolicyInput } from '@atrium/contract/bookings/policies';
import { bookingsCatalogueErrorCodes } from '@atrium/contract/bookings/services';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { conflict, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import { completePolicy, defaultPolicyDoc, strictestPolicy, type PolicyDoc } from './booking-policy-rules.ts';
import { catalogueEvents, type PublishCatalogueEvent } from './catalogue-events.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import { applyUpdate, expectedRevision, iso } from './catalogue-shared.ts';
import type { PolicyRow } from './catalogue.tables.ts';
import type { PoliciesRepository } from './policies.repository.ts';
import type { ServicesRepository } from './services.repository.ts';

const policyParts = [
  'customPolicyDescription',
  'limitEarlyBookingPolicy',
  'limitLateBookingPolicy',
  'bookAfterStartPolicy',
  'cancellationPolicy',
  'reschedulePolicy',
  'waitlistPolicy',
  'participantsPolicy',
  'resourcesPolicy',
  'cancellationFeePolicy',
  'saveCreditCardPolicy',
  'extendedFields',
] as const;
const updatable = ['name', ...policyParts] as const;

export function toWirePolicy(row: PolicyRow): BookingPolicy {
  return {
    id: row.id,
    name: row.name,
    default: row.isDefault,
    ...completePolicy(row.doc as PolicyDoc),
    revision: String(row.revision),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

function docOf(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    policyParts.filter((part) => input[part] !== undefined).map((part) => [part, input[part]]),
  );
}

export function createPoliciesService(deps: {
  database: Database;
  policies: PoliciesRepository;
  services: ServicesRepository;
  publish: PublishCatalogueEvent;
  queries: QueryRunner;
}) {
  const { database, policies, services, publish, queries } = deps;

  async function ensureDefault(siteId: string, executor: Executor = database.db): Promise<PolicyRow> {
    const existing = await policies.findDefault(siteId, executor);
    if (existing) return existing;
    return policies.insertDefaultIfMissing(
      siteId,
      { name: 'Default policy', doc: defaultPolicyDoc() },
      executor,
    );
  }

  async function get(ctx: RequestContext, id: string): Promise<PolicyRow> {
    const row = await policies.findById(ctx.site.id, id);
    if (!row) throw notFound('Booking policy', id);
    return row;
  }

  return {
    ensureDefault,

    async create(ctx: RequestContext, input: BookingPolicyInput): Promise<BookingPolicy> {
      return database.transaction(async (tx) => {
        await ensureDefault(ctx.site.id, tx);
        const row = await policies.insert(
          { siteId: ctx.site.id, name: input.name ?? null, doc: completePolicy(docOf(input) as PolicyDoc) },
          tx,
        );
        const policy = toWirePolicy(row);
        await publish(tx, ctx.site.id, catalogueEvents.bookingPolicyCreated, { entity: policy });
        return policy;
      });
    },

    async get(ctx: RequestContext, id: string): Promise<BookingPolicy> {
      if ((await policies.findDefault(ctx.site.id)) === undefined) await ensureDefault(ctx.site.id);
      return toWirePolicy(await get(ctx, id));
    },

    async update(
      ctx: RequestContext,
      id: string,
      input: BookingPolicyInput,
      mask: string[] | undefined,
    ): Promise<BookingPolicy> {
      return database.transaction(async (tx) => {
        const current = await policies.findById(ctx.site.id, id, tx);
        if (!current) throw notFound('Booking policy', id);
        const expected = expectedRevision(input.revision, current.revision);
        if (expected !== current.revision)
          throw staleRevision('Booking policy', id, expected, current.revision);
        const state = { name: current.name, ...(current.doc as Record<string, unknown>) };
        const next = applyUpdate(state, input as Record<string, unknown>, mask, {
          updatable,
          maskField: 'mask',
        });
        const row = await policies.updateAtRevision(
          ctx.site.id,
          id,
          expected,
          {
            name: (next.name as string | null | undefined) ?? null,
            doc: completePolicy(docOf(next) as PolicyDoc),
          },
          tx,
        );
        if (!row) throw staleRevision('Booking policy', id, expected, current.revision + 1);
        const policy = toWirePolicy(row);
        await publish(tx, ctx.site.id, catalogueEvents.bookingPolicyUpdated, { entity: policy });
        return policy;
      });
    },

    async setDefault(ctx: RequestContext, id: string) {
      return database.transaction(async (tx) => {
        const previous = await ensureDefault(ctx.site.id, tx);
        const target = await policies.findById(ctx.site.id, id, tx);
        if (!target) throw notFound('Booking policy', id);
        if (previous.id === id) return { currentDefaultBookingPolicy: toWirePolicy(previous) };
        const current = await policies.setDefault(ctx.site.id, id, tx);
        const refreshedPrevious = await policies.findById(ctx.site.id, previous.id, tx);
        await publish(tx, ctx.site.id, catalogueEvents.bookingPolicyUpdated, {
          entity: toWirePolicy(current!),
        });
        return {
          currentDefaultBookingPolicy: toWirePolicy(current!),
          previousDefaultBookingPolicy: toWirePolicy(refreshedPrevious!),
        };
      });
    },

    /** Deleting a policy moves its services to the default policy; the default itself cannot be deleted. */
    async delete(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const row = await policies.findById(ctx.site.id, id, tx);
        if (!row) throw notFound('Booking policy', id);
        if (row.isDefault) {
          throw conflict(
            bookingsCatalogueErrorCodes.defaultPolicyDelete,
            `Booking policy ${id} is the default policy: make another policy the default first`,
            { id },
          );
        }
        const fallback = await ensureDefault(ctx.site.id, tx);
        await services.reassignPolicy(ctx.site.id, id, fallback.id, tx);
        await policies.delete(ctx.site.id, id, tx);
        await publish(tx, ctx.site.id, catalogueEvents.bookingPolicyDeleted, { entityId: id });
      });
    },

    async query(ctx: RequestContext, query: QueryInput) {
      await ensureDefault(ctx.site.id);
      const { rows, pagingMetadata } = await policies.query(queries, ctx.site.id, query);
      return { bookingPolicies: rows.map(toWirePolicy), pagingMetadata };
    },

    async count(ctx: RequestContext, filter: unknown): Promise<number> {
      await ensureDefault(ctx.site.id);
      return policies.count(ctx.site.id, filter);
    },

    async strictest(ctx: RequestContext, ids: readonly string[]) {
      const unique = [...new Set(ids)];
      const rows = await policies.findByIds(ctx.site.id, unique);
      const missing = unique.find((id) => !rows.some((row) => row.id === id));
      if (missing) throw notFound('Booking policy', missing);
      return { name: 'Strictest policy', ...strictestPolicy(rows.map((row) => row.doc as PolicyDoc)) };
    },
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
