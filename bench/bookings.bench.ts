import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';
import { startBenchServer, type BenchServer } from './bench-server.ts';
import { machineTicks, postgresCpuMicros } from './bench-tools.ts';
import type { BenchFigure } from './http-overhead.bench.ts';

// Booking creations per second through the real HTTP API, with every check the server makes: the slot
// is re-checked from the catalogue and the busy ledger inside the transaction, the policy, the form,
// the no-double-booking constraint, the event, the mails and the reminder job. Distinct slots measure
// throughput; contended slots (many customers racing for each slot) measure how fast losers get 409.
//
// As deployed: the servers are separate processes (app-server.ts; two on PostgreSQL, one per core,
// one of them working the queues) and the load generator (autocannon, round-robin over the servers) is
// this process. CPU time is read per process, so the cost of a booking can be told apart from the load
// the other users of the machine put on it.

const owner = { [devCallerHeader]: 'WIX_USER:OWNER', 'content-type': 'application/json' };

export interface BookingsBenchResult {
  figures: BenchFigure[];
  /** How the bench ran and what one booking cost, one line each. */
  notes: string[];
}

interface Scratch {
  /** The database URL the servers use (undefined: each server's own in-memory PGlite). */
  url?: string;
  name?: string;
  drop(): Promise<void>;
}

async function scratchDatabase(): Promise<Scratch> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { drop: async () => undefined };
  const name = `atrium_bench_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  // Migrated once here, so the servers start side by side on a ready schema.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  await database.close();
  return { url: url.toString(), name, drop };
}

async function call(base: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: owner,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Setup answers are read by shape at the call site; a wrong one fails the bench there.
  const json = (await response.json()) as Record<string, { id: string }>;
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** Deadlocks PostgreSQL detected in the bench's database so far (0 on PGlite, which has one connection). */
async function deadlockCount(url: string | undefined): Promise<number> {
  if (!url) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ deadlocks: string }>(
      'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(result.rows[0]?.deadlocks ?? 0);
  } finally {
    await client.end();
  }
}

interface Run {
  latencies: number[];
  statuses: Map<number, number>;
  seconds: number;
}

/** Round-robin over the servers: one autocannon instance each, `connections` split between them. */
async function load(
  servers: BenchServer[],
  connections: number,
  durationMs: number,
  next: (index: number) => { body: string; caller: string },
): Promise<Run> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let index = 0;
  const started = performance.now();
  await Promise.all(
    servers.map((server, serverIndex) => {
      const share =
        Math.floor(connections / servers.length) + (serverIndex < connections % servers.length ? 1 : 0);
      let finished!: (error: unknown) => void;
      const done = new Promise<void>((resolve, reject) => {
        finished = (error) => (error ? reject(error as Error) : resolve());
      });
      const instance = autocannon(
        {
          url: server.url,
          connections: share,
          duration: durationMs / 1000,
          requests: [
            {
              method: 'POST',
              path: '/bookings/v2/bookings',
              setupRequest: (request) => {
                const { body, caller } = next(index++);
                return {
                  ...request,
                  body,
                  headers: { 'content-type': 'application/json', [devCallerHeader]: caller },
                };
              },
            },
          ],
        },
        finished,
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      });
      return done;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, statuses, seconds };
}

interface Cost {
  /** Share of the machine's CPU time the host took (steal) during the run, in percent. */
  stealPercent: number;
  serverMicros: number;
  /** The servers' CPU time in the kernel (socket reads and writes, mostly). */
  serverSystemMicros: number;
  statements: number;
  loadMicros: number;
  postgresMicros?: number;
}

/** Runs `work` and returns the CPU time each side spent and the statements the servers sent meanwhile. */
async function measuringCost<T>(
  servers: BenchServer[],
  databaseName: string | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; cost: Cost }> {
  const sample = async () => {
    const stats = await Promise.all(servers.map((server) => server.stats()));
    const self = process.cpuUsage();
    return {
      serverMicros: stats.reduce((sum, stat) => sum + stat.cpuMicros, 0),
      serverSystemMicros: stats.reduce((sum, stat) => sum + stat.systemMicros, 0),
      statements: stats.reduce((sum, stat) => sum + stat.statements, 0),
      loadMicros: self.user + self.system,
      postgresMicros: postgresCpuMicros(databaseName),
      ticks: machineTicks(),
    };
  };
  const before = await sample();
  const result = await work();
  const after = await sample();
  return {
    result,
    cost: {
      stealPercent:
        after.ticks.total > before.ticks.total
          ? (100 * (after.ticks.steal - before.ticks.steal)) / (after.ticks.total - before.ticks.total)
          : 0,
      serverMicros: after.serverMicros - before.serverMicros,
      serverSystemMicros: after.serverSystemMicros - before.serverSystemMicros,
      statements: after.statements - before.statements,
      loadMicros: after.loadMicros - before.loadMicros,
      postgresMicros:
        after.postgresMicros !== undefined && before.postgresMicros !== undefined
          ? after.postgresMicros - before.postgresMicros
          : undefined,
    },
  };
}

export async function runBookingsBench(
  options: { durationMs?: number; connections?: number; servers?: number } = {},
): Promise<BookingsBenchResult> {
  const durationMs = options.durationMs ?? Number(process.env.BENCH_DURATION_MS ?? 8000);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 16);
  // A server runs for days; the figures are its steady state. V8 keeps optimizing the request path for
  // thousands of requests: after 2 s of load a quarter of the servers' CPU still went to its compilers
  // (perf: 15% of the machine) and throughput read about 350/s; after 15 s about 470/s, after 30 s ~3%.
  const warmUpMs = Number(process.env.BENCH_WARMUP_MS ?? 30_000);
  const scratch = await scratchDatabase();
  // PGlite belongs to one process; on PostgreSQL one server process per core.
  const serverCount = scratch.url
    ? (options.servers ?? Number(process.env.BENCH_SERVERS ?? Math.min(2, os.cpus().length)))
    : 1;
  const poolSize = Math.max(4, Math.ceil(connections / serverCount) + 2);
  const servers: BenchServer[] = [];
  try {
    for (let index = 0; index < serverCount; index += 1) {
      servers.push(await startBenchServer({ databaseUrl: scratch.url, worker: index === 0, poolSize }));
    }
    const base = servers[0]!.url;
    const businessHours = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((weekday) => ({
      weekday,
      startTime: '00:00',
      endTime: '24:00',
    }));
    await call(base, 'PATCH', '/bookings/v1/settings', { settings: { businessHours } });
    const staff: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      staff.push(
        (
          await call(base, 'POST', '/bookings/v1/staff-members', {
            staffMember: { name: `Staff ${index}`, email: `staff${index}@example.com` },
          })
        ).staffMember!.id,
      );
    }
    const serviceFor = async (staffMemberId: string) =>
      (
        await call(base, 'POST', '/bookings/v2/services', {
          service: {
            type: 'APPOINTMENT',
            name: 'Bench',
            staffMemberIds: [staffMemberId],
            payment: { rateType: 'FIXED', fixed: { price: { value: '10.00', currency: 'USD' } } },
            schedule: { availabilityConstraints: { durations: [{ minutes: 30 }] } },
          },
        })
      ).service!.id;
    const services = await Promise.all(staff.map(serviceFor));
    const firstSlot = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1);
    const request = (serviceId: string, start: number, index: number) => ({
      caller: `MEMBER:bench-${index}`,
      body: JSON.stringify({
        booking: {
          bookedEntity: { slot: { serviceId, startDate: new Date(start).toISOString() } },
          contactDetails: { firstName: 'Bench', email: `bench${index}@example.com` },
          totalParticipants: 1,
        },
      }),
    });
    // Request i books service i mod 8 at its own half-hour from `from`, so no two requests collide.
    const distinctFrom = (from: number) => (index: number) =>
      request(
        services[index % services.length]!,
        from + Math.floor(index / services.length) * 1_800_000,
        index,
      );

    // Warm-up (JIT, caches, connection pools) on slots of its own, not measured; BENCH_WARMUP_MS changes it.
    await load(servers, connections, warmUpMs, distinctFrom(firstSlot + 800 * 86_400_000));
    const windowStart = process.hrtime.bigint() / 1000n;
    const { result: distinct, cost } = await measuringCost(servers, scratch.name, () =>
      load(servers, connections, durationMs, distinctFrom(firstSlot)),
    );
    const windowEnd = process.hrtime.bigint() / 1000n;
    // Contended: 50 requests race for each slot of one staff member, in waves.
    const contendedStart = firstSlot + 400 * 86_400_000;
    const deadlocksBefore = await deadlockCount(scratch.url);
    const contended = await load(servers, connections, durationMs, (index) =>
      request(services[0]!, contendedStart + Math.floor(index / 50) * 1_800_000, index),
    );
    // The statistics reach pg_stat_database when the backends report them, within about a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const deadlocks = (await deadlockCount(scratch.url)) - deadlocksBefore;

    const figure = (name: string, run: Run): BenchFigure => {
      const bad = [...run.statuses.keys()].filter((status) => status >= 500 || status === 0);
      if (bad.length > 0 || run.latencies.length === 0)
        throw new Error(`${name}: server errors ${JSON.stringify(Object.fromEntries(run.statuses))}`);
      const statuses = [...run.statuses].map(([status, count]) => `${status}:${count}`).join(' ');
      return {
        name: `${name} [${statuses}]`,
        requestsPerSecond: Math.round(run.latencies.length / run.seconds),
        p50Ms: percentile(run.latencies, 50),
        p99Ms: percentile(run.latencies, 99),
      };
    };
    const created = distinct.statuses.get(200) ?? 0;
    const perBooking = (micros: number | undefined) =>
      micros === undefined || created === 0 ? '?' : (micros / 1000 / created).toFixed(2);
    return {
      figures: [
        figure('POST /bookings/v2/bookings, distinct slots', distinct),
        figure('POST /bookings/v2/bookings, 50 racers per slot', contended),
      ],
      notes: [
        `Configuration: ${
          scratch.url
            ? `PostgreSQL, ${serverCount} server processes (pool of ${poolSize} each, one works the queues)`
            : 'PGlite, 1 server process (the embedded database belongs to one process)'
        }, load generator autocannon in its own process, ${connections} connections round-robin, ` +
          `${warmUpMs / 1000} s warm-up, ${durationMs / 1000} s per run.`,
        `Per booking (distinct slots, ${created} created): ` +
          `${scratch.url ? (cost.statements / created).toFixed(2) : '?'} SQL statements; CPU ms: ` +
          `servers ${perBooking(cost.serverMicros)} (kernel ${perBooking(cost.serverSystemMicros)}), PostgreSQL ${perBooking(cost.postgresMicros)}, ` +
          `load generator ${perBooking(cost.loadMicros)}. CPU taken by the host (steal) meanwhile: ` +
          `${cost.stealPercent.toFixed(1)}%.`,
        `Background work (the job queue's polling) counts in statements and CPU, so these are upper bounds.`,
        ...(scratch.url
          ? [
              `Deadlocks PostgreSQL had to break during the contended run: ${deadlocks} (each stalls its requests 1 s).`,
            ]
          : []),
        ...(process.env.BENCH_CPU_PROF
          ? [
              `CPU profiles of the servers in ${process.env.BENCH_CPU_PROF}; the distinct-slots run is ` +
                `monotonic microseconds ${windowStart}-${windowEnd} (${created} bookings).`,
            ]
          : []),
      ],
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
  }
}
