import type { Config } from '../../platform/config.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import { identityErrors } from './identity.errors.ts';
import { lockoutMail } from './identity-mails.ts';
import type { MailBrand } from '../../platform/mail/mail-template.ts';

type Account = { siteId: string; identityType: 'MEMBER' | 'WIX_USER'; email: string };

/**
 * Guessing limits of one account, across processes, state tokens and resends: failed passwords and
 * codes count together; past the limit the account is locked (even the right password is refused) and
 * its owner is told once by mail. Unknown addresses count the same way, so a lock shows nothing.
 */
export function createSignInGuard(deps: { rateLimiter: RateLimiter; config: Config; mail: MailService }) {
  const { rateLimiter, config, mail } = deps;
  const failures: RateLimitRule = {
    name: 'sign-in-failures',
    max: config.AUTH_LOCKOUT_FAILURES,
    windowSeconds: config.AUTH_LOCKOUT_MINUTES * 60,
  };
  /** Codes mailed to one account in an hour, whatever state token asked for them. */
  const codesSent: RateLimitRule = { name: 'codes-sent', max: 8, windowSeconds: 3600 };
  const subject = (account: Account) => `${account.siteId}:${account.identityType}:${account.email}`;

  return {
    async assertNotLocked(account: Account): Promise<void> {
      const { hits, retryAfterSeconds } = await rateLimiter.peek(failures, subject(account));
      if (hits >= failures.max) throw identityErrors.accountLocked(retryAfterSeconds);
    },

    /** Counts a failure; the one that reaches the limit locks the account and mails its owner. */
    async recordFailure(brand: MailBrand, account: Account, known: boolean): Promise<void> {
      const { hits } = await rateLimiter.count(failures, subject(account));
      if (hits === failures.max && known) {
        await mail.enqueue({
          siteId: account.siteId,
          to: account.email,
          ...lockoutMail(brand, { minutes: config.AUTH_LOCKOUT_MINUTES }),
        });
      }
    },

    recordSuccess: (account: Account) => rateLimiter.forget(failures, subject(account)),

    /** Refuses a new code past the hourly cap of the account. */
    async countCodeSent(account: Account): Promise<void> {
      const { hits } = await rateLimiter.count(codesSent, subject(account));
      if (hits > codesSent.max) throw identityErrors.tooManyCodes();
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
