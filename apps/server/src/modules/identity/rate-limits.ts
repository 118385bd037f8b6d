import type { FastifyRequest } from 'fastify';
import { addressInSite } from '../../platform/http/host-site.ts';
import type { Config } from '../../platform/config.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';

/**
 * Request limits of the identity endpoints, counted in the shared store: per client address and per
 * login id on the guessable calls (passwords, codes, recovery), and a far larger per-address limit on the
 * anonymous visitor grant, which a headless site calls for every page view. Per-account lockouts are in
 * sign-in-guard.ts. Addresses are counted per site: many sites share a proxy's or a shop's address, and
 * one busy site must not use up the others' allowance.
 */
export function createAuthRateLimits(config: Config, rateLimiter: RateLimiter, trafficLimiter: RateLimiter) {
  const rules = new Map<string, { perIp: RateLimitRule; perLoginId: RateLimitRule }>();
  const rulesOf = (bucket: string) => {
    let found = rules.get(bucket);
    if (!found) {
      found = {
        perIp: { name: `auth.${bucket}.ip`, max: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 60 },
        perLoginId: {
          name: `auth.${bucket}.id`,
          max: config.AUTH_RATE_LIMIT_PER_LOGIN_ID,
          windowSeconds: 60,
        },
      };
      rules.set(bucket, found);
    }
    return found;
  };
  const visitorTokens: RateLimitRule = {
    name: 'auth.visitor-token.ip',
    max: config.VISITOR_TOKEN_RATE_LIMIT_PER_IP,
    windowSeconds: 60,
  };

  return {
    async guard(request: FastifyRequest, bucket: string, loginId?: string, siteId?: string): Promise<void> {
      const { perIp, perLoginId } = rulesOf(bucket);
      await rateLimiter.hit(perIp, `${siteId ?? request.hostSite?.site.id ?? ''}:${request.ip}`);
      if (loginId) await rateLimiter.hit(perLoginId, `${siteId ?? ''}:${loginId.trim().toLowerCase()}`);
    },
    /**
     * The anonymous grant: no secret to guess, so only a traffic-sized limit per address, counted per
     * site of the request's host (not per clientId: made-up ids would each start a fresh count).
     */
    guardVisitorToken: (request: FastifyRequest) => trafficLimiter.hit(visitorTokens, addressInSite(request)),
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
