import { randomUUID } from 'node:crypto';
import {
  bookingEventNames,
  bookingErrorCodes,
  type Booking,
  type BookingStatus,
  type CreateBookingRequest,
  type FlowControlSettings,
  type PaymentStatus,
} from '@atrium/contract/bookings-lifecycle';
import type { z } from 'zod';
import type {
  cancelBookingRequestSchema,
  confirmBookingRequestSchema,
  declineBookingRequestSchema,
  rescheduleBookingRequestSchema,
  updateNumberOfParticipantsRequestSchema,
  updateExtendedFieldsRequestSchema,
} from '@atrium/contract/bookings-lifecycle';
import type { Site } from '@atrium/contract/sites';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../../platform/context.ts';
import type { Database, Tx } from '../../../platform/db/database.ts';
import { AppError, forbidden, invalidField } from '../../../platform/errors/app-error.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { MailService } from '../../../platform/mail/mail.service.ts';
import { assertRevision, iso } from '../catalog-shared.ts';
import { createStaffRepository } from '../staff.repository.ts';
import { createBookingHistoryRepository } from './booking-history.repository.ts';
import { historyEntryOf } from './booking-history.service.ts';
import { policyViolations, violatesPolicy } from '../availability/booking-policy.ts';
import type { PolicyViolations } from '../availability/availability.types.ts';
import { defaultFormFields, defaultFormId, validateFormSubmission } from './booking-form.ts';
import { bookingPrice, cancellationFee, type FeeWindow } from './booking-fees.ts';
import {
  confirmOrDeclineOutcome,
  holdsSlot,
  initialStatus,
  transition,
  withinCustomerWindow,
  type BookingAction,
} from './booking-state.ts';
import type { BookingChanges, BookingsRepository, OccupancyInput, RowsOf } from './bookings.repository.ts';
import type { BookingRow, NewBookingRow } from './bookings.tables.ts';
import { isSlotConflict, lifecycleErrors } from './lifecycle.errors.ts';
import {
  bookingMails,
  enqueueBookingMails,
  outgoingBookingMails,
  type BookingMailKind,
  type SmsSender,
} from './notifications.ts';
import { bookingHistory } from './booking-history.tables.ts';
import { createPaymentHolds, paymentOf } from './payment-holds.ts';
import {
  busyLedgerRows,
  recordBusy,
  removeBusy,
  type BusyEntry,
  type ServiceFacts,
  type SlotChecker,
} from './slot-check.ts';

export type RescheduleRequest = z.infer<typeof rescheduleBookingRequestSchema>;
export type ConfirmRequest = z.infer<typeof confirmBookingRequestSchema>;
export type DeclineRequest = z.infer<typeof declineBookingRequestSchema>;
export type CancelRequest = z.infer<typeof cancelBookingRequestSchema>;
export type UpdateParticipantsRequest = z.infer<typeof updateNumberOfParticipantsRequestSchema>;
export type UpdateExtendedFieldsRequest = z.infer<typeof updateExtendedFieldsRequestSchema>;
type Notification = { notifyParticipants?: boolean | null; message?: string | null } | null | undefined;

/** The cron job that sends the reminders that are due (every minute). */
export const reminderSweepName = 'bookings.send-reminders';

export interface BookingsServiceDeps {
  database: Database;
  repository: BookingsRepository;
  slots: SlotChecker;
  events: EventBus;
  mail?: MailService;
  sms: SmsSender;
  /** How long before a confirmed booking's start its reminder goes out. */
  reminderLeadMinutes: number;
  /** How long a booking waiting for online payment holds its slot. */
  paymentHoldMinutes: number;
  /** A site by id (its name goes into the reminders and the payment-hold sweep's mails). */
  findSite: (siteId: string) => Promise<Site | undefined>;
  log: FastifyBaseLogger;
}

/** Confirming, declining and marking as pending are the business's (or its payment record's) to do. */
const businessActions: ReadonlySet<BookingAction> = new Set(['confirm', 'decline', 'markAsPending']);

export function isBusinessCaller(ctx: RequestContext): boolean {
  return ctx.caller.identityType === 'WIX_USER' || ctx.caller.identityType === 'APP';
}

/** The wire booking (official client shape). */
export function toWireBooking(row: BookingRow): Booking {
  const location = row.location ?? undefined;
  const entityTimezone = row.timezone;
  const isCourse = row.serviceType === 'COURSE';
  const createdBy: Booking['createdBy'] =
    row.createdByType === 'MEMBER'
      ? { memberId: row.createdById ?? undefined }
      : row.createdByType === 'ANONYMOUS_VISITOR'
        ? { anonymousVisitorId: row.createdById ?? undefined }
        : row.createdByType === 'APP'
          ? { appId: row.createdById ?? undefined }
          : { wixUserId: row.createdById ?? undefined };
  return {
    id: row.id,
    revision: String(row.revision),
    status: row.status,
    paymentStatus: row.paymentStatus as PaymentStatus,
    selectedPaymentOption: row.selectedPaymentOption as Booking['selectedPaymentOption'],
    bookedEntity: {
      ...(isCourse
        ? {
            schedule: {
              scheduleId: row.scheduleId,
              serviceId: row.serviceId,
              location: location as never,
              timezone: entityTimezone,
              firstSessionStart: iso(row.startDate),
              lastSessionEnd: iso(row.endDate),
            },
          }
        : {
            slot: {
              sessionId: row.sessionKey,
              eventId: row.sessionKey,
              serviceId: row.serviceId,
              scheduleId: row.scheduleId,
              startDate: iso(row.startDate),
              endDate: iso(row.endDate),
              timezone: entityTimezone,
              resource: row.staffMemberId ? { id: row.staffMemberId } : null,
              resources: row.resourceIds.map((id) => ({ id })),
              location: location as never,
            },
          }),
      title: row.title,
      tags: [
        row.serviceType === 'APPOINTMENT' ? 'INDIVIDUAL' : row.serviceType === 'CLASS' ? 'GROUP' : 'COURSE',
      ],
    },
    ...(row.contactDetails ? { contactDetails: row.contactDetails as Booking['contactDetails'] } : {}),
    totalParticipants: row.totalParticipants,
    participantsChoices: (row.participantsChoices as Booking['participantsChoices']) ?? null,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    canceledDate: row.canceledDate ? iso(row.canceledDate) : null,
    createdBy,
    externalUserId: row.externalUserId,
    ...(row.doubleBooked ? { doubleBooked: true } : {}),
    formId: row.formId ?? defaultFormId,
    formSubmissionId: row.formSubmissionId,
    submissionId: row.formSubmissionId,
    extendedFields: { namespaces: row.extendedFields ?? {} },
    multiServiceBookingInfo:
      row.multiServiceBookingId && row.multiServiceBookingType
        ? { id: row.multiServiceBookingId, type: row.multiServiceBookingType as never }
        : null,
    sendSmsReminder: row.sendSmsReminder,
    bookingSource: {
      actor: row.actor as 'BUSINESS' | 'CUSTOMER',
      platform: row.platform as 'WEB' | 'MOBILE_APP',
    },
  };
}

function assertFlowControl(ctx: RequestContext, flow: FlowControlSettings | null | undefined): void {
  if (!flow || isBusinessCaller(ctx)) return;
  const { withRefund: _ignored, ...checks } = flow;
  if (Object.values(checks).some((value) => value === true)) {
    throw lifecycleErrors.businessOnly(
      'skip availability, policy or confirmation checks (flowControlSettings)',
    );
  }
}

function assertOwnBooking(ctx: RequestContext, row: BookingRow): void {
  if (isBusinessCaller(ctx)) return;
  const mine =
    ctx.caller.identityId !== undefined &&
    row.createdById === ctx.caller.identityId &&
    row.createdByType === ctx.caller.identityType;
  // Another customer's booking answers as missing: its id says nothing to them.
  if (!mine) throw lifecycleErrors.bookingNotFound(row.id);
}

function parseInstant(value: string, field: string): number {
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) throw invalidField(field, 'must be an ISO-8601 date-time', 'FORMAT');
  return instant;
}

function participantsOf(input: {
  totalParticipants?: number | null;
  participantsChoices?: { serviceChoices?: Array<{ numberOfParticipants?: number | null }> | null } | null;
}): number {
  if (input.totalParticipants) return input.totalParticipants;
  const choices = input.participantsChoices?.serviceChoices ?? [];
  const sum = choices.reduce((total, choice) => total + (choice.numberOfParticipants ?? 0), 0);
  return sum > 0 ? sum : 1;
}

function violationReason(violations: PolicyViolations): string {
  if (violations.bookOnlineDisabled) return 'online booking is switched off';
  if (violations.tooEarlyToBook) return 'it is too early to book this slot';
  return 'it is too late to book this slot';
}

function unitPriceOf(facts: ServiceFacts): string | null {
  return facts.row.price === null ? null : String(facts.row.price);
}

interface Hold {
  start: Date;
  end: Date;
  staffMemberId: string | null;
  resourceIds: string[];
  sessionKey: string | null;
  waitlisted: boolean;
  overbooked: boolean;
  /** The slot check saw payment holds that expired in the way (see payment-holds.ts). */
  staleHolds?: boolean;
  /** The staff member's address when the slot check already read it (undefined: read it when mailing). */
  businessEmail?: string | null;
}

export function createBookingsService(deps: BookingsServiceDeps) {
  const { database, repository, slots, events } = deps;
  const staffRepository = createStaffRepository(database.db);
  const historyRepository = createBookingHistoryRepository(database.db);
  const paymentHolds = createPaymentHolds({
    database,
    repository,
    holdMinutes: deps.paymentHoldMinutes,
    findSite: deps.findSite,
    log: deps.log,
    releaseHold: (ctx, row, tx) => releaseHold(ctx, row, tx),
    afterChange: (ctx, tx, change) => afterChange(ctx, tx, change),
    occupancyOf: async (ctx, row, tx) =>
      occupancyOf(await slots.loadService(ctx.site.id, row.serviceId, tx), {
        ...row,
        start: row.startDate,
        end: row.endDate,
      }),
  });

  /** Runs `work` in a transaction; a lost race on a slot (exclusion, deadlock) is a 409, never a 5xx. */
  async function inTransaction<T>(work: (tx: Tx) => Promise<T>, conflict: () => AppError): Promise<T> {
    try {
      return await database.transaction(work);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isSlotConflict(error)) throw conflict();
      throw error;
    }
  }

  async function loadFacts(
    ctx: RequestContext,
    serviceId: string,
    tx: Tx,
    prefetch?: { start: number },
  ): Promise<ServiceFacts> {
    const facts = await slots.loadService(ctx.site.id, serviceId, tx, prefetch);
    if (!facts) throw lifecycleErrors.serviceNotFound(serviceId);
    return facts;
  }

  function checkPolicy(
    ctx: RequestContext,
    facts: ServiceFacts,
    violations: PolicyViolations,
    skip: boolean,
  ) {
    if (skip) return;
    // Online booking switched off binds customers only: the business still books by hand.
    const relevant = isBusinessCaller(ctx) ? { ...violations, bookOnlineDisabled: false } : violations;
    if (violatesPolicy(relevant))
      throw lifecycleErrors.policyViolation(facts.row.id, violationReason(relevant));
  }

  async function insertOccupancySafely(
    ctx: RequestContext,
    bookingId: string,
    rows: OccupancyInput[],
    allowDoubleBooking: boolean,
    tx: Tx,
    onConflict: () => AppError,
  ): Promise<boolean> {
    try {
      // A savepoint only when a business caller who skips availability may fall back to a double
      // booking; otherwise the conflict ends the transaction anyway (a savepoint costs two round trips).
      if (allowDoubleBooking) {
        await tx.transaction((savepoint) =>
          repository.insertOccupancy(ctx.site.id, bookingId, rows, savepoint, ctx.now()),
        );
      } else {
        await repository.insertOccupancy(ctx.site.id, bookingId, rows, tx, ctx.now());
      }
      return false;
    } catch (error) {
      if (!isSlotConflict(error)) throw error;
      if (!allowDoubleBooking) throw onConflict();
      await repository.insertOccupancy(
        ctx.site.id,
        bookingId,
        rows.map((row) => ({ ...row, doubleBooked: true })),
        tx,
      );
      return true;
    }
  }

  /**
   * What an appointment keeps its staff member and resources for: the session with the service's buffers
   * around it, as availability shows it. Occupancy (the EXCLUDE constraint) and the busy ledger use it alike.
   */
  function heldSpan(facts: ServiceFacts | undefined, start: Date, end: Date) {
    return {
      start: new Date(start.getTime() - (facts?.row.bufferBeforeMinutes ?? 0) * 60_000),
      end: new Date(end.getTime() + (facts?.row.bufferAfterMinutes ?? 0) * 60_000),
    };
  }

  function occupancyOf(
    facts: ServiceFacts | undefined,
    hold: Pick<Hold, 'start' | 'end' | 'staffMemberId' | 'resourceIds'>,
    holdExpiresAt?: Date | null,
  ) {
    const { start, end } = heldSpan(facts, hold.start, hold.end);
    const rows: OccupancyInput[] = [];
    const base = { start, end, doubleBooked: false, ...(holdExpiresAt ? { holdExpiresAt } : {}) };
    if (hold.staffMemberId) rows.push({ ...base, holderId: hold.staffMemberId, holderKind: 'STAFF' });
    for (const resourceId of hold.resourceIds)
      rows.push({ ...base, holderId: resourceId, holderKind: 'RESOURCE' });
    return rows;
  }

  type BusyFields = Pick<
    BookingRow,
    | 'id'
    | 'status'
    | 'serviceType'
    | 'totalParticipants'
    | 'staffMemberId'
    | 'resourceIds'
    | 'startDate'
    | 'endDate'
    | 'sessionKey'
    | 'scheduleId'
    | 'holdExpiresAt'
  >;

  /** What a booking puts in the availability engine's busy ledger (nothing unless it holds its slot). */
  function busyEntriesOf(ctx: RequestContext, row: BusyFields, facts: ServiceFacts | undefined): BusyEntry[] {
    if (!holdsSlot(row.status)) return [];
    const base = {
      siteId: ctx.site.id,
      bookingId: row.id,
      participants: row.totalParticipants,
      expiresAt: row.holdExpiresAt,
    };
    if (row.serviceType === 'APPOINTMENT') {
      const { start, end } = heldSpan(facts, row.startDate, row.endDate);
      return [
        ...(row.staffMemberId ? [{ ...base, staffMemberId: row.staffMemberId, start, end }] : []),
        ...row.resourceIds.map((resourceId) => ({ ...base, resourceId, start, end })),
      ];
    }
    return [
      {
        ...base,
        sessionId: row.serviceType === 'CLASS' ? row.sessionKey : null,
        scheduleId: row.serviceType === 'COURSE' ? row.scheduleId : null,
        start: row.startDate,
        end: row.endDate,
      },
    ];
  }

  async function writeBusy(ctx: RequestContext, row: BookingRow, facts: ServiceFacts | undefined, tx: Tx) {
    const entries = busyEntriesOf(ctx, row, facts);
    if (entries.length > 0) await recordBusy(tx, entries);
  }

  async function waitlistCapacityOf(facts: ServiceFacts): Promise<number> {
    const waitlist = facts.policy.waitlistPolicy;
    return waitlist.enabled ? (waitlist.capacity ?? 0) : 0;
  }

  /** Takes spots of a class session or course under the session row's lock, or puts the booking on the waitlist. */
  async function takeSpots(
    ctx: RequestContext,
    facts: ServiceFacts,
    key: { sessionKey: string; capacity: number; start: Date },
    participants: number,
    overbookAllowed: boolean,
    tx: Tx,
  ): Promise<{ waitlisted: boolean; overbooked: boolean }> {
    const spotKey = { siteId: ctx.site.id, scheduleId: facts.row.scheduleId, sessionKey: key.sessionKey };
    const waitlistCapacity = await waitlistCapacityOf(facts);
    let spots = await repository.lockSpots(spotKey, { capacity: key.capacity, waitlistCapacity }, tx);
    if (
      spots.booked + participants > spots.capacity &&
      (await paymentHolds.reclaimSession(ctx, spotKey, tx)) > 0
    )
      spots = (await repository.lockExistingSpots(spotKey, tx))!;
    if (spots.booked + participants <= spots.capacity) {
      await repository.adjustSpots(spotKey, { booked: participants, waitlisted: 0 }, tx);
      return { waitlisted: false, overbooked: false };
    }
    if (overbookAllowed) {
      await repository.adjustSpots(spotKey, { booked: participants, waitlisted: 0 }, tx);
      return { waitlisted: false, overbooked: true };
    }
    if (waitlistCapacity > 0 && spots.waitlisted + participants <= waitlistCapacity) {
      await repository.adjustSpots(spotKey, { booked: 0, waitlisted: participants }, tx);
      return { waitlisted: true, overbooked: false };
    }
    if (waitlistCapacity > 0) {
      throw new AppError(
        409,
        bookingErrorCodes.waitlistFull,
        `The session of service ${facts.row.id} and its waitlist are full`,
        {
          data: { serviceId: facts.row.id, startDate: iso(key.start) },
        },
      );
    }
    throw lifecycleErrors.sessionFull(facts.row.id, iso(key.start));
  }

  /** Gives back what a booking holds (staff time, resources, spots) and promotes the waitlist. */
  async function releaseHold(ctx: RequestContext, row: BookingRow, tx: Tx): Promise<BookingRow[]> {
    await repository.deleteOccupancy(ctx.site.id, row.id, tx);
    await removeBusy(tx, ctx.site.id, row.id);
    if (!row.sessionKey) return [];
    const spotKey = { siteId: ctx.site.id, scheduleId: row.scheduleId, sessionKey: row.sessionKey };
    const spots = await repository.lockExistingSpots(spotKey, tx);
    if (!spots) return [];
    const waiting = row.status === 'WAITING_LIST';
    await repository.adjustSpots(
      spotKey,
      { booked: waiting ? 0 : -row.totalParticipants, waitlisted: waiting ? -row.totalParticipants : 0 },
      tx,
    );
    return waiting ? [] : promoteWaitlist(ctx, spotKey, tx);
  }

  /**
   * Moves waiting bookings into freed spots, strictly first in first served: when the first in line
   * does not fit, nobody behind it jumps ahead.
   */
  async function promoteWaitlist(
    ctx: RequestContext,
    spotKey: { siteId: string; scheduleId: string; sessionKey: string },
    tx: Tx,
  ): Promise<BookingRow[]> {
    const spots = await repository.lockExistingSpots(spotKey, tx);
    if (!spots || spots.waitlisted === 0) return [];
    let free = spots.capacity - spots.booked;
    const promoted: BookingRow[] = [];
    for (const waiting of await repository.waitlistOf(spotKey, tx)) {
      if (waiting.totalParticipants > free) break;
      const result = transition(waiting.status, 'promote');
      if (!result.ok) continue;
      const updated = await repository.update(ctx.site.id, waiting.id, { status: result.to }, tx);
      await repository.adjustSpots(
        spotKey,
        { booked: waiting.totalParticipants, waitlisted: -waiting.totalParticipants },
        tx,
      );
      await writeBusy(ctx, updated, undefined, tx);
      free -= waiting.totalParticipants;
      promoted.push(updated);
      await afterChange(ctx, tx, {
        event: bookingEventNames.confirmed,
        row: updated,
        mail: 'confirmation',
        notifyCustomer: true,
      });
    }
    return promoted;
  }

  async function businessEmailOf(
    ctx: RequestContext,
    row: BookingRow,
    known: string | null | undefined,
    tx: Tx,
  ): Promise<string | null> {
    if (!deps.mail || !row.staffMemberId) return null;
    if (known !== undefined) return known;
    const member = await staffRepository.findById(ctx.site.id, row.staffMemberId, tx);
    return member?.email ?? null;
  }

  async function afterChange(
    ctx: RequestContext,
    tx: Tx,
    change: {
      event: string;
      row: BookingRow;
      previous?: BookingRow;
      mail?: BookingMailKind;
      notifyCustomer: boolean;
      message?: string | null;
      /** The staff member's address when already read in this transaction. */
      businessEmail?: string | null;
      /** Recorded in the booking's history beside the event (e.g. the attendance set). */
      details?: Record<string, unknown>;
      /** The history entry and the mails went in with the booking's own insert (`changeRows`). */
      rowsWritten?: boolean;
    },
  ): Promise<void> {
    const booking = toWireBooking(change.row);
    if (!change.rowsWritten) await historyRepository.append(historyEntryOf(ctx, change), tx);
    await events.emit(tx, {
      name: change.event,
      siteId: ctx.site.id,
      data: change.previous ? { booking, previousBooking: toWireBooking(change.previous) } : { booking },
    });
    if (!change.rowsWritten)
      await enqueueBookingMails(deps.mail, ctx.site.id, await changeMails(ctx, tx, change), tx);
  }

  type Change = Parameters<typeof afterChange>[2];

  async function changeMails(ctx: RequestContext, tx: Tx, change: Change) {
    if (!change.mail || !deps.mail) return [];
    return bookingMails({
      kind: change.mail,
      booking: change.row,
      siteName: ctx.site.name,
      notifyCustomer: change.notifyCustomer,
      businessEmail: await businessEmailOf(ctx, change.row, change.businessEmail, tx),
      // Only the business writes to customers: a visitor's message would go to any address they typed.
      message: isBusinessCaller(ctx) ? change.message : null,
    });
  }

  /**
   * What afterChange writes besides the event and the reminder (the history entry and the mails), for
   * the create path to write in the booking's own insert: two statements fewer per booking.
   */
  async function changeRows(ctx: RequestContext, tx: Tx, change: Change): Promise<RowsOf[]> {
    const rows: RowsOf[] = [{ table: bookingHistory, rows: [historyEntryOf(ctx, change)] }];
    const mails = await changeMails(ctx, tx, change);
    if (deps.mail && mails.length > 0) {
      rows.push(deps.mail.outboxRows(outgoingBookingMails(ctx.site.id, mails)));
    }
    return rows;
  }

  function notifyCustomerOf(ctx: RequestContext, notification: Notification): boolean {
    // Customers hear about what they did themselves; the business chooses with participantNotification.
    if (!isBusinessCaller(ctx)) return true;
    return notification?.notifyParticipants === true;
  }

  function validateForm(
    ctx: RequestContext,
    fields: typeof defaultFormFields,
    request: CreateBookingRequest,
  ) {
    const { violations, values } = validateFormSubmission(
      fields,
      request.formSubmission ?? undefined,
      (request.booking.contactDetails ?? undefined) as Record<string, unknown> | undefined,
    );
    if (violations.length > 0) throw lifecycleErrors.formInvalid(violations);
    return values;
  }

  /** Finds and holds an appointment slot; the client's end date and staff choice are re-derived here. */
  async function holdAppointment(
    ctx: RequestContext,
    facts: ServiceFacts,
    slot: NonNullable<CreateBookingRequest['booking']['bookedEntity']['slot']>,
    options: { skipAvailability: boolean; skipPolicy: boolean; excludeBookingId?: string },
    tx: Tx,
  ): Promise<Omit<Hold, 'waitlisted'>> {
    const start = parseInstant(slot.startDate, 'booking.bookedEntity.slot.startDate');
    const now = ctx.now().getTime();
    if (start <= now && !options.skipAvailability) throw lifecycleErrors.inThePast(slot.startDate);
    const wanted = slot.resource?.id ?? null;
    const check = await slots.checkAppointment(
      {
        siteId: ctx.site.id,
        timeZone: ctx.site.timezone,
        facts,
        start,
        now,
        staffMemberId: wanted,
        excludeBookingId: options.excludeBookingId,
      },
      tx,
    );
    if (!check) {
      if (!options.skipAvailability)
        throw lifecycleErrors.slotUnavailable(facts.row.id, new Date(start).toISOString());
      const staffMemberId = wanted ?? facts.row.staffMemberIds[0] ?? null;
      return {
        start: new Date(start),
        end: new Date(start + facts.row.durationMinutes * 60_000),
        staffMemberId,
        resourceIds: [],
        sessionKey: null,
        overbooked: false,
      };
    }
    checkPolicy(ctx, facts, check.violations, options.skipPolicy);
    const staffMemberId = wanted ?? check.staffMemberIds[0] ?? null;
    const member = check.staff.find((candidate) => candidate.id === staffMemberId);
    return {
      start: new Date(check.start),
      end: new Date(check.end),
      staffMemberId,
      resourceIds: check.resourceIds,
      sessionKey: null,
      overbooked: false,
      staleHolds: check.staleHolds,
      businessEmail: member ? member.email : undefined,
    };
  }

  async function findSession(
    ctx: RequestContext,
    facts: ServiceFacts,
    slot: { startDate: string; sessionId?: string | null; eventId?: string | null },
    options: { skipAvailability: boolean; skipPolicy: boolean },
    tx: Tx,
  ) {
    const start = parseInstant(slot.startDate, 'booking.bookedEntity.slot.startDate');
    const now = ctx.now().getTime();
    if (start <= now && !options.skipAvailability) throw lifecycleErrors.inThePast(slot.startDate);
    const session = await slots.findClassSession(
      {
        siteId: ctx.site.id,
        timeZone: ctx.site.timezone,
        facts,
        start,
        sessionId: slot.sessionId ?? slot.eventId,
      },
      tx,
    );
    if (!session) throw lifecycleErrors.slotUnavailable(facts.row.id, new Date(start).toISOString());
    checkPolicy(ctx, facts, policyViolations(session.start, now, facts.input.policy), options.skipPolicy);
    return session;
  }

  async function holdFor(
    ctx: RequestContext,
    facts: ServiceFacts,
    request: CreateBookingRequest,
    participants: number,
    tx: Tx,
  ): Promise<Hold> {
    const business = isBusinessCaller(ctx);
    const flow = request.flowControlSettings;
    const skipAvailability = business && flow?.skipAvailabilityValidation === true;
    const skipPolicy =
      business && (flow?.skipAvailabilityValidation === true || flow?.ignoreBookingWindow === true);
    const { slot, schedule } = request.booking.bookedEntity;
    if (facts.type === 'APPOINTMENT') {
      if (!slot)
        throw invalidField('booking.bookedEntity.slot', 'an appointment is booked by slot', 'REQUIRED_FIELD');
      const hold = await holdAppointment(ctx, facts, slot, { skipAvailability, skipPolicy }, tx);
      return { ...hold, waitlisted: false };
    }
    if (facts.type === 'CLASS') {
      if (!slot)
        throw invalidField(
          'booking.bookedEntity.slot',
          'a class session is booked by slot',
          'REQUIRED_FIELD',
        );
      const session = await findSession(ctx, facts, slot, { skipAvailability, skipPolicy }, tx);
      const taken = await takeSpots(
        ctx,
        facts,
        { sessionKey: session.id, capacity: session.capacity, start: new Date(session.start) },
        participants,
        skipAvailability,
        tx,
      );
      return {
        start: new Date(session.start),
        end: new Date(session.end),
        staffMemberId: session.staffMemberId,
        resourceIds: [],
        sessionKey: session.id,
        ...taken,
      };
    }
    if (!schedule && !slot) {
      throw invalidField('booking.bookedEntity.schedule', 'a course is booked by schedule', 'REQUIRED_FIELD');
    }
    const course = await slots.courseSpanOf(
      { siteId: ctx.site.id, timeZone: ctx.site.timezone, facts, now: ctx.now().getTime() },
      tx,
    );
    if (course.firstSessionStart === null || course.lastSessionEnd === null) {
      throw lifecycleErrors.serviceNotBookable(facts.row.id, 'the course has no sessions');
    }
    checkPolicy(ctx, facts, course.violations, skipPolicy);
    const start = new Date(course.firstSessionStart);
    const taken = await takeSpots(
      ctx,
      facts,
      { sessionKey: 'COURSE', capacity: facts.input.capacity, start },
      participants,
      skipAvailability,
      tx,
    );
    return {
      start,
      end: new Date(course.lastSessionEnd),
      staffMemberId: null,
      resourceIds: [],
      sessionKey: 'COURSE',
      ...taken,
    };
  }

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
    const facts = await loadFacts(ctx, serviceId, tx, prefetch);
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
    const change: Omit<Change, 'row'> = {
      event: bookingEventNames.created,
      mail:
        status === 'CONFIRMED'
          ? 'confirmation'
          : status === 'PENDING' || status === 'WAITING_LIST'
            ? 'pending'
            : undefined,
      notifyCustomer: notifyCustomerOf(ctx, request.participantNotification),
      message: request.participantNotification?.message,
      businessEmail: hold.businessEmail,
    };
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
          busyLedgerRows(busy),
          tx,
          alongside,
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
    await afterChange(ctx, tx, {
      event: bookingEventNames.confirmed,
      row: updated,
      mail: 'confirmation',
      notifyCustomer: notifyCustomerOf(ctx, request.participantNotification),
      message: request.participantNotification?.message,
    });
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
    await afterChange(ctx, tx, {
      event: bookingEventNames.declined,
      row: updated,
      mail: 'declined',
      notifyCustomer: notifyCustomerOf(ctx, request.participantNotification),
      message: request.participantNotification?.message,
    });
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
    if (!business && facts) await recordFee(ctx, facts, updated, 'BOOKING_CANCELED', now, tx);
    await afterChange(ctx, tx, {
      event: bookingEventNames.canceled,
      row: updated,
      mail: 'canceled',
      notifyCustomer: notifyCustomerOf(ctx, request.participantNotification),
      message: request.participantNotification?.message,
    });
    return updated;
  }

  async function recordFee(
    ctx: RequestContext,
    facts: ServiceFacts,
    row: BookingRow,
    trigger: 'BOOKING_CANCELED' | 'NOT_ATTENDED',
    at: number,
    tx: Tx,
  ): Promise<void> {
    const fee = feeFor(facts, row, trigger === 'NOT_ATTENDED' ? row.startDate.getTime() : at);
    if (!fee) return;
    await repository.insertFee(
      { siteId: ctx.site.id, bookingId: row.id, trigger, status: 'NOT_YET_APPLIED_TO_ORDER', ...fee },
      tx,
    );
  }

  function feeFor(facts: ServiceFacts, row: BookingRow, at: number) {
    const policy = facts.policy.cancellationFeePolicy;
    const fee = cancellationFee({
      enabled: policy.enabled ?? false,
      windows: (policy.cancellationWindows ?? []) as FeeWindow[],
      price: bookingPrice(unitPriceOf(facts), row.totalParticipants),
      currency: facts.row.currency,
      start: row.startDate.getTime(),
      at,
    });
    return fee ? { amount: fee.amount, currency: fee.currency } : undefined;
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
    await afterChange(ctx, tx, {
      event: bookingEventNames.rescheduled,
      row: updated,
      previous: row,
      mail: 'rescheduled',
      notifyCustomer: notifyCustomerOf(ctx, request.participantNotification),
      message: request.participantNotification?.message,
    });
    return updated;
  }

  /**
   * Moves a class booking's spots to another session (or changes their number), locking both session
   * rows in key order so two bookings swapping sessions cannot deadlock.
   */
  async function moveSpots(
    ctx: RequestContext,
    facts: ServiceFacts,
    row: BookingRow,
    target: { sessionKey: string; capacity: number; start: Date },
    participants: number,
    overbookAllowed: boolean,
    tx: Tx,
  ): Promise<void> {
    const from = row.sessionKey!;
    const keyOf = (sessionKey: string) => ({ siteId: ctx.site.id, scheduleId: row.scheduleId, sessionKey });
    const waitlistCapacity = await waitlistCapacityOf(facts);
    const order = [from, target.sessionKey].sort();
    for (const sessionKey of new Set(order)) {
      if (sessionKey === target.sessionKey) {
        await repository.lockSpots(keyOf(sessionKey), { capacity: target.capacity, waitlistCapacity }, tx);
      } else {
        await repository.lockExistingSpots(keyOf(sessionKey), tx);
      }
    }
    await repository.adjustSpots(keyOf(from), { booked: -row.totalParticipants, waitlisted: 0 }, tx);
    const spots = await repository.lockExistingSpots(keyOf(target.sessionKey), tx);
    if (spots && spots.booked + participants > spots.capacity && !overbookAllowed) {
      throw lifecycleErrors.sessionFull(facts.row.id, iso(target.start));
    }
    await repository.adjustSpots(keyOf(target.sessionKey), { booked: participants, waitlisted: 0 }, tx);
    if (from !== target.sessionKey || participants < row.totalParticipants)
      await promoteWaitlist(ctx, keyOf(from), tx);
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
  ): Promise<BookingRow> {
    const row = await repository.lockById(ctx.site.id, id, tx);
    if (!row) throw lifecycleErrors.bookingNotFound(id);
    assertOwnBooking(ctx, row);
    const facts = await slots.loadService(ctx.site.id, row.serviceId, tx);
    const outcome = confirmOrDeclineOutcome({
      // A booking made over another one (doubleBooked) lost its slot; every other one holds it.
      slotStillFree: !row.doubleBooked && holdsSlot(row.status),
      requiresApproval: facts?.requiresApproval ?? false,
    });
    const revision = String(row.revision);
    if (outcome === 'decline') return declineInTransaction(ctx, id, { revision, paymentStatus }, tx);
    if (outcome === 'confirm') return confirmInTransaction(ctx, id, { revision, paymentStatus }, tx);
    if (row.status === 'PENDING') {
      return paymentStatus ? repository.update(ctx.site.id, id, { paymentStatus }, tx) : row;
    }
    const { to } = await lockForAction(ctx, id, 'markAsPending', revision, tx);
    const updated = await repository.update(
      ctx.site.id,
      id,
      { status: to, ...(paymentStatus ? { paymentStatus } : {}) },
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

  const conflictOnCreate = () =>
    new AppError(
      409,
      bookingErrorCodes.slotUnavailable,
      'The slot was taken by another booking at the same moment',
    );

  return {
    toWireBooking,
    createInTransaction,
    confirmInTransaction,
    declineInTransaction,
    cancelInTransaction,
    rescheduleInTransaction,
    lockForAction,
    releaseHold,
    afterChange,
    inTransaction,
    feeFor,
    recordFee,
    /** The payment-hold sweep (payment-holds.ts): declines bookings whose hold expired by `now`. */
    expireDueHolds: (now: Date) => paymentHolds.expireDue(now),

    async create(ctx: RequestContext, request: CreateBookingRequest): Promise<Booking> {
      const row = await inTransaction((tx) => createInTransaction(ctx, request, tx), conflictOnCreate);
      return toWireBooking(row);
    },

    /** Each item in its own transaction: one failure does not undo the others. */
    async bulkCreate(ctx: RequestContext, requests: readonly CreateBookingRequest[]) {
      const results = [];
      for (const [index, request] of requests.entries()) {
        try {
          const booking = await this.create(ctx, request);
          results.push({
            itemMetadata: { id: booking.id, originalIndex: index, success: true },
            item: booking,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            itemMetadata: {
              id: null,
              originalIndex: index,
              success: false,
              error: {
                code: error.code,
                description: error.description,
                ...(error.options.data ? { data: error.options.data } : {}),
              },
            },
          });
        }
      }
      return results;
    },

    async get(ctx: RequestContext, id: string): Promise<Booking> {
      const row = await repository.findById(ctx.site.id, id);
      if (!row) throw lifecycleErrors.bookingNotFound(id);
      assertOwnBooking(ctx, row);
      return toWireBooking(row);
    },

    async confirm(ctx: RequestContext, id: string, request: ConfirmRequest) {
      return toWireBooking(
        await inTransaction((tx) => confirmInTransaction(ctx, id, request, tx), conflictOnCreate),
      );
    },

    async decline(ctx: RequestContext, id: string, request: DeclineRequest) {
      return toWireBooking(
        await inTransaction((tx) => declineInTransaction(ctx, id, request, tx), conflictOnCreate),
      );
    },

    async cancel(ctx: RequestContext, id: string, request: CancelRequest) {
      return toWireBooking(
        await inTransaction((tx) => cancelInTransaction(ctx, id, request, tx), conflictOnCreate),
      );
    },

    async reschedule(ctx: RequestContext, id: string, request: RescheduleRequest) {
      return toWireBooking(
        await inTransaction((tx) => rescheduleInTransaction(ctx, id, request, tx), conflictOnCreate),
      );
    },

    async updateNumberOfParticipants(ctx: RequestContext, id: string, request: UpdateParticipantsRequest) {
      return toWireBooking(
        await inTransaction((tx) => updateParticipantsInTransaction(ctx, id, request, tx), conflictOnCreate),
      );
    },

    async setSubmissionId(ctx: RequestContext, id: string, submissionId: string) {
      const row = await inTransaction(async (tx) => {
        const current = await repository.lockById(ctx.site.id, id, tx);
        if (!current) throw lifecycleErrors.bookingNotFound(id);
        assertOwnBooking(ctx, current);
        return repository.update(ctx.site.id, id, { formSubmissionId: submissionId }, tx);
      }, conflictOnCreate);
      return toWireBooking(row);
    },

    async updateExtendedFields(ctx: RequestContext, id: string, request: UpdateExtendedFieldsRequest) {
      const row = await inTransaction(async (tx) => {
        const current = await repository.lockById(ctx.site.id, id, tx);
        if (!current) throw lifecycleErrors.bookingNotFound(id);
        const namespaces = {
          ...(current.extendedFields ?? {}),
          [request.namespace]: request.namespaceData.data,
        };
        const updated = await repository.update(ctx.site.id, id, { extendedFields: namespaces }, tx);
        await afterChange(ctx, tx, { event: bookingEventNames.updated, row: updated, notifyCustomer: false });
        return updated;
      }, conflictOnCreate);
      return {
        id: row.id,
        namespace: request.namespace,
        namespaceData: { data: request.namespaceData.data },
      };
    },

    async confirmOrDecline(ctx: RequestContext, id: string, paymentStatus: PaymentStatus | null | undefined) {
      return toWireBooking(
        await inTransaction(
          (tx) => confirmOrDeclineInTransaction(ctx, id, paymentStatus, tx),
          conflictOnCreate,
        ),
      );
    },

    async bulkConfirmOrDecline(
      ctx: RequestContext,
      details: ReadonlyArray<{ bookingId: string; paymentStatus?: PaymentStatus | null }>,
    ) {
      const results = [];
      for (const [index, detail] of details.entries()) {
        try {
          const booking = await this.confirmOrDecline(ctx, detail.bookingId, detail.paymentStatus);
          results.push({
            itemMetadata: { id: booking.id, originalIndex: index, success: true },
            item: booking,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            itemMetadata: {
              id: detail.bookingId,
              originalIndex: index,
              success: false,
              error: { code: error.code, description: error.description },
            },
          });
        }
      }
      return results;
    },

    /**
     * The reminder sweep (a cron job each minute): every confirmed booking gets one reminder for each
     * start it holds, `reminderLeadMinutes` before it, unless it was made after that time. Each batch
     * claims its bookings and writes their mails in one transaction; SMS go out after it commits.
     * Returns how many bookings were reminded.
     */
    async sendDueReminders(now: Date): Promise<number> {
      const batchSize = 200;
      // Site names are read before the transactions (a site lookup inside one would wait for it on the
      // embedded database's single connection); a site that gets due meanwhile waits for the next sweep.
      const siteNames = new Map<string, string>();
      for (const siteId of await repository.sitesWithDueReminders(now, deps.reminderLeadMinutes)) {
        const site = await deps.findSite(siteId);
        if (site) siteNames.set(siteId, site.name);
      }
      let reminded = 0;
      for (;;) {
        const batch = await database.transaction(async (tx) => {
          const rows = await repository.claimDueReminders(
            now,
            deps.reminderLeadMinutes,
            [...siteNames.keys()],
            batchSize,
            tx,
          );
          for (const row of rows) {
            const mails = bookingMails({
              kind: 'reminder',
              booking: row,
              siteName: siteNames.get(row.siteId)!,
              notifyCustomer: true,
              businessEmail: null,
            });
            await enqueueBookingMails(deps.mail, row.siteId, mails, tx);
          }
          return rows;
        });
        for (const row of batch) {
          const phone = row.contactDetails?.phone;
          if (row.sendSmsReminder && typeof phone === 'string') {
            await deps.sms.send({
              siteId: row.siteId,
              to: phone,
              text: `Reminder: ${row.title ?? 'your booking'} at ${iso(row.startDate)}`,
            });
          }
        }
        reminded += batch.length;
        if (batch.length < batchSize) return reminded;
      }
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
