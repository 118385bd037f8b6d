// Availability engine benchmark: 1 service, 20 staff, Mon-Fri 09:00-17:00, 20,000 bookings over six
// months, availability for 7 and 31 days (and 90, to show the cost grows with the window, not the data).
// Runs alone: node apps/server/bin/run-ts.mjs bench/availability.bench.ts (DATABASE_URL selects PostgreSQL).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Temporal } from 'temporal-polyfill';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/platform/db/database.ts';
import { createAvailabilityRepository } from '../apps/server/src/modules/bookings/availability/availability.repository.ts';
import { createAvailabilityService } from '../apps/server/src/modules/bookings/availability/availability.service.ts';
import {
  bookingPolicies,
  bookingServices,
  bookingStaffMembers,
} from '../apps/server/src/modules/bookings/catalogue.tables.ts';
import type { RequestContext } from '../apps/server/src/platform/context.ts';
import { computeAppointmentSlots } from '../apps/server/src/modules/bookings/availability/compute-slots.ts';
import {
  openPolicy,
  type AppointmentAvailabilityInput,
  type BusyInterval,
} from '../apps/server/src/modules/bookings/availability/availability.types.ts';

export interface AvailabilityFigure {
  name: string;
  days: number;
  p50Ms: number;
  p99Ms: number;
  slots: number;
  busyRows: number;
}

const timeZone = 'America/New_York';
const staffCount = 20;
const bookingCount = 20_000;
const firstDay = Temporal.PlainDate.from('2027-01-04');
const dayCount = 182;
const dayMs = 86_400_000;

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return Math.round(sorted[index]! * 100) / 100;
}

/** 20,000 half-hour bookings spread over the staff's working half hours (no two on one staff member at once). */
function makeBookings(staffIds: string[]): Array<{ staffMemberId: string; start: number; end: number }> {
  const cells: Array<{ staffMemberId: string; start: number }> = [];
  for (let day = 0; day < dayCount; day += 1) {
    const date = firstDay.add({ days: day });
    if (date.dayOfWeek > 5) continue;
    const nine = date.toPlainDateTime({ hour: 9 }).toZonedDateTime(timeZone).epochMilliseconds;
    for (const staffMemberId of staffIds) {
      for (let half = 0; half < 16; half += 1) cells.push({ staffMemberId, start: nine + half * 1_800_000 });
    }
  }
  // A fixed shuffle (LCG) so every run books the same cells.
  let seed = 42;
  for (let index = cells.length - 1; index > 0; index -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = seed % (index + 1);
    [cells[index], cells[other]] = [cells[other]!, cells[index]!];
  }
  return cells.slice(0, bookingCount).map((cell) => ({ ...cell, end: cell.start + 1_800_000 }));
}

async function insertBusy(database: Database, siteId: string, bookings: ReturnType<typeof makeBookings>) {
  for (let offset = 0; offset < bookings.length; offset += 2_000) {
    const chunk = bookings.slice(offset, offset + 2_000);
    await database.query(
      `INSERT INTO bookings_busy_times (site_id, staff_member_id, start_date, end_date, source, source_id)
       SELECT $1::uuid, s, a, b, 'BOOKING', gen_random_uuid()::text
       FROM unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS t(s, a, b)`,
      [
        siteId,
        chunk.map((booking) => booking.staffMemberId),
        chunk.map((booking) => new Date(booking.start).toISOString()),
        chunk.map((booking) => new Date(booking.end).toISOString()),
      ],
    );
  }
  await database.query('ANALYZE bookings_busy_times');
}

function engineInput(
  staffIds: string[],
  busy: BusyInterval[],
  window: { start: number; end: number },
): AppointmentAvailabilityInput {
  return {
    business: {
      timeZone,
      hours: (['MON', 'TUE', 'WED', 'THU', 'FRI'] as const).map((weekday) => ({
        weekday,
        start: '09:00',
        end: '17:00',
      })),
    },
    service: {
      id: 'bench-service',
      scheduleId: 'bench-schedule',
      type: 'APPOINTMENT',
      durationMinutes: 60,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 15,
      capacity: 1,
      staffMemberIds: staffIds,
      resourcePools: [],
      locations: [],
      policy: openPolicy,
    },
    staff: staffIds.map((id, index) => ({ id, name: `Staff ${index + 1}`, workingHours: null, timeOff: [] })),
    resources: [],
    busy,
    window,
    now: 0,
  };
}

/** Window starts spread over the six months, the same on every run. */
function windowStarts(count: number, days: number): number[] {
  const starts: number[] = [];
  const span = dayCount - days;
  for (let index = 0; index < count; index += 1) {
    const day = Math.floor((index * 37) % span);
    starts.push(firstDay.add({ days: day }).toZonedDateTime(timeZone).epochMilliseconds);
  }
  return starts;
}

export async function runAvailabilityBench(
  options: { databaseUrl?: string; iterations?: number } = {},
): Promise<AvailabilityFigure[]> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const iterations = options.iterations ?? 60;
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, poolSize: 4 });
  try {
    await migrateDatabase(database);
    const siteId = randomUUID();
    const staffIds = Array.from({ length: staffCount }, () => randomUUID());
    const bookings = makeBookings(staffIds);
    await insertBusy(database, siteId, bookings);
    // A second site's rows, so the query must pick the right site's out of a shared table.
    await insertBusy(
      database,
      randomUUID(),
      makeBookings(Array.from({ length: staffCount }, () => randomUUID())),
    );
    const repository = createAvailabilityRepository(database.db);
    const serviceId = await insertCatalogue(database, siteId, staffIds);
    const availability = createAvailabilityService({ repository });
    const ctx = benchContext(siteId);
    const figures: AvailabilityFigure[] = [];

    for (const days of [7, 31, 90]) {
      const starts = windowStarts(iterations, days);
      // Warm-up: JIT, plan cache, zone data.
      for (const start of starts.slice(0, 5)) await measure(start, days);
      const loaderAndEngine: number[] = [];
      const engineOnly: number[] = [];
      const full: number[] = [];
      let slots = 0;
      let busyRows = 0;
      let entries = 0;
      for (const start of starts) {
        const result = await measure(start, days);
        loaderAndEngine.push(result.totalMs);
        engineOnly.push(result.engineMs);
        slots = result.slots;
        busyRows = result.busyRows;
        const began = performance.now();
        const answer = await availability.queryAvailability(ctx, {
          query: {
            filter: {
              serviceId: [serviceId],
              startDate: new Date(start).toISOString(),
              endDate: new Date(start + days * dayMs).toISOString(),
            },
          },
          timezone: 'Europe/London',
        });
        full.push(performance.now() - began);
        entries = answer.availabilityEntries.length;
      }
      loaderAndEngine.sort((a, b) => a - b);
      engineOnly.sort((a, b) => a - b);
      full.sort((a, b) => a - b);
      figures.push(
        {
          name: `Query Availability (catalogue + busy time + engine + wire), ${days} days`,
          days,
          p50Ms: percentile(full, 0.5),
          p99Ms: percentile(full, 0.99),
          slots: entries,
          busyRows,
        },
        {
          name: `busy-time query + engine, ${days} days`,
          days,
          p50Ms: percentile(loaderAndEngine, 0.5),
          p99Ms: percentile(loaderAndEngine, 0.99),
          slots,
          busyRows,
        },
        {
          name: `engine only, ${days} days`,
          days,
          p50Ms: percentile(engineOnly, 0.5),
          p99Ms: percentile(engineOnly, 0.99),
          slots,
          busyRows,
        },
      );
    }
    return figures;

    async function measure(start: number, days: number) {
      const window = { start, end: start + days * dayMs };
      const began = performance.now();
      const reach = { start: window.start - 75 * 60_000, end: window.end + 75 * 60_000 };
      const rows = await repository.findBusy(siteId, staffIds, [], reach, Date.now());
      const busy = rows.map((row) => ({
        staffMemberId: row.staffMemberId,
        start: Number(row.start),
        end: Number(row.end),
      }));
      const engineStart = performance.now();
      const result = computeAppointmentSlots(engineInput(staffIds, busy, window));
      const finished = performance.now();
      return {
        totalMs: finished - began,
        engineMs: finished - engineStart,
        slots: result.length,
        busyRows: rows.length,
      };
    }
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

/** The service and its 20 staff members in the catalogue's tables (written directly, as a fixture). */
async function insertCatalogue(database: Database, siteId: string, staffIds: string[]): Promise<string> {
  const db = database.db;
  const [policy] = await db
    .insert(bookingPolicies)
    .values({ siteId, name: 'Default', isDefault: true, doc: {} })
    .returning();
  await db
    .insert(bookingStaffMembers)
    .values(staffIds.map((id, index) => ({ id, siteId, name: `Staff ${index + 1}` })));
  const [service] = await db
    .insert(bookingServices)
    .values({
      siteId,
      type: 'APPOINTMENT',
      name: 'Consultation',
      bookingPolicyId: policy!.id,
      rateType: 'NO_FEE',
      currency: 'USD',
      durationMinutes: 60,
      bufferAfterMinutes: 15,
      staffMemberIds: staffIds,
      doc: {},
    })
    .returning();
  return service!.id;
}

function benchContext(siteId: string): RequestContext {
  const now = new Date('2026-12-01T00:00:00Z');
  return {
    requestId: 'bench',
    site: {
      id: siteId,
      name: 'Bench',
      timezone: timeZone,
      currency: 'USD',
      locale: 'en',
      status: 'ACTIVE',
      hosts: [],
      branding: { accentColor: null, logoUrl: null },
      revision: '1',
      createdDate: now.toISOString(),
      updatedDate: now.toISOString(),
    },
    caller: { identityType: 'ANONYMOUS_VISITOR' },
    log: console as unknown as RequestContext['log'],
    now: () => now,
  };
}

async function createScratchDatabase(serverUrl: string) {
  const pg = (await import('pg')).default;
  const name = `atrium_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export function printAvailabilityFigures(figures: AvailabilityFigure[]): void {
  console.table(
    figures.map((figure) => ({
      benchmark: figure.name,
      'p50 ms': figure.p50Ms,
      'p99 ms': figure.p99Ms,
      'p50 ms/day': Math.round((figure.p50Ms / figure.days) * 1000) / 1000,
      'slots (entries)': figure.slots,
      'busy rows read': figure.busyRows,
    })),
  );
}

// Alone (node apps/server/bin/run-ts.mjs bench/availability.bench.ts) it prints its own table; imported by
// `npm run bench` (npm_lifecycle_event 'bench') it only exports runAvailabilityBench.
const runAlone =
  import.meta.url === pathToFileURL(process.argv[1] ?? '').href ||
  (process.argv[1]?.endsWith('run-ts.mjs') === true && process.env.npm_lifecycle_event !== 'bench');
if (runAlone) {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
  console.log(
    `Availability: 1 service, ${staffCount} staff, Mon-Fri 09-17 ${timeZone}, ${bookingCount} bookings over six months, on ${database}`,
  );
  printAvailabilityFigures(await runAvailabilityBench());
}
