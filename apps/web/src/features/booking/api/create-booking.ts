import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookings } from '../../../lib/bookings-api.ts';

type BookingInput = Parameters<typeof bookings.createBooking>[0];
type BookingOptions = Parameters<typeof bookings.createBooking>[1];
type VisitInput = Parameters<typeof bookings.createMultiServiceBooking>[0];

/** Every bookings query of the site (services, free times, the member's bookings) starts with this key. */
const siteBookingsKey = ['bookings'] as const;

/** Books one service; the page explains a refusal itself (lib/booking-errors.ts). */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, options }: { booking: BookingInput; options: BookingOptions }) =>
      bookings.createBooking(booking, options),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteBookingsKey }),
  });
}

/** Books several services back to back, all or nothing. */
export function useCreateVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visit: VisitInput) => bookings.createMultiServiceBooking(visit),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteBookingsKey }),
  });
}

export const bookedKey = (bookingId: string | undefined) => [...siteBookingsKey, 'booked', bookingId];

/** A booking the visitor just made, read again (the confirmation survives a reload). */
export function useBookedBooking(bookingId: string | undefined) {
  return useQuery({
    queryKey: bookedKey(bookingId),
    enabled: Boolean(bookingId),
    queryFn: () => bookings.getBooking(bookingId!),
    staleTime: Infinity,
    retry: false,
  });
}
