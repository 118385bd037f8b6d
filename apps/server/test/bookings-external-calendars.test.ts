import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvailabilityRepository } from '../src/modules/bookings/availability/availability.repository.ts';
import { createExternalCalendarsRepository } from '../src/modules/bookings/external-calendars/external-calendars.repository.ts';
import {
  createExternalCalendarsService,
  syncJobName,
} from '../src/modules/bookings/external-calendars/external-calendars.service.ts';
import {
  createIcsFetcher,
  isNonPublicAddress,
} from '../src/modules/bookings/external-calendars/ics-fetcher.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createStaffRepository } from '../src/modules/bookings/staff.repository.ts';
import type { EventBus } from '../src/platform/bus/types.ts';
import { busySpansOf } from '../src/modules/bookings/external-calendars/ics-import.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';
import { waitFor } from './events-helpers.ts';
import { bearer, identityKit } from './identity-helpers.ts';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { secretSealerFor } from '../src/platform/secrets/sealing.ts';
import { hashToken } from '../src/platform/secrets/token-hash.ts';

const base = '/bookings/v2/external-calendars';
const hour = 3_600_000;

/** ICS files served from 127.0.0.1, changed per test: path → what to answer. */
const served = new Map<string, { status?: number; body: string; delayMs?: number; location?: string }>();
let server: Server;
let origin: string;
let t: TestApp;
let alex: string;
let sam: string;
let serviceId: string;
let samUser: { token: string; email: string };
let otherStaffUser: { token: string };

function icsOf(...events: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
}

/** A UTC stamp in ICS form (20270301T100000Z). */
function icsTime(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function icsDate(iso: string): string {
  return iso.slice(0, 10).replace(/-/g, '');
}

function vevent(uid: string, start: string, end: string, extra: string[] = []): string {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    'SUMMARY:Busy',
    ...extra,
    'END:VEVENT',
  ].join('\r\n');
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** The start instants (epoch ms) the availability query offers the staff member in [from, to). */
async function freeStarts(staffMemberId: string, from: string, to: string): Promise<number[]> {
  const body = await ok<{
    availabilityEntries: Array<{
      bookable: boolean;
      slot: { startDate: string; resource?: { id?: string } };
    }>;
  }>(t.app, {
    method: 'POST',
    url: '/bookings/v1/availability/query',
    headers: customer(),
    payload: {
      query: { filter: { serviceId: [serviceId], startDate: from, endDate: to } },
      timezone: 'UTC',
    },
  });
  return body.availabilityEntries
    .filter((entry) => entry.bookable !== false && entry.slot.resource?.id === staffMemberId)
    .map((entry) => Date.parse(entry.slot.startDate));
}

async function bookWith(staffMemberId: string, start: string) {
  const request = bookingRequest(serviceId, start);
  (request.booking.bookedEntity.slot as Record<string, unknown>).resource = { id: staffMemberId };
  return book(t.app, customer(), request);
}

async function connect(staffMemberId: string, path: string) {
  return inject(t.app, {
    method: 'POST',
    url: base,
    headers: owner,
    payload: { externalCalendar: { staffMemberId, provider: 'I_CAL', url: `${origin}${path}` } },
  });
}

async function statusOf(id: string): Promise<{ status: string; lastSyncError?: { code: string } | null }> {
  const body = await ok<{ externalCalendar: { status: string; lastSyncError?: { code: string } | null } }>(
    t.app,
    { method: 'GET', url: `${base}/${id}`, headers: owner },
  );
  return body.externalCalendar;
}

async function waitForStatus(id: string, status: string): Promise<void> {
  await waitFor(`calendar ${id} ${status}`, async () => (await statusOf(id)).status === status);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const entry = served.get(request.url ?? '');
    if (!entry) {
      response.writeHead(404).end('not here');
      return;
    }
    const answer = () => {
      response.writeHead(entry.status ?? 200, {
        'content-type': 'text/calendar',
        ...(entry.location ? { location: entry.location } : {}),
      });
      response.end(entry.body);
    };
    if (entry.delayMs) setTimeout(answer, entry.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The ICS files are served from 127.0.0.1, which production refuses (see the SSRF tests below).
  t = await createTestApp({ config: { BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  await openAllWeek(t.app);
  const kit = identityKit(t);
  const { site } = await kit.defaultSite();
  samUser = await kit.staffToken(site.id, 'STAFF');
  otherStaffUser = await kit.staffToken(site.id, 'STAFF');
  alex = await createStaff(t.app, 'Alex', 'alex@example.com');
  // Sam the staff member is the staff user samUser (linked by email).
  sam = await createStaff(t.app, 'Sam', samUser.email);
  serviceId = await createAppointmentService(t.app, { staffMemberIds: [alex, sam], minutes: 60 });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('private iCal feed of a staff member', () => {
  it('serves the staff member’s active bookings as a VCALENDAR with stable UIDs and UTC times', async () => {
    const missing = await inject(t.app, {
      method: 'GET',
      url: `${base}/staff-members/${sam}/feed`,
      headers: owner,
    });
    expectError(missing, 404);

    const created = await ok<{ feed: { url: string; webcalUrl: string } }>(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${sam}/feed`,
      headers: owner,
    });
    expect(created.feed.url).toMatch(/\/bookings\/v2\/external-calendars\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(created.feed.webcalUrl.startsWith('webcal://')).toBe(true);
    // Creating again answers the same feed; getting it too.
    const again = await ok<{ feed: { url: string } }>(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${sam}/feed`,
      headers: owner,
    });
    expect(again.feed.url).toBe(created.feed.url);

    const start = futureSlot(3, 10);
    const booking = await bookWith(sam, start);
    const alexBooking = await bookWith(alex, futureSlot(4, 10));
    expect(booking.bookedEntity.slot?.resource?.id).toBe(sam);

    const path = new URL(created.feed.url).pathname;
    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    expect(first.body.startsWith('BEGIN:VCALENDAR')).toBe(true);
    const events = Object.values(ical.sync.parseICS(first.body)).filter(
      (item): item is VEvent => item?.type === 'VEVENT',
    );
    const mine = events.find((event) => event.uid === `booking-${booking.id}@atrium`);
    expect(mine, first.body).toBeDefined();
    expect(mine!.start.toISOString()).toBe(new Date(booking.startDate).toISOString());
    expect(mine!.end!.toISOString()).toBe(new Date(booking.endDate).toISOString());
    expect(first.body).toMatch(new RegExp(`DTSTART:${icsTime(new Date(booking.startDate).toISOString())}`));
    // Only bookings of this staff member are listed.
    expect(events.some((event) => event.uid === `booking-${alexBooking.id}@atrium`)).toBe(false);

    const second = await t.app.inject({ method: 'GET', url: path });
    const secondUids = Object.values(ical.sync.parseICS(second.body))
      .filter((item): item is VEvent => item?.type === 'VEVENT')
      .map((event) => event.uid);
    expect(secondUids).toContain(`booking-${booking.id}@atrium`);

    // A canceled booking leaves the feed.
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/cancel`,
      headers: owner,
      payload: { revision: booking.revision },
    });
    const third = await t.app.inject({ method: 'GET', url: path });
    expect(third.body).not.toContain(`booking-${booking.id}@atrium`);
  });

  it('rotation invalidates the old URL', async () => {
    const before = await ok<{ feed: { url: string } }>(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${alex}/feed`,
      headers: owner,
    });
    const rotated = await ok<{ feed: { url: string } }>(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${alex}/feed/rotate`,
      headers: owner,
    });
    expect(rotated.feed.url).not.toBe(before.feed.url);
    const old = await t.app.inject({ method: 'GET', url: new URL(before.feed.url).pathname });
    expect(old.statusCode).toBe(404);
    const fresh = await t.app.inject({ method: 'GET', url: new URL(rotated.feed.url).pathname });
    expect(fresh.statusCode).toBe(200);
    const got = await ok<{ feed: { url: string } }>(t.app, {
      method: 'GET',
      url: `${base}/staff-members/${alex}/feed`,
      headers: owner,
    });
    expect(got.feed.url).toBe(rotated.feed.url);
  });

  it('keeps the feed token sealed at rest, and a feed from before sealing keeps its URL', async () => {
    const created = await ok<{ feed: { url: string } }>(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${alex}/feed/rotate`,
      headers: owner,
    });
    const token = /feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(created.feed.url)![1]!;
    const [row] = await t.app.database.query<{ token: string; token_hash: string }>(
      'SELECT token, token_hash FROM bookings_staff_calendar_feeds WHERE staff_member_id = $1',
      [alex],
    );
    expect(row!.token).not.toContain(token);
    expect(row!.token).toMatch(/^v1\./);
    expect(row!.token_hash).toBe(hashToken(token));

    // A row as migration 0023 leaves a feed made before: the token in clear, its hash computed in SQL.
    const clear = 'c'.repeat(20) + token.slice(20);
    await t.app.database.query(
      `UPDATE bookings_staff_calendar_feeds SET token = $1,
         token_hash = rtrim(translate(encode(sha256(convert_to($1::text, 'UTF8')), 'base64'), '+/', '-_'), '=')
       WHERE staff_member_id = $2`,
      [clear, alex],
    );
    const served = await t.app.inject({ method: 'GET', url: `${base}/feeds/${clear}.ics` });
    expect(served.statusCode).toBe(200);
    const shown = await ok<{ feed: { url: string } }>(t.app, {
      method: 'GET',
      url: `${base}/staff-members/${alex}/feed`,
      headers: owner,
    });
    expect(shown.feed.url).toContain(`/feeds/${clear}.ics`);
    const [sealed] = await t.app.database.query<{ token: string }>(
      'SELECT token FROM bookings_staff_calendar_feeds WHERE staff_member_id = $1',
      [alex],
    );
    expect(sealed!.token).toMatch(/^v1\./);
    expect((await t.app.inject({ method: 'GET', url: `${base}/feeds/${clear}.ics` })).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed tokens', async () => {
    for (const file of ['x'.repeat(43) + '.ics', 'not-a-token.ics', 'anything']) {
      const response = await inject(t.app, { method: 'GET', url: `${base}/feeds/${file}` });
      expectError(response, 404);
    }
  });

  it('lets the staff member manage their own feed, not another staff user', async () => {
    const own = await inject(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${sam}/feed/rotate`,
      headers: bearer(samUser.token),
    });
    expect(own.status).toBe(200);
    const other = await inject(t.app, {
      method: 'GET',
      url: `${base}/staff-members/${sam}/feed`,
      headers: bearer(otherStaffUser.token),
    });
    expectError(other, 403);
    const alien = await inject(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${alex}/feed`,
      headers: bearer(samUser.token),
    });
    expectError(alien, 403);
    expectError(await inject(t.app, { method: 'POST', url: `${base}/staff-members/${sam}/feed` }), 401);
    expectError(
      await inject(t.app, { method: 'POST', url: `${base}/staff-members/${sam}/feed`, headers: customer() }),
      403,
    );
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: `${base}/staff-members/00000000-0000-4000-8000-000000000000/feed`,
        headers: owner,
      }),
      404,
    );
    expectError(
      await inject(t.app, { method: 'POST', url: `${base}/staff-members/nope/feed`, headers: owner }),
      400,
    );
  });
});

describe('connected ICS calendars', () => {
  it('imports busy time that blocks availability, and disconnect frees it', async () => {
    const busyStart = futureSlot(6, 10);
    served.set('/alex.ics', { body: icsOf(vevent('e1', busyStart, plus(busyStart, hour))) });
    const dayStart = futureSlot(6, 8);
    const dayEnd = futureSlot(6, 14);
    expect(await freeStarts(alex, dayStart, dayEnd)).toContain(Date.parse(busyStart));

    served.set('/alex.ics?secret=s3cr3t', served.get('/alex.ics')!);
    const response = await connect(alex, '/alex.ics?secret=s3cr3t');
    expect(response.status).toBe(200);
    const calendar = response.body.externalCalendar;
    expect(calendar).toMatchObject({ provider: 'I_CAL', connectionType: 'CREDENTIALS', staffMemberId: alex });
    expect(['CONNECTED', 'SYNC_IN_PROGRESS', 'SYNCED']).toContain(calendar.status);
    // The URL's secret is not echoed.
    expect(calendar.url).not.toContain('s3cr3t');

    await waitForStatus(calendar.id, 'SYNCED');
    const free = await freeStarts(alex, dayStart, dayEnd);
    // A 60-minute slot may neither start in 10:00-11:00 nor overlap it.
    expect(free).not.toContain(Date.parse(busyStart));
    expect(free).not.toContain(Date.parse(busyStart) - hour / 2);
    expect(free).toContain(Date.parse(busyStart) - hour);
    expect(free).toContain(Date.parse(busyStart) + hour);

    // Re-sync replaces: the event moves to 12:00.
    const moved = futureSlot(6, 12);
    served.set('/alex.ics?secret=s3cr3t', { body: icsOf(vevent('e1', moved, plus(moved, hour))) });
    const synced = await ok<{ externalCalendar: { status: string; busyIntervalCount: number } }>(t.app, {
      method: 'POST',
      url: `${base}/${calendar.id}/sync`,
      headers: owner,
    });
    expect(synced.externalCalendar).toMatchObject({ status: 'SYNCED', busyIntervalCount: 1 });
    const afterMove = await freeStarts(alex, dayStart, dayEnd);
    expect(afterMove).toContain(Date.parse(busyStart));
    expect(afterMove).not.toContain(Date.parse(moved));

    const list = await ok<{ externalCalendars: Array<{ id: string }> }>(t.app, {
      method: 'GET',
      url: `${base}?staffMemberId=${alex}`,
      headers: owner,
    });
    expect(list.externalCalendars.map((item) => item.id)).toContain(calendar.id);

    const disconnected = await ok<{ externalCalendar: { status: string } }>(t.app, {
      method: 'POST',
      url: `${base}/${calendar.id}/disconnect`,
      headers: owner,
    });
    expect(disconnected.externalCalendar.status).toBe('DISCONNECTED');
    expect(await freeStarts(alex, dayStart, dayEnd)).toContain(Date.parse(moved));
    const listed = await ok<{ externalCalendars: Array<{ id: string }> }>(t.app, {
      method: 'GET',
      url: `${base}?staffMemberId=${alex}`,
      headers: owner,
    });
    expect(listed.externalCalendars.map((item) => item.id)).not.toContain(calendar.id);
    const withDisconnected = await ok<{ externalCalendars: Array<{ id: string }> }>(t.app, {
      method: 'GET',
      url: `${base}?staffMemberId=${alex}&includeDisconnected=true`,
      headers: owner,
    });
    expect(withDisconnected.externalCalendars.map((item) => item.id)).toContain(calendar.id);
    expectError(
      await inject(t.app, { method: 'POST', url: `${base}/${calendar.id}/sync`, headers: owner }),
      400,
      'CALENDAR_DISCONNECTED',
    );
  });

  it('expands recurring events with EXDATE, blocks all-day events and ignores transparent ones', async () => {
    const first = futureSlot(10, 14);
    const excluded = futureSlot(12, 14);
    const allDay = futureSlot(20, 0);
    const transparent = futureSlot(21, 15);
    served.set('/sam.ics', {
      body: icsOf(
        vevent('daily', first, plus(first, hour), [
          'RRULE:FREQ=DAILY;COUNT=5',
          `EXDATE:${icsTime(excluded)}`,
        ]),
        [
          'BEGIN:VEVENT',
          'UID:holiday',
          'DTSTAMP:20260101T000000Z',
          `DTSTART;VALUE=DATE:${icsDate(allDay)}`,
          `DTEND;VALUE=DATE:${icsDate(plus(allDay, 24 * hour))}`,
          'SUMMARY:Holiday',
          'END:VEVENT',
        ].join('\r\n'),
        vevent('free', transparent, plus(transparent, hour), ['TRANSP:TRANSPARENT']),
      ),
    });
    const response = await connect(sam, '/sam.ics');
    expect(response.status).toBe(200);
    await waitForStatus(response.body.externalCalendar.id, 'SYNCED');

    const free = await freeStarts(sam, futureSlot(10, 0), futureSlot(15, 0));
    for (const days of [10, 11, 13, 14]) expect(free).not.toContain(Date.parse(futureSlot(days, 14)));
    expect(free).toContain(Date.parse(excluded));
    expect(free).toContain(Date.parse(futureSlot(11, 16)));

    expect(await freeStarts(sam, futureSlot(20, 0), futureSlot(21, 0))).toEqual([]);
    expect(await freeStarts(sam, futureSlot(21, 0), futureSlot(22, 0))).toContain(Date.parse(transparent));

    // The staff member sees their own calendars without a filter, another staff user sees none of them.
    const own = await ok<{ externalCalendars: Array<{ staffMemberId: string }> }>(t.app, {
      method: 'GET',
      url: base,
      headers: bearer(samUser.token),
    });
    expect(own.externalCalendars.length).toBeGreaterThan(0);
    expect(own.externalCalendars.every((item) => item.staffMemberId === sam)).toBe(true);
    const other = await ok<{ externalCalendars: unknown[] }>(t.app, {
      method: 'GET',
      url: base,
      headers: bearer(otherStaffUser.token),
    });
    expect(other.externalCalendars).toEqual([]);
  });

  it('records ERROR with a reason when the URL fails, and keeps the last good import', async () => {
    served.set('/broken.ics', { status: 500, body: 'oops' });
    const response = await connect(alex, '/broken.ics');
    expect(response.status).toBe(200);
    const id = response.body.externalCalendar.id;
    await waitForStatus(id, 'ERROR');
    expect((await statusOf(id)).lastSyncError?.code).toBe('HTTP_ERROR');

    // Fixed: the next sync succeeds; then the host returns garbage and the import stays.
    const busyStart = futureSlot(7, 9);
    served.set('/broken.ics', { body: icsOf(vevent('b1', busyStart, plus(busyStart, hour))) });
    const fixed = await ok<{ externalCalendar: { status: string } }>(t.app, {
      method: 'POST',
      url: `${base}/${id}/sync`,
      headers: owner,
    });
    expect(fixed.externalCalendar.status).toBe('SYNCED');
    served.set('/broken.ics', { body: '<html>not a calendar</html>' });
    const failed = await ok<{ externalCalendar: { status: string; lastSyncError: { code: string } } }>(
      t.app,
      {
        method: 'POST',
        url: `${base}/${id}/sync`,
        headers: owner,
      },
    );
    expect(failed.externalCalendar).toMatchObject({
      status: 'ERROR',
      lastSyncError: { code: 'INVALID_CALENDAR' },
    });
    expect(await freeStarts(alex, futureSlot(7, 8), futureSlot(7, 12))).not.toContain(Date.parse(busyStart));

    served.delete('/broken.ics');
    const missing = await ok<{ externalCalendar: { lastSyncError: { code: string } } }>(t.app, {
      method: 'POST',
      url: `${base}/${id}/sync`,
      headers: owner,
    });
    expect(missing.externalCalendar.lastSyncError.code).toBe('HTTP_ERROR');
  });

  it('validates the request: 400, 401, 403, 404', async () => {
    for (const url of ['ftp://example.com/a.ics', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const response = await inject(t.app, {
        method: 'POST',
        url: base,
        headers: owner,
        payload: { externalCalendar: { staffMemberId: alex, url } },
      });
      expectError(response, 400);
    }
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: base,
        headers: owner,
        payload: { externalCalendar: { staffMemberId: alex, provider: 'GOOGLE', url: `${origin}/x.ics` } },
      }),
      400,
      'PROVIDER_NOT_SUPPORTED',
    );
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: base,
        headers: owner,
        payload: {
          externalCalendar: { staffMemberId: '00000000-0000-4000-8000-000000000000', url: `${origin}/x.ics` },
        },
      }),
      404,
    );
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: base,
        payload: { externalCalendar: { staffMemberId: alex } },
      }),
      401,
    );
    expectError(await inject(t.app, { method: 'GET', url: base, headers: customer() }), 403);
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: base,
        headers: bearer(samUser.token),
        payload: { externalCalendar: { staffMemberId: alex, url: `${origin}/x.ics` } },
      }),
      403,
    );
    expectError(
      await inject(t.app, {
        method: 'GET',
        url: `${base}/00000000-0000-4000-8000-000000000000`,
        headers: owner,
      }),
      404,
    );
    expectError(await inject(t.app, { method: 'GET', url: `${base}/not-a-uuid`, headers: owner }), 400);
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: `${base}/00000000-0000-4000-8000-000000000000/disconnect`,
        headers: as('WIX_USER:ADMIN'),
      }),
      404,
    );
  });
});

describe('deleting a staff member', () => {
  it('disconnects their calendars, removes their busy time and ends their feed', async () => {
    const casey = await createStaff(t.app, 'Casey', 'casey@example.com');
    const busyStart = futureSlot(8, 10);
    served.set('/casey.ics', { body: icsOf(vevent('c1', busyStart, plus(busyStart, hour))) });
    const id = (await connect(casey, '/casey.ics')).body.externalCalendar.id as string;
    await waitForStatus(id, 'SYNCED');
    const feed = await ok<{ feed: { url: string } }>(t.app, {
      method: 'POST',
      url: `${base}/staff-members/${casey}/feed`,
      headers: owner,
    });
    const ledger = async () =>
      (
        await t.app.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM bookings_busy_times WHERE source = 'EXTERNAL_CALENDAR' AND source_id = $1`,
          [id],
        )
      )[0]!.n;
    expect(await ledger()).toBe(1);
    await ok(t.app, { method: 'DELETE', url: `/bookings/v1/staff-members/${casey}`, headers: owner });
    await waitForStatus(id, 'DISCONNECTED');
    expect(await ledger()).toBe(0);
    const old = await t.app.inject({ method: 'GET', url: new URL(feed.feed.url).pathname });
    expect(old.statusCode).toBe(404);
  });
});

describe('periodic sync', () => {
  it('schedules a job for every live calendar not synced recently, and none for disconnected ones', async () => {
    served.set('/periodic.ics', { body: icsOf() });
    const live = (await connect(sam, '/periodic.ics')).body.externalCalendar.id as string;
    const gone = (await connect(sam, '/periodic.ics')).body.externalCalendar.id as string;
    await waitForStatus(live, 'SYNCED');
    await waitForStatus(gone, 'SYNCED');
    await ok(t.app, { method: 'POST', url: `${base}/${gone}/disconnect`, headers: owner });
    const scheduled: Array<{ name: string; data: { calendarId: string } }> = [];
    const db = t.app.database.db;
    const service = createExternalCalendarsService({
      database: t.app.database,
      repository: createExternalCalendarsRepository(db),
      staff: createStaffRepository(db),
      busy: createAvailabilityRepository(db),
      dashboardUsers: { idsByEmail: async () => new Map(), emailOf: async () => undefined },
      slotHoldingBookingsOf: async () => [],
      fetcher: async () => icsOf(),
      events: {
        schedule: async (_tx: unknown, job: { name: string; data: { calendarId: string } }) => {
          scheduled.push(job);
          return 'job';
        },
      } as unknown as EventBus,
      findSite: async () => undefined,
      sealer: secretSealerFor(t.config),
      options: { resyncAfterMs: 0 },
    });
    await service.scheduleDue();
    const ids = scheduled.map((job) => job.data.calendarId);
    expect(ids).toContain(live);
    expect(ids).not.toContain(gone);
    expect(scheduled.every((job) => job.name === syncJobName)).toBe(true);

    // With the default 14 minutes, a calendar synced just now is not due.
    scheduled.length = 0;
    const fresh = createExternalCalendarsService({
      database: t.app.database,
      repository: createExternalCalendarsRepository(db),
      staff: createStaffRepository(db),
      busy: createAvailabilityRepository(db),
      dashboardUsers: { idsByEmail: async () => new Map(), emailOf: async () => undefined },
      slotHoldingBookingsOf: async () => [],
      fetcher: async () => icsOf(),
      events: {
        schedule: async (_tx: unknown, job: { name: string; data: { calendarId: string } }) => {
          scheduled.push(job);
          return 'job';
        },
      } as unknown as EventBus,
      findSite: async () => undefined,
      sealer: secretSealerFor(t.config),
    });
    await fresh.scheduleDue();
    expect(scheduled.map((job) => job.data.calendarId)).not.toContain(live);
  });
});

describe('ICS fetcher and parser', () => {
  it('gives up after its time limit and refuses bodies over the size cap', async () => {
    served.set('/slow.ics', { body: icsOf(), delayMs: 4_000 });
    served.set('/big.ics', { body: icsOf(`X-PAD:${'x'.repeat(5_000)}`) });
    const fetcher = createIcsFetcher({ timeoutMs: 1_000, maxBytes: 1_000, allowPrivateAddresses: true });
    await expect(fetcher(`${origin}/slow.ics`)).rejects.toMatchObject({ code: 'FETCH_TIMEOUT' });
    await expect(fetcher(`${origin}/big.ics`)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await expect(fetcher('http://127.0.0.1:1/none.ics')).rejects.toMatchObject({ code: 'FETCH_FAILED' });
    served.set('/small.ics', { body: icsOf() });
    await expect(fetcher(`${origin}/small.ics`)).resolves.toContain('BEGIN:VCALENDAR');
  });

  it('refuses loopback, private and link-local addresses unless configured to allow them (SSRF)', async () => {
    served.set('/small.ics', { body: icsOf() });
    const guarded = createIcsFetcher({ timeoutMs: 2_000 });
    const port = new URL(origin).port;
    await expect(guarded(`${origin}/small.ics`)).rejects.toMatchObject({ code: 'ADDRESS_NOT_ALLOWED' });
    // A name is judged by what it resolves to, when the socket connects.
    await expect(guarded(`http://localhost:${port}/small.ics`)).rejects.toMatchObject({
      code: 'ADDRESS_NOT_ALLOWED',
    });
    await expect(guarded(`http://[::1]:${port}/small.ics`)).rejects.toMatchObject({
      code: 'ADDRESS_NOT_ALLOWED',
    });
    await expect(guarded('http://169.254.169.254/latest/meta-data/')).rejects.toMatchObject({
      code: 'ADDRESS_NOT_ALLOWED',
    });
    // A redirect is followed only to an address the filter accepts, so a public URL cannot bounce inward.
    const nonPublic = ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1'];
    const nonPublic6 = ['::1', '::', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1', '64:ff9b::a00:1', 'ff02::1'];
    for (const address of [...nonPublic, ...nonPublic6])
      expect(isNonPublicAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:800::200e']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
    expect(() =>
      loadConfig({ NODE_ENV: 'production', BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true' }),
    ).toThrow(/BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES/);
  });

  it('follows redirects, each hop checked, and gives up after five', async () => {
    served.set('/small.ics', { body: icsOf() });
    served.set('/moved.ics', { status: 301, body: '', location: '/small.ics' });
    served.set('/loop.ics', { status: 302, body: '', location: '/loop.ics' });
    const fetcher = createIcsFetcher({ timeoutMs: 2_000, allowPrivateAddresses: true });
    await expect(fetcher(`${origin}/moved.ics`)).resolves.toContain('BEGIN:VCALENDAR');
    await expect(fetcher(`${origin}/loop.ics`)).rejects.toMatchObject({ code: 'FETCH_FAILED' });
  });

  it('places all-day events on the business time zone’s day and merges overlaps', () => {
    const text = icsOf(
      [
        'BEGIN:VEVENT',
        'UID:d',
        'DTSTAMP:20260101T000000Z',
        'DTSTART;VALUE=DATE:20270302',
        'DTEND;VALUE=DATE:20270303',
        'SUMMARY:Day off',
        'END:VEVENT',
      ].join('\r\n'),
      vevent('a', '2027-03-04T10:00:00Z', '2027-03-04T11:00:00Z'),
      vevent('b', '2027-03-04T10:30:00Z', '2027-03-04T12:00:00Z'),
    );
    const spans = busySpansOf(text, {
      from: new Date('2027-03-01T00:00:00Z'),
      to: new Date('2027-04-01T00:00:00Z'),
      timeZone: 'America/New_York',
    });
    expect(
      spans.map((span) => [new Date(span.start).toISOString(), new Date(span.end).toISOString()]),
    ).toEqual([
      ['2027-03-02T05:00:00.000Z', '2027-03-03T05:00:00.000Z'],
      ['2027-03-04T10:00:00.000Z', '2027-03-04T12:00:00.000Z'],
    ]);
    expect(() => busySpansOf('hello', { from: new Date(), to: new Date(), timeZone: 'UTC' })).toThrow(
      /iCalendar/,
    );
  });
});
