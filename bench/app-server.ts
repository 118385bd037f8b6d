// One server process of the benchmarks (bookings.bench.ts and ecom.bench.ts fork it): the real app on the bench's
// database, listening on a free port. Over IPC it reports its port once listening, and on request its
// CPU time and the statements its pg clients sent, so the bench can divide them by the bookings made.
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';

export type ServerMessage =
  | { type: 'listening'; url: string }
  | { type: 'sql-done'; rows?: unknown[]; error?: string }
  | { type: 'stats'; statements: number; statementMicros: number; cpuMicros: number; systemMicros: number };

const send = (message: ServerMessage) => process.send!(message);

let statements = 0;
/** Wall time from sending each statement until its answer, summed (statements overlap, so an upper bound). */
let statementMicros = 0;
const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const original = prototype.query;
prototype.query = function (this: unknown, ...args: unknown[]) {
  statements += 1;
  const started = performance.now();
  const settle = () => {
    const took = performance.now() - started;
    statementMicros += Math.round(took * 1000);
  };
  const callback = args.findIndex((arg) => typeof arg === 'function');
  if (callback >= 0) {
    const done = args[callback] as (...values: unknown[]) => unknown;
    args[callback] = (...values: unknown[]) => (settle(), done(...values));
  }
  const result = original.apply(this, args);
  if (callback < 0 && result instanceof Promise) void result.then(settle, settle);
  return result;
};

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const database = await openDatabase({ databaseUrl, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) });
const app = await buildApp({
  config: testConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
    // As a deployment would run it: one process works the queues, the others only serve requests.
    WORKER_ENABLED: process.env.BENCH_WORKER === 'true' ? 'true' : 'false',
    // The webhooks bench's receiver listens on 127.0.0.1.
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    // The store's kept figures, rewritten by the worker as a deployment's is (tests turn it off).
    STORES_FIGURES_UPKEEP_MS: '1000',
  }),
  database,
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });

process.on('message', (message: { type: string; text?: string; values?: unknown[] }) => {
  if (message.type === 'sql') {
    // A bench's bulk set-up on this process's database (the only way in to an in-memory PGlite).
    void database.query(message.text!, message.values).then(
      (rows) => send({ type: 'sql-done', rows }),
      (error: Error) => send({ type: 'sql-done', error: error.message }),
    );
  } else if (message.type === 'stats') {
    const cpu = process.cpuUsage();
    send({
      type: 'stats',
      statements,
      statementMicros,
      cpuMicros: cpu.user + cpu.system,
      systemMicros: cpu.system,
    });
  } else if (message.type === 'stop') {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  }
});
send({ type: 'listening', url });
