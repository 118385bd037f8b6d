import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, as, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createClassService,
  createPolicy,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';

let t: TestApp;
let staffA: string;
let staffB: string;
let haircut: string;
const alice = customer('alice');
const bob = customer('bob');

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  staffA = await createStaff(t.app, 'Alex', 'alex@example.com');
  staffB = await createStaff(t.app, 'Bea', 'bea@example.com');
  haircut = await createAppointmentService(t.app, { staffMemberIds: [staffA] });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
  inject(t.app, { method: 'POST', url, headers, payload: payload as Record<string, unknown> });

async function countBookings(): Promise<number> {
  return (
    await ok<{ count: number }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/extended-bookings/count',
      headers: owner,
      payload: {},
    })
  ).count;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

async function outbox(kind: string): Promise<OutboxMail[]> {
  return (
    await ok<{ messages: OutboxMail[] }>(t.app, {
      method: 'GET',
      url: `/mail/v1/outbox?kind=${kind}&limit=100`,
      headers: owner,
    })
  ).messages;
}

describe('POST /bookings/v2/bookings', () => {
  it('confirms a customer appointment, derives the end from the service and mails both sides with an .ics', async () => {
    const start = futureSlot(3, 9);
    const booking = await book(t.app, alice, {
      ...bookingRequest(haircut, start),
      booking: {
        ...bookingRequest(haircut, start).booking,
        bookedEntity: { slot: { serviceId: haircut, startDate: start, endDate: futureSlot(3, 20) } },
      },
    });
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      revision: '1',
      totalParticipants: 1,
      paymentStatus: 'NOT_PAID',
    });
    expect(booking.endDate).toBe(new Date(Date.parse(start) + 3_600_000).toISOString());
    expect(booking.bookedEntity.slot?.resource?.id).toBe(staffA);
    const mail = (await outbox('bookings.confirmation')).find(
      (candidate) => candidate.to === 'ada@example.com' && candidate.text.includes(booking.id),
    );
    // The calendar file is an attachment, not part of the text.
    expect(mail?.text).not.toContain('BEGIN:VCALENDAR');
    expect(mail?.attachments).toEqual([
      {
        filename: 'booking.ics',
        contentType: 'text/calendar',
        content: expect.stringContaining('BEGIN:VCALENDAR'),
      },
    ]);
    expect(mail!.attachments[0]!.content).toContain(`UID:${booking.id}`);
    expect(mail!.attachments[0]!.content).toContain(
      `DTSTART:${start.replace(/[-:]/g, '').replace('.000', '')}`,
    );
    const business = (await outbox('bookings.business.confirmation')).find(
      (candidate) => candidate.to === 'alex@example.com' && candidate.text.includes(booking.id),
    );
    expect(business?.attachments.map((attachment) => attachment.filename)).toEqual(['booking.ics']);
  });

  it('answers 409 SLOT_NOT_AVAILABLE for a taken slot and writes nothing', async () => {
    const start = futureSlot(3, 11);
    await book(t.app, alice, bookingRequest(haircut, start));
    const before = await countBookings();
    expectError(
      await post('/bookings/v2/bookings', bob, bookingRequest(haircut, start)),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    expect(await countBookings()).toBe(before);
  });

  it('refuses a slot outside availability (off the grid) with 409', async () => {
    const start = new Date(Date.parse(futureSlot(3, 12)) + 7 * 60_000).toISOString();
    expectError(
      await post('/bookings/v2/bookings', alice, bookingRequest(haircut, start)),
      409,
      'SLOT_NOT_AVAILABLE',
    );
  });

  it('refuses a slot in the past with 400 SLOT_IN_THE_PAST', async () => {
    const before = await countBookings();
    expectError(
      await post('/bookings/v2/bookings', alice, bookingRequest(haircut, '2020-01-06T10:00:00.000Z')),
      400,
      'SLOT_IN_THE_PAST',
    );
    expect(await countBookings()).toBe(before);
  });

  it('refuses a slot past the policy limits with 400 BOOKING_POLICY_VIOLATION', async () => {
    const policy = await createPolicy(t.app, {
      limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 60 },
    });
    const service = await createAppointmentService(t.app, { staffMemberIds: [staffB], policyId: policy });
    expectError(
      await post('/bookings/v2/bookings', alice, bookingRequest(service, futureSlot(3, 10))),
      400,
      'BOOKING_POLICY_VIOLATION',
    );
    // The business may skip the check.
    const booking = await book(t.app, owner, {
      ...bookingRequest(service, futureSlot(3, 10)),
      flowControlSettings: { skipAvailabilityValidation: true },
    });
    expect(booking.status).toBe('CONFIRMED');
  });

  it('refuses more participants than the policy allows with 400 TOO_MANY_PARTICIPANTS', async () => {
    expectError(
      await post(
        '/bookings/v2/bookings',
        alice,
        bookingRequest(haircut, futureSlot(3, 13), { totalParticipants: 2 }),
      ),
      400,
      'TOO_MANY_PARTICIPANTS',
    );
  });

  it('refuses missing required form fields with 400 FORM_SUBMISSION_INVALID', async () => {
    const request = bookingRequest(haircut, futureSlot(3, 14));
    request.booking.contactDetails = { firstName: 'Ada' } as never;
    const before = await countBookings();
    const response = await post('/bookings/v2/bookings', alice, request);
    expectError(response, 400);
    expect(response.body.details.validationError.fieldViolations).toEqual([
      { field: 'formSubmission.email', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
    expect(await countBookings()).toBe(before);
  });

  it("validates the service's own form: a required CHECK_BOX must be checked", async () => {
    const form = await ok<{ form: { id: string } }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/booking-forms',
      headers: owner,
      payload: {
        form: {
          name: 'Waiver',
          fields: [
            { name: 'waiver', type: 'CHECK_BOX', required: true },
            { name: 'notes', type: 'LONG_TEXT' },
          ],
        },
      },
    });
    const service = await createAppointmentService(t.app, { staffMemberIds: [staffB], formId: form.form.id });
    const start = futureSlot(4, 10);
    const refused = await post('/bookings/v2/bookings', alice, {
      ...bookingRequest(service, start),
      formSubmission: { waiver: false },
    });
    expectError(refused, 400);
    expect(refused.body.details.validationError.fieldViolations[0].field).toBe('formSubmission.waiver');
    const booking = await book(t.app, alice, {
      ...bookingRequest(service, start),
      formSubmission: { waiver: true, notes: 'left-handed' },
    });
    expect(booking.status).toBe('CONFIRMED');
  });

  it('answers 404 SERVICE_NOT_FOUND for a deleted service and writes nothing', async () => {
    const service = await createAppointmentService(t.app, { staffMemberIds: [staffB] });
    await ok(t.app, { method: 'DELETE', url: `/bookings/v2/services/${service}`, headers: owner });
    const before = await countBookings();
    expectError(
      await post('/bookings/v2/bookings', alice, bookingRequest(service, futureSlot(5, 10))),
      404,
      'SERVICE_NOT_FOUND',
    );
    expect(await countBookings()).toBe(before);
  });

  it('refuses flowControlSettings from a customer with 403', async () => {
    expectError(
      await post('/bookings/v2/bookings', alice, {
        ...bookingRequest(haircut, futureSlot(5, 10)),
        flowControlSettings: { skipAvailabilityValidation: true },
      }),
      403,
    );
  });

  it('lets the business book over a taken slot, marked doubleBooked', async () => {
    const start = futureSlot(5, 11);
    await book(t.app, alice, bookingRequest(haircut, start));
    const second = await book(t.app, owner, {
      ...bookingRequest(haircut, start),
      flowControlSettings: { skipAvailabilityValidation: true },
    });
    expect(second.doubleBooked).toBe(true);
  });

  it('answers 400 with field violations for wrong types and 401 without credentials', async () => {
    const response = await post('/bookings/v2/bookings', alice, {
      booking: { bookedEntity: { slot: { serviceId: 'nope', startDate: 5 } } },
    });
    expectError(response, 400);
    expect(JSON.stringify(response.body)).toContain('booking.bookedEntity.slot.serviceId');
    expectError(await post('/bookings/v2/bookings', {}, bookingRequest(haircut, futureSlot(5, 12))), 401);
  });

  it('puts an approval service into PENDING and an unpaid online payment into CREATED', async () => {
    const approval = await createAppointmentService(t.app, { staffMemberIds: [staffB], approval: true });
    const pending = await book(t.app, alice, bookingRequest(approval, futureSlot(6, 10)));
    expect(pending.status).toBe('PENDING');
    const created = await book(
      t.app,
      alice,
      bookingRequest(haircut, futureSlot(6, 10), { selectedPaymentOption: 'ONLINE' }),
    );
    expect(created.status).toBe('CREATED');
    // Paying is the business's (or its payment record's) to record: the customer is refused.
    expectError(
      await post(`/bookings/v2/confirmation/${created.id}:confirmOrDecline`, alice, {
        paymentStatus: 'PAID',
      }),
      403,
    );
    const decided = await ok<{ booking: WireBooking }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/confirmation/${created.id}:confirmOrDecline`,
      headers: owner,
      payload: { paymentStatus: 'PAID' },
    });
    expect(decided.booking).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });
  });

  it('refuses a customer who chooses UNKNOWN_SELECTED_PAYMENT_OPTION; the business may', async () => {
    const refused = await post(
      '/bookings/v2/bookings',
      alice,
      bookingRequest(haircut, futureSlot(6, 12), {
        selectedPaymentOption: 'UNKNOWN_SELECTED_PAYMENT_OPTION',
      }),
    );
    expectError(refused, 400);
    expect(JSON.stringify(refused.body)).toContain('booking.selectedPaymentOption');
    const byOwner = await book(
      t.app,
      owner,
      bookingRequest(haircut, futureSlot(6, 12), {
        selectedPaymentOption: 'UNKNOWN_SELECTED_PAYMENT_OPTION',
      }),
    );
    expect(byOwner).toMatchObject({ selectedPaymentOption: 'UNKNOWN_SELECTED_PAYMENT_OPTION' });
  });
});

describe('POST /bookings/v2/bulk/bookings/create', () => {
  it('creates each item on its own and reports the failures', async () => {
    const start = futureSlot(7, 10);
    const body = await ok<{
      results: Array<{ itemMetadata: { success: boolean; error?: { code: string } } }>;
      bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
    }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/bulk/bookings/create',
      headers: owner,
      payload: { createBookingsInfo: [bookingRequest(haircut, start), bookingRequest(haircut, start)] },
    });
    expect(body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(body.results[1]!.itemMetadata.error?.code).toBe('SLOT_NOT_AVAILABLE');
  });
});

describe('confirm and decline', () => {
  let approval: string;
  beforeAll(async () => {
    approval = await createAppointmentService(t.app, { staffMemberIds: [staffB], approval: true });
  });

  it('confirms a PENDING booking as the business; a customer gets 403; confirming again is 409 BOOKING_CANNOT_CONFIRM_CONFIRMED', async () => {
    const booking = await book(t.app, alice, bookingRequest(approval, futureSlot(8, 10)));
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/confirm`, alice, { revision: booking.revision }),
      403,
    );
    const confirmed = await ok<{ booking: WireBooking }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/confirm`,
      headers: owner,
      payload: {
        revision: booking.revision,
        paymentStatus: 'PAID',
        participantNotification: { notifyParticipants: true },
      },
    });
    expect(confirmed.booking).toMatchObject({ status: 'CONFIRMED', revision: '2', paymentStatus: 'PAID' });
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/confirm`, owner, {}),
      409,
      'BOOKING_CANNOT_CONFIRM_CONFIRMED',
    );
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/decline`, owner, {}),
      409,
      'BOOKING_CANNOT_DECLINE_CONFIRMED',
    );
  });

  it('refuses a stale revision with 409 REVISION_MISMATCH and changes nothing', async () => {
    const booking = await book(t.app, alice, bookingRequest(approval, futureSlot(8, 12)));
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/confirm`, owner, { revision: '7' }),
      409,
      'REVISION_MISMATCH',
    );
    const after = await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${booking.id}`,
      headers: owner,
    });
    expect(after.booking).toMatchObject({ status: 'PENDING', revision: '1' });
  });

  it('declines a PENDING booking, records doubleBooked, frees the slot and refuses a second decline', async () => {
    const start = futureSlot(8, 14);
    const booking = await book(t.app, alice, bookingRequest(approval, start));
    const declined = await ok<{ booking: WireBooking }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/decline`,
      headers: owner,
      payload: { revision: booking.revision, doubleBooked: true },
    });
    expect(declined.booking).toMatchObject({ status: 'DECLINED', doubleBooked: true });
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/decline`, owner, {}),
      409,
      'BOOKING_CANNOT_DECLINE_DECLINED',
    );
    expect((await book(t.app, bob, bookingRequest(approval, start))).status).toBe('PENDING');
  });

  it('answers 404 for an unknown booking', async () => {
    expectError(
      await post('/bookings/v2/bookings/00000000-0000-4000-8000-000000000000/confirm', owner, {}),
      404,
      'BOOKING_NOT_FOUND',
    );
  });
});

describe('POST /bookings/v2/bookings/{id}/cancel', () => {
  it('lets a customer cancel their own booking, hides it from others, and refuses a second cancel', async () => {
    const start = futureSlot(9, 10);
    const booking = await book(t.app, alice, bookingRequest(haircut, start));
    expectError(await post(`/bookings/v2/bookings/${booking.id}/cancel`, bob, {}), 404);
    const canceled = await ok<{ booking: WireBooking & { canceledDate: string } }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/cancel`,
      headers: alice,
      payload: { revision: booking.revision },
    });
    expect(canceled.booking.status).toBe('CANCELED');
    expect(canceled.booking.canceledDate).toBeTruthy();
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/cancel`, alice, {}),
      409,
      'BOOKING_CANNOT_CANCEL_CANCELED',
    );
    // The slot is free again.
    expect((await book(t.app, bob, bookingRequest(haircut, start))).status).toBe('CONFIRMED');
  });

  it('keeps customers inside the cancellation window; the business may always cancel', async () => {
    const policy = await createPolicy(t.app, {
      cancellationPolicy: {
        enabled: true,
        limitLatestCancellation: true,
        latestCancellationInMinutes: 30 * 1440,
      },
    });
    const service = await createAppointmentService(t.app, { staffMemberIds: [staffB], policyId: policy });
    const booking = await book(t.app, alice, bookingRequest(service, futureSlot(9, 12)));
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/cancel`, alice, {}),
      409,
      'BOOKING_POLICY_VIOLATION',
    );
    expect(
      (
        await ok<{ booking: WireBooking }>(t.app, {
          method: 'POST',
          url: `/bookings/v2/bookings/${booking.id}/cancel`,
          headers: owner,
          payload: {},
        })
      ).booking.status,
    ).toBe('CANCELED');
  });

  it('records a late-cancellation fee from the policy and previews it before', async () => {
    const policy = await createPolicy(t.app, {
      cancellationFeePolicy: {
        enabled: true,
        cancellationWindows: [{ percentage: '50', startInMinutes: 30 * 1440 }],
      },
    });
    const service = await createAppointmentService(t.app, {
      staffMemberIds: [staffB],
      policyId: policy,
      price: '40.00',
    });
    const booking = await book(t.app, alice, bookingRequest(service, futureSlot(9, 14)));
    const preview = await ok<{ bookingFees: Array<{ status: string; amount: { value: string } }> }>(t.app, {
      method: 'POST',
      url: '/bookings/v1/booking-fees/list-by-booking-ids',
      headers: alice,
      payload: { bookingIds: [booking.id] },
    });
    expect(preview.bookingFees).toEqual([
      expect.objectContaining({
        status: 'PREVIEW',
        trigger: 'BOOKING_CANCELED',
        amount: { value: '20.00', currency: 'USD' },
      }),
    ]);
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/cancel`,
      headers: alice,
      payload: {},
    });
    const fees = await ok<{ bookingFees: Array<{ status: string }> }>(t.app, {
      method: 'POST',
      url: '/bookings/v1/booking-fees/list-by-booking-ids',
      headers: owner,
      payload: { bookingIds: [booking.id] },
    });
    expect(fees.bookingFees).toEqual([
      expect.objectContaining({
        status: 'NOT_YET_APPLIED_TO_ORDER',
        amount: { value: '20.00', currency: 'USD' },
      }),
    ]);
  });
});

describe('POST /bookings/v2/bookings/{id}/reschedule', () => {
  it('moves the booking (same id, next revision), frees the old slot and mails the customer', async () => {
    const from = futureSlot(10, 10);
    const to = futureSlot(10, 12);
    const booking = await book(t.app, alice, bookingRequest(haircut, from));
    const moved = await ok<{ booking: WireBooking }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/reschedule`,
      headers: alice,
      payload: { slot: { serviceId: haircut, startDate: to }, revision: booking.revision },
    });
    expect(moved.booking).toMatchObject({
      id: booking.id,
      revision: '2',
      startDate: to,
      status: 'CONFIRMED',
    });
    expect((await book(t.app, bob, bookingRequest(haircut, from))).status).toBe('CONFIRMED');
    expect((await outbox('bookings.rescheduled')).some((mail) => mail.text.includes(booking.id))).toBe(true);
  });

  it('refuses a taken slot with 409 and leaves the booking where it was', async () => {
    const mine = await book(t.app, alice, bookingRequest(haircut, futureSlot(10, 14)));
    const taken = futureSlot(10, 15);
    await book(t.app, bob, bookingRequest(haircut, taken));
    expectError(
      await post(`/bookings/v2/bookings/${mine.id}/reschedule`, alice, {
        slot: { serviceId: haircut, startDate: taken },
      }),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    const after = await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${mine.id}`,
      headers: alice,
    });
    expect(after.booking).toMatchObject({ startDate: mine.startDate, revision: '1' });
  });

  it('keeps customers inside the reschedule window and refuses canceled bookings', async () => {
    const policy = await createPolicy(t.app, {
      reschedulePolicy: { enabled: true, limitLatestReschedule: true, latestRescheduleInMinutes: 30 * 1440 },
    });
    const service = await createAppointmentService(t.app, { staffMemberIds: [staffB], policyId: policy });
    const booking = await book(t.app, alice, bookingRequest(service, futureSlot(10, 16)));
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/reschedule`, alice, {
        slot: { serviceId: service, startDate: futureSlot(11, 16) },
      }),
      409,
      'BOOKING_POLICY_VIOLATION',
    );
    const moved = await ok<{ booking: WireBooking }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/reschedule`,
      headers: owner,
      payload: { slot: { serviceId: service, startDate: futureSlot(11, 16) } },
    });
    expect(moved.booking.startDate).toBe(futureSlot(11, 16));
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/cancel`,
      headers: owner,
      payload: {},
    });
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/reschedule`, owner, {
        slot: { serviceId: service, startDate: futureSlot(12, 16) },
      }),
      409,
      'BOOKING_CANNOT_RESCHEDULE_CANCELED',
    );
  });
});

describe('participants, submission id, extended fields', () => {
  it('updates the number of participants within the policy', async () => {
    const policy = await createPolicy(t.app, { participantsPolicy: { maxParticipantsPerBooking: 3 } });
    const service = await createAppointmentService(t.app, { staffMemberIds: [staffB], policyId: policy });
    const booking = await book(t.app, alice, bookingRequest(service, futureSlot(12, 10)));
    const updated = await ok<{ booking: WireBooking }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/update_number_of_participants`,
      headers: alice,
      payload: { totalParticipants: 3, revision: '1' },
    });
    expect(updated.booking).toMatchObject({ totalParticipants: 3, revision: '2' });
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/update_number_of_participants`, alice, {
        totalParticipants: 4,
      }),
      400,
      'TOO_MANY_PARTICIPANTS',
    );
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/update_number_of_participants`, alice, {
        totalParticipants: 2,
        revision: '1',
      }),
      409,
      'REVISION_MISMATCH',
    );
  });

  it('sets the submission id and extended fields (the latter business only)', async () => {
    const booking = await book(t.app, alice, bookingRequest(haircut, futureSlot(12, 12)));
    const withSubmission = await ok<{ booking: WireBooking & { formSubmissionId: string } }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/set-booking-submission-id`,
      headers: alice,
      payload: { submissionId: 'sub-1' },
    });
    expect(withSubmission.booking.formSubmissionId).toBe('sub-1');
    expectError(
      await post(`/bookings/v2/bookings/${booking.id}/update_extended_fields`, alice, {
        namespace: 'crm',
        namespaceData: { data: { vip: true } },
      }),
      403,
    );
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/update_extended_fields`,
      headers: owner,
      payload: { namespace: 'crm', namespaceData: { data: { vip: true } } },
    });
    const after = await ok<{ booking: { extendedFields: unknown } }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${booking.id}`,
      headers: owner,
    });
    expect(after.booking.extendedFields).toEqual({ namespaces: { crm: { vip: true } } });
  });

  it('confirms or declines in bulk', async () => {
    const a = await book(
      t.app,
      alice,
      bookingRequest(haircut, futureSlot(12, 14), { selectedPaymentOption: 'ONLINE' }),
    );
    const body = await ok<{ results: Array<{ item?: WireBooking; itemMetadata: { success: boolean } }> }>(
      t.app,
      {
        method: 'POST',
        url: '/bookings/v2/bulk/bookings/confirmOrDecline',
        headers: owner,
        payload: {
          details: [
            { bookingId: a.id, paymentStatus: 'PAID' },
            { bookingId: '00000000-0000-4000-8000-000000000000' },
          ],
        },
      },
    );
    expect(body.results[0]!.item?.status).toBe('CONFIRMED');
    expect(body.results[1]!.itemMetadata.success).toBe(false);
  });
});

describe('classes, waitlist and courses', () => {
  it('fills a class to capacity, waitlists, refuses a full waitlist and promotes first in first served', async () => {
    const policy = await createPolicy(t.app, {
      waitlistPolicy: { enabled: true, capacity: 2 },
      participantsPolicy: { maxParticipantsPerBooking: 2 },
    });
    const yoga = await createClassService(t.app, {
      capacity: 2,
      policyId: policy,
      start: futureSlot(14, 18),
    });
    const slot = { serviceId: yoga.serviceId, startDate: yoga.start, sessionId: yoga.sessionId };
    const first = await book(t.app, alice, {
      ...bookingRequest(yoga.serviceId, yoga.start),
      booking: { ...bookingRequest(yoga.serviceId, yoga.start).booking, bookedEntity: { slot } },
    });
    const second = await book(t.app, bob, bookingRequest(yoga.serviceId, yoga.start));
    const waiting = await book(t.app, customer('carol'), bookingRequest(yoga.serviceId, yoga.start));
    const waiting2 = await book(t.app, customer('dan'), bookingRequest(yoga.serviceId, yoga.start));
    expect([first.status, second.status, waiting.status, waiting2.status]).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'WAITING_LIST',
      'WAITING_LIST',
    ]);
    expectError(
      await post('/bookings/v2/bookings', customer('erin'), bookingRequest(yoga.serviceId, yoga.start)),
      409,
      'WAITLIST_FULL',
    );
    expectError(
      await post(`/bookings/v2/bookings/${waiting.id}/reschedule`, owner, { slot }),
      409,
      'BOOKING_CANNOT_RESCHEDULE_WAITING_LIST',
    );
    await ok(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${first.id}/cancel`,
      headers: alice,
      payload: {},
    });
    const promoted = await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${waiting.id}`,
      headers: owner,
    });
    const still = await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${waiting2.id}`,
      headers: owner,
    });
    expect(promoted.booking.status).toBe('CONFIRMED');
    expect(still.booking.status).toBe('WAITING_LIST');
  });

  it('answers 409 SESSION_CAPACITY_EXCEEDED for a full class without a waitlist', async () => {
    const yoga = await createClassService(t.app, { capacity: 1, start: futureSlot(14, 20) });
    await book(t.app, alice, bookingRequest(yoga.serviceId, yoga.start));
    expectError(
      await post('/bookings/v2/bookings', bob, bookingRequest(yoga.serviceId, yoga.start)),
      409,
      'SESSION_CAPACITY_EXCEEDED',
    );
  });

  it('enrols in a course by schedule', async () => {
    const course = await createClassService(t.app, { capacity: 5, start: futureSlot(15, 9), type: 'COURSE' });
    const booking = await book(t.app, alice, {
      booking: {
        bookedEntity: { schedule: { serviceId: course.serviceId } },
        contactDetails: { firstName: 'Ada', email: 'ada@example.com' },
      },
    });
    expect(booking).toMatchObject({ status: 'CONFIRMED', startDate: course.start });
  });

  it('does not let a course enrolment block appointments of other staff during the course', async () => {
    const start = futureSlot(17, 9);
    const course = await createClassService(t.app, { capacity: 5, start, type: 'COURSE' });
    await book(t.app, alice, {
      booking: {
        bookedEntity: { schedule: { serviceId: course.serviceId } },
        contactDetails: { firstName: 'Ada', email: 'ada@example.com' },
      },
    });
    const appointment = await book(t.app, customer('bob'), bookingRequest(haircut, start));
    expect(appointment.status).toBe('CONFIRMED');
  });
});

describe('multi-service bookings', () => {
  let beard: string;
  beforeAll(async () => {
    beard = await createAppointmentService(t.app, { staffMemberIds: [staffB], minutes: 30 });
  });

  it('books back to back all or nothing, and runs every call on the group', async () => {
    const first = futureSlot(16, 10);
    const second = new Date(Date.parse(first) + 3_600_000).toISOString();
    const request = (start2: string) => ({
      multiServiceBookingType: 'SEQUENTIAL_BOOKINGS',
      bookings: [bookingRequest(haircut, first).booking, bookingRequest(beard, start2).booking],
    });
    const bad = await post('/bookings/v2/multi_service_bookings', alice, request(futureSlot(16, 14)));
    expectError(bad, 400, 'MULTI_SERVICE_SLOTS_MISMATCH');
    const before = await countBookings();
    const created = await ok<{
      multiServiceBooking: {
        id: string;
        bookings: Array<{ booking: WireBooking & { multiServiceBookingInfo: { type: string } } }>;
      };
    }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/multi_service_bookings',
      headers: alice,
      payload: request(second),
    });
    const msb = created.multiServiceBooking;
    expect(msb.bookings).toHaveLength(2);
    expect(msb.bookings[0]!.booking.multiServiceBookingInfo.type).toBe('SEQUENTIAL_BOOKINGS');
    expect(await countBookings()).toBe(before + 2);
    // The first part's slot is now taken: a second group fails entirely.
    const beardElsewhere = futureSlot(16, 15);
    expectError(
      await post('/bookings/v2/multi_service_bookings', bob, {
        multiServiceBookingType: 'SEPARATE_BOOKINGS',
        bookings: [bookingRequest(beard, beardElsewhere).booking, bookingRequest(haircut, first).booking],
      }),
      409,
    );
    expect(await countBookings()).toBe(before + 2);
    expect((await book(t.app, bob, bookingRequest(beard, beardElsewhere))).status).toBe('CONFIRMED');

    const got = await ok<{ multiServiceBooking: { id: string } }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/multi_service_bookings/${msb.id}`,
      headers: alice,
    });
    expect(got.multiServiceBooking.id).toBe(msb.id);
    expect(
      await ok(t.app, {
        method: 'POST',
        url: `/bookings/v2/multi_service_bookings/${msb.id}/get_availability`,
        headers: alice,
        payload: {},
      }),
    ).toMatchObject({ bookable: true });
    const actions = await ok<{ results: Array<{ item: { cancel: boolean; confirm: boolean } }> }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/bulk/multi_service_bookings/get_allowed_actions',
      headers: alice,
      payload: { multiServiceBookingIds: [msb.id] },
    });
    expect(actions.results[0]!.item).toMatchObject({ cancel: true, confirm: false });
    const third = futureSlot(17, 10);
    const moved = await ok<{ multiServiceBooking: { bookings: Array<{ booking: WireBooking }> } }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/multi_service_bookings/${msb.id}/reschedule`,
      headers: alice,
      payload: {
        rescheduleBookingsInfo: [
          { bookingId: msb.bookings[0]!.booking.id, slot: { serviceId: haircut, startDate: third } },
          {
            bookingId: msb.bookings[1]!.booking.id,
            slot: { serviceId: beard, startDate: new Date(Date.parse(third) + 3_600_000).toISOString() },
          },
        ],
      },
    });
    expect(moved.multiServiceBooking.bookings.map((entry) => entry.booking.startDate)[0]).toBe(third);
    const removed = await ok<{ multiServiceBooking: { bookings: unknown[] } }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/multi_service_bookings/remove_bookings_from_multi_service_booking',
      headers: alice,
      payload: { multiServiceBookingId: msb.id, bookings: [{ bookingId: msb.bookings[1]!.booking.id }] },
    });
    expect(removed.multiServiceBooking.bookings).toHaveLength(1);
    const added = await ok<{ multiServiceBooking: { bookings: unknown[] } }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/multi_service_bookings/add_bookings_to_multi_service_booking',
      headers: alice,
      payload: { multiServiceBookingId: msb.id, bookings: [{ bookingId: msb.bookings[1]!.booking.id }] },
    });
    expect(added.multiServiceBooking.bookings).toHaveLength(2);
    expectError(await post(`/bookings/v2/multi_service_bookings/${msb.id}/confirm`, alice, {}), 403);
    expectError(await post(`/bookings/v2/multi_service_bookings/${msb.id}/mark_as_pending`, alice, {}), 403);
    expectError(
      await post(`/bookings/v2/multi_service_bookings/${msb.id}/mark_as_pending`, owner, {}),
      409,
      'BOOKING_CANNOT_MARK_AS_PENDING_CONFIRMED',
    );
    const canceled = await ok<{ multiServiceBooking: { bookings: Array<{ booking: WireBooking }> } }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/multi_service_bookings/${msb.id}/cancel`,
      headers: alice,
      payload: {},
    });
    expect(canceled.multiServiceBooking.bookings.map((entry) => entry.booking.status)).toEqual([
      'CANCELED',
      'CANCELED',
    ]);
    expectError(
      await post(`/bookings/v2/multi_service_bookings/${msb.id}/decline`, owner, {}),
      409,
      'BOOKING_CANNOT_DECLINE_CANCELED',
    );
  });

  it('marks a CREATED group as pending, then the business confirms it', async () => {
    const start = futureSlot(18, 10);
    const created = await ok<{
      multiServiceBooking: { id: string; bookings: Array<{ booking: WireBooking }> };
    }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/multi_service_bookings',
      headers: alice,
      payload: {
        multiServiceBookingType: 'PARALLEL_BOOKINGS',
        bookings: [
          bookingRequest(haircut, start, { selectedPaymentOption: 'ONLINE' }).booking,
          bookingRequest(beard, start, { selectedPaymentOption: 'ONLINE' }).booking,
        ],
      },
    });
    const id = created.multiServiceBooking.id;
    expect(created.multiServiceBooking.bookings.map((entry) => entry.booking.status)).toEqual([
      'CREATED',
      'CREATED',
    ]);
    const pending = await ok<{ multiServiceBooking: { bookings: Array<{ booking: WireBooking }> } }>(t.app, {
      method: 'POST',
      url: `/bookings/v2/multi_service_bookings/${id}/mark_as_pending`,
      headers: owner,
      payload: {},
    });
    expect(pending.multiServiceBooking.bookings.map((entry) => entry.booking.status)).toEqual([
      'PENDING',
      'PENDING',
    ]);
    const confirmed = await ok<{ multiServiceBooking: { bookings: Array<{ booking: WireBooking }> } }>(
      t.app,
      {
        method: 'POST',
        url: `/bookings/v2/multi_service_bookings/${id}/confirm`,
        headers: owner,
        payload: {},
      },
    );
    expect(confirmed.multiServiceBooking.bookings.map((entry) => entry.booking.status)).toEqual([
      'CONFIRMED',
      'CONFIRMED',
    ]);
    expectError(
      await post(
        '/bookings/v2/multi_service_bookings/00000000-0000-4000-8000-000000000000/cancel',
        alice,
        {},
      ),
      404,
    );
  });
});

describe('extended bookings and attendance', () => {
  it('queries with attachments; customers see only their own; commerce attachments are empty', async () => {
    const mine = await book(t.app, customer('frank'), bookingRequest(haircut, futureSlot(19, 10)));
    const query = {
      query: { filter: { status: 'CONFIRMED' } },
      withBookingAllowedActions: true,
      withBookingAttendanceInfo: true,
      withEcomOrder: true,
      withEcomInvoices: true,
      withEcomTransactions: true,
      withFormSubmission: true,
      withBookingPolicySettings: true,
      withBookingFeeDetails: true,
    };
    const own = await ok<{
      extendedBookings: Array<Record<string, unknown> & { booking: WireBooking }>;
      pagingMetadata: { total: number };
    }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/extended-bookings/query',
      headers: customer('frank'),
      payload: query,
    });
    expect(own.extendedBookings.map((entry) => entry.booking.id)).toEqual([mine.id]);
    expect(own.extendedBookings[0]).toMatchObject({
      allowedActions: { cancel: true, reschedule: true },
      attendanceInfo: { attendanceStatus: 'NOT_SET' },
      order: null,
      invoices: { invoices: [] },
      transactions: { payments: [], refunds: [] },
      formSubmission: { first_name: 'Ada', email: 'ada@example.com' },
    });
    const all = await ok<{ pagingMetadata: { total: number } }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/extended-booking/query',
      headers: owner,
      payload: { query: {} },
    });
    expect(all.pagingMetadata.total).toBeGreaterThan(1);
    expectError(
      await post('/bookings/v2/extended-bookings/query', owner, { query: { filter: { secret: 1 } } }),
      400,
    );
  });

  it('sets attendance (business only), records a no-show fee, and refuses pending bookings', async () => {
    const policy = await createPolicy(t.app, {
      cancellationFeePolicy: {
        enabled: true,
        cancellationWindows: [{ amount: { value: '5.00', currency: 'USD' }, startInMinutes: 60 }],
      },
    });
    const service = await createAppointmentService(t.app, { staffMemberIds: [staffB], policyId: policy });
    const booking = await book(t.app, alice, bookingRequest(service, futureSlot(20, 10)));
    expectError(
      await post('/bookings/v2/attendance', alice, {
        attendance: { bookingId: booking.id, status: 'ATTENDED' },
      }),
      403,
    );
    const set = await ok<{ attendance: { id: string; status: string; numberOfAttendees: number } }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/attendance',
      headers: owner,
      payload: { attendance: { bookingId: booking.id, status: 'NOT_ATTENDED' } },
    });
    expect(set.attendance).toMatchObject({ status: 'NOT_ATTENDED', numberOfAttendees: 0 });
    const got = await ok<{ attendance: { id: string } }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/attendance/${set.attendance.id}`,
      headers: owner,
    });
    expect(got.attendance.id).toBe(set.attendance.id);
    const fees = await ok<{ bookingFees: Array<{ trigger: string; amount: { value: string } }> }>(t.app, {
      method: 'POST',
      url: '/bookings/v1/booking-fees/list-by-booking-ids',
      headers: owner,
      payload: { bookingIds: [booking.id] },
    });
    expect(fees.bookingFees).toEqual([
      expect.objectContaining({ trigger: 'NOT_ATTENDED', amount: { value: '5.00', currency: 'USD' } }),
    ]);
    const approval = await createAppointmentService(t.app, { staffMemberIds: [staffB], approval: true });
    const pending = await book(t.app, alice, bookingRequest(approval, futureSlot(20, 12)));
    const bulk = await ok<{
      results: Array<{ itemMetadata: { success: boolean; error?: { code: string } } }>;
      bulkActionMetadata: { totalSuccesses: number };
    }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/bulk/attendance',
      headers: owner,
      payload: {
        attendanceList: [
          { bookingId: booking.id, status: 'ATTENDED' },
          { bookingId: pending.id, status: 'ATTENDED' },
        ],
      },
    });
    expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
    expect(bulk.results[1]!.itemMetadata.error?.code).toBe('BOOKING_CANNOT_SET_ATTENDANCE_PENDING');
    const queried = await ok<{ attendances: Array<{ status: string }> }>(t.app, {
      method: 'POST',
      url: '/bookings/v2/attendance/query',
      headers: owner,
      payload: { query: { filter: { bookingId: booking.id } } },
    });
    expect(queried.attendances).toEqual([expect.objectContaining({ status: 'ATTENDED' })]);
  });
});

describe('reminders', () => {
  const hour = 3_600_000;
  const remindersOf = async (id: string) =>
    (await outbox('bookings.reminder')).filter((mail) => mail.text.includes(id));

  it('sends one reminder a day before a confirmed booking, once its time has come, and never twice', async () => {
    const booking = await book(t.app, alice, bookingRequest(haircut, futureSlot(21, 10)));
    const start = Date.parse(booking.startDate);
    await t.app.timed.sendDueReminders(new Date(start - 25 * hour));
    expect(await remindersOf(booking.id)).toHaveLength(0);
    expect(await t.app.timed.sendDueReminders(new Date(start - 23 * hour))).toBeGreaterThanOrEqual(1);
    const [reminder] = await remindersOf(booking.id);
    expect(reminder).toMatchObject({ to: 'ada@example.com' });
    await t.app.timed.sendDueReminders(new Date(start - 22 * hour));
    expect(await remindersOf(booking.id)).toHaveLength(1);
    // The reminder is not a change of the booking: its revision stays.
    const read = await ok<{ booking: WireBooking }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${booking.id}`,
      headers: alice,
    });
    expect(read.booking.revision).toBe(booking.revision);
  });

  it('also texts the customer when the booking asked for an SMS reminder', async () => {
    const booking = await book(t.app, alice, {
      ...bookingRequest(haircut, futureSlot(24, 10)),
      sendSmsReminder: true,
    });
    await t.app.timed.sendDueReminders(new Date(Date.parse(booking.startDate) - 23 * hour));
    expect(t.app.timed.sentSms.filter((sms) => sms.text.includes(booking.startDate))).toEqual([
      expect.objectContaining({ to: '+44 20 7946 0000' }),
    ]);
  });

  it('reminds a rescheduled booking again for its new start, and never a canceled one', async () => {
    const moved = await book(t.app, alice, bookingRequest(haircut, futureSlot(22, 10)));
    const canceled = await book(t.app, bob, bookingRequest(haircut, futureSlot(22, 12)));
    const firstStart = Date.parse(moved.startDate);
    await t.app.timed.sendDueReminders(new Date(firstStart - 23 * hour));
    expect(await remindersOf(moved.id)).toHaveLength(1);
    const to = futureSlot(23, 10);
    expect(
      (
        await post(`/bookings/v2/bookings/${moved.id}/reschedule`, alice, {
          slot: { serviceId: haircut, startDate: to },
          revision: moved.revision,
        })
      ).status,
    ).toBe(200);
    expect((await post(`/bookings/v2/bookings/${canceled.id}/cancel`, bob, {})).status).toBe(200);
    await t.app.timed.sendDueReminders(new Date(Date.parse(to) - 23 * hour));
    expect(await remindersOf(moved.id)).toHaveLength(2);
    expect(await remindersOf(canceled.id)).toHaveLength(0);
  });

  it('sends none for a booking made after its reminder time', async () => {
    // A half hour 22.5 to 23.5 hours from now: inside the day before it already.
    const soon = new Date();
    soon.setUTCHours(soon.getUTCHours() + 23, 30, 0, 0);
    const booking = await book(t.app, alice, bookingRequest(haircut, soon.toISOString()));
    await t.app.timed.sendDueReminders(new Date(Date.now() + 60_000));
    expect(await remindersOf(booking.id)).toHaveLength(0);
  });
});

describe('access', () => {
  it('lets an anonymous visitor book and nobody else see it', async () => {
    const visitor = as('ANONYMOUS_VISITOR:visitor-1');
    const booking = await book(t.app, visitor, bookingRequest(haircut, futureSlot(22, 10)));
    expect(
      (
        await ok<{ booking: WireBooking }>(t.app, {
          method: 'GET',
          url: `/bookings/v2/bookings/${booking.id}`,
          headers: visitor,
        })
      ).booking.id,
    ).toBe(booking.id);
    expectError(
      await inject(t.app, { method: 'GET', url: `/bookings/v2/bookings/${booking.id}`, headers: alice }),
      404,
    );
  });
});
