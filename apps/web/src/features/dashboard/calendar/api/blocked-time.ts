import type { TimeOff } from '@atrium/sdk/modules/bookings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';

export const blockedTimeKey = ['dashboard', 'blocked-time'] as const;

/** Blocked time (staff time off) overlapping [from, to) of the staff members shown, in one request. */
export function useBlockedTime(from: Date | undefined, to: Date | undefined, staffIds: string[]) {
  return useQuery({
    queryKey: [...blockedTimeKey, from?.toISOString(), to?.toISOString(), staffIds],
    enabled: Boolean(from && to) && staffIds.length > 0,
    placeholderData: keepPreviousData,
    queryFn: (): Promise<TimeOff[]> =>
      admin.bookings.queryTimeOff({ staffMemberIds: staffIds, from: from!, to: to! }),
  });
}
