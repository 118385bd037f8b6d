import type { StaffMember } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { staffKey } from '../../shared/api/catalogue.ts';
import { usePagedList } from '../../shared/paged-list.tsx';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

type Member = WithDates<StaffMember>;
type MemberInput = Parameters<typeof admin.bookings.createStaffMember>[0];

const timeOffKey = (memberId: string) => ['dashboard', 'time-off', memberId] as const;

/** Staff members by name, a page at a time. */
export function useStaffPage(pageSize: number) {
  return usePagedList<Member>([...staffKey, 'list'], () =>
    admin.bookings.queryStaffMembers().ascending('name').limit(pageSize).find(),
  );
}

/** Adds a staff member, or saves `member` at the revision the form started from. */
export function useSaveStaffMember(
  options: ActionOptions<unknown, { member: Member | undefined; input: MemberInput }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ member, input }) =>
      member
        ? admin.bookings.updateStaffMember(member.id, { ...input, revision: member.revision })
        : admin.bookings.createStaffMember(input),
    invalidates: [staffKey],
  });
}

/** A staff member's time off from now on. */
export function useTimeOff(memberId: string) {
  return useQuery({
    queryKey: timeOffKey(memberId),
    queryFn: () => admin.bookings.listTimeOff(memberId, { from: new Date() }),
  });
}

export function useAddTimeOff(
  memberId: string,
  options: ActionOptions<unknown, Parameters<typeof admin.bookings.addTimeOff>[1]> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: (timeOff) => admin.bookings.addTimeOff(memberId, timeOff),
    invalidates: [timeOffKey(memberId)],
  });
}

export function useDeleteTimeOff(memberId: string) {
  return useActionMutation({
    mutationFn: (id: string) => admin.bookings.deleteTimeOff(memberId, id),
    invalidates: [timeOffKey(memberId)],
  });
}
