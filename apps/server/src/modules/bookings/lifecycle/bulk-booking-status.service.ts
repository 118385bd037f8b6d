import type { Booking } from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import { bulkResults, type BulkItemResult } from '../../../platform/bulk/bulk-results.ts';
import type { BookingsService } from './bookings.service.ts';

/**
 * The dashboard's bulk confirm and decline: each booking in its own transaction, through the same
 * confirm/decline as one booking (state machine, revision, mails, events, history), so one refusal
 * leaves the others done.
 */
export function createBulkBookingStatusService(bookings: BookingsService) {
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
  };
}

export type BulkBookingStatusService = ReturnType<typeof createBulkBookingStatusService>;
