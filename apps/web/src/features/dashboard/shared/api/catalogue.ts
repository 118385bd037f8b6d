import { setMoneyLocale } from '../../../../lib/money.ts';
import { useQuery } from '@tanstack/react-query';
import { admin } from './admin-client.ts';

export const categoriesKey = ['dashboard', 'categories'] as const;
export const resourceTypesKey = ['dashboard', 'resource-types'] as const;
export const resourcesKey = ['dashboard', 'resources'] as const;
export const siteKey = ['dashboard', 'site'] as const;
export const staffKey = ['dashboard', 'staff'] as const;
export const policiesKey = ['dashboard', 'policies'] as const;

/** Services and staff change rarely; every screen shares these two lists through the query cache. */
export function useServices() {
  return useQuery({
    queryKey: ['dashboard', 'services'],
    queryFn: async () => (await admin.bookings.queryServices().ascending('name').limit(100).find()).items,
  });
}

export function useStaffMembers() {
  return useQuery({
    queryKey: staffKey,
    queryFn: async () => (await admin.bookings.queryStaffMembers().limit(100).find()).items,
  });
}

export function useSite() {
  return useQuery({
    queryKey: siteKey,
    queryFn: async () => {
      const site = await admin.sites.getSite();
      setMoneyLocale(site.locale);
      return site;
    },
  });
}

/** Looks names up by id for tables and the calendar. */
export function useNames() {
  const services = useServices();
  const staff = useStaffMembers();
  const serviceNames = new Map((services.data ?? []).map((service) => [service.id, service.name]));
  const staffNames = new Map((staff.data ?? []).map((member) => [member.id, member.name]));
  return { services, staff, serviceNames, staffNames };
}

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

/** The booking policies (a site has a handful): the policies page lists them, the service editor picks one. */
export function useBookingPolicies(enabled = true) {
  return useQuery({
    queryKey: policiesKey,
    enabled,
    queryFn: async () => (await admin.bookings.queryBookingPolicies().limit(100).find()).items,
  });
}
