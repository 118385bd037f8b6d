import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { resourcesKey } from '../../shared/api/catalogue.ts';

/** Rooms and equipment by name, for the calendar's resource filter (a site has a handful). */
export function useResources() {
  return useQuery({
    queryKey: [...resourcesKey, 'calendar'],
    queryFn: async () => (await admin.bookings.queryResources().limit(100).find()).items,
  });
}
