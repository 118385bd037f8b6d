import type { Booking } from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { BookingsService } from './bookings.service.ts';

interface BulkItemResult {
  itemMetadata: {
    id: string;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string };
  };
  item?: Booking;
}

/**
 * The dashboard's bulk confirm and decline: each booking in its own transaction, through the same
 * confirm/decline as one booking (state machine, revision, mails, events, history), so one refusal
 * leaves the others done.
 */
export function createBulkBookingStatusService(bookings: BookingsService) {
  async function each(
    ctx: RequestContext,
    details: ReadonlyArray<{ bookingId: string; revision?: string | null }>,
    change: (id: string, revision: string | null | undefined) => Promise<Booking>,
  ): Promise<BulkItemResult[]> {
    const results: BulkItemResult[] = [];
    for (const [index, detail] of details.entries()) {
      try {
        const booking = await change(detail.bookingId, detail.revision);
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
  }

  return {
    confirm: (ctx: RequestContext, details: ReadonlyArray<{ bookingId: string; revision?: string | null }>) =>
      each(ctx, details, (id, revision) => bookings.confirm(ctx, id, { revision })),
    decline: (ctx: RequestContext, details: ReadonlyArray<{ bookingId: string; revision?: string | null }>) =>
      each(ctx, details, (id, revision) => bookings.decline(ctx, id, { revision })),
  };
}

export type BulkBookingStatusService = ReturnType<typeof createBulkBookingStatusService>;
