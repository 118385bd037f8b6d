import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devCallerHeader } from '../src/platform/http/dev-authenticator.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createClassService,
  createStaff,
  futureSlot,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';
import { owner } from './test-app.ts';

// Truly parallel requests: real listeners and fetch, not app.inject. On PostgreSQL (DATABASE_URL set)
// a second server runs in a separate OS process (bookings-lifecycle-server-process.ts) on the same
// database, and the requests alternate between the two processes, so only the database's constraints
// and row locks can keep them apart. PGlite belongs to one process by design: there the same
// assertions run against the one server, every transaction serialised. Which variant ran is in the
// test names.

const onPostgres = Boolean(process.env.DATABASE_URL);
const where = onPostgres ? 'split across two server processes (PostgreSQL)' : 'one server process (PGlite)';
const childScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'bookings-lifecycle-server-process.ts',
);

let t: TestApp;
let child: ChildProcess | undefined;
const bases: string[] = [];

function startServerProcess(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const started = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  started.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start:\n${output}`)), 120_000);
    started.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /listening (\S+)\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child: started, base: match[1]! });
      }
    });
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}:\n${output}`));
    });
  });
}

function stopServerProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

beforeAll(async () => {
  t = await createTestApp();
  bases.push(await t.app.listen({ host: '127.0.0.1', port: 0 }));
  if (t.databaseUrl) {
    const started = await startServerProcess(t.databaseUrl);
    child = started.child;
    bases.push(started.base);
  }
  await openAllWeek(t.app);
}, 240_000);
afterAll(async () => {
  if (child) await stopServerProcess(child);
  await t?.close();
}, 60_000);

/** Fires every request at once, alternating between the server processes (half each). */
async function fireAll(requests: Array<{ path: string; caller: string; body: unknown }>) {
  return Promise.all(
    requests.map(async (request, index) => {
      const response = await fetch(`${bases[index % bases.length]}${request.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [devCallerHeader]: request.caller },
        body: JSON.stringify(request.body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { details?: { applicationError?: { code?: string } } },
      };
    }),
  );
}

function tally(results: Array<{ status: number }>) {
  const counts = new Map<number, number>();
  for (const result of results) counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
  return Object.fromEntries(counts);
}

describe(`no double booking under truly parallel requests, ${where}`, { timeout: 240_000 }, () => {
  const serverTest = onPostgres
    ? 'runs the second server as a separate OS process on the same PostgreSQL database'
    : 'runs one server: PGlite is owned by one process, so no second process exists';
  it(serverTest, async () => {
    expect(bases).toHaveLength(onPostgres ? 2 : 1);
    if (child) expect(child.pid).not.toBe(process.pid);
    for (const base of bases) expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('lets exactly 1 of 100 simultaneous bookings of one appointment slot succeed; 99 get 409, none 5xx', async () => {
    const staff = await createStaff(t.app, 'Solo', 'solo@example.com');
    const service = await createAppointmentService(t.app, { staffMemberIds: [staff] });
    const start = futureSlot(30, 10);
    const results = await fireAll(
      Array.from({ length: 100 }, (_, index) => ({
        path: '/bookings/v2/bookings',
        caller: `MEMBER:racer-${index}`,
        body: bookingRequest(service, start),
      })),
    );
    expect(tally(results)).toEqual({ 200: 1, 409: 99 });
    expect(
      results
        .filter((result) => result.status === 409)
        .every((result) => result.body.details?.applicationError?.code === 'SLOT_NOT_AVAILABLE'),
    ).toBe(true);
    const rows = await t.app.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM bookings_bookings WHERE service_id = $1`,
      [service],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('books exactly 20 participants into a class of 20 spots under 100 simultaneous requests', async () => {
    const yoga = await createClassService(t.app, { capacity: 20, start: futureSlot(31, 18) });
    const results = await fireAll(
      Array.from({ length: 100 }, (_, index) => ({
        path: '/bookings/v2/bookings',
        caller: `MEMBER:yogi-${index}`,
        body: bookingRequest(yoga.serviceId, yoga.start),
      })),
    );
    expect(tally(results)).toEqual({ 200: 20, 409: 80 });
    const rows = await t.app.database.query<{ participants: number; booked: number }>(
      `SELECT (SELECT coalesce(sum(total_participants), 0)::int FROM bookings_bookings WHERE service_id = $1 AND status = 'CONFIRMED') AS participants,
              (SELECT booked FROM bookings_session_spots WHERE session_key = $2) AS booked`,
      [yoga.serviceId, yoga.sessionId],
    );
    expect(rows[0]).toEqual({ participants: 20, booked: 20 });
  });

  it("never ends with an overlap when two bookings are rescheduled into each other's slots at once", async () => {
    const staff = await createStaff(t.app, 'Swap', 'swap@example.com');
    const service = await createAppointmentService(t.app, { staffMemberIds: [staff] });
    const ten = futureSlot(32, 10);
    const eleven = futureSlot(32, 11);
    const a = await book(t.app, owner, bookingRequest(service, ten));
    const b = await book(t.app, owner, bookingRequest(service, eleven));
    for (let round = 0; round < 5; round += 1) {
      const rows = await t.app.database.query<{ id: string; start_date: Date }>(
        `SELECT id, start_date FROM bookings_bookings WHERE id = ANY($1::uuid[])`,
        [[a.id, b.id]],
      );
      const startOf = (id: string) => new Date(rows.find((row) => row.id === id)!.start_date).toISOString();
      const results = await fireAll([
        {
          path: `/bookings/v2/bookings/${a.id}/reschedule`,
          caller: 'WIX_USER:OWNER',
          body: { slot: { serviceId: service, startDate: startOf(b.id) } },
        },
        {
          path: `/bookings/v2/bookings/${b.id}/reschedule`,
          caller: 'WIX_USER:OWNER',
          body: { slot: { serviceId: service, startDate: startOf(a.id) } },
        },
      ]);
      expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
      const overlaps = await t.app.database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM bookings_occupancy x JOIN bookings_occupancy y
           ON x.holder_id = y.holder_id AND x.id < y.id
          AND tstzrange(x.start_date, x.end_date) && tstzrange(y.start_date, y.end_date)
          WHERE x.booking_id = ANY($1::uuid[]) AND y.booking_id = ANY($1::uuid[])`,
        [[a.id, b.id]],
      );
      expect(overlaps[0]!.count).toBe(0);
    }
  });

  it('lets exactly one of ten concurrent changes with the same revision win', async () => {
    const staff = await createStaff(t.app, 'Rev', 'rev@example.com');
    const service = await createAppointmentService(t.app, { staffMemberIds: [staff], approval: true });
    const booking = await book(t.app, owner, bookingRequest(service, futureSlot(33, 10)));
    const results = await fireAll(
      Array.from({ length: 10 }, () => ({
        path: `/bookings/v2/bookings/${booking.id}/confirm`,
        caller: 'WIX_USER:OWNER',
        body: { revision: booking.revision },
      })),
    );
    expect(tally(results)).toEqual({ 200: 1, 409: 9 });
    const rows = await t.app.database.query<{ revision: number; status: string }>(
      `SELECT revision, status FROM bookings_bookings WHERE id = $1`,
      [booking.id],
    );
    expect(rows[0]).toEqual({ revision: 2, status: 'CONFIRMED' });
  });
});
