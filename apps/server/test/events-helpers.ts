import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { executeRows, type Database, type Executor } from '../src/platform/db/database.ts';

/** A logger that drops everything, for event buses built outside an app. */
export const silentLog = Fastify({ logger: false }).log;

/** Polls `check` until it returns true; fails with `what` when `timeoutMs` passes first. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The table test handlers record their deliveries in; no unique key, so a duplicate would show. */
export async function createDeliveriesTable(database: Database): Promise<void> {
  await database.query(
    `CREATE TABLE IF NOT EXISTS test_deliveries (
       event_id uuid NOT NULL,
       handler text NOT NULL,
       worker text NOT NULL DEFAULT '',
       payload jsonb,
       delivered_at timestamptz NOT NULL DEFAULT clock_timestamp()
     )`,
  );
}

export async function recordDelivery(
  tx: Executor,
  delivery: { eventId: string; handler: string; worker?: string; payload?: unknown },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO test_deliveries (event_id, handler, worker, payload)
        VALUES (${delivery.eventId}, ${delivery.handler}, ${delivery.worker ?? ''}, ${JSON.stringify(delivery.payload ?? null)}::jsonb)`,
  );
}

export async function deliveries(
  database: Database,
): Promise<Array<{ eventId: string; handler: string; worker: string; payload: unknown }>> {
  return executeRows(
    database.db,
    sql`SELECT event_id AS "eventId", handler, worker, payload FROM test_deliveries ORDER BY delivered_at`,
  );
}
