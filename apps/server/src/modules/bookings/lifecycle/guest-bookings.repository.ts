import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { bookings, multiServiceBookings } from './bookings.tables.ts';

/** Whose guest bookings a member takes over: the visitor they signed in from, or an address they proved. */
export type Guest = { visitorId: string } | { email: string };

/**
 * Bookings made by a visitor (ANONYMOUS_VISITOR) become a member's: those of the visitor credential the
 * member signed in from, and, once the member proves their address, those whose contact email is it.
 */
export function createGuestBookingsRepository(db: Executor) {
  return {
    /** Hands the guest's bookings to `memberId`; returns how many changed hands. */
    async handOver(siteId: string, memberId: string, guest: Guest, executor: Executor = db): Promise<number> {
      const whose =
        'visitorId' in guest
          ? eq(bookings.createdById, guest.visitorId)
          : sql`lower(${bookings.contactDetails}->>'email') = lower(${guest.email})`;
      const moved = await executor
        .update(bookings)
        .set({
          createdByType: 'MEMBER',
          createdById: memberId,
          revision: sql`${bookings.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(and(eq(bookings.siteId, siteId), eq(bookings.createdByType, 'ANONYMOUS_VISITOR'), whose))
        .returning({ id: bookings.id });
      if ('visitorId' in guest) {
        await executor
          .update(multiServiceBookings)
          .set({ createdById: memberId })
          .where(
            and(
              eq(multiServiceBookings.siteId, siteId),
              eq(multiServiceBookings.createdById, guest.visitorId),
            ),
          );
      }
      return moved.length;
    },
  };
}
