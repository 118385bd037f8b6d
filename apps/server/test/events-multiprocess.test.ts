// Exactly-once delivery when several workers share one queue.
//
// On PostgreSQL (DATABASE_URL set, as in the CI's second run) this starts TWO separate server
// processes (events-child-process.ts: buildApp with WORKER_ENABLED) on the test database and emits
// from a third, web-only app (WORKER_ENABLED=false) in this process. PGlite cannot be shared between
// processes (one process owns the embedded database), so on PGlite the same test runs two event-bus
// instances, each with its own pg-boss, on the one database. The test is never skipped: which variant
// ran is in its name, and on PostgreSQL it also asserts that the deliveries came from the two
// child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { migrateDatabase, type Database } from '../src/platform/db/database.ts';
import { createEventBus, type PgBossEventBus } from '../src/platform/bus/event-bus.ts';
import type { EventBus } from '../src/platform/bus/types.ts';
import { createTestDatabase } from './test-app.ts';
import { createDeliveriesTable, deliveries, recordDelivery, silentLog, waitFor } from './events-helpers.ts';

const eventCount = 500;
const onPostgres = Boolean(process.env.DATABASE_URL);
const childScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'events-child-process.ts');

function startChild(
  databaseUrl: string,
  worker: string,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ATRIUM_TEST_WORKER: worker },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${worker} did not start:\n${output}`)), 90_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready\n')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${worker} exited with ${code}:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

describe('event delivery with two workers on one database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let emitter: EventBus;
  let workers: string[];
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    ({ database, drop } = created);
    if (onPostgres) {
      // The web-only app emits; it migrates the database before the workers start.
      const app: App = await buildApp({
        config: testConfig({ DATABASE_URL: created.databaseUrl!, WORKER_ENABLED: 'false' }),
        database,
      });
      await app.ready();
      cleanups.push(() => app.close());
      await createDeliveriesTable(database);
      workers = ['process-a', 'process-b'];
      const children = await Promise.all(workers.map((worker) => startChild(created.databaseUrl!, worker)));
      for (const { child } of children) cleanups.push(() => stopChild(child));
      emitter = app.events;
    } else {
      await migrateDatabase(database);
      await createDeliveriesTable(database);
      workers = ['bus-a', 'bus-b'];
      const buses: PgBossEventBus[] = workers.map((worker) => {
        const bus = createEventBus({ database, log: silentLog, work: true });
        bus.subscribe('test.load.sent', 'record', async (event, tx) => {
          await recordDelivery(tx, { eventId: event.id, handler: 'record', worker });
        });
        return bus;
      });
      for (const bus of buses) {
        await bus.start();
        cleanups.push(() => bus.stop());
      }
      emitter = buses[0]!;
    }
  }, 180_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await drop?.();
  }, 60_000);

  it(`delivers each of ${eventCount} events exactly once across ${
    onPostgres ? 'two server processes on PostgreSQL' : 'two event-bus instances on one PGlite database'
  }`, async () => {
    // One transaction, so every job becomes visible at its commit: the time from there to the last
    // delivery is the workers' throughput alone.
    const emitStarted = performance.now();
    const emitted = await database.transaction(async (tx) => {
      const ids: string[] = [];
      for (let n = 0; n < eventCount; n += 1) {
        ids.push(await emitter.emit(tx, { name: 'test.load.sent', siteId: 'test', data: { n } }));
      }
      return ids;
    });
    const committed = performance.now();
    await waitFor(
      `${eventCount} deliveries`,
      async () => {
        const [row] = await database.query<{ n: number }>(
          'SELECT count(DISTINCT event_id)::int AS n FROM test_deliveries',
        );
        return row!.n >= eventCount;
      },
      90_000,
    );
    const drainMs = performance.now() - committed;
    const emitMs = committed - emitStarted;
    // Give a would-be duplicate time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const rows = await deliveries(database);
    const perWorker = Object.fromEntries(workers.map((worker) => [worker, 0]));
    for (const row of rows) perWorker[row.worker] = (perWorker[row.worker] ?? 0) + 1;
    console.log(
      `${onPostgres ? 'postgres, 2 processes' : 'pglite, 2 buses'}: emitted ${eventCount} events in one transaction ` +
        `in ${emitMs.toFixed(0)} ms (${((eventCount / emitMs) * 1000).toFixed(0)}/s); delivered all ${drainMs.toFixed(0)} ms ` +
        `after the commit (${((eventCount / drainMs) * 1000).toFixed(0)} jobs/s); per worker ${JSON.stringify(perWorker)}`,
    );

    expect(rows).toHaveLength(eventCount);
    expect(new Set(rows.map((row) => row.eventId))).toEqual(new Set(emitted));
    expect(Object.keys(perWorker).sort()).toEqual([...workers].sort());
    for (const worker of workers) expect(perWorker[worker]).toBeGreaterThan(0);
  }, 180_000);
});
