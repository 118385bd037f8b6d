import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxCalendarEntries } from '../src/modules/bookings/availability/answer-limits.ts';
import {
  maxCalendarEvents,
  maxExpandedOccurrences,
} from '../src/modules/bookings/external-calendars/ics-import.ts';
import {
  createAppointmentService,
  createStaff,
  customer,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';

const base = '/bookings/v2/external-calendars';
const availabilityPerIp = 40;
const syncsPerIp = 8;
/** ICS files served from 127.0.0.1: path → body. */
const served = new Map<string, string>();
let server: Server;
let origin: string;
let t: TestApp;
let alex: string;
let serviceId: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    if (body === undefined) response.writeHead(404).end('not here');
    else response.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    config: {
      BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true',
      AVAILABILITY_RATE_LIMIT_PER_IP: String(availabilityPerIp),
      BOOKINGS_ICS_SYNC_RATE_LIMIT_PER_IP: String(syncsPerIp),
    },
  });
  await openAllWeek(t.app);
  alex = await createStaff(t.app, 'Alex', 'alex@example.com');
  const bea = await createStaff(t.app, 'Bea', 'bea@example.com');
  const cy = await createStaff(t.app, 'Cy', 'cy@example.com');
  serviceId = await createAppointmentService(t.app, { staffMemberIds: [alex, bea, cy], minutes: 30 });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

function icsOf(events: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
}

function vevent(uid: string, start: Date, extra: string[] = []): string {
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + 30 * 60_000))}`,
    ...extra,
    'END:VEVENT',
  ].join('\r\n');
}

const soon = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCMinutes(0, 0, 0);
  return date;
};

interface Calendar {
  id: string;
  status: string;
  busyIntervalCount?: number | null;
  lastSyncError?: { code: string } | null;
}

async function connectAndSync(path: string, body: string): Promise<{ calendar: Calendar; cpuMs: number }> {
  served.set(path, body);
  const connected = await inject(t.app, {
    method: 'POST',
    url: base,
    headers: owner,
    payload: { externalCalendar: { staffMemberId: alex, provider: 'I_CAL', url: `${origin}${path}` } },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  const id = connected.body.externalCalendar.id as string;
  // The connect call queued a sync; wait for it to settle, then time one in the request.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { externalCalendar } = await ok<{ externalCalendar: Calendar }>(t.app, {
      method: 'GET',
      url: `${base}/${id}`,
      headers: owner,
    });
    if (externalCalendar.status !== 'SYNC_IN_PROGRESS' && externalCalendar.status !== 'CONNECTED') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return sync(id);
}

/**
 * Syncs within the request, with the CPU time it took this process (the app runs here): unlike wall time,
 * it does not grow with the machine's load.
 */
async function sync(id: string): Promise<{ calendar: Calendar; cpuMs: number }> {
  const started = process.cpuUsage();
  const synced = await inject(t.app, { method: 'POST', url: `${base}/${id}/sync`, headers: owner });
  const used = process.cpuUsage(started);
  const cpuMs = (used.user + used.system) / 1000;
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  return { calendar: synced.body.externalCalendar, cpuMs };
}

async function disconnect(id: string) {
  await ok(t.app, { method: 'POST', url: `${base}/${id}/disconnect`, headers: owner });
}

describe('ICS imports are bounded before they are expanded', () => {
  it('refuses 1,000 hourly-recurring events quickly and keeps the last good import', async () => {
    const path = '/hourly.ics';
    const good = await connectAndSync(path, icsOf([vevent('one', soon(3))]));
    expect(good.calendar).toMatchObject({ status: 'SYNCED', busyIntervalCount: 1 });

    served.set(
      path,
      icsOf(
        Array.from({ length: 1000 }, (_, index) => vevent(`hourly-${index}`, soon(1), ['RRULE:FREQ=HOURLY'])),
      ),
    );
    const { calendar, cpuMs } = await sync(good.calendar.id);
    expect(calendar.status).toBe('ERROR');
    expect(calendar.lastSyncError?.code).toBe('TOO_MANY_EVENTS');
    // Unbounded this took 10 s of CPU and 360 MB; refused from the rule alone it is well under that.
    expect(cpuMs).toBeLessThan(5_000);
    expect(calendar.busyIntervalCount).toBe(1);
    await disconnect(calendar.id);
  });

  it(`refuses a calendar of more than ${maxCalendarEvents} events before parsing it`, async () => {
    const many = Array.from({ length: maxCalendarEvents + 1 }, (_, index) =>
      vevent(`single-${index}`, new Date(soon(2).getTime() + index * 3_600_000)),
    );
    const { calendar } = await connectAndSync('/many.ics', icsOf(many));
    expect(calendar.lastSyncError?.code).toBe('TOO_MANY_EVENTS');
    expect(calendar.busyIntervalCount ?? 0).toBe(0);
    await disconnect(calendar.id);
  });

  it(`imports recurring events within the ${maxExpandedOccurrences}-occurrence budget, merged`, async () => {
    const tenHourly = Array.from({ length: 10 }, (_, index) =>
      vevent(`ten-${index}`, soon(1), ['RRULE:FREQ=HOURLY;INTERVAL=2']),
    );
    const weekly = vevent('weekly', soon(2), ['RRULE:FREQ=WEEKLY;COUNT=4']);
    const { calendar } = await connectAndSync('/ok.ics', icsOf([...tenHourly, weekly]));
    expect(calendar.status).toBe('SYNCED');
    // Every two hours for at most 90 days: at most 1,080 busy spans, whatever the ten copies.
    expect(calendar.busyIntervalCount).toBeGreaterThan(500);
    expect(calendar.busyIntervalCount).toBeLessThanOrEqual(1_080);
    await disconnect(calendar.id);
  });

  it('limits connections and syncs per client address', async () => {
    let refused: { status: number; headers: Record<string, unknown> } | undefined;
    for (let attempt = 0; attempt <= syncsPerIp && !refused; attempt += 1) {
      const response = await inject(t.app, {
        method: 'POST',
        url: base,
        headers: owner,
        remoteAddress: '10.9.0.1',
        payload: {
          externalCalendar: { staffMemberId: alex, provider: 'I_CAL', url: `${origin}/nothing.ics` },
        },
      });
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers['retry-after']).toBeDefined();
  });
});

function calendarQuery(serviceIds: string[], days: number, extra: Record<string, unknown> = {}) {
  const from = soon(1);
  from.setUTCHours(0, 0, 0, 0);
  const to = new Date(from.getTime() + days * 86_400_000);
  return {
    query: { filter: { serviceId: serviceIds, startDate: from.toISOString(), endDate: to.toISOString() } },
    timezone: 'UTC',
    ...extra,
  };
}

function queryAvailability(payload: unknown, remoteAddress = '10.8.0.1') {
  return inject(t.app, {
    method: 'POST',
    url: '/bookings/v1/availability/query',
    headers: customer(),
    remoteAddress,
    payload: payload as Record<string, unknown>,
  });
}

describe('availability queries are bounded', () => {
  it('answers 100 copies of one service id exactly as the id once', async () => {
    const once = await queryAvailability(calendarQuery([serviceId], 2));
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    expect(once.body.availabilityEntries.length).toBeGreaterThan(0);
    const repeated = await queryAvailability(calendarQuery(Array(100).fill(serviceId), 2));
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual(once.body);
    const staffRepeated = await queryAvailability({
      ...calendarQuery([serviceId], 2),
      query: {
        filter: { ...calendarQuery([serviceId], 2).query.filter, staffMemberId: Array(100).fill(alex) },
      },
    });
    const staffOnce = await queryAvailability({
      ...calendarQuery([serviceId], 2),
      query: { filter: { ...calendarQuery([serviceId], 2).query.filter, staffMemberId: [alex] } },
    });
    expect(staffRepeated.body).toEqual(staffOnce.body);
  });

  it(`refuses an answer of more than ${maxCalendarEntries} slots with 400 TOO_MANY_SLOTS; slotsPerDay narrows it`, async () => {
    // Open around the clock on a 30-minute grid with three staff members: 144 entries a day, 12,960 in 90 days.
    const wide = await queryAvailability(calendarQuery([serviceId], 90));
    expect(wide.status).toBe(400);
    expect(wide.body.details.applicationError.code).toBe('TOO_MANY_SLOTS');
    const narrowed = await queryAvailability(calendarQuery([serviceId], 90, { slotsPerDay: 5 }));
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.availabilityEntries.length).toBeLessThanOrEqual(90 * 5);
  });

  it('limits availability queries per client address with 429 and retry-after', async () => {
    const address = '10.8.9.9';
    let refused: Awaited<ReturnType<typeof queryAvailability>> | undefined;
    for (let attempt = 0; attempt <= availabilityPerIp && !refused; attempt += 1) {
      const response = await queryAvailability(calendarQuery([serviceId], 1), address);
      if (response.status === 429) refused = response;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await queryAvailability(calendarQuery([serviceId], 1), '10.8.9.10');
    expect(elsewhere.status).toBe(200);
  });
});
