import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, pkcePair, type IdentityKit } from './identity-helpers.ts';

const redirectUri = 'https://shop.example.com/callback';
let t: TestApp;
let kit: IdentityKit;
let clientId: string;
let owner: { token: string };

beforeAll(async () => {
  t = await createTestApp({
    config: {
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_LOGIN_ID: '1000',
      AUTH_MIN_RESPONSE_MS: '0',
    },
  });
  kit = identityKit(t);
  ({ clientId } = await kit.defaultSite());
  const { site } = await kit.defaultSite();
  owner = await kit.staffToken(site.id, 'OWNER');
  const registered = await inject(t.app, {
    method: 'PATCH',
    url: `/identity/v1/oauth-clients/${clientId}`,
    headers: bearer(owner.token),
    payload: { redirectUris: [redirectUri] },
  });
  expect(registered.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function token(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return inject(t.app, { method: 'POST', url: '/oauth2/token', payload, headers });
}

/** Session token → member tokens, the way the SDK's direct login does it (hidden frame, prompt none). */
async function memberTokensFor(sessionToken: string) {
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    prompt: 'none',
    sessionToken,
  });
  const authorize = await t.app.inject({ method: 'GET', url: `/oauth2/authorize?${query}` });
  expect(authorize.statusCode).toBe(302);
  const location = new URL(String(authorize.headers.location));
  expect(location.searchParams.get('state')).toBe('state-1');
  const code = location.searchParams.get('code');
  expect(code).toBeTruthy();
  const exchanged = await token({
    clientId,
    grantType: 'authorization_code',
    code,
    codeVerifier: verifier,
    redirectUri,
  });
  expect(exchanged.status).toBe(200);
  return exchanged.body as { access_token: string; refresh_token: string; expires_in: number };
}

describe('member journey: visitor → register → verify → login → refresh → change password → logout', () => {
  it('runs end to end with email verification required', async () => {
    const settings = await inject(t.app, {
      method: 'PATCH',
      url: '/identity/v1/settings',
      headers: bearer(owner.token),
      payload: { settings: { requireEmailVerification: true } },
    });
    expect(settings.body.settings.requireEmailVerification).toBe(true);

    const visitor = await token({ clientId, grantType: 'anonymous' });
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(visitor.body.refresh_token).toMatch(/^rt_/);
    // The existing clients send the token without "Bearer ".
    const visitorAuth = { authorization: visitor.body.access_token as string };

    const email = kit.unique('journey');
    const registered = await inject(t.app, {
      method: 'POST',
      url: '/identity/v2/register',
      headers: visitorAuth,
      payload: {
        loginId: { email },
        password: 'first password 1',
        profile: {
          firstName: 'Ada',
          customFields: [{ name: 'shoeSize', value: '38' }],
          addresses: [{ city: 'Oslo' }],
        },
      },
    });
    expect(registered.status).toBe(200);
    expect(registered.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(registered.body.identity.status).toBe('PENDING');

    const mail = await kit.lastMail(owner.token, email);
    expect(mail?.kind).toBe('identity.email-verification');
    const wrong = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/auth/verify',
      headers: visitorAuth,
      payload: {
        code: kit.codeIn(mail) === '000000' ? '111111' : '000000',
        stateToken: registered.body.stateToken,
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.applicationError.code).toBe('-19987');

    const verified = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/auth/verify',
      headers: visitorAuth,
      payload: { code: kit.codeIn(mail), stateToken: registered.body.stateToken },
    });
    expect(verified.body.state).toBe('SUCCESS');
    expect(verified.body.identity.emailVerified).toBe(true);
    const first = await memberTokensFor(verified.body.sessionToken);

    const me = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members/my',
      headers: bearer(first.access_token),
    });
    expect(me.status).toBe(200);
    expect(me.body.member).toMatchObject({
      loginEmail: email,
      status: 'APPROVED',
      contact: { firstName: 'Ada' },
    });
    expect(me.body.member.contact.customFields.shoeSize.value).toBe('38');
    // The compatibility prefix of the members client reaches the same route.
    const compat = await inject(t.app, {
      method: 'GET',
      url: '/members/v1/members/my',
      headers: { authorization: first.access_token },
    });
    expect(compat.body.member.id).toBe(me.body.member.id);

    const login = await inject(t.app, {
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      headers: visitorAuth,
      payload: { loginId: { email }, password: 'first password 1' },
    });
    expect(login.body.state).toBe('SUCCESS');
    const second = await memberTokensFor(login.body.sessionToken);

    // Refresh rotates: the new pair works, the old refresh token presented again ends the session.
    const refreshed = await token({ grantType: 'refresh_token', refreshToken: second.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(second.refresh_token);
    const reused = await token({ grantType: 'refresh_token', refresh_token: second.refresh_token });
    expect(reused.status).toBe(400);
    expect(reused.body.details.applicationError.code).toBe('INVALID_GRANT');
    const afterReuse = await token({
      grantType: 'refresh_token',
      refreshToken: refreshed.body.refresh_token,
    });
    expect(afterReuse.status).toBe(400);
    const revokedAccess = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members/my',
      headers: bearer(refreshed.body.access_token),
    });
    expect(revokedAccess.status).toBe(401);

    // Change password from the first session: other sessions end, this one goes on.
    const third = await memberTokensFor(
      (
        await inject(t.app, {
          method: 'POST',
          url: '/identity/v2/login',
          headers: visitorAuth,
          payload: { loginId: { email }, password: 'first password 1' },
        })
      ).body.sessionToken,
    );
    const changed = await inject(t.app, {
      method: 'POST',
      url: '/identity/v2/change-password',
      headers: bearer(first.access_token),
      payload: { newPassword: 'second password 2', currentPassword: 'first password 1' },
    });
    expect(changed.status).toBe(200);
    expect(
      (
        await inject(t.app, {
          method: 'GET',
          url: '/identity/v1/members/my',
          headers: bearer(third.access_token),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await inject(t.app, {
          method: 'GET',
          url: '/identity/v1/members/my',
          headers: bearer(first.access_token),
        })
      ).status,
    ).toBe(200);
    const oldPassword = await inject(t.app, {
      method: 'POST',
      url: '/identity/v2/login',
      headers: visitorAuth,
      payload: { loginId: { email }, password: 'first password 1' },
    });
    expect(oldPassword.status).toBe(403);
    expect(oldPassword.body.details.applicationError.code).toBe('-19976');
    const newPassword = await inject(t.app, {
      method: 'POST',
      url: '/identity/v2/login',
      headers: visitorAuth,
      payload: { loginId: { email }, password: 'second password 2' },
    });
    expect(newPassword.body.state).toBe('SUCCESS');

    const logout = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/logout',
      headers: bearer(first.access_token),
    });
    expect(logout.status).toBe(200);
    expect(
      (
        await inject(t.app, {
          method: 'GET',
          url: '/identity/v1/members/my',
          headers: bearer(first.access_token),
        })
      ).status,
    ).toBe(401);
    expect((await token({ grantType: 'refresh_token', refreshToken: first.refresh_token })).status).toBe(400);

    // A visitor's refresh token renews visitor tokens.
    const renewedVisitor = await token({
      grantType: 'refresh_token',
      refreshToken: visitor.body.refresh_token,
    });
    expect(renewedVisitor.status).toBe(200);

    await inject(t.app, {
      method: 'PATCH',
      url: '/identity/v1/settings',
      headers: bearer(owner.token),
      payload: { settings: { requireEmailVerification: false } },
    });
  });

  it('lets members in at once on a new site (the default settings)', async () => {
    const visitor = await token({ clientId, grantType: 'anonymous' });
    const registered = await inject(t.app, {
      method: 'POST',
      url: '/identity/v2/register',
      headers: bearer(visitor.body.access_token),
      payload: { loginId: { email: kit.unique('instant') }, password: 'instant password' },
    });
    expect(registered.body.state).toBe('SUCCESS');
    expect(registered.body.sessionToken).toMatch(/^sess_/);
    const tokens = await memberTokensFor(registered.body.sessionToken);
    // A session token is good once.
    const { challenge } = pkcePair();
    const replay = await t.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_mode: 'query', code_challenge: challenge, code_challenge_method: 'S256', state: 's', prompt: 'none', sessionToken: registered.body.sessionToken })}`,
    });
    expect(new URL(String(replay.headers.location)).searchParams.get('error')).toBe('login_required');
    expect(tokens.access_token).toBeTruthy();
  });

  it('changes the profile with custom fields and addresses', async () => {
    const { site } = await kit.defaultSite();
    const member = await kit.memberToken(site.id);
    const updated = await inject(t.app, {
      method: 'PATCH',
      url: '/identity/v1/me',
      headers: bearer(member.token),
      payload: {
        identityProfile: {
          lastName: 'Byron',
          addresses: [{ city: 'London', postalCode: 'N1' }],
          customFields: [{ name: 'vip', value: true }],
        },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.identity.identityProfile).toMatchObject({
      lastName: 'Byron',
      addresses: [{ city: 'London' }],
    });
    const bad = await inject(t.app, {
      method: 'PATCH',
      url: '/identity/v1/me',
      headers: bearer(member.token),
      payload: { identityProfile: { customFields: [{ name: '', value: 1 }] } },
    });
    expect(bad.status).toBe(400);
  });
});
