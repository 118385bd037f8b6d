import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, type IdentityKit } from './identity-helpers.ts';
import {
  call,
  concreteUrl,
  credentialsFor,
  expected,
  matrixAppConfig,
  routesUnderTest,
  type Credential,
} from './route-matrix-helpers.ts';
import { siteRows } from './site-rows.ts';

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
    for (const route of routesUnderTest(t)) {
      // Operator routes belong to no site (every site credential is refused there, see above).
      if (route.access?.public || route.access?.operator) continue;
      const url = concreteUrl(route.url, idsFor(route.url));
      const payload = payloads[`${route.method} ${route.url}`] ?? {};
      for (const credential of credentials.filter((c) => c.identityType)) {
        const named = await call(
          t,
          route,
          { ...credential.headers, 'wix-site-id': siteB.site.id },
          url,
          payload,
        );
        if (named.status !== 401)
          leaks.push(`${route.method} ${route.url} as ${credential.name} naming site B: ${named.status}`);
        // A credential the route refuses answers 401/403 before any handler (identity-permissions.test.ts checks each),
        // so only the callers it lets in can reach B's rows.
        if (expected(route.access!, credential) !== 'allowed') continue;
        const plain = await call(t, route, credential.headers, url, payload);
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
