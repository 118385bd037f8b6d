import { bookingEventNames, type Booking, type PaymentStatus } from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import { bulkResults, type BulkItemResult } from '../../../platform/bulk/bulk-results.ts';
import { assertOwnBooking } from './booking-wire.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import type { BookingsService } from './bookings.service.ts';
import type { ExtendedBookingsService } from './extended-bookings.service.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';

/**
 * Status calls on several bookings (the dashboard's bulk confirm and decline, the official client's bulk
 * cancel and allowed actions) and marking one PENDING: each booking in its own transaction, through the
 * same paths as one booking (state machine, revision, mails, events, history), so one refusal leaves
 * the others done.
 */
export function createBulkBookingStatusService(deps: {
  bookings: BookingsService;
  repository: BookingsRepository;
  extended: ExtendedBookingsService;
}) {
  const { bookings, repository, extended } = deps;

  function each(
    details: ReadonlyArray<{ bookingId: string; revision?: string | null }>,
    change: (id: string, revision: string | null | undefined) => Promise<Booking>,
  ): Promise<BulkItemResult<Booking>[]> {
    return bulkResults(
      details,
      (detail) => change(detail.bookingId, detail.revision),
      (detail, booking) => booking?.id ?? detail.bookingId,
    );
  }

  return {
    confirm: (ctx: RequestContext, details: ReadonlyArray<{ bookingId: string; revision?: string | null }>) =>
      each(details, (id, revision) => bookings.confirm(ctx, id, { revision })),
    decline: (ctx: RequestContext, details: ReadonlyArray<{ bookingId: string; revision?: string | null }>) =>
      each(details, (id, revision) => bookings.decline(ctx, id, { revision })),
    /** Customers cancel their own bookings within the policy, as with one booking. */
    cancel: (ctx: RequestContext, details: ReadonlyArray<{ bookingId: string; revision?: string | null }>) =>
      each(details, (id, revision) => bookings.cancel(ctx, id, { revision })),

    /** What the caller may do with each booking now; another customer's booking is an item not found. */
    allowedActions: (ctx: RequestContext, bookingIds: readonly string[]) =>
      bulkResults(
        bookingIds,
        async (id) => {
          const row = await repository.findById(ctx.site.id, id);
          if (!row) throw lifecycleErrors.bookingNotFound(id);
          assertOwnBooking(ctx, row);
          const allowed = (await extended.allowedActions(ctx, [row])).get(id)!;
          return { cancel: allowed.cancel, reschedule: allowed.reschedule };
        },
        (id) => id,
      ),

    /** CREATED → PENDING (business): the booking then waits for the business's approval. */
    async markAsPending(
      ctx: RequestContext,
      id: string,
      request: { revision?: string | null; paymentStatus?: PaymentStatus | null },
    ): Promise<Booking> {
      const row = await bookings.inTransaction(
        async (tx) => {
          const { to } = await bookings.lockForAction(ctx, id, 'markAsPending', request.revision, tx);
          const updated = await repository.update(
            ctx.site.id,
            id,
            { status: to, ...(request.paymentStatus ? { paymentStatus: request.paymentStatus } : {}) },
            tx,
          );
          await bookings.afterChange(ctx, tx, {
            event: bookingEventNames.updated,
            row: updated,
            mail: 'pending',
            notifyCustomer: true,
          });
          return updated;
        },
        () => lifecycleErrors.bookingNotFound(id),
      );
      return bookings.toWireBooking(row);
    },
  };
}

export type BulkBookingStatusService = ReturnType<typeof createBulkBookingStatusService>;
