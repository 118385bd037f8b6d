import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { bookingsKey } from '../../shared/api/bookings.ts';
import { localDay } from '../../shared/format.ts';

function addDays(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

/** The day's live bookings (`today` is local midnight). */
export function useTodaysBookings(today: Date) {
  return useQuery({
    queryKey: [...bookingsKey, 'today', today.toISOString()],
    queryFn: async () =>
      (
        await admin.bookings
          .queryExtendedBookings()
          .ge('startDate', today)
          .lt('startDate', addDays(today, 1))
          .in('status', ['CONFIRMED', 'PENDING', 'CREATED', 'WAITING_LIST'])
          .ascending('startDate')
          .limit(50)
          .find()
      ).items,
  });
}

/** The oldest bookings waiting for approval. */
export function usePendingBookings() {
  return useQuery({
    queryKey: [...bookingsKey, 'pending'],
    queryFn: () =>
      admin.bookings
        .queryExtendedBookings({ withBookingAllowedActions: true })
        .eq('status', 'PENDING')
        .ascending('startDate')
        .limit(10)
        .find(),
  });
}

/** Bookings per local day over the 30 days up to `today`, counted by the server in one call. */
export function useBookingsPerDay(today: Date) {
  return useQuery({
    queryKey: [...bookingsKey, 'per-day', today.toISOString()],
    queryFn: async () => {
      const days = await admin.bookings.countExtendedBookingsByDay({
        from: localDay(addDays(today, -29)),
        to: localDay(today),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        filter: { status: { $in: ['CONFIRMED', 'PENDING', 'CREATED'] } },
      });
      return days.map(({ date, count }) => ({ day: date.slice(5), bookings: count }));
    },
  });
}
