import type { Identity } from '@atrium/sdk/modules/identity';
import type { WithDates } from '@atrium/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { endStaffSession } from './api/session.ts';

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
      await endStaffSession();
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
