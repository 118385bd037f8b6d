import {
  bookingErrorCodes,
  bookingEventNames,
  type Booking,
  type CreateBookingRequest,
  type PaymentStatus,
} from '@atrium/contract/bookings/lifecycle';
import type { z } from 'zod';
import type {
  cancelBookingRequestSchema,
  confirmBookingRequestSchema,
  declineBookingRequestSchema,
  rescheduleBookingRequestSchema,
  updateNumberOfParticipantsRequestSchema,
  updateExtendedFieldsRequestSchema,
} from '@atrium/contract/bookings/lifecycle';
import type { Site } from '@atrium/contract/sites';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../../platform/context.ts';
import type { Database, Executor, Tx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import type { MailService } from '../../../platform/mail/mail.service.ts';
import type { GuestLink } from './notifications.ts';
import { bulkResults } from '../../../platform/bulk/bulk-results.ts';
import { createStaffRepository } from '../staff.repository.ts';
import { createBookingCreation } from './booking-create.ts';
import { feeFor, recordFee } from './booking-fees.ts';
import { createBookingHistoryRepository } from './booking-history.repository.ts';
import { createBookingHolds } from './booking-holds.ts';
import { createBookingNotifications } from './booking-notifications.ts';
import { reminderSweepName, sendDueReminders } from './booking-reminders.ts';
import { createBookingTransitions } from './booking-transitions.ts';
import { slotHoldingStatuses } from './booking-state.ts';
import { sameWallTime } from '../availability/zone-timeline.ts';
import { assertOwnBooking, isBusinessCaller, toWireBooking } from './booking-wire.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import type { BookingRow } from './bookings.tables.ts';
import { isSlotConflict, lifecycleErrors } from './lifecycle.errors.ts';
import type { SmsSender } from './notifications.ts';
import { createPaymentHolds } from './payment-holds.ts';
import type { ServiceFacts, SlotChecker } from './slot-check.ts';

export { isBusinessCaller, reminderSweepName, toWireBooking };

/** Bookings that still stand: holding their slot, or waiting for one. */
const liveStatuses = [...slotHoldingStatuses, 'WAITING_LIST'] as const;

export type RescheduleRequest = z.infer<typeof rescheduleBookingRequestSchema>;
export type ConfirmRequest = z.infer<typeof confirmBookingRequestSchema>;
export type DeclineRequest = z.infer<typeof declineBookingRequestSchema>;
export type CancelRequest = z.infer<typeof cancelBookingRequestSchema>;
export type UpdateParticipantsRequest = z.infer<typeof updateNumberOfParticipantsRequestSchema>;
export type UpdateExtendedFieldsRequest = z.infer<typeof updateExtendedFieldsRequestSchema>;

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
  /** The signed link to the guest page of a booking, for its customer's mails (none: mails carry no link). */
  guestLinkOf?: (site: Site, bookingId: string, now: Date) => Promise<GuestLink>;
}

/** What the lifecycle's parts share: the service's dependencies, the repositories, transactions, a service's facts. */
function createBookingsCore(deps: BookingsServiceDeps) {
  const { database, repository, slots, events } = deps;

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

  return {
    deps,
    database,
    repository,
    slots,
    events,
    staffRepository: createStaffRepository(database.db),
    historyRepository: createBookingHistoryRepository(database.db),
    inTransaction,
    loadFacts,
  };
}

export type BookingsCore = ReturnType<typeof createBookingsCore>;

export function createBookingsService(deps: BookingsServiceDeps) {
  const core = createBookingsCore(deps);
  const { repository, slots, inTransaction } = core;
  const notifications = createBookingNotifications(core);
  const { afterChange } = notifications;
  const holds = createBookingHolds(core, {
    afterChange,
    reclaimSession: (ctx, key, tx) => paymentHolds.reclaimSession(ctx, key, tx),
  });
  const { releaseHold } = holds;
  const paymentHolds = createPaymentHolds({
    database: core.database,
    repository,
    holdMinutes: deps.paymentHoldMinutes,
    findSite: deps.findSite,
    log: deps.log,
    releaseHold: (ctx, row, tx) => releaseHold(ctx, row, tx),
    afterChange: (ctx, tx, change) => afterChange(ctx, tx, change),
    occupancyOf: async (ctx, row, tx) =>
      holds.occupancyOf(await slots.loadService(ctx.site.id, row.serviceId, tx), {
        ...row,
        start: row.startDate,
        end: row.endDate,
      }),
  });
  const parts = { holds, notifications, paymentHolds };
  const { createInTransaction } = createBookingCreation(core, parts);
  const {
    lockForAction,
    confirmInTransaction,
    declineInTransaction,
    cancelInTransaction,
    rescheduleInTransaction,
    followSessionInTransaction,
    updateParticipantsInTransaction,
    confirmOrDeclineInTransaction,
  } = createBookingTransitions(core, parts);

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
    confirmOrDeclineInTransaction,
    lockForAction,
    releaseHold,
    afterChange,
    inTransaction,
    feeFor,
    recordFee: (
      ctx: RequestContext,
      facts: ServiceFacts,
      row: BookingRow,
      trigger: 'BOOKING_CANCELED' | 'NOT_ATTENDED',
      at: number,
      tx: Tx,
    ) => recordFee(repository, ctx, facts, row, trigger, at, tx),
    /** A checkout's hold on CREATED bookings (payment-holds.ts `extend`), inside the caller's transaction. */
    extendPaymentHolds: (ctx: RequestContext, rows: readonly BookingRow[], until: Date, tx: Tx) =>
      paymentHolds.extend(ctx, rows, until, tx),
    /** The payment-hold sweep (payment-holds.ts): declines bookings whose hold expired by `now`. */
    expireDueHolds: (now: Date) => paymentHolds.expireDue(now),

    /**
     * Live bookings still to come, for a time-zone change: those of class and course sessions (they move with
     * their session) or appointments (they keep their moment).
     */
    liveBookingsToCome: (ctx: RequestContext, kind: 'session' | 'appointment', executor?: Executor) =>
      repository.endingAfter(ctx.site.id, ctx.now(), liveStatuses, kind, executor),

    /**
     * After the site moved from `fromZone` to `ctx.site.timezone`: every live class and course booking still to
     * come follows its session, which kept its local time, and its customer is told the new time. Inside the
     * caller's transaction (the site's own change).
     */
    async followZoneChange(ctx: RequestContext, fromZone: string, tx: Tx): Promise<number> {
      const rows = await repository.endingAfter(ctx.site.id, ctx.now(), liveStatuses, 'session', tx);
      for (const row of rows) {
        await followSessionInTransaction(
          ctx,
          row,
          {
            startDate: sameWallTime(row.startDate, fromZone, ctx.site.timezone),
            endDate: sameWallTime(row.endDate, fromZone, ctx.site.timezone),
          },
          tx,
        );
      }
      return rows.length;
    },

    async create(ctx: RequestContext, request: CreateBookingRequest): Promise<Booking> {
      const row = await inTransaction((tx) => createInTransaction(ctx, request, tx), conflictOnCreate);
      return toWireBooking(row);
    },

    /** Each item in its own transaction: one failure does not undo the others. */
    async bulkCreate(ctx: RequestContext, requests: readonly CreateBookingRequest[]) {
      return bulkResults(
        requests,
        (request) => this.create(ctx, request),
        (_request, booking) => booking?.id ?? null,
      );
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
      return bulkResults(
        details,
        (detail) => this.confirmOrDecline(ctx, detail.bookingId, detail.paymentStatus),
        (detail, booking) => booking?.id ?? detail.bookingId,
      );
    },

    /** The reminder sweep (booking-reminders.ts). */
    sendDueReminders: (now: Date): Promise<number> => sendDueReminders(core, now),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
