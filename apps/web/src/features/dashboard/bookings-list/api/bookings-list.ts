import type { ExtendedBooking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { bookingsKey } from '../../shared/api/bookings.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

export type SortField = 'startDate' | 'createdDate';
export interface ListSort {
  field: SortField;
  order: 'ASC' | 'DESC';
}

export interface ListFilters {
  statuses: string[];
  serviceIds: string[];
  staffId: string | null;
  email: string;
  when: 'upcoming' | 'past' | 'all';
}

function buildQuery(filters: ListFilters, sort: ListSort) {
  let query = admin.bookings.queryExtendedBookings({ withBookingAttendanceInfo: true });
  if (filters.statuses.length > 0) query = query.in('status', filters.statuses);
  if (filters.serviceIds.length > 0) query = query.in('bookedEntity.slot.serviceId', filters.serviceIds);
  if (filters.staffId) query = query.eq('bookedEntity.slot.resource.id', filters.staffId);
  if (filters.email.trim()) query = query.eq('contactDetails.email', filters.email.trim().toLowerCase());
  if (filters.when === 'upcoming') query = query.ge('startDate', new Date());
  if (filters.when === 'past') query = query.lt('startDate', new Date());
  return sort.order === 'ASC' ? query.ascending(sort.field) : query.descending(sort.field);
}

/** One page (1-based) of the filtered, sorted bookings. */
export function useBookingsList(filters: ListFilters, sort: ListSort, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...bookingsKey, 'list', filters, sort, page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      buildQuery(filters, sort)
        .limit(pageSize)
        .skip((page - 1) * pageSize)
        .find(),
  });
}

type Selection = Parameters<typeof admin.bookingBulkStatus.bulkConfirmBookings>[0];

/** Confirms or declines the selection in one request; each booking changes on its own on the server. */
export function useBulkStatus(
  options: ActionOptions<
    { done: number; total: number },
    { kind: 'confirm' | 'decline'; selection: Selection }
  > = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: async ({ kind, selection }) => {
      const answer =
        kind === 'confirm'
          ? await admin.bookingBulkStatus.bulkConfirmBookings(selection, { returnEntity: false })
          : await admin.bookingBulkStatus.bulkDeclineBookings(selection, { returnEntity: false });
      return { done: answer.bulkActionMetadata.totalSuccesses, total: selection.length };
    },
    invalidates: [bookingsKey],
  });
}

/**
 * Every matching booking, page by page (the server caps a page at 100): an export has no row limit.
 * `onProgress` hears the count read so far.
 */
export function useAllBookings(
  options: ActionOptions<
    WithDates<ExtendedBooking>[],
    { filters: ListFilters; sort: ListSort; onProgress: (count: number) => void }
  > = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: async ({ filters, sort, onProgress }) => {
      const all: WithDates<ExtendedBooking>[] = [];
      let result = await buildQuery(filters, sort).limit(100).find();
      all.push(...result.items);
      while (result.hasNext()) {
        result = await result.next();
        all.push(...result.items);
        onProgress(all.length);
      }
      return all;
    },
  });
}
