import { useMutation } from '@tanstack/react-query';
import { atrium } from '../../../lib/atrium-client.ts';

/** Emails a link to choose a new password; it leads to `redirectUrl`. */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: ({ email, redirectUrl }: { email: string; redirectUrl: string }) =>
      atrium.identity.sendPasswordResetEmail(email, { redirectUrl }),
  });
}

/** Sets a new password with the token from the reset link; the answer may sign the member in. */
export function useRecoverPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      atrium.identity.recoverPassword(token, password),
  });
}

/** The signed-in member's new password (the current one when the account has one). */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ password, currentPassword }: { password: string; currentPassword?: string | undefined }) =>
      atrium.identity.changePassword(password, currentPassword),
  });
}
