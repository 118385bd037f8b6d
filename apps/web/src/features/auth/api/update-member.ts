import { useMutation } from '@tanstack/react-query';
import type { UpdateMemberRequest } from '@atrium/contract/identity';
import { atrium } from '../../../lib/atrium-client.ts';

/**
 * Saves the member's name, phone and, when changed, a new login email: that one comes back as
 * `emailVerification` (a code went to it) and is used only once the code is verified.
 */
export function useUpdateMember() {
  return useMutation({
    mutationFn: ({ memberId, member }: { memberId: string; member: UpdateMemberRequest['member'] }) =>
      atrium.identity.updateMember(memberId, member),
  });
}
