import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import { siteUnavailable } from '../errors/app-error.ts';
import type { RouteAccess } from './request-context.ts';
import { requestHostName } from './site-address.ts';

export interface HostSite {
  site: Site;
  /** True when a site claims the host itself; false for localhost and hosts no site claims (the default site). */
  claimed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The site the request's `Host` belongs to (the default site when no site claims it). */
    hostSite: HostSite;
  }
}

/**
 * The site a site-bound secret (an OAuth client, a feed link) must belong to at this request's address:
 * the host's site when a site claims the host, none when it is localhost or unclaimed (headless clients).
 */
export function siteRequiredAt(request: FastifyRequest): string | undefined {
  return request.hostSite?.claimed ? request.hostSite.site.id : undefined;
}

/**
 * The subject of a per-address limit: the caller's address within the request's site (its credential's,
 * or its host's). Sites share addresses (a proxy, an office), and one busy site must not use up another's
 * allowance.
 */
export function addressInSite(request: FastifyRequest): string {
  return `${request.ctx?.site.id ?? request.hostSite?.site.id ?? ''}:${request.ip}`;
}

const unavailablePage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site unavailable</title></head>' +
  '<body><main><h1>This site is unavailable</h1><p>The site at this address is not available at the moment.</p></main></body></html>';

/**
 * Resolves every request's site from its `Host`. A disabled site's address answers nothing but the
 * unavailable page (or SITE_UNAVAILABLE for API calls); the operator API, health and docs stay reachable
 * so the operator can enable it again. Call before any route is registered.
 */
export function registerHostSite(
  app: FastifyInstance,
  siteForHost: (host: string) => Promise<HostSite>,
): void {
  app.decorateRequest('hostSite', null as unknown as HostSite);
  app.addHook('onRequest', async (request, reply) => {
    // `request.host` is X-Forwarded-Host behind a trusted proxy (TRUST_PROXY), else the Host header.
    request.hostSite = await siteForHost(requestHostName(request.host));
    if (request.hostSite.site.status !== 'DISABLED') return;
    const access = request.routeOptions.config?.access as RouteAccess | undefined;
    const url = request.routeOptions.url ?? '';
    if (access?.operator || url.startsWith('/health') || url.startsWith('/docs') || url === '/openapi.json')
      return;
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      return reply.status(403).type('text/html').header('cache-control', 'no-store').send(unavailablePage);
    }
    throw siteUnavailable();
  });
}
