// Guest self-service by token (lifecycle/guest-self-service.ts) through the HTTP API on a real database:
// the business asks for a token that opens one booking; whoever holds it views, cancels and reschedules
// that booking within the policy, and nothing else. The requests' clock is moved, never slept.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/platform/context.ts';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { identityKit } from './identity-helpers.ts';
import { siteRows } from './site-rows.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createPolicy,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';

const day = 24 * 3_600_000;
let t: TestApp;
let guestFriendly: string;
let strict: string;
let siteId: string;
const alice = customer('alice');
const stranger = as('ANONYMOUS_VISITOR:someone-else');

beforeAll(async () => {
  t = await createTestApp();
  siteId = (await identityKit(t).defaultSite()).site.id;
  await openAllWeek(t.app);
  const staffId = await createStaff(t.app);
  const policyId = await createPolicy(t.app, {
    cancellationPolicy: { enabled: true, allowAnonymous: true },
    reschedulePolicy: { enabled: true, allowAnonymous: true },
  });
  guestFriendly = await createAppointmentService(t.app, { staffMemberIds: [staffId], policyId });
  // The site's default policy does not let guests act without an account (allowAnonymous false).
  strict = await createAppointmentService(t.app, { staffMemberIds: [staffId] });
}, 120_000);
afterAll(async () => t?.close(), 60_000);
afterEach(() => {
  vi.restoreAllMocks();
});

function clockAt(instant: number) {
  vi.spyOn(systemClock, 'now').mockReturnValue(new Date(instant));
}

async function tokenFor(bookingId: string): Promise<string> {
  return (
    await ok<{ token: string }>(t.app, {
      method: 'GET',
      url: `/bookings/v1/anonymous-bookings/${bookingId}/token`,
      headers: owner,
    })
  ).token;
}

const guestGet = (token: string, headers = stranger) =>
  inject(t.app, { method: 'GET', url: `/bookings/v1/anonymous-bookings/${token}`, headers });

describe('GET /bookings/v1/anonymous-bookings/{bookingId}/token', () => {
  it('gives the business a URL-safe token for the booking, and writes nothing', async () => {
    const booking = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(3, 9)));
    const other = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(3, 12)));
    const before = await siteRows(t.app, siteId);
    const token = await tokenFor(booking.id);
    expect(token).toMatch(/^bgt_[A-Za-z0-9._-]{32,2048}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(await tokenFor(other.id)).not.toBe(token);
    expect(await siteRows(t.app, siteId)).toEqual(before);
  });

  it("never opens another booking: a token whose booking id is swapped for another's is refused", async () => {
    const mine = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(3, 14)));
    const other = await book(t.app, customer('carol'), bookingRequest(guestFriendly, futureSlot(3, 16)));
    const token = await tokenFor(mine.id);
    expect(token).toContain(mine.id);
    expectError(await guestGet(token.replace(mine.id, other.id)), 404, 'INVALID_TOKEN');
    expectError(
      await guestGet(token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))),
      404,
      'INVALID_TOKEN',
    );
    expect((await guestGet(token)).body.booking.id).toBe(mine.id);
  });

  it('is refused to customers (403), without credentials (401) and for an unknown booking (404)', async () => {
    const booking = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(3, 10)));
    const url = `/bookings/v1/anonymous-bookings/${booking.id}/token`;
    expectError(await inject(t.app, { method: 'GET', url, headers: alice }), 403);
    expectError(await inject(t.app, { method: 'GET', url }), 401);
    expectError(
      await inject(t.app, {
        method: 'GET',
        url: '/bookings/v1/anonymous-bookings/00000000-0000-4000-8000-000000000000/token',
        headers: owner,
      }),
      404,
      'BOOKING_NOT_FOUND',
    );
    expectError(
      await inject(t.app, {
        method: 'GET',
        url: '/bookings/v1/anonymous-bookings/nope/token',
        headers: owner,
      }),
      400,
    );
  });
});

describe('GET /bookings/v1/anonymous-bookings/{token}', () => {
  it('opens exactly the one booking to any caller of the site, with what the guest may do', async () => {
    const mine = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(4, 9)));
    const other = await book(t.app, customer('bob'), bookingRequest(guestFriendly, futureSlot(4, 11)));
    const token = await tokenFor(mine.id);
    const opened = await guestGet(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      booking: { id: mine.id, status: 'CONFIRMED' },
      allowedAnonymousActions: { cancel: true, reschedule: true },
    });
    expect(JSON.stringify(opened.body)).not.toContain(other.id);
    // Through the official client's path too (the prefix table).
    const viaClientPath = await inject(t.app, {
      method: 'GET',
      url: `/v1/anonymous-bookings/${token}`,
      headers: stranger,
    });
    expect(viaClientPath.body.booking.id).toBe(mine.id);
  });

  it("shows the booking's fee as it stands: what canceling now would cost, none without a fee policy", async () => {
    const staffId = await createStaff(t.app, 'Fee keeper', 'fees@example.com');
    const policyId = await createPolicy(t.app, {
      cancellationPolicy: { enabled: true, allowAnonymous: true },
      cancellationFeePolicy: {
        enabled: true,
        cancellationWindows: [{ percentage: '50', startInMinutes: 30 * 1440 }],
      },
    });
    const charging = await createAppointmentService(t.app, {
      staffMemberIds: [staffId],
      policyId,
      price: '40.00',
    });
    const booked = await book(t.app, alice, bookingRequest(charging, futureSlot(6, 9)));
    const opened = await guestGet(await tokenFor(booked.id));
    expect(opened.body.bookingFee).toMatchObject({
      bookingId: booked.id,
      status: 'PREVIEW',
      trigger: 'BOOKING_CANCELED',
      cancellationFee: { price: { value: '20.00', currency: 'USD' }, status: 'PREVIEW' },
    });
    const free = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(6, 13)));
    expect((await guestGet(await tokenFor(free.id))).body.bookingFee).toBeNull();
  });

  it('answers INVALID_TOKEN for a made-up token, a booking id, and a token of the other kind', async () => {
    const booking = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(4, 13)));
    expectError(await guestGet('bgt_made-up'), 404, 'INVALID_TOKEN');
    expectError(await guestGet(booking.id), 404, 'INVALID_TOKEN');
    const token = await tokenFor(booking.id);
    expectError(
      await inject(t.app, {
        method: 'GET',
        url: `/bookings/v1/anonymous-multi-service-bookings/${token}`,
        headers: stranger,
      }),
      404,
      'INVALID_TOKEN',
    );
  });

  it("opens nothing on another site, even with that site's credentials", async () => {
    const booking = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(4, 15)));
    const token = await tokenFor(booking.id);
    const { site } = await identityKit(t).newSite('Guest elsewhere');
    expectError(await guestGet(token, as('ANONYMOUS_VISITOR:v', site.id)), 404, 'INVALID_TOKEN');
    expectError(await guestGet(token, as('WIX_USER:OWNER', site.id)), 404, 'INVALID_TOKEN');
  });

  it('stops working once the token expires, or once the booking has ended', async () => {
    const far = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(70, 9)));
    const farToken = await tokenFor(far.id);
    clockAt(Date.now() + 59 * day);
    expect((await guestGet(farToken)).status).toBe(200);
    clockAt(Date.now() + 61 * day);
    expectError(await guestGet(farToken), 404, 'INVALID_TOKEN');
    vi.restoreAllMocks();

    const soon = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(2, 9)));
    const soonToken = await tokenFor(soon.id);
    clockAt(Date.parse(soon.endDate) - 1);
    expect((await guestGet(soonToken)).status).toBe(200);
    clockAt(Date.parse(soon.endDate));
    expectError(await guestGet(soonToken), 404, 'INVALID_TOKEN');
  });
});

describe('GET /bookings/v1/anonymous-bookings/{token}/service', () => {
  it("answers the booking's service", async () => {
    const booking = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(5, 9)));
    const response = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v1/anonymous-bookings/${await tokenFor(booking.id)}/service`,
      headers: stranger,
    });
    expect(response.status).toBe(200);
    expect(response.body.service).toMatchObject({ id: guestFriendly, name: 'Haircut' });
  });
});

describe('POST /bookings/v1/anonymous-bookings/{token}/cancel', () => {
  it('cancels the booking within the policy, and a stale revision changes nothing', async () => {
    const booking = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(5, 11)));
    const token = await tokenFor(booking.id);
    const url = `/bookings/v1/anonymous-bookings/${token}/cancel`;
    expectError(
      await inject(t.app, { method: 'POST', url, headers: stranger, payload: { revision: '99' } }),
      409,
      'REVISION_MISMATCH',
    );
    const canceled = await inject(t.app, {
      method: 'POST',
      url,
      headers: stranger,
      payload: { revision: booking.revision },
    });
    expect(canceled.status).toBe(200);
    expect((canceled.body as { booking: WireBooking }).booking).toMatchObject({
      id: booking.id,
      status: 'CANCELED',
    });
    const opened = await guestGet(token);
    expect(opened.body.allowedAnonymousActions).toEqual({ cancel: false, reschedule: false });
    expectError(await inject(t.app, { method: 'POST', url, headers: stranger, payload: {} }), 409);
  });

  it('is refused with BOOKING_CANNOT_BE_CANCELLED when the policy does not let guests cancel', async () => {
    const booking = await book(t.app, alice, bookingRequest(strict, futureSlot(5, 13)));
    const token = await tokenFor(booking.id);
    expect((await guestGet(token)).body.allowedAnonymousActions).toEqual({
      cancel: false,
      reschedule: false,
    });
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: `/bookings/v1/anonymous-bookings/${token}/cancel`,
        headers: stranger,
        payload: {},
      }),
      409,
      'BOOKING_CANNOT_BE_CANCELLED',
    );
    const still = await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${booking.id}`,
      headers: owner,
    });
    expect(still.booking.status).toBe('CONFIRMED');
  });
});

describe('POST /bookings/v1/anonymous-bookings/{token}/reschedule', () => {
  it('moves the booking to another slot of its service and refuses another service', async () => {
    const booking = await book(t.app, alice, bookingRequest(guestFriendly, futureSlot(6, 9)));
    const token = await tokenFor(booking.id);
    const url = `/bookings/v1/anonymous-bookings/${token}/reschedule`;
    const later = futureSlot(6, 14);
    const moved = await inject(t.app, {
      method: 'POST',
      url,
      headers: stranger,
      payload: { slot: { serviceId: guestFriendly, startDate: later }, revision: booking.revision },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(Date.parse(moved.body.booking.startDate)).toBe(Date.parse(later));
    expectError(
      await inject(t.app, {
        method: 'POST',
        url,
        headers: stranger,
        payload: { slot: { serviceId: strict, startDate: futureSlot(6, 16) } },
      }),
      409,
      'RESCHEDULING_NOT_ALLOWED',
    );
    expectError(
      await inject(t.app, { method: 'POST', url, headers: stranger, payload: { slot: { startDate: 3 } } }),
      400,
    );
  });

  it('is refused with RESCHEDULING_NOT_ALLOWED when the policy does not let guests reschedule', async () => {
    const booking = await book(t.app, alice, bookingRequest(strict, futureSlot(6, 11)));
    expectError(
      await inject(t.app, {
        method: 'POST',
        url: `/bookings/v1/anonymous-bookings/${await tokenFor(booking.id)}/reschedule`,
        headers: stranger,
        payload: { slot: { serviceId: strict, startDate: futureSlot(6, 17) } },
      }),
      409,
      'RESCHEDULING_NOT_ALLOWED',
    );
  });
});

describe('/bookings/v1/anonymous-multi-service-bookings', () => {
  it('opens one multi-service booking and cancels all of its bookings', async () => {
    const first = futureSlot(7, 9);
    const created = await ok<{ multiServiceBooking: { id: string; bookings: Array<{ bookingId: string }> } }>(
      t.app,
      {
        method: 'POST',
        url: '/bookings/v2/multi_service_bookings',
        headers: alice,
        payload: {
          multiServiceBookingType: 'SEPARATE_BOOKINGS',
          bookings: [
            bookingRequest(guestFriendly, first).booking,
            bookingRequest(guestFriendly, futureSlot(7, 12)).booking,
          ],
        },
      },
    );
    const msb = created.multiServiceBooking;
    const issue = (headers: Record<string, string>) =>
      inject(t.app, {
        method: 'GET',
        url: `/bookings/v1/anonymous-multi-service-bookings/${msb.id}/token`,
        headers,
      });
    expectError(await issue(alice), 403);
    const { token } = (await issue(owner)).body as { token: string };
    expectError(await guestGet(token), 404, 'INVALID_TOKEN');

    const opened = await inject(t.app, {
      method: 'GET',
      url: `/v1/anonymous-multi-service-bookings/${token}`,
      headers: stranger,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      multiServiceBooking: { id: msb.id },
      allowedAnonymousActions: { cancel: true },
    });
    const canceled = await inject(t.app, {
      method: 'POST',
      url: `/bookings/v1/anonymous-multi-service-bookings/${token}/cancel`,
      headers: stranger,
      payload: {},
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(
      (canceled.body.multiServiceBooking.bookings as Array<{ booking: WireBooking }>).map(
        (entry) => entry.booking.status,
      ),
    ).toEqual(['CANCELED', 'CANCELED']);
  });
});
