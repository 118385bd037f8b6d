import { useQuery } from '@tanstack/react-query';
import { bookings } from '../../../lib/bookings-api.ts';
import { availabilityKey, type PickableSlot } from './availability-queries.ts';
import { nextDay } from '../lib/time.ts';

/** One start time for a whole visit, and when each of its services starts there. */
export interface VisitSlot extends PickableSlot {
  parts: Array<{ serviceId: string; start: Date; end: Date; staffId?: string }>;
}

/** The times of one local day (`YYYY-MM-DD`) at which the services fit back to back. */
export function useVisitSlots(serviceIds: string[], day: string | null, timeZone: string) {
  return useQuery({
    queryKey: [...availabilityKey, 'visit', serviceIds, day, timeZone],
    enabled: Boolean(day) && serviceIds.length >= 2,
    queryFn: async (): Promise<VisitSlot[]> => {
      const answer = await bookings.getMultiSlotAvailability({
        from: `${day}T00:00:00`,
        to: `${nextDay(day!)}T00:00:00`,
        timeZone,
        bookable: true,
        slots: serviceIds.map((serviceId) => ({ serviceId })),
      });
      return answer.slots.map((entry) => ({
        key: String(entry.slot.startDate.getTime()),
        start: entry.slot.startDate,
        end: entry.slot.endDate,
        staffIds: [],
        staffNames: [],
        openSpots: entry.openSpots,
        totalSpots: entry.totalSpots,
        bookable: entry.bookable,
        parts: (entry.slot.nestedTimeSlots ?? []).map((part) => ({
          serviceId: part.serviceId,
          start: new Date(part.start),
          end: new Date(part.end),
          ...(part.resource?.id ? { staffId: part.resource.id } : {}),
        })),
      }));
    },
  });
}
