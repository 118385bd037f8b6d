import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { as, createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, type IdentityKit } from './identity-helpers.ts';

/** The operator API (`/sites/v1/sites`), sites picked by host name, and what disabling a site stops. */
let t: TestApp;
let kit: IdentityKit;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_MIN_RESPONSE_MS: '0',
      AVAILABILITY_RATE_LIMIT_PER_IP: '5',
    },
  });
  kit = identityKit(t);
  operator = bearer((await kit.sites.service.createOperatorKey('test operator')).key);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function createSite(name: string, hosts: string[]) {
  const response = await inject(t.app, {
    method: 'POST',
    url: '/sites/v1/sites',
    headers: operator,
    payload: { site: { name, hosts, timezone: 'Europe/Berlin', currency: 'EUR' } },
  });
  expect(response.status).toBe(200);
  return response.body as { site: { id: string; hosts: string[]; status: string }; clientId: string };
}

async function visitorToken(clientId: string, host?: string) {
  return inject(t.app, {
    method: 'POST',
    url: '/oauth2/token',
    headers: host ? { host } : {},
    payload: { grantType: 'anonymous', clientId },
  });
}

describe('POST /sites/v1/sites (operator)', () => {
  it('refuses calls without an operator key, and every credential of a site', async () => {
    const home = await kit.defaultSite();
    const owner = await kit.staffToken(home.site.id, 'OWNER');
    const key = await kit.apiKey(home.site.id, ['*']);
    const payload = { site: { name: 'Not made' } };
    const none = await inject(t.app, { method: 'POST', url: '/sites/v1/sites', payload });
    expect(none.status).toBe(401);
    for (const headers of [bearer(owner.token), { authorization: key.key }]) {
      const refused = await inject(t.app, { method: 'POST', url: '/sites/v1/sites', headers, payload });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/operator API key/);
    }
    const forged = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/sites',
      headers: bearer(`atrop_${crypto.randomUUID()}_${'x'.repeat(43)}`),
    });
    expect(forged.status).toBe(401);
  });

  it('creates a site with its host names and OAuth client, and lists and gets it', async () => {
    const made = await createSite('Studio Nord', ['Nord.Example.test', 'www.nord.example.test']);
    expect(made.site).toMatchObject({
      status: 'ACTIVE',
      hosts: ['nord.example.test', 'www.nord.example.test'],
    });
    expect(made.clientId).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await inject(t.app, { method: 'GET', url: '/sites/v1/sites', headers: operator });
    expect(listed.body.sites.map((entry: { site: { id: string } }) => entry.site.id)).toContain(made.site.id);
    const got = await inject(t.app, {
      method: 'GET',
      url: `/sites/v1/sites/${made.site.id}`,
      headers: operator,
    });
    expect(got.body).toEqual(made);
  });

  it('refuses a host another site has, a malformed host and an unknown site', async () => {
    await createSite('First', ['taken.example.test']);
    const taken = await inject(t.app, {
      method: 'POST',
      url: '/sites/v1/sites',
      headers: operator,
      payload: { site: { name: 'Second', hosts: ['taken.example.test'] } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.details.applicationError.code).toBe('HOST_TAKEN');
    const malformed = await inject(t.app, {
      method: 'POST',
      url: '/sites/v1/sites',
      headers: operator,
      payload: { site: { name: 'Bad', hosts: ['https://bad.example.test/path'] } },
    });
    expect(malformed.status).toBe(400);
    const missing = await inject(t.app, {
      method: 'GET',
      url: `/sites/v1/sites/${crypto.randomUUID()}`,
      headers: operator,
    });
    expect(missing.status).toBe(404);
  });
});

describe('two operators claiming one host at once', () => {
  it('gives the host to one site and answers the other HOST_TAKEN', async () => {
    const answers = await Promise.all(
      ['Racer one', 'Racer two', 'Racer three'].map((name) =>
        inject(t.app, {
          method: 'POST',
          url: '/sites/v1/sites',
          headers: operator,
          payload: { site: { name, hosts: ['race.example.test'] } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('PATCH /sites/v1/sites/:siteId (operator)', () => {
  it('changes settings and replaces the host names', async () => {
    const made = await createSite('Renamed later', ['old.example.test']);
    const changed = await inject(t.app, {
      method: 'PATCH',
      url: `/sites/v1/sites/${made.site.id}`,
      headers: operator,
      payload: { site: { name: 'Renamed', hosts: ['new.example.test'] } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.site).toMatchObject({ name: 'Renamed', hosts: ['new.example.test'] });
    const visitor = await visitorToken(made.clientId);
    const atOld = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: { ...bearer(visitor.body.access_token), host: 'new.example.test' },
    });
    expect(atOld.body.site.name).toBe('Renamed');
  });
});

describe('the site of a request is the site of its host name', () => {
  it('serves each site its own tokens, and falls back to the default site for other hosts', async () => {
    const home = await kit.defaultSite();
    const b = await createSite('Host B', ['b.example.test']);
    const bVisitor = (await visitorToken(b.clientId)).body.access_token as string;
    const homeVisitor = (await visitorToken(home.clientId)).body.access_token as string;
    const atB = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: { ...bearer(bVisitor), host: 'b.example.test:3000' },
    });
    expect(atB.body.site.id).toBe(b.site.id);
    const atUnknown = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: { ...bearer(homeVisitor), host: 'unclaimed.example.test' },
    });
    expect(atUnknown.body.site.id).toBe(home.site.id);
    // A token of the default site at B's address is refused, not answered with either site.
    const crossed = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: { ...bearer(homeVisitor), host: 'b.example.test' },
    });
    expect(crossed.status).toBe(401);
    expect(crossed.body.message).toMatch(/site at this address/);
  });

  it('lets an API key name its own site in wix-site-id at any address, and refuses naming another', async () => {
    const home = await kit.defaultSite();
    const b = await createSite('Keys', ['keys.example.test']);
    const key = await kit.apiKey(b.site.id, ['*']);
    const own = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: { authorization: key.key, 'wix-site-id': b.site.id },
    });
    expect(own.body.site.id).toBe(b.site.id);
    const other = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: { authorization: key.key, 'wix-site-id': home.site.id },
    });
    expect(other.status).toBe(401);
  });

  it("signs owners in to the site at the request's address", async () => {
    const b = await createSite('Sign-in', ['signin.example.test']);
    const staff = await kit.identity.staff.ensureStaffUser(
      b.site.id,
      'boss@example.test',
      'correct horse battery',
      'OWNER',
    );
    expect(staff.identity.id).toBeTruthy();
    const atB = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/dashboard/login',
      headers: { host: 'signin.example.test' },
      payload: { email: 'boss@example.test', password: 'correct horse battery' },
    });
    expect(atB.status).toBe(200);
    const me = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: { ...bearer(atB.body.access_token), host: 'signin.example.test' },
    });
    expect(me.body.site.id).toBe(b.site.id);
    const atHome = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/dashboard/login',
      payload: { email: 'boss@example.test', password: 'correct horse battery' },
    });
    expect(atHome.status).toBe(403);
  });

  it("puts the site's address in invitation mails", async () => {
    const b = await createSite('Mail links', ['mail.example.test']);
    const owner = await kit.staffToken(b.site.id, 'OWNER');
    const invited = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/staff/invitations',
      headers: { ...bearer(owner.token), host: 'mail.example.test' },
      payload: { email: 'new-staff@example.test', role: 'STAFF' },
    });
    expect(invited.status).toBe(200);
    const mail = await kit.lastMail(owner.token, 'new-staff@example.test').catch(async () => {
      const response = await inject(t.app, {
        method: 'GET',
        url: '/mail/v1/outbox?to=new-staff%40example.test',
        headers: { ...bearer(owner.token), host: 'mail.example.test' },
      });
      return response.body.messages[0] as { text: string };
    });
    expect(mail?.text).toContain('http://mail.example.test:3000/dashboard/accept-invitation?token=');
  });
});

describe("links use the site's address", () => {
  it("gives service pages at the site's host", async () => {
    const b = await createSite('Service links', ['services.example.test']);
    const staff = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v1/staff-members',
      headers: as('WIX_USER:OWNER', b.site.id),
      payload: { staffMember: { name: 'Kim', email: 'kim@example.test' } },
    });
    const service = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/services',
      headers: as('WIX_USER:OWNER', b.site.id),
      payload: {
        service: {
          type: 'APPOINTMENT',
          name: 'Massage',
          staffMemberIds: [staff.body.staffMember.id],
          payment: {
            rateType: 'FIXED',
            fixed: { price: { value: '40.00', currency: 'EUR' } },
            options: { inPerson: true, online: false },
          },
          schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
        },
      },
    });
    expect(service.status, JSON.stringify(service.body)).toBe(200);
    expect(service.body.service.urls.servicePage).toBe(
      'http://services.example.test:3000/service-page/massage',
    );
  });

  it('gives checkout pages at the site host', async () => {
    const b = await createSite('Checkout links', ['pay.example.test']);
    const product = await inject(t.app, {
      method: 'POST',
      url: '/stores/v1/products',
      headers: as('WIX_USER:OWNER', b.site.id),
      payload: { product: { name: 'Mat', productType: 'physical', priceData: { price: 10 } } },
    });
    expect(product.status).toBe(200);
    const visitor = as(`ANONYMOUS_VISITOR:${crypto.randomUUID()}`, b.site.id);
    const checkout = await inject(t.app, {
      method: 'POST',
      url: '/ecom/v1/checkouts',
      headers: visitor,
      payload: {
        lineItems: [
          {
            quantity: 1,
            catalogReference: { appId: catalogAppIds.stores, catalogItemId: product.body.product.id },
          },
        ],
      },
    });
    const url = await inject(t.app, {
      method: 'GET',
      url: `/ecom/v1/checkouts/${checkout.body.checkout.id}/checkout-url`,
      headers: visitor,
    });
    expect(url.body.checkoutUrl).toBe(`http://pay.example.test:3000/checkout/${checkout.body.checkout.id}`);
  });
});

describe("a site's signed links and OAuth clients at another site's address", () => {
  it("serves a staff calendar feed at its own site's address and at unclaimed ones, not at another site's", async () => {
    const b = await createSite('Feeds', ['feeds.example.test']);
    const bOwner = as('WIX_USER:OWNER', b.site.id);
    const staff = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v1/staff-members',
      headers: bOwner,
      payload: { staffMember: { name: 'Sam', email: 'sam@example.test' } },
    });
    const feed = await inject(t.app, {
      method: 'POST',
      url: `/bookings/v2/external-calendars/staff-members/${staff.body.staffMember.id}/feed`,
      headers: { ...bOwner, host: 'feeds.example.test' },
    });
    expect(feed.body.feed.url).toMatch(
      /^http:\/\/feeds\.example\.test:3000\/bookings\/v2\/external-calendars\/feeds\//,
    );
    const path = new URL(feed.body.feed.url).pathname;
    const at = (host?: string) => t.app.inject({ method: 'GET', url: path, headers: host ? { host } : {} });
    expect((await at('feeds.example.test')).statusCode).toBe(200);
    expect((await at()).statusCode).toBe(200);
    await createSite('Elsewhere', ['elsewhere.example.test']);
    expect((await at('elsewhere.example.test')).statusCode).toBe(404);
  });

  it("shows another site's OAuth sign-in page only at that site's address or an unclaimed one", async () => {
    const home = await kit.defaultSite();
    await createSite('Not home', ['nothome.example.test']);
    const query = new URLSearchParams({
      client_id: home.clientId,
      redirect_uri: 'http://localhost:3000/auth/callback',
      response_type: 'code',
      response_mode: 'query',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 'state',
    });
    const page = (host?: string) =>
      t.app.inject({ method: 'GET', url: `/oauth2/authorize?${query}`, headers: host ? { host } : {} });
    expect((await page()).statusCode).toBe(200);
    const elsewhere = await page('nothome.example.test');
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.body).toContain('Unknown client_id');
  });

  it("accepts the web app's callback at a host name added after the site's client was made", async () => {
    const b = await createSite('Moving', ['before.example.test']);
    await inject(t.app, {
      method: 'PATCH',
      url: `/sites/v1/sites/${b.site.id}`,
      headers: operator,
      payload: { site: { hosts: ['after.example.test'] } },
    });
    const query = new URLSearchParams({
      client_id: b.clientId,
      redirect_uri: 'http://after.example.test:3000/auth/callback',
      response_type: 'code',
      response_mode: 'query',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 'state',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?${query}`,
      headers: { host: 'after.example.test' },
    });
    expect(page.statusCode).toBe(200);
  });
});

describe('POST /sites/v1/sites/:siteId/disable (operator)', () => {
  it('stops every credential of the site at once, shows its pages as unavailable, and enable undoes it', async () => {
    const b = await createSite('To disable', ['off.example.test']);
    const owner = await kit.staffToken(b.site.id, 'OWNER');
    const member = await kit.memberToken(b.site.id);
    const key = await kit.apiKey(b.site.id, ['*']);
    const visitor = await visitorToken(b.clientId);
    const disabled = await inject(t.app, {
      method: 'POST',
      url: `/sites/v1/sites/${b.site.id}/disable`,
      headers: operator,
    });
    expect(disabled.body.site.status).toBe('DISABLED');
    for (const headers of [
      bearer(owner.token),
      bearer(member.token),
      { authorization: key.key },
      bearer(visitor.body.access_token),
    ]) {
      const refused = await inject(t.app, { method: 'GET', url: '/sites/v1/site', headers });
      expect(refused.status).toBe(403);
      expect(refused.body.details.applicationError.code).toBe('SITE_UNAVAILABLE');
    }
    const refreshed = await inject(t.app, {
      method: 'POST',
      url: '/oauth2/token',
      payload: { grantType: 'refresh_token', refreshToken: member.refreshToken },
    });
    expect(refreshed.status).toBe(403);
    expect((await visitorToken(b.clientId)).status).toBe(403);
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'off.example.test', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This site is unavailable');
    const api = await inject(t.app, {
      method: 'GET',
      url: '/stores/v1/products',
      headers: { host: 'off.example.test' },
    });
    expect(api.body.message).toBe('This site is unavailable');

    await inject(t.app, { method: 'POST', url: `/sites/v1/sites/${b.site.id}/enable`, headers: operator });
    const back = await inject(t.app, { method: 'GET', url: '/sites/v1/site', headers: bearer(owner.token) });
    expect(back.status).toBe(200);
  });

  it('refuses to disable the default site', async () => {
    const home = await kit.defaultSite();
    const refused = await inject(t.app, {
      method: 'POST',
      url: `/sites/v1/sites/${home.site.id}/disable`,
      headers: operator,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.details.applicationError.code).toBe('DEFAULT_SITE_REQUIRED');
  });
});

describe('auth rate limits per site', () => {
  it("counts an address's sign-in attempts per site, so a busy site does not lock the address out of another", async () => {
    const busy = await createSite('Busy', ['busy.example.test']);
    const quiet = await createSite('Quiet', ['quiet.example.test']);
    const attempt = (host: string, i: number) =>
      inject(t.app, {
        method: 'POST',
        url: '/identity/v1/dashboard/login',
        headers: { host },
        payload: { email: `nobody-${i}@example.test`, password: 'wrong password' },
      });
    let limited = 0;
    for (let i = 0; i < t.config.AUTH_RATE_LIMIT_PER_IP + 1; i++)
      if ((await attempt('busy.example.test', i)).status === 429) limited += 1;
    expect(limited).toBe(1);
    expect((await attempt('busy.example.test', 999)).status).toBe(429);
    const elsewhere = await attempt('quiet.example.test', 1000);
    expect(elsewhere.status).toBe(403);
    expect(busy.site.id).not.toBe(quiet.site.id);
  });
});

describe('traffic limits per site', () => {
  it("counts an address's availability queries per site", async () => {
    const busy = await createSite('Busy slots', []);
    const quiet = await createSite('Quiet slots', []);
    const query = (siteId: string) =>
      inject(t.app, {
        method: 'POST',
        url: '/bookings/v1/availability/query',
        headers: as('ANONYMOUS_VISITOR', siteId),
        payload: {},
      });
    for (let i = 0; i < 5; i++) expect((await query(busy.site.id)).status).not.toBe(429);
    expect((await query(busy.site.id)).status).toBe(429);
    expect((await query(quiet.site.id)).status).not.toBe(429);
  });
});

describe('GET /identity/v1/me/sites', () => {
  it('lists the sites where the signed-in person (by email) is owner or staff, this one first', async () => {
    const north = await createSite('North', ['north.example.test']);
    const south = await createSite('South', ['south.example.test']);
    const unrelated = await createSite('Unrelated', ['unrelated.example.test']);
    const email = 'both@example.test';
    await kit.identity.staff.ensureStaffUser(north.site.id, email, 'correct horse battery', 'OWNER');
    await kit.identity.staff.ensureStaffUser(south.site.id, email, 'correct horse battery', 'STAFF');
    await kit.identity.staff.ensureStaffUser(
      unrelated.site.id,
      'else@example.test',
      'correct horse battery',
      'OWNER',
    );
    const signedIn = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/dashboard/login',
      headers: { host: 'south.example.test' },
      payload: { email, password: 'correct horse battery' },
    });
    const listed = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/me/sites',
      headers: { ...bearer(signedIn.body.access_token), host: 'south.example.test' },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.sites).toEqual([
      { id: south.site.id, name: 'South', address: 'http://south.example.test:3000', current: true },
      { id: north.site.id, name: 'North', address: 'http://north.example.test:3000', current: false },
    ]);
  });

  it('is for owners and staff only', async () => {
    const member = await kit.memberToken((await kit.defaultSite()).site.id);
    const refused = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/me/sites',
      headers: bearer(member.token),
    });
    expect(refused.status).toBe(403);
  });
});
