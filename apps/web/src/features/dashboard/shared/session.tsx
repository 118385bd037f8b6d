import type { Identity } from '@atrium/sdk/modules/identity';
import type { WithDates } from '@atrium/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { staffAuth } from '../../../lib/atrium-client.ts';
import { admin } from './dashboard-client.ts';

export type StaffRole = 'OWNER' | 'ADMIN' | 'STAFF';

export interface DashboardSession {
  identity: WithDates<Identity>;
  role: StaffRole;
  /** Owners and admins manage settings, the team and the catalogue; staff see bookings and calendars. */
  canManage: boolean;
  isOwner: boolean;
  signOut(): Promise<void>;
}

const SessionContext = createContext<DashboardSession | undefined>(undefined);

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
    staleTime: 60_000,
  });
}

export function SessionProvider({
  identity,
  children,
}: {
  identity: WithDates<Identity>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const role = (identity.role ?? 'STAFF') as StaffRole;
  const value: DashboardSession = {
    identity,
    role,
    canManage: role === 'OWNER' || role === 'ADMIN',
    isOwner: role === 'OWNER',
    signOut: async () => {
      await admin.identity.logout().catch(() => undefined);
      await staffAuth.logout();
      queryClient.removeQueries({ queryKey: ['dashboard'] });
      window.location.assign('/dashboard/sign-in');
    },
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): DashboardSession {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside the dashboard layout');
  return value;
}
