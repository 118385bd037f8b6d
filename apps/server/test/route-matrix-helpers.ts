import type { RouteAccess, RouteDeclaration } from '../src/platform/http/request-context.ts';
import type { TestApp } from './test-app.ts';
import { bearer, type IdentityKit } from './identity-helpers.ts';

/**
 * The route matrix tests (identity-permissions, identity-tenancy): one credential of each identity type
 * and role, what a route's declaration promises each, and a call of any route with made-up ids.
 */
export interface Credential {
  name: string;
  identityType?: 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP';
  role?: 'OWNER' | 'ADMIN' | 'STAFF';
  scopes?: string[];
  headers: Record<string, string>;
}

/** A test app whose sign-in limits never stop a matrix that signs in thousands of times. */
export const matrixAppConfig = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_LOGIN_ID: '100000',
  AUTH_MIN_RESPONSE_MS: '0',
};

export async function credentialsFor(
  kit: IdentityKit,
  siteId: string,
  clientId: string,
): Promise<Credential[]> {
  const list: Credential[] = [{ name: 'no credentials', headers: {} }];
  list.push({
    name: 'visitor',
    identityType: 'ANONYMOUS_VISITOR',
    headers: bearer((await kit.visitorToken(clientId)).token),
  });
  list.push({
    name: 'member',
    identityType: 'MEMBER',
    headers: { authorization: (await kit.memberToken(siteId)).token },
  });
  for (const role of ['OWNER', 'ADMIN', 'STAFF'] as const) {
    list.push({
      name: `staff ${role}`,
      identityType: 'WIX_USER',
      role,
      headers: bearer((await kit.staffToken(siteId, role)).token),
    });
  }
  list.push({
    name: 'app *',
    identityType: 'APP',
    scopes: ['*'],
    headers: { authorization: (await kit.apiKey(siteId, ['*'])).key },
  });
  list.push({
    name: 'app unscoped',
    identityType: 'APP',
    scopes: ['nothing.here'],
    headers: { authorization: (await kit.apiKey(siteId, ['nothing.here'])).key },
  });
  return list;
}

/** What the declaration promises for one caller, written out independently of the gate's code. */
export function expected(access: RouteAccess, credential: Credential): 'allowed' | 401 | 403 {
  if (access.public) return 'allowed';
  if (!credential.identityType) return 401;
  // Operator routes take an operator key, which no site credential is.
  if (access.operator) return 403;
  if (access.identities && !access.identities.includes(credential.identityType)) return 403;
  if (credential.identityType === 'WIX_USER' && access.roles && !access.roles.includes(credential.role!))
    return 403;
  if (credential.identityType === 'APP') {
    // Closed to apps unless the route names a scope the key holds.
    const held = credential.scopes ?? [];
    if (!held.includes('*') && !(access.scopes ?? []).some((scope) => held.includes(scope))) return 403;
  }
  return 'allowed';
}

export function routesUnderTest(t: TestApp): RouteDeclaration[] {
  return t.app.routeTable.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
}

export function concreteUrl(url: string, ids: Record<string, string> = {}): string {
  // `::` is a literal colon in find-my-way; `:name(regex)` is a parameter with a pattern.
  return url
    .replace(/::/g, '~colon~')
    .replace(/:(\w+)(\([^)]*\))?/g, (_match, name: string) => ids[name] ?? crypto.randomUUID())
    .replace(/~colon~/g, ':')
    .replace(/\*$/, 'anything');
}

export async function call(
  t: TestApp,
  route: RouteDeclaration,
  headers: Record<string, string>,
  url = concreteUrl(route.url),
  payload: unknown = {},
) {
  const response = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(route.method === 'GET' ? {} : { payload: payload as Record<string, unknown> }),
  });
  let body: { details?: { applicationError?: { code?: string } } } | undefined;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, code: body?.details?.applicationError?.code, text: response.body };
}
