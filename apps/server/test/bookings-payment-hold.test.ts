// A booking created for online payment holds its slot (or its class spots) only until its payment hold
// expires (BOOKINGS_PAYMENT_HOLD_MINUTES, default 15), through the HTTP API on a real database. The
// requests' clock is moved, never slept: a hold stops counting at its expiry before any sweep runs.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/platform/context.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createClassService,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';

const minute = 60_000;
let t: TestApp;
let haircut: string;
const alice = customer('alice');
const bob = customer('bob');

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const staffId = await createStaff(t.app);
  haircut = await createAppointmentService(t.app, { staffMemberIds: [staffId] });
}, 120_000);
afterAll(async () => t?.close(), 60_000);
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every request from now on sees `minutes` after the real time of the call. */
function clockAhead(minutes: number): Date {
  const now = new Date(Date.now() + minutes * minute);
  vi.spyOn(systemClock, 'now').mockReturnValue(now);
  return now;
}

const unpaid = (serviceId: string, start: string) =>
  bookingRequest(serviceId, start, { selectedPaymentOption: 'ONLINE' });

async function bookable(serviceId: string, start: string): Promise<boolean> {
  const body = await ok<{ availabilityEntries: Array<{ slot: { startDate: string }; bookable: boolean }> }>(
    t.app,
    {
      method: 'POST',
      url: '/bookings/v1/availability/query',
      headers: customer('looker'),
      payload: {
        query: {
          filter: {
            serviceId: [serviceId],
            startDate: new Date(Date.parse(start) - 60 * minute).toISOString(),
            endDate: new Date(Date.parse(start) + 60 * minute).toISOString(),
          },
        },
      },
    },
  );
  return body.availabilityEntries.some(
    (entry) => entry.bookable && Date.parse(entry.slot.startDate) === Date.parse(start),
  );
}

async function statusOf(id: string): Promise<string> {
  return (
    await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${id}`,
      headers: owner,
    })
  ).booking.status;
}

function payLate(id: string) {
  return inject(t.app, {
    method: 'POST',
    url: `/bookings/v2/confirmation/${id}:confirmOrDecline`,
    headers: owner,
    payload: { paymentStatus: 'PAID' },
  });
}

describe('POST /bookings/v2/bookings with ONLINE payment', () => {
  it('holds the slot until the hold expires, then frees it with no job run', async () => {
    const start = futureSlot(6, 9);
    const held = await book(t.app, alice, unpaid(haircut, start));
    expect(held.status).toBe('CREATED');
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: '/bookings/v2/bookings',
        headers: bob,
        payload: bookingRequest(haircut, start),
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );

    clockAhead(14.9);
    expect(await bookable(haircut, start)).toBe(false);
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: '/bookings/v2/bookings',
        headers: bob,
        payload: bookingRequest(haircut, start),
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );

    clockAhead(15.1);
    expect(await bookable(haircut, start)).toBe(true);
    const taken = await book(t.app, bob, bookingRequest(haircut, start));
    expect(taken.status).toBe('CONFIRMED');
    expect(await bookable(haircut, start)).toBe(false);
    // The unpaid booking has not been declined yet (no sweep ran), but it no longer holds anything.
    expect(await statusOf(held.id)).toBe('CREATED');
    expectError(await payLate(held.id), 409, 'SLOT_NOT_AVAILABLE');
    expect(await statusOf(held.id)).toBe('CREATED');
  });

  it('is declined by the sweep once its hold expired, and the sweep declines it once', async () => {
    const start = futureSlot(6, 12);
    const held = await book(t.app, alice, unpaid(haircut, start));
    const before = await t.app.timed.expirePaymentHolds(new Date(Date.now() + 14 * minute));
    expect(await statusOf(held.id)).toBe('CREATED');
    const sweeps = await Promise.all([
      t.app.timed.expirePaymentHolds(new Date(Date.now() + 16 * minute)),
      t.app.timed.expirePaymentHolds(new Date(Date.now() + 16 * minute)),
    ]);
    expect(before).toBe(0);
    expect(sweeps[0] + sweeps[1]).toBeGreaterThanOrEqual(1);
    expect(await statusOf(held.id)).toBe('DECLINED');
    const history = await ok<{ entries?: Array<{ event: string }>; history?: Array<{ event: string }> }>(
      t.app,
      {
        method: 'GET',
        url: `/bookings/v2/bookings/${held.id}/history`,
        headers: owner,
      },
    );
    const entries = JSON.stringify(history);
    expect(entries.match(/bookings\.booking\.declined/g)).toHaveLength(1);
    expect(await bookable(haircut, start)).toBe(true);
    expectError(await payLate(held.id), 409);
  });

  it('paid in time, it holds the slot for good', async () => {
    const start = futureSlot(6, 15);
    const held = await book(t.app, alice, unpaid(haircut, start));
    clockAhead(10);
    const paid = await payLate(held.id);
    expect(paid.status).toBe(200);
    expect(paid.body.booking).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });

    const later = clockAhead(120);
    expect(await t.app.timed.expirePaymentHolds(later)).toBe(0);
    expect(await bookable(haircut, start)).toBe(false);
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: '/bookings/v2/bookings',
        headers: bob,
        payload: bookingRequest(haircut, start),
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    expect(await statusOf(held.id)).toBe('CONFIRMED');
  });

  it('paid after its hold expired, it takes the slot again while the slot is still free', async () => {
    const start = futureSlot(6, 18);
    const held = await book(t.app, alice, unpaid(haircut, start));
    clockAhead(30);
    expect(await bookable(haircut, start)).toBe(true);
    const paid = await payLate(held.id);
    expect(paid.status).toBe(200);
    expect(paid.body.booking.status).toBe('CONFIRMED');
    expect(await bookable(haircut, start)).toBe(false);
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: '/bookings/v2/bookings',
        headers: bob,
        payload: bookingRequest(haircut, start),
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );
  });

  it('holds class spots until the hold expires; the next booker gets them', async () => {
    const session = await createClassService(t.app, { capacity: 1, start: futureSlot(7, 10) });
    await ok(t.app, {
      method: 'PATCH',
      url: `/bookings/v2/services/${session.serviceId}`,
      headers: owner,
      payload: {
        service: {
          revision: '1',
          payment: {
            rateType: 'FIXED',
            fixed: { price: { value: '15.00', currency: 'USD' } },
            options: { inPerson: true, online: true },
          },
        },
      },
    });
    const held = await book(t.app, alice, unpaid(session.serviceId, session.start));
    expect(held.status).toBe('CREATED');
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: '/bookings/v2/bookings',
        headers: bob,
        payload: bookingRequest(session.serviceId, session.start),
      }),
      409,
    );
    clockAhead(16);
    const taken = await book(t.app, bob, bookingRequest(session.serviceId, session.start));
    expect(taken.status).toBe('CONFIRMED');
    expect(await statusOf(held.id)).toBe('DECLINED');
  });
});
