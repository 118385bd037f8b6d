import { z } from 'zod';

/**
 * One change in a booking's life, oldest first: what happened (`event`), the booking's status, revision,
 * time and participants right after it, and who did it. `details` carries what the event alone does not
 * say: `previousStartDate`/`previousEndDate` of a reschedule, `attendanceStatus` of an attendance mark.
 * @example {"id":"…","bookingId":"…","event":"bookings.booking.rescheduled","status":"CONFIRMED","revision":"3","startDate":"2026-12-01T10:00:00.000Z","endDate":"2026-12-01T11:00:00.000Z","totalParticipants":1,"details":{"previousStartDate":"2026-12-01T09:00:00.000Z","previousEndDate":"2026-12-01T10:00:00.000Z"},"actor":{"identityType":"WIX_USER","identityId":"…"},"createdDate":"2026-11-20T08:00:00.000Z"}
 */
export const bookingHistoryEntrySchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  event: z.string(),
  status: z.string(),
  revision: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  totalParticipants: z.number().int(),
  details: z.record(z.string(), z.unknown()).nullable(),
  actor: z.object({ identityType: z.string(), identityId: z.string().nullable() }),
  createdDate: z.string(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

export const bookingHistoryResponseSchema = z.object({ entries: z.array(bookingHistoryEntrySchema) });
