import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import {
  bookingExternalCalendars,
  bookingStaffCalendarFeeds,
  type ExternalCalendarRow,
  type StaffCalendarFeedRow,
} from './external-calendars.tables.ts';

const c = bookingExternalCalendars;
const f = bookingStaffCalendarFeeds;

export type NewExternalCalendarRow = typeof c.$inferInsert;
export type ExternalCalendarChanges = Partial<
  Pick<
    ExternalCalendarRow,
    'status' | 'disconnectReason' | 'lastSyncDate' | 'syncStartedDate' | 'lastSyncError' | 'busyIntervalCount'
  >
>;

export function createExternalCalendarsRepository(db: Executor) {
  return {
    async insert(values: NewExternalCalendarRow, executor: Executor = db): Promise<ExternalCalendarRow> {
      const [row] = await executor.insert(c).values(values).returning();
      return row!;
    },

    async findById(
      siteId: string,
      id: string,
      executor: Executor = db,
    ): Promise<ExternalCalendarRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .limit(1);
      return row;
    },

    /** Locks the row for the rest of the caller's transaction (a sync's write against a disconnect). */
    async lockById(siteId: string, id: string, executor: Executor): Promise<ExternalCalendarRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .for('update')
        .limit(1);
      return row;
    },

    async list(
      siteId: string,
      filter: { staffMemberIds?: readonly string[]; includeDisconnected: boolean },
      executor: Executor = db,
    ): Promise<ExternalCalendarRow[]> {
      if (filter.staffMemberIds && filter.staffMemberIds.length === 0) return [];
      return executor
        .select()
        .from(c)
        .where(
          and(
            eq(c.siteId, siteId),
            filter.staffMemberIds ? inArray(c.staffMemberId, [...filter.staffMemberIds]) : undefined,
            filter.includeDisconnected ? undefined : ne(c.status, 'DISCONNECTED'),
          ),
        )
        .orderBy(asc(c.createdDate), asc(c.id))
        .limit(500);
    },

    async update(
      siteId: string,
      id: string,
      changes: ExternalCalendarChanges,
      executor: Executor = db,
    ): Promise<ExternalCalendarRow | undefined> {
      const [row] = await executor
        .update(c)
        .set({ ...changes, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning();
      return row;
    },

    /**
     * Marks a calendar SYNC_IN_PROGRESS unless it is disconnected or another sync started less than
     * `staleAfterMs` ago: one conditional UPDATE, so two workers never import the same calendar at once.
     */
    async claimForSync(
      siteId: string,
      id: string,
      staleAfterMs: number,
      executor: Executor = db,
    ): Promise<ExternalCalendarRow | undefined> {
      const staleBefore = new Date(Date.now() - staleAfterMs);
      const [row] = await executor
        .update(c)
        .set({ status: 'SYNC_IN_PROGRESS', syncStartedDate: sql`now()`, updatedDate: sql`now()` })
        .where(
          and(
            eq(c.siteId, siteId),
            eq(c.id, id),
            ne(c.status, 'DISCONNECTED'),
            sql`(${c.status} <> 'SYNC_IN_PROGRESS' OR ${c.syncStartedDate} IS NULL OR ${c.syncStartedDate} < ${staleBefore})`,
          ),
        )
        .returning();
      return row;
    },

    /** Live calendars of every site not synced since `before`, oldest first (the periodic sync). */
    async due(
      before: Date,
      limit: number,
      executor: Executor = db,
    ): Promise<Array<{ id: string; siteId: string }>> {
      return executor
        .select({ id: c.id, siteId: c.siteId })
        .from(c)
        .where(and(ne(c.status, 'DISCONNECTED'), or(isNull(c.lastSyncDate), lt(c.lastSyncDate, before))))
        .orderBy(sql`${c.lastSyncDate} NULLS FIRST`)
        .limit(limit);
    },

    /** Disconnects every live calendar of a staff member; returns their ids. */
    async disconnectAllOf(siteId: string, staffMemberId: string, executor: Executor): Promise<string[]> {
      const rows = await executor
        .update(c)
        .set({ status: 'DISCONNECTED', syncStartedDate: null, busyIntervalCount: 0, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.staffMemberId, staffMemberId), ne(c.status, 'DISCONNECTED')))
        .returning({ id: c.id });
      return rows.map((row) => row.id);
    },

    async deleteFeed(siteId: string, staffMemberId: string, executor: Executor): Promise<void> {
      await executor.delete(f).where(and(eq(f.siteId, siteId), eq(f.staffMemberId, staffMemberId)));
    },

    // --- feeds ---------------------------------------------------------------------------------------------

    async findFeed(
      siteId: string,
      staffMemberId: string,
      executor: Executor = db,
    ): Promise<StaffCalendarFeedRow | undefined> {
      const [row] = await executor
        .select()
        .from(f)
        .where(and(eq(f.siteId, siteId), eq(f.staffMemberId, staffMemberId)))
        .limit(1);
      return row;
    },

    async findFeedByTokenHash(
      tokenHash: string,
      executor: Executor = db,
    ): Promise<StaffCalendarFeedRow | undefined> {
      const [row] = await executor.select().from(f).where(eq(f.tokenHash, tokenHash)).limit(1);
      return row;
    },

    /** Replaces a token kept in clear by its sealed form (only if it is still the same row value). */
    async sealFeedToken(siteId: string, staffMemberId: string, clear: string, sealed: string): Promise<void> {
      await db
        .update(f)
        .set({ token: sealed })
        .where(and(eq(f.siteId, siteId), eq(f.staffMemberId, staffMemberId), eq(f.token, clear)));
    },

    /** Creates the feed, or replaces its token when `replace` (rotation); returns the feed as stored. */
    async saveFeed(
      siteId: string,
      staffMemberId: string,
      stored: { token: string; tokenHash: string },
      replace: boolean,
      executor: Executor = db,
    ): Promise<StaffCalendarFeedRow> {
      const insert = executor.insert(f).values({ siteId, staffMemberId, ...stored });
      if (replace) {
        await insert.onConflictDoUpdate({
          target: f.staffMemberId,
          set: { ...stored, createdDate: sql`now()` },
          where: eq(f.siteId, siteId),
        });
      } else {
        await insert.onConflictDoNothing();
      }
      const [row] = await executor
        .select()
        .from(f)
        .where(and(eq(f.siteId, siteId), eq(f.staffMemberId, staffMemberId)))
        .limit(1);
      return row!;
    },
  };
}

export type ExternalCalendarsRepository = ReturnType<typeof createExternalCalendarsRepository>;
