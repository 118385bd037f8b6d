import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as externalCalendars from '@wix/auto_sdk_bookings_external-calendars';
import * as staffMembers from '@wix/auto_sdk_bookings_staff-members';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official external-calendars client, unchanged, against Atrium: its one provider (ICS), a staff
// member's iCal URL connected by credentials (the URL as the password), the connection read, listed,
// its calendar and its imported busy time listed, its sync config kept, and disconnected.

const hour = 3_600_000;
let atrium: AtriumBehindOfficialHost;
let server: Server;
let icsUrl: string;
function businessClient(apiKey: string, siteId: string) {
  return createClient({
    modules: { externalCalendars, staffMembers },
    auth: ApiKeyStrategy({ apiKey, siteId }),
  });
}
let business: ReturnType<typeof businessClient>;
let dana: string;

const tomorrow = new Date(Math.ceil(Date.now() / (24 * hour)) * 24 * hour);
const at = (hours: number) => new Date(tomorrow.getTime() + hours * hour).toISOString();
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('the call was expected to be refused');
    },
    (error: unknown) => error as { details?: { applicationError?: { code?: string } } },
  );
}

beforeAll(async () => {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:dentist',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(at(9))}`,
    `DTEND:${stamp(at(10))}`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  icsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dana.ics`;
  // The ICS file is served from 127.0.0.1, which only tests and local development may fetch.
  atrium = await startAtriumBehindOfficialHost({ BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true' });
  business = businessClient(atrium.apiKey, atrium.siteId);
  dana = (await business.staffMembers.createStaffMember({ name: 'Dana Levi', email: 'dana@example.com' }))
    ._id!;
});

afterAll(async () => {
  await atrium?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the official external-calendars client against Atrium', () => {
  it('connects, reads, lists and disconnects a staff member’s iCal URL', async () => {
    const providers = (await business.externalCalendars.listProviders()).providers ?? [];
    expect(providers).toHaveLength(1);
    const ics = providers[0]!;
    expect(ics).toMatchObject({ calendarType: 'I_CAL', features: { connectMethods: ['CREDENTIALS'] } });

    const { connection } = await business.externalCalendars.connectByCredentials(
      ics._id!,
      dana,
      'dana@calendar.example',
      icsUrl,
    );
    expect(connection).toMatchObject({ scheduleId: dana, externalAccountEmail: 'dana@calendar.example' });
    const id = connection!._id!;
    expect((await business.externalCalendars.getConnection(id)).connection?._id).toBe(id);
    const listed = await business.externalCalendars.listConnections({ scheduleIds: [dana] });
    expect(listed.connections?.map((entry) => entry._id)).toEqual([id]);
    expect((await business.externalCalendars.listCalendars(id)).calendars).toEqual([
      { _id: id, name: 'dana@calendar.example' },
    ]);
    const kept = await business.externalCalendars.updateSyncConfig(id, {
      listEventFromCalendars: { enabled: true, primaryCalendar: {} },
    });
    expect(kept.connection?.status).not.toBe('DISCONNECTED');

    // Connecting imports at once, as a job: the connection reads SYNCED once it has.
    for (let tries = 0; ; tries++) {
      const { connection: now } = await business.externalCalendars.getConnection(id);
      if (now?.status === 'SYNCED') break;
      if (tries > 100) throw new Error(`the first import did not finish: ${now?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { events } = await business.externalCalendars.listEvents({
      from: at(0),
      to: at(24),
      scheduleIds: [dana],
    });
    expect(events?.map((event) => [event.start, event.end, event.scheduleOwnerName])).toEqual([
      [at(9), at(10), 'Dana Levi'],
    ]);

    const oauth = await refusal(business.externalCalendars.connectByOAuth(ics._id!, dana, 'https://x.test'));
    expect(oauth.details?.applicationError?.code).toBe('NOT_SUPPORTED_BY_PROVIDER');

    expect((await business.externalCalendars.disconnect(id)).connection?.status).toBe('DISCONNECTED');
    const again = await refusal(business.externalCalendars.disconnect(id));
    expect(again.details?.applicationError?.code).toBe('CONNECTION_ALREADY_DISCONNECTED');
  });

  it('answered no 5xx', () => {
    expect(atrium.forwarded.filter((request) => request.status >= 500)).toEqual([]);
  });
});
