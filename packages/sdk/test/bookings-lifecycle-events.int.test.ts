import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEventNames } from '@atrium/contract/bookings/lifecycle';
import type { EventBus, EventEnvelope } from '../../../apps/server/src/platform/bus/types.ts';
import { waitFor } from '../../../apps/server/test/events-helpers.ts';
import {
  appointment,
  at,
  createAppointmentService,
  createStaff,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// Lifecycle events reach a handler subscribed through the event bus, as any module or app would
// subscribe: each call through the SDK, then the delivered envelopes (name, site, {booking} payload).
type BookingPayload = {
  booking?: { id: string; status: string; revision: string; startDate: string; totalParticipants: number };
  multiServiceBooking?: { id: string; type: string; bookings: Array<{ bookingId: string }> };
  previousBooking?: { startDate: string };
  attendanceStatus?: string;
};
const delivered: Array<EventEnvelope<BookingPayload>> = [];

/** Subscribes once the app is built and before its event bus starts, as a module does. */
function subscribeToLifecycle(app: { events: EventBus }): void {
  for (const name of Object.values(bookingEventNames)) {
    app.events.subscribe<BookingPayload>(name, 'sdk-lifecycle-test', async (event) => {
      delivered.push(event);
    });
  }
}

let server: LifecycleServer;
let haircut: string;
let approval: string;

beforeAll(async () => {
  server = await startLifecycleServer({ beforeReady: subscribeToLifecycle });
  const staff = await createStaff(server, 'Ana');
  haircut = await createAppointmentService(server, { staffMemberIds: [staff] });
  approval = await createAppointmentService(server, {
    staffMemberIds: [staff],
    name: 'Consult',
    approval: true,
  });
}, 240_000);
afterAll(() => server?.close(), 60_000);

/** Waits for the events of one booking, in the order they were emitted. */
async function eventsOf(bookingId: string, count: number): Promise<Array<EventEnvelope<BookingPayload>>> {
  const mine = () => delivered.filter((event) => event.data.booking?.id === bookingId);
  await waitFor(`${count} events of booking ${bookingId}`, async () => mine().length >= count, 30_000);
  return mine().sort((a, b) => Number(a.data.booking!.revision) - Number(b.data.booking!.revision));
}

describe('booking lifecycle events reach subscribed handlers', { timeout: 60_000 }, () => {
  it('delivers created, rescheduled, participants updated and canceled, with the booking as it became', async () => {
    const member = server.member('m-events');
    const booking = await member.createBooking(appointment(haircut, at(3, 9)));
    await member.rescheduleBooking(booking.id, { slot: { serviceId: haircut, startDate: at(3, 11) } });
    await member.updateNumberOfParticipants(booking.id, { totalParticipants: 1 });
    await member.cancelBooking(booking.id);
    const events = await eventsOf(booking.id, 4);
    expect(events.map((event) => [event.name, event.data.booking!.status])).toEqual([
      ['bookings.booking.created', 'CONFIRMED'],
      ['bookings.booking.rescheduled', 'CONFIRMED'],
      ['bookings.booking.number_of_participants_updated', 'CONFIRMED'],
      ['bookings.booking.canceled', 'CANCELED'],
    ]);
    const rescheduled = events[1]!;
    expect(rescheduled.data.previousBooking?.startDate).toBe(at(3, 9));
    expect(rescheduled.data.booking!.startDate).toBe(at(3, 11));
    const site = await server.rows<{ site_id: string }>(
      `SELECT site_id FROM bookings_bookings WHERE id = $1`,
      [booking.id],
    );
    for (const event of events) {
      expect(event.siteId).toBe(site[0]!.site_id);
      expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(event.occurredAt))).toBe(false);
    }
  });

  it('delivers confirmed and declined from the business, and attendance and extended-field updates', async () => {
    const member = server.member('m-events-2');
    const toConfirm = await member.createBooking(appointment(approval, at(4, 9)));
    const toDecline = await member.createBooking(appointment(approval, at(4, 11)));
    await server.owner().confirmBooking(toConfirm.id);
    await server.owner().declineBooking(toDecline.id);
    await server.owner().setAttendance({ bookingId: toConfirm.id, status: 'ATTENDED' });
    await server.owner().updateBookingExtendedFields(toConfirm.id, '@acme/crm', { tier: 'gold' });
    const confirmed = await eventsOf(toConfirm.id, 4);
    expect(confirmed.map((event) => event.name)).toEqual(
      expect.arrayContaining([
        'bookings.booking.created',
        'bookings.booking.confirmed',
        'bookings.attendance.updated',
        'bookings.booking.updated',
      ]),
    );
    expect(confirmed.find((event) => event.name === 'bookings.booking.confirmed')!.data.booking!.status).toBe(
      'CONFIRMED',
    );
    const declined = await eventsOf(toDecline.id, 2);
    expect(declined.map((event) => [event.name, event.data.booking!.status])).toEqual([
      ['bookings.booking.created', 'PENDING'],
      ['bookings.booking.declined', 'DECLINED'],
    ]);
  });

  it('delivers multi_service_booking.created with the group, beside one created event per booking', async () => {
    const group = await server.member('m-events-4').createMultiServiceBooking({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: [appointment(haircut, at(6, 9)), appointment(haircut, at(6, 10))],
    });
    await waitFor('the multi-service event', async () =>
      delivered.some((event) => event.data.multiServiceBooking?.id === group.id),
    );
    const event = delivered.find((candidate) => candidate.data.multiServiceBooking?.id === group.id)!;
    expect(event.name).toBe('bookings.multi_service_booking.created');
    expect(event.data.multiServiceBooking!.bookings.map((entry) => entry.bookingId).sort()).toEqual(
      group.bookings.map((entry) => entry.bookingId).sort(),
    );
    for (const entry of group.bookings) {
      expect((await eventsOf(entry.bookingId, 1))[0]!.name).toBe('bookings.booking.created');
    }
  });

  it('emits nothing for a refused call', async () => {
    const member = server.member('m-events-3');
    const booking = await member.createBooking(appointment(haircut, at(5, 9)));
    await expect(server.owner().confirmBooking(booking.id)).rejects.toMatchObject({
      code: 'BOOKING_CANNOT_CONFIRM_CONFIRMED',
    });
    await member.cancelBooking(booking.id);
    // The refused confirm rolled back with its transaction: only the two real changes ever arrive.
    await eventsOf(booking.id, 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const events = await eventsOf(booking.id, 2);
    expect(events.map((event) => event.name)).toEqual([
      'bookings.booking.created',
      'bookings.booking.canceled',
    ]);
  });
});
