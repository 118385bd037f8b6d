import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  cursorPagingOf,
  filterWhere,
  type QueryInput,
  type QueryRunner,
} from '../../platform/query/run-query.ts';
import {
  bookingSettings,
  bookingStaffMembers,
  bookingStaffTimeOff,
  bookingStaffWorkingHours,
  type SettingsRow,
  type StaffRow,
  type TimeOffRow,
  type WorkingHoursRow,
} from './catalogue.tables.ts';
import type { MinutePeriod } from './working-hours.ts';

const m = bookingStaffMembers;

/** The staff fields a query may filter and sort on (platform.md: a whitelist, never free SQL). */
export const staffQueryEntity = defineQueryEntity({
  name: 'bookings-staff-members',
  table: m,
  idColumn: m.id,
  fields: {
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    resourceId: m.id,
    usesDefaultWorkingHours: m.usesDefaultWorkingHours,
    serviceProvider: m.serviceProvider,
    createdDate: m.createdDate,
    updatedDate: m.updatedDate,
  },
});

export type NewStaffRow = Omit<typeof m.$inferInsert, 'revision' | 'createdDate' | 'updatedDate'>;
export type StaffChanges = Partial<Omit<NewStaffRow, 'siteId' | 'id'>>;

/** Staff members in the trash bin are left out of everything but the trash bin's calls. */
const live = isNull(m.deletedDate);

export function createStaffRepository(db: Executor) {
  return {
    async findById(siteId: string, id: string, executor: Executor = db): Promise<StaffRow | undefined> {
      const [row] = await executor
        .select()
        .from(m)
        .where(and(eq(m.siteId, siteId), eq(m.id, id), live))
        .limit(1);
      return row;
    },

    async findByIds(siteId: string, ids: readonly string[], executor: Executor = db): Promise<StaffRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(m)
        .where(and(eq(m.siteId, siteId), inArray(m.id, [...ids]), live));
    },

    async insert(values: NewStaffRow, executor: Executor = db): Promise<StaffRow> {
      const [row] = await executor.insert(m).values(values).returning();
      return row!;
    },

    async updateAtRevision(
      siteId: string,
      id: string,
      revision: number,
      changes: StaffChanges,
      executor: Executor = db,
    ): Promise<StaffRow | undefined> {
      const [row] = await executor
        .update(m)
        .set({ ...changes, revision: sql`${m.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(m.siteId, siteId), eq(m.id, id), eq(m.revision, revision), live))
        .returning();
      return row;
    },

    /** Sets the user connection fields (and a new revision) without a revision check: a connection is a fact. */
    async setUserConnection(
      siteId: string,
      id: string,
      connection: Pick<
        StaffRow,
        'userConnectionEmail' | 'userConnectionStatus' | 'userConnectionDate' | 'userId'
      >,
      executor: Executor = db,
    ): Promise<StaffRow | undefined> {
      const [row] = await executor
        .update(m)
        .set({ ...connection, revision: sql`${m.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(m.siteId, siteId), eq(m.id, id), live))
        .returning();
      return row;
    },

    /** Staff members connected (or being connected) to a user with this email. */
    async connectedToEmail(siteId: string, email: string, executor: Executor = db): Promise<StaffRow[]> {
      return executor
        .select()
        .from(m)
        .where(
          and(
            eq(m.siteId, siteId),
            live,
            sql`lower(${m.userConnectionEmail}) = lower(${email})`,
            inArray(m.userConnectionStatus, ['CONNECTED', 'PENDING']),
          ),
        );
    },

    /** Staff members whose own email is `email` (a STAFF dashboard user acts as them). */
    async idsByEmail(siteId: string, email: string, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .select({ id: m.id })
        .from(m)
        .where(and(eq(m.siteId, siteId), live, sql`lower(${m.email}) = lower(${email})`));
      return rows.map((row) => row.id);
    },

    /** Moves a staff member to the trash bin, remembering the services they gave. */
    async moveToTrashBin(
      siteId: string,
      id: string,
      servicesBeforeDelete: readonly string[],
      executor: Executor = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(m)
        .set({
          deletedDate: sql`now()`,
          servicesBeforeDelete: [...servicesBeforeDelete],
          revision: sql`${m.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(and(eq(m.siteId, siteId), eq(m.id, id), live))
        .returning({ id: m.id });
      return rows.length > 0;
    },

    /** A staff member in the trash bin deleted after `since` (older ones are purged or due to be). */
    async findDeleted(
      siteId: string,
      id: string,
      since: Date,
      executor: Executor = db,
    ): Promise<StaffRow | undefined> {
      const [row] = await executor
        .select()
        .from(m)
        .where(and(eq(m.siteId, siteId), eq(m.id, id), isNotNull(m.deletedDate), gt(m.deletedDate, since)))
        .limit(1);
      return row;
    },

    /** The trash bin, most recently deleted first (id breaks ties), from `offset`. */
    async listDeleted(
      siteId: string,
      filter: { ids?: readonly string[]; since: Date; limit: number; offset: number },
      executor: Executor = db,
    ): Promise<StaffRow[]> {
      return executor
        .select()
        .from(m)
        .where(
          and(
            eq(m.siteId, siteId),
            isNotNull(m.deletedDate),
            gt(m.deletedDate, filter.since),
            filter.ids ? inArray(m.id, [...filter.ids]) : undefined,
          ),
        )
        .orderBy(desc(m.deletedDate), asc(m.id))
        .limit(filter.limit)
        .offset(filter.offset);
    },

    /** Takes a staff member out of the trash bin (a new revision). */
    async restore(siteId: string, id: string, executor: Executor = db): Promise<StaffRow | undefined> {
      const [row] = await executor
        .update(m)
        .set({
          deletedDate: null,
          servicesBeforeDelete: null,
          revision: sql`${m.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(and(eq(m.siteId, siteId), eq(m.id, id), isNotNull(m.deletedDate)))
        .returning();
      return row;
    },

    /** Deletes a trashed staff member for good; their working hours and time off go with them (cascade). */
    async purge(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(m)
        .where(and(eq(m.siteId, siteId), eq(m.id, id), isNotNull(m.deletedDate)))
        .returning({ id: m.id });
      return rows.length > 0;
    },

    /** Purges every site's staff members deleted before `before`; answers how many. */
    async purgeDeletedBefore(before: Date, executor: Executor = db): Promise<number> {
      const rows = await executor
        .delete(m)
        .where(and(isNotNull(m.deletedDate), lt(m.deletedDate, before)))
        .returning({ id: m.id });
      return rows.length;
    },

    /** A cursor page of the site's staff members (platform/query); oldest first unless sorted. */
    async query(queries: QueryRunner, siteId: string, query: QueryInput, executor: Executor = db) {
      const result = await queries.run(executor, staffQueryEntity, query, {
        baseWhere: and(eq(m.siteId, siteId), live),
        cursorScope: siteId,
        paging: 'cursor',
        defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
      });
      return { ...result, pagingMetadata: cursorPagingOf(result.pagingMetadata) };
    },

    async count(siteId: string, filter: unknown, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(m)
        .where(and(eq(m.siteId, siteId), live, filterWhere(staffQueryEntity, filter)));
      return Number(row?.count ?? 0);
    },

    // --- working hours ------------------------------------------------------------------------------------

    async workingHoursOf(
      siteId: string,
      staffIds: readonly string[],
      executor: Executor = db,
    ): Promise<WorkingHoursRow[]> {
      if (staffIds.length === 0) return [];
      return executor
        .select()
        .from(bookingStaffWorkingHours)
        .where(
          and(
            eq(bookingStaffWorkingHours.siteId, siteId),
            inArray(bookingStaffWorkingHours.staffMemberId, [...staffIds]),
          ),
        )
        .orderBy(asc(bookingStaffWorkingHours.weekday), asc(bookingStaffWorkingHours.startMinute));
    },

    /** Replaces a staff member's own working hours (none = back to the business hours). */
    async replaceWorkingHours(
      siteId: string,
      staffMemberId: string,
      periods: readonly MinutePeriod[],
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .delete(bookingStaffWorkingHours)
        .where(
          and(
            eq(bookingStaffWorkingHours.siteId, siteId),
            eq(bookingStaffWorkingHours.staffMemberId, staffMemberId),
          ),
        );
      if (periods.length === 0) return;
      await executor
        .insert(bookingStaffWorkingHours)
        .values(periods.map((period) => ({ siteId, staffMemberId, ...period })));
    },

    // --- time off -----------------------------------------------------------------------------------------

    async insertTimeOff(
      values: { siteId: string; staffMemberId: string; startDate: Date; endDate: Date; title: string | null },
      executor: Executor = db,
    ): Promise<TimeOffRow> {
      const [row] = await executor.insert(bookingStaffTimeOff).values(values).returning();
      return row!;
    },

    /** Time off of the given staff members that overlaps [from, to) (all of it when no range). */
    async timeOffOf(
      siteId: string,
      staffIds: readonly string[],
      range: { from?: Date; to?: Date } = {},
      executor: Executor = db,
    ): Promise<TimeOffRow[]> {
      if (staffIds.length === 0) return [];
      const t = bookingStaffTimeOff;
      return executor
        .select()
        .from(t)
        .where(
          and(
            eq(t.siteId, siteId),
            inArray(t.staffMemberId, [...staffIds]),
            range.to ? lt(t.startDate, range.to) : undefined,
            range.from ? gt(t.endDate, range.from) : undefined,
          ),
        )
        .orderBy(asc(t.startDate));
    },

    async deleteTimeOff(
      siteId: string,
      staffMemberId: string,
      id: string,
      executor: Executor = db,
    ): Promise<boolean> {
      const t = bookingStaffTimeOff;
      const rows = await executor
        .delete(t)
        .where(and(eq(t.siteId, siteId), eq(t.staffMemberId, staffMemberId), eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    // --- business hours (bookings settings) ----------------------------------------------------------------

    async findSettings(siteId: string, executor: Executor = db): Promise<SettingsRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookingSettings)
        .where(eq(bookingSettings.siteId, siteId))
        .limit(1);
      return row;
    },

    async insertSettingsIfMissing(
      siteId: string,
      businessHours: MinutePeriod[],
      executor: Executor = db,
    ): Promise<SettingsRow> {
      await executor.insert(bookingSettings).values({ siteId, businessHours }).onConflictDoNothing();
      const [row] = await executor
        .select()
        .from(bookingSettings)
        .where(eq(bookingSettings.siteId, siteId))
        .limit(1);
      return row!;
    },

    async updateSettingsAtRevision(
      siteId: string,
      revision: number,
      businessHours: MinutePeriod[],
      executor: Executor = db,
    ): Promise<SettingsRow | undefined> {
      const [row] = await executor
        .update(bookingSettings)
        .set({ businessHours, revision: sql`${bookingSettings.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(bookingSettings.siteId, siteId), eq(bookingSettings.revision, revision)))
        .returning();
      return row;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
