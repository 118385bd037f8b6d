import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { holdCapacities, holds, type HoldRow } from './holds.tables.ts';

export interface LockedCapacity {
  key: string;
  total: number;
  committed: number;
  /** Quantity of other owners' holds that have not expired at the `now` given. */
  heldByOthers: number;
}

/** The only file of the holds primitive that speaks Drizzle. */
export function createHoldsRepository(db: Executor) {
  const c = holdCapacities;
  const h = holds;

  return {
    async upsertCapacity(siteId: string, key: string, total: number, executor: Executor = db): Promise<void> {
      await executor
        .insert(c)
        .values({ siteId, key, total })
        .onConflictDoUpdate({ target: [c.siteId, c.key], set: { total, updatedDate: sql`now()` } });
    },

    /**
     * Locks the capacity rows of `keys` in key order (rows are locked as the sorted result comes out, so
     * every caller takes them in the same order and two buyers of the same items cannot deadlock), then
     * reads them with the other owners' live holds. The read is a second statement on purpose: under READ
     * COMMITTED a statement sees the database as it was when the statement began, so a sum taken in the
     * locking statement would miss the holds that the transaction it waited for had just committed.
     */
    async lockCapacities(
      siteId: string,
      keys: readonly string[],
      owner: string,
      now: Date,
      executor: Executor,
    ): Promise<LockedCapacity[]> {
      if (keys.length === 0) return [];
      const ofKeys = and(eq(c.siteId, siteId), inArray(c.key, [...keys]));
      await executor.select({ key: c.key }).from(c).where(ofKeys).orderBy(asc(c.key)).for('update');
      const rows = await executor
        .select({
          key: c.key,
          total: c.total,
          committed: c.committed,
          heldByOthers: sql<number>`(select coalesce(sum(${h.quantity}), 0)::int from ${h}
            where ${h.siteId} = ${c.siteId} and ${h.capacityKey} = ${c.key}
              and ${h.expiresAt} > ${now} and ${h.owner} <> ${owner})`,
        })
        .from(c)
        .where(ofKeys)
        .orderBy(asc(c.key));
      return rows.map((row) => ({ ...row, heldByOthers: Number(row.heldByOthers) }));
    },

    /** Sets what is on hand (not yet sold): `total = committed + onHand`, creating the capacity. */
    async setOnHand(siteId: string, key: string, onHand: number, executor: Executor): Promise<void> {
      await executor
        .insert(c)
        .values({ siteId, key, total: onHand })
        .onConflictDoUpdate({
          target: [c.siteId, c.key],
          set: { total: sql`${c.committed} + ${onHand}`, updatedDate: sql`now()` },
        });
    },

    /**
     * Adds `delta` to what is on hand in one conditional statement (the row lock of the UPDATE orders
     * concurrent changes); refuses, changing nothing, when on hand would go below zero. Returns the new
     * quantity on hand, or undefined when refused or the capacity does not exist.
     */
    async adjustOnHand(
      siteId: string,
      key: string,
      delta: number,
      executor: Executor,
    ): Promise<number | undefined> {
      const [row] = await executor
        .update(c)
        .set({ total: sql`${c.total} + ${delta}`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.key, key), sql`${c.total} + ${delta} >= ${c.committed}`))
        .returning({ total: c.total, committed: c.committed });
      return row ? row.total - row.committed : undefined;
    },

    async deleteCapacities(siteId: string, keys: readonly string[], executor: Executor): Promise<void> {
      if (keys.length === 0) return;
      await executor.delete(h).where(and(eq(h.siteId, siteId), inArray(h.capacityKey, [...keys])));
      await executor.delete(c).where(and(eq(c.siteId, siteId), inArray(c.key, [...keys])));
    },

    /** On hand (total − committed) and what is left at `now` (on hand − live holds) of each capacity. */
    async levels(
      siteId: string,
      keys: readonly string[],
      now: Date,
      executor: Executor = db,
    ): Promise<Array<{ key: string; onHand: number; available: number }>> {
      if (keys.length === 0) return [];
      const rows = await executor
        .select({
          key: c.key,
          onHand: sql<number>`(${c.total} - ${c.committed})::int`,
          held: sql<number>`(select coalesce(sum(${h.quantity}), 0)::int
            from ${h} where ${h.siteId} = ${c.siteId} and ${h.capacityKey} = ${c.key} and ${h.expiresAt} > ${now})`,
        })
        .from(c)
        .where(and(eq(c.siteId, siteId), inArray(c.key, [...keys])));
      return rows.map((row) => ({
        key: row.key,
        onHand: Number(row.onHand),
        available: Number(row.onHand) - Number(row.held),
      }));
    },

    /**
     * On hand and live holds of the capacity named by `key` (an SQL expression over another module's row),
     * as columns of that module's select: stock read in the same statement as the rows it belongs to.
     * `when` skips the lookups for rows that have no capacity (an item that does not count its stock).
     * `now` may be a placeholder of a prepared statement (`sql\`${sql.placeholder('now')}\``).
     */
    levelColumns(siteId: SQL, key: SQL, now: Date | SQL, when: SQL = sql`true`) {
      return {
        onHand: sql<number | null>`case when ${when} then (select (${c.total} - ${c.committed})::int from ${c}
          where ${c.siteId} = ${siteId} and ${c.key} = ${key}) end`,
        held: sql<number>`case when ${when} then (select coalesce(sum(${h.quantity}), 0)::int from ${h}
          where ${h.siteId} = ${siteId} and ${h.capacityKey} = ${key} and ${h.expiresAt} > ${now}) else 0 end`,
      };
    },

    /** What is left of each capacity at `now`, without locking (a read for display). */
    async available(
      siteId: string,
      keys: readonly string[],
      now: Date,
      executor: Executor = db,
    ): Promise<Array<{ key: string; available: number }>> {
      if (keys.length === 0) return [];
      const rows = await executor
        .select({
          key: c.key,
          available: sql<number>`(${c.total} - ${c.committed} - (select coalesce(sum(${h.quantity}), 0)::int
            from ${h} where ${h.siteId} = ${c.siteId} and ${h.capacityKey} = ${c.key} and ${h.expiresAt} > ${now}))::int`,
        })
        .from(c)
        .where(and(eq(c.siteId, siteId), inArray(c.key, [...keys])));
      return rows.map((row) => ({ key: row.key, available: Number(row.available) }));
    },

    async upsertHolds(
      rows: ReadonlyArray<{
        siteId: string;
        kind: string;
        capacityKey: string;
        quantity: number;
        owner: string;
        expiresAt: Date;
      }>,
      executor: Executor,
    ): Promise<HoldRow[]> {
      if (rows.length === 0) return [];
      return executor
        .insert(h)
        .values([...rows])
        .onConflictDoUpdate({
          target: [h.siteId, h.capacityKey, h.owner],
          set: {
            quantity: sql`excluded.quantity`,
            expiresAt: sql`excluded.expires_at`,
            kind: sql`excluded.kind`,
          },
        })
        .returning();
    },

    async holdsOf(siteId: string, owner: string, executor: Executor = db): Promise<HoldRow[]> {
      return executor
        .select()
        .from(h)
        .where(and(eq(h.siteId, siteId), eq(h.owner, owner)))
        .orderBy(asc(h.capacityKey));
    },

    /** Deletes the owner's holds (of `keys` when given); returns the ones that were there. */
    async deleteHolds(
      siteId: string,
      owner: string,
      keys: readonly string[] | undefined,
      executor: Executor,
    ): Promise<HoldRow[]> {
      return executor
        .delete(h)
        .where(
          and(eq(h.siteId, siteId), eq(h.owner, owner), keys ? inArray(h.capacityKey, [...keys]) : undefined),
        )
        .returning();
    },

    /**
     * Adds each item's quantity (negative: gives units back) to its capacity's committed count, in one
     * statement however many items. Callers lock the rows in key order first, so this never deadlocks.
     */
    async addCommitted(
      siteId: string,
      items: ReadonlyArray<{ key: string; quantity: number }>,
      executor: Executor,
    ): Promise<void> {
      if (items.length === 0) return;
      const byKey = sql.join(
        items.map((item) => sql`when ${item.key} then ${item.quantity}::int`),
        sql` `,
      );
      await executor
        .update(c)
        .set({ committed: sql`${c.committed} + (case ${c.key} ${byKey} end)`, updatedDate: sql`now()` })
        .where(
          and(
            eq(c.siteId, siteId),
            inArray(
              c.key,
              items.map((item) => item.key),
            ),
          ),
        );
    },

    /** Locks the capacity rows of `keys` in key order (the order every writer takes them in). */
    async lockInKeyOrder(siteId: string, keys: readonly string[], executor: Executor): Promise<void> {
      if (keys.length === 0) return;
      await executor
        .select({ key: c.key })
        .from(c)
        .where(and(eq(c.siteId, siteId), inArray(c.key, [...keys])))
        .orderBy(asc(c.key))
        .for('update');
    },

    /**
     * Deletes up to `limit` holds that expired by `now` and returns them. Rows another sweep is deleting
     * are skipped, and a row is deleted once whoever gets there first: two sweeps never return the same hold.
     */
    async deleteExpired(now: Date, limit: number, executor: Executor): Promise<HoldRow[]> {
      const due = executor
        .select({ id: h.id })
        .from(h)
        .where(lte(h.expiresAt, now))
        .orderBy(asc(h.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return executor
        .delete(h)
        .where(and(inArray(h.id, due), lte(h.expiresAt, now)))
        .returning();
    },
  };
}

export type HoldsRepository = ReturnType<typeof createHoldsRepository>;
