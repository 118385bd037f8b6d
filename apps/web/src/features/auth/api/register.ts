import { useMutation } from '@tanstack/react-query';
import { atrium } from '../../../lib/atrium-client.ts';

/** A visitor becomes a member; the answer says whether verification or approval comes next. */
export function useRegister() {
  return useMutation({
    mutationFn: (details: Parameters<typeof atrium.identity.register>[0]) =>
      atrium.identity.register(details),
  });
}
