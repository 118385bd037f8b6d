import {
  bookingEventNames,
  type BookingStatus,
  type PaymentStatus,
} from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { forbidden, invalidField } from '../../../platform/errors/app-error.ts';
import { assertRevision, iso } from '../catalogue-shared.ts';
import { recordFee } from './booking-fees.ts';
import type { BookingHolds, Hold } from './booking-holds.ts';
import { notifyOf, type BookingNotifications } from './booking-notifications.ts';
import {
  confirmOrDeclineOutcome,
  holdsSlot,
  transition,
  withinCustomerWindow,
  type BookingAction,
} from './booking-state.ts';
import {
  assertFlowControl,
  assertOwnBooking,
  businessActions,
  isBusinessCaller,
  participantsOf,
} from './booking-wire.ts';
import type {
  BookingsCore,
  CancelRequest,
  ConfirmRequest,
  DeclineRequest,
  RescheduleRequest,
  UpdateParticipantsRequest,
} from './bookings.service.ts';
import type { BookingChanges } from './bookings.repository.ts';
import type { BookingRow } from './bookings.tables.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';
import type { PaymentHolds } from './payment-holds.ts';
import { removeBusy } from './slot-check.ts';

/** The changes to an existing booking, each inside the caller's transaction. */
export function createBookingTransitions(
  core: BookingsCore,
  parts: { holds: BookingHolds; notifications: BookingNotifications; paymentHolds: PaymentHolds },
) {
  const { repository, slots, loadFacts } = core;
  const {
    releaseHold,
    writeBusy,
    holdAppointment,
    insertOccupancySafely,
    occupancyOf,
    findSession,
    moveSpots,
    promoteWaitlist,
  } = parts.holds;
  const { afterChange } = parts.notifications;
  const { paymentHolds } = parts;

  /** Locks a booking the caller may act on and checks its revision and the transition. */
  async function lockForAction(
    ctx: RequestContext,
    id: string,
    action: BookingAction,
    revision: string | null | undefined,
    tx: Tx,
  ): Promise<{ row: BookingRow; to: BookingStatus }> {
    const row = await repository.lockById(ctx.site.id, id, tx);
    if (!row) throw lifecycleErrors.bookingNotFound(id);
    assertOwnBooking(ctx, row);
    if (businessActions.has(action) && !isBusinessCaller(ctx))
      throw forbidden(`Only the business can ${action} a booking`);
    assertRevision('Booking', row.id, revision, row.revision);
    const result = transition(row.status, action);
    if (!result.ok) throw lifecycleErrors.illegalTransition(id, action, row.status);
    return { row, to: result.to };
  }

  async function confirmInTransaction(
    ctx: RequestContext,
    id: string,
    request: ConfirmRequest,
    tx: Tx,
  ): Promise<BookingRow> {
    const { row, to } = await lockForAction(ctx, id, 'confirm', request.revision, tx);
    const doubleBooked = request.doubleBooked ?? row.doubleBooked;
    if (row.status === 'WAITING_LIST' && row.sessionKey) {
      const spotKey = { siteId: ctx.site.id, scheduleId: row.scheduleId, sessionKey: row.sessionKey };
      const spots = await repository.lockExistingSpots(spotKey, tx);
      if (spots && spots.booked + row.totalParticipants > spots.capacity && !doubleBooked) {
        throw lifecycleErrors.sessionFull(row.serviceId, iso(row.startDate));
      }
      await repository.adjustSpots(
        spotKey,
        { booked: row.totalParticipants, waitlisted: -row.totalParticipants },
        tx,
      );
    }
    if (doubleBooked !== row.doubleBooked)
      await repository.setOccupancyDoubleBooked(ctx.site.id, id, doubleBooked, tx);
    const changes: BookingChanges = {
      status: to,
      doubleBooked,
      ...(await paymentHolds.commit(ctx, row, tx)),
    };
    if (request.paymentStatus) changes.paymentStatus = request.paymentStatus;
    if (request.sendSmsReminder !== undefined && request.sendSmsReminder !== null) {
      changes.sendSmsReminder = request.sendSmsReminder;
    }
    const updated = await repository.update(ctx.site.id, id, changes, tx);
    if (row.status === 'WAITING_LIST') await writeBusy(ctx, updated, undefined, tx);
    await afterChange(
      ctx,
      tx,
      notifyOf(ctx, request, {
        event: bookingEventNames.confirmed,
        row: updated,
        mail: 'confirmation',
      }),
    );
    return updated;
  }

  async function declineInTransaction(
    ctx: RequestContext,
    id: string,
    request: DeclineRequest,
    tx: Tx,
  ): Promise<BookingRow> {
    const { row, to } = await lockForAction(ctx, id, 'decline', request.revision, tx);
    await releaseHold(ctx, row, tx);
    const changes: BookingChanges = { status: to, doubleBooked: request.doubleBooked ?? row.doubleBooked };
    if (request.paymentStatus) changes.paymentStatus = request.paymentStatus;
    const updated = await repository.update(ctx.site.id, id, changes, tx);
    await afterChange(
      ctx,
      tx,
      notifyOf(ctx, request, {
        event: bookingEventNames.declined,
        row: updated,
        mail: 'declined',
      }),
    );
    return updated;
  }

  async function cancelInTransaction(ctx: RequestContext, id: string, request: CancelRequest, tx: Tx) {
    assertFlowControl(ctx, request.flowControlSettings);
    const { row, to } = await lockForAction(ctx, id, 'cancel', request.revision, tx);
    const facts = await slots.loadService(ctx.site.id, row.serviceId, tx);
    const now = ctx.now().getTime();
    const business = isBusinessCaller(ctx);
    if (!business && facts) {
      const policy = facts.policy.cancellationPolicy;
      const window = {
        enabled: policy.enabled ?? true,
        latestMinutes: policy.limitLatestCancellation ? (policy.latestCancellationInMinutes ?? 0) : null,
      };
      if (!withinCustomerWindow(window, row.startDate.getTime(), now))
        throw lifecycleErrors.customerWindowClosed(id, 'cancel');
    }
    await releaseHold(ctx, row, tx);
    const updated = await repository.update(ctx.site.id, id, { status: to, canceledDate: new Date(now) }, tx);
    // Late-cancellation fees bind the customer's own cancellations, not the business's.
    if (!business && facts) await recordFee(repository, ctx, facts, updated, 'BOOKING_CANCELED', now, tx);
    await afterChange(
      ctx,
      tx,
      notifyOf(ctx, request, {
        event: bookingEventNames.canceled,
        row: updated,
        mail: 'canceled',
      }),
    );
    return updated;
  }

  async function rescheduleInTransaction(
    ctx: RequestContext,
    id: string,
    request: RescheduleRequest,
    tx: Tx,
  ): Promise<BookingRow> {
    assertFlowControl(ctx, request.flowControlSettings);
    const { row } = await lockForAction(ctx, id, 'reschedule', request.revision, tx);
    if (request.slot.serviceId !== row.serviceId) {
      throw lifecycleErrors.rescheduleToOtherService(id, row.serviceId, request.slot.serviceId);
    }
    if (row.serviceType === 'COURSE') throw lifecycleErrors.rescheduleCourse(id);
    const facts = await loadFacts(ctx, row.serviceId, tx);
    const business = isBusinessCaller(ctx);
    const flow = request.flowControlSettings;
    const now = ctx.now().getTime();
    if (!business) {
      const policy = facts.policy.reschedulePolicy;
      const window = {
        enabled: policy.enabled ?? true,
        latestMinutes: policy.limitLatestReschedule ? (policy.latestRescheduleInMinutes ?? 0) : null,
      };
      if (!withinCustomerWindow(window, row.startDate.getTime(), now)) {
        throw lifecycleErrors.customerWindowClosed(id, 'reschedule');
      }
    }
    const participants =
      request.totalParticipants ??
      (request.participantsChoices ? participantsOf(request) : row.totalParticipants);
    const max = facts.policy.participantsPolicy.maxParticipantsPerBooking ?? 1;
    const skipAvailability = business && flow?.skipAvailabilityValidation === true;
    const skipPolicy = business && (skipAvailability || flow?.ignoreBookingWindow === true);
    if (participants > max && !skipAvailability) throw lifecycleErrors.tooManyParticipants(max, participants);
    let hold: Omit<Hold, 'waitlisted'>;
    let doubleBooked = row.doubleBooked;
    if (facts.type === 'APPOINTMENT') {
      // Give up the old time first, so the new one may overlap it (moving by half an hour).
      await repository.deleteOccupancy(ctx.site.id, id, tx);
      await removeBusy(tx, ctx.site.id, id);
      hold = await holdAppointment(
        ctx,
        facts,
        request.slot,
        { skipAvailability, skipPolicy, excludeBookingId: id },
        tx,
      );
      doubleBooked = await insertOccupancySafely(
        ctx,
        id,
        occupancyOf(facts, hold, row.holdExpiresAt),
        skipAvailability,
        tx,
        () => lifecycleErrors.slotUnavailable(facts.row.id, iso(hold.start)),
      );
    } else if (facts.type === 'CLASS') {
      const session = await findSession(ctx, facts, request.slot, { skipAvailability, skipPolicy }, tx);
      await moveSpots(
        ctx,
        facts,
        row,
        { sessionKey: session.id, capacity: session.capacity, start: new Date(session.start) },
        participants,
        skipAvailability,
        tx,
      );
      await removeBusy(tx, ctx.site.id, id);
      hold = {
        start: new Date(session.start),
        end: new Date(session.end),
        staffMemberId: session.staffMemberId,
        resourceIds: [],
        sessionKey: session.id,
        overbooked: false,
      };
    } else {
      throw lifecycleErrors.rescheduleCourse(id);
    }
    const updated = await repository.update(
      ctx.site.id,
      id,
      {
        startDate: hold.start,
        endDate: hold.end,
        staffMemberId: hold.staffMemberId,
        resourceIds: hold.resourceIds,
        sessionKey: hold.sessionKey,
        timezone: request.slot.timezone ?? row.timezone,
        ...(request.slot.location ? { location: request.slot.location as Record<string, unknown> } : {}),
        totalParticipants: participants,
        ...(request.participantsChoices
          ? { participantsChoices: request.participantsChoices as Record<string, unknown> }
          : {}),
        doubleBooked,
      },
      tx,
    );
    await writeBusy(ctx, updated, facts, tx);
    await afterChange(
      ctx,
      tx,
      notifyOf(ctx, request, {
        event: bookingEventNames.rescheduled,
        row: updated,
        previous: row,
        mail: 'rescheduled',
      }),
    );
    return updated;
  }

  /**
   * A class or course booking follows its session to a new start and end (the site's time zone changed and the
   * session kept its local time): same session, same spots, the customer told of the new time.
   */
  async function followSessionInTransaction(
    ctx: RequestContext,
    row: BookingRow,
    times: { startDate: Date; endDate: Date },
    tx: Tx,
  ): Promise<BookingRow> {
    const updated = await repository.update(ctx.site.id, row.id, times, tx);
    await removeBusy(tx, ctx.site.id, row.id);
    await writeBusy(ctx, updated, await slots.loadService(ctx.site.id, row.serviceId, tx), tx);
    await afterChange(ctx, tx, {
      event: bookingEventNames.rescheduled,
      row: updated,
      previous: row,
      mail: 'rescheduled',
      notifyCustomer: true,
    });
    return updated;
  }

  async function updateParticipantsInTransaction(
    ctx: RequestContext,
    id: string,
    request: UpdateParticipantsRequest,
    tx: Tx,
  ): Promise<BookingRow> {
    const { row } = await lockForAction(ctx, id, 'updateParticipants', request.revision, tx);
    if (!request.totalParticipants && !request.participantsChoices) {
      throw invalidField(
        'totalParticipants',
        'give totalParticipants or participantsChoices',
        'REQUIRED_ONE_OF_FIELD',
      );
    }
    const participants = participantsOf(request);
    const facts = await loadFacts(ctx, row.serviceId, tx);
    const max = facts.policy.participantsPolicy.maxParticipantsPerBooking ?? 1;
    if (participants > max && !isBusinessCaller(ctx))
      throw lifecycleErrors.tooManyParticipants(max, participants);
    const delta = participants - row.totalParticipants;
    if (row.sessionKey && delta !== 0) {
      const spotKey = { siteId: ctx.site.id, scheduleId: row.scheduleId, sessionKey: row.sessionKey };
      const spots = await repository.lockExistingSpots(spotKey, tx);
      const waiting = row.status === 'WAITING_LIST';
      if (spots && delta > 0) {
        const full = waiting
          ? spots.waitlisted + delta > spots.waitlistCapacity
          : spots.booked + delta > spots.capacity;
        if (full) throw lifecycleErrors.sessionFull(row.serviceId, iso(row.startDate));
      }
      await repository.adjustSpots(
        spotKey,
        { booked: waiting ? 0 : delta, waitlisted: waiting ? delta : 0 },
        tx,
      );
      if (delta < 0 && !waiting) await promoteWaitlist(ctx, spotKey, tx);
    }
    const updated = await repository.update(
      ctx.site.id,
      id,
      {
        totalParticipants: participants,
        ...(request.participantsChoices
          ? { participantsChoices: request.participantsChoices as Record<string, unknown> }
          : {}),
      },
      tx,
    );
    await removeBusy(tx, ctx.site.id, id);
    await writeBusy(ctx, updated, facts, tx);
    await afterChange(ctx, tx, {
      event: bookingEventNames.participantsUpdated,
      row: updated,
      notifyCustomer: false,
    });
    return updated;
  }

  async function confirmOrDeclineInTransaction(
    ctx: RequestContext,
    id: string,
    paymentStatus: PaymentStatus | null | undefined,
    tx: Tx,
    /** Whom a confirmation or decline tells (the business's request shape); the pending mail always goes. */
    participantNotification?: ConfirmRequest['participantNotification'],
  ): Promise<BookingRow> {
    const row = await repository.lockById(ctx.site.id, id, tx);
    if (!row) throw lifecycleErrors.bookingNotFound(id);
    assertOwnBooking(ctx, row);
    const facts = await slots.loadService(ctx.site.id, row.serviceId, tx);
    const outcome = confirmOrDeclineOutcome({
      // A booking the business made over another one (doubleBooked: only skipAvailabilityValidation makes
      // one) is never declined: the official client documents that it is confirmed, or left pending for
      // approval, with doubleBooked kept. Only a booking that no longer holds its slot is declined.
      slotStillFree: holdsSlot(row.status),
      requiresApproval: facts?.requiresApproval ?? false,
    });
    const revision = String(row.revision);
    const request = { revision, paymentStatus, participantNotification };
    if (outcome === 'decline') return declineInTransaction(ctx, id, request, tx);
    if (outcome === 'confirm') return confirmInTransaction(ctx, id, request, tx);
    if (row.status === 'PENDING') {
      if (!paymentStatus) return row;
      // Paid while awaiting approval: the slot is held for good, as confirming would hold it.
      const held = await paymentHolds.commit(ctx, row, tx);
      return repository.update(ctx.site.id, id, { paymentStatus, ...held }, tx);
    }
    const { to } = await lockForAction(ctx, id, 'markAsPending', revision, tx);
    const updated = await repository.update(
      ctx.site.id,
      id,
      {
        status: to,
        ...(paymentStatus ? { paymentStatus } : {}),
        // Past CREATED the payment-hold sweep no longer looks at the booking: it keeps its slot for good.
        ...(await paymentHolds.commit(ctx, row, tx)),
      },
      tx,
    );
    await afterChange(ctx, tx, {
      event: bookingEventNames.updated,
      row: updated,
      mail: 'pending',
      notifyCustomer: true,
    });
    return updated;
  }

  return {
    lockForAction,
    confirmInTransaction,
    declineInTransaction,
    cancelInTransaction,
    rescheduleInTransaction,
    followSessionInTransaction,
    updateParticipantsInTransaction,
    confirmOrDeclineInTransaction,
  };
}
