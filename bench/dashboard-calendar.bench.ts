// The dashboard calendar's server time: 20 staff, 20,000 bookings over six months, and exactly the
// requests the calendar's week view makes when it opens a week (apps/web/src/features/dashboard/calendar):
// the extended bookings of the week page by page (100 a page, no attachments), and the blocked time of
// every staff member shown (one request for all of them). Server time is measured in process (app.inject: no network, no browser), as
// wall time and as this process's CPU time: on PGlite the database runs in this process too, so CPU time
// is the whole server's cost, untouched by what other programs on a shared machine do.
// `npm run bench -- calendar`; DATABASE_URL selects PostgreSQL (a scratch database, dropped after).
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/platform/config.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { devCallerHeader } from '../apps/server/src/platform/http/dev-authenticator.ts';
import { createTestDatabase } from '../apps/server/test/test-app.ts';

export interface CalendarFigure {
  name: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

const owner = { [devCallerHeader]: 'WIX_USER:OWNER' };
const staffCount = 20;
const bookingCount = 20_000;
const dayCount = 182;
const dayMs = 86_400_000;
const weekMs = 7 * dayMs;
const weeksMeasured = 20;
// A Monday, 00:00 UTC: the calendar's weeks start on Monday.
const firstMonday = Date.UTC(2027, 0, 4);
const statuses = ['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'PENDING', 'CANCELED'];

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

/** 20,000 half-hour bookings on the staff's weekday half hours 09:00-17:00 UTC, the same on every run. */
function makeBookings(staffIds: string[]) {
  const cells: Array<{ staffMemberId: string; start: number }> = [];
  for (let day = 0; day < dayCount; day += 1) {
    const date = firstMonday + day * dayMs;
    if (new Date(date).getUTCDay() % 6 === 0) continue;
    for (const staffMemberId of staffIds) {
      for (let half = 0; half < 16; half += 1) {
        cells.push({ staffMemberId, start: date + 9 * 3_600_000 + half * 1_800_000 });
      }
    }
  }
  let seed = 42;
  for (let index = cells.length - 1; index > 0; index -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = seed % (index + 1);
    [cells[index], cells[other]] = [cells[other]!, cells[index]!];
  }
  return cells.slice(0, bookingCount);
}

async function seed(
  database: Database,
  siteId: string,
  serviceId: string,
  scheduleId: string,
  staffIds: string[],
) {
  const bookings = makeBookings(staffIds);
  for (let offset = 0; offset < bookings.length; offset += 2_000) {
    const chunk = bookings.slice(offset, offset + 2_000);
    await database.query(
      `INSERT INTO bookings_bookings (site_id, service_id, schedule_id, service_type, title, status, start_date,
         end_date, timezone, staff_member_id, contact_details, created_by_type, actor)
       SELECT $1::uuid, $2::uuid, $3::uuid, 'APPOINTMENT', 'Massage', st, a, a + interval '30 minutes', 'UTC',
         s, jsonb_build_object('firstName', 'Guest', 'lastName', n::text, 'email', 'guest' || n || '@example.com'),
         'ANONYMOUS_VISITOR', 'CUSTOMER'
       FROM unnest($4::uuid[], $5::timestamptz[], $6::text[], $7::int[]) AS t(s, a, st, n)`,
      [
        siteId,
        serviceId,
        scheduleId,
        chunk.map((booking) => booking.staffMemberId),
        chunk.map((booking) => new Date(booking.start).toISOString()),
        chunk.map((_, index) => statuses[(offset + index) % statuses.length]!),
        chunk.map((_, index) => offset + index),
      ],
    );
  }
  await database.query('ANALYZE bookings_bookings');
}

export async function runCalendarBench(): Promise<{ figures: CalendarFigure[]; notes: string[] }> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }),
    database,
  });
  await app.ready();
  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const response = await app.inject({ method, url, headers: owner, ...(payload ? { payload } : {}) });
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, body: response.json() as Record<string, unknown> };
  }
  try {
    const site = (await call('GET', '/sites/v1/site')).body as { site: { id: string } };
    const staffIds: string[] = [];
    for (let index = 0; index < staffCount; index += 1) {
      const created = await call('POST', '/bookings/v1/staff-members', {
        staffMember: { name: `Staff ${index + 1}`, email: `staff${index + 1}@example.com` },
      });
      staffIds.push((created.body as { staffMember: { id: string } }).staffMember.id);
    }
    const service = (
      await call('POST', '/bookings/v2/services', {
        service: {
          type: 'APPOINTMENT',
          name: 'Massage',
          staffMemberIds: staffIds,
          payment: { rateType: 'FIXED', fixed: { price: { value: '60.00', currency: 'USD' } } },
        },
      })
    ).body as { service: { id: string; schedule: { id: string } } };
    const seeding = performance.now();
    await seed(database, site.site.id, service.service.id, service.service.schedule.id, staffIds);
    const seedSeconds = ((performance.now() - seeding) / 1000).toFixed(1);
    // Two blocks per staff member a week, as a busy team has (lunch, training).
    for (const [index, staffId] of staffIds.entries()) {
      for (let week = 0; week < 26; week += 1) {
        for (const day of [1, 3]) {
          const start = firstMonday + week * weekMs + day * dayMs + (12 + (index % 3)) * 3_600_000;
          await call('POST', `/bookings/v1/staff-members/${staffId}/time-off`, {
            timeOff: {
              startDate: new Date(start).toISOString(),
              endDate: new Date(start + 3_600_000).toISOString(),
            },
          });
        }
      }
    }

    /** The week view: bookings of the week page by page, then every staff member's blocked time. */
    async function openWeek(from: number) {
      const to = from + weekMs;
      const timings = { bookings: 0, bookingPages: 0, blocked: 0, total: 0, cpu: 0, rows: 0 };
      for (let page = 0; page < 20; page += 1) {
        const answer = await call('POST', '/bookings/v2/extended-bookings/query', {
          query: {
            filter: {
              startDate: { $gte: new Date(from).toISOString(), $lt: new Date(to).toISOString() },
            },
            sort: [{ fieldName: 'startDate', order: 'ASC' }],
            paging: { limit: 100, offset: page * 100 },
          },
        });
        timings.bookings += answer.ms;
        timings.cpu += answer.cpuMs;
        timings.bookingPages += 1;
        const body = answer.body as { extendedBookings: unknown[]; pagingMetadata: { total: number } };
        timings.rows += body.extendedBookings.length;
        if ((page + 1) * 100 >= body.pagingMetadata.total) break;
      }
      const blocked = await call('POST', '/bookings/v1/staff-members/time-off/query', {
        staffMemberIds: staffIds,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
      });
      timings.blocked = blocked.ms;
      timings.cpu += blocked.cpuMs;
      timings.total = timings.bookings + timings.blocked;
      return timings;
    }

    await openWeek(firstMonday); // warm-up: JIT and database caches
    const weeks = [];
    for (let index = 0; index < weeksMeasured; index += 1) {
      weeks.push(await openWeek(firstMonday + ((index * 7) % 25) * weekMs));
    }
    const figure = (name: string, values: number[], requests: number): CalendarFigure => {
      const sorted = [...values].sort((a, b) => a - b);
      return { name, requests, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
    };
    const pages = weeks[0]!.bookingPages;
    return {
      figures: [
        figure(
          'Week view, all requests (server time, summed)',
          weeks.map((w) => w.total),
          pages + 1,
        ),
        figure(
          'Week view, all requests (server CPU time, summed)',
          weeks.map((w) => w.cpu),
          pages + 1,
        ),
        figure(
          `Bookings of the week (${pages} pages of 100, summed)`,
          weeks.map((w) => w.bookings),
          pages,
        ),
        figure(
          `Blocked time of ${staffCount} staff (one request)`,
          weeks.map((w) => w.blocked),
          1,
        ),
      ],
      notes: [
        `${bookingCount} bookings over ${dayCount} days seeded in ${seedSeconds} s; ${Math.round(
          weeks.reduce((sum, w) => sum + w.rows, 0) / weeks.length,
        )} bookings a week on average; ${weeksMeasured} weeks measured after one warm-up week.`,
      ],
    };
  } finally {
    await app.close();
    await drop();
  }
}

export function printCalendarFigures(result: { figures: CalendarFigure[]; notes: string[] }): void {
  console.log('Dashboard calendar, week view (20 staff, 20,000 bookings over six months)');
  console.table(
    result.figures.map((figure) => ({
      measure: figure.name,
      requests: figure.requests,
      'p50 ms': figure.p50Ms,
      'p99 ms': figure.p99Ms,
    })),
  );
  for (const note of result.notes) console.log(note);
}
