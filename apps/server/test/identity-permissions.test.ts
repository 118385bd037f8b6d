import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRouteAccessTable } from '../src/platform/http/route-access-table.ts';
import type { RouteAccess, RouteDeclaration } from '../src/platform/http/request-context.ts';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, type IdentityKit } from './identity-helpers.ts';
import { siteRows } from './site-rows.ts';

interface Credential {
  name: string;
  identityType?: 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP';
  role?: 'OWNER' | 'ADMIN' | 'STAFF';
  scopes?: string[];
  headers: Record<string, string>;
}

let t: TestApp;
let kit: IdentityKit;
let siteA: { site: { id: string }; clientId: string };
let credentials: Credential[];

beforeAll(async () => {
  t = await createTestApp({
    config: {
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_LOGIN_ID: '100000',
      AUTH_MIN_RESPONSE_MS: '0',
    },
  });
  kit = identityKit(t);
  siteA = await kit.defaultSite();
  credentials = await credentialsFor(siteA.site.id, siteA.clientId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function credentialsFor(siteId: string, clientId: string): Promise<Credential[]> {
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
function expected(access: RouteAccess, credential: Credential): 'allowed' | 401 | 403 {
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

function routesUnderTest(): RouteDeclaration[] {
  return t.app.routeTable.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
}

function concreteUrl(url: string, ids: Record<string, string> = {}): string {
  // `::` is a literal colon in find-my-way; `:name(regex)` is a parameter with a pattern.
  return url
    .replace(/::/g, '~colon~')
    .replace(/:(\w+)(\([^)]*\))?/g, (_match, name: string) => ids[name] ?? crypto.randomUUID())
    .replace(/~colon~/g, ':')
    .replace(/\*$/, 'anything');
}

async function call(
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

describe('route permission matrix', () => {
  it('finds every route with an access declaration', () => {
    const routes = routesUnderTest();
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('matches the reviewed table of docs/route-access.md (run `npm run routes:access` after a change)', () => {
    const reviewed = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../docs/route-access.md'),
      'utf8',
    );
    expect(renderRouteAccessTable(t.app.routeTable)).toBe(reviewed);
  });

  it('gives every route an app may call a scope, and opens writes to customers only where listed', () => {
    const problems: string[] = [];
    for (const route of routesUnderTest()) {
      const access = route.access;
      if (!access || access.public || access.operator) continue;
      const identities = access.identities ?? ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'];
      if (identities.includes('APP') && !access.scopes?.length)
        problems.push(`${route.method} ${route.url}: no scope`);
    }
    expect(problems).toEqual([]);
  });

  it('answers each identity type as each route declares', async () => {
    const mismatches: string[] = [];
    for (const route of routesUnderTest()) {
      if (!route.access) continue;
      // Optional-credential routes (logout) may end the caller's session: fresh credentials afterwards.
      const renew = Boolean(route.access.public && route.access.authenticate === 'optional');
      for (const credential of credentials) {
        const want = expected(route.access, credential);
        const got = await call(route, credential.headers);
        const label = `${route.method} ${route.url} as ${credential.name}: got ${got.status} ${got.code ?? ''}`;
        if (got.status >= 500) mismatches.push(`${label} (5xx)`);
        else if (want === 401 && got.status !== 401) mismatches.push(`${label}, want 401`);
        else if (want === 403 && !(got.status === 403 && got.code === 'PERMISSION_DENIED'))
          mismatches.push(`${label}, want 403`);
        else if (want === 'allowed' && !route.access.public && (got.status === 401 || got.status === 403)) {
          mismatches.push(`${label}, want allowed`);
        }
      }
      if (renew) credentials = await credentialsFor(siteA.site.id, siteA.clientId);
    }
    expect(mismatches).toEqual([]);
  }, 600_000);
});

describe('tenancy: a credential of site A never reads or writes site B', () => {
  it('leaves every row of site B untouched and never shows it, across all routes', async () => {
    const siteB = await kit.newSite('Site B');
    const bOwner = await kit.staffToken(siteB.site.id, 'OWNER');
    const bStaff = await kit.staffToken(siteB.site.id, 'STAFF');
    const bMember = await kit.memberToken(siteB.site.id);
    const bKey = await kit.apiKey(siteB.site.id);
    await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/staff/invitations',
      headers: bearer(bOwner.token),
      payload: { email: 'invitee-b@example.com', role: 'ADMIN' },
    });
    const secrets = [
      bMember.email,
      bOwner.email,
      bStaff.email,
      'invitee-b@example.com',
      bMember.id,
      bStaff.id,
      bKey.id,
      siteB.clientId,
    ];
    const ids = { id: bMember.id, clientId: siteB.clientId };
    const idsFor = (url: string) =>
      url.includes('/staff/')
        ? { ...ids, id: bStaff.id }
        : url.includes('/api-keys/')
          ? { ...ids, id: bKey.id }
          : url.includes('/oauth-clients/')
            ? { ...ids, id: siteB.clientId }
            : ids;
    const payloads: Record<string, unknown> = {
      'PATCH /identity/v1/staff/:id': { role: 'OWNER' },
      'PATCH /identity/v1/oauth-clients/:id': { redirectUris: ['https://evil.example.net/'] },
      'POST /identity/v1/activation-email': { identityId: bMember.id },
      'POST /identity/v1/Start': { identityId: bMember.id, target: 'EMAIL' },
      'POST /identity/v2/sign-on': { loginId: { email: kit.unique('sign-on-a') } },
      'PATCH /identity/v1/settings': { settings: { requireOwnerApproval: true } },
      'PATCH /sites/v1/site': { site: { name: 'Taken over' } },
    };

    const before = await siteRows(t.app, siteB.site.id);
    const leaks: string[] = [];
    for (const route of routesUnderTest()) {
      // Operator routes belong to no site (every site credential is refused there, see above).
      if (route.access?.public || route.access?.operator) continue;
      const url = concreteUrl(route.url, idsFor(route.url));
      const payload = payloads[`${route.method} ${route.url}`] ?? {};
      for (const credential of credentials.filter((c) => c.identityType)) {
        const named = await call(
          route,
          { ...credential.headers, 'wix-site-id': siteB.site.id },
          url,
          payload,
        );
        if (named.status !== 401)
          leaks.push(`${route.method} ${route.url} as ${credential.name} naming site B: ${named.status}`);
        // A credential the route refuses answers 401/403 before any handler (the matrix above checks each),
        // so only the callers it lets in can reach B's rows.
        if (expected(route.access!, credential) !== 'allowed') continue;
        const plain = await call(route, credential.headers, url, payload);
        if (plain.status >= 200 && plain.status < 300) {
          const shown = secrets.filter((secret) => plain.text.includes(secret));
          if (shown.length > 0)
            leaks.push(`${route.method} ${route.url} as ${credential.name} shows ${shown.join(', ')}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await siteRows(t.app, siteB.site.id)).toEqual(before);
    // And B's own credentials still work on B.
    expect(
      (await inject(t.app, { method: 'GET', url: '/identity/v1/me', headers: bearer(bOwner.token) })).status,
    ).toBe(200);
  }, 900_000);
});
