import type { FastifyInstance } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import type { Config } from '../../platform/config.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import { adminRoutes } from './admin.routes.ts';
import { createBearerAuthenticator } from './bearer-authenticator.ts';
import {
  createRecaptchaVerifier,
  noCaptchaVerifier,
  testCaptchaVerifier,
  type CaptchaVerifier,
} from './captcha.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { identityRoutes } from './identity.routes.ts';
import { createMembersService } from './members.service.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { createOauthService } from './oauth.service.ts';
import { createAuthRateLimits } from './rate-limits.ts';
import { createSignInGuard } from './sign-in-guard.ts';
import { secretSealerFor } from '../../platform/secrets/sealing.ts';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { createStaffService } from './staff.service.ts';
import { createTokenSigner } from './token-signer.ts';
import { isUuid } from '../../platform/db/ids.ts';

function captchaFrom(config: Config): CaptchaVerifier {
  if (config.CAPTCHA_PROVIDER === 'recaptcha') {
    if (!config.CAPTCHA_SECRET)
      throw new Error('Invalid configuration:\n  CAPTCHA_SECRET: required with CAPTCHA_PROVIDER=recaptcha');
    return createRecaptchaVerifier(config.CAPTCHA_SECRET);
  }
  if (config.CAPTCHA_PROVIDER === 'test') {
    if (config.NODE_ENV === 'production')
      throw new Error('Invalid configuration:\n  CAPTCHA_PROVIDER: test is refused in production');
    return testCaptchaVerifier;
  }
  return noCaptchaVerifier;
}

/**
 * Identity: members, owners and staff, OAuth 2 with PKCE, API keys. `authenticator` goes into the app's
 * authenticator list; `ensureSiteClient` gives a site its default OAuth client.
 */
export {
  identityEvents,
  type MemberEmailVerifiedEvent,
  type MemberSignedInEvent,
} from './identity-events.ts';

export function createIdentityModule(deps: {
  database: Database;
  config: Config;
  mail: MailService;
  findSite: (siteId: string, executor?: Executor) => Promise<Site | undefined>;
  captcha?: CaptchaVerifier;
  /** The app's shared limiter; tools that open the module alone (CLI, seed) get one of their own. */
  rateLimiter?: RateLimiter;
  /** Per-process limiter for traffic-sized limits (the anonymous visitor grant). */
  trafficLimiter?: RateLimiter;
  /** The app's bus (sign-ins from a visitor are announced); tools that open the module alone have none. */
  events?: Pick<EventBus, 'emit'>;
}) {
  const { database, config, mail } = deps;
  const rateLimiter = deps.rateLimiter ?? createRateLimiter({ database });
  const guard = createSignInGuard({ rateLimiter, config, mail });
  const repository = createIdentityRepository(database.db);
  const signer = createTokenSigner({
    repository,
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    sealer: secretSealerFor(config),
  });
  const oauth = createOauthService({ database, repository, signer, config, findSite: deps.findSite });
  const members = createMembersService({
    database,
    repository,
    oauth,
    mail,
    captcha: deps.captcha ?? captchaFrom(config),
    config,
    guard,
    ...(deps.events ? { events: deps.events } : {}),
  });
  const staff = createStaffService({
    database,
    repository,
    oauth,
    mail,
    config,
    guard,
    findSite: deps.findSite,
  });
  const limits = createAuthRateLimits(config, rateLimiter, deps.trafficLimiter ?? rateLimiter);
  const authenticator = createBearerAuthenticator({ signer, oauth, repository, findSite: deps.findSite });

  return {
    members,
    staff,
    oauth,
    signer,
    authenticator,
    /**
     * Dashboard users as other modules may know them: bookings links a staff member to the user with
     * the same email (staff members have no identity link).
     */
    dashboardUsers: {
      idsByEmail: (siteId: string, emails: readonly string[], executor?: Executor) =>
        repository.activeDashboardUsersByEmail(siteId, emails, executor),
      async emailOf(siteId: string, identityId: string, executor?: Executor): Promise<string | undefined> {
        if (!isUuid(identityId)) return undefined;
        const row = await repository.findIdentity(siteId, identityId, executor);
        return row?.identityType === 'WIX_USER' && row.status === 'ACTIVE' ? row.email : undefined;
      },
    },
    /** Start-up: the first signing key of a fresh database. */
    init: () => signer.ensureKey(),
    ensureSiteClient: (siteId: string) => oauth.ensureDefaultClient(siteId),
    /** Housekeeping the lead can put on the job queue (e.g. hourly). */
    deleteExpired: () => repository.deleteExpired(new Date(Date.now() - 86_400_000)),
    routes: async (app: FastifyInstance) => {
      await app.register(oauthRoutes, {
        oauth,
        members,
        signerJwks: () => signer.jwks() as Promise<{ keys: Array<Record<string, unknown>> }>,
        findSite: deps.findSite,
        limits,
      });
      await app.register(identityRoutes, { members, oauth, limits, config });
      await app.register(adminRoutes, {
        members,
        staff,
        oauth,
        limits,
        findSite: deps.findSite,
      });
    },
  };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
