import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { bookingsKey } from '../../shared/api/bookings.ts';
import { localDay } from '../../shared/format.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

const scheduleKey = (serviceId: string) => ['dashboard', 'schedule', serviceId] as const;

const pad = (n: number) => String(n).padStart(2, '0');
function localDateTime(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

/** A class's weekly and one-off sessions, in the business time zone. */
export function useServiceSchedule(serviceId: string) {
  return useQuery({
    queryKey: scheduleKey(serviceId),
    queryFn: () => admin.bookings.getServiceSchedule(serviceId),
  });
}

/** The next sessions as the availability engine expands them, with their free spots. */
export function useUpcomingSessions(serviceId: string, days: number, limit: number) {
  return useQuery({
    queryKey: [...scheduleKey(serviceId), 'upcoming'],
    queryFn: async () => {
      const from = new Date();
      const to = new Date(from.getTime() + days * 86_400_000);
      const answer = await admin.bookings.listEventTimeSlots({
        fromLocalDate: localDateTime(from),
        toLocalDate: localDateTime(to),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        serviceIds: [serviceId],
        includeNonBookable: true,
        cursorPaging: { limit },
      });
      return { slots: answer.timeSlots, more: answer.pagingMetadata.hasNext ?? false };
    },
  });
}

/** A change to the timetable: the schedule, its preview and the bookings (calendar) are read again. */
function useScheduleAction<TVariables>(
  serviceId: string,
  mutationFn: (variables: TVariables) => Promise<unknown>,
  options: ActionOptions<unknown, TVariables>,
) {
  return useActionMutation({ ...options, mutationFn, invalidates: [scheduleKey(serviceId), bookingsKey] });
}

export function useAddWeeklySession(
  serviceId: string,
  options: ActionOptions<unknown, Parameters<typeof admin.bookings.addRecurringSession>[1]> = {},
) {
  return useScheduleAction(
    serviceId,
    (session) => admin.bookings.addRecurringSession(serviceId, session),
    options,
  );
}

export function useAddSession(
  serviceId: string,
  options: ActionOptions<unknown, Parameters<typeof admin.bookings.addSession>[1]> = {},
) {
  return useScheduleAction(serviceId, (session) => admin.bookings.addSession(serviceId, session), options);
}

export function useDeleteWeeklySession(serviceId: string, options: ActionOptions<unknown, string> = {}) {
  return useScheduleAction(
    serviceId,
    (id: string) => admin.bookings.deleteRecurringSession(serviceId, id),
    options,
  );
}

export function useDeleteSession(serviceId: string, options: ActionOptions<unknown, string> = {}) {
  return useScheduleAction(serviceId, (id: string) => admin.bookings.deleteSession(serviceId, id), options);
}

/** Cancels one occurrence of a weekly session; the pattern stays. */
export function useCancelOccurrence(serviceId: string, options: ActionOptions<unknown, string> = {}) {
  return useScheduleAction(
    serviceId,
    (eventId: string) => admin.bookings.cancelSessionOccurrence(serviceId, eventId),
    options,
  );
}

export function useRestoreOccurrence(serviceId: string, options: ActionOptions<unknown, string> = {}) {
  return useScheduleAction(
    serviceId,
    (eventId: string) => admin.bookings.restoreSessionOccurrence(serviceId, eventId),
    options,
  );
}
