import type { FastifyRequest } from 'fastify';
import type { Caller, IdentityType, StaffRole } from '../context.ts';
import { siteUnavailable, unauthenticated } from '../errors/app-error.ts';
import type { Authenticator } from './request-context.ts';
import type { Site } from '@atrium/contract/sites';

const identityTypes: readonly IdentityType[] = ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'];
const staffRoles: readonly StaffRole[] = ['OWNER', 'ADMIN', 'STAFF'];

export const devCallerHeader = 'x-atrium-dev-caller';
export const devSiteHeader = 'x-atrium-dev-site';

/**
 * Development and test credentials: `x-atrium-dev-caller: WIX_USER:OWNER`, `MEMBER:<id>`, `APP:<id>` or
 * `ANONYMOUS_VISITOR`, with `x-atrium-dev-site: <site id>` (the site of the request's host when absent). Only built when
 * ALLOW_DEV_CALLER_HEADER is set, which the configuration refuses in production.
 */
export function createDevAuthenticator(deps: {
  findSite: (siteId: string) => Promise<Site | undefined>;
  defaultSite: () => Promise<Site>;
}): Authenticator {
  return async (request: FastifyRequest) => {
    const header = request.headers[devCallerHeader];
    if (header === undefined) return undefined;
    const caller = parseDevCaller(String(header));
    if (!caller) throw unauthenticated(`Unrecognised ${devCallerHeader} header`);
    const siteId = request.headers[devSiteHeader];
    const site = siteId
      ? await deps.findSite(String(siteId)).catch(() => undefined)
      : (request.hostSite?.site ?? (await deps.defaultSite()));
    if (!site) throw unauthenticated(`Unknown site in ${devSiteHeader}`);
    if (site.status === 'DISABLED') throw siteUnavailable();
    return { site, caller };
  };
}

function parseDevCaller(value: string): Caller | undefined {
  const [type, detail] = value.split(':', 2) as [string, string | undefined];
  if (!identityTypes.includes(type as IdentityType)) return undefined;
  const identityType = type as IdentityType;
  if (identityType === 'WIX_USER') {
    const role = (detail ?? 'OWNER') as StaffRole;
    if (!staffRoles.includes(role)) return undefined;
    return { identityType, role, identityId: `dev-${role.toLowerCase()}` };
  }
  if (identityType === 'APP') return { identityType, identityId: detail ?? 'dev-app', scopes: ['*'] };
  return { identityType, identityId: detail };
}
