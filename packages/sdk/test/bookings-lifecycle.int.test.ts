import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.ts';
import {
  appointment,
  at,
  contact,
  createAppointmentService,
  createClass,
  createCourse,
  createPolicy,
  createStaff,
  expectRefusal,
  failure,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// Every call of a single booking and every transition of its state machine, legal and illegal, as a
// customer (member or anonymous visitor) and as the business, through the SDK against the real server.
let server: LifecycleServer;
let staffA: string;
let staffB: string;
let haircut: string;
let approval: string;

beforeAll(async () => {
  server = await startLifecycleServer();
  staffA = await createStaff(server, 'Ana');
  staffB = await createStaff(server, 'Ben');
  haircut = await createAppointmentService(server, { staffMemberIds: [staffA] });
  approval = await createAppointmentService(server, {
    staffMemberIds: [staffB],
    name: 'Consultation',
    approval: true,
  });
}, 240_000);
afterAll(() => server?.close(), 60_000);

const owner = () => server.owner();
const member = (id: string) => server.member(id);
const bookingsOf = (serviceId: string) =>
  server.count(`SELECT count(*)::int FROM bookings_bookings WHERE service_id = $1`, [serviceId]);

describe('create', () => {
  it('confirms a member booking: end from the service, customer source, not paid, contact kept', async () => {
    const start = at(3, 9);
    const booking = await member('m-create').createBooking(appointment(haircut, start));
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      revision: '1',
      totalParticipants: 1,
      paymentStatus: 'NOT_PAID',
      selectedPaymentOption: 'OFFLINE',
      bookingSource: { actor: 'CUSTOMER', platform: 'WEB' },
      contactDetails: contact('Ada'),
    });
    expect(booking.startDate.toISOString()).toBe(start);
    expect(booking.endDate.getTime() - booking.startDate.getTime()).toBe(3_600_000);
    expect(booking.bookedEntity.slot?.resource?.id).toBe(staffA);
    expect((await member('m-create').getBooking(booking.id)).id).toBe(booking.id);
  });

  it('lets an anonymous visitor book from the mobile app and read it back; nobody else sees it', async () => {
    const guest = server.visitor();
    const booking = await guest.createBooking(appointment(haircut, at(3, 10), { platform: 'MOBILE_APP' }));
    expect(booking.bookingSource).toEqual({ actor: 'CUSTOMER', platform: 'MOBILE_APP' });
    expect((await guest.getBooking(booking.id)).status).toBe('CONFIRMED');
    await expectRefusal(server.visitor().getBooking(booking.id), 404, 'BOOKING_NOT_FOUND');
    await expectRefusal(member('m-stranger').getBooking(booking.id), 404, 'BOOKING_NOT_FOUND');
    expect((await owner().getBooking(booking.id)).id).toBe(booking.id);
  });

  it('lets the business book for a customer and set the payment status; a customer cannot', async () => {
    const business = await owner().createBooking(appointment(haircut, at(3, 11), { paymentStatus: 'PAID' }));
    expect(business.bookingSource?.actor).toBe('BUSINESS');
    expect(business.paymentStatus).toBe('PAID');
    const customer = await member('m-paid').createBooking(
      appointment(haircut, at(3, 12), { paymentStatus: 'PAID' }),
    );
    expect(customer.paymentStatus).toBe('NOT_PAID');
  });

  it('keeps sendSmsReminder and participantNotification flags of the call', async () => {
    const booking = await member('m-sms').createBooking(appointment(haircut, at(3, 13)), {
      sendSmsReminder: true,
      participantNotification: { notifyParticipants: true, message: 'See you' },
    });
    expect(booking.sendSmsReminder).toBe(true);
  });

  it('puts an approval service in PENDING; the business may skip the confirmation', async () => {
    const pending = await member('m-approval').createBooking(appointment(approval, at(3, 9)));
    expect(pending.status).toBe('PENDING');
    const skipped = await owner().createBooking(appointment(approval, at(3, 10)), {
      flowControlSettings: { skipBusinessConfirmation: true },
    });
    expect(skipped.status).toBe('CONFIRMED');
  });

  it('refuses flowControlSettings from a customer with 403 and writes nothing', async () => {
    const before = await bookingsOf(approval);
    await expectRefusal(
      member('m-flow').createBooking(appointment(approval, at(3, 11)), {
        flowControlSettings: { skipBusinessConfirmation: true },
      }),
      403,
      'PERMISSION_DENIED',
    );
    await expectRefusal(
      server.visitor().createBooking(appointment(approval, at(3, 11)), {
        flowControlSettings: { skipAvailabilityValidation: true },
      }),
      403,
    );
    expect(await bookingsOf(approval)).toBe(before);
  });

  it('checks the selected payment option against the service; the business may skip the check', async () => {
    const cashOnly = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Cash only',
      payment: { inPerson: true },
    });
    for (const option of ['ONLINE', 'MEMBERSHIP', 'MEMBERSHIP_OFFLINE'] as const) {
      const error = await failure(
        member('m-pay').createBooking(appointment(cashOnly, at(4, 9), { selectedPaymentOption: option })),
      );
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).fieldViolations.map((violation) => violation.field)).toEqual([
        'booking.selectedPaymentOption',
      ]);
    }
    expect(await bookingsOf(cashOnly)).toBe(0);
    const skipped = await owner().createBooking(
      appointment(cashOnly, at(4, 9), { selectedPaymentOption: 'ONLINE' }),
      { flowControlSettings: { skipSelectedPaymentOptionValidation: true } },
    );
    expect(skipped.selectedPaymentOption).toBe('ONLINE');
  });

  it('takes MEMBERSHIP where the service accepts pricing plans (PAID), and marks NO_FEE services EXEMPT', async () => {
    const plans = await owner().createService({
      type: 'APPOINTMENT',
      name: 'Members massage',
      staffMemberIds: [staffB],
      payment: {
        rateType: 'FIXED',
        fixed: { price: { value: '60.00', currency: 'USD' } },
        options: { inPerson: true, pricingPlan: true },
        pricingPlanIds: ['plan-gold'],
      },
      schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
    } as never);
    const membership = await member('m-plan').createBooking(
      appointment(plans.id, at(4, 14), { selectedPaymentOption: 'MEMBERSHIP' }),
    );
    expect(membership).toMatchObject({ selectedPaymentOption: 'MEMBERSHIP', paymentStatus: 'PAID' });
    const offline = await member('m-plan').createBooking(
      appointment(plans.id, at(4, 16), { selectedPaymentOption: 'MEMBERSHIP_OFFLINE' }),
    );
    expect(offline).toMatchObject({ selectedPaymentOption: 'MEMBERSHIP_OFFLINE', paymentStatus: 'NOT_PAID' });
    const free = await owner().createService({
      type: 'APPOINTMENT',
      name: 'Free check',
      staffMemberIds: [staffB],
      payment: { rateType: 'NO_FEE' },
      schedule: { availabilityConstraints: { durations: [{ minutes: 30 }] } },
    } as never);
    expect((await member('m-free').createBooking(appointment(free.id, at(4, 18)))).paymentStatus).toBe(
      'EXEMPT',
    );
  });

  it('keeps the full contact details, address and geocode included', async () => {
    const contactDetails = {
      ...contact('Geo'),
      phone: '+44 20 7946 0000',
      timeZone: 'Europe/London',
      countryCode: 'GB',
      fullAddress: {
        country: 'GB',
        city: 'London',
        postalCode: 'NW1 6XE',
        streetAddress: { number: '221B', name: 'Baker Street' },
        formattedAddress: '221B Baker Street, London NW1 6XE',
        geocode: { latitude: 51.5238, longitude: -0.1586 },
      },
    };
    const booking = await member('m-geo').createBooking(appointment(haircut, at(4, 15), { contactDetails }));
    expect((await member('m-geo').getBooking(booking.id)).contactDetails).toEqual(contactDetails);
  });

  it('lets the business ignore the booking window, not customers', async () => {
    const policy = await createPolicy(server, {
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 1440 },
    });
    const soon = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Soon',
      policyId: policy,
    });
    await expectRefusal(
      member('m-window').createBooking(appointment(soon, at(5, 9))),
      400,
      'BOOKING_POLICY_VIOLATION',
    );
    const booked = await owner().createBooking(appointment(soon, at(5, 9)), {
      flowControlSettings: { ignoreBookingWindow: true },
    });
    expect(booked.status).toBe('CONFIRMED');
  });

  it('keeps an unpaid ONLINE booking CREATED until it is paid', async () => {
    const booking = await member('m-online').createBooking(
      appointment(haircut, at(4, 10), { selectedPaymentOption: 'ONLINE' }),
    );
    expect(booking).toMatchObject({ status: 'CREATED', paymentStatus: 'NOT_PAID' });
    const paid = await owner().createBooking(
      appointment(haircut, at(4, 11), { selectedPaymentOption: 'ONLINE', paymentStatus: 'PAID' }),
    );
    expect(paid.status).toBe('CONFIRMED');
  });

  it('lets only the business book over a taken slot, stored doubleBooked', async () => {
    const start = at(4, 12);
    await member('m-first').createBooking(appointment(haircut, start));
    await expectRefusal(
      member('m-second').createBooking(appointment(haircut, start)),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    const over = await owner().createBooking(appointment(haircut, start), {
      flowControlSettings: { skipAvailabilityValidation: true },
    });
    expect(over).toMatchObject({ status: 'CONFIRMED', doubleBooked: true });
  });

  it('waitlists a full class and books a course by schedule', async () => {
    const policy = await createPolicy(server, { waitlistPolicy: { enabled: true, capacity: 3 } });
    const yoga = await createClass(server, { capacity: 1, starts: [at(5, 18)], policyId: policy });
    const first = await member('m-yoga-1').createBooking(appointment(yoga.serviceId, at(5, 18)));
    const second = await member('m-yoga-2').createBooking(appointment(yoga.serviceId, at(5, 18)));
    expect([first.status, second.status]).toEqual(['CONFIRMED', 'WAITING_LIST']);
    const course = await createCourse(server, { capacity: 4, staffMemberId: staffB });
    const enrolment = await member('m-course').createBooking({
      bookedEntity: { schedule: { serviceId: course.serviceId, scheduleId: course.scheduleId } },
      contactDetails: contact('Eve'),
      selectedPaymentOption: 'OFFLINE',
    });
    expect(enrolment.status).toBe('CONFIRMED');
    expect(enrolment.bookedEntity.schedule?.scheduleId).toBe(course.scheduleId);
  });
});

describe('bulk create', () => {
  it('creates each item on its own and reports the failures by index', async () => {
    const start = at(6, 9);
    const result = await member('m-bulk').bulkCreateBookings(
      [
        { booking: appointment(haircut, start) },
        { booking: appointment(haircut, start) },
        { booking: appointment(haircut, at(6, 11)) },
      ],
      { returnFullEntity: true },
    );
    expect(result.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect(result.results.map((entry) => entry.itemMetadata.success)).toEqual([true, false, true]);
    expect(result.results[1]!.itemMetadata).toMatchObject({
      originalIndex: 1,
      error: { code: 'SLOT_NOT_AVAILABLE' },
    });
    expect(result.results[0]!.item?.status).toBe('CONFIRMED');
    expect(result.results[2]!.item?.startDate).toBeInstanceOf(Date);
  });

  it('leaves the entities out unless returnFullEntity, and refuses customer flow control per item', async () => {
    const result = await member('m-bulk-2').bulkCreateBookings(
      [
        { booking: appointment(haircut, at(6, 13)) },
        {
          booking: appointment(haircut, at(6, 14)),
          flowControlSettings: { skipAvailabilityValidation: true },
        },
      ],
      { returnFullEntity: false },
    );
    expect(result.results[0]!.item).toBeUndefined();
    expect(result.results[0]!.itemMetadata.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.results[1]!.itemMetadata.error?.code).toBe('PERMISSION_DENIED');
  });
});

describe('confirm and decline', () => {
  it('confirms a PENDING booking as the business, with payment status and SMS flag', async () => {
    const pending = await member('m-c1').createBooking(appointment(approval, at(7, 9)));
    await expectRefusal(member('m-c1').confirmBooking(pending.id), 403, 'PERMISSION_DENIED');
    await expectRefusal(
      server.staffUser().confirmBooking(pending.id, { revision: '99' }),
      409,
      'REVISION_MISMATCH',
    );
    const confirmed = await owner().confirmBooking(pending.id, {
      revision: pending.revision,
      paymentStatus: 'PAID',
      sendSmsReminder: true,
      participantNotification: { notifyParticipants: true },
    });
    expect(confirmed).toMatchObject({
      status: 'CONFIRMED',
      revision: '2',
      paymentStatus: 'PAID',
      sendSmsReminder: true,
    });
    await expectRefusal(owner().confirmBooking(pending.id), 409, 'BOOKING_CANNOT_CONFIRM_CONFIRMED');
    await expectRefusal(owner().declineBooking(pending.id), 409, 'BOOKING_CANNOT_DECLINE_CONFIRMED');
  });

  it('declines a PENDING booking, records doubleBooked and frees the slot; DECLINED is final', async () => {
    const start = at(7, 10);
    const pending = await member('m-d1').createBooking(appointment(approval, start));
    await expectRefusal(member('m-d1').declineBooking(pending.id), 403);
    const declined = await owner().declineBooking(pending.id, {
      doubleBooked: true,
      paymentStatus: 'REFUNDED',
    });
    expect(declined).toMatchObject({ status: 'DECLINED', doubleBooked: true, paymentStatus: 'REFUNDED' });
    await expectRefusal(owner().declineBooking(pending.id), 409, 'BOOKING_CANNOT_DECLINE_DECLINED');
    await expectRefusal(owner().confirmBooking(pending.id), 409, 'BOOKING_CANNOT_CONFIRM_DECLINED');
    await expectRefusal(member('m-d1').cancelBooking(pending.id), 409, 'BOOKING_CANNOT_CANCEL_DECLINED');
    await expectRefusal(
      owner().rescheduleBooking(pending.id, { slot: { serviceId: approval, startDate: at(7, 11) } }),
      409,
      'BOOKING_CANNOT_RESCHEDULE_DECLINED',
    );
    expect((await member('m-d2').createBooking(appointment(approval, start))).status).toBe('PENDING');
  });

  it('confirms or declines a CREATED (unpaid online) booking', async () => {
    const toConfirm = await member('m-cr').createBooking(
      appointment(haircut, at(7, 12), { selectedPaymentOption: 'ONLINE' }),
    );
    const toDecline = await member('m-cr').createBooking(
      appointment(haircut, at(7, 13), { selectedPaymentOption: 'ONLINE' }),
    );
    expect((await owner().confirmBooking(toConfirm.id, { paymentStatus: 'PAID' })).status).toBe('CONFIRMED');
    expect((await owner().declineBooking(toDecline.id)).status).toBe('DECLINED');
  });

  it('confirms a WAITING_LIST booking only into a free spot, or over capacity when doubleBooked', async () => {
    const policy = await createPolicy(server, { waitlistPolicy: { enabled: true, capacity: 5 } });
    const yoga = await createClass(server, { capacity: 1, starts: [at(8, 18)], policyId: policy });
    await member('m-w0').createBooking(appointment(yoga.serviceId, at(8, 18)));
    const waiting = await member('m-w1').createBooking(appointment(yoga.serviceId, at(8, 18)));
    const other = await member('m-w2').createBooking(appointment(yoga.serviceId, at(8, 18)));
    const third = await member('m-w3').createBooking(appointment(yoga.serviceId, at(8, 18)));
    expect([waiting.status, other.status, third.status]).toEqual([
      'WAITING_LIST',
      'WAITING_LIST',
      'WAITING_LIST',
    ]);
    await expectRefusal(owner().confirmBooking(waiting.id), 409, 'SESSION_CAPACITY_EXCEEDED');
    const over = await owner().confirmBooking(waiting.id, { doubleBooked: true });
    expect(over).toMatchObject({ status: 'CONFIRMED', doubleBooked: true });
    expect((await owner().declineBooking(other.id)).status).toBe('DECLINED');
    await expectRefusal(
      member('m-w3').rescheduleBooking(third.id, {
        slot: { serviceId: yoga.serviceId, startDate: at(8, 18) },
      }),
      409,
      'BOOKING_CANNOT_RESCHEDULE_WAITING_LIST',
    );
    expect((await member('m-w3').cancelBooking(third.id)).status).toBe('CANCELED');
  });
});

describe('waitlist', () => {
  it('promotes the waiting list first in, first served when a spot opens', async () => {
    const policy = await createPolicy(server, { waitlistPolicy: { enabled: true, capacity: 2 } });
    const yoga = await createClass(server, { capacity: 1, starts: [at(8, 20)], policyId: policy });
    const booked = await member('m-fifo-0').createBooking(appointment(yoga.serviceId, at(8, 20)));
    const first = await member('m-fifo-1').createBooking(appointment(yoga.serviceId, at(8, 20)));
    const second = await member('m-fifo-2').createBooking(appointment(yoga.serviceId, at(8, 20)));
    expect([first.status, second.status]).toEqual(['WAITING_LIST', 'WAITING_LIST']);
    await expectRefusal(
      member('m-fifo-3').createBooking(appointment(yoga.serviceId, at(8, 20))),
      409,
      'WAITLIST_FULL',
    );
    await member('m-fifo-0').cancelBooking(booked.id);
    expect((await member('m-fifo-1').getBooking(first.id)).status).toBe('CONFIRMED');
    expect((await member('m-fifo-2').getBooking(second.id)).status).toBe('WAITING_LIST');
  });
});

describe('cancel', () => {
  it('lets a customer cancel their own booking, frees the slot, and makes CANCELED final', async () => {
    const start = at(9, 9);
    const booking = await member('m-x1').createBooking(appointment(haircut, start));
    await expectRefusal(member('m-x2').cancelBooking(booking.id), 404, 'BOOKING_NOT_FOUND');
    const canceled = await member('m-x1').cancelBooking(booking.id, { revision: booking.revision });
    expect(canceled.status).toBe('CANCELED');
    expect(canceled.canceledDate).toBeInstanceOf(Date);
    await expectRefusal(member('m-x1').cancelBooking(booking.id), 409, 'BOOKING_CANNOT_CANCEL_CANCELED');
    await expectRefusal(owner().confirmBooking(booking.id), 409, 'BOOKING_CANNOT_CONFIRM_CANCELED');
    await expectRefusal(owner().declineBooking(booking.id), 409, 'BOOKING_CANNOT_DECLINE_CANCELED');
    await expectRefusal(
      member('m-x1').updateNumberOfParticipants(booking.id, { totalParticipants: 1 }),
      409,
      'BOOKING_CANNOT_UPDATE_PARTICIPANTS_CANCELED',
    );
    expect((await member('m-x3').createBooking(appointment(haircut, start))).status).toBe('CONFIRMED');
  });

  it('lets a customer cancel a PENDING booking and the business cancel any', async () => {
    const pending = await member('m-x4').createBooking(appointment(approval, at(9, 10)));
    expect((await member('m-x4').cancelBooking(pending.id)).status).toBe('CANCELED');
    const confirmed = await member('m-x5').createBooking(appointment(haircut, at(9, 11)));
    const canceled = await owner().cancelBooking(confirmed.id, {
      participantNotification: { notifyParticipants: true, message: 'Closed for repairs' },
    });
    expect(canceled.status).toBe('CANCELED');
  });

  it('lets an anonymous visitor reschedule and cancel their own booking, and staff confirm for the business', async () => {
    const guest = server.visitor();
    const booking = await guest.createBooking(appointment(haircut, at(9, 14)));
    const moved = await guest.rescheduleBooking(booking.id, {
      slot: { serviceId: haircut, startDate: at(9, 15) },
      revision: booking.revision,
    });
    expect(moved.startDate.toISOString()).toBe(at(9, 15));
    await expectRefusal(server.visitor().cancelBooking(booking.id), 404);
    expect((await guest.cancelBooking(booking.id, { revision: moved.revision })).status).toBe('CANCELED');
    const pending = await guest.createBooking(appointment(approval, at(9, 16)));
    expect((await server.staffUser().confirmBooking(pending.id)).status).toBe('CONFIRMED');
  });

  it('keeps customers inside the cancellation window; the business may always cancel', async () => {
    const policy = await createPolicy(server, {
      cancellationPolicy: {
        enabled: true,
        limitLatestCancellation: true,
        latestCancellationInMinutes: 30 * 1440,
      },
    });
    const strict = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Strict',
      policyId: policy,
    });
    const booking = await member('m-x6').createBooking(appointment(strict, at(9, 12)));
    await expectRefusal(member('m-x6').cancelBooking(booking.id), 409, 'BOOKING_POLICY_VIOLATION');
    expect((await member('m-x6').getBooking(booking.id)).status).toBe('CONFIRMED');
    expect((await owner().cancelBooking(booking.id)).status).toBe('CANCELED');
  });
});

describe('reschedule', () => {
  it('moves a customer booking (same id, next revision) and frees the old slot', async () => {
    const from = at(10, 9);
    const to = at(10, 13);
    const booking = await member('m-r1').createBooking(appointment(haircut, from));
    const moved = await member('m-r1').rescheduleBooking(booking.id, {
      slot: { serviceId: haircut, startDate: to },
      revision: booking.revision,
      participantNotification: { notifyParticipants: true },
    });
    expect(moved).toMatchObject({ id: booking.id, revision: '2', status: 'CONFIRMED' });
    expect(moved.startDate.toISOString()).toBe(to);
    expect((await member('m-r2').createBooking(appointment(haircut, from))).status).toBe('CONFIRMED');
    await expectRefusal(
      member('m-r3').rescheduleBooking(booking.id, { slot: { serviceId: haircut, startDate: at(10, 15) } }),
      404,
    );
  });

  it('refuses a taken slot with 409 and leaves the booking where it was', async () => {
    const mine = await member('m-r4').createBooking(appointment(haircut, at(10, 16)));
    await member('m-r5').createBooking(appointment(haircut, at(10, 17)));
    await expectRefusal(
      member('m-r4').rescheduleBooking(mine.id, { slot: { serviceId: haircut, startDate: at(10, 17) } }),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    const after = await member('m-r4').getBooking(mine.id);
    expect(after.startDate.toISOString()).toBe(at(10, 16));
    expect(after.revision).toBe(mine.revision);
    // The business may move it over the other booking, which marks it doubleBooked.
    const over = await owner().rescheduleBooking(mine.id, {
      slot: { serviceId: haircut, startDate: at(10, 17) },
      flowControlSettings: { skipAvailabilityValidation: true },
    });
    expect(over.doubleBooked).toBe(true);
  });

  it('refuses a slot of another service with BOOKING_CANNOT_RESCHEDULE_TO_OTHER_SERVICE', async () => {
    const booking = await member('m-r6').createBooking(appointment(haircut, at(11, 9)));
    const error = await expectRefusal(
      owner().rescheduleBooking(booking.id, { slot: { serviceId: approval, startDate: at(11, 10) } }),
      400,
      'BOOKING_CANNOT_RESCHEDULE_TO_OTHER_SERVICE',
    );
    expect(error.data).toMatchObject({
      bookingId: booking.id,
      serviceId: haircut,
      requestedServiceId: approval,
    });
    const after = await owner().getBooking(booking.id);
    expect([after.bookedEntity.slot?.serviceId, after.revision]).toEqual([haircut, '1']);
  });

  it('refuses to reschedule a course enrolment with BOOKING_CANNOT_RESCHEDULE_COURSE', async () => {
    const course = await createCourse(server, { capacity: 3, staffMemberId: staffA });
    const enrolment = await member('m-r7').createBooking({
      bookedEntity: { schedule: { serviceId: course.serviceId, scheduleId: course.scheduleId } },
      contactDetails: contact('Cy'),
      selectedPaymentOption: 'OFFLINE',
    });
    for (const client of [member('m-r7'), owner()]) {
      await expectRefusal(
        client.rescheduleBooking(enrolment.id, {
          slot: { serviceId: course.serviceId, startDate: at(27, 18) },
        }),
        400,
        'BOOKING_CANNOT_RESCHEDULE_COURSE',
      );
    }
    expect((await owner().getBooking(enrolment.id)).revision).toBe('1');
  });

  it('moves a class booking to another session of the same class', async () => {
    const yoga = await createClass(server, { capacity: 2, starts: [at(12, 18), at(13, 18)] });
    const booking = await member('m-r8').createBooking(appointment(yoga.serviceId, at(12, 18)));
    const moved = await member('m-r8').rescheduleBooking(booking.id, {
      slot: { serviceId: yoga.serviceId, startDate: at(13, 18) },
    });
    expect(moved.startDate.toISOString()).toBe(at(13, 18));
    const spots = await server.rows<{ session_key: string; booked: number }>(
      `SELECT session_key, booked FROM bookings_session_spots WHERE session_key = ANY($1::text[]) ORDER BY session_key`,
      [yoga.sessionIds],
    );
    expect(Object.fromEntries(spots.map((row) => [row.session_key, row.booked]))).toEqual({
      [yoga.sessionIds[0]!]: 0,
      [yoga.sessionIds[1]!]: 1,
    });
  });

  it('keeps customers inside the reschedule window; the business may always reschedule', async () => {
    const policy = await createPolicy(server, {
      reschedulePolicy: { enabled: true, limitLatestReschedule: true, latestRescheduleInMinutes: 30 * 1440 },
    });
    const strict = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Fixed',
      policyId: policy,
    });
    const booking = await member('m-r9').createBooking(appointment(strict, at(14, 9)));
    await expectRefusal(
      member('m-r9').rescheduleBooking(booking.id, { slot: { serviceId: strict, startDate: at(14, 11) } }),
      409,
      'BOOKING_POLICY_VIOLATION',
    );
    const moved = await owner().rescheduleBooking(booking.id, {
      slot: { serviceId: strict, startDate: at(14, 11) },
    });
    expect(moved.startDate.toISOString()).toBe(at(14, 11));
  });
});

describe('participants, submission id, extended fields', () => {
  it('updates the number of participants within the policy and the class capacity', async () => {
    const policy = await createPolicy(server, { participantsPolicy: { maxParticipantsPerBooking: 4 } });
    const yoga = await createClass(server, { capacity: 5, starts: [at(15, 18)], policyId: policy });
    const booking = await member('m-p1').createBooking(appointment(yoga.serviceId, at(15, 18)));
    const three = await member('m-p1').updateNumberOfParticipants(booking.id, {
      totalParticipants: 3,
      revision: booking.revision,
    });
    expect(three).toMatchObject({ totalParticipants: 3, revision: '2' });
    await expectRefusal(
      member('m-p1').updateNumberOfParticipants(booking.id, { totalParticipants: 5 }),
      400,
      'TOO_MANY_PARTICIPANTS',
    );
    await expectRefusal(
      member('m-p1').updateNumberOfParticipants(booking.id, { totalParticipants: 2, revision: '1' }),
      409,
      'REVISION_MISMATCH',
    );
    await expectRefusal(member('m-p2').updateNumberOfParticipants(booking.id, { totalParticipants: 1 }), 404);
    const spots = await server.count(`SELECT booked FROM bookings_session_spots WHERE session_key = $1`, [
      yoga.sessionIds[0],
    ]);
    expect(spots).toBe(3);
  });

  it('sets the submission id as the customer or the business', async () => {
    const booking = await member('m-s1').createBooking(appointment(haircut, at(15, 9)));
    expect((await member('m-s1').setBookingSubmissionId(booking.id, 'sub-1')).submissionId).toBe('sub-1');
    expect((await owner().setBookingSubmissionId(booking.id, 'sub-2')).submissionId).toBe('sub-2');
    await expectRefusal(member('m-s2').setBookingSubmissionId(booking.id, 'sub-3'), 404);
  });

  it('updates extended fields as the business only', async () => {
    const booking = await member('m-e1').createBooking(appointment(haircut, at(15, 10)));
    const answer = await owner().updateBookingExtendedFields(booking.id, '@acme/crm', { tier: 'gold' });
    expect(answer).toMatchObject({
      id: booking.id,
      namespace: '@acme/crm',
      namespaceData: { data: { tier: 'gold' } },
    });
    expect((await owner().getBooking(booking.id)).extendedFields?.namespaces).toMatchObject({
      '@acme/crm': { tier: 'gold' },
    });
    await expectRefusal(
      member('m-e1').updateBookingExtendedFields(booking.id, '@acme/crm', { tier: 'x' }),
      403,
    );
  });
});

describe('confirmOrDecline', () => {
  it('confirms a paid booking whose slot is free, as the business; never as the customer', async () => {
    const booking = await member('m-cd1').createBooking(
      appointment(haircut, at(16, 9), { selectedPaymentOption: 'ONLINE' }),
    );
    expect(booking).toMatchObject({ status: 'CREATED', paymentStatus: 'NOT_PAID' });
    // The customer can neither confirm nor mark their own booking paid.
    await expectRefusal(member('m-cd1').confirmOrDeclineBooking(booking.id, 'PAID'), 403);
    expect(await owner().getBooking(booking.id)).toMatchObject({
      status: 'CREATED',
      paymentStatus: 'NOT_PAID',
    });
    const confirmed = await owner().confirmOrDeclineBooking(booking.id, 'PAID');
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });
    await expectRefusal(owner().confirmOrDeclineBooking(booking.id), 409, 'BOOKING_CANNOT_CONFIRM_CONFIRMED');
  });

  it('marks a booking of an approval service PENDING, and confirms a doubleBooked one, never declining it', async () => {
    const needsApproval = await member('m-cd3').createBooking(
      appointment(approval, at(16, 10), { selectedPaymentOption: 'ONLINE' }),
    );
    expect(needsApproval.status).toBe('CREATED');
    expect((await owner().confirmOrDeclineBooking(needsApproval.id, 'PAID')).status).toBe('PENDING');

    const start = at(16, 11);
    await member('m-cd4').createBooking(appointment(haircut, start));
    const over = await owner().createBooking(
      appointment(haircut, start, { selectedPaymentOption: 'ONLINE' }),
      {
        flowControlSettings: { skipAvailabilityValidation: true },
      },
    );
    expect(over).toMatchObject({ status: 'CREATED', doubleBooked: true });
    // The business made it over another booking on purpose (skipAvailabilityValidation): it stays.
    expect(await owner().confirmOrDeclineBooking(over.id, 'PAID')).toMatchObject({
      status: 'CONFIRMED',
      doubleBooked: true,
      paymentStatus: 'PAID',
    });
  });

  it('confirms or declines in bulk as the business, each on its own', async () => {
    const paid = await member('m-cd5').createBooking(
      appointment(haircut, at(16, 12), { selectedPaymentOption: 'ONLINE' }),
    );
    const confirmed = await member('m-cd5').createBooking(appointment(haircut, at(16, 13)));
    await expectRefusal(member('m-cd5').bulkConfirmOrDeclineBookings([{ bookingId: paid.id }]), 403);
    const result = await owner().bulkConfirmOrDeclineBookings(
      [{ bookingId: paid.id, paymentStatus: 'PAID' }, { bookingId: confirmed.id }],
      { returnEntity: true },
    );
    expect(result.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(result.results[0]!.item).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });
    expect(result.results[1]!.itemMetadata).toMatchObject({
      id: confirmed.id,
      success: false,
      error: { code: 'BOOKING_CANNOT_CONFIRM_CONFIRMED' },
    });
  });
});

describe('revisions', () => {
  it('refuses a stale revision on every call with 409 REVISION_MISMATCH and changes nothing', async () => {
    const booking = await member('m-rev').createBooking(appointment(approval, at(17, 9)));
    const stale = '7';
    await expectRefusal(owner().confirmBooking(booking.id, { revision: stale }), 409, 'REVISION_MISMATCH');
    await expectRefusal(owner().declineBooking(booking.id, { revision: stale }), 409, 'REVISION_MISMATCH');
    await expectRefusal(
      member('m-rev').cancelBooking(booking.id, { revision: stale }),
      409,
      'REVISION_MISMATCH',
    );
    await expectRefusal(
      member('m-rev').rescheduleBooking(booking.id, {
        slot: { serviceId: approval, startDate: at(17, 11) },
        revision: stale,
      }),
      409,
      'REVISION_MISMATCH',
    );
    await expectRefusal(
      member('m-rev').updateNumberOfParticipants(booking.id, { totalParticipants: 1, revision: stale }),
      409,
      'REVISION_MISMATCH',
    );
    const after = await owner().getBooking(booking.id);
    expect(after).toMatchObject({ status: 'PENDING', revision: '1' });
    expect(after.startDate.toISOString()).toBe(at(17, 9));
    // The current revision works, and moves it on.
    expect((await owner().confirmBooking(booking.id, { revision: '1' })).revision).toBe('2');
  });
});
