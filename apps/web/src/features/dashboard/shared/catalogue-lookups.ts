import { useQuery } from '@tanstack/react-query';
import { admin } from './dashboard-client.ts';

export const categoriesKey = ['dashboard', 'categories'] as const;
export const resourceTypesKey = ['dashboard', 'resource-types'] as const;
export const resourcesKey = ['dashboard', 'resources'] as const;

/** Every category in site order, for pickers (a site has tens; the server pages at most 100). */
export function useAllCategories() {
  return useQuery({
    queryKey: [...categoriesKey, 'all'],
    queryFn: async () =>
      (await admin.bookings.queryCategories().ascending('sortOrder').limit(100).find()).items,
  });
}

/** Every resource type by name, for pickers. */
export function useAllResourceTypes() {
  return useQuery({
    queryKey: [...resourceTypesKey, 'all'],
    queryFn: async () =>
      (await admin.bookings.queryResourceTypes().ascending('name').limit(100).find()).items,
  });
}

/** How many services use each category (one search with a VALUE aggregation). */
export function useServiceCountsByCategory() {
  return useQuery({
    queryKey: ['dashboard', 'services', 'per-category'],
    queryFn: async () => {
      const answer = await admin.bookings.searchServices({
        cursorPaging: { limit: 1 },
        aggregations: [
          { name: 'byCategory', fieldPath: 'category.id', type: 'VALUE', value: { limit: 1000 } },
        ],
      });
      const results = answer.aggregationData.results.find((entry) => entry.name === 'byCategory');
      return new Map((results?.values?.results ?? []).map((entry) => [entry.value, entry.count]));
    },
  });
}
