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

// Extended bookings (both query paths, count, every attachment flag), attendance (single and bulk),
// booking fees and booking forms, through the SDK against the real server.
let server: LifecycleServer;
let staffA: string;
let haircut: string;
let feeService: string;

beforeAll(async () => {
  server = await startLifecycleServer();
  staffA = await createStaff(server, 'Ana');
  haircut = await createAppointmentService(server, { staffMemberIds: [staffA] });
  const feePolicy = await createPolicy(server, {
    cancellationFeePolicy: {
      enabled: true,
      cancellationWindows: [
        { percentage: '50', startInMinutes: 60 * 1440 },
        { amount: { value: '30.00', currency: 'USD' }, startInMinutes: 1440 },
      ],
    },
  });
  feeService = await createAppointmentService(server, {
    staffMemberIds: [await createStaff(server, 'Fia')],
    name: 'Massage',
    policyId: feePolicy,
    price: '80.00',
  });
}, 240_000);
afterAll(() => server?.close(), 60_000);

const owner = () => server.owner();
const member = (id: string) => server.member(id);

describe('extended bookings', () => {
  it('attaches allowed actions, attendance, form submission, policy and fee details on request', async () => {
    const booking = await member('m-ext').createBooking(appointment(feeService, at(3, 9)));
    const page = await member('m-ext')
      .queryExtendedBookings({
        withBookingAllowedActions: true,
        withBookingAttendanceInfo: true,
        withEcomOrder: true,
        withEcomInvoices: true,
        withEcomTransactions: true,
        withFormSubmission: true,
        withBookingConferencingDetails: true,
        withBookingPolicySettings: true,
        withBookingFeeDetails: true,
      })
      .find();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      booking: { id: booking.id },
      allowedActions: { cancel: true, reschedule: true, confirm: false, decline: false },
      attendance: null,
      attendanceInfo: { attendanceStatus: 'NOT_SET', numberOfAttendees: 0 },
      order: null,
      invoices: { invoices: [] },
      transactions: { payments: [], refunds: [] },
      formSubmission: { first_name: 'Ada', last_name: 'Tester', email: 'ada@example.com' },
      conferencingDetails: null,
      bookingPolicySettings: { cancellationFeeEnabled: true },
      bookingFeeDetails: {
        cancellationFee: {
          status: 'PREVIEW',
          trigger: 'BOOKING_CANCELED',
          amount: { value: '40.00', currency: 'USD' },
        },
      },
    });
    expect(page.items[0]!.booking.startDate).toBeInstanceOf(Date);
  });

  it('attaches nothing without the flags', async () => {
    const page = await member('m-ext').queryExtendedBookings().find();
    expect(Object.keys(page.items[0]!).sort()).toEqual(['booking']);
  });

  it('shows customers their own bookings only, and the business every booking; count agrees', async () => {
    await member('m-q1').createBooking(appointment(haircut, at(4, 9)));
    await member('m-q1').createBooking(appointment(haircut, at(4, 10)));
    await member('m-q2').createBooking(appointment(haircut, at(4, 11)));
    const mine = await member('m-q1').queryExtendedBookings().ascending('startDate').find();
    expect(mine.items.map((item) => item.booking.startDate.toISOString())).toEqual([at(4, 9), at(4, 10)]);
    expect(mine.totalCount).toBe(2);
    expect(await member('m-q1').countExtendedBookings()).toBe(2);
    expect(await member('m-q2').countExtendedBookings()).toBe(1);
    const all = await owner().countExtendedBookings();
    expect(all).toBeGreaterThanOrEqual(4);
    expect(await owner().countExtendedBookings({ 'bookedEntity.slot.serviceId': haircut })).toBe(3);
    const filtered = await owner()
      .queryExtendedBookings()
      .eq('bookedEntity.slot.serviceId', haircut)
      .ge('startDate', new Date(at(4, 10)))
      .descending('startDate')
      .find();
    expect(filtered.items.map((item) => item.booking.startDate.toISOString())).toEqual([
      at(4, 11),
      at(4, 10),
    ]);
  });

  it('pages with offset paging and refuses an unknown filter field', async () => {
    const first = await owner()
      .queryExtendedBookings()
      .eq('bookedEntity.slot.serviceId', haircut)
      .limit(2)
      .find();
    expect(first.items).toHaveLength(2);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items).toHaveLength(1);
    const error = await failure(owner().queryExtendedBookings().eq('secretColumn', 1).find());
    expect(error).toBeInstanceOf(InvalidArgumentError);
  });

  it("reflects the customer's policy windows in the allowed actions; the business may still act", async () => {
    const policy = await createPolicy(server, {
      cancellationPolicy: {
        enabled: true,
        limitLatestCancellation: true,
        latestCancellationInMinutes: 30 * 1440,
      },
      reschedulePolicy: { enabled: false },
    });
    const strict = await createAppointmentService(server, {
      staffMemberIds: [await createStaff(server, 'Gus')],
      name: 'Strict',
      policyId: policy,
    });
    const booking = await member('m-win').createBooking(appointment(strict, at(5, 9)));
    const [mine] = (await member('m-win').queryExtendedBookings({ withBookingAllowedActions: true }).find())
      .items;
    expect(mine!.allowedActions).toEqual({
      cancel: false,
      reschedule: false,
      confirm: false,
      decline: false,
    });
    // The answer matches what the calls do.
    await expectRefusal(member('m-win').cancelBooking(booking.id), 409, 'BOOKING_POLICY_VIOLATION');
    const business = await owner()
      .queryExtendedBookings({ withBookingAllowedActions: true })
      .eq('id', booking.id)
      .find();
    expect(business.items[0]!.allowedActions).toEqual({
      cancel: true,
      reschedule: true,
      confirm: false,
      decline: false,
    });
  });

  it('never offers to reschedule a course enrolment', async () => {
    const course = await createCourse(server, {
      capacity: 3,
      staffMemberId: await createStaff(server, 'Hal'),
    });
    await member('m-course').createBooking({
      bookedEntity: { schedule: { serviceId: course.serviceId, scheduleId: course.scheduleId } },
      contactDetails: contact('Ivy'),
      selectedPaymentOption: 'OFFLINE',
    });
    const [item] = (
      await member('m-course').queryExtendedBookings({ withBookingAllowedActions: true }).find()
    ).items;
    expect(item!.allowedActions).toMatchObject({ cancel: true, reschedule: false });
  });

  it('lists the bookings of one class session on the singular path (sessionId)', async () => {
    const yoga = await createClass(server, { capacity: 5, starts: [at(6, 18), at(7, 18)] });
    await member('m-s1').createBooking(appointment(yoga.serviceId, at(6, 18)));
    await member('m-s2').createBooking(appointment(yoga.serviceId, at(6, 18)));
    await member('m-s3').createBooking(appointment(yoga.serviceId, at(7, 18)));
    const session = await owner()
      .queryExtendedBooking({ sessionId: yoga.sessionIds[0], withBookingAttendanceInfo: true })
      .find();
    expect(session.items).toHaveLength(2);
    expect(session.items.every((item) => item.attendanceInfo?.attendanceStatus === 'NOT_SET')).toBe(true);
  });
});

describe('attendance', () => {
  it('sets attendance as the business, reads it back and shows it on extended bookings', async () => {
    const booking = await member('m-att').createBooking(
      appointment(haircut, at(8, 9), { totalParticipants: 1 }),
    );
    await expectRefusal(member('m-att').setAttendance({ bookingId: booking.id, status: 'ATTENDED' }), 403);
    const attendance = await owner().setAttendance({ bookingId: booking.id, status: 'ATTENDED' });
    expect(attendance).toMatchObject({ bookingId: booking.id, status: 'ATTENDED', numberOfAttendees: 1 });
    expect(attendance.createdDate).toBeInstanceOf(Date);
    expect((await owner().getAttendance(attendance.id)).status).toBe('ATTENDED');
    // Setting it again updates the same record.
    const reset = await owner().setAttendance({ bookingId: booking.id, status: 'NOT_SET' });
    expect(reset).toMatchObject({ id: attendance.id, status: 'NOT_SET', numberOfAttendees: 0 });
    const query = await owner().queryAttendance().eq('bookingId', booking.id).find();
    expect(query.items.map((item) => item.status)).toEqual(['NOT_SET']);
    const [extended] = (
      await owner().queryExtendedBookings({ withBookingAttendanceInfo: true }).eq('id', booking.id).find()
    ).items;
    expect(extended!.attendanceInfo).toEqual({ attendanceStatus: 'NOT_SET', numberOfAttendees: 0 });
  });

  it('refuses attendance for bookings that are not confirmed, and more attendees than participants', async () => {
    const pending = await member('m-att2').createBooking(
      appointment(haircut, at(8, 10), { selectedPaymentOption: 'ONLINE' }),
    );
    await expectRefusal(
      owner().setAttendance({ bookingId: pending.id, status: 'ATTENDED' }),
      409,
      'BOOKING_CANNOT_SET_ATTENDANCE_CREATED',
    );
    const confirmed = await member('m-att2').createBooking(appointment(haircut, at(8, 11)));
    const error = await failure(
      owner().setAttendance({ bookingId: confirmed.id, status: 'ATTENDED', numberOfAttendees: 3 }),
    );
    expect((error as InvalidArgumentError).fieldViolations[0]?.field).toBe('attendance.numberOfAttendees');
    await expectRefusal(
      owner().setAttendance({ bookingId: '00000000-0000-4000-8000-000000000000', status: 'ATTENDED' }),
      404,
      'BOOKING_NOT_FOUND',
    );
    expect(
      await server.count(`SELECT count(*)::int FROM bookings_attendance WHERE booking_id = $1`, [pending.id]),
    ).toBe(0);
  });

  it('sets attendance in bulk, each item on its own', async () => {
    const a = await member('m-bulk').createBooking(appointment(haircut, at(8, 13)));
    const b = await member('m-bulk').createBooking(appointment(haircut, at(8, 14)));
    const canceled = await member('m-bulk').createBooking(appointment(haircut, at(8, 15)));
    await member('m-bulk').cancelBooking(canceled.id);
    await expectRefusal(member('m-bulk').bulkSetAttendance([{ bookingId: a.id, status: 'ATTENDED' }]), 403);
    const result = await owner().bulkSetAttendance([
      { bookingId: a.id, status: 'ATTENDED' },
      { bookingId: b.id, status: 'NOT_ATTENDED' },
      { bookingId: canceled.id, status: 'ATTENDED' },
    ]);
    expect(result.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(result.results.map((entry) => entry.item?.status ?? entry.itemMetadata.error?.code)).toEqual([
      'ATTENDED',
      'NOT_ATTENDED',
      'BOOKING_CANNOT_SET_ATTENDANCE_CANCELED',
    ]);
  });
});

describe('attendance: count and delete', () => {
  it('counts by filter, deletes one record and several, and refuses customers and unknown ids', async () => {
    const a = await member('m-del').createBooking(appointment(haircut, at(8, 17)));
    const b = await member('m-del').createBooking(appointment(haircut, at(8, 18)));
    const c = await member('m-del').createBooking(appointment(haircut, at(8, 19)));
    const [first, second, third] = await Promise.all(
      [a, b, c].map((booking) => owner().setAttendance({ bookingId: booking.id, status: 'ATTENDED' })),
    );
    const ids = { $in: [a.id, b.id, c.id] };
    expect(await owner().countAttendance({ bookingId: ids })).toBe(3);
    await expectRefusal(member('m-del').countAttendance({ bookingId: ids }), 403);
    await expectRefusal(member('m-del').deleteAttendance(first!.id), 403);

    await owner().deleteAttendance(first!.id);
    await expectRefusal(owner().getAttendance(first!.id), 404, 'ATTENDANCE_NOT_FOUND');
    await expectRefusal(owner().deleteAttendance(first!.id), 404, 'ATTENDANCE_NOT_FOUND');
    expect(await owner().countAttendance({ bookingId: ids })).toBe(2);

    const bulk = await owner().bulkDeleteAttendance([second!.id, first!.id, third!.id]);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(bulk.results.map((entry) => entry.itemMetadata.success)).toEqual([true, false, true]);
    expect(await owner().countAttendance({ bookingId: ids })).toBe(0);
  });
});

describe('booking fees', () => {
  it('previews the fee of cancelling now, then records it when the customer cancels late', async () => {
    const booking = await member('m-fee').createBooking(appointment(feeService, at(9, 9)));
    const preview = await member('m-fee').listBookingFeesByBookingIds([booking.id]);
    expect(preview).toEqual([
      expect.objectContaining({
        bookingId: booking.id,
        status: 'PREVIEW',
        trigger: 'BOOKING_CANCELED',
        amount: { value: '40.00', currency: 'USD' },
      }),
    ]);
    await member('m-fee').cancelBooking(booking.id);
    const recorded = await member('m-fee').listBookingFeesByBookingIds([booking.id]);
    expect(recorded).toEqual([
      expect.objectContaining({ status: 'NOT_YET_APPLIED_TO_ORDER', trigger: 'BOOKING_CANCELED' }),
    ]);
    expect(recorded[0]!.amount).toEqual({ value: '40.00', currency: 'USD' });
    // The same fee as the official booking-fees client reads it.
    expect(recorded[0]!.cancellationFee).toEqual({
      price: { value: '40.00', currency: 'USD' },
      status: 'NOT_YET_APPLIED_TO_ORDER',
      trigger: 'BOOKING_CANCELED',
    });
    // Another customer sees nothing of it.
    expect(await member('m-other').listBookingFeesByBookingIds([booking.id])).toEqual([]);
  });

  it('charges nothing when the business cancels', async () => {
    const booking = await member('m-fee2').createBooking(appointment(feeService, at(9, 11)));
    await owner().cancelBooking(booking.id);
    expect(await owner().listBookingFeesByBookingIds([booking.id])).toEqual([]);
  });

  it('records a no-show fee (NOT_ATTENDED) from the window closest to the start, once', async () => {
    const booking = await member('m-fee3').createBooking(appointment(feeService, at(9, 13)));
    await owner().setAttendance({ bookingId: booking.id, status: 'NOT_ATTENDED' });
    await owner().setAttendance({ bookingId: booking.id, status: 'NOT_ATTENDED' });
    const fees = await owner().listBookingFeesByBookingIds([booking.id]);
    expect(fees).toEqual([
      expect.objectContaining({
        status: 'NOT_YET_APPLIED_TO_ORDER',
        trigger: 'NOT_ATTENDED',
        amount: { value: '30.00', currency: 'USD' },
      }),
    ]);
  });

  it('has no fee without a fee policy', async () => {
    const booking = await member('m-fee4').createBooking(appointment(haircut, at(9, 15)));
    expect(await member('m-fee4').listBookingFeesByBookingIds([booking.id])).toEqual([]);
  });
});

describe('booking forms and form submissions', () => {
  it('reads the default form that services without a form of their own name, with its limits', async () => {
    const form = await server.visitor().getBookingForm('00000000-0000-0000-0000-000000000000');
    expect(form.fields.map((field) => [field.name, field.required, field.maxLength])).toEqual([
      ['first_name', true, 200],
      ['last_name', false, 200],
      ['email', true, 254],
      ['phone', false, 50],
    ]);
    await expectRefusal(server.visitor().getBookingForm(crypto.randomUUID()), 404);
  });

  it("validates the service's own form (SHORT_TEXT, LONG_TEXT, CHECK_BOX) and stores the cleaned submission", async () => {
    const form = await owner().createBookingForm({
      name: 'Intake',
      fields: [
        { name: 'first_name', type: 'SHORT_TEXT', required: true },
        { name: 'email', type: 'SHORT_TEXT', required: true },
        { name: 'allergies', type: 'LONG_TEXT', maxLength: 50 },
        { name: 'waiver', type: 'CHECK_BOX', required: true },
      ],
    });
    expect((await server.visitor().getBookingForm(form.id)).fields.map((field) => field.type)).toEqual([
      'SHORT_TEXT',
      'SHORT_TEXT',
      'LONG_TEXT',
      'CHECK_BOX',
    ]);
    await expectRefusal(member('m-form').createBookingForm({ name: 'Mine', fields: [] }), 403);
    const service = await createAppointmentService(server, {
      staffMemberIds: [await createStaff(server, 'Jo')],
      name: 'With form',
      formId: form.id,
    });
    const before = await server.count(`SELECT count(*)::int FROM bookings_bookings WHERE service_id = $1`, [
      service,
    ]);
    const error = await failure(
      member('m-form').createBooking(appointment(service, at(10, 9)), {
        formSubmission: { allergies: 'x'.repeat(51), waiver: false, unknown: 'dropped' },
      }),
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const invalid = error as InvalidArgumentError;
    expect(invalid.status).toBe(400);
    expect(invalid.applicationError?.code).toBe('FORM_SUBMISSION_INVALID');
    expect(invalid.fieldViolations).toEqual([
      {
        field: 'formSubmission.allergies',
        description: 'must be at most 50 characters',
        violatedRule: 'MAX_LENGTH',
      },
      { field: 'formSubmission.waiver', description: 'must be checked', violatedRule: 'REQUIRED_FIELD' },
    ]);
    expect(
      await server.count(`SELECT count(*)::int FROM bookings_bookings WHERE service_id = $1`, [service]),
    ).toBe(before);

    const booking = await member('m-form').createBooking(appointment(service, at(10, 9)), {
      formSubmission: { allergies: 'none', waiver: true, unknown: 'dropped' },
    });
    const [extended] = (
      await member('m-form').queryExtendedBookings({ withFormSubmission: true }).eq('id', booking.id).find()
    ).items;
    expect(extended!.formSubmission).toEqual({
      first_name: 'Ada',
      email: 'ada@example.com',
      allergies: 'none',
      waiver: true,
    });
  });

  it('answers a missing required field of the default form with FORM_SUBMISSION_INVALID', async () => {
    const error = await failure(
      server
        .visitor()
        .createBooking(appointment(haircut, at(10, 12), { contactDetails: { firstName: 'Ann' } })),
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).applicationError).toMatchObject({
      code: 'FORM_SUBMISSION_INVALID',
      description: 'Invalid formSubmission.email: is required',
    });
    expect((error as InvalidArgumentError).fieldViolations.map((violation) => violation.field)).toEqual([
      'formSubmission.email',
    ]);
  });

  it('keeps plain request validation errors without an application code', async () => {
    const error = await failure(
      server.visitor().createBooking({ bookedEntity: {}, contactDetails: {} } as never),
    );
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).applicationError).toBeUndefined();
  });
});
