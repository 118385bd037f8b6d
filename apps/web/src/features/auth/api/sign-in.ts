import { useMutation } from '@tanstack/react-query';
import { atrium, dashboardClient } from '../../../lib/atrium-client.ts';

type Credentials = Parameters<typeof atrium.identity.login>[0];

/** A member signs in with email and password; the answer says whether a further step is needed. */
export function useSignIn() {
  return useMutation({ mutationFn: (credentials: Credentials) => atrium.identity.login(credentials) });
}

/** Owners and staff sign in to the dashboard's own session. */
export function useStaffSignIn() {
  return useMutation({
    mutationFn: (credentials: Parameters<typeof dashboardClient.identity.staffLogin>[0]) =>
      dashboardClient.identity.staffLogin(credentials),
  });
}

/** Finishes a hosted sign-in from the URL the browser came back to (`fragment` or `query` mode). */
export function useCompleteRedirectSignIn() {
  return useMutation({
    mutationFn: ({ url, mode }: { url: string; mode: 'fragment' | 'query' }) =>
      atrium.identity.completeRedirectLogin(url, mode),
  });
}
