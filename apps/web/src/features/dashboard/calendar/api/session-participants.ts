import type { ExtendedBooking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { useQuery } from '@tanstack/react-query';
import { bookingsKey } from '../../shared/api/bookings.ts';
import { admin } from '../../shared/api/admin-client.ts';

/** Which bookings fill a session: one class session by its event id, or every enrolment of a course. */
export type SessionRef = { kind: 'CLASS'; eventId: string } | { kind: 'COURSE'; serviceId: string };

/**
 * The bookings of one class session (or of a course, whose enrolments fill every session), oldest first.
 * Under `bookingsKey`, so adding or changing a booking anywhere refreshes the list.
 */
export function useSessionParticipants(session: SessionRef | undefined) {
  return useQuery({
    queryKey: [...bookingsKey, 'session-participants', session],
    enabled: Boolean(session),
    queryFn: async (): Promise<WithDates<ExtendedBooking>[]> => {
      let query = admin.bookings.queryExtendedBookings();
      query =
        session!.kind === 'CLASS'
          ? query.eq('bookedEntity.slot.eventId', session!.eventId)
          : query
              .eq('bookedEntity.schedule.serviceId', session!.serviceId)
              .eq('bookedEntity.slot.sessionId', 'COURSE');
      // A session holds tens of people; 100 is the server's page and a class's practical ceiling.
      return (await query.ascending('createdDate').limit(100).find()).items;
    },
  });
}
