import { useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { errorCode } from '../../shared/errors.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

const calendarsKey = ['dashboard', 'external-calendars'] as const;
const feedKey = (staffMemberId: string) => ['dashboard', 'staff-feed', staffMemberId] as const;

type Synced = Awaited<ReturnType<typeof admin.bookings.syncExternalCalendar>>;
type Feed = Awaited<ReturnType<typeof admin.bookings.createStaffCalendarFeed>>;

/** A staff member's connected calendars, looked at again while an import runs. */
export function useExternalCalendars(staffMemberId: string, includeDisconnected: boolean) {
  return useQuery({
    queryKey: [...calendarsKey, staffMemberId, includeDisconnected],
    queryFn: () => admin.bookings.listExternalCalendars({ staffMemberId, includeDisconnected }),
    // The first import runs as a job just after connecting: look again until it has finished.
    refetchInterval: (query) =>
      query.state.data?.some(
        (calendar) => calendar.status === 'CONNECTED' || calendar.status === 'SYNC_IN_PROGRESS',
      )
        ? 2000
        : false,
  });
}

export function useConnectCalendar(
  options: ActionOptions<unknown, Parameters<typeof admin.bookings.connectExternalCalendar>[0]> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: (calendar) => admin.bookings.connectExternalCalendar(calendar),
    invalidates: [calendarsKey],
  });
}

/** Imports a calendar now; the answer's status says whether the import worked. */
export function useSyncCalendar(options: ActionOptions<Synced, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (calendarId) => admin.bookings.syncExternalCalendar(calendarId),
    invalidates: [calendarsKey],
  });
}

export function useDisconnectCalendar(options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (calendarId) => admin.bookings.disconnectExternalCalendar(calendarId),
    invalidates: [calendarsKey],
  });
}

/** The staff member's private bookings feed, or null while there is none. */
export function useStaffFeed(staffMemberId: string) {
  return useQuery({
    queryKey: feedKey(staffMemberId),
    queryFn: async () => {
      try {
        return await admin.bookings.getStaffCalendarFeed(staffMemberId);
      } catch (error) {
        if (errorCode(error) === 'NOT_FOUND' || (error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
}

export function useCreateFeed(staffMemberId: string) {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: () => admin.bookings.createStaffCalendarFeed(staffMemberId),
    onSuccess: (answer) => queryClient.setQueryData(feedKey(staffMemberId), answer),
  });
}

/** A new feed address; the old one stops working. */
export function useRotateFeed(staffMemberId: string, options: ActionOptions<Feed> = {}) {
  const queryClient = useQueryClient();
  return useActionMutation({
    ...options,
    mutationFn: () => admin.bookings.rotateStaffCalendarFeed(staffMemberId),
    onSuccess: (answer, ...rest) => {
      queryClient.setQueryData(feedKey(staffMemberId), answer);
      return options.onSuccess?.(answer, ...rest);
    },
  });
}
