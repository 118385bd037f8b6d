import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';

const mySitesKey = ['dashboard', 'my-sites'] as const;

/** The sites where the signed-in user is an owner or staff, this one first. */
export function useMySites() {
  return useQuery({ queryKey: mySitesKey, queryFn: () => admin.team.listMySites(), staleTime: 60_000 });
}
