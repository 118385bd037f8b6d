import { randomUUID } from 'node:crypto';
import { bookingEventNames, type CreateBookingRequest } from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { invalidField } from '../../../platform/errors/app-error.ts';
import { iso } from '../catalogue-shared.ts';
import { defaultFormFields, validateFormSubmission } from './booking-form.ts';
import type { BookingHolds } from './booking-holds.ts';
import { notifyOf, type BookingNotifications, type Change } from './booking-notifications.ts';
import { holdsSlot, initialStatus } from './booking-state.ts';
import { assertFlowControl, isBusinessCaller, participantsOf } from './booking-wire.ts';
import type { BookingsCore } from './bookings.service.ts';
import type { BookingRow, NewBookingRow } from './bookings.tables.ts';
import { isSlotConflict, lifecycleErrors } from './lifecycle.errors.ts';
import { paymentOf, type PaymentHolds } from './payment-holds.ts';
import { bookingBusyRows } from '../availability/index.ts';

function validateForm(ctx: RequestContext, fields: typeof defaultFormFields, request: CreateBookingRequest) {
  const { violations, values } = validateFormSubmission(
    fields,
    request.formSubmission ?? undefined,
    (request.booking.contactDetails ?? undefined) as Record<string, unknown> | undefined,
  );
  if (violations.length > 0) throw lifecycleErrors.formInvalid(violations);
  return values;
}

/** Booking creation (single, bulk and multi-service): the benchmarked path, see README.md. */
export function createBookingCreation(
  core: BookingsCore,
  parts: { holds: BookingHolds; notifications: BookingNotifications; paymentHolds: PaymentHolds },
) {
  const { repository } = core;
  const { holdFor, insertOccupancySafely, occupancyOf, writeBusy, busyEntriesOf } = parts.holds;
  const { afterChange, changeRows } = parts.notifications;
  const { paymentHolds } = parts;

  /** Creates one booking inside the caller's transaction (single, bulk and multi-service creation). */
  async function createInTransaction(
    ctx: RequestContext,
    request: CreateBookingRequest,
    tx: Tx,
    multiService?: { id: string; type: string },
  ): Promise<BookingRow> {
    const { booking } = request;
    const business = isBusinessCaller(ctx);
    const flow = request.flowControlSettings;
    assertFlowControl(ctx, flow);
    const serviceId = booking.bookedEntity.slot?.serviceId ?? booking.bookedEntity.schedule?.serviceId;
    if (!serviceId)
      throw invalidField('booking.bookedEntity', 'needs a slot or a schedule', 'REQUIRED_FIELD');
    // An appointment slot's calendar comes with the service when the slot names no staff member; a
    // malformed date is left to holdAppointment, which answers it as a 400 in its usual place.
    const slotStart = booking.bookedEntity.slot?.startDate
      ? Date.parse(booking.bookedEntity.slot.startDate)
      : Number.NaN;
    const prefetch =
      Number.isNaN(slotStart) || booking.bookedEntity.slot?.resource?.id ? undefined : { start: slotStart };
    const facts = await core.loadFacts(ctx, serviceId, tx, prefetch);
    if (!business && !facts.onlineBookingEnabled) {
      throw lifecycleErrors.serviceNotBookable(facts.row.id, 'online booking is switched off');
    }
    const participants = participantsOf(booking);
    const max = facts.policy.participantsPolicy.maxParticipantsPerBooking ?? 1;
    const skipLimits = business && flow?.skipAvailabilityValidation === true;
    if (participants > max && !skipLimits) throw lifecycleErrors.tooManyParticipants(max, participants);
    const formValues = validateForm(ctx, facts.formFields ?? defaultFormFields, request);
    const payment = paymentOf(business, facts, request);

    const hold = await holdFor(ctx, facts, request, participants, tx);
    const status = initialStatus({
      waitlisted: hold.waitlisted,
      awaitingPayment: payment.awaitingPayment,
      requiresApproval: facts.requiresApproval,
      skipBusinessConfirmation: business && flow?.skipBusinessConfirmation === true,
    });
    const id = randomUUID();
    const slotInput = booking.bookedEntity.slot;
    const holdExpiresAt = paymentHolds.expiryFor(ctx, status, payment.awaitingPayment);
    const values: NewBookingRow = {
      id,
      siteId: ctx.site.id,
      serviceId: facts.row.id,
      scheduleId: facts.row.scheduleId,
      serviceType: facts.type,
      title: facts.row.name,
      status,
      paymentStatus: payment.paymentStatus,
      selectedPaymentOption: payment.option,
      startDate: hold.start,
      endDate: hold.end,
      timezone: slotInput?.timezone ?? booking.bookedEntity.schedule?.timezone ?? ctx.site.timezone,
      staffMemberId: hold.staffMemberId,
      resourceIds: hold.resourceIds,
      sessionKey: hold.sessionKey,
      location: (slotInput?.location ?? booking.bookedEntity.schedule?.location ?? null) as Record<
        string,
        unknown
      > | null,
      contactDetails: (booking.contactDetails ?? null) as Record<string, unknown> | null,
      totalParticipants: participants,
      participantsChoices: (booking.participantsChoices ?? null) as Record<string, unknown> | null,
      formId: facts.formId,
      formSubmission: formValues,
      formSubmissionId: booking.formSubmissionId ?? null,
      externalUserId: booking.externalUserId ?? null,
      extendedFields: (booking.extendedFields?.namespaces ?? null) as BookingRow['extendedFields'],
      doubleBooked: hold.overbooked,
      sendSmsReminder: request.sendSmsReminder === true,
      multiServiceBookingId: multiService?.id ?? null,
      multiServiceBookingType: multiService?.type ?? null,
      createdByType: ctx.caller.identityType,
      createdById: ctx.caller.identityId ?? null,
      actor: business ? 'BUSINESS' : 'CUSTOMER',
      platform: booking.platform ?? 'WEB',
      ...(holdExpiresAt ? { holdExpiresAt } : {}),
    };
    const occupies = facts.type === 'APPOINTMENT' && holdsSlot(status);
    const mayDoubleBook = business && flow?.skipAvailabilityValidation === true;
    const change: Omit<Change, 'row'> = notifyOf(ctx, request, {
      event: bookingEventNames.created,
      mail:
        status === 'CONFIRMED'
          ? 'confirmation'
          : status === 'PENDING' || status === 'WAITING_LIST'
            ? 'pending'
            : undefined,
      staff: hold.staff,
    });
    let row: BookingRow;
    let rowsWritten = false;
    if (occupies && mayDoubleBook) {
      // The business may fall back to a double booking: the occupancy goes in under a savepoint.
      row = await repository.insert(values, tx);
      const doubleBooked = await insertOccupancySafely(
        ctx,
        id,
        occupancyOf(facts, hold, holdExpiresAt),
        true,
        tx,
        () => lifecycleErrors.slotUnavailable(facts.row.id, iso(hold.start)),
      );
      if (doubleBooked) row = await repository.update(ctx.site.id, id, { doubleBooked: true }, tx);
      await writeBusy(ctx, row, facts, tx);
    } else {
      // One statement for the booking, its occupancy and its busy time; a lost race on the occupancy's
      // EXCLUDE constraint fails it whole, and inTransaction turns that into a 409.
      const busy = busyEntriesOf(
        ctx,
        {
          id,
          status,
          serviceType: facts.type,
          totalParticipants: participants,
          staffMemberId: hold.staffMemberId,
          resourceIds: hold.resourceIds,
          startDate: hold.start,
          endDate: hold.end,
          sessionKey: hold.sessionKey,
          scheduleId: facts.row.scheduleId,
          holdExpiresAt: holdExpiresAt ?? null,
        },
        facts,
      );
      // The history entry and the mails ride along too: they read only what the insert writes (the
      // row as it will be stored, revision 1).
      const stored = { ...values, revision: 1 } as BookingRow;
      const alongside = await changeRows(ctx, tx, { ...change, row: stored });
      try {
        row = await repository.insertWithHolds(
          values,
          occupies ? occupancyOf(facts, hold, holdExpiresAt) : [],
          tx,
          [bookingBusyRows(busy), ...alongside],
          hold.staleHolds ? ctx.now() : undefined,
        );
      } catch (error) {
        if (isSlotConflict(error)) throw lifecycleErrors.slotUnavailable(facts.row.id, iso(hold.start));
        throw error;
      }
      rowsWritten = true;
    }
    await afterChange(ctx, tx, { ...change, row, rowsWritten });
    return row;
  }

  return { createInTransaction };
}
