import type { StaffMember } from '@atrium/contract/bookings/staff';
import type { WorkingPeriod } from '@atrium/contract/bookings/common';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import { invalid, invalidField, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import { catalogEvents, type PublishCatalogEvent } from './catalog-events.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import { applyUpdate, expectedRevision, iso } from './catalog-shared.ts';
import type { SettingsRow, StaffRow, TimeOffRow, WorkingHoursRow } from './catalog.tables.ts';
import type { ServicesRepository } from './services.repository.ts';
import type { StaffRepository } from './staff.repository.ts';
import {
  defaultBusinessHours,
  parseWorkingPeriods,
  toWirePeriods,
  type MinutePeriod,
} from './working-hours.ts';

const updatableFields = [
  'name',
  'email',
  'phone',
  'description',
  'mainMedia',
  'tags',
  'extendedFields',
] as const;

interface StaffInput {
  id?: string | null;
  revision?: string | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  description?: string | null;
  mainMedia?: unknown;
  tags?: unknown;
  extendedFields?: unknown;
  workingHours?: WorkingPeriod[];
  usesDefaultWorkingHours?: boolean;
}

function isBusinessCaller(ctx: RequestContext): boolean {
  return ctx.caller.identityType === 'WIX_USER' || ctx.caller.identityType === 'APP';
}

export function createStaffService(deps: {
  database: Database;
  staff: StaffRepository;
  services: ServicesRepository;
  publish: PublishCatalogEvent;
  queries: QueryRunner;
}) {
  const { database, staff, services, publish, queries } = deps;

  async function businessHoursOf(siteId: string, executor: Executor = database.db): Promise<MinutePeriod[]> {
    const settings = await staff.findSettings(siteId, executor);
    return settings ? settings.businessHours : [...defaultBusinessHours];
  }

  /**
   * The wire staff member. Contact details are for the business only: visitors and members see the
   * name, description and picture they need to pick someone.
   */
  function toWire(
    ctx: RequestContext,
    row: StaffRow,
    own: WorkingHoursRow[],
    businessHours: MinutePeriod[],
  ): StaffMember {
    const hours = row.usesDefaultWorkingHours ? businessHours : own;
    const business = isBusinessCaller(ctx);
    return {
      id: row.id,
      name: row.name,
      ...(business ? { email: row.email, phone: row.phone } : {}),
      description: row.description,
      ...(row.mainMedia ? { mainMedia: row.mainMedia } : {}),
      resourceId: row.id,
      resource: {
        id: row.id,
        usesDefaultWorkingHours: row.usesDefaultWorkingHours,
        workingHoursSchedules: [{ id: row.id, shared: row.usesDefaultWorkingHours }],
      },
      usesDefaultWorkingHours: row.usesDefaultWorkingHours,
      workingHours: toWirePeriods(hours),
      ...(business && row.tags ? { tags: row.tags } : {}),
      ...(row.extendedFields ? { extendedFields: row.extendedFields } : {}),
      revision: String(row.revision),
      createdDate: iso(row.createdDate),
      updatedDate: iso(row.updatedDate),
    } as StaffMember;
  }

  async function hydrate(
    ctx: RequestContext,
    rows: readonly StaffRow[],
    executor: Executor = database.db,
  ): Promise<StaffMember[]> {
    const own = await staff.workingHoursOf(
      ctx.site.id,
      rows.filter((row) => !row.usesDefaultWorkingHours).map((row) => row.id),
      executor,
    );
    const business = rows.some((row) => row.usesDefaultWorkingHours)
      ? await businessHoursOf(ctx.site.id, executor)
      : [];
    return rows.map((row) =>
      toWire(
        ctx,
        row,
        own.filter((period) => period.staffMemberId === row.id),
        business,
      ),
    );
  }

  function checkedPeriods(periods: WorkingPeriod[], field: string): MinutePeriod[] {
    const parsed = parseWorkingPeriods(periods, field);
    if (parsed.violations.length > 0) throw invalid(parsed.violations);
    return parsed.periods;
  }

  async function requireStaff(
    ctx: RequestContext,
    id: string,
    executor: Executor = database.db,
  ): Promise<StaffRow> {
    const row = await staff.findById(ctx.site.id, id, executor);
    if (!row) throw notFound('Staff member', id);
    return row;
  }

  async function publishUpdated(ctx: RequestContext, row: StaffRow, tx: Tx): Promise<StaffMember> {
    const [wire] = await hydrate(ctx, [row], tx);
    await publish(tx, ctx.site.id, catalogEvents.staffMemberUpdated, { entity: wire });
    return wire!;
  }

  return {
    businessHoursOf,

    async create(ctx: RequestContext, input: StaffInput): Promise<StaffMember> {
      if (!input.name) throw invalidField('staffMember.name', 'is required', 'REQUIRED_FIELD');
      const own =
        input.workingHours && !input.usesDefaultWorkingHours
          ? checkedPeriods(input.workingHours, 'staffMember.workingHours')
          : undefined;
      return database.transaction(async (tx) => {
        const row = await staff.insert(
          {
            siteId: ctx.site.id,
            name: input.name!,
            email: input.email ?? null,
            phone: input.phone ?? null,
            description: input.description ?? null,
            mainMedia: (input.mainMedia as Record<string, unknown> | undefined) ?? null,
            tags: (input.tags as Record<string, unknown> | undefined) ?? null,
            extendedFields: (input.extendedFields as Record<string, unknown> | undefined) ?? null,
            // A new staff member works the business hours until given their own.
            usesDefaultWorkingHours: own === undefined,
          },
          tx,
        );
        if (own) await staff.replaceWorkingHours(ctx.site.id, row.id, own, tx);
        const [wire] = await hydrate(ctx, [row], tx);
        await publish(tx, ctx.site.id, catalogEvents.staffMemberCreated, { entity: wire });
        return wire!;
      });
    },

    async get(ctx: RequestContext, id: string): Promise<StaffMember> {
      const [wire] = await hydrate(ctx, [await requireStaff(ctx, id)]);
      return wire!;
    },

    async update(
      ctx: RequestContext,
      id: string,
      input: StaffInput,
      mask: string[] | undefined,
    ): Promise<StaffMember> {
      if (input.id && input.id !== id)
        throw invalidField('staffMember.id', `must match the staff member id in the path (${id})`);
      return database.transaction(async (tx) => {
        const current = await requireStaff(ctx, id, tx);
        const expected = expectedRevision(input.revision, current.revision);
        if (expected !== current.revision)
          throw staleRevision('Staff member', id, expected, current.revision);
        const state: Record<string, unknown> = {
          name: current.name,
          email: current.email,
          phone: current.phone,
          description: current.description,
          mainMedia: current.mainMedia,
          tags: current.tags,
          extendedFields: current.extendedFields,
        };
        const next = applyUpdate(state, input as Record<string, unknown>, mask, {
          updatable: [...updatableFields, 'workingHours', 'usesDefaultWorkingHours'],
          maskField: 'mask',
        });
        if (!next.name) throw invalidField('staffMember.name', 'is required', 'REQUIRED_FIELD');
        let usesDefault = current.usesDefaultWorkingHours;
        const wantsHours = mask ? mask.includes('workingHours') : input.workingHours !== undefined;
        const wantsDefault = mask
          ? mask.includes('usesDefaultWorkingHours')
          : input.usesDefaultWorkingHours !== undefined;
        if (wantsDefault && input.usesDefaultWorkingHours) {
          usesDefault = true;
          await staff.replaceWorkingHours(ctx.site.id, id, [], tx);
        } else if (wantsHours && input.workingHours) {
          const periods = checkedPeriods(input.workingHours, 'staffMember.workingHours');
          await staff.replaceWorkingHours(ctx.site.id, id, periods, tx);
          usesDefault = false;
        }
        const row = await staff.updateAtRevision(
          ctx.site.id,
          id,
          expected,
          {
            name: next.name as string,
            email: (next.email as string | null | undefined) ?? null,
            phone: (next.phone as string | null | undefined) ?? null,
            description: (next.description as string | null | undefined) ?? null,
            mainMedia: (next.mainMedia as Record<string, unknown> | null | undefined) ?? null,
            tags: (next.tags as Record<string, unknown> | null | undefined) ?? null,
            extendedFields: (next.extendedFields as Record<string, unknown> | null | undefined) ?? null,
            usesDefaultWorkingHours: usesDefault,
          },
          tx,
        );
        if (!row) throw staleRevision('Staff member', id, expected, current.revision + 1);
        return publishUpdated(ctx, row, tx);
      });
    },

    /** Deleting a staff member takes them off every service they gave. */
    async delete(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        await requireStaff(ctx, id, tx);
        await services.setStaffMemberOnServices(ctx.site.id, id, [], tx);
        await staff.delete(ctx.site.id, id, tx);
        await publish(tx, ctx.site.id, catalogEvents.staffMemberDeleted, { entityId: id });
      });
    },

    async query(ctx: RequestContext, query: QueryInput) {
      const { rows, pagingMetadata } = await staff.query(queries, ctx.site.id, query);
      return { staffMembers: await hydrate(ctx, rows), pagingMetadata };
    },

    async count(ctx: RequestContext, filter: unknown): Promise<number> {
      return staff.count(ctx.site.id, filter);
    },

    async getWorkingHours(ctx: RequestContext, id: string) {
      const row = await requireStaff(ctx, id);
      const hours = row.usesDefaultWorkingHours
        ? await businessHoursOf(ctx.site.id)
        : await staff.workingHoursOf(ctx.site.id, [id]);
      return {
        staffMemberId: id,
        usesDefaultWorkingHours: row.usesDefaultWorkingHours,
        workingHours: toWirePeriods(hours),
        timeZone: ctx.site.timezone,
      };
    },

    async setWorkingHours(ctx: RequestContext, id: string, periods: WorkingPeriod[]) {
      const parsed = checkedPeriods(periods, 'workingHours');
      return database.transaction(async (tx) => {
        const current = await requireStaff(ctx, id, tx);
        await staff.replaceWorkingHours(ctx.site.id, id, parsed, tx);
        const row = await staff.updateAtRevision(
          ctx.site.id,
          id,
          current.revision,
          { usesDefaultWorkingHours: false },
          tx,
        );
        if (!row) throw staleRevision('Staff member', id, current.revision, current.revision + 1);
        await publishUpdated(ctx, row, tx);
        await publish(tx, ctx.site.id, catalogEvents.availabilityInputsChanged, {
          staffMemberId: id,
          reason: 'WORKING_HOURS',
        });
        return {
          staffMemberId: id,
          usesDefaultWorkingHours: false,
          workingHours: toWirePeriods(parsed),
          timeZone: ctx.site.timezone,
        };
      });
    },

    async useBusinessHours(ctx: RequestContext, id: string) {
      return database.transaction(async (tx) => {
        const current = await requireStaff(ctx, id, tx);
        await staff.replaceWorkingHours(ctx.site.id, id, [], tx);
        const row = await staff.updateAtRevision(
          ctx.site.id,
          id,
          current.revision,
          { usesDefaultWorkingHours: true },
          tx,
        );
        if (!row) throw staleRevision('Staff member', id, current.revision, current.revision + 1);
        await publishUpdated(ctx, row, tx);
        await publish(tx, ctx.site.id, catalogEvents.availabilityInputsChanged, {
          staffMemberId: id,
          reason: 'WORKING_HOURS',
        });
        return {
          staffMemberId: id,
          usesDefaultWorkingHours: true,
          workingHours: toWirePeriods(await businessHoursOf(ctx.site.id, tx)),
          timeZone: ctx.site.timezone,
        };
      });
    },

    // --- time off -----------------------------------------------------------------------------------------

    async addTimeOff(
      ctx: RequestContext,
      id: string,
      input: { startDate: string; endDate: string; title?: string | null },
    ) {
      const start = new Date(input.startDate);
      const end = new Date(input.endDate);
      if (end.getTime() <= start.getTime())
        throw invalidField('timeOff.endDate', 'must be after the start date');
      return database.transaction(async (tx) => {
        await requireStaff(ctx, id, tx);
        const row = await staff.insertTimeOff(
          {
            siteId: ctx.site.id,
            staffMemberId: id,
            startDate: start,
            endDate: end,
            title: input.title ?? null,
          },
          tx,
        );
        await publish(tx, ctx.site.id, catalogEvents.availabilityInputsChanged, {
          staffMemberId: id,
          reason: 'TIME_OFF',
        });
        return toWireTimeOff(row);
      });
    },

    async listTimeOff(ctx: RequestContext, id: string, range: { from?: string; to?: string }) {
      await requireStaff(ctx, id);
      const from = range.from ? new Date(range.from) : undefined;
      const to = range.to ? new Date(range.to) : undefined;
      if (from && to && to.getTime() <= from.getTime()) throw invalidField('to', 'must be after from');
      return (await staff.timeOffOf(ctx.site.id, [id], { from, to })).map(toWireTimeOff);
    },

    async deleteTimeOff(ctx: RequestContext, id: string, timeOffId: string): Promise<void> {
      await database.transaction(async (tx) => {
        await requireStaff(ctx, id, tx);
        if (!(await staff.deleteTimeOff(ctx.site.id, id, timeOffId, tx)))
          throw notFound('Time off', timeOffId);
        await publish(tx, ctx.site.id, catalogEvents.availabilityInputsChanged, {
          staffMemberId: id,
          reason: 'TIME_OFF',
        });
      });
    },

    // --- the services a staff member gives ------------------------------------------------------------------

    async servicesOf(ctx: RequestContext, id: string) {
      await requireStaff(ctx, id);
      const rows = await services.servicesOfStaffMember(ctx.site.id, id);
      return rows.map((row) => ({ id: row.id, name: row.name, type: row.type }));
    },

    async setServices(ctx: RequestContext, id: string, serviceIds: string[]) {
      return database.transaction(async (tx) => {
        await requireStaff(ctx, id, tx);
        const unique = [...new Set(serviceIds)];
        const found = await services.findByIds(ctx.site.id, unique, tx);
        const missing = unique.findIndex((serviceId) => !found.some((row) => row.id === serviceId));
        if (missing >= 0)
          throw invalidField(`serviceIds[${missing}]`, `service ${unique[missing]} not found`);
        await services.setStaffMemberOnServices(ctx.site.id, id, unique, tx);
        await publish(tx, ctx.site.id, catalogEvents.availabilityInputsChanged, {
          staffMemberId: id,
          reason: 'SERVICES',
        });
        const rows = await services.servicesOfStaffMember(ctx.site.id, id, tx);
        return rows.map((row) => ({ id: row.id, name: row.name, type: row.type }));
      });
    },

    // --- business hours -------------------------------------------------------------------------------------

    async getSettings(ctx: RequestContext) {
      const row = await staff.findSettings(ctx.site.id);
      return toWireSettings(ctx, row);
    },

    async updateSettings(ctx: RequestContext, input: { businessHours: WorkingPeriod[]; revision?: string }) {
      const periods = checkedPeriods(input.businessHours, 'settings.businessHours');
      return database.transaction(async (tx) => {
        const current = await staff.insertSettingsIfMissing(ctx.site.id, [...defaultBusinessHours], tx);
        const expected = expectedRevision(input.revision, current.revision);
        if (expected !== current.revision)
          throw staleRevision('Bookings settings', ctx.site.id, expected, current.revision);
        const row = await staff.updateSettingsAtRevision(ctx.site.id, expected, periods, tx);
        if (!row) throw staleRevision('Bookings settings', ctx.site.id, expected, current.revision + 1);
        await publish(tx, ctx.site.id, catalogEvents.availabilityInputsChanged, { reason: 'BUSINESS_HOURS' });
        return toWireSettings(ctx, row);
      });
    },
  };
}

function toWireTimeOff(row: TimeOffRow) {
  return {
    id: row.id,
    staffMemberId: row.staffMemberId,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    title: row.title,
    createdDate: iso(row.createdDate),
  };
}

function toWireSettings(ctx: RequestContext, row: SettingsRow | undefined) {
  return {
    businessHours: toWirePeriods(row?.businessHours ?? defaultBusinessHours),
    timeZone: ctx.site.timezone,
    revision: String(row?.revision ?? 0),
    updatedDate: row ? iso(row.updatedDate) : null,
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
