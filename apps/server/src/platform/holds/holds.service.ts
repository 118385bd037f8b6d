import type { Database, Executor, SqlFragment, Tx } from '../db/database.ts';
import type { EventBus } from '../bus/types.ts';
import { createHoldsRepository } from './holds.repository.ts';
import type { HoldRow } from './holds.tables.ts';

/** The cron job that deletes expired holds and emits `<kind>.hold.expired` for each (every minute). */
export const holdsSweepName = 'holds.sweep-expired';

export interface HoldItem {
  key: string;
  quantity: number;
}

export interface Shortfall {
  key: string;
  requested: number;
  /** What was left for this owner at `now` (0 for a capacity that was never defined). */
  available: number;
}

export type HoldOutcome = { ok: true } | { ok: false; shortfalls: Shortfall[] };
export type CommitOutcome = { ok: true } | { ok: false; shortfalls: Shortfall[] };

/** The event each expired hold is swept with: `<kind>.hold.expired`. */
export interface HoldExpiredEvent {
  hold: { id: string; capacityKey: string; quantity: number; owner: string; expiresAt: string };
}

export interface HoldsServiceDeps {
  database: Database;
  events: EventBus;
}

/** Sums repeated keys and sorts by key: the order locks are taken in. */
function normalize(items: readonly HoldItem[]): HoldItem[] {
  const sums = new Map<string, number>();
  for (const item of items) {
    if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
      throw new RangeError(`a hold's quantity must be a positive integer (${item.key}: ${item.quantity})`);
    }
    sums.set(item.key, (sums.get(item.key) ?? 0) + item.quantity);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, quantity]) => ({ key, quantity }));
}

/**
 * Limited capacity held for a while (commerce.md, "Holds"). Every method that writes runs in the
 * caller's transaction, so a hold is taken or committed together with the cart, order or booking it is
 * for; the clock is the caller's `now`, so a hold stops counting at its expiry whatever runs or not.
 */
export function createHoldsService(deps: HoldsServiceDeps) {
  const repository = createHoldsRepository(deps.database.db);

  async function hold(
    tx: Tx,
    request: {
      siteId: string;
      kind: string;
      owner: string;
      items: readonly HoldItem[];
      expiresAt: Date;
      now: Date;
    },
  ): Promise<HoldOutcome> {
    const items = normalize(request.items);
    await repository.lockInKeyOrder(
      request.siteId,
      items.map((item) => item.key),
      tx,
    );
    const shortfalls = await repository.holdIfAvailable({ ...request, items }, tx);
    return shortfalls.length > 0 ? { ok: false, shortfalls } : { ok: true };
  }

  return {
    /** Sets how much of `key` there is (creating the capacity); what is committed stays. */
    async defineCapacity(executor: Executor, siteId: string, key: string, total: number): Promise<void> {
      if (!Number.isInteger(total) || total < 0)
        throw new RangeError(`capacity ${key} must be a whole number ≥ 0`);
      await repository.upsertCapacity(siteId, key, total, executor);
    },

    /**
     * Holds `items` for `owner` until `expiresAt`, all or nothing, under locks on the capacity rows taken
     * in key order. The owner's own holds on those keys are replaced (asking again extends, never
     * doubles); a shortfall changes nothing and says what was left.
     */
    hold,

    /**
     * Moves every hold of `owner` to `expiresAt`. A hold that already expired is taken again only if the
     * capacity is still there; with no holds left (released or swept) there is nothing to extend.
     */
    async extend(
      tx: Tx,
      request: { siteId: string; kind: string; owner: string; expiresAt: Date; now: Date },
    ): Promise<HoldOutcome> {
      const current = await repository.holdsOf(request.siteId, request.owner, tx);
      if (current.length === 0) return { ok: false, shortfalls: [] };
      return hold(tx, {
        ...request,
        items: current.map((row) => ({ key: row.capacityKey, quantity: row.quantity })),
      });
    },

    /** Gives back the owner's holds (of `keys` when given). Idempotent; takes no capacity lock. */
    async release(
      tx: Tx,
      request: { siteId: string; owner: string; keys?: readonly string[] },
    ): Promise<number> {
      const deleted = await repository.deleteHolds(request.siteId, request.owner, request.keys, tx);
      return deleted.length;
    },

    /**
     * Sells `items` for good: under the capacity locks (key order) the owner's holds on them become
     * committed and are deleted. A hold that expired (or was swept) is honoured only if the capacity is
     * still there, else nothing changes and the shortfall is returned (a late payment is refunded).
     */
    async commit(
      tx: Tx,
      request: { siteId: string; owner: string; items: readonly HoldItem[]; now: Date },
    ): Promise<CommitOutcome> {
      const items = normalize(request.items);
      await repository.lockInKeyOrder(
        request.siteId,
        items.map((item) => item.key),
        tx,
      );
      // The owner's live hold is within what others left, so one check covers held and re-taken units.
      const shortfalls = await repository.commitIfAvailable({ ...request, items }, tx);
      return shortfalls.length > 0 ? { ok: false, shortfalls } : { ok: true };
    },

    /**
     * Returns committed units (a refund or cancellation). More becomes available, so nothing is checked;
     * the rows are still locked in key order first, as every writer does, so the update cannot deadlock.
     */
    async uncommit(tx: Tx, request: { siteId: string; items: readonly HoldItem[] }): Promise<void> {
      const items = normalize(request.items);
      await repository.lockInKeyOrder(
        request.siteId,
        items.map((item) => item.key),
        tx,
      );
      await repository.addCommitted(
        request.siteId,
        items.map((item) => ({ key: item.key, quantity: -item.quantity })),
        tx,
      );
    },

    /** What is left of each key at `now`: total − committed − live holds (never below 0; unknown keys 0). */
    async available(
      siteId: string,
      keys: readonly string[],
      now: Date,
      executor?: Executor,
    ): Promise<Map<string, number>> {
      const rows = await repository.available(siteId, keys, now, executor);
      const found = new Map(rows.map((row) => [row.key, Math.max(0, row.available)]));
      return new Map(keys.map((key) => [key, found.get(key) ?? 0]));
    },

    /** Sets how many are on hand (not yet sold) of `key`, creating the capacity; what is committed stays. */
    async setOnHand(executor: Executor, siteId: string, key: string, onHand: number): Promise<void> {
      if (!Number.isInteger(onHand) || onHand < 0)
        throw new RangeError(`on hand of ${key} must be a whole number ≥ 0`);
      await repository.setOnHand(siteId, key, onHand, executor);
    },

    /**
     * Adds `delta` (negative to take away) to what is on hand, never below zero: the new quantity on
     * hand, or undefined when it would go negative or `key` has no capacity (nothing changes).
     */
    async adjustOnHand(
      executor: Executor,
      siteId: string,
      key: string,
      delta: number,
    ): Promise<number | undefined> {
      if (!Number.isInteger(delta))
        throw new RangeError(`a stock change must be a whole number (${key}: ${delta})`);
      return repository.adjustOnHand(siteId, key, delta, executor);
    },

    /**
     * SQL columns giving the capacity `key` (an expression over the caller's row) as `onHand` (null when
     * there is no capacity) and `held` (live holds at `now`): a module reads stock with its rows in one
     * statement, by the same rule as `levels`.
     */
    levelColumns(siteId: SqlFragment, key: SqlFragment, now: Date | SqlFragment, when?: SqlFragment) {
      return repository.levelColumns(siteId, key, now, when);
    },

    /** Forgets capacities and their holds (the thing they counted is gone). */
    async deleteCapacities(executor: Executor, siteId: string, keys: readonly string[]): Promise<void> {
      await repository.deleteCapacities(siteId, keys, executor);
    },

    /** On hand and available (on hand − live holds, never below 0) at `now`; keys without a capacity are absent. */
    async levels(
      siteId: string,
      keys: readonly string[],
      now: Date,
      executor?: Executor,
    ): Promise<Map<string, { onHand: number; available: number }>> {
      const rows = await repository.levels(siteId, keys, now, executor);
      return new Map(
        rows.map((row) => [row.key, { onHand: row.onHand, available: Math.max(0, row.available) }]),
      );
    },

    /** The owner's holds, expired ones included (they stop counting, they are not gone until swept). */
    async holdsOf(siteId: string, owner: string, executor?: Executor): Promise<HoldRow[]> {
      return repository.holdsOf(siteId, owner, executor);
    },

    /**
     * Deletes holds that expired by `now`, a batch per transaction, and emits `<kind>.hold.expired` for
     * each in the transaction that deleted it: however many processes sweep, a hold is released and
     * announced once. Returns the holds this call deleted.
     */
    async sweepExpired(now: Date, batchSize = 500): Promise<HoldRow[]> {
      const swept: HoldRow[] = [];
      for (;;) {
        const batch = await deps.database.transaction(async (tx) => {
          const rows = await repository.deleteExpired(now, batchSize, tx);
          if (rows.length > 0) {
            await deps.events.emitMany(
              tx,
              rows.map((row) => ({
                name: `${row.kind}.hold.expired`,
                siteId: row.siteId,
                data: {
                  hold: {
                    id: row.id,
                    capacityKey: row.capacityKey,
                    quantity: row.quantity,
                    owner: row.owner,
                    expiresAt: row.expiresAt.toISOString(),
                  },
                } satisfies HoldExpiredEvent,
              })),
            );
          }
          return rows;
        });
        swept.push(...batch);
        if (batch.length < batchSize) return swept;
      }
    },
  };
}

export type HoldsService = ReturnType<typeof createHoldsService>;
