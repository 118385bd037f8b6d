import type { ExtendedBooking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bookingsKey } from './booking-actions.ts';
import { admin } from './dashboard-client.ts';

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
