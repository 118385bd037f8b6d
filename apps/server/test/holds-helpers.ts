import { sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/database.ts';
import type { EventBus } from '../src/platform/bus/types.ts';

/** Where the recording bus writes what the sweep emits; no unique key, so a second release would show. */
export async function createExpiredEventsTable(database: Database): Promise<void> {
  await database.query(
    `CREATE TABLE IF NOT EXISTS test_hold_events (
       name text NOT NULL,
       site_id uuid NOT NULL,
       hold_id uuid NOT NULL,
       worker text NOT NULL
     )`,
  );
}

/**
 * An event bus whose emits are rows of `test_hold_events`, written through the emitting transaction as
 * the real bus writes its jobs: a rolled-back sweep leaves none.
 */
export function recordingEventBus(worker: string, options: { failEmits?: boolean } = {}): EventBus {
  const write = async (
    tx: Parameters<EventBus['emit']>[0],
    event: { name: string; siteId: string; data: unknown },
  ) => {
    if (options.failEmits) throw new Error('the queue is down');
    const holdId = (event.data as { hold: { id: string } }).hold.id;
    await tx.execute(
      sql`INSERT INTO test_hold_events (name, site_id, hold_id, worker)
          VALUES (${event.name}, ${event.siteId}, ${holdId}, ${worker})`,
    );
    return holdId;
  };
  const unused = () => {
    throw new Error('not used by the holds primitive');
  };
  return {
    emit: (tx, event) => write(tx, event),
    async emitMany(tx, events) {
      const ids = [];
      for (const event of events) ids.push(await write(tx, event));
      return ids;
    },
    subscribe: unused,
    defineJob: unused,
    schedule: unused,
    cron: unused,
    observe: unused,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

/** `count` holds of one capacity, each its own owner, all expired at `expiredAt`. */
export async function insertExpiredHolds(
  database: Database,
  siteId: string,
  count: number,
  expiredAt: Date,
): Promise<void> {
  await database.query(
    `INSERT INTO platform_holds (site_id, kind, capacity_key, quantity, owner, expires_at)
     SELECT $1::uuid, 'test', 'sweep:item', 1, 'owner-' || n, $2::timestamptz FROM generate_series(1, $3::int) AS n`,
    [siteId, expiredAt.toISOString(), count],
  );
}
