import type { Booking, ExtendedBooking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { t } from '../strings.ts';
import { useActionMutation } from '../use-action-mutation.ts';
import { admin } from './admin-client.ts';

/** Every bookings query of the dashboard starts with this key, so one change refreshes them all. */
export const bookingsKey = ['dashboard', 'bookings'] as const;

/** Whether the customer is emailed about a business's change, and the owner's words for them. */
export interface CustomerNotice {
  notifyParticipants: boolean;
  message?: string;
}

type Action =
  | { kind: 'confirm' | 'decline' | 'cancel'; booking: WithDates<Booking>; notice: CustomerNotice }
  | { kind: 'participants'; booking: WithDates<Booking>; totalParticipants: number }
  | { kind: 'attendance'; booking: WithDates<Booking>; status: 'ATTENDED' | 'NOT_ATTENDED' | 'NOT_SET' };

/** Every change a business makes to one booking; each refreshes the lists and the calendar. */
export function useBookingAction(onDone?: () => void) {
  return useActionMutation({
    mutationFn: async (action: Action) => {
      const { id, revision } = action.booking;
      switch (action.kind) {
        case 'confirm':
          return admin.bookings.confirmBooking(id, { revision, participantNotification: action.notice });
        case 'decline':
          return admin.bookings.declineBooking(id, { revision, participantNotification: action.notice });
        case 'cancel':
          return admin.bookings.cancelBooking(id, { revision, participantNotification: action.notice });
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
    invalidates: [bookingsKey],
    onSuccess: (_result, action) => {
      notifications.show({ color: 'teal', message: t.bookingActions.done[action.kind] });
      onDone?.();
    },
  });
}

export interface BookingFilters {
  staffIds: string[];
  /** Rooms and equipment (not staff): bookings holding any of them. */
  resourceIds: string[];
  serviceIds: string[];
  statuses: string[];
}

// A week of a busy business fits in a few pages; the cap keeps a month view of a huge site bounded.
const maxPages = 20;

/** Bookings that start in [from, to), filtered on the server, read page by page (100 each). */
export function useBookingsInRange(from: Date | undefined, to: Date | undefined, filters: BookingFilters) {
  return useQuery({
    queryKey: [...bookingsKey, 'range', from?.toISOString(), to?.toISOString(), filters],
    enabled: Boolean(from && to),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      let query = admin.bookings
        // No attachments: the calendar draws status and time only; the drawer loads the rest of one booking.
        .queryExtendedBookings()
        .ge('startDate', from!)
        .lt('startDate', to!);
      if (filters.staffIds.length > 0) query = query.in('bookedEntity.slot.resource.id', filters.staffIds);
      if (filters.resourceIds.length > 0)
        query = query.hasSome('bookedEntity.slot.resources.id', filters.resourceIds);
      if (filters.serviceIds.length > 0) query = query.in('bookedEntity.slot.serviceId', filters.serviceIds);
      if (filters.statuses.length > 0) query = query.in('status', filters.statuses);
      const items: WithDates<ExtendedBooking>[] = [];
      let page = await query.ascending('startDate').limit(100).find();
      items.push(...page.items);
      for (let count = 1; page.hasNext() && count < maxPages; count += 1) {
        page = await page.next();
        items.push(...page.items);
      }
      return items;
    },
  });
}

/** One booking with everything the drawer shows: allowed actions, attendance, form answers and fees. */
export function useExtendedBooking(bookingId: string | undefined) {
  return useQuery({
    queryKey: [...bookingsKey, 'extended', bookingId],
    enabled: Boolean(bookingId),
    queryFn: async () => {
      const page = await admin.bookings
        .queryExtendedBookings({
          withBookingAllowedActions: true,
          withBookingAttendanceInfo: true,
          withFormSubmission: true,
          withBookingFeeDetails: true,
        })
        .eq('id', bookingId)
        .limit(1)
        .find();
      return page.items[0] ?? null;
    },
  });
}

/** The labels of a booking form's fields by field name (`firstName` → "First name"); forms rarely change. */
export function useFormLabels(formId: string | undefined) {
  return useQuery({
    queryKey: ['dashboard', 'booking-form', formId],
    enabled: Boolean(formId),
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const form = await admin.bookings.getBookingForm(formId!);
      return new Map(form.fields.map((field) => [field.name, field.label ?? field.name]));
    },
  });
}

/** What happened to one booking, oldest first. */
export function useBookingHistory(bookingId: string) {
  return useQuery({
    queryKey: [...bookingsKey, 'history', bookingId],
    queryFn: () => admin.bookingHistory.getBookingHistory(bookingId),
  });
}
