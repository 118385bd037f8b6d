import type { z } from 'zod';
import {
  bookingEventNames,
  bookingErrorCodes,
  type MultiServiceBookingType,
  type PaymentStatus,
} from '@atrium/contract/bookings/lifecycle';
import type {
  createMultiServiceBookingRequestSchema,
  multiServiceStatusChangeRequestSchema,
  rescheduleMultiServiceBookingRequestSchema,
} from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { allSucceeded, bulkResults } from '../../../platform/bulk/bulk-results.ts';
import { canTransition, holdsSlot, transition } from './booking-state.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import { isBusinessCaller, toWireBooking, type BookingsService } from './bookings.service.ts';
import type { BookingRow, MultiServiceBookingRow } from './bookings.tables.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';

type CreateRequest = z.infer<typeof createMultiServiceBookingRequestSchema>;
type RescheduleRequest = z.infer<typeof rescheduleMultiServiceBookingRequestSchema>;
type StatusChangeRequest = z.infer<typeof multiServiceStatusChangeRequestSchema>;

/**
 * The slots of a multi-service booking fit its type: SEQUENTIAL back to back in the order given,
 * PARALLEL all at the same start, SEPARATE anywhere.
 */
export function slotsMatchType(
  type: MultiServiceBookingType,
  parts: ReadonlyArray<{ start: number; end: number }>,
): boolean {
  if (type === 'SEPARATE_BOOKINGS') return true;
  if (type === 'PARALLEL_BOOKINGS') return parts.every((part) => part.start === parts[0]!.start);
  return parts.every((part, index) => index === 0 || part.start === parts[index - 1]!.end);
}

function mismatch(type: string): AppError {
  return new AppError(
    400,
    bookingErrorCodes.multiServiceSlotsMismatch,
    type === 'PARALLEL_BOOKINGS'
      ? 'Parallel bookings must all start at the same time'
      : 'Sequential bookings must follow each other without gaps, in the order given',
    { data: { multiServiceBookingType: type } },
  );
}

export function createMultiServiceBookingsService(deps: {
  repository: BookingsRepository;
  bookings: BookingsService;
  events: EventBus;
}) {
  const { repository, bookings } = deps;

  async function load(
    ctx: RequestContext,
    id: string,
    tx?: Tx,
  ): Promise<{ msb: MultiServiceBookingRow; rows: BookingRow[] }> {
    const msb = tx
      ? await repository.lockMultiService(ctx.site.id, id, tx)
      : await repository.findMultiService(ctx.site.id, id);
    if (!msb) throw lifecycleErrors.multiServiceBookingNotFound(id);
    const opened = ctx.caller.openedByToken?.includes(id) === true;
    if (!isBusinessCaller(ctx) && !opened && msb.createdById !== (ctx.caller.identityId ?? null)) {
      throw lifecycleErrors.multiServiceBookingNotFound(id);
    }
    const rows = await repository.bookingsOfMultiService(ctx.site.id, [id], tx);
    return { msb, rows };
  }

  function toWire(msb: MultiServiceBookingRow, rows: readonly BookingRow[]) {
    return {
      id: msb.id,
      type: msb.type as MultiServiceBookingType,
      revision: String(msb.revision),
      bookings: rows.map((row) => ({ bookingId: row.id, booking: toWireBooking(row) })),
      createdDate: msb.createdDate.toISOString(),
      updatedDate: msb.updatedDate.toISOString(),
    };
  }

  function checkRevisions(rows: readonly BookingRow[], given: StatusChangeRequest['bookingsRevision']) {
    for (const entry of given ?? []) {
      const row = rows.find((candidate) => candidate.id === entry.bookingId);
      if (
        row &&
        entry.revision !== undefined &&
        entry.revision !== null &&
        Number(entry.revision) !== row.revision
      ) {
        throw lifecycleErrors.multiServiceRevisionMismatch(row.id, row.revision, String(entry.revision));
      }
    }
  }

  async function reload(ctx: RequestContext, id: string, tx: Tx) {
    const msb = await repository.findMultiService(ctx.site.id, id, tx);
    const rows = await repository.bookingsOfMultiService(ctx.site.id, [id], tx);
    return toWire(msb!, rows);
  }

  return {
    /** All or nothing: every booking is made in one transaction, so one taken slot books none. */
    async create(ctx: RequestContext, request: CreateRequest) {
      return bookings.inTransaction(
        async (tx) => {
          const msb = await repository.insertMultiService(
            {
              siteId: ctx.site.id,
              type: request.multiServiceBookingType,
              createdById: ctx.caller.identityId ?? null,
            },
            tx,
          );
          const rows: BookingRow[] = [];
          for (const booking of request.bookings) {
            rows.push(
              await bookings.createInTransaction(
                ctx,
                {
                  booking,
                  participantNotification: request.participantNotification,
                  sendSmsReminder: request.sendSmsReminder,
                  flowControlSettings: request.flowControlSettings,
                  formSubmission: request.formSubmission,
                },
                tx,
                { id: msb.id, type: msb.type },
              ),
            );
          }
          const parts = rows.map((row) => ({ start: row.startDate.getTime(), end: row.endDate.getTime() }));
          if (!slotsMatchType(request.multiServiceBookingType, parts))
            throw mismatch(request.multiServiceBookingType);
          const multiServiceBooking = toWire(msb, rows);
          // Besides one bookings.booking.created per booking, which createInTransaction emitted.
          await deps.events.emit(tx, {
            name: bookingEventNames.multiServiceCreated,
            siteId: ctx.site.id,
            data: { multiServiceBooking },
          });
          return multiServiceBooking;
        },
        () =>
          new AppError(
            409,
            bookingErrorCodes.slotUnavailable,
            'One of the slots was taken: nothing was booked',
          ),
      );
    },

    async get(ctx: RequestContext, id: string) {
      const { msb, rows } = await load(ctx, id);
      return toWire(msb, rows);
    },

    async reschedule(ctx: RequestContext, id: string, request: RescheduleRequest) {
      return bookings.inTransaction(
        async (tx) => {
          const { msb, rows } = await load(ctx, id, tx);
          for (const info of request.rescheduleBookingsInfo) {
            if (!rows.some((row) => row.id === info.bookingId))
              throw lifecycleErrors.bookingNotFound(info.bookingId);
            await bookings.rescheduleInTransaction(
              ctx,
              info.bookingId,
              {
                slot: info.slot,
                revision: info.revision,
                participantNotification: request.participantNotification,
                flowControlSettings: request.flowControlSettings,
              },
              tx,
            );
          }
          const after = await repository.bookingsOfMultiService(ctx.site.id, [id], tx);
          const parts = after.map((row) => ({ start: row.startDate.getTime(), end: row.endDate.getTime() }));
          if (!slotsMatchType(msb.type as MultiServiceBookingType, parts)) throw mismatch(msb.type);
          await repository.touchMultiService(ctx.site.id, id, tx);
          return reload(ctx, id, tx);
        },
        () =>
          new AppError(
            409,
            bookingErrorCodes.slotUnavailable,
            'One of the new slots was taken: nothing was moved',
          ),
      );
    },

    /** cancel, confirm, decline and mark_as_pending: every booking of the group, or none. */
    async changeStatus(
      ctx: RequestContext,
      id: string,
      action: 'cancel' | 'confirm' | 'decline' | 'markAsPending',
      request: StatusChangeRequest,
    ) {
      return bookings.inTransaction(
        async (tx) => {
          const { rows } = await load(ctx, id, tx);
          checkRevisions(rows, request.bookingsRevision);
          for (const row of rows) {
            const revision = String(row.revision);
            const common = { revision, participantNotification: request.participantNotification };
            if (action === 'cancel') {
              await bookings.cancelInTransaction(
                ctx,
                row.id,
                { ...common, flowControlSettings: request.flowControlSettings },
                tx,
              );
            } else if (action === 'confirm') {
              await bookings.confirmInTransaction(
                ctx,
                row.id,
                {
                  ...common,
                  paymentStatus: request.paymentStatus,
                  doubleBooked: request.doubleBooked,
                  sendSmsReminder: request.sendSmsReminder,
                },
                tx,
              );
            } else if (action === 'decline') {
              await bookings.declineInTransaction(
                ctx,
                row.id,
                { ...common, paymentStatus: request.paymentStatus, doubleBooked: request.doubleBooked },
                tx,
              );
            } else {
              const { to } = await bookings.lockForAction(ctx, row.id, 'markAsPending', revision, tx);
              const updated = await repository.update(
                ctx.site.id,
                row.id,
                {
                  status: to,
                  ...(request.paymentStatus ? { paymentStatus: request.paymentStatus as PaymentStatus } : {}),
                },
                tx,
              );
              await bookings.afterChange(ctx, tx, {
                event: bookingEventNames.updated,
                row: updated,
                mail: 'pending',
                notifyCustomer: true,
              });
            }
          }
          await repository.touchMultiService(ctx.site.id, id, tx);
          return reload(ctx, id, tx);
        },
        () =>
          new AppError(
            409,
            bookingErrorCodes.slotUnavailable,
            'A booking of the group changed at the same moment',
          ),
      );
    },

    /** Whether every booking of the group still holds a bookable slot (nothing is changed). */
    async getAvailability(ctx: RequestContext, id: string) {
      const { rows } = await load(ctx, id);
      const info = rows.map((row) => {
        const active = holdsSlot(row.status);
        const future = row.startDate.getTime() > ctx.now().getTime();
        return {
          bookingId: row.id,
          bookable: active && future,
          reason: !active ? `booking is ${row.status}` : !future ? 'the slot has started' : null,
        };
      });
      return { bookable: info.every((entry) => entry.bookable), multiServiceBookingInfo: info };
    },

    async getAllowedActions(ctx: RequestContext, ids: readonly string[]) {
      return bulkResults(
        ids,
        async (id) => {
          const found = await repository.findMultiService(ctx.site.id, id);
          // Customers learn nothing about another customer's group, not even that it exists.
          const msb =
            found && (isBusinessCaller(ctx) || found.createdById === (ctx.caller.identityId ?? null))
              ? found
              : undefined;
          if (!msb) {
            throw new AppError(
              404,
              bookingErrorCodes.multiServiceBookingNotFound,
              `Multi-service booking ${id} not found`,
            );
          }
          const rows = await repository.bookingsOfMultiService(ctx.site.id, [id]);
          const business = isBusinessCaller(ctx);
          const all = (action: Parameters<typeof canTransition>[1]) =>
            rows.length > 0 && rows.every((row) => canTransition(row.status, action));
          const businessOnly = (action: Parameters<typeof canTransition>[1]) => business && all(action);
          return {
            cancel: all('cancel'),
            reschedule: all('reschedule'),
            confirm: businessOnly('confirm'),
            decline: businessOnly('decline'),
            markAsPending: businessOnly('markAsPending'),
            bookAnother: rows.every((row) => row.status !== 'CANCELED' && row.status !== 'DECLINED'),
          };
        },
        (id) => id,
      );
    },

    async addBookings(
      ctx: RequestContext,
      id: string,
      entries: ReadonlyArray<{ bookingId: string; revision?: string | null }>,
    ) {
      return bookings.inTransaction(
        async (tx) => {
          const { msb } = await load(ctx, id, tx);
          for (const entry of entries) {
            const row = await repository.lockById(ctx.site.id, entry.bookingId, tx);
            if (!row) throw lifecycleErrors.bookingNotFound(entry.bookingId);
            if (!isBusinessCaller(ctx) && row.createdById !== (ctx.caller.identityId ?? null)) {
              throw lifecycleErrors.bookingNotFound(entry.bookingId);
            }
            if (entry.revision && Number(entry.revision) !== row.revision) {
              throw lifecycleErrors.multiServiceRevisionMismatch(row.id, row.revision, entry.revision);
            }
            if (row.multiServiceBookingId && row.multiServiceBookingId !== id) {
              throw new AppError(
                409,
                bookingErrorCodes.bookingInOtherMultiServiceBooking,
                `Booking ${row.id} belongs to multi-service booking ${row.multiServiceBookingId}`,
              );
            }
            if (!transition(row.status, 'updateParticipants').ok)
              throw lifecycleErrors.illegalTransition(row.id, 'updateParticipants', row.status);
          }
          await repository.setMultiService(
            ctx.site.id,
            entries.map((entry) => entry.bookingId),
            { id, type: msb.type },
            tx,
          );
          await repository.touchMultiService(ctx.site.id, id, tx);
          return {
            multiServiceBooking: await reload(ctx, id, tx),
            results: allSucceeded(entries.map((entry) => entry.bookingId)),
          };
        },
        () => new AppError(409, 'CONFLICT', 'The group changed at the same moment'),
      );
    },

    async removeBookings(
      ctx: RequestContext,
      id: string,
      entries: ReadonlyArray<{ bookingId: string; revision?: string | null }>,
    ) {
      return bookings.inTransaction(
        async (tx) => {
          const { rows } = await load(ctx, id, tx);
          for (const entry of entries) {
            const row = rows.find((candidate) => candidate.id === entry.bookingId);
            if (!row) throw lifecycleErrors.bookingNotFound(entry.bookingId);
            if (entry.revision && Number(entry.revision) !== row.revision) {
              throw lifecycleErrors.multiServiceRevisionMismatch(row.id, row.revision, entry.revision);
            }
          }
          await repository.setMultiService(
            ctx.site.id,
            entries.map((entry) => entry.bookingId),
            null,
            tx,
          );
          await repository.touchMultiService(ctx.site.id, id, tx);
          return {
            multiServiceBooking: await reload(ctx, id, tx),
            results: allSucceeded(entries.map((entry) => entry.bookingId)),
          };
        },
        () => new AppError(409, 'CONFLICT', 'The group changed at the same moment'),
      );
    },
  };
}

export type MultiServiceBookingsService = ReturnType<typeof createMultiServiceBookingsService>;
