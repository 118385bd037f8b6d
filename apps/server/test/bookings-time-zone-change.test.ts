import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { identityKit } from './identity-helpers.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createClassService,
  createStaff,
  customer,
  futureSlot,
  ok,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';

// A change of the site's time zone (issue #18 item 7): sessions keep their local times, and every booking of a
// session still to come moves with it; appointments keep their moment. The site starts in UTC.
let t: TestApp;
let weekly: { serviceId: string };
let oneOff: { serviceId: string; sessionId: string; start: string };
const bookings = {} as { weekly: WireBooking; oneOff: WireBooking; appointment: WireBooking };
const weekdays = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const weeklyStart = futureSlot(10, 10);
  weekly = (await createClassService(t.app, { capacity: 5, start: futureSlot(30, 8) })) as {
    serviceId: string;
  };
  await ok(t.app, {
    method: 'POST',
    url: `/bookings/v2/services/${weekly.serviceId}/schedule/recurring-sessions`,
    headers: owner,
    payload: {
      recurringSession: {
        weekday: weekdays[new Date(weeklyStart).getUTCDay()],
        startTime: '10:00',
        durationInMinutes: 60,
        startDate: new Date().toISOString().slice(0, 10),
      },
    },
  });
  oneOff = await createClassService(t.app, { capacity: 5, start: futureSlot(12, 18) });
  const appointments = await createAppointmentService(t.app, { staffMemberIds: [await createStaff(t.app)] });
  bookings.weekly = await book(t.app, customer('ada'), bookingRequest(weekly.serviceId, weeklyStart));
  bookings.oneOff = await book(t.app, customer('bo'), bookingRequest(oneOff.serviceId, oneOff.start));
  bookings.appointment = await book(t.app, customer('cy'), bookingRequest(appointments, futureSlot(11, 9)));
}, 240_000);
afterAll(async () => t?.close(), 60_000);

const preview = (headers: Record<string, string> | undefined, timeZone = 'America/New_York') =>
  inject(t.app, {
    method: 'POST',
    url: '/bookings/v1/time-zone-change/preview',
    ...(headers ? { headers } : {}),
    payload: { timeZone },
  });

async function bookingById(id: string): Promise<WireBooking> {
  return (
    await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${id}`,
      headers: owner,
    })
  ).booking;
}

/** The class sessions of a service over the coming five weeks, as availability lists them. */
async function sessionsOf(serviceId: string): Promise<Map<string, number>> {
  const answer = await ok<{
    availabilityEntries: Array<{ slot: { sessionId: string; startDate: string } }>;
  }>(t.app, {
    method: 'POST',
    url: '/bookings/v1/availability/query',
    headers: owner,
    payload: {
      query: {
        filter: {
          serviceId: [serviceId],
          startDate: new Date().toISOString(),
          endDate: futureSlot(35, 0),
        },
      },
    },
  });
  return new Map(
    answer.availabilityEntries.map((entry) => [entry.slot.sessionId, Date.parse(entry.slot.startDate)]),
  );
}

describe('POST /bookings/v1/time-zone-change/preview', () => {
  it('says how many sessions and bookings still to come the change touches', async () => {
    const answer = await preview(owner);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      timeZone: 'America/New_York',
      weeklySessionRules: 1,
      oneOffSessions: 2,
      sessionBookings: 2,
      appointments: 1,
    });
  });

  it('refuses an unknown time zone', async () => {
    expect((await preview(owner, 'Mars/Olympus')).status).toBe(400);
  });

  it('is closed to strangers, customers and staff without settings rights; another site sees its own', async () => {
    expect((await preview(undefined)).status).toBe(401);
    expect((await preview(customer('ada'))).status).toBe(403);
    expect((await preview(as('WIX_USER:STAFF'))).status).toBe(403);
    const other = await identityKit(t).newSite('Another studio');
    const elsewhere = await preview(as('WIX_USER:OWNER', other.site.id));
    expect(elsewhere.body).toMatchObject({ weeklySessionRules: 0, sessionBookings: 0, appointments: 0 });
  });
});

describe('PATCH /sites/v1/site with a new time zone', () => {
  it('keeps every future booking on a session with the same start, and appointments at their moment', async () => {
    const changed = await inject(t.app, {
      method: 'PATCH',
      url: '/sites/v1/site',
      headers: owner,
      payload: { site: { timezone: 'America/New_York' } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    for (const [serviceId, before] of [
      [weekly.serviceId, bookings.weekly],
      [oneOff.serviceId, bookings.oneOff],
    ] as const) {
      const after = await bookingById(before.id);
      // The session kept its local time: 10:00 and 18:00 UTC became 10:00 and 18:00 in New York.
      expect(Date.parse(after.startDate) - Date.parse(before.startDate)).toBeGreaterThanOrEqual(
        4 * 3_600_000,
      );
      expect(Date.parse(after.endDate) - Date.parse(after.startDate)).toBe(
        Date.parse(before.endDate) - Date.parse(before.startDate),
      );
      const sessionId = after.bookedEntity.slot?.sessionId;
      expect(sessionId).toBe(before.bookedEntity.slot?.sessionId);
      expect((await sessionsOf(serviceId)).get(sessionId!)).toBe(Date.parse(after.startDate));
    }
    const appointment = await bookingById(bookings.appointment.id);
    expect(appointment.startDate).toBe(bookings.appointment.startDate);
  });

  it('tells the customers of the moved bookings their new time', async () => {
    const mails = await ok<{ messages: Array<{ to: string; subject: string }> }>(t.app, {
      method: 'GET',
      url: '/mail/v1/outbox',
      headers: owner,
    });
    const rescheduled = mails.messages.filter((mail) => /reschedul|moved|new time/i.test(mail.subject));
    expect(rescheduled.length).toBeGreaterThanOrEqual(2);
  });
});
