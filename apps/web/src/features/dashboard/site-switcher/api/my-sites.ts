import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';

const mySitesKey = ['dashboard', 'my-sites'] as const;

/** The sites where the signed-in user is an owner or staff, this one first. */
export function useMySites() {
  return useQuery({ queryKey: mySitesKey, queryFn: () => admin.team.listMySites(), staleTime: 60_000 });
}

/**
 * The current site's name, from the same answer as the switcher: the dashboard's title needs no call of its
 * own. Empty until it is known.
 */
export function useCurrentSiteName(): string {
  return useMySites().data?.find((site) => site.current)?.name ?? '';
}
