import type { Service } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookings } from './bookings-api.ts';

/** The public catalogue that both the services pages and the booking flow read (one cache for both). */
export type SiteService = WithDates<Service>;

export const servicesKeys = {
  all: ['bookings', 'services'] as const,
  list: (search: string, categoryId: string | null) =>
    ['bookings', 'services', 'list', search, categoryId] as const,
  one: (serviceId: string) => ['bookings', 'services', 'one', serviceId] as const,
  categories: ['bookings', 'categories'] as const,
  staff: ['bookings', 'staff'] as const,
};

export function serviceOptions(serviceId: string) {
  return queryOptions({
    queryKey: servicesKeys.one(serviceId),
    queryFn: () => bookings.getService(serviceId),
    retry: false,
  });
}

export function useService(serviceId: string) {
  return useQuery(serviceOptions(serviceId));
}

/** Every staff member of the site (a studio has a handful), for names and photos. */
export function useStaff() {
  return useQuery({
    queryKey: servicesKeys.staff,
    queryFn: async () => (await bookings.queryStaffMembers().limit(100).find()).items,
    staleTime: 5 * 60_000,
  });
}
