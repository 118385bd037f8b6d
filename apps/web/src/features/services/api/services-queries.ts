import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookings } from '../../../lib/bookings-api.ts';
import { servicesKeys, type SiteService } from '../../../lib/site-services.ts';

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

export function useCategories() {
  return useQuery({
    queryKey: servicesKeys.categories,
    queryFn: () => bookings.queryServiceCategories(),
    staleTime: 5 * 60_000,
  });
}
