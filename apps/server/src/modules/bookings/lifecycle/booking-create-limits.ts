import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimiter, RateLimitRule } from '../../../platform/rate-limit/rate-limiter.ts';
import { isBusinessCaller } from './bookings.service.ts';
import { addressInSite } from '../../../platform/http/host-site.ts';

export interface BookingCreateLimitSettings {
  /** Bookings one visitor or member may create per window. */
  perVisitor: number;
  /** Bookings customers may create per window from one client address. */
  perIp: number;
}

const windowSeconds = 10 * 60;

/**
 * The routes that create bookings, and how many bookings one request asks for. Each booking made counts
 * one hit, so the bulk and multi-service routes cannot create eight bookings for the price of one.
 */
const creatingRoutes: Record<string, (body: Record<string, unknown>) => number> = {
  'POST /bookings/v2/bookings': () => 1,
  'POST /bookings/v2/bulk/bookings/create': (body) => lengthOf(body.createBookingsInfo),
  'POST /bookings/v2/multi_service_bookings': (body) => lengthOf(body.bookings),
};

function lengthOf(list: unknown): number {
  return Array.isArray(list) ? Math.max(1, list.length) : 1;
}

/**
 * Booking creation by customers is rate limited per identity and per client address: every booking
 * mails the contact address the customer typed (anyone's), so an unlimited visitor could make the site
 * mail strangers, and fill the calendar. The business (WIX_USER, APP) books for its customers and is
 * not limited. Registered inside the lifecycle plugin, after validation, so only well-formed requests count.
 */
export function registerBookingCreateLimits(
  app: FastifyInstance,
  rateLimiter: RateLimiter,
  settings: BookingCreateLimitSettings,
): void {
  const perVisitor: RateLimitRule = {
    name: 'bookings.create.visitor',
    max: settings.perVisitor,
    windowSeconds,
  };
  const perIp: RateLimitRule = { name: 'bookings.create.ip', max: settings.perIp, windowSeconds };
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const count = creatingRoutes[`${request.method} ${request.routeOptions.url}`];
    if (!count || isBusinessCaller(request.ctx)) return;
    const { caller, site } = request.ctx;
    const bookingsAsked = count((request.body ?? {}) as Record<string, unknown>);
    for (let hit = 0; hit < bookingsAsked; hit += 1) {
      await rateLimiter.hit(perIp, addressInSite(request));
      if (caller.identityId) {
        await rateLimiter.hit(perVisitor, `${site.id}:${caller.identityType}:${caller.identityId}`);
      }
    }
  });
}
