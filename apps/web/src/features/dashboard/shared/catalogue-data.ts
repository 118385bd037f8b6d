import { useQuery } from '@tanstack/react-query';
import { admin } from './dashboard-client.ts';

/** Services and staff change rarely; every screen shares these two lists through the query cache. */
export function useServices() {
  return useQuery({
    queryKey: ['dashboard', 'services'],
    queryFn: async () => (await admin.bookings.queryServices().ascending('name').limit(100).find()).items,
  });
}

export function useStaffMembers() {
  return useQuery({
    queryKey: ['dashboard', 'staff'],
    queryFn: async () => (await admin.bookings.queryStaffMembers().limit(100).find()).items,
  });
}

export function useSite() {
  return useQuery({ queryKey: ['dashboard', 'site'], queryFn: () => admin.sites.getSite() });
}

/** Looks names up by id for tables and the calendar. */
export function useNames() {
  const services = useServices();
  const staff = useStaffMembers();
  const serviceNames = new Map((services.data ?? []).map((service) => [service.id, service.name]));
  const staffNames = new Map((staff.data ?? []).map((member) => [member.id, member.name]));
  return { services, staff, serviceNames, staffNames };
}
