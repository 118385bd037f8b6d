import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookings } from '../../../lib/bookings-api.ts';
import type { RescheduleSlot } from '../components/reschedule-modal.tsx';

const guestBookingKey = (token: string) => ['bookings', 'guest', token] as const;

/**
 * The booking a guest link opens (the token from the customer's mail), what its holder may do now, and
 * its service. Not retried: an invalid or expired link stays one.
 */
export function useGuestBooking(token: string) {
  return useQuery({
    queryKey: guestBookingKey(token),
    queryFn: async () => {
      const [opened, service] = await Promise.all([
        bookings.getGuestBooking(token),
        bookings.getGuestBookingService(token),
      ]);
      return { ...opened, service };
    },
    retry: false,
  });
}

/** Cancels the booking the link opens, at its current revision. */
export function useCancelGuestBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: string) => bookings.cancelGuestBooking(token, revision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestBookingKey(token) }),
  });
}

/** Moves the booking the link opens to another slot of its service. */
export function useRescheduleGuestBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, revision }: { slot: RescheduleSlot; revision: string }) =>
      bookings.rescheduleGuestBooking(token, { slot, revision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
