import type { LoginResult, Member } from '@atrium/sdk/modules/identity';
import type { WithDates } from '@atrium/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { atrium, memberAuth } from './atrium-client.ts';

export type AuthStatus = 'loading' | 'visitor' | 'member';

export interface AuthState {
  status: AuthStatus;
  /** The signed-in member, once loaded. */
  member: WithDates<Member> | undefined;
  /** Call after a sign-in, registration, verification or recovery that may have signed the member in. */
  signedIn(result?: LoginResult): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | undefined>(undefined);
const memberKey = ['identity', 'member'] as const;

/**
 * Knows whether the visitor is a member, for every feature. Tokens live in localStorage, so a reload
 * keeps the member signed in; a timer wakes at the access token's expiry so the strategy renews it
 * silently with the refresh token (or, when the session ended elsewhere, falls back to a visitor).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [loggedIn, setLoggedIn] = useState<boolean | undefined>(undefined);
  const [generation, setGeneration] = useState(0);

  const recheck = useCallback(async () => {
    setLoggedIn(await memberAuth.loggedIn());
    setGeneration((value) => value + 1);
  }, []);

  useEffect(() => {
    void recheck();
  }, [recheck]);

  useEffect(() => {
    if (!loggedIn) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void memberAuth.getTokens().then((tokens) => {
      if (cancelled || !tokens) return;
      const wait = Math.max(1_000, tokens.accessToken.expiresAt * 1000 - Date.now() + 500);
      // Timers longer than ~24 days overflow; tokens live minutes, so the cap never bites in practice.
      timer = setTimeout(
        () => {
          void memberAuth
            .getValidTokens()
            .catch(() => undefined)
            .then(recheck);
        },
        Math.min(wait, 2 ** 31 - 1),
      );
    });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [loggedIn, generation, recheck]);

  const memberQuery = useQuery({
    queryKey: [...memberKey, generation],
    queryFn: () => atrium.identity.getMyMember(),
    enabled: loggedIn === true,
    retry: false,
    staleTime: 60_000,
  });

  // A member call refused means the session ended elsewhere (signed out, password changed): start over
  // as a visitor rather than showing a stale account.
  const failed = memberQuery.isError;
  useEffect(() => {
    if (!failed) return;
    void memberAuth.logout().then(recheck);
  }, [failed, recheck]);

  const signedIn = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: memberKey });
    await recheck();
  }, [queryClient, recheck]);

  const signOut = useCallback(async () => {
    await atrium.identity.logout();
    queryClient.removeQueries({ queryKey: memberKey });
    await recheck();
  }, [queryClient, recheck]);

  const value = useMemo<AuthState>(
    () => ({
      status: loggedIn === undefined ? 'loading' : loggedIn ? 'member' : 'visitor',
      member: loggedIn ? memberQuery.data : undefined,
      signedIn,
      signOut,
    }),
    [loggedIn, memberQuery.data, signedIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The visitor's sign-in state: `status`, `member`, `signedIn()` and `signOut()`. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The member's display name: first and last name, else the email. */
export function memberName(member: Pick<Member, 'contact' | 'loginEmail'> | undefined): string {
  if (!member) return '';
  const name = [member.contact.firstName, member.contact.lastName].filter(Boolean).join(' ');
  return name || member.loginEmail;
}
