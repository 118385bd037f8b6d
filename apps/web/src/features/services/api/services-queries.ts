import type { Service } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookings } from './bookings-api.ts';

export type SiteService = WithDates<Service>;

export const servicesKeys = {
  all: ['bookings', 'services'] as const,
  list: (search: string, categoryId: string | null) =>
    ['bookings', 'services', 'list', search, categoryId] as const,
  one: (serviceId: string) => ['bookings', 'services', 'one', serviceId] as const,
  categories: ['bookings', 'categories'] as const,
  staff: ['bookings', 'staff'] as const,
};

/** Visible services matching the search text and category, in the owner's order. */
export function servicesListOptions(search: string, categoryId: string | null) {
  return queryOptions({
    queryKey: servicesKeys.list(search, categoryId),
    queryFn: async (): Promise<SiteService[]> => {
      const expression = search.trim();
      const answer = await bookings.searchServices({
        ...(categoryId ? { filter: { 'category.id': categoryId } } : {}),
        ...(expression ? { search: { expression } } : {}),
        sort: [{ fieldName: 'sortOrder', order: 'ASC' }],
        cursorPaging: { limit: 100 },
      });
      return answer.services.filter((service) => !service.hidden);
    },
    placeholderData: (previous) => previous,
  });
}

export function useServices(search: string, categoryId: string | null) {
  return useQuery(servicesListOptions(search, categoryId));
}

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

export function useCategories() {
  return useQuery({
    queryKey: servicesKeys.categories,
    queryFn: () => bookings.queryServiceCategories(),
    staleTime: 5 * 60_000,
  });
}

/** Every staff member of the site (a studio has a handful), for names and photos. */
export function useStaff() {
  return useQuery({
    queryKey: servicesKeys.staff,
    queryFn: async () => (await bookings.queryStaffMembers().limit(100).find()).items,
    staleTime: 5 * 60_000,
  });
}
