import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

let t: TestApp;
let haircut: string;
let approval: string;
const alice = customer('alice');

interface Entry {
  event: string;
  status: string;
  revision: string;
  startDate: string;
  endDate: string;
  totalParticipants: number;
  details: Record<string, unknown> | null;
  actor: { identityType: string; identityId: string | null };
}

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const staff = await createStaff(t.app, 'Alex', 'alex@example.com');
  haircut = await createAppointmentService(t.app, { staffMemberIds: [staff] });
  approval = await createAppointmentService(t.app, { staffMemberIds: [staff], approval: true });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

const post = (url: string, payload: unknown, headers: Record<string, string> = owner) =>
  inject(t.app, { method: 'POST', url, headers, payload: payload as Record<string, unknown> });

async function history(bookingId: string): Promise<Entry[]> {
  return (
    await ok<{ entries: Entry[] }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${bookingId}/history`,
      headers: owner,
    })
  ).entries;
}

describe('GET /bookings/v2/bookings/{bookingId}/history', () => {
  it('records every lifecycle change in order, with the state after it and who made it', async () => {
    const start = futureSlot(4, 9);
    const booking = await book(t.app, alice, bookingRequest(approval, start));
    expect(booking.status).toBe('PENDING');
    const confirmed = await ok<{ booking: { revision: string } }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/confirm`,
      headers: owner,
      payload: { revision: booking.revision },
    });
    const moved = futureSlot(4, 13);
    const rescheduled = await ok<{ booking: { revision: string } }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/reschedule`,
      headers: owner,
      payload: {
        revision: confirmed.booking.revision,
        slot: { serviceId: approval, startDate: moved },
      },
    });
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/update_number_of_participants`,
      headers: owner,
      payload: { revision: rescheduled.booking.revision, totalParticipants: 2 },
    });
    await ok(t.app, {
      method: 'POST',
      url: '/bookings/v2/attendance',
      headers: owner,
      payload: { attendance: { bookingId: booking.id, status: 'ATTENDED' } },
    });

    const entries = await history(booking.id);
    expect(entries.map((entry) => [entry.event, entry.status, entry.revision])).toEqual([
      ['bookings.booking.created', 'PENDING', '1'],
      ['bookings.booking.confirmed', 'CONFIRMED', '2'],
      ['bookings.booking.rescheduled', 'CONFIRMED', '3'],
      ['bookings.booking.number_of_participants_updated', 'CONFIRMED', '4'],
      ['bookings.attendance.updated', 'CONFIRMED', '4'],
    ]);
    expect(entries[0]!.actor).toEqual({ identityType: 'MEMBER', identityId: 'alice' });
    expect(entries[1]!.actor.identityType).toBe('WIX_USER');
    expect(entries[2]).toMatchObject({
      startDate: moved,
      details: { previousStartDate: start, previousEndDate: booking.endDate },
    });
    expect(entries[3]!.totalParticipants).toBe(2);
    expect(entries[4]!.details).toEqual({ attendanceStatus: 'ATTENDED', numberOfAttendees: 2 });
  });

  it('writes nothing when the change is refused (stale revision, taken slot)', async () => {
    const booking = await book(t.app, alice, bookingRequest(haircut, futureSlot(5, 9)));
    await book(t.app, alice, bookingRequest(haircut, futureSlot(5, 11)));
    expectError(await post(`/bookings/v2/bookings/${booking.id}/cancel`, { revision: '7' }), 409);
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/reschedule`, {
        revision: booking.revision,
        slot: { serviceId: haircut, startDate: futureSlot(5, 11) },
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    expect((await history(booking.id)).map((entry) => entry.event)).toEqual(['bookings.booking.created']);

    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/cancel`,
      headers: owner,
      payload: { revision: booking.revision },
    });
    expect((await history(booking.id)).map((entry) => [entry.event, entry.status])).toEqual([
      ['bookings.booking.created', 'CONFIRMED'],
      ['bookings.booking.canceled', 'CANCELED'],
    ]);
  });

  it('answers 400 for a malformed id, 401 without credentials, 403 to customers, 404 for an unknown booking', async () => {
    const booking = await book(t.app, alice, bookingRequest(haircut, futureSlot(6, 9)));
    const url = `/bookings/v2/bookings/${booking.id}/history`;
    expectError(
      await inject(t.app, { method: 'GET', url: '/bookings/v2/bookings/not-a-uuid/history', headers: owner }),
      400,
    );
    expectError(await inject(t.app, { method: 'GET', url }), 401);
    expectError(await inject(t.app, { method: 'GET', url, headers: alice }), 403);
    expectError(
      await inject(t.app, {
        method: 'GET',
        url: '/bookings/v2/bookings/00000000-0000-4000-8000-000000000000/history',
        headers: owner,
      }),
      404,
      'BOOKING_NOT_FOUND',
    );
  });
});
