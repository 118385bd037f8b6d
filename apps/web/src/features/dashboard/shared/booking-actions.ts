import type { Booking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { t } from './strings.ts';
import { admin } from './dashboard-client.ts';
import { useActionMutation } from './use-action-mutation.ts';

export const bookingsKey = ['dashboard', 'bookings'] as const;

type Action =
  | { kind: 'confirm' | 'decline' | 'cancel'; booking: WithDates<Booking> }
  | { kind: 'participants'; booking: WithDates<Booking>; totalParticipants: number }
  | { kind: 'attendance'; booking: WithDates<Booking>; status: 'ATTENDED' | 'NOT_ATTENDED' | 'NOT_SET' };

/** Every change a business makes to one booking; each refreshes the lists and the calendar. */
export function useBookingAction(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: async (action: Action) => {
      const { id, revision } = action.booking;
      switch (action.kind) {
        case 'confirm':
          return admin.bookings.confirmBooking(id, { revision });
        case 'decline':
          return admin.bookings.declineBooking(id, { revision });
        case 'cancel':
          return admin.bookings.cancelBooking(id, { revision });
        case 'participants':
          return admin.bookings.updateNumberOfParticipants(id, {
            revision,
            totalParticipants: action.totalParticipants,
          });
        case 'attendance':
          return admin.bookings.setAttendance({
            bookingId: id,
            status: action.status,
            numberOfAttendees: action.status === 'ATTENDED' ? action.booking.totalParticipants : 0,
          });
      }
    },
    onSuccess: (_result, action) => {
      notifications.show({ color: 'teal', message: t.bookingActions.done[action.kind] });
      void queryClient.invalidateQueries({ queryKey: bookingsKey });
      onDone?.();
    },
  });
}
