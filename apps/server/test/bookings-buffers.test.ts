import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  expectError,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';

// Buffers keep the staff member free around a session: `timeBeforeSessions` before it (preparation),
// `timeBetweenSessions` after it. Availability offers only starts whose buffers are free, the booking
// check refuses the others, and a booked session's buffers block the other services of its staff.

let t: TestApp;
let quick: string;
let prepared: string;
const day = '2027-04-06';

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const staff = await createStaff(t.app, 'Noor', 'noor@example.com');
  quick = await createAppointmentService(t.app, { staffMemberIds: [staff], minutes: 30 });
  prepared = await createAppointmentService(t.app, {
    staffMemberIds: [staff],
    minutes: 30,
    buffers: { before: 30, after: 15 },
  });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

async function freeStarts(serviceId: string): Promise<string[]> {
  const body = await ok<{ availabilityEntries: Array<{ slot: { startDate: string } }> }>(t.app, {
    method: 'POST',
    url: '/bookings/v1/availability/query',
    headers: owner,
    payload: {
      query: { filter: { serviceId: [serviceId], startDate: `${day}T09:00:00`, endDate: `${day}T13:00:00` } },
      timezone: 'UTC',
    },
  });
  return body.availabilityEntries.map((entry) => entry.slot.startDate.slice(11, 16));
}

const at = (time: string) => `${day}T${time}:00.000Z`;

async function expectRefused(serviceId: string, time: string) {
  const response = await inject(t.app, {
    method: 'POST',
    url: '/bookings/v2/bookings',
    headers: customer(`refused-${serviceId}-${time}`),
    payload: bookingRequest(serviceId, at(time)),
  });
  expectError(response, 409);
}

describe('buffers before and after a session', () => {
  it('keeps the buffer before as part of the service', async () => {
    const read = await ok<{ service: { schedule: { availabilityConstraints: Record<string, unknown> } } }>(
      t.app,
      {
        method: 'GET',
        url: `/bookings/v2/services/${prepared}`,
        headers: owner,
      },
    );
    expect(read.service.schedule.availabilityConstraints).toMatchObject({
      timeBeforeSessions: 30,
      timeBetweenSessions: 15,
    });
  });

  it('offers and books only starts whose buffers are free, and blocks the buffers for other services', async () => {
    await book(t.app, customer('first'), bookingRequest(quick, at('10:00')));
    // 10:00-10:30 is taken. On the half-hour grid, 09:30 would need 10:00-10:15 after it and 10:30 would
    // prepare from 10:00: both are out; 09:00 (after it 09:30-09:45) and 11:00 are free.
    const offered = await freeStarts(prepared);
    expect(offered).not.toContain('09:30');
    expect(offered).not.toContain('10:30');
    expect(offered).toContain('09:00');
    expect(offered).toContain('11:00');
    await expectRefused(prepared, '10:30');

    await book(t.app, customer('third'), bookingRequest(prepared, at('11:00')));
    // The Colour session at 11:00 holds Noor from 10:30 (preparation) to 11:45 (after it).
    const quickOffered = await freeStarts(quick);
    for (const held of ['10:30', '11:00', '11:30']) expect(quickOffered).not.toContain(held);
    expect(quickOffered).toContain('12:00');
    await expectRefused(quick, '10:30');
    expect((await book(t.app, customer('fifth'), bookingRequest(quick, at('12:00')))).status).toBe(
      'CONFIRMED',
    );
  });

  it('refuses a negative or day-long buffer before', async () => {
    for (const timeBeforeSessions of [-5, 1441]) {
      const response = await inject(t.app, {
        method: 'POST',
        url: '/bookings/v2/services',
        headers: owner,
        payload: {
          service: {
            type: 'APPOINTMENT',
            name: 'Bad',
            schedule: { availabilityConstraints: { durations: [{ minutes: 30 }], timeBeforeSessions } },
          },
        },
      });
      expect(response.status).toBe(400);
    }
  });
});
