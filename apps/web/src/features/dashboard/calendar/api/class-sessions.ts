import type { TimeSlot } from '@atrium/sdk/modules/bookings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bookingsKey } from '../../shared/api/bookings.ts';
import { admin } from '../../shared/api/admin-client.ts';

const pad = (n: number) => String(n).padStart(2, '0');
function localDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

/**
 * Class and course sessions in [from, to) with their spots, in the browser's time zone (the calendar
 * shows local times, so the server answers local dates in the same zone).
 */
export function useClassSessions(from: Date | undefined, to: Date | undefined, serviceIds: string[]) {
  return useQuery({
    queryKey: [...bookingsKey, 'sessions', from?.toISOString(), to?.toISOString(), serviceIds],
    enabled: Boolean(from && to) && serviceIds.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const slots: TimeSlot[] = [];
      let cursor: string | null | undefined;
      // A few pages cover a month of a busy timetable; the cap keeps a runaway query bounded.
      for (let page = 0; page < 10; page += 1) {
        const answer = await admin.bookings.listEventTimeSlots({
          fromLocalDate: localDateTime(from!),
          toLocalDate: localDateTime(to!),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          serviceIds,
          includeNonBookable: true,
          cursorPaging: { limit: 500, ...(cursor ? { cursor } : {}) },
        });
        slots.push(...answer.timeSlots);
        cursor = answer.pagingMetadata.cursors.next;
        if (!answer.pagingMetadata.hasNext || !cursor) break;
      }
      return slots;
    },
  });
}
