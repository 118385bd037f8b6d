import type { LoginResult } from '@atrium/sdk/modules/identity';

/** Where the auth pages live; the server's mails and redirect sessions link to /account/*. */
export const authPaths = {
  signIn: '/account/login',
  register: '/account/register',
  verify: '/account/verify',
  forgot: '/account/forgot-password',
  reset: '/account/reset-password',
  account: '/account',
  callback: '/auth/callback',
  dashboardSignIn: '/dashboard/sign-in',
  dashboard: '/dashboard',
} as const;

/** What the verify page needs, carried in the history entry so a reload keeps it. */
export interface VerifyState {
  stateToken: string;
  email: string;
  returnTo?: string;
  /** VERIFY: a signed-in member verifying their address from the account page (no sign-in follows). */
  purpose?: 'VERIFY';
}

export function verifyStateFrom(result: LoginResult, email: string, returnTo?: string): VerifyState {
  return { stateToken: result.data.stateToken ?? '', email, ...(returnTo ? { returnTo } : {}) };
}

/** Only same-site paths are followed after sign-in, never another origin named in the address. */
export function safeReturnTo(value: string | null | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : authPaths.account;
}
