import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from './request-context.ts';

/**
 * Routes anyone may call without credentials get `limit` as their body limit, unless they set their
 * own. Call before any route is registered.
 */
export function limitPublicBodies(app: FastifyInstance, limit: number): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    // Read when Fastify builds the route, after the later onRoute hooks (docs, web app, a module's own
    // scope) have declared its access.
    Object.defineProperty(route, 'bodyLimit', {
      configurable: true,
      enumerable: true,
      get: () => ((route.config as { access?: RouteAccess } | undefined)?.access?.public ? limit : undefined),
    });
  });
}
