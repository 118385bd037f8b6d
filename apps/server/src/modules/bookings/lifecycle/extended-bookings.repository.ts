import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { defineQueryEntity } from '../../../platform/query/query-entity.ts';
import { bookingAttendance, bookings, type BookingRow } from './bookings.tables.ts';

/** What extended-bookings queries may filter and sort by (wire names of the official client). */
export const bookingQueryEntity = defineQueryEntity({
  name: 'bookings',
  table: bookings,
  idColumn: bookings.id,
  fields: {
    id: bookings.id,
    status: { column: bookings.status, type: 'enum' },
    paymentStatus: { column: bookings.paymentStatus, type: 'string' },
    startDate: bookings.startDate,
    endDate: bookings.endDate,
    createdDate: bookings.createdDate,
    updatedDate: bookings.updatedDate,
    totalParticipants: bookings.totalParticipants,
    'bookedEntity.slot.serviceId': bookings.serviceId,
    'bookedEntity.schedule.serviceId': bookings.serviceId,
    'bookedEntity.slot.scheduleId': bookings.scheduleId,
    'bookedEntity.slot.startDate': bookings.startDate,
    'bookedEntity.slot.endDate': bookings.endDate,
    'bookedEntity.slot.sessionId': bookings.sessionKey,
    'bookedEntity.slot.eventId': bookings.sessionKey,
    'bookedEntity.slot.resource.id': bookings.staffMemberId,
    // Rooms and equipment the booking holds; `$in`/`$hasSome` find the bookings of any of several.
    'bookedEntity.slot.resources.id': { column: bookings.resourceIds, type: 'uuidArray' },
    // The address inside the contact details (the whole JSONB object never equals a string).
    'contactDetails.email': { expression: sql`(${bookings.contactDetails} ->> 'email')`, type: 'string' },
    'multiServiceBookingInfo.id': bookings.multiServiceBookingId,
    doubleBooked: bookings.doubleBooked,
  },
  maxLimit: 100,
});

export const attendanceQueryEntity = defineQueryEntity({
  name: 'attendance',
  table: bookingAttendance,
  idColumn: bookingAttendance.id,
  fields: {
    id: bookingAttendance.id,
    bookingId: bookingAttendance.bookingId,
    sessionId: bookingAttendance.sessionKey,
    status: { column: bookingAttendance.status, type: 'string' },
    createdDate: bookingAttendance.createdDate,
  },
});

/** Who created a booking, as stored (`created_by_type`, `created_by_id`). */
export interface BookingCreator {
  type: string;
  id: string;
}

function createdBy(creator: BookingCreator | undefined): SQL | undefined {
  if (!creator) return undefined;
  return and(eq(bookings.createdByType, creator.type), eq(bookings.createdById, creator.id));
}

/** The where clauses and reads of extended-bookings queries (the listing itself is `bookings.repository.ts`'s). */
export function createExtendedBookingsRepository(db: Executor) {
  return {
    /** A compiled filter, narrowed to one creator's bookings and to one session when given. */
    queryWhere(
      filter: SQL,
      creator: BookingCreator | undefined,
      sessionId: string | null | undefined,
    ): SQL | undefined {
      return and(filter, createdBy(creator), sessionId ? eq(bookings.sessionKey, sessionId) : undefined);
    },

    async findByIds(
      siteId: string,
      bookingIds: readonly string[],
      creator: BookingCreator | undefined,
      executor: Executor = db,
    ): Promise<BookingRow[]> {
      return executor
        .select()
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), inArray(bookings.id, [...bookingIds]), createdBy(creator)));
    },
  };
}

export type ExtendedBookingsRepository = ReturnType<typeof createExtendedBookingsRepository>;
