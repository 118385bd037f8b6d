import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { identityKit } from './identity-helpers.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

// The filters the dashboard relies on: the bookings list's customer email, the home chart's count per day.
let t: TestApp;
let service: string;

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  service = await createAppointmentService(t.app, { staffMemberIds: [await createStaff(t.app)] });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

const contact = (email: string) => ({ firstName: 'Ada', email });

describe('POST /bookings/v2/extended-bookings/query', () => {
  it("filters by the customer's email inside the contact details", async () => {
    const ada = await book(t.app, customer('ada'), {
      booking: {
        ...bookingRequest(service, futureSlot(3, 9)).booking,
        contactDetails: contact('ada@example.com'),
      },
    });
    await book(t.app, customer('bob'), {
      booking: {
        ...bookingRequest(service, futureSlot(3, 11)).booking,
        contactDetails: contact('bob@example.com'),
      },
    });
    for (const filter of [
      { 'contactDetails.email': 'ada@example.com' },
      { 'contactDetails.email': { $eq: 'ada@example.com' } },
    ]) {
      const answer = await ok<{ extendedBookings: Array<{ booking: { id: string } }> }>(t.app, {
        method: 'POST',
        url: '/bookings/v2/extended-bookings/query',
        headers: owner,
        payload: { query: { filter } },
      });
      expect(answer.extendedBookings.map((item) => item.booking.id)).toEqual([ada.id]);
    }
  });
});

describe('POST /bookings/v2/extended-bookings/count', () => {
  it('counts the bookings of one day by start date and status', async () => {
    await book(t.app, customer('cy'), bookingRequest(service, futureSlot(5, 9)));
    await book(t.app, customer('cy'), bookingRequest(service, futureSlot(5, 13)));
    await book(t.app, customer('cy'), bookingRequest(service, futureSlot(6, 9)));
    const day = new Date(futureSlot(5, 0));
    const count = await ok<{ count: number }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/extended-bookings/count',
      headers: owner,
      payload: {
        filter: {
          startDate: { $gte: day.toISOString(), $lt: new Date(day.getTime() + 86_400_000).toISOString() },
          status: { $in: ['CONFIRMED', 'PENDING', 'CREATED'] },
        },
      },
    });
    expect(count.count).toBe(2);
  });
});

describe('POST /bookings/v2/extended-bookings/count-by-day', () => {
  const url = '/bookings/v2/extended-bookings/count-by-day';
  const date = (iso: string) => iso.slice(0, 10);

  it("counts each day of the caller's time zone by start, listing the days without bookings as 0", async () => {
    // 09:00 and 23:00 UTC on one day: the same UTC day, but 23:00 UTC is the next day in Berlin.
    const morning = futureSlot(20, 9);
    const late = futureSlot(20, 23);
    await book(t.app, customer('dee'), bookingRequest(service, morning));
    await book(t.app, customer('dee'), bookingRequest(service, late));
    const canceled = await book(t.app, customer('dee'), bookingRequest(service, futureSlot(20, 11)));
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${canceled.id}/cancel`,
      headers: owner,
      payload: { revision: canceled.revision },
    });
    const filter = { status: { $in: ['CONFIRMED', 'PENDING', 'CREATED'] } };
    const range = { from: date(futureSlot(19, 0)), to: date(futureSlot(21, 0)) };
    const utc = await ok<{ days: Array<{ date: string; count: number }> }>(t.app, {
      method: 'POST',
      url,
      headers: owner,
      payload: { ...range, timeZone: 'UTC', filter },
    });
    expect(utc.days).toEqual([
      { date: range.from, count: 0 },
      { date: date(morning), count: 2 },
      { date: range.to, count: 0 },
    ]);
    const berlin = await ok<{ days: Array<{ date: string; count: number }> }>(t.app, {
      method: 'POST',
      url,
      headers: owner,
      payload: { ...range, timeZone: 'Europe/Berlin', filter },
    });
    expect(berlin.days.map((day) => day.count)).toEqual([0, 1, 1]);
  });

  it('refuses a range that ends before it starts, spans more than 366 days, or names no time zone', async () => {
    for (const payload of [
      { from: '2026-05-02', to: '2026-05-01', timeZone: 'UTC' },
      { from: '2026-01-01', to: '2027-01-02', timeZone: 'UTC' },
      { from: '2026-01-01', to: '2026-01-31', timeZone: 'Mars/Olympus' },
      { from: '2026-01-01', to: 'soon', timeZone: 'UTC' },
    ]) {
      const answer = await inject(t.app, { method: 'POST', url, headers: owner, payload });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is closed to strangers and customers, and counts only the caller site', async () => {
    const payload = { from: date(futureSlot(20, 0)), to: date(futureSlot(20, 0)), timeZone: 'UTC' };
    const stranger = await inject(t.app, { method: 'POST', url, payload });
    expect(stranger.status).toBe(401);
    for (const headers of [customer('dee'), as('ANONYMOUS_VISITOR:visitor-1')]) {
      const refused = await inject(t.app, { method: 'POST', url, headers, payload });
      expect(refused.status).toBe(403);
    }
    const other = await identityKit(t).newSite('Another studio');
    const elsewhere = await ok<{ days: Array<{ count: number }> }>(t.app, {
      method: 'POST',
      url,
      headers: as('WIX_USER:OWNER', other.site.id),
      payload,
    });
    expect(elsewhere.days).toEqual([{ date: payload.from, count: 0 }]);
  });
});
