import { useQuery } from '@tanstack/react-query';
import { atrium } from './atrium-client.ts';
import { setMoneyLocale } from './money.ts';

/** The business's name from its site settings; the product name until they load (or if they fail). */
/** The business's name; empty until it is known (no placeholder name flashes before it). */
export function useSiteName(): string {
  const { data } = useQuery({
    queryKey: ['site'],
    queryFn: async () => {
      const site = await atrium.sites.getSite();
      setMoneyLocale(site.locale);
      return site;
    },
    staleTime: 5 * 60_000,
  });
  return data?.name ?? '';
}
