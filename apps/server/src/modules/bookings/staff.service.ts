import type { StaffMember } from '@atrium/contract/bookings/staff';
import type { WorkingPeriod } from '@atrium/contract/bookings/common';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import {
  badRequest,
  conflict,
  invalid,
  invalidField,
  notFound,
  staleRevision,
} from '../../platform/errors/app-error.ts';
import { catalogueEvents, type PublishCatalogueEvent } from './catalogue-events.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import { applyUpdate, expectedRevision, iso } from './catalogue-shared.ts';
import type { SettingsRow, StaffRow, TimeOffRow, WorkingHoursRow } from './catalogue.tables.ts';
import type { ServicesRepository } from './services.repository.ts';
import type { StaffRepository } from './staff.repository.ts';
import { assertMayManageTimeOf } from './staff-self-service.ts';
import type { DashboardUsers } from './dashboard-users.ts';
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
  publish: PublishCatalogueEvent;
  queries: QueryRunner;
  dashboardUsers: DashboardUsers;
}) {
  const { database, staff, services, publish, queries, dashboardUsers } = deps;

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
    users: ReadonlyMap<string, string> = new Map(),
  ): StaffMember {
    const hours = row.usesDefaultWorkingHours ? businessHours : own;
    const business = isBusinessCaller(ctx);
    const connection = business ? connectionOf(row, users, ctx.now()) : undefined;
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
      ...(connection ? { associatedWixIdentity: connection } : {}),
      ...(business && row.tags ? { tags: row.tags } : {}),
      ...(row.extendedFields ? { extendedFields: row.extendedFields } : {}),
      serviceProvider: row.serviceProvider,
      ...(row.deletedDate ? { deletedDate: iso(row.deletedDate) } : {}),
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
    // A pending connection completes once a dashboard user with its email exists.
    const pending = rows.flatMap((row) =>
      row.userConnectionStatus === 'PENDING' && row.userConnectionEmail ? [row.userConnectionEmail] : [],
    );
    const users = isBusinessCaller(ctx)
      ? await dashboardUsers.idsByEmail(ctx.site.id, pending, executor)
      : new Map<string, string>();
    return rows.map((row) =>
      toWire(
        ctx,
        row,
        own.filter((period) => period.staffMemberId === row.id),
        business,
        users,
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
    await publish(tx, ctx.site.id, catalogueEvents.staffMemberUpdated, { entity: wire });
    return wire!;
  }

  return {
    businessHoursOf,

    /**
     * Connects the staff member to the dashboard user with `email` (their own email when absent): CONNECTED
     * at once when such a user exists, else PENDING until one does. A user serves one staff member.
     */
    async connectToUser(ctx: RequestContext, id: string, email: string | null | undefined) {
      return database.transaction(async (tx) => {
        const row = await requireStaff(ctx, id, tx);
        const target = (email ?? row.email)?.trim();
        if (!target) {
          throw invalidField(
            'email',
            'is required: the staff member has no email of their own',
            'REQUIRED_FIELD',
          );
        }
        const taken = (await staff.connectedToEmail(ctx.site.id, target, tx)).find(
          (other) => other.id !== id,
        );
        if (taken) {
          throw conflict(
            'USER_ALREADY_CONNECTED',
            `The user ${target} is already connected to staff member ${taken.id}`,
            { staffMemberId: taken.id },
          );
        }
        const users = await dashboardUsers.idsByEmail(ctx.site.id, [target], tx);
        const userId = users.get(target.toLowerCase()) ?? null;
        const updated = await staff.setUserConnection(
          ctx.site.id,
          id,
          {
            userConnectionEmail: target,
            userConnectionStatus: userId ? 'CONNECTED' : 'PENDING',
            userConnectionDate: ctx.now(),
            userId,
          },
          tx,
        );
        return publishUpdated(ctx, updated!, tx);
      });
    },

    /** Ends the connection; the staff member stays, and the user keeps their dashboard access. */
    async disconnectFromUser(ctx: RequestContext, id: string) {
      return database.transaction(async (tx) => {
        const row = await requireStaff(ctx, id, tx);
        if (!row.userConnectionStatus || row.userConnectionStatus === 'DISCONNECTED') {
          throw badRequest('STAFF_MEMBER_NOT_CONNECTED', `Staff member ${id} is not connected to a user`, {
            staffMemberId: id,
          });
        }
        const updated = await staff.setUserConnection(
          ctx.site.id,
          id,
          {
            userConnectionEmail: row.userConnectionEmail,
            userConnectionStatus: 'DISCONNECTED',
            userConnectionDate: ctx.now(),
            userId: null,
          },
          tx,
        );
        return publishUpdated(ctx, updated!, tx);
      });
    },

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
        await publish(tx, ctx.site.id, catalogueEvents.staffMemberCreated, { entity: wire });
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

    /**
     * Deleting a staff member moves them to the trash bin (staff-trash-bin.service.ts) and takes them off
     * every service they gave; the services are remembered for a restore.
     */
    async delete(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        await requireStaff(ctx, id, tx);
        const given = await services.servicesOfStaffMember(ctx.site.id, id, tx);
        await services.setStaffMemberOnServices(ctx.site.id, id, [], tx);
        await staff.moveToTrashBin(
          ctx.site.id,
          id,
          given.map((service) => service.id),
          tx,
        );
        await publish(tx, ctx.site.id, catalogueEvents.staffMemberDeleted, { entityId: id });
      });
    },

    /** Whether the staff member appears in booking flows; hours, services and bookings are kept either way. */
    async setServiceProvider(ctx: RequestContext, id: string, serviceProvider: boolean) {
      return database.transaction(async (tx) => {
        const current = await requireStaff(ctx, id, tx);
        const row = await staff.updateAtRevision(ctx.site.id, id, current.revision, { serviceProvider }, tx);
        if (!row) throw staleRevision('Staff member', id, current.revision, current.revision + 1);
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
          staffMemberId: id,
          reason: 'SERVICE_PROVIDER',
        });
        return publishUpdated(ctx, row, tx);
      });
    },

    /** Rows as the wire shows them to this caller (the trash bin's answers). */
    wire: hydrate,

    async query(ctx: RequestContext, query: QueryInput) {
      // Visitors and members pick from those who give services (a cursor carries the filter it began with).
      const asked = (query ?? {}) as { filter?: unknown; cursorPaging?: { cursor?: string | null } | null };
      const visible: QueryInput =
        isBusinessCaller(ctx) || asked.cursorPaging?.cursor
          ? query
          : { ...asked, filter: { $and: [asked.filter ?? {}, { serviceProvider: true }] } };
      const { rows, pagingMetadata } = await staff.query(queries, ctx.site.id, visible);
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
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
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
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
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
        await assertMayManageTimeOf(ctx, await requireStaff(ctx, id, tx), dashboardUsers, tx);
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
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
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

    /** Time off of several staff members overlapping [from, to): one query for the calendar's week. */
    async queryTimeOff(ctx: RequestContext, request: { staffMemberIds: string[]; from: string; to: string }) {
      const from = new Date(request.from);
      const to = new Date(request.to);
      if (to.getTime() <= from.getTime()) throw invalidField('to', 'must be after from');
      return (await staff.timeOffOf(ctx.site.id, request.staffMemberIds, { from, to })).map(toWireTimeOff);
    },

    async deleteTimeOff(ctx: RequestContext, id: string, timeOffId: string): Promise<void> {
      await database.transaction(async (tx) => {
        await assertMayManageTimeOf(ctx, await requireStaff(ctx, id, tx), dashboardUsers, tx);
        if (!(await staff.deleteTimeOff(ctx.site.id, id, timeOffId, tx)))
          throw notFound('Time off', timeOffId);
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
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
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
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
        await publish(tx, ctx.site.id, catalogueEvents.availabilityInputsChanged, {
          reason: 'BUSINESS_HOURS',
        });
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

const connectionExpiryMs = 30 * 86_400_000;

/** The wire connection: PENDING reads as CONNECTED once the user exists, EXPIRED after 30 days. */
function connectionOf(row: StaffRow, users: ReadonlyMap<string, string>, now: Date) {
  if (!row.userConnectionStatus) return undefined;
  let status = row.userConnectionStatus as 'CONNECTED' | 'PENDING' | 'EXPIRED' | 'DISCONNECTED';
  let userId = row.userId;
  if (status === 'PENDING' && row.userConnectionEmail) {
    const found = users.get(row.userConnectionEmail.toLowerCase());
    if (found) {
      status = 'CONNECTED';
      userId = found;
    } else if (
      row.userConnectionDate &&
      now.getTime() - row.userConnectionDate.getTime() > connectionExpiryMs
    ) {
      status = 'EXPIRED';
    }
  }
  return {
    identificationData: userId ? { wixUserId: userId, identityType: 'WIX_USER' as const } : null,
    connection: { status },
    email: row.userConnectionEmail,
  };
}
