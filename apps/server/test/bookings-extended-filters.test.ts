import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, owner, type TestApp } from './test-app.ts';
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
