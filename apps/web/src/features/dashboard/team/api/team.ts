import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import type { StaffRole } from '../../shared/session.tsx';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

const teamKey = ['dashboard', 'team'] as const;

type Invitation = Awaited<ReturnType<typeof admin.team.inviteStaff>>;

/** Everyone who can sign in to the dashboard. */
export function useTeam(enabled: boolean) {
  return useQuery({ queryKey: teamKey, enabled, queryFn: () => admin.team.listStaff() });
}

export function useInviteStaff(options: ActionOptions<Invitation, { email: string; role: StaffRole }> = {}) {
  return useActionMutation({ ...options, mutationFn: (invitation) => admin.team.inviteStaff(invitation) });
}

export function useChangeStaffRole() {
  return useActionMutation({
    mutationFn: ({ id, next }: { id: string; next: StaffRole }) => admin.team.updateStaffRole(id, next),
    invalidates: [teamKey],
  });
}

export function useRemoveStaff() {
  return useActionMutation({
    mutationFn: (id: string) => admin.team.removeStaff(id),
    invalidates: [teamKey],
  });
}
