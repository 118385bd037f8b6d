import type { Booking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { useQuery } from '@tanstack/react-query';
import { admin } from './admin-client.ts';
import { bookingsKey } from './bookings.ts';
import { useActionMutation, type ActionOptions } from '../use-action-mutation.ts';

/** A free start for a booking's service (and its staff member, for an appointment). */
export interface FreeTime {
  start: Date;
  end: Date;
  sessionId?: string;
  eventId?: string;
}

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The free times of a booking's service on one day (`YYYY-MM-DD` in the viewer's zone, as the dashboard
 * shows times), kept to the booking's staff member when it has one.
 */
export function useFreeTimes(booking: WithDates<Booking>, day: string | null) {
  const slot = booking.bookedEntity.slot;
  const staffId = slot?.resource?.id ?? null;
  return useQuery({
    queryKey: [...bookingsKey, 'free-times', slot?.serviceId, staffId, day],
    enabled: Boolean(slot && day),
    queryFn: async (): Promise<FreeTime[]> => {
      const next = new Date(`${day}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const entries = await admin.bookings.queryAvailability({
        query: {
          filter: {
            serviceId: [slot!.serviceId],
            startDate: `${day}T00:00:00`,
            endDate: `${next.toISOString().slice(0, 10)}T00:00:00`,
            ...(staffId ? { staffMemberId: [staffId] } : {}),
          },
        },
        timezone: viewerZone(),
      });
      const seen = new Set<number>();
      return entries
        .filter((entry) => entry.bookable && entry.slot.startDate.getTime() !== booking.startDate.getTime())
        .filter(
          (entry) => !seen.has(entry.slot.startDate.getTime()) && seen.add(entry.slot.startDate.getTime()),
        )
        .map((entry) => ({
          start: entry.slot.startDate,
          end: entry.slot.endDate,
          ...(entry.slot.sessionId ? { sessionId: entry.slot.sessionId } : {}),
          ...(entry.slot.eventId ? { eventId: entry.slot.eventId } : {}),
        }));
    },
  });
}

export interface MoveToFreeTime {
  booking: WithDates<Booking>;
  to: FreeTime;
  /** Email the customer the new time (the guest link in it stays valid). */
  notify: boolean;
}

/**
 * Moves a booking to a free time of its service, keeping its staff member and location, within the
 * availability (no override: a time taken meanwhile is refused and the owner picks another).
 */
export function useMoveToFreeTime(options: ActionOptions<unknown, MoveToFreeTime> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: ({ booking, to, notify }) => {
      const slot = booking.bookedEntity.slot!;
      return admin.bookings.rescheduleBooking(booking.id, {
        revision: booking.revision,
        slot: {
          serviceId: slot.serviceId,
          startDate: to.start.toISOString(),
          endDate: to.end.toISOString(),
          timezone: slot.timezone,
          ...(slot.resource ? { resource: slot.resource } : {}),
          ...(slot.location ? { location: slot.location } : {}),
          ...(to.sessionId ? { sessionId: to.sessionId } : {}),
          ...(to.eventId ? { eventId: to.eventId } : {}),
        },
        participantNotification: { notifyParticipants: notify },
      });
    },
    invalidates: [bookingsKey],
  });
}
