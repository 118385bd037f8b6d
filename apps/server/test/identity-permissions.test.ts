import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRouteAccessTable } from '../src/platform/http/route-access-table.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { identityKit, type IdentityKit } from './identity-helpers.ts';
import {
  call,
  credentialsFor,
  expected,
  matrixAppConfig,
  routesUnderTest,
  type Credential,
} from './route-matrix-helpers.ts';

let t: TestApp;
let kit: IdentityKit;
let siteA: { site: { id: string }; clientId: string };
let credentials: Credential[];

beforeAll(async () => {
  t = await createTestApp({ config: matrixAppConfig });
  kit = identityKit(t);
  siteA = await kit.defaultSite();
  credentials = await credentialsFor(kit, siteA.site.id, siteA.clientId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('route permission matrix', () => {
  it('finds every route with an access declaration', () => {
    const routes = routesUnderTest(t);
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
    for (const route of routesUnderTest(t)) {
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
    for (const route of routesUnderTest(t)) {
      if (!route.access) continue;
      // Optional-credential routes (logout) may end the caller's session: fresh credentials afterwards.
      const renew = Boolean(route.access.public && route.access.authenticate === 'optional');
      for (const credential of credentials) {
        const want = expected(route.access, credential);
        const got = await call(t, route, credential.headers);
        const label = `${route.method} ${route.url} as ${credential.name}: got ${got.status} ${got.code ?? ''}`;
        if (got.status >= 500) mismatches.push(`${label} (5xx)`);
        else if (want === 401 && got.status !== 401) mismatches.push(`${label}, want 401`);
        else if (want === 403 && !(got.status === 403 && got.code === 'PERMISSION_DENIED'))
          mismatches.push(`${label}, want 403`);
        else if (want === 'allowed' && !route.access.public && (got.status === 401 || got.status === 403)) {
          mismatches.push(`${label}, want allowed`);
        }
      }
      if (renew) credentials = await credentialsFor(kit, siteA.site.id, siteA.clientId);
    }
    expect(mismatches).toEqual([]);
  }, 600_000);
});
