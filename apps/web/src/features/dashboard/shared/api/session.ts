import { useQuery } from '@tanstack/react-query';
import { staffAuth } from '../../../../lib/atrium-client.ts';
import { admin } from './admin-client.ts';

export const sessionKey = ['dashboard', 'session'] as const;

/** Loads the signed-in owner or staff user; `undefined` data means there is no dashboard session. */
export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      // Staff tokens carry role 'none' (not 'member'), so the held tokens themselves tell a session.
      if (!(await staffAuth.getTokens())?.refreshToken.value) return null;
      const identity = await admin.identity.getMyIdentity();
      return identity.identityType === 'WIX_USER' ? identity : null;
    },
    retry: false,
    // "No session" is asked again on every visit: the sign-in page (another feature) cannot refresh this
    // query, and a remembered null would send the owner who just signed in back to it.
    staleTime: (query) => (query.state.data ? 60_000 : 0),
  });
}

/** Ends the owner's or staff member's session on the server (best effort) and forgets its tokens. */
export async function endStaffSession() {
  await admin.identity.logout().catch(() => undefined);
  await staffAuth.logout();
}
