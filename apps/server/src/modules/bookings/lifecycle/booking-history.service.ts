import type { BookingHistoryEntry } from '@atrium/contract/bookings/booking-history';
import type { RequestContext } from '../../../platform/context.ts';
import type { BookingHistoryRepository } from './booking-history.repository.ts';
import type { BookingHistoryRow, NewBookingHistoryRow } from './booking-history.tables.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import type { BookingRow } from './bookings.tables.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';

// A booking changes a handful of times; the cap only bounds a pathological one (an API client looping).
const maxEntries = 500;

/** The history row a lifecycle change writes (in its own transaction, see bookings.service afterChange). */
export function historyEntryOf(
  ctx: RequestContext,
  change: { event: string; row: BookingRow; previous?: BookingRow; details?: Record<string, unknown> },
): NewBookingHistoryRow {
  const { row, previous } = change;
  const moved =
    previous &&
    (previous.startDate.getTime() !== row.startDate.getTime() ||
      previous.endDate.getTime() !== row.endDate.getTime());
  const details = {
    ...(moved
      ? {
          previousStartDate: previous.startDate.toISOString(),
          previousEndDate: previous.endDate.toISOString(),
        }
      : {}),
    ...change.details,
  };
  return {
    siteId: row.siteId,
    bookingId: row.id,
    event: change.event,
    status: row.status,
    revision: row.revision,
    startDate: row.startDate,
    endDate: row.endDate,
    totalParticipants: row.totalParticipants,
    details: Object.keys(details).length > 0 ? details : null,
    actorType: ctx.caller.identityType,
    actorId: ctx.caller.identityId ?? null,
    createdDate: ctx.now(),
  };
}

function toWireEntry(row: BookingHistoryRow): BookingHistoryEntry {
  return {
    id: row.id,
    bookingId: row.bookingId,
    event: row.event,
    status: row.status,
    revision: String(row.revision),
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    totalParticipants: row.totalParticipants,
    details: row.details ?? null,
    actor: { identityType: row.actorType, identityId: row.actorId },
    createdDate: row.createdDate.toISOString(),
  };
}

export function createBookingHistoryService(deps: {
  history: BookingHistoryRepository;
  bookings: BookingsRepository;
}) {
  return {
    /** Every change of one booking of the caller's site, oldest first (business callers only). */
    async list(ctx: RequestContext, bookingId: string): Promise<BookingHistoryEntry[]> {
      const booking = await deps.bookings.findById(ctx.site.id, bookingId);
      if (!booking) throw lifecycleErrors.bookingNotFound(bookingId);
      const rows = await deps.history.listByBooking(ctx.site.id, bookingId, maxEntries);
      return rows.map(toWireEntry);
    },
  };
}

export type BookingHistoryService = ReturnType<typeof createBookingHistoryService>;
