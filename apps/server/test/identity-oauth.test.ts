import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, pkcePair, type IdentityKit } from './identity-helpers.ts';

const redirectUri = 'https://app.example.com/auth/callback';
let t: TestApp;
let kit: IdentityKit;
let clientId: string;
let siteId: string;
let ownerToken: string;
let member: { email: string; password: string };

beforeAll(async () => {
  t = await createTestApp({
    config: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_LOGIN_ID: '1000' },
  });
  kit = identityKit(t);
  const site = await kit.defaultSite();
  clientId = site.clientId;
  siteId = site.site.id;
  ownerToken = (await kit.staffToken(siteId)).token;
  await inject(t.app, {
    method: 'PATCH',
    url: `/identity/v1/oauth-clients/${clientId}`,
    headers: bearer(ownerToken),
    payload: { redirectUris: [redirectUri] },
  });
  member = { email: kit.unique('pkce'), password: 'pkce password 1' };
  await kit.identity.members.seedMember(siteId, member.email, member.password);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function authorizeQuery(overrides: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair();
  const params = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'offline_access',
    state: 'xyz-state',
    ...overrides,
  };
  return { verifier, params };
}

/** Signs in through the hosted page's form and returns the code from the redirect. */
async function codeThroughHostedPage(params: Record<string, string>) {
  const page = await t.app.inject({ method: 'GET', url: `/oauth2/authorize?${new URLSearchParams(params)}` });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('<form method="post" action="/oauth2/authorize">');
  const posted = await t.app.inject({
    method: 'POST',
    url: '/oauth2/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...params,
      action: 'login',
      email: member.email,
      password: member.password,
    }).toString(),
  });
  return posted;
}

async function exchange(body: Record<string, unknown>) {
  return inject(t.app, {
    method: 'POST',
    url: '/oauth2/token',
    payload: { clientId, grantType: 'authorization_code', redirectUri, ...body },
  });
}

describe('PKCE authorization code flow', () => {
  it('signs in on the hosted page and exchanges the code once', async () => {
    const { verifier, params } = authorizeQuery();
    const posted = await codeThroughHostedPage(params);
    expect(posted.statusCode).toBe(302);
    const location = new URL(String(posted.headers.location));
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('xyz-state');
    const code = location.searchParams.get('code')!;

    const tokens = await exchange({ code, codeVerifier: verifier });
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('offline_access');
    const me = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members/my',
      headers: bearer(tokens.body.access_token),
    });
    expect(me.body.member.loginEmail).toBe(member.email);

    // Replay: refused, and the session the code made is revoked.
    const replay = await exchange({ code, codeVerifier: verifier });
    expect(replay.status).toBe(400);
    expect(replay.body.details.applicationError.code).toBe('INVALID_GRANT');
    const refresh = await inject(t.app, {
      method: 'POST',
      url: '/oauth2/token',
      payload: { grantType: 'refresh_token', refreshToken: tokens.body.refresh_token },
    });
    expect(refresh.status).toBe(400);
  });

  it('refuses a wrong verifier and burns the code', async () => {
    const { verifier, params } = authorizeQuery();
    const code = new URL(String((await codeThroughHostedPage(params)).headers.location)).searchParams.get(
      'code',
    )!;
    const wrong = await exchange({ code, codeVerifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('codeVerifier');
    expect((await exchange({ code, codeVerifier: verifier })).status).toBe(400);
  });

  it('refuses verifiers outside 43 to 128 characters', async () => {
    const { params } = authorizeQuery();
    const code = new URL(String((await codeThroughHostedPage(params)).headers.location)).searchParams.get(
      'code',
    )!;
    expect((await exchange({ code, codeVerifier: 'a'.repeat(42) })).status).toBe(400);
    expect((await exchange({ code, codeVerifier: 'a'.repeat(129) })).status).toBe(400);
  });

  it('refuses a redirect URI that differs from the authorization request', async () => {
    const { verifier, params } = authorizeQuery();
    const code = new URL(String((await codeThroughHostedPage(params)).headers.location)).searchParams.get(
      'code',
    )!;
    const wrong = await exchange({
      code,
      codeVerifier: verifier,
      redirectUri: 'https://app.example.com/other',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('redirectUri');
  });

  it('never redirects to an unregistered redirect URI', async () => {
    const { params } = authorizeQuery({ redirect_uri: 'https://evil.example.net/steal' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?${new URLSearchParams(params)}`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('is not registered');
    const unknownClient = await t.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?${new URLSearchParams({ ...params, client_id: crypto.randomUUID() })}`,
    });
    expect(unknownClient.statusCode).toBe(401);
  });

  it('refuses plain challenges', async () => {
    const { params } = authorizeQuery({ code_challenge_method: 'plain' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?${new URLSearchParams(params)}`,
    });
    expect(page.statusCode).toBe(400);
  });

  it('answers in the fragment and by web_message', async () => {
    const fragment = await codeThroughHostedPage(authorizeQuery({ response_mode: 'fragment' }).params);
    expect(String(fragment.headers.location)).toMatch(
      /^https:\/\/app\.example\.com\/auth\/callback#code=ac_.+&state=xyz-state$/,
    );
    const message = await codeThroughHostedPage(
      authorizeQuery({ response_mode: 'web_message', redirect_uri: 'https://app.example.com' }).params,
    );
    expect(message.statusCode).toBe(200);
    expect(message.body).toContain('"type":"authorization_response"');
    expect(message.body).toContain('postMessage');
    expect(message.headers['content-security-policy']).toContain('frame-ancestors https://app.example.com');
  });

  it('shows the form again with the error on a wrong password', async () => {
    const { params } = authorizeQuery();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...params,
        action: 'login',
        email: member.email,
        password: 'nope nope',
      }).toString(),
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.body).toContain('Invalid password');
  });

  it('registers and verifies through the hosted page', async () => {
    await inject(t.app, {
      method: 'PATCH',
      url: '/identity/v1/settings',
      headers: bearer(ownerToken),
      payload: { settings: { requireEmailVerification: true } },
    });
    const { verifier, params } = authorizeQuery();
    const email = kit.unique('hosted');
    const form = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth2/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...params, ...extra }).toString(),
      });
    const registered = await form({
      action: 'register',
      email,
      password: 'hosted password',
      firstName: 'Hosted',
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.body).toContain('Check your email');
    const stateToken = /name="stateToken" value="([^"]+)"/.exec(registered.body)![1]!;
    const code = kit.codeIn(await kit.lastMail(ownerToken, email));
    const verified = await form({ action: 'verify', stateToken, code, email });
    expect(verified.statusCode).toBe(302);
    const authCode = new URL(String(verified.headers.location)).searchParams.get('code')!;
    expect((await exchange({ code: authCode, codeVerifier: verifier })).status).toBe(200);
    await inject(t.app, {
      method: 'PATCH',
      url: '/identity/v1/settings',
      headers: bearer(ownerToken),
      payload: { settings: { requireEmailVerification: false } },
    });
  });

  it('builds the authorize URL through redirect-session', async () => {
    const visitor = await kit.visitorToken(clientId);
    const { challenge } = pkcePair();
    const session = await inject(t.app, {
      method: 'POST',
      url: '/_api/redirects-api/v1/redirect-session',
      headers: { authorization: visitor.token },
      payload: {
        auth: {
          authRequest: {
            clientId,
            redirectUri,
            codeChallenge: challenge,
            codeChallengeMethod: 'S256',
            responseMode: 'web_message',
            state: 'abc',
          },
          prompt: 'none',
        },
      },
    });
    expect(session.status).toBe(200);
    const url = new URL(session.body.redirectSession.fullUrl);
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
    expect(session.body.redirectSession.urlDetails.endpoint).toContain('/oauth2/authorize');
  });
});

describe('app credentials', () => {
  it('accepts an API key directly and through the authorized_client grant', async () => {
    const { key } = await kit.apiKey(siteId, ['*']);
    const direct = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members',
      headers: { authorization: key, 'wix-site-id': siteId },
    });
    expect(direct.status).toBe(200);
    const otherSite = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members',
      headers: { authorization: key, 'wix-site-id': crypto.randomUUID() },
    });
    expect(otherSite.status).toBe(401);

    const appTokens = await inject(t.app, {
      method: 'POST',
      url: '/oauth2/token',
      headers: { authorization: key },
      payload: { grantType: 'authorized_client' },
    });
    expect(appTokens.status).toBe(200);
    expect(
      (
        await inject(t.app, {
          method: 'GET',
          url: '/identity/v1/members',
          headers: bearer(appTokens.body.access_token),
        })
      ).status,
    ).toBe(200);

    const memberRow = (
      await inject(t.app, { method: 'GET', url: '/identity/v1/members', headers: { authorization: key } })
    ).body.members.find((m: { email: string }) => m.email === member.email);
    const asMember = await inject(t.app, {
      method: 'POST',
      url: '/oauth2/token',
      payload: { grantType: 'authorized_client', clientSecret: key, member_id: memberRow.id },
    });
    expect(asMember.status).toBe(200);
    const me = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members/my',
      headers: bearer(asMember.body.access_token),
    });
    expect(me.body.member.loginEmail).toBe(member.email);
  });

  it('honours scopes, shows keys without secrets, and revokes', async () => {
    const scoped = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/api-keys',
      headers: bearer(ownerToken),
      payload: { name: 'mail reader', scopes: ['mail.read'] },
    });
    expect(scoped.status).toBe(200);
    expect(scoped.body.key).toMatch(/^atr_/);
    const key = scoped.body.key as string;
    expect(
      (await inject(t.app, { method: 'GET', url: '/mail/v1/outbox', headers: { authorization: key } }))
        .status,
    ).toBe(200);
    expect(
      (await inject(t.app, { method: 'GET', url: '/identity/v1/members', headers: { authorization: key } }))
        .status,
    ).toBe(403);
    const impersonate = await inject(t.app, {
      method: 'POST',
      url: '/oauth2/token',
      headers: { authorization: key },
      payload: { grantType: 'authorized_client', member_id: crypto.randomUUID() },
    });
    expect(impersonate.status).toBe(400);

    const listed = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/api-keys',
      headers: bearer(ownerToken),
    });
    // The key is `atr_<id>_<secret>`; the secret (base64url, which may itself hold `_`) never shows.
    const secret = key.slice('atr_'.length + 36 + 1);
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    // The key's use above is recorded (written at most once a minute, after the answer).
    await expect
      .poll(async () => {
        const keys = await inject(t.app, {
          method: 'GET',
          url: '/identity/v1/api-keys',
          headers: bearer(ownerToken),
        });
        const used = (keys.body.apiKeys as Array<{ id: string; lastUsedDate?: string }>).find(
          (entry) => entry.id === scoped.body.apiKey.id,
        );
        return used?.lastUsedDate !== undefined;
      })
      .toBe(true);
    const appTokens = await inject(t.app, {
      method: 'POST',
      url: '/oauth2/token',
      headers: { authorization: key },
      payload: { grantType: 'authorized_client' },
    });

    const revoked = await inject(t.app, {
      method: 'DELETE',
      url: `/identity/v1/api-keys/${scoped.body.apiKey.id}`,
      headers: bearer(ownerToken),
    });
    expect(revoked.body).toEqual({});
    expect(
      (await inject(t.app, { method: 'GET', url: '/mail/v1/outbox', headers: { authorization: key } }))
        .status,
    ).toBe(401);
    expect(
      (
        await inject(t.app, {
          method: 'GET',
          url: '/mail/v1/outbox',
          headers: bearer(appTokens.body.access_token),
        })
      ).status,
    ).toBe(401);
    const wrongSecret = `${key.slice(0, -4)}AAAA`;
    expect(
      (
        await inject(t.app, {
          method: 'POST',
          url: '/oauth2/token',
          headers: { authorization: wrongSecret },
          payload: { grantType: 'authorized_client' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('bad credentials are 401, never 5xx', () => {
  const call = (authorization: string, extra: Record<string, string> = {}) =>
    inject(t.app, { method: 'GET', url: '/identity/v1/me', headers: { authorization, ...extra } });

  it('refuses oversized, malformed and garbage tokens', async () => {
    for (const value of [
      'x'.repeat(5000),
      'abc',
      'a.b.c',
      'Bearer ',
      'atr_nonsense',
      `atr_${crypto.randomUUID()}_${'A'.repeat(43)}`,
      'eyJhbGciOiJFUzI1NiJ9.e30.',
    ]) {
      const response = await call(value);
      expect(response.status, value.slice(0, 40)).toBe(401);
    }
  });

  it('refuses expired tokens, unknown keys, alg none, tampering and another site', async () => {
    const member = await kit.memberToken(siteId);
    const [header, payload] = member.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const kid = JSON.parse(Buffer.from(header, 'base64url').toString()).kid;

    const expired = await kit.identity.signer.sign(
      { sub: claims.sub, site: claims.site, typ: 'MEMBER', sid: claims.sid },
      new Date(Date.now() - 3600_000),
    );
    expect((await call(expired)).status).toBe(401);

    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: crypto.randomUUID() })
      .sign(privateKey);
    expect((await call(foreign)).status).toBe(401);
    const sameKidForeignKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid })
      .sign(privateKey);
    expect((await call(sameKidForeignKey)).status).toBe(401);

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${payload}.`;
    expect((await call(none)).status).toBe(401);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, typ: 'WIX_USER', role: 'OWNER' })).toString('base64url')}.${member.token.split('.')[2]}`;
    expect((await call(tampered)).status).toBe(401);

    const other = await kit.newSite('Other site');
    expect((await call(member.token, { 'wix-site-id': other.site.id })).status).toBe(401);
    expect((await call(member.token)).status).toBe(200);
  });

  it('refuses a token once it expires, however often it was verified before', async () => {
    const member = await kit.memberToken(siteId);
    const claims = JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString());
    const { signer } = kit.identity;
    // Issued so that it has a second and a half left.
    const shortLived = await signer.sign(
      { sub: claims.sub, site: claims.site, typ: 'MEMBER', sid: claims.sid },
      new Date(Date.now() - (signer.accessTokenTtlSeconds - 1.5) * 1000),
    );
    expect((await call(shortLived)).status).toBe(200);
    expect((await call(shortLived)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await call(shortLived)).status).toBe(401);
    expect(await signer.verify(shortLived)).toBeUndefined();
  });

  it('publishes the keys and keeps old tokens valid across a rotation', async () => {
    const member = await kit.memberToken(siteId);
    const before = await inject(t.app, { method: 'GET', url: '/.well-known/jwks.json' });
    expect(before.body.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', use: 'sig' });
    expect(before.body.keys[0].d).toBeUndefined();
    const newKid = await kit.identity.signer.rotate();
    const fresh = await kit.identity.signer.sign({
      sub: member.id,
      site: siteId,
      typ: 'MEMBER',
      sid: JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString()).sid,
    });
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe(newKid);
    // The app's own signer learns the new key from the database on an unknown kid (after its short back-off).
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await call(fresh)).status).toBe(200);
    expect((await call(member.token)).status).toBe(200);
    const after = await inject(t.app, { method: 'GET', url: '/.well-known/jwks.json' });
    expect(after.body.keys.map((k: { kid: string }) => k.kid)).toContain(newKid);
  }, 30_000);
});

describe('abuse limits', () => {
  it('answers 429 with Retry-After past the per-loginId limit', async () => {
    const limited = await createTestApp({
      config: { AUTH_RATE_LIMIT_PER_LOGIN_ID: '3', AUTH_RATE_LIMIT_PER_IP: '100' },
    });
    try {
      const limitedKit = identityKit(limited);
      const { clientId: cid } = await limitedKit.defaultSite();
      const visitor = await limitedKit.visitorToken(cid);
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 5; i++) {
        const response = await inject(limited.app, {
          method: 'POST',
          url: '/identity/v2/login',
          headers: bearer(visitor.token),
          payload: { loginId: { email: 'target@example.com' }, password: 'guess' },
        });
        statuses.push(response.status);
        if (response.status === 429) retryAfter = String(response.headers['retry-after']);
      }
      expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      // Another loginId from the same address is still served.
      const other = await inject(limited.app, {
        method: 'POST',
        url: '/identity/v2/login',
        headers: bearer(visitor.token),
        payload: { loginId: { email: 'other@example.com' }, password: 'guess' },
      });
      expect(other.status).toBe(404);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('limits the token endpoint per IP, and the anonymous grant on a limit of its own', async () => {
    const limited = await createTestApp({
      config: { AUTH_RATE_LIMIT_PER_IP: '2', VISITOR_TOKEN_RATE_LIMIT_PER_IP: '5' },
    });
    try {
      const clientId = (await identityKit(limited).defaultSite()).clientId;
      const refreshes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await inject(limited.app, {
          method: 'POST',
          url: '/oauth2/token',
          payload: { grantType: 'refresh_token', clientId, refreshToken: `rt_guess${i}` },
        });
        refreshes.push(answer.status);
      }
      expect(refreshes[0]).not.toBe(429);
      expect(refreshes[2]).toBe(429);
      // Page views of a headless site: many visitor tokens from one address, none refused by the sign-in limit.
      const visitors: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await inject(limited.app, {
          method: 'POST',
          url: '/oauth2/token',
          payload: { grantType: 'anonymous', clientId },
        });
        visitors.push(answer.status);
      }
      expect(visitors).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
