import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointment,
  at,
  createAppointmentService,
  createPolicy,
  createStaff,
  expectRefusal,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// Guest self-service by token through the SDK against the real server: the business gets a token for a
// booking, a visitor with no account of their own (another anonymous visitor) views, reschedules and
// cancels that booking with it, within the policy, and the token opens nothing else.
let server: LifecycleServer;
let serviceId: string;

beforeAll(async () => {
  server = await startLifecycleServer();
  const policyId = await createPolicy(server, {
    cancellationPolicy: { enabled: true, allowAnonymous: true },
    reschedulePolicy: { enabled: true, allowAnonymous: true },
  });
  serviceId = await createAppointmentService(server, {
    staffMemberIds: [await createStaff(server, 'Gus')],
    policyId,
  });
}, 240_000);
afterAll(() => server?.close(), 60_000);

describe('guest self-service', () => {
  it('views, reschedules and cancels one booking by its token', async () => {
    const booking = await server.member('m-guest').createBooking(appointment(serviceId, at(3, 9)));
    const other = await server.member('m-other').createBooking(appointment(serviceId, at(3, 12)));
    const token = await server.owner().getGuestBookingToken(booking.id);
    const guest = server.visitor();

    const opened = await guest.getGuestBooking(token);
    expect(opened.booking.id).toBe(booking.id);
    expect(opened.allowedAnonymousActions).toEqual({ cancel: true, reschedule: true });
    expect((await guest.getGuestBookingService(token)).id).toBe(serviceId);

    const moved = await guest.rescheduleGuestBooking(token, {
      slot: { serviceId, startDate: at(3, 15) },
      revision: opened.booking.revision,
    });
    expect(moved.startDate?.toISOString()).toBe(at(3, 15));

    const canceled = await guest.cancelGuestBooking(token, moved.revision);
    expect(canceled.status).toBe('CANCELED');
    expect((await server.owner().getBooking(other.id)).status).toBe('CONFIRMED');
  });

  it('refuses made-up tokens and token requests from customers', async () => {
    const guest = server.visitor();
    await expectRefusal(guest.getGuestBooking('bgt_not-a-token'), 404, 'INVALID_TOKEN');
    const booking = await server.member('m-guest2').createBooking(appointment(serviceId, at(4, 9)));
    await expectRefusal(server.member('m-guest2').getGuestBookingToken(booking.id), 403);
  });

  it('opens and cancels a multi-service booking by its token', async () => {
    const created = await server.member('m-msb').createMultiServiceBooking({
      multiServiceBookingType: 'SEPARATE_BOOKINGS',
      bookings: [appointment(serviceId, at(5, 9)), appointment(serviceId, at(5, 12))],
    } as never);
    const token = await server.owner().getGuestMultiServiceBookingToken(created.id);
    const guest = server.visitor();
    const opened = await guest.getGuestMultiServiceBooking(token);
    expect(opened.multiServiceBooking.id).toBe(created.id);
    expect(opened.allowedAnonymousActions.cancel).toBe(true);
    const canceled = await guest.cancelGuestMultiServiceBooking(token);
    expect(canceled.bookings.map((entry) => entry.booking?.status)).toEqual(['CANCELED', 'CANCELED']);
  });
});
