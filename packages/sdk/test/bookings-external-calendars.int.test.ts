import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import { AtriumError } from '../src/errors.ts';
import { bookings } from '../src/modules/bookings.ts';

// The external-calendar calls of the SDK against the real server, with an ICS file served by the test.
let testApp: TestApp;
let fixtures: http.Server;
let fixturesUrl = '';
let as: (caller: string) => ReturnType<typeof createClient<{ bookings: typeof bookings }>>['bookings'];

function calendarText(): string {
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium SDK test//EN',
    'BEGIN:VEVENT',
    'UID:dentist@example.com',
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function failure(promise: Promise<unknown>): Promise<AtriumError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof AtriumError)) throw new Error(`expected an AtriumError, got ${String(outcome)}`);
  return outcome;
}

/**
 * Connecting schedules the first import as a job, and a sync asked for meanwhile answers the claimed
 * row: sync, then read until the import has finished.
 */
async function importFinished(client: ReturnType<typeof as>, id: string) {
  let calendar = await client.syncExternalCalendar(id);
  for (
    let attempt = 0;
    attempt < 100 && ['CONNECTED', 'SYNC_IN_PROGRESS'].includes(calendar.status);
    attempt += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    calendar = await client.getExternalCalendar(id);
  }
  return calendar;
}

beforeAll(async () => {
  fixtures = http.createServer((request, response) => {
    if (request.url?.startsWith('/calendar.ics'))
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(calendarText());
    else response.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', resolve));
  fixturesUrl = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`;
  // The ICS file is served from 127.0.0.1, which the server refuses unless told otherwise.
  testApp = await createTestApp({ config: { BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  as = (caller) =>
    createClient({ baseUrl, headers: { 'x-atrium-dev-caller': caller }, modules: { bookings } }).bookings;
});
afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => fixtures.close(() => resolve()));
});

describe('external calendars', () => {
  it('connects an ICS URL, imports it, lists it and disconnects it', async () => {
    const owner = as('WIX_USER:OWNER');
    const member = await owner.createStaffMember({ name: 'Dana' });
    const connected = await owner.connectExternalCalendar({
      staffMemberId: member.id,
      url: `${fixturesUrl}/calendar.ics?token=secret`,
      name: 'Personal',
    });
    expect(connected).toMatchObject({ staffMemberId: member.id, provider: 'I_CAL', name: 'Personal' });
    // The secret part of the URL is never shown back.
    expect(connected.url).not.toContain('secret');

    const synced = await importFinished(owner, connected.id);
    expect(synced.lastSyncError ?? null).toBeNull();
    expect(synced).toMatchObject({ status: 'SYNCED', busyIntervalCount: 1 });
    expect(Date.parse(synced.lastSyncDate ?? '')).toBeGreaterThan(0);
    expect((await owner.getExternalCalendar(connected.id)).status).toBe('SYNCED');

    const broken = await owner.connectExternalCalendar({
      staffMemberId: member.id,
      url: `${fixturesUrl}/gone.ics`,
    });
    const failed = await importFinished(owner, broken.id);
    expect(failed.status).toBe('ERROR');
    expect(failed.lastSyncError?.code).toBe('HTTP_ERROR');

    const disconnected = await owner.disconnectExternalCalendar(broken.id);
    expect(disconnected.status).toBe('DISCONNECTED');
    const active = await owner.listExternalCalendars({ staffMemberId: member.id });
    expect(active.map((calendar) => calendar.id)).toEqual([connected.id]);
    const all = await owner.listExternalCalendars({ staffMemberId: member.id, includeDisconnected: true });
    expect(all.map((calendar) => calendar.id).sort()).toEqual([connected.id, broken.id].sort());
  });

  it('answers 400 for a URL that is not http(s), 404 for an unknown calendar and refuses visitors', async () => {
    const owner = as('WIX_USER:OWNER');
    const member = await owner.createStaffMember({ name: 'Eli' });
    const bad = await failure(
      owner.connectExternalCalendar({ staffMemberId: member.id, url: 'ftp://example.com/a.ics' }),
    );
    expect(bad.status).toBe(400);
    const missing = await failure(owner.getExternalCalendar('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(404);
    const visitor = await failure(
      as('ANONYMOUS_VISITOR').connectExternalCalendar({
        staffMemberId: member.id,
        url: `${fixturesUrl}/calendar.ics`,
      }),
    );
    expect([401, 403]).toContain(visitor.status);
  });
});

describe('staff calendar feeds', () => {
  it('creates, reads and rotates a private feed URL; the old URL stops working', async () => {
    const owner = as('WIX_USER:OWNER');
    const member = await owner.createStaffMember({ name: 'Fay' });
    expect((await failure(owner.getStaffCalendarFeed(member.id))).status).toBe(404);

    const feed = await owner.createStaffCalendarFeed(member.id);
    expect(feed.url).toMatch(/\/bookings\/v2\/external-calendars\/feeds\/[\w-]+\.ics$/);
    expect(feed.webcalUrl).toMatch(/^webcal:\/\//);
    expect((await owner.getStaffCalendarFeed(member.id)).url).toBe(feed.url);
    expect((await owner.createStaffCalendarFeed(member.id)).url).toBe(feed.url);

    const first = await fetch(feed.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/calendar');

    const rotated = await owner.rotateStaffCalendarFeed(member.id);
    expect(rotated.url).not.toBe(feed.url);
    expect((await fetch(feed.url)).status).toBe(404);
    expect((await fetch(rotated.url)).status).toBe(200);
  });
});
