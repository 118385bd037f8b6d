import { useMutation } from '@tanstack/react-query';
import { atrium } from '../../../lib/atrium-client.ts';

type Flow = Parameters<typeof atrium.identity.processVerification>[1];

/** Checks the emailed code of a sign-in or registration waiting for it (`flow`). */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: ({ code, flow }: { code: string; flow: Flow }) =>
      atrium.identity.processVerification({ verificationCode: code }, flow),
  });
}

/** Mails the signed-in member a code that verifies their email (the account page's "Verify"). */
export function useStartEmailVerification() {
  return useMutation({
    mutationFn: (identityId: string) => atrium.identity.startEmailVerification(identityId),
  });
}

export function useResendVerificationCode() {
  return useMutation({ mutationFn: (flow: Flow) => atrium.identity.resendVerificationCode(flow) });
}
