// The booking's slot check reads only the time the availability engine looks at for one start (not a
// day around it). Whatever it reads, it must agree with the engine: every start the availability API
// offers can be booked, every other start of the grid answers 409 SLOT_NOT_AVAILABLE, buffers and time
// off included (time off is seen by the slot check alone: the occupancy constraint covers bookings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

let t: TestApp;
let serviceId: string;
const minute = 60_000;
const day = futureSlot(6, 0);
const at = (hours: number, minutes = 0) =>
  new Date(Date.parse(day) + (hours * 60 + minutes) * minute).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const staff = await createStaff(t.app, 'Alex', 'alex@example.com');
  serviceId = (
    await ok<{ service: { id: string } }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/services',
      headers: owner,
      payload: {
        service: {
          type: 'APPOINTMENT',
          name: 'Massage',
          staffMemberIds: [staff],
          payment: { rateType: 'FIXED', fixed: { price: { value: '50.00', currency: 'USD' } } },
          // An hour, and half an hour to tidy up after each session.
          schedule: { availabilityConstraints: { durations: [{ minutes: 60 }], timeBetweenSessions: 30 } },
        },
      },
    })
  ).service.id;
  // Time off that the occupancy constraint knows nothing of: only the slot check can see it. One from
  // the evening before until 07:15, one at 16:15-16:30.
  for (const timeOff of [
    { startDate: at(-4), endDate: at(7, 15) },
    { startDate: at(16, 15), endDate: at(16, 30) },
  ]) {
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v1/staff-members/${staff}/time-off`,
      headers: owner,
      payload: { timeOff },
    });
  }
  // Taken: 10:00-11:00 (+ buffer to 11:30) and 13:30-14:30 (+ buffer to 15:00).
  await book(t.app, customer('early'), bookingRequest(serviceId, at(10)));
  await book(t.app, customer('late'), bookingRequest(serviceId, at(13, 30)));
}, 240_000);
afterAll(async () => t?.close(), 60_000);

async function offeredStarts(from: string, to: string): Promise<Set<string>> {
  const body = await ok<{ availabilityEntries: Array<{ slot: { startDate: string }; bookable: boolean }> }>(
    t.app,
    {
      method: 'POST',
      url: '/bookings/v1/availability/query',
      headers: customer('looker'),
      payload: { query: { filter: { serviceId: [serviceId], startDate: from, endDate: to } } },
    },
  );
  return new Set(
    body.availabilityEntries
      .filter((entry) => entry.bookable)
      .map((entry) => new Date(entry.slot.startDate).toISOString()),
  );
}

describe('the booking slot check and the availability engine', () => {
  it('sees a slot’s buffer after at the end of a query window too', async () => {
    // 15:00 + an hour + half an hour of buffer runs into the time off at 16:15, however the window ends.
    expect((await offeredStarts(at(14), at(15, 1))).has(at(15))).toBe(false);
    expect((await offeredStarts(at(14), at(17))).has(at(15))).toBe(false);
  });

  it('books exactly the starts availability offers, buffers on both sides included', async () => {
    const offered = await offeredStarts(at(7), at(17));
    // The engine's answer around the two bookings and the time off, as a person would read the calendar.
    expect(offered.has(at(7))).toBe(false); // time off until 07:15
    expect(offered.has(at(7, 30))).toBe(true);
    expect(offered.has(at(8, 30))).toBe(true);
    expect(offered.has(at(9))).toBe(false); // its own buffer would run into 10:00
    expect(offered.has(at(10, 30))).toBe(false); // inside the 10:00 session
    expect(offered.has(at(11))).toBe(false); // inside its buffer
    expect(offered.has(at(11, 30))).toBe(true);
    expect(offered.has(at(12, 30))).toBe(false); // its buffer would run into 13:30
    expect(offered.has(at(15))).toBe(false); // its buffer would run into the time off at 16:15
    expect(offered.has(at(16))).toBe(false); // inside the time off
    expect(offered.has(at(16, 30))).toBe(true);

    for (let start = Date.parse(at(7)); start < Date.parse(at(17)); start += 30 * minute) {
      const startDate = new Date(start).toISOString();
      const response = await inject(t.app, {
        method: 'POST',
        url: '/bookings/v2/bookings',
        headers: customer(`probe-${start}`),
        payload: bookingRequest(serviceId, startDate),
      });
      if (!offered.has(startDate)) {
        expectError(response, 409, 'SLOT_NOT_AVAILABLE');
        continue;
      }
      expect(response.status, `${startDate}: ${JSON.stringify(response.body)}`).toBe(200);
      const booking = (response.body as { booking: { id: string; endDate: string } }).booking;
      expect(booking.endDate).toBe(new Date(start + 60 * minute).toISOString());
      // Give the slot back, so the next start is checked against the same two bookings.
      await ok(t.app, {
        method: 'POST',
        url: `/bookings/v2/bookings/${booking.id}/cancel`,
        headers: owner,
        payload: {},
      });
    }
  });
});
