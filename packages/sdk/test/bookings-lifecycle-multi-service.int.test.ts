import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointment,
  at,
  createAppointmentService,
  createStaff,
  expectRefusal,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// Multi-service bookings through the SDK: the three types, every call, and all-or-nothing (one taken
// slot or one illegal transition changes nothing in the whole group).
let server: LifecycleServer;
let cut: string;
let color: string;
let staffA: string;
let staffB: string;

beforeAll(async () => {
  server = await startLifecycleServer();
  staffA = await createStaff(server, 'Ana');
  staffB = await createStaff(server, 'Ben');
  cut = await createAppointmentService(server, { staffMemberIds: [staffA], name: 'Cut' });
  color = await createAppointmentService(server, { staffMemberIds: [staffB], name: 'Color' });
}, 240_000);
afterAll(() => server?.close(), 60_000);

const owner = () => server.owner();
const member = (id: string) => server.member(id);
const counts = async () => ({
  bookings: await server.count(`SELECT count(*)::int FROM bookings_bookings`),
  groups: await server.count(`SELECT count(*)::int FROM bookings_multi_service_bookings`),
  occupancy: await server.count(`SELECT count(*)::int FROM bookings_occupancy`),
});

/** A cut at `first` and a color at `second` (each 60 minutes). */
function visit(first: string, second: string, extra: Record<string, unknown> = {}) {
  return [appointment(cut, first, extra), appointment(color, second, extra)];
}

describe('create and get', () => {
  it('books SEQUENTIAL_BOOKINGS back to back and lets only their customer (and the business) read them', async () => {
    const group = await member('m-seq').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(3, 9), at(3, 10)),
    });
    expect(group.type).toBe('SEQUENTIAL_BOOKINGS');
    expect(group.bookings).toHaveLength(2);
    for (const entry of group.bookings) {
      expect(entry.booking).toMatchObject({
        status: 'CONFIRMED',
        multiServiceBookingInfo: { id: group.id, type: 'SEQUENTIAL_BOOKINGS' },
      });
    }
    expect((await member('m-seq').getMultiServiceBooking(group.id)).bookings).toHaveLength(2);
    expect((await owner().getMultiServiceBooking(group.id)).id).toBe(group.id);
    await expectRefusal(
      member('m-other').getMultiServiceBooking(group.id),
      404,
      'MULTI_SERVICE_BOOKING_NOT_FOUND',
    );
  });

  it('books PARALLEL_BOOKINGS at one start and SEPARATE_BOOKINGS anywhere', async () => {
    const parallel = await member('m-par').createMultiServiceBooking({
      multiServiceBookingType: 'PARALLEL_BOOKINGS',
      bookings: visit(at(3, 12), at(3, 12)),
    });
    expect(parallel.bookings.map((entry) => entry.booking.startDate.toISOString())).toEqual([
      at(3, 12),
      at(3, 12),
    ]);
    const separate = await member('m-sep').createMultiServiceBooking({
      multiServiceBookingType: 'SEPARATE_BOOKINGS',
      bookings: visit(at(4, 9), at(5, 15)),
    });
    expect(separate.type).toBe('SEPARATE_BOOKINGS');
  });

  it('refuses slots that do not fit the type with MULTI_SERVICE_SLOTS_MISMATCH and books nothing', async () => {
    const before = await counts();
    await expectRefusal(
      member('m-mis').createMultiServiceBooking({
        multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
        bookings: visit(at(6, 9), at(6, 11)),
      }),
      400,
      'MULTI_SERVICE_SLOTS_MISMATCH',
    );
    await expectRefusal(
      member('m-mis').createMultiServiceBooking({
        multiServiceBookingType: 'PARALLEL_BOOKINGS',
        bookings: visit(at(6, 9), at(6, 10)),
      }),
      400,
      'MULTI_SERVICE_SLOTS_MISMATCH',
    );
    expect(await counts()).toEqual(before);
  });

  it('is all or nothing: when the second slot is taken, the first is not booked either', async () => {
    await member('m-taken').createBooking(appointment(color, at(7, 10)));
    const before = await counts();
    await expectRefusal(
      member('m-all').createMultiServiceBooking({
        multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
        bookings: visit(at(7, 9), at(7, 10)),
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    expect(await counts()).toEqual(before);
    // The first slot is still free.
    expect((await member('m-free').createBooking(appointment(cut, at(7, 9)))).status).toBe('CONFIRMED');
  });

  it('refuses flowControlSettings from a customer; the business may book the group over a taken slot', async () => {
    await expectRefusal(
      member('m-flow').createMultiServiceBooking({
        multiServiceBookingType: 'SEPARATE_BOOKINGS',
        bookings: visit(at(7, 9), at(7, 10)),
        flowControlSettings: { skipAvailabilityValidation: true },
      }),
      403,
    );
    const group = await owner().createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(7, 9), at(7, 10)),
      flowControlSettings: { skipAvailabilityValidation: true },
    });
    expect(group.bookings.every((entry) => entry.booking.doubleBooked)).toBe(true);
  });
});

describe('reschedule', () => {
  it('moves every booking of the group together, and nothing when one new slot is taken', async () => {
    const group = await member('m-move').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(8, 9), at(8, 10)),
    });
    const [first, second] = group.bookings.map((entry) => entry.booking);
    const moved = await member('m-move').rescheduleMultiServiceBooking(group.id, {
      rescheduleBookingsInfo: [
        { bookingId: first!.id, revision: first!.revision, slot: { serviceId: cut, startDate: at(8, 13) } },
        {
          bookingId: second!.id,
          revision: second!.revision,
          slot: { serviceId: color, startDate: at(8, 14) },
        },
      ],
    });
    expect(
      moved.bookings.map((entry) => [entry.booking.startDate.toISOString(), entry.booking.revision]).sort(),
    ).toEqual([
      [at(8, 13), '2'],
      [at(8, 14), '2'],
    ]);

    await member('m-blocker').createBooking(appointment(color, at(8, 17)));
    await expectRefusal(
      member('m-move').rescheduleMultiServiceBooking(group.id, {
        rescheduleBookingsInfo: [
          { bookingId: first!.id, slot: { serviceId: cut, startDate: at(8, 16) } },
          { bookingId: second!.id, slot: { serviceId: color, startDate: at(8, 17) } },
        ],
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    await expectRefusal(
      member('m-move').rescheduleMultiServiceBooking(group.id, {
        rescheduleBookingsInfo: [{ bookingId: first!.id, slot: { serviceId: cut, startDate: at(8, 6) } }],
      }),
      400,
      'MULTI_SERVICE_SLOTS_MISMATCH',
    );
    const after = await member('m-move').getMultiServiceBooking(group.id);
    expect(after.bookings.map((entry) => entry.booking.startDate.toISOString()).sort()).toEqual([
      at(8, 13),
      at(8, 14),
    ]);
    await expectRefusal(
      member('m-stranger').rescheduleMultiServiceBooking(group.id, {
        rescheduleBookingsInfo: [{ bookingId: first!.id, slot: { serviceId: cut, startDate: at(8, 20) } }],
      }),
      404,
    );
  });
});

describe('status changes of the whole group', () => {
  it('marks a CREATED group as pending, then the business confirms it; customers may not confirm', async () => {
    const group = await member('m-pend').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(9, 9), at(9, 10), { selectedPaymentOption: 'ONLINE' }),
    });
    expect(group.bookings.map((entry) => entry.booking.status)).toEqual(['CREATED', 'CREATED']);
    // Only the business (or its payment record) says a group is paid or pending.
    await expectRefusal(
      member('m-pend').markMultiServiceBookingAsPending(group.id, { paymentStatus: 'PAID' }),
      403,
    );
    const pending = await owner().markMultiServiceBookingAsPending(group.id, { paymentStatus: 'PAID' });
    expect(pending.bookings.map((entry) => entry.booking.status)).toEqual(['PENDING', 'PENDING']);
    await expectRefusal(member('m-pend').confirmMultiServiceBooking(group.id), 403);
    const confirmed = await owner().confirmMultiServiceBooking(group.id, { paymentStatus: 'PAID' });
    expect(confirmed.bookings.map((entry) => [entry.booking.status, entry.booking.paymentStatus])).toEqual([
      ['CONFIRMED', 'PAID'],
      ['CONFIRMED', 'PAID'],
    ]);
    await expectRefusal(
      owner().markMultiServiceBookingAsPending(group.id),
      409,
      'BOOKING_CANNOT_MARK_AS_PENDING_CONFIRMED',
    );
    await expectRefusal(
      owner().confirmMultiServiceBooking(group.id),
      409,
      'BOOKING_CANNOT_CONFIRM_CONFIRMED',
    );
  });

  it('declines a group as the business only', async () => {
    const group = await member('m-decl').createMultiServiceBooking({
      multiServiceBookingType: 'PARALLEL_BOOKINGS',
      bookings: visit(at(9, 13), at(9, 13), { selectedPaymentOption: 'ONLINE' }),
    });
    await expectRefusal(member('m-decl').declineMultiServiceBooking(group.id), 403);
    const declined = await owner().declineMultiServiceBooking(group.id, { doubleBooked: false });
    expect(declined.bookings.map((entry) => entry.booking.status)).toEqual(['DECLINED', 'DECLINED']);
    await expectRefusal(owner().declineMultiServiceBooking(group.id), 409, 'BOOKING_CANNOT_DECLINE_DECLINED');
  });

  it('cancels every booking or none, and checks the revisions it is given', async () => {
    const group = await member('m-canc').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(10, 9), at(10, 10)),
    });
    const [first, second] = group.bookings.map((entry) => entry.booking);
    await expectRefusal(
      member('m-canc').cancelMultiServiceBooking(group.id, {
        bookingsRevision: [{ bookingId: first!.id, revision: '5' }],
      }),
      409,
      'BOOKING_REVISION_MISMATCH',
    );
    await expectRefusal(member('m-stranger').cancelMultiServiceBooking(group.id), 404);
    // One booking canceled alone: canceling the group now fails on it and leaves the other booked.
    await member('m-canc').cancelBooking(second!.id);
    await expectRefusal(
      member('m-canc').cancelMultiServiceBooking(group.id),
      409,
      'BOOKING_CANNOT_CANCEL_CANCELED',
    );
    expect((await member('m-canc').getBooking(first!.id)).status).toBe('CONFIRMED');

    const whole = await member('m-canc').createMultiServiceBooking({
      multiServiceBookingType: 'SEPARATE_BOOKINGS',
      bookings: visit(at(10, 13), at(10, 16)),
    });
    const canceled = await member('m-canc').cancelMultiServiceBooking(whole.id, {
      bookingsRevision: whole.bookings.map((entry) => ({ bookingId: entry.bookingId, revision: '1' })),
    });
    expect(canceled.bookings.map((entry) => entry.booking.status)).toEqual(['CANCELED', 'CANCELED']);
  });
});

describe('availability, allowed actions, adding and removing bookings', () => {
  it('tells whether every booking still holds its slot', async () => {
    const group = await member('m-av').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(11, 9), at(11, 10)),
    });
    expect(await member('m-av').getMultiServiceBookingAvailability(group.id)).toMatchObject({
      bookable: true,
    });
    await member('m-av').cancelBooking(group.bookings[1]!.bookingId);
    const after = await member('m-av').getMultiServiceBookingAvailability(group.id);
    expect(after.bookable).toBe(false);
    expect(after.multiServiceBookingInfo.find((entry) => !entry.bookable)).toMatchObject({
      bookingId: group.bookings[1]!.bookingId,
      reason: 'booking is CANCELED',
    });
    await expectRefusal(member('m-stranger').getMultiServiceBookingAvailability(group.id), 404);
  });

  it('lists allowed actions in bulk, with an error item for unknown or foreign groups', async () => {
    const confirmed = await member('m-act').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(12, 9), at(12, 10)),
    });
    const created = await member('m-act').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: visit(at(12, 13), at(12, 14), { selectedPaymentOption: 'ONLINE' }),
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const answer = await member('m-act').getAllowedActions([confirmed.id, created.id, unknown]);
    expect(answer.results[0]!.item).toEqual({
      cancel: true,
      reschedule: true,
      confirm: false,
      decline: false,
      markAsPending: false,
      bookAnother: true,
    });
    // The customer may cancel or reschedule; confirming and declining are the business's.
    expect(answer.results[1]!.item).toMatchObject({
      cancel: true,
      confirm: false,
      decline: false,
      markAsPending: false,
    });
    const asBusiness = await owner().getAllowedActions([created.id]);
    expect(asBusiness.results[0]!.item).toMatchObject({ confirm: true, decline: true, markAsPending: true });
    expect(answer.results[2]!.itemMetadata).toMatchObject({
      success: false,
      error: { code: 'MULTI_SERVICE_BOOKING_NOT_FOUND' },
    });
    expect(answer.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    const foreign = await member('m-stranger').getAllowedActions([confirmed.id]);
    expect(foreign.results[0]!.itemMetadata.success).toBe(false);
  });

  it('adds a booking to a group and removes it again', async () => {
    const group = await member('m-add').createMultiServiceBooking({
      multiServiceBookingType: 'SEPARATE_BOOKINGS',
      bookings: visit(at(13, 9), at(13, 10)),
    });
    const single = await member('m-add').createBooking(appointment(cut, at(13, 15)));
    const added = await member('m-add').addBookingsToMultiServiceBooking(
      group.id,
      [{ bookingId: single.id, revision: single.revision }],
      { returnFullEntity: true },
    );
    expect(added.multiServiceBooking?.bookings.map((entry) => entry.bookingId)).toContain(single.id);
    expect((await member('m-add').getBooking(single.id)).multiServiceBookingInfo?.id).toBe(group.id);

    const otherGroup = await member('m-add').createMultiServiceBooking({
      multiServiceBookingType: 'SEPARATE_BOOKINGS',
      bookings: visit(at(14, 9), at(14, 10)),
    });
    await expectRefusal(
      member('m-add').addBookingsToMultiServiceBooking(otherGroup.id, [{ bookingId: single.id }]),
      409,
      'BOOKING_ALREADY_PART_OF_ANOTHER_MULTI_SERVICE_BOOKING',
    );
    const foreign = await member('m-stranger').createBooking(appointment(cut, at(14, 15)));
    await expectRefusal(
      member('m-add').addBookingsToMultiServiceBooking(group.id, [{ bookingId: foreign.id }]),
      404,
      'BOOKING_NOT_FOUND',
    );

    const removed = await member('m-add').removeBookingsFromMultiServiceBooking(group.id, [
      { bookingId: single.id },
    ]);
    expect(removed.results[0]!.itemMetadata.success).toBe(true);
    expect((await member('m-add').getMultiServiceBooking(group.id)).bookings).toHaveLength(2);
    expect((await member('m-add').getBooking(single.id)).multiServiceBookingInfo ?? null).toBeNull();
  });
});
