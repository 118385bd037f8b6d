import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { createStatementCache, prepareRaw } from '../db/prepared.ts';
import { holdCapacities, holds, type HoldRow } from './holds.tables.ts';

/** A key that does not fit: what was asked and what the other owners left (0 for an unknown key). */
export interface ShortfallRow {
  key: string;
  requested: number;
  available: number;
}

/** A column's bare name (an INSERT's column list, an UPDATE's SET, a column of an alias). */
const name = (column: { name: string }) => sql.identifier(column.name);

// Holding and selling are prepared once (prepared.ts): the items bind as two arrays, so one text serves
// any number of keys, and the site, owner and times are placeholders too.
const statements = createStatementCache();
const placeholder = (key: string) => sql`${sql.placeholder(key)}`;

/** `WITH wanted(key, quantity)`: the items (the `keys` and `quantities` arrays) as rows. */
const wanted = sql`WITH wanted(key, quantity) AS (
  SELECT * FROM unnest(${placeholder('keys')}::text[], ${placeholder('quantities')}::int[]))`;

/** The values `wanted` and `shortOf` ask for. */
function itemValues(items: ReadonlyArray<{ key: string; quantity: number }>) {
  return { keys: items.map((item) => item.key), quantities: items.map((item) => item.quantity) };
}

/**
 * `short`: the wanted keys that do not fit in what is left for the `owner` at `now` (total − committed −
 * the other owners' live holds), computed in the statement after the lock.
 */
function shortOf(): SQL {
  const c = holdCapacities;
  const h = holds;
  const col = (column: { name: string }) => sql`capacity.${name(column)}`;
  const siteId = sql`${placeholder('siteId')}::uuid`;
  const left = sql`(${col(c.total)} - ${col(c.committed)} - (
    SELECT coalesce(sum(${h.quantity}), 0)::int FROM ${h}
    WHERE ${h.siteId} = ${siteId} AND ${h.capacityKey} = wanted.key
      AND ${h.expiresAt} > ${placeholder('now')}::timestamptz AND ${h.owner} <> ${placeholder('owner')}::text))`;
  return sql`short AS (
    SELECT wanted.key, wanted.quantity AS requested, greatest(0, coalesce(${left}, 0))::int AS available
    FROM wanted
    LEFT JOIN ${c} AS capacity
      ON ${col(c.siteId)} = ${siteId} AND ${col(c.key)} = wanted.key
    WHERE ${col(c.key)} IS NULL OR ${left} < wanted.quantity
  )`;
}

async function shortfallRows(
  executor: Executor,
  statement: string,
  query: () => SQL,
  values: Record<string, unknown>,
): Promise<ShortfallRow[]> {
  const { rows } = await statements.run(
    statement,
    executor,
    (x, statementName) => prepareRaw<ShortfallRow>(x, statementName, query()),
    values,
  );
  return rows.map((row) => ({
    key: row.key,
    requested: Number(row.requested),
    available: Number(row.available),
  }));
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
     * Holds `items` for `owner` until `expiresAt` (an owner's hold on a key is replaced, never doubled) if
     * every one fits in what the other owners left at `now`, and otherwise writes nothing: one statement
     * that answers the shortfalls (none: held). The caller has locked the rows (`lockInKeyOrder`) in an
     * earlier statement, so this one's snapshot holds every hold committed before the locks were given
     * (under READ COMMITTED a statement sees the database as it was when it began: a sum taken in the
     * locking statement would miss the holds of the transaction it waited for).
     */
    async holdIfAvailable(
      request: {
        siteId: string;
        kind: string;
        owner: string;
        items: ReadonlyArray<{ key: string; quantity: number }>;
        expiresAt: Date;
        now: Date;
      },
      executor: Executor,
    ): Promise<ShortfallRow[]> {
      const { siteId, owner, items } = request;
      if (items.length === 0) return [];
      return shortfallRows(
        executor,
        'holds_hold_if_available',
        () => sql`${wanted}, ${shortOf()},
          held AS (
            INSERT INTO ${h} (${name(h.siteId)}, ${name(h.kind)}, ${name(h.capacityKey)}, ${name(h.quantity)},
              ${name(h.owner)}, ${name(h.expiresAt)})
            SELECT ${placeholder('siteId')}::uuid, ${placeholder('kind')}::text, wanted.key, wanted.quantity,
              ${placeholder('owner')}::text, ${placeholder('expiresAt')}::timestamptz
            FROM wanted WHERE NOT EXISTS (SELECT 1 FROM short)
            ON CONFLICT (${name(h.siteId)}, ${name(h.capacityKey)}, ${name(h.owner)}) DO UPDATE
            SET ${name(h.quantity)} = excluded.${name(h.quantity)},
              ${name(h.expiresAt)} = excluded.${name(h.expiresAt)}, ${name(h.kind)} = excluded.${name(h.kind)}
          )
          SELECT key, requested, available FROM short`,
        {
          ...itemValues(items),
          siteId,
          owner,
          kind: request.kind,
          now: request.now,
          expiresAt: request.expiresAt,
        },
      );
    },

    /**
     * Sells `items` for `owner` if every one fits in what the other owners left at `now` (the owner's own
     * live hold always does): the committed counts go up and the owner's holds on those keys are deleted,
     * in one statement that answers the shortfalls (none: committed) and changes nothing when there are
     * any. The caller has locked the rows (`lockInKeyOrder`) in an earlier statement, as for a hold.
     */
    async commitIfAvailable(
      request: {
        siteId: string;
        owner: string;
        items: ReadonlyArray<{ key: string; quantity: number }>;
        now: Date;
      },
      executor: Executor,
    ): Promise<ShortfallRow[]> {
      const { siteId, owner, items } = request;
      if (items.length === 0) return [];
      const site = sql`${placeholder('siteId')}::uuid`;
      return shortfallRows(
        executor,
        'holds_commit_if_available',
        () => sql`${wanted}, ${shortOf()},
          sold AS (
            UPDATE ${c} SET ${name(c.committed)} = ${c}.${name(c.committed)} + wanted.quantity,
              ${name(c.updatedDate)} = now()
            FROM wanted
            WHERE ${c}.${name(c.siteId)} = ${site} AND ${c}.${name(c.key)} = wanted.key
              AND NOT EXISTS (SELECT 1 FROM short)
          ),
          released AS (
            DELETE FROM ${h}
            WHERE ${h.siteId} = ${site} AND ${h.owner} = ${placeholder('owner')}::text
              AND ${h.capacityKey} IN (SELECT key FROM wanted) AND NOT EXISTS (SELECT 1 FROM short)
          )
          SELECT key, requested, available FROM short`,
        { ...itemValues(items), siteId, owner, now: request.now },
      );
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
      const live = sql`${h.siteId} = ${siteId} and ${h.capacityKey} = ${key} and ${h.expiresAt} > ${now}`;
      return {
        onHand: sql<number | null>`case when ${when} then (select (${c.total} - ${c.committed})::int from ${c}
          where ${c.siteId} = ${siteId} and ${c.key} = ${key}) end`,
        held: sql<number>`case when ${when} then (select coalesce(sum(${h.quantity}), 0)::int from ${h}
          where ${live}) else 0 end`,
        /** When the first of the live holds runs out (null: none), i.e. until when `held` stays as it is. */
        heldUntil: sql<Date | null>`case when ${when} then (select min(${h.expiresAt}) from ${h}
          where ${live}) end`,
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
      await statements.run(
        'holds_lock_in_key_order',
        executor,
        (x, statementName) =>
          x
            .select({ key: c.key })
            .from(c)
            .where(
              and(
                eq(c.siteId, sql.placeholder('siteId')),
                sql`${c.key} = any(${placeholder('keys')}::text[])`,
              ),
            )
            .orderBy(asc(c.key))
            .for('update')
            .prepare(statementName),
        { siteId, keys: [...keys] },
      );
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
