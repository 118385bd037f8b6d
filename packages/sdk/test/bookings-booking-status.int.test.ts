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

// Bulk cancel, bulk allowed actions and mark-as-pending through the SDK against the real server.
let server: LifecycleServer;
let haircut: string;

beforeAll(async () => {
  server = await startLifecycleServer();
  haircut = await createAppointmentService(server, { staffMemberIds: [await createStaff(server, 'Bo')] });
}, 240_000);
afterAll(() => server?.close(), 60_000);

const owner = () => server.owner();
const member = (id: string) => server.member(id);

describe('bulk cancel', () => {
  it("cancels each booking on its own; a customer's stranger booking is a failed item", async () => {
    const mine = await member('m-bc').createBooking(appointment(haircut, at(3, 9)));
    const stale = await member('m-bc').createBooking(appointment(haircut, at(3, 10)));
    const theirs = await member('m-other').createBooking(appointment(haircut, at(3, 11)));
    const result = await member('m-bc').bulkCancelBookings(
      [
        { bookingId: mine.id, revision: mine.revision },
        { bookingId: stale.id, revision: '99' },
        { bookingId: theirs.id },
      ],
      { returnFullEntity: true },
    );
    expect(result.results.map((entry) => entry.item?.status ?? entry.itemMetadata.error?.code)).toEqual([
      'CANCELED',
      'REVISION_MISMATCH',
      'BOOKING_NOT_FOUND',
    ]);
    expect((await owner().getBooking(theirs.id)).status).toBe('CONFIRMED');
    expect((await owner().bulkCancelBookings([{ bookingId: theirs.id }])).bulkActionMetadata).toMatchObject({
      totalSuccesses: 1,
    });
  });
});

describe('bulk allowed actions', () => {
  it('answers cancel and reschedule per booking for the caller', async () => {
    const booking = await member('m-aa').createBooking(appointment(haircut, at(4, 9)));
    const canceled = await member('m-aa').createBooking(appointment(haircut, at(4, 10)));
    await member('m-aa').cancelBooking(canceled.id);
    const mine = await member('m-aa').bulkCalculateAllowedActions([booking.id, canceled.id]);
    expect(mine.results.map((entry) => entry.item)).toEqual([
      { cancel: true, reschedule: true },
      { cancel: false, reschedule: false },
    ]);
    const stranger = await member('m-stranger').bulkCalculateAllowedActions([booking.id]);
    expect(stranger.results[0]!.itemMetadata.success).toBe(false);
  });
});

describe('mark as pending', () => {
  it('moves a CREATED booking to PENDING as the business only, once', async () => {
    const created = await member('m-mp').createBooking(
      appointment(haircut, at(5, 9), { selectedPaymentOption: 'ONLINE' }),
    );
    expect(created.status).toBe('CREATED');
    await expectRefusal(member('m-mp').markBookingAsPending(created.id), 403);
    await expectRefusal(
      owner().markBookingAsPending(created.id, { revision: '99' }),
      409,
      'REVISION_MISMATCH',
    );
    const pending = await owner().markBookingAsPending(created.id, { revision: created.revision });
    expect(pending).toMatchObject({ id: created.id, status: 'PENDING' });
    await expectRefusal(
      owner().markBookingAsPending(created.id),
      409,
      'BOOKING_CANNOT_MARK_AS_PENDING_PENDING',
    );
  });
});
