import {
  and,
  asc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db/database.ts';
import { createStatementCache, rowPlaceholders, rowShape, rowValues } from '../../../platform/db/prepared.ts';
import {
  bookingOccupancy,
  bookings,
  bookingSessionSpots,
  multiServiceBookings,
  type BookingRow,
  type MultiServiceBookingRow,
  type NewBookingRow,
  type SessionSpotsRow,
} from './bookings.tables.ts';
import { slotHoldingStatuses } from './booking-state.ts';
import { createBookingRecordsRepository } from './booking-records.repository.ts';

export type BookingChanges = Partial<Omit<NewBookingRow, 'id' | 'siteId' | 'revision' | 'createdDate'>>;

/** Rows for one table, written in the statement of the booking they belong to. */
export interface RowsOf {
  table: PgTable;
  rows: readonly object[];
}

export interface OccupancyInput {
  holderId: string;
  holderKind: 'STAFF' | 'RESOURCE';
  start: Date;
  end: Date;
  doubleBooked: boolean;
  /** A booking waiting for online payment holds the time only until then. */
  holdExpiresAt?: Date | null;
}

/** An occupancy row to insert; the hold's expiry only when there is one (the statement's shape). */
function occupancyRow(siteId: string, bookingId: string, row: OccupancyInput) {
  return {
    siteId,
    bookingId,
    holderId: row.holderId,
    holderKind: row.holderKind,
    startDate: row.start,
    endDate: row.end,
    doubleBooked: row.doubleBooked,
    ...(row.holdExpiresAt ? { holdExpiresAt: row.holdExpiresAt } : {}),
  };
}

const statements = createStatementCache();
const statementNames = new Map<string, string>();

/**
 * The row an insert of `values` stores, without reading it back: what was given, the table's literal
 * defaults, null for the other nullable columns, and the times the database set. A column whose default
 * is SQL (other than the times) must be given; a booking that forgot it fails loudly here.
 */
function storedBooking(
  values: NewBookingRow,
  written: Pick<BookingRow, 'createdDate' | 'updatedDate'>,
): BookingRow {
  const row: Record<string, unknown> = { ...written };
  for (const [key, column] of Object.entries(getTableColumns(bookings))) {
    if (key in written) continue;
    const given = (values as Record<string, unknown>)[key];
    if (given !== undefined) row[key] = given;
    else if (column.hasDefault && column.default !== undefined && !is(column.default, SQL))
      row[key] = column.default;
    else if (!column.notNull) row[key] = null;
    else throw new Error(`a new booking must give ${key}: the database would compute it`);
  }
  return row as BookingRow;
}

/** The advisory-lock namespace of booking holders (the first key of `pg_advisory_xact_lock(int, int)`). */
const holderLockSpace = 0x426b; // "Bk"

/**
 * Queues the transactions that are about to hold the same staff members or resources, in one order.
 * Two transactions inserting overlapping occupancy rows at once each wait for the other inside the
 * EXCLUDE constraint's check, a deadlock PostgreSQL only breaks after `deadlock_timeout` (1 s): with
 * fifty customers on one slot, requests took seconds. Behind a lock per holder, taken in id order, the
 * next contender inserts after the winner committed and is refused at once. Rows stored as double
 * bookings are outside the constraint and need no lock.
 */
async function lockHolders(rows: readonly OccupancyInput[], executor: Executor): Promise<void> {
  const holders = [...new Set(rows.filter((row) => !row.doubleBooked).map((row) => row.holderId))].sort();
  if (holders.length === 0) return;
  // 32 bits of the holder's (random) UUID: a collision only makes two holders queue behind each other.
  const keys = holders.map(
    (id) => sql`pg_advisory_xact_lock(${holderLockSpace}, ${Number.parseInt(id.slice(0, 8), 16) | 0})`,
  );
  await executor.execute(sql`SELECT ${sql.join(keys, sql`, `)}`);
}

/**
 * Deletes the occupancy of payment holds that expired by `now` and overlap `rows` on their holders, so
 * the EXCLUDE constraint lets the new rows in. Runs after `lockHolders`: whoever deletes a stale row is
 * also the one who inserts over it. The booking keeps its status until the payment-hold sweep.
 */
async function deleteStaleOccupancy(
  siteId: string,
  rows: readonly OccupancyInput[],
  now: Date,
  executor: Executor,
): Promise<void> {
  const holders = [...new Set(rows.map((row) => row.holderId))];
  if (holders.length === 0) return;
  const from = new Date(Math.min(...rows.map((row) => row.start.getTime())));
  const to = new Date(Math.max(...rows.map((row) => row.end.getTime())));
  await executor
    .delete(bookingOccupancy)
    .where(
      and(
        eq(bookingOccupancy.siteId, siteId),
        inArray(bookingOccupancy.holderId, holders),
        lte(bookingOccupancy.holdExpiresAt, now),
        sql`tstzrange(${bookingOccupancy.startDate}, ${bookingOccupancy.endDate}) && tstzrange(${from}, ${to})`,
      ),
    );
}

/** Confirmed, starting within `leadMinutes` of `now`, not reminded for this start, booked before the reminder time. */
function reminderDue(now: Date, leadMinutes: number): SQL {
  return and(
    eq(bookings.status, 'CONFIRMED'),
    sql`${bookings.remindedStartDate} IS DISTINCT FROM ${bookings.startDate}`,
    gt(bookings.startDate, now),
    lte(bookings.startDate, new Date(now.getTime() + leadMinutes * 60_000)),
    sql`${bookings.createdDate} <= ${bookings.startDate} - make_interval(mins => ${leadMinutes}::int)`,
  )!;
}

/** The lifecycle's data access (with `booking-records.repository.ts`): the only files of it that speak Drizzle. */
export function createBookingsRepository(db: Executor) {
  const byId = (siteId: string, id: string) => and(eq(bookings.siteId, siteId), eq(bookings.id, id));

  return {
    ...createBookingRecordsRepository(db),
    async insert(values: NewBookingRow, executor: Executor = db): Promise<BookingRow> {
      const [row] = await executor.insert(bookings).values(values).returning();
      return row!;
    },

    /**
     * Inserts a booking with its occupancy (the EXCLUDE constraint that forbids double booking) and its
     * busy-ledger rows in one statement: data-modifying CTEs run in the same statement, so a conflict on
     * the occupancy still fails the whole insert, and the foreign keys are checked at its end. The
     * statement is prepared once per shape (the booking's columns, the number of holds): every booking
     * runs it, and Drizzle building it per call cost more CPU than the database spends on it.
     */
    async insertWithHolds(
      values: NewBookingRow,
      occupancy: readonly OccupancyInput[],
      executor: Executor,
      /** Rows of other tables written in the same statement (busy time, the change's history and mails). */
      alongside: readonly RowsOf[] = [],
      /** Set when the slot check saw payment holds that expired by then in the way: they are deleted first. */
      staleHoldsAt?: Date,
    ): Promise<BookingRow> {
      await lockHolders(occupancy, executor);
      if (staleHoldsAt) await deleteStaleOccupancy(values.siteId, occupancy, staleHoldsAt, executor);
      const occupancyRows = occupancy.map((row) => occupancyRow(values.siteId, values.id!, row));
      const shape =
        [values, ...occupancyRows].map(rowShape).join('|') +
        `|${occupancyRows.length}|` +
        alongside.map((part) => `${getTableName(part.table)}:${part.rows.map(rowShape).join(';')}`).join('|');
      let name = statementNames.get(shape);
      if (!name) {
        name = `bookings_insert_with_holds_${statementNames.size}`;
        statementNames.set(shape, name);
      }
      const parameters: Record<string, unknown> = {};
      rowValues(values, 'b_', parameters);
      occupancyRows.forEach((row, index) => rowValues(row, `o${index}_`, parameters));
      alongside.forEach((part, partIndex) =>
        part.rows.forEach((row, index) => rowValues(row, `a${partIndex}_${index}_`, parameters)),
      );
      const [row] = await statements.run(
        name,
        executor,
        (builder, statementName) => {
          const ctes = [];
          if (occupancyRows.length > 0) {
            ctes.push(
              builder.$with('occupancy_rows').as(
                builder
                  .insert(bookingOccupancy)
                  .values(occupancyRows.map((row, index) => rowPlaceholders(row, `o${index}_`)))
                  .returning({ id: bookingOccupancy.id }),
              ),
            );
          }
          alongside.forEach((part, partIndex) => {
            if (part.rows.length === 0) return;
            ctes.push(
              builder.$with(`alongside_${partIndex}`).as(
                builder
                  .insert(part.table)
                  .values(part.rows.map((row, index) => rowPlaceholders(row, `a${partIndex}_${index}_`)))
                  .returning({ written: sql<number>`1` }),
              ),
            );
          });
          // Only what the database computes comes back: reading the whole row cost a parser per column.
          return builder
            .with(...ctes)
            .insert(bookings)
            .values(rowPlaceholders(values, 'b_'))
            .returning({ createdDate: bookings.createdDate, updatedDate: bookings.updatedDate })
            .prepare(statementName);
        },
        parameters,
      );
      return storedBooking(values, row!);
    },

    /** The sites that have bookings whose reminder is due at `now` (see `claimDueReminders`). */
    async sitesWithDueReminders(now: Date, leadMinutes: number, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .selectDistinct({ siteId: bookings.siteId })
        .from(bookings)
        .where(reminderDue(now, leadMinutes));
      return rows.map((row) => row.siteId);
    },

    /**
     * Claims up to `limit` bookings of `siteIds` whose reminder is due at `now`: confirmed, starting within
     * `leadMinutes`, not yet reminded for this start, and booked before their reminder time. They are
     * marked reminded as they are claimed; rows another sweep holds are skipped. Neither the revision
     * nor the update time changes: the reminder is not a change of the booking.
     */
    async claimDueReminders(
      now: Date,
      leadMinutes: number,
      siteIds: readonly string[],
      limit: number,
      executor: Executor,
    ): Promise<BookingRow[]> {
      if (siteIds.length === 0) return [];
      const due = executor
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(reminderDue(now, leadMinutes), inArray(bookings.siteId, [...siteIds])))
        .orderBy(asc(bookings.startDate))
        .limit(limit)
        .for('update', { skipLocked: true });
      return executor
        .update(bookings)
        .set({ remindedStartDate: sql`${bookings.startDate}` })
        .where(inArray(bookings.id, due))
        .returning();
    },

    async findById(siteId: string, id: string, executor: Executor = db): Promise<BookingRow | undefined> {
      const [row] = await executor.select().from(bookings).where(byId(siteId, id)).limit(1);
      return row;
    },

    async findByIds(siteId: string, ids: readonly string[], executor: Executor = db): Promise<BookingRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), inArray(bookings.id, [...ids])));
    },

    /** Locks the booking for the rest of the transaction: concurrent changes to it queue here. */
    async lockById(siteId: string, id: string, executor: Executor): Promise<BookingRow | undefined> {
      const [row] = await executor.select().from(bookings).where(byId(siteId, id)).for('update').limit(1);
      return row;
    },

    /** Locks bookings in id order (two callers locking the same ones cannot deadlock); missing ids are left out. */
    async lockByIds(siteId: string, ids: readonly string[], executor: Executor): Promise<BookingRow[]> {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), inArray(bookings.id, [...ids])))
        .orderBy(asc(bookings.id))
        .for('update');
    },

    /** Applies changes and bumps the revision (the caller holds the row lock). */
    async update(
      siteId: string,
      id: string,
      changes: BookingChanges,
      executor: Executor,
    ): Promise<BookingRow> {
      const [row] = await executor
        .update(bookings)
        .set({ ...changes, revision: sql`${bookings.revision} + 1`, updatedDate: sql`now()` })
        .where(byId(siteId, id))
        .returning();
      return row!;
    },

    async insertOccupancy(
      siteId: string,
      bookingId: string,
      rows: readonly OccupancyInput[],
      executor: Executor,
      /** Deletes payment holds that expired by then in the way first (paths that are not benchmarked). */
      staleHoldsAt?: Date,
    ): Promise<void> {
      if (rows.length === 0) return;
      await lockHolders(rows, executor);
      if (staleHoldsAt) await deleteStaleOccupancy(siteId, rows, staleHoldsAt, executor);
      await executor.insert(bookingOccupancy).values(rows.map((row) => occupancyRow(siteId, bookingId, row)));
    },

    /** A paid or confirmed booking holds its time for good: its occupancy loses its expiry. */
    async clearHoldExpiry(siteId: string, bookingId: string, executor: Executor): Promise<void> {
      await executor
        .update(bookingOccupancy)
        .set({ holdExpiresAt: null })
        .where(and(eq(bookingOccupancy.siteId, siteId), eq(bookingOccupancy.bookingId, bookingId)));
    },

    /**
     * Payment holds of CREATED bookings last until at least `until` (never shortened): on the booking and its
     * occupancy (availability extends its busy time). Neither the revision nor the update time changes: the wire booking does not.
     */
    async extendHoldExpiry(
      siteId: string,
      bookingIds: readonly string[],
      until: Date,
      executor: Executor,
    ): Promise<void> {
      if (bookingIds.length === 0) return;
      const ids = [...bookingIds];
      await executor
        .update(bookings)
        .set({ holdExpiresAt: sql`greatest(${bookings.holdExpiresAt}, ${until})` })
        .where(
          and(
            eq(bookings.siteId, siteId),
            inArray(bookings.id, ids),
            eq(bookings.status, 'CREATED'),
            isNotNull(bookings.holdExpiresAt),
          ),
        );
      await executor
        .update(bookingOccupancy)
        .set({ holdExpiresAt: sql`greatest(${bookingOccupancy.holdExpiresAt}, ${until})` })
        .where(
          and(
            eq(bookingOccupancy.siteId, siteId),
            inArray(bookingOccupancy.bookingId, ids),
            isNotNull(bookingOccupancy.holdExpiresAt),
          ),
        );
    },

    /** The sites that have bookings whose payment hold expired by `now`. */
    async sitesWithExpiredHolds(now: Date, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .selectDistinct({ siteId: bookings.siteId })
        .from(bookings)
        .where(and(eq(bookings.status, 'CREATED'), lte(bookings.holdExpiresAt, now)));
      return rows.map((row) => row.siteId);
    },

    /**
     * Locks up to `limit` bookings still waiting for a payment whose hold expired by `now` (of one site,
     * or of one class session), skipping rows another sweep holds.
     */
    async lockExpiredHolds(
      now: Date,
      where: { siteId: string; scheduleId?: string; sessionKey?: string },
      limit: number,
      executor: Executor,
    ): Promise<BookingRow[]> {
      return executor
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, where.siteId),
            eq(bookings.status, 'CREATED'),
            lte(bookings.holdExpiresAt, now),
            where.scheduleId ? eq(bookings.scheduleId, where.scheduleId) : undefined,
            where.sessionKey ? eq(bookings.sessionKey, where.sessionKey) : undefined,
          ),
        )
        .orderBy(asc(bookings.holdExpiresAt), asc(bookings.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async deleteOccupancy(siteId: string, bookingId: string, executor: Executor): Promise<void> {
      await executor
        .delete(bookingOccupancy)
        .where(and(eq(bookingOccupancy.siteId, siteId), eq(bookingOccupancy.bookingId, bookingId)));
    },

    async setOccupancyDoubleBooked(
      siteId: string,
      bookingId: string,
      doubleBooked: boolean,
      executor: Executor,
    ) {
      await executor
        .update(bookingOccupancy)
        .set({ doubleBooked })
        .where(and(eq(bookingOccupancy.siteId, siteId), eq(bookingOccupancy.bookingId, bookingId)));
    },

    // --- class and course spots ---------------------------------------------------------------------

    /**
     * Locks the spots row of a session, creating it on first use. The row lock is what keeps capacity:
     * every booking that takes or returns spots of the session waits here for the one before it.
     */
    async lockSpots(
      key: { siteId: string; scheduleId: string; sessionKey: string },
      limits: { capacity: number; waitlistCapacity: number },
      executor: Executor,
    ): Promise<SessionSpotsRow> {
      await executor
        .insert(bookingSessionSpots)
        .values({ ...key, capacity: limits.capacity, waitlistCapacity: limits.waitlistCapacity })
        .onConflictDoNothing();
      const [row] = await executor
        .select()
        .from(bookingSessionSpots)
        .where(
          and(
            eq(bookingSessionSpots.siteId, key.siteId),
            eq(bookingSessionSpots.scheduleId, key.scheduleId),
            eq(bookingSessionSpots.sessionKey, key.sessionKey),
          ),
        )
        .for('update');
      // The catalogue may have changed the capacity since the row was made; the current one counts.
      if (row!.capacity !== limits.capacity || row!.waitlistCapacity !== limits.waitlistCapacity) {
        const [updated] = await executor
          .update(bookingSessionSpots)
          .set({ capacity: limits.capacity, waitlistCapacity: limits.waitlistCapacity })
          .where(
            and(
              eq(bookingSessionSpots.siteId, key.siteId),
              eq(bookingSessionSpots.scheduleId, key.scheduleId),
              eq(bookingSessionSpots.sessionKey, key.sessionKey),
            ),
          )
          .returning();
        return updated!;
      }
      return row!;
    },

    /** Reads a spots row under lock, or undefined when no booking ever took a spot of it. */
    async lockExistingSpots(
      key: { siteId: string; scheduleId: string; sessionKey: string },
      executor: Executor,
    ): Promise<SessionSpotsRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookingSessionSpots)
        .where(
          and(
            eq(bookingSessionSpots.siteId, key.siteId),
            eq(bookingSessionSpots.scheduleId, key.scheduleId),
            eq(bookingSessionSpots.sessionKey, key.sessionKey),
          ),
        )
        .for('update');
      return row;
    },

    async adjustSpots(
      key: { siteId: string; scheduleId: string; sessionKey: string },
      delta: { booked: number; waitlisted: number },
      executor: Executor,
    ): Promise<void> {
      await executor
        .update(bookingSessionSpots)
        .set({
          booked: sql`${bookingSessionSpots.booked} + ${delta.booked}`,
          waitlisted: sql`${bookingSessionSpots.waitlisted} + ${delta.waitlisted}`,
          updatedDate: sql`now()`,
        })
        .where(
          and(
            eq(bookingSessionSpots.siteId, key.siteId),
            eq(bookingSessionSpots.scheduleId, key.scheduleId),
            eq(bookingSessionSpots.sessionKey, key.sessionKey),
          ),
        );
    },

    /** The session's waiting list, first in first: the order promotion follows. */
    async waitlistOf(
      key: { siteId: string; scheduleId: string; sessionKey: string },
      executor: Executor,
    ): Promise<BookingRow[]> {
      return executor
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, key.siteId),
            eq(bookings.scheduleId, key.scheduleId),
            eq(bookings.sessionKey, key.sessionKey),
            eq(bookings.status, 'WAITING_LIST'),
          ),
        )
        .orderBy(asc(bookings.createdDate), asc(bookings.id))
        .for('update');
    },

    // --- multi-service bookings ---------------------------------------------------------------------

    async insertMultiService(
      values: { siteId: string; type: string; createdById: string | null },
      executor: Executor,
    ): Promise<MultiServiceBookingRow> {
      const [row] = await executor.insert(multiServiceBookings).values(values).returning();
      return row!;
    },

    async findMultiService(siteId: string, id: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(multiServiceBookings)
        .where(and(eq(multiServiceBookings.siteId, siteId), eq(multiServiceBookings.id, id)))
        .limit(1);
      return row;
    },

    async lockMultiService(siteId: string, id: string, executor: Executor) {
      const [row] = await executor
        .select()
        .from(multiServiceBookings)
        .where(and(eq(multiServiceBookings.siteId, siteId), eq(multiServiceBookings.id, id)))
        .for('update')
        .limit(1);
      return row;
    },

    async touchMultiService(siteId: string, id: string, executor: Executor) {
      await executor
        .update(multiServiceBookings)
        .set({ revision: sql`${multiServiceBookings.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(multiServiceBookings.siteId, siteId), eq(multiServiceBookings.id, id)));
    },

    async bookingsOfMultiService(siteId: string, ids: readonly string[], executor: Executor = db) {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), inArray(bookings.multiServiceBookingId, [...ids])))
        .orderBy(asc(bookings.startDate), asc(bookings.id));
    },

    async setMultiService(
      siteId: string,
      bookingIds: readonly string[],
      msb: { id: string; type: string } | null,
      executor: Executor,
    ) {
      if (bookingIds.length === 0) return;
      await executor
        .update(bookings)
        .set({
          multiServiceBookingId: msb?.id ?? null,
          multiServiceBookingType: msb?.type ?? null,
          revision: sql`${bookings.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(and(eq(bookings.siteId, siteId), inArray(bookings.id, [...bookingIds])));
    },

    /** A staff member's bookings that hold their time and end after `since`, earliest first. */
    async slotHoldingOfStaff(
      siteId: string,
      staffMemberId: string,
      since: Date,
      limit: number,
      executor: Executor = db,
    ): Promise<BookingRow[]> {
      return executor
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, siteId),
            eq(bookings.staffMemberId, staffMemberId),
            inArray(bookings.status, [...slotHoldingStatuses]),
            gt(bookings.endDate, since),
          ),
        )
        .orderBy(asc(bookings.startDate), asc(bookings.id))
        .limit(limit);
    },

    /**
     * Participants on the waiting list per class session (keyed by the session they wait for), or per
     * course schedule under the schedule id.
     */
    async waitlistedOf(
      siteId: string,
      scheduleIds: readonly string[],
      executor: Executor = db,
    ): Promise<Map<string, number>> {
      if (scheduleIds.length === 0) return new Map();
      const key = sql<string>`coalesce(${bookings.sessionKey}, ${bookings.scheduleId}::text)`;
      const rows = await executor
        .select({ key, participants: sql<number>`sum(${bookings.totalParticipants})::int` })
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, siteId),
            inArray(bookings.scheduleId, [...scheduleIds]),
            eq(bookings.status, 'WAITING_LIST'),
          ),
        )
        .groupBy(key);
      return new Map(rows.map((row) => [row.key, Number(row.participants)]));
    },

    // --- queries ------------------------------------------------------------------------------------

    async page(
      siteId: string,
      where: SQL | undefined,
      order: SQL[],
      limit: number,
      offset: number,
      executor: Executor = db,
    ): Promise<BookingRow[]> {
      return executor
        .select()
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), where))
        .orderBy(...order, asc(bookings.id))
        .limit(limit)
        .offset(offset);
    },

    /**
     * The site's bookings in `statuses` that end after `after`, split by whether they are of a session (classes
     * and courses name one) or appointments.
     */
    async endingAfter(
      siteId: string,
      after: Date,
      statuses: ReadonlyArray<BookingRow['status']>,
      kind: 'session' | 'appointment',
      executor: Executor = db,
    ): Promise<BookingRow[]> {
      return executor
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, siteId),
            gt(bookings.endDate, after),
            inArray(bookings.status, [...statuses]),
            kind === 'session' ? isNotNull(bookings.sessionKey) : isNull(bookings.sessionKey),
          ),
        )
        .orderBy(asc(bookings.startDate), asc(bookings.id));
    },

    async count(siteId: string, where: SQL | undefined, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), where));
      return Number(row?.count ?? 0);
    },

    /**
     * How many bookings matching `where` start in each of the ranges between consecutive `boundaries` (instants,
     * ascending): index 0 is the first range. Ranges without bookings are absent.
     */
    async countBetween(
      siteId: string,
      where: SQL | undefined,
      boundaries: readonly Date[],
      executor: Executor = db,
    ): Promise<Map<number, number>> {
      const thresholds = sql.join(
        boundaries.map((boundary) => sql`${boundary.toISOString()}::timestamptz`),
        sql`, `,
      );
      const bucket = sql<number>`width_bucket(${bookings.startDate}, ARRAY[${thresholds}])`;
      const rows = await executor
        .select({ bucket, count: sql<number>`count(*)::int` })
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, siteId),
            gte(bookings.startDate, boundaries[0]!),
            lt(bookings.startDate, boundaries[boundaries.length - 1]!),
            where,
          ),
        )
        // By position: the bucket expression written again would bind its thresholds as new parameters,
        // which PostgreSQL does not see as the selected expression.
        .groupBy(sql`1`);
      return new Map(rows.map((row) => [Number(row.bucket) - 1, Number(row.count)]));
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
