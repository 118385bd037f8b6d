import { useQueryClient } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { sessionKey } from '../../shared/api/session.ts';
import { useActionMutation } from '../../shared/use-action-mutation.ts';

type Acceptance = Parameters<typeof admin.team.acceptStaffInvitation>[0];

/**
 * Accepts the invitation, which signs the person in; the dashboard session is read again before the
 * promise settles. The page shows a refusal itself, next to the form.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: async (acceptance: Acceptance) => {
      await admin.team.acceptStaffInvitation(acceptance);
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
    failure: false,
  });
}
