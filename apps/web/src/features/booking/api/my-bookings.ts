import type { ExtendedBooking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookings } from '../../../lib/bookings-api.ts';
import { explainBookingError } from '../lib/booking-errors.ts';

type Item = WithDates<ExtendedBooking>;
type Reschedule = Parameters<typeof bookings.rescheduleBooking>[1];

const siteBookingsKey = ['bookings'] as const;
const myBookingsKey = [...siteBookingsKey, 'mine'] as const;

/** The member's bookings that end from now on (soonest first), or that ended (latest first). */
export function useMyBookings(when: 'upcoming' | 'past') {
  return useQuery({
    queryKey: [...myBookingsKey, when],
    queryFn: async (): Promise<Item[]> => {
      const now = new Date();
      const query = bookings.queryExtendedBookings({ withBookingAllowedActions: true }).limit(100);
      const page =
        when === 'upcoming'
          ? await query.ge('endDate', now).ascending('startDate').find()
          : await query.lt('endDate', now).descending('startDate').find();
      return page.items;
    },
  });
}

/** Service names by id, for bookings whose title is empty. */
export function useServiceNames() {
  const services = useQuery({
    queryKey: [...siteBookingsKey, 'services', 'names'],
    queryFn: async () => (await bookings.queryServices().limit(100).find()).items,
    staleTime: 5 * 60_000,
  });
  return new Map((services.data ?? []).map((service) => [service.id, service.name]));
}

/** Moves a booking to a new time; the modal explains a refusal itself. */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, change }: { bookingId: string; change: Reschedule }) =>
      bookings.rescheduleBooking(bookingId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteBookingsKey }),
  });
}

/** Cancels a booking; a refusal is told in a red notification, in the booking flow's words. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: Item['booking']) =>
      bookings.cancelBooking(booking.id, { revision: booking.revision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteBookingsKey }),
    onError: (error) => notifications.show({ color: 'red', message: explainBookingError(error).message }),
  });
}
