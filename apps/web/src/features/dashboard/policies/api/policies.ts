import type { BookingPolicy, BookingPolicyInput } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { admin } from '../../shared/api/admin-client.ts';
import { policiesKey } from '../../shared/api/catalogue.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

/** Creates a policy, or updates `policy` at the revision the form started from. */
export function useSavePolicy(
  options: ActionOptions<
    unknown,
    { policy: WithDates<BookingPolicy> | undefined; input: BookingPolicyInput }
  > = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ policy, input }) =>
      policy
        ? admin.bookings.updateBookingPolicy(policy.id, { ...input, revision: policy.revision })
        : admin.bookings.createBookingPolicy(input),
    invalidates: [policiesKey],
  });
}

export function useMakeDefaultPolicy() {
  return useActionMutation({
    mutationFn: (id: string) => admin.bookings.setDefaultBookingPolicy(id),
    invalidates: [policiesKey],
  });
}
