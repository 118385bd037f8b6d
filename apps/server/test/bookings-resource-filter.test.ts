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

// The dashboard calendar's resource filter: the rooms and equipment a booking holds, read and filtered.
let t: TestApp;
let rooms: { blue: string; green: string };
let service: string;

async function createRoom(typeId: string, name: string): Promise<string> {
  const body = await ok<{ resource: { id: string } }>(t.app, {
    method: 'POST',
    url: '/bookings/v2/resources',
    headers: owner,
    payload: { resource: { name, typeId } },
  });
  return body.resource.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const type = await ok<{ resourceType: { id: string } }>(t.app, {
    method: 'POST',
    url: '/bookings/v2/resources/resource-types',
    headers: owner,
    payload: { resourceType: { name: 'Treatment room' } },
  });
  const typeId = type.resourceType.id;
  rooms = { blue: await createRoom(typeId, 'Blue room'), green: await createRoom(typeId, 'Green room') };
  const staff = [
    await createStaff(t.app, 'Ana', 'ana@example.com'),
    await createStaff(t.app, 'Ben', 'ben@example.com'),
  ];
  service = await createAppointmentService(t.app, { staffMemberIds: staff });
  await ok(t.app, {
    method: 'PATCH',
    url: `/bookings/v2/services/${service}`,
    headers: owner,
    payload: {
      service: {
        serviceResources: [
          { resourceType: { id: typeId }, resourceIds: { values: [rooms.blue, rooms.green] } },
        ],
      },
      mask: 'serviceResources',
    },
  });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

type Answer = {
  extendedBookings: Array<{
    booking: { id: string; bookedEntity: { slot?: { resources?: Array<{ id: string }> } } };
  }>;
};

const query = (filter: Record<string, unknown>, headers = owner) =>
  inject(t.app, {
    method: 'POST',
    url: '/bookings/v2/extended-bookings/query',
    headers,
    payload: { query: { filter, sort: [{ fieldName: 'startDate', order: 'ASC' }] } },
  });

describe('POST /bookings/v2/extended-bookings/query by resource', () => {
  it('answers the rooms a booking holds and finds the bookings of the rooms asked for', async () => {
    // Two bookings at the same time: the first takes one room of the pool, the second the other.
    const at = futureSlot(4, 10);
    const first = await book(t.app, customer('ada'), bookingRequest(service, at));
    const second = await book(t.app, customer('bob'), bookingRequest(service, at));
    const held = new Map<string, string[]>();
    const all = await query({ id: { $in: [first.id, second.id] } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    for (const { booking } of (all.body as Answer).extendedBookings) {
      held.set(
        booking.id,
        (booking.bookedEntity.slot?.resources ?? []).map((r) => r.id),
      );
    }
    expect([...held.values()].flat().sort()).toEqual([rooms.blue, rooms.green].sort());

    const firstRoom = held.get(first.id)![0]!;
    for (const filter of [
      { 'bookedEntity.slot.resources.id': firstRoom },
      { 'bookedEntity.slot.resources.id': { $in: [firstRoom] } },
      { 'bookedEntity.slot.resources.id': { $hasSome: [firstRoom] } },
    ]) {
      const answer = await query(filter);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((answer.body as Answer).extendedBookings.map((item) => item.booking.id)).toEqual([first.id]);
    }
    const both = await query({
      'bookedEntity.slot.resources.id': { $in: [rooms.blue, rooms.green] },
    });
    expect((both.body as Answer).extendedBookings.map((item) => item.booking.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
  });

  it('keeps a customer to their own bookings when filtering by resource', async () => {
    const answer = await query(
      { 'bookedEntity.slot.resources.id': { $in: [rooms.blue, rooms.green] } },
      customer('nobody'),
    );
    expect(answer.status).toBe(200);
    expect((answer.body as Answer).extendedBookings).toEqual([]);
  });

  it('refuses an operand that is not a resource id and an operator arrays do not take', async () => {
    expectError(await query({ 'bookedEntity.slot.resources.id': { $in: ['not-a-uuid'] } }), 400);
    expectError(await query({ 'bookedEntity.slot.resources.id': { $gt: rooms.blue } }), 400);
  });
});
