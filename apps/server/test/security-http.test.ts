import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { loggablePath } from '../src/platform/http/request-logging.ts';
import { devCallerHeader, devSiteHeader } from '../src/platform/http/dev-authenticator.ts';
import { createTestDatabase, inject, owner } from './test-app.ts';
import { identityKit } from './identity-helpers.ts';

const framedPolicy = "default-src 'none'; frame-ancestors https://app.example.com";

/** Public routes: the caller's address, JSON bodies under the default and an own limit, a framable page. */
async function fixtureRoutes(app: FastifyInstance) {
  app.get('/fixture/v1/framed', { config: { access: { public: true } } }, async (_request, reply) =>
    reply.type('text/html').header('content-security-policy', framedPolicy).send('<p>hi</p>'),
  );
  app.get('/fixture/v1/ip', { config: { access: { public: true } } }, async (request) => ({
    ip: request.ip,
  }));
  app.post('/fixture/v1/echo', { config: { access: { public: true } } }, async () => ({ ok: true }));
  app.post(
    '/fixture/v1/big-echo',
    { config: { access: { public: true } }, bodyLimit: 512 * 1024 },
    async () => ({ ok: true }),
  );
}

interface Started {
  app: App;
  logLines: string[];
  close(): Promise<void>;
}

async function start(config: Record<string, string>): Promise<Started> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const logLines: string[] = [];
  const app = await buildApp({
    config: testConfig({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...config }),
    database,
    plugins: [fixtureRoutes],
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await app.ready();
  return {
    app,
    logLines,
    async close() {
      await app.close();
      await drop();
    },
  };
}

// The development defaults: PUBLIC_URL unset, so the site's own origin is http://localhost:4000.
let plain: Started;
// Behind one proxy, on https, with an extra origin allowed.
let proxied: Started;
// CORS_ORIGINS=* said explicitly.
let anyOrigin: Started;

beforeAll(async () => {
  plain = await start({ PORT: '4000', LOG_LEVEL: 'info' });
  proxied = await start({
    PORT: '4000',
    PUBLIC_URL: 'https://book.example.com',
    CORS_ORIGINS: 'https://partner.example.com',
    TRUST_PROXY: '1',
  });
  anyOrigin = await start({ CORS_ORIGINS: '*' });
}, 180_000);

afterAll(async () => {
  await Promise.all([plain?.close(), proxied?.close(), anyOrigin?.close()]);
}, 60_000);

describe('security headers', () => {
  it('puts nosniff, a frame-nothing CSP, DENY framing and no-referrer on API answers', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/sites/v1/site', headers: owner });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('puts them on error answers too', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS only when the public URL is https', async () => {
    const local = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(local.headers['strict-transport-security']).toBeUndefined();
    const secure = await proxied.app.inject({ method: 'GET', url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('gives the API reference at /docs its own policy, and keeps it there', async () => {
    const docs = await plain.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = await plain.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("keeps a route's own policy and framing rule (as the sign-in pages' web_message answer sets)", async () => {
    const page = await plain.app.inject({ method: 'GET', url: '/fixture/v1/framed' });
    expect(page.headers['content-security-policy']).toBe(framedPolicy);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('CORS', () => {
  const preflight = (origin: string, headers = 'content-type') => ({
    method: 'OPTIONS' as const,
    url: '/data/v2/items/query',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': headers,
    },
  });

  it('answers the site’s own origin with credentials', async () => {
    for (const origin of ['http://localhost:4000', 'http://127.0.0.1:4000']) {
      const response = await plain.app.inject({ method: 'GET', url: '/healthz', headers: { origin } });
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  it('gives a foreign origin no access-control-allow-origin', async () => {
    const response = await plain.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const ask = await plain.app.inject(preflight('https://evil.example'));
    expect(ask.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never allows the development credentials headers, even to the own origin', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:4000']) {
      const response = await plain.app.inject(
        preflight(origin, `content-type, ${devCallerHeader}, ${devSiteHeader}`),
      );
      const allowed = String(response.headers['access-control-allow-headers'] ?? '').toLowerCase();
      expect(allowed).not.toContain(devCallerHeader);
      expect(allowed).not.toContain(devSiteHeader);
    }
    const own = await plain.app.inject(preflight('http://localhost:4000', 'authorization, content-type'));
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:4000');
    expect(own.headers['access-control-allow-headers']).toContain('authorization');
    expect(own.headers['access-control-allow-methods']).toContain('PATCH');
  });

  it('takes PUBLIC_URL as the own origin, adds CORS_ORIGINS, and drops localhost once a public URL is set', async () => {
    const allowed = async (origin: string) =>
      (await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { origin } })).headers[
        'access-control-allow-origin'
      ];
    expect(await allowed('https://book.example.com')).toBe('https://book.example.com');
    expect(await allowed('https://partner.example.com')).toBe('https://partner.example.com');
    expect(await allowed('http://book.example.com')).toBeUndefined();
    expect(await allowed('https://evil.example')).toBeUndefined();
  });

  it('allows any origin only when CORS_ORIGINS is *, and then without credentials', async () => {
    const response = await anyOrigin.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://anyone.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('request logs', () => {
  const feedToken = 'Zq3xV8pLm2N9tR4wK7yB1cD5fG6hJ0sA-_eUiOo1234';
  const recoveryToken = 'rec0veryTok3nValue9876543210abcdefXYZ';
  const bearer = 'eyJhbGciOiJFUzI1NiJ9.secret-bearer-part';

  it('log the path without its query string and with token segments masked', async () => {
    plain.logLines.length = 0;
    await plain.app.inject({ method: 'GET', url: `/bookings/v2/external-calendars/feeds/${feedToken}.ics` });
    await plain.app.inject({
      method: 'GET',
      url: `/account/reset-password?recoveryToken=${recoveryToken}`,
      headers: { accept: 'application/json' },
    });
    await plain.app.inject({ method: 'GET', url: `/dashboard/accept-invitation?token=${recoveryToken}` });
    await plain.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?sessionToken=${recoveryToken}&client_id=x`,
    });
    await plain.app.inject({ method: 'GET', url: `/some/where/${recoveryToken}/else` });
    await plain.app.inject({
      method: 'GET',
      url: '/identity/v1/me',
      headers: { authorization: `Bearer ${bearer}`, cookie: `session=${bearer}` },
    });

    const logs = plain.logLines.join('\n');
    expect(logs).toContain('"url":"/bookings/v2/external-calendars/feeds/[redacted]"');
    expect(logs).toContain('"url":"/account/reset-password"');
    expect(logs).toContain('"url":"/some/where/[redacted]/else"');
    expect(logs).toContain('"url":"/identity/v1/me"');
    expect(logs).not.toContain(feedToken);
    expect(logs).not.toContain(recoveryToken);
    expect(logs).not.toContain(bearer);
    expect(logs).not.toContain('secret-bearer-part');
  });
});

describe('a recovery flow, as the logs see it', () => {
  it('writes no recovery token, code or session token to the log at trace level', async () => {
    const traced = await start({ LOG_LEVEL: 'trace', ALLOW_DEV_CALLER_HEADER: 'false' });
    try {
      const kit = identityKit({
        app: traced.app,
        config: testConfig({ LOG_LEVEL: 'silent' }),
        close: async () => {},
      });
      const site = await kit.defaultSite();
      const visitor = { authorization: `Bearer ${(await kit.visitorToken(site.clientId)).token}` };
      const email = kit.unique('forgetful');
      await kit.identity.members.seedMember(site.site.id, email, 'forgotten password 1');
      await inject(traced.app, {
        method: 'POST',
        url: '/identity/v1/send-email',
        headers: visitor,
        payload: { email },
      });
      const [mail] = await traced.app.database.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE to_address = $1',
        [email],
      );
      const token = /Recovery token: (\S+)/.exec(mail!.text_body)![1]!;
      const link = /(http\S+reset-password\S+)/.exec(mail!.text_body)![1]!;
      // The member opens the link, then sets a new password; the answer carries a session token.
      await inject(traced.app, { method: 'GET', url: new URL(link).pathname + new URL(link).search });
      const recovered = await inject(traced.app, {
        method: 'POST',
        url: '/identity/v1/recover',
        headers: visitor,
        payload: { recoveryToken: token, password: 'brand new secret 7' },
      });
      expect(recovered.body.state).toBe('SUCCESS');
      const sessionToken = recovered.body.sessionToken as string;
      const logs = traced.logLines.join('\n');
      expect(traced.logLines.length).toBeGreaterThan(4);
      expect(logs).toContain('/identity/v1/recover');
      for (const secret of [
        token,
        encodeURIComponent(token),
        sessionToken,
        'brand new secret 7',
        visitor.authorization,
      ]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await traced.close();
    }
  });
});

describe('loggablePath', () => {
  it.each([
    ['/sites/v1/site', '/sites/v1/site'],
    ['/data/v2/items/first-post?dataCollectionId=Posts', '/data/v2/items/first-post'],
    [
      '/bookings/v2/bookings/4f1c2b7a-9d3e-4c5b-8a6f-1e2d3c4b5a69',
      '/bookings/v2/bookings/4f1c2b7a-9d3e-4c5b-8a6f-1e2d3c4b5a69',
    ],
    [
      '/data/v2/collections/AVeryLongCollectionNameWithoutDigits',
      '/data/v2/collections/AVeryLongCollectionNameWithoutDigits',
    ],
    ['/bookings/v2/external-calendars/feeds/short.ics', '/bookings/v2/external-calendars/feeds/[redacted]'],
    [
      `/bookings/v1/anonymous-bookings/bgt_b.4f1c2b7a-9d3e-4c5b-8a6f-1e2d3c4b5a69.t1x2y3.${'A'.repeat(43)}/cancel`,
      '/bookings/v1/anonymous-bookings/[redacted]/cancel',
    ],
    [
      `/bookings/manage/bgt_b.4f1c2b7a-9d3e-4c5b-8a6f-1e2d3c4b5a69.t1x2y3.${'A'.repeat(43)}`,
      '/bookings/manage/[redacted]',
    ],
    ['/x/0123456789abcdef0123456789abcdef', '/x/[redacted]'],
    ['/x/ac_Zq3xV8pLm2N9tR4wK7yB1cD5', '/x/[redacted]'],
    ['/docs/#/tag/x', '/docs/'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggablePath(url)).toBe(logged);
  });
});

describe('body limits', () => {
  it('answers 413 in the error shape to a 100 KiB body on a public route', async () => {
    const payload = { grant_type: 'x'.repeat(100 * 1024) };
    for (const url of ['/oauth2/token', '/fixture/v1/echo']) {
      const response = await inject(plain.app, { method: 'POST', url, payload });
      expect(response.status).toBe(413);
      expect(response.body.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('takes a small body on a public route, and a public route’s own limit wins', async () => {
    const small = await inject(plain.app, { method: 'POST', url: '/fixture/v1/echo', payload: { a: 'x' } });
    expect(small.status).toBe(200);
    const own = await inject(plain.app, {
      method: 'POST',
      url: '/fixture/v1/big-echo',
      payload: { a: 'x'.repeat(100 * 1024) },
    });
    expect(own.status).toBe(200);
  });

  it("takes an owner's 1 MB body on a data route", async () => {
    const created = await inject(plain.app, {
      method: 'POST',
      url: '/data/v2/collections',
      headers: owner,
      payload: { collection: { id: 'Notes', fields: [{ key: 'body', type: 'TEXT' }] } },
    });
    expect(created.status).toBe(200);
    const response = await inject(plain.app, {
      method: 'POST',
      url: '/data/v2/items',
      headers: owner,
      payload: { dataCollectionId: 'Notes', dataItem: { data: { blob: 'x'.repeat(1024 * 1024) } } },
    });
    expect(response.status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.7' };

  it('believes x-forwarded-for from the proxy when set', async () => {
    const response = await inject(proxied.app, { method: 'GET', url: '/fixture/v1/ip', headers: forwarded });
    expect(response.body.ip).toBe('203.0.113.7');
  });

  it('ignores x-forwarded-for when unset', async () => {
    const response = await inject(plain.app, { method: 'GET', url: '/fixture/v1/ip', headers: forwarded });
    expect(response.body.ip).toBe('127.0.0.1');
  });

  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1,loopback', ['10.0.0.0/8', '127.0.0.1', 'loopback']],
    ['fd00::/8', ['fd00::/8']],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(testConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['proxy.internal', '10.0.0.0/33', '1.2.3'])('refuses TRUST_PROXY=%j at start', (value) => {
    expect(() => testConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
