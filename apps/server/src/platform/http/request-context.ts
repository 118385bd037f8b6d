import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import {
  systemClock,
  type Caller,
  type IdentityType,
  type OperatorContext,
  type RequestContext,
  type StaffRole,
} from '../context.ts';
import { forbidden, unauthenticated } from '../errors/app-error.ts';

/**
 * Who may call a route; the declaration is data, so tests can enumerate every route's rule.
 * `public`: no credentials needed (health, docs, token endpoint). Otherwise the caller must be one of
 * `identities` (all when absent) and, for WIX_USER, hold one of `roles` (all when absent).
 */
export type RouteAccess =
  | {
      public: true;
      operator?: false;
      /** `optional`: credentials are read when present (and ignored when bad), e.g. logout by navigation. */
      authenticate?: 'optional';
    }
  | {
      public?: false;
      identities?: readonly IdentityType[];
      roles?: readonly StaffRole[];
      scopes?: readonly string[];
      operator?: false;
    }
  | {
      /** The deployment's operator (an operator API key): site management, nothing inside a site. */
      operator: true;
      public?: false;
      identities?: undefined;
      roles?: undefined;
      scopes?: undefined;
    };

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    /** Set on operator routes only. */
    operator: OperatorContext;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A file of the built web app (public, one route per file). */
    webAppFile?: boolean;
  }
}

export interface Authentication {
  site: Site;
  caller: Caller;
}

/** Turns a request's credentials into a site and a caller; `undefined` when it carries none it knows. */
export type Authenticator = (request: FastifyRequest) => Promise<Authentication | undefined>;

/** Turns an operator route's credential into the operator key's id; throws 401/403 otherwise. */
export type OperatorAuthenticator = (request: FastifyRequest) => Promise<{ operatorKeyId: string }>;

export function isAllowed(access: RouteAccess | undefined, caller: Caller): boolean {
  if (!access || access.public) return true;
  // No site credential reaches an operator route.
  if (access.operator) return false;
  if (access.identities && !access.identities.includes(caller.identityType)) return false;
  if (
    caller.identityType === 'WIX_USER' &&
    access.roles &&
    (!caller.role || !access.roles.includes(caller.role))
  ) {
    return false;
  }
  // An API key reaches only routes that name a scope it holds: a route that names none is closed to apps.
  if (caller.identityType === 'APP') {
    const held = caller.scopes ?? [];
    if (!access.scopes?.some((scope) => held.includes(scope) || held.includes('*'))) return false;
  }
  return true;
}

export function registerRequestContext(
  app: FastifyInstance,
  authenticators: readonly Authenticator[],
  operatorAuthenticator: OperatorAuthenticator,
): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.decorateRequest('operator', null as unknown as OperatorContext);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url) return;
    if (access?.operator) {
      const { operatorKeyId } = await operatorAuthenticator(request);
      request.operator = {
        requestId: String(request.id),
        operatorKeyId,
        log: request.log,
        now: systemClock.now,
      };
      return;
    }
    if (access?.public && access.authenticate !== 'optional') return;
    let authentication: Authentication | undefined;
    try {
      for (const authenticate of authenticators) {
        authentication = await authenticate(request);
        if (authentication) break;
      }
    } catch (error) {
      if (!access?.public) throw error;
    }
    if (!authentication) {
      if (access?.public) return;
      throw unauthenticated();
    }
    if (!isAllowed(access, authentication.caller)) throw forbidden();
    request.ctx = {
      requestId: String(request.id),
      site: authentication.site,
      caller: authentication.caller,
      log: request.log,
      now: systemClock.now,
    };
  });
}

export interface RouteDeclaration {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** A file of the built web app: public, and present only when the app was built. */
  webAppFile?: boolean;
}

/**
 * Records every route with its access declaration as it is registered, so tests can walk all routes of
 * the app (a route without a declaration shows up with `access: undefined`). Call before any route exists.
 */
export function collectRouteDeclarations(app: FastifyInstance): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Read lazily: later onRoute hooks (docs, web app) may still set the declaration on this route.
      routes.push({
        method,
        url: route.url,
        get access() {
          return (route.config as { access?: RouteAccess } | undefined)?.access;
        },
        get webAppFile() {
          return (route.config as { webAppFile?: boolean } | undefined)?.webAppFile === true;
        },
      });
    }
  });
  return routes;
}
