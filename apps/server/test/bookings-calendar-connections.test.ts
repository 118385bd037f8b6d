import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icsProviderId } from '@atrium/contract/bookings/external-calendars';
import { createStaff, expectError, ok } from './bookings-lifecycle-fixtures.ts';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';

// The official external-calendars client's connection calls (calendar-connections.service.ts) over HTTP:
// one provider (ICS), connect by credentials with the iCal URL as the password, the same rows as Atrium's
// own external calendars.

const base = '/bookings/v2/external-calendars';
const hour = 3_600_000;
let server: Server;
let origin: string;
let t: TestApp;
let dana: string;
let eli: string;

/** Tomorrow 10:00-11:00 and 14:00-15:00 UTC, as ICS events. */
const tomorrow = new Date(
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1),
);
const at = (hours: number) => new Date(tomorrow.getTime() + hours * hour).toISOString();
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const ics = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  ...[10, 14].flatMap((h) => [
    'BEGIN:VEVENT',
    `UID:busy-${h}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(at(h))}`,
    `DTEND:${stamp(at(h + 1))}`,
    'SUMMARY:Private',
    'END:VEVENT',
  ]),
  'END:VCALENDAR',
].join('\r\n');

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = owner) =>
  inject(t.app, {
    method,
    url,
    headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

function connectByCredentials(scheduleId: string, headers = owner, password = `${origin}/dana.ics`) {
  return call(
    'POST',
    `${base}/connections:connectByCredentials`,
    { providerId: icsProviderId, scheduleId, email: 'dana@calendar.example', password },
    headers,
  );
}

beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(request.url === '/dana.ics' ? 200 : 404, { 'content-type': 'text/calendar' });
    response.end(request.url === '/dana.ics' ? ics : 'not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ config: { BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  dana = await createStaff(t.app, 'Dana', 'dana@example.com');
  eli = await createStaff(t.app, 'Eli', 'eli@example.com');
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('GET /bookings/v2/external-calendars/providers', () => {
  it('lists one provider, ICS, connected by credentials and read-only', async () => {
    const body = await ok<{ providers: unknown[] }>(t.app, {
      method: 'GET',
      url: `${base}/providers`,
      headers: owner,
    });
    expect(body.providers).toEqual([
      {
        id: icsProviderId,
        name: 'ICS (iCalendar URL)',
        calendarType: 'I_CAL',
        features: {
          connectMethods: ['CREDENTIALS'],
          updateSyncConfig: false,
          listEventFromCalendars: 'PRIMARY_CALENDAR_ONLY',
          syncToCalendar: 'NOT_SUPPORTED',
        },
      },
    ]);
  });

  it('is refused without credentials (401) and to a member (403)', async () => {
    expect((await call('GET', `${base}/providers`, undefined, {})).status).toBe(401);
    expect((await call('GET', `${base}/providers`, undefined, as('MEMBER:m-1'))).status).toBe(403);
  });
});

describe('POST /bookings/v2/external-calendars/connections:connectByCredentials', () => {
  it('connects a staff member’s iCal URL as an external calendar of theirs', async () => {
    const answer = await connectByCredentials(dana);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.connection).toMatchObject({
      providerId: icsProviderId,
      calendarType: 'I_CAL',
      scheduleId: dana,
      externalAccountEmail: 'dana@calendar.example',
      status: 'CONNECTED',
      errorReason: 'UNDEFINED',
      syncConfig: { listEventFromCalendars: { enabled: true }, syncToCalendar: { enabled: false } },
    });
    // The same row as Atrium's own external calendars: the URL shown redacted there.
    const own = await call('GET', `${base}/${answer.body.connection.id}`);
    expect(own.body.externalCalendar).toMatchObject({ staffMemberId: dana, provider: 'I_CAL' });
  });

  it('answers 400 BAD_CREDENTIALS when the password is not an iCalendar URL', async () => {
    expectError(await connectByCredentials(dana, owner, 'hunter2'), 400, 'BAD_CREDENTIALS');
  });

  it('answers 400 for a missing field, 404 for an unknown provider or staff member', async () => {
    expectError(await call('POST', `${base}/connections:connectByCredentials`, { scheduleId: dana }), 400);
    expectError(
      await call('POST', `${base}/connections:connectByCredentials`, {
        providerId: randomUUID(),
        scheduleId: dana,
        password: `${origin}/dana.ics`,
      }),
      404,
    );
    expectError(await connectByCredentials(randomUUID()), 404);
  });

  it('lets a STAFF user connect only their own calendar (403 for a colleague’s)', async () => {
    expectError(await connectByCredentials(eli, as('WIX_USER:STAFF')), 403);
  });
});

describe('POST /bookings/v2/external-calendars/connections:connectByOAuth', () => {
  it('answers 400 NOT_SUPPORTED_BY_PROVIDER: no OAuth provider is configured', async () => {
    const answer = await call('POST', `${base}/connections:connectByOAuth`, {
      providerId: icsProviderId,
      scheduleId: dana,
      redirectUrl: 'https://example.com/back',
    });
    expectError(answer, 400, 'NOT_SUPPORTED_BY_PROVIDER');
    expect(answer.body.message).toContain('connectByCredentials');
  });
});

describe('connections: get, list, calendars, sync config, disconnect', () => {
  it('works on the stored connection until it is disconnected', async () => {
    const { connection } = (await connectByCredentials(eli)).body;
    const id = connection.id as string;
    expect((await call('GET', `${base}/connections/${id}`)).body.connection).toMatchObject({
      id,
      scheduleId: eli,
    });

    const listed = await call('GET', `${base}/connections?scheduleIds=${eli}`);
    expect(listed.body).toMatchObject({ failedProviderIds: [] });
    expect(listed.body.connections.map((entry: { id: string }) => entry.id)).toEqual([id]);

    expect((await call('GET', `${base}/connections/${id}/calendars`)).body.calendars).toEqual([
      { id, name: 'dana@calendar.example' },
    ]);

    const kept = await call('PATCH', `${base}/connections/${id}/sync-config`, {
      syncConfig: { listEventFromCalendars: { enabled: true, primaryCalendar: {} } },
    });
    expect(kept.status).toBe(200);
    expectError(
      await call('PATCH', `${base}/connections/${id}/sync-config`, {
        syncConfig: { syncToCalendar: { enabled: true, dedicatedCalendar: {} } },
      }),
      400,
      'NOT_SUPPORTED_BY_PROVIDER',
    );

    const gone = await call('POST', `${base}/connections/${id}/disconnect`, {});
    expect(gone.body.connection).toMatchObject({
      status: 'DISCONNECTED',
      syncConfig: { listEventFromCalendars: { enabled: false } },
    });
    expectError(
      await call('POST', `${base}/connections/${id}/disconnect`, {}),
      409,
      'CONNECTION_ALREADY_DISCONNECTED',
    );
    expectError(await call('GET', `${base}/connections/${id}/calendars`), 400, 'CONNECTION_NOT_CONNECTED');
    // Disconnected connections stay listed, with their status.
    const after = await call('GET', `${base}/connections?scheduleIds=${eli}`);
    expect(after.body.connections.map((entry: { status: string }) => entry.status)).toEqual(['DISCONNECTED']);
  });

  it('answers 404 for an unknown connection and 400 for an id that is no UUID', async () => {
    expectError(await call('GET', `${base}/connections/${randomUUID()}`), 404);
    expectError(await call('POST', `${base}/connections/${randomUUID()}/disconnect`, {}), 404);
    expectError(await call('GET', `${base}/connections/not-an-id`), 400);
  });
});

describe('GET /bookings/v2/external-calendars/events', () => {
  it('lists the busy time imported from connected calendars, by start, cursor paged', async () => {
    const noa = await createStaff(t.app, 'Noa', 'noa@example.com');
    const { connection } = (await connectByCredentials(noa)).body;
    await ok(t.app, { method: 'POST', url: `${base}/${connection.id}/sync`, headers: owner, payload: {} });
    // The import that connecting scheduled may hold the claim, and then the sync call answers at once.
    await expect
      .poll(async () => (await call('GET', `${base}/${connection.id}`)).body.externalCalendar?.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('SYNCED');
    const window = `from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(24))}&scheduleIds=${noa}`;
    const first = await call('GET', `${base}/events?${window}&cursorPaging.limit=1`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.events).toEqual([
      {
        scheduleId: noa,
        calendarType: 'I_CAL',
        calendarName: 'dana@calendar.example',
        title: null,
        start: at(10),
        end: at(11),
        allDay: false,
        scheduleOwnerId: noa,
        scheduleOwnerName: 'Noa',
      },
    ]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 1, hasNext: true });
    const next = await call(
      'GET',
      `${base}/events?cursorPaging.cursor=${encodeURIComponent(first.body.pagingMetadata.cursors.next)}`,
    );
    expect(next.body.events.map((event: { start: string }) => event.start)).toEqual([at(14)]);
    expect(next.body.pagingMetadata.hasNext).toBe(false);
  });

  it('answers 400 for a window that ends before it starts or a cursor it did not give', async () => {
    expectError(
      await call('GET', `${base}/events?from=${encodeURIComponent(at(5))}&to=${encodeURIComponent(at(1))}`),
      400,
    );
    expectError(await call('GET', `${base}/events?cursorPaging.cursor=nonsense`), 400);
  });

  it('shows a STAFF user only their own staff member’s events (403 for a colleague’s)', async () => {
    expectError(await call('GET', `${base}/events?scheduleIds=${eli}`, undefined, as('WIX_USER:STAFF')), 403);
  });
});
