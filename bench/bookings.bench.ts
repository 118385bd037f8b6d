import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';
import type { BenchFigure } from './http-overhead.bench.ts';

// Booking creations per second through the real HTTP API, with every check the server makes: the slot
// is re-computed from the catalogue and the busy ledger inside the transaction, the policy, the form,
// the no-double-booking constraint, the event, the mails and the reminder job. Distinct slots measure
// throughput; contended slots (many customers racing for each slot) measure how fast losers get 409.

const owner = { [devCallerHeader]: 'WIX_USER:OWNER', 'content-type': 'application/json' };

async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `atrium_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function call(base: string, method: string, path: string, body: unknown, headers = owner) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
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

/**
 * Counts the statements every pg client sends while `work` runs: round trips, not only time, say what a
 * booking costs when the machine is shared (PGlite runs in process and is not counted).
 */
async function countingStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let statements = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    prototype.query = original;
  }
}

/** Runs `next()` requests with `connections` in flight for `durationMs`; returns latencies and statuses. */
async function load(
  base: string,
  connections: number,
  durationMs: number,
  next: (index: number) => { path: string; body: unknown; caller: string },
) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let index = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const request = next(index++);
        const begin = performance.now();
        const response = await fetch(`${base}${request.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [devCallerHeader]: request.caller },
          body: JSON.stringify(request.body),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - begin);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, statuses, seconds };
}

export async function runBookingsBench(
  options: { durationMs?: number; connections?: number } = {},
): Promise<BenchFigure[]> {
  const durationMs = options.durationMs ?? 8000;
  const connections = options.connections ?? 16;
  const { database, drop } = await freshDatabase();
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.connectionString ?? '' }),
    database,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const businessHours = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((weekday) => ({
      weekday,
      startTime: '00:00',
      endTime: '24:00',
    }));
    await call(base, 'PATCH', '/bookings/v1/settings', { settings: { businessHours } });
    const staff: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      staff.push(
        (await call(base, 'POST', '/bookings/v1/staff-members', { staffMember: { name: `Staff ${index}` } }))
          .staffMember!.id,
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
      path: '/bookings/v2/bookings',
      caller: `MEMBER:bench-${index}`,
      body: {
        booking: {
          bookedEntity: { slot: { serviceId, startDate: new Date(start).toISOString() } },
          contactDetails: { firstName: 'Bench', email: `bench${index}@example.com` },
          totalParticipants: 1,
        },
      },
    });

    // Distinct: request i books service i mod 8 at its own half-hour, so no two requests collide.
    const { result: distinct, statements } = await countingStatements(() =>
      load(base, connections, durationMs, (index) =>
        request(
          services[index % services.length]!,
          firstSlot + Math.floor(index / services.length) * 1_800_000,
          index,
        ),
      ),
    );
    // Background work (the job queue's polling) is counted too, so this is an upper bound.
    const perBooking =
      database.kind === 'postgres' ? (statements / distinct.latencies.length).toFixed(1) : '?';
    // Contended: 50 requests race for each slot of one staff member, in waves.
    const contendedStart = firstSlot + 400 * 86_400_000;
    const contended = await load(base, connections, durationMs, (index) =>
      request(services[0]!, contendedStart + Math.floor(index / 50) * 1_800_000, index),
    );
    const figure = (name: string, run: Awaited<ReturnType<typeof load>>): BenchFigure => {
      const bad = [...run.statuses.keys()].filter((status) => status >= 500);
      if (bad.length > 0)
        throw new Error(`${name}: server errors ${JSON.stringify(Object.fromEntries(run.statuses))}`);
      const statuses = Object.entries(Object.fromEntries(run.statuses))
        .map(([status, count]) => `${status}:${count}`)
        .join(' ');
      return {
        name: `${name} [${statuses}]`,
        requestsPerSecond: Math.round(run.latencies.length / run.seconds),
        p50Ms: percentile(run.latencies, 50),
        p99Ms: percentile(run.latencies, 99),
      };
    };
    return [
      figure(
        `POST /bookings/v2/bookings, distinct slots (${connections} connections, ${perBooking} statements/request)`,
        distinct,
      ),
      figure(`POST /bookings/v2/bookings, 50 racers per slot (${connections} connections)`, contended),
    ];
  } finally {
    await app.close();
    await drop();
  }
}
