import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { createRateLimiter } from './rate-limiter.ts';

/** The sign-in endpoints' limits: one counter per client IP and one per loginId, per endpoint family. */
export function createAuthRateLimits(config: Config) {
  const limiter = createRateLimiter({ windowMs: 60_000 });
  return {
    guard(request: FastifyRequest, bucket: string, loginId?: string, siteId?: string) {
      limiter.hit(`ip:${bucket}:${request.ip}`, config.AUTH_RATE_LIMIT_PER_IP);
      if (loginId) {
        limiter.hit(
          `id:${bucket}:${siteId ?? ''}:${loginId.trim().toLowerCase()}`,
          config.AUTH_RATE_LIMIT_PER_LOGIN_ID,
        );
      }
    },
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
