import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidArgumentError, type ApplicationError } from '../src/errors.ts';
import {
  appointment,
  at,
  createAppointmentService,
  createClass,
  createPolicy,
  createStaff,
  failure,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// Bad input through the SDK: each refusal is a clear 4xx with a code the client can branch on, and the
// database is exactly as before (no booking, hold, busy time, class spot, mail or multi-service group).
let server: LifecycleServer;
let staffA: string;
let staffB: string;
let haircut: string;

beforeAll(async () => {
  server = await startLifecycleServer();
  staffA = await createStaff(server, 'Ana');
  staffB = await createStaff(server, 'Ben');
  haircut = await createAppointmentService(server, { staffMemberIds: [staffA] });
}, 240_000);
afterAll(() => server?.close(), 60_000);

const member = (id: string) => server.member(id);

async function snapshot() {
  return {
    bookings: await server.count(`SELECT count(*)::int FROM bookings_bookings`),
    occupancy: await server.count(`SELECT count(*)::int FROM bookings_occupancy`),
    busy: await server.count(`SELECT count(*)::int FROM bookings_busy_times`),
    spots: await server.count(
      `SELECT coalesce(sum(booked + waitlisted), 0)::int FROM bookings_session_spots`,
    ),
    mails: await server.count(`SELECT count(*)::int FROM mail_outbox`),
    groups: await server.count(`SELECT count(*)::int FROM bookings_multi_service_bookings`),
    attendance: await server.count(`SELECT count(*)::int FROM bookings_attendance`),
    fees: await server.count(`SELECT count(*)::int FROM bookings_booking_fees`),
  };
}

/** Runs `attempt`, expects it to fail, and proves nothing was written. */
async function refusedWithoutWrites(attempt: () => Promise<unknown>) {
  const before = await snapshot();
  const error = await failure(attempt());
  expect(error.status, error.message).toBeGreaterThanOrEqual(400);
  expect(error.status, error.message).toBeLessThan(500);
  expect(error.message.length).toBeGreaterThan(10);
  expect(await snapshot()).toEqual(before);
  return error;
}

describe('bad input: a clear 4xx and nothing written', () => {
  it('refuses a slot outside availability (off the grid, staff not offering it, no such session): 409', async () => {
    for (const attempt of [
      () => member('m-1').createBooking(appointment(haircut, at(3, 10, 17))),
      () => member('m-1').createBooking(appointment(haircut, at(3, 10), {}, staffB)),
    ]) {
      const error = await refusedWithoutWrites(attempt);
      expect([error.status, error.code]).toEqual([409, 'SLOT_NOT_AVAILABLE']);
    }
    const yoga = await createClass(server, { capacity: 3, starts: [at(4, 18)] });
    const error = await refusedWithoutWrites(() =>
      member('m-1').createBooking(appointment(yoga.serviceId, at(4, 19))),
    );
    expect([error.status, error.code]).toEqual([409, 'SLOT_NOT_AVAILABLE']);
  });

  it('refuses a slot in the past: 400 SLOT_IN_THE_PAST', async () => {
    const error = await refusedWithoutWrites(() =>
      member('m-2').createBooking(appointment(haircut, at(-1, 10))),
    );
    expect([error.status, error.code]).toEqual([400, 'SLOT_IN_THE_PAST']);
    const yoga = await createClass(server, { capacity: 3, starts: [at(-2, 18)] });
    const past = await refusedWithoutWrites(() =>
      member('m-2').createBooking(appointment(yoga.serviceId, at(-2, 18))),
    );
    expect(past.code).toBe('SLOT_IN_THE_PAST');
  });

  it("refuses a slot past the policy's limits (too early, too late to book): 400 BOOKING_POLICY_VIOLATION", async () => {
    const early = await createPolicy(server, {
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 1440 },
    });
    const late = await createPolicy(server, {
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 10 * 1440 },
    });
    const notYet = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Soon',
      policyId: early,
    });
    const tooLate = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Ahead',
      policyId: late,
    });
    for (const attempt of [
      () => member('m-3').createBooking(appointment(notYet, at(5, 10))),
      () => member('m-3').createBooking(appointment(tooLate, at(2, 10))),
    ]) {
      const error = await refusedWithoutWrites(attempt);
      expect([error.status, error.code]).toEqual([400, 'BOOKING_POLICY_VIOLATION']);
    }
  });

  it('refuses more participants than allowed (policy limit, full class without waitlist)', async () => {
    const policy = await createPolicy(server, { participantsPolicy: { maxParticipantsPerBooking: 2 } });
    const pair = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Pair',
      policyId: policy,
    });
    const tooMany = await refusedWithoutWrites(() =>
      member('m-4').createBooking(appointment(pair, at(6, 10), { totalParticipants: 3 })),
    );
    expect([tooMany.status, tooMany.code]).toEqual([400, 'TOO_MANY_PARTICIPANTS']);
    expect((tooMany as ApplicationError).data).toEqual({
      maxParticipantsPerBooking: 2,
      totalParticipants: 3,
    });

    const roomy = await createPolicy(server, { participantsPolicy: { maxParticipantsPerBooking: 5 } });
    const small = await createClass(server, { capacity: 2, starts: [at(6, 18)], policyId: roomy });
    const full = await refusedWithoutWrites(() =>
      member('m-4').createBooking(appointment(small.serviceId, at(6, 18), { totalParticipants: 3 })),
    );
    expect([full.status, full.code]).toEqual([409, 'SESSION_CAPACITY_EXCEEDED']);
    // A participant count of 0 never reaches the server's logic: a field violation.
    const zero = await refusedWithoutWrites(() =>
      member('m-4').createBooking(appointment(pair, at(6, 11), { totalParticipants: 0 })),
    );
    expect(zero).toBeInstanceOf(InvalidArgumentError);
  });

  it('refuses missing required form fields: 400 with FORM_SUBMISSION_INVALID and the fields', async () => {
    const error = await refusedWithoutWrites(() =>
      member('m-5').createBooking(
        appointment(haircut, at(7, 10), { contactDetails: { lastName: 'Nobody' } }),
      ),
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const invalid = error as InvalidArgumentError;
    expect(invalid.applicationError?.code).toBe('FORM_SUBMISSION_INVALID');
    expect(invalid.fieldViolations.map((violation) => [violation.field, violation.violatedRule])).toEqual([
      ['formSubmission.email', 'REQUIRED_FIELD'],
      ['formSubmission.first_name', 'REQUIRED_FIELD'],
    ]);
  });

  it('refuses a deleted service: 404 SERVICE_NOT_FOUND', async () => {
    const doomed = await createAppointmentService(server, { staffMemberIds: [staffB], name: 'Doomed' });
    await server.owner().deleteService(doomed);
    const error = await refusedWithoutWrites(() =>
      member('m-6').createBooking(appointment(doomed, at(8, 10))),
    );
    expect([error.status, error.code]).toEqual([404, 'SERVICE_NOT_FOUND']);
    const business = await refusedWithoutWrites(() =>
      server.owner().createBooking(appointment(doomed, at(8, 10)), {
        flowControlSettings: { skipAvailabilityValidation: true },
      }),
    );
    expect(business.code).toBe('SERVICE_NOT_FOUND');
  });

  it('refuses a service with online booking switched off to customers: 400 SERVICE_NOT_BOOKABLE', async () => {
    const offline = await createAppointmentService(server, {
      staffMemberIds: [staffB],
      name: 'Phone only',
      onlineBooking: false,
    });
    const error = await refusedWithoutWrites(() =>
      member('m-7').createBooking(appointment(offline, at(9, 10))),
    );
    expect([error.status, error.code]).toEqual([400, 'SERVICE_NOT_BOOKABLE']);
  });

  it('writes nothing of a multi-service booking when one part is bad input', async () => {
    const error = await refusedWithoutWrites(() =>
      member('m-8').createMultiServiceBooking({
        multiServiceBookingType: 'SEPARATE_BOOKINGS',
        bookings: [appointment(haircut, at(10, 10)), appointment(haircut, at(-1, 10))],
      }),
    );
    expect(error.code).toBe('SLOT_IN_THE_PAST');
  });

  it('writes nothing when a reschedule is bad input, and leaves the booking as it was', async () => {
    const booking = await member('m-9').createBooking(appointment(haircut, at(11, 10)));
    for (const [startDate, code] of [
      [at(-1, 10), 'SLOT_IN_THE_PAST'],
      [at(11, 12, 17), 'SLOT_NOT_AVAILABLE'],
    ] as const) {
      const error = await refusedWithoutWrites(() =>
        member('m-9').rescheduleBooking(booking.id, { slot: { serviceId: haircut, startDate } }),
      );
      expect(error.code).toBe(code);
    }
    const after = await member('m-9').getBooking(booking.id);
    expect([after.startDate.toISOString(), after.revision]).toEqual([at(11, 10), '1']);
  });
});
