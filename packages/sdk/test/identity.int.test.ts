import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityKit, type IdentityKit } from '../../../apps/server/test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import { memoryTokenStore, OAuthStrategy, type Tokens } from '../src/auth/oauth.ts';
import { ApplicationError } from '../src/errors.ts';
import { identity, LoginState } from '../src/modules/identity.ts';

// The real server on a real database (PGlite, or PostgreSQL with DATABASE_URL), reached over HTTP through
// the SDK as the web app reaches it. The kept mail is read through the outbox API as the site's owner.
let testApp: TestApp;
let kit: IdentityKit;
let baseUrl: string;
let clientId: string;
let redirectUri: string;
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER', 'content-type': 'application/json' };

beforeAll(async () => {
  testApp = await createTestApp({
    config: { CAPTCHA_PROVIDER: 'test', AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_MIN_RESPONSE_MS: '0' },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  kit = identityKit(testApp);
  const clients = (await ownerCall('GET', '/identity/v1/oauth-clients')) as {
    clients: Array<{ clientId: string; redirectUris: string[]; isDefault: boolean }>;
  };
  const site = clients.clients.find((client) => client.isDefault)!;
  clientId = site.clientId;
  redirectUri = site.redirectUris[0]!;
});
afterAll(() => testApp.close());
beforeEach(() =>
  settings({
    requireEmailVerification: false,
    requireOwnerApproval: false,
    captchaOnRegister: false,
    captchaOnLogin: false,
  }),
);

async function ownerCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: owner,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function settings(changes: Record<string, boolean>) {
  await ownerCall('PATCH', '/identity/v1/settings', { settings: changes });
}

async function lastMail(to: string, kind: string): Promise<string> {
  const answer = (await ownerCall('GET', `/mail/v1/outbox?to=${encodeURIComponent(to)}&kind=${kind}`)) as {
    messages: Array<{ text: string }>;
  };
  if (!answer.messages[0]) throw new Error(`no ${kind} mail to ${to}`);
  return answer.messages[0].text;
}

function setup(options: { now?: () => number } = {}) {
  const store = memoryTokenStore();
  const auth = OAuthStrategy({ clientId, redirectUri, tokenStore: store, ...options });
  const client = createClient({ baseUrl, auth, modules: { identity } });
  return { auth, client, store };
}

async function tokenCall(body: Record<string, string>) {
  return fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, ...body }),
  });
}

describe('member journey through the SDK', () => {
  it('registers, verifies with the mailed code, refreshes with rotation, changes the password and logs out', async () => {
    await settings({ requireEmailVerification: true });
    let clock = Date.now();
    const { auth, client } = setup({ now: () => clock });
    const email = kit.unique('journey');

    const pending = await client.identity.register({
      email,
      password: 'first password',
      profile: { firstName: 'Ada' },
    });
    expect(pending.loginState).toBe(LoginState.EMAIL_VERIFICATION_REQUIRED);
    expect((await auth.getTokens())?.refreshToken.role).toBe('visitor');

    const wrong = await client.identity.processVerification({ verificationCode: '000000' }, pending);
    expect(wrong.loginState).toBe(LoginState.EMAIL_VERIFICATION_REQUIRED);
    expect(wrong.cause?.code).toBe('-19987');
    const code = /\b(\d{6})\b/.exec(await lastMail(email, 'identity.email-verification'))![1]!;
    const verified = await client.identity.processVerification({ verificationCode: code }, wrong);
    expect(verified.loginState).toBe(LoginState.SUCCESS);
    expect(await auth.loggedIn()).toBe(true);

    const member = await client.identity.getMyMember();
    expect(member).toMatchObject({
      loginEmail: email,
      loginEmailVerified: true,
      status: 'APPROVED',
      contact: { firstName: 'Ada' },
    });
    expect(member.createdDate).toBeInstanceOf(Date);

    // Rotation: the renewal gets a new refresh token; presenting the used one ends the whole session.
    const before = (await auth.getTokens())!;
    clock += 3_600_000;
    await client.identity.getMyMember();
    const after = (await auth.getTokens())!;
    expect(after.refreshToken.value).not.toBe(before.refreshToken.value);
    expect(after.refreshToken.role).toBe('member');
    const replay = await tokenCall({ grantType: 'refresh_token', refreshToken: before.refreshToken.value });
    expect(replay.status).toBe(400);
    const revoked = await tokenCall({ grantType: 'refresh_token', refreshToken: after.refreshToken.value });
    expect(revoked.status).toBe(400);

    // The client still holds the revoked session's access token: signing in again forgets it first.
    clock = Date.now();
    expect((await client.identity.login({ email, password: 'first password' })).loginState).toBe('SUCCESS');
    await client.identity.changePassword('second password', 'first password');
    const old = await setup().client.identity.login({ email, password: 'first password' });
    expect(old).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
    expect((await setup().client.identity.login({ email, password: 'second password' })).loginState).toBe(
      'SUCCESS',
    );

    const memberTokens = (await auth.getTokens())!;
    await client.identity.logout();
    expect(await auth.getTokens()).toBeUndefined();
    const afterLogout = await fetch(`${baseUrl}/identity/v1/members/my`, {
      headers: { authorization: `Bearer ${memberTokens.accessToken.value}` },
    });
    expect(afterLogout.status).toBe(401);
    const error = await client.identity.getMyMember().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).status).toBe(403);
  });

  it('signs a member in at once on default settings, and recovers a forgotten password by mail', async () => {
    const { auth, client } = setup();
    const email = kit.unique('recover');
    const registered = await client.identity.register({ email, password: 'original pw' });
    expect(registered.loginState).toBe(LoginState.SUCCESS);
    expect(registered.tokens?.refreshToken.role).toBe('member');
    await client.identity.logout();

    await client.identity.sendPasswordResetEmail(email);
    await client.identity.sendPasswordResetEmail(kit.unique('nobody'));
    const token = /Recovery token: (\S+)/.exec(await lastMail(email, 'identity.password-recovery'))![1]!;
    const recovered = await client.identity.recoverPassword(token, 'brand new pw');
    expect(recovered.loginState).toBe(LoginState.SUCCESS);
    expect(await auth.loggedIn()).toBe(true);
    await expect(client.identity.recoverPassword(token, 'again and again')).rejects.toMatchObject({
      code: '-19989',
    });
  });

  it('reports owner approval', async () => {
    await settings({ requireOwnerApproval: true });
    const result = await setup().client.identity.register({
      email: kit.unique('approval'),
      password: 'waiting pw',
    });
    expect(result.loginState).toBe(LoginState.OWNER_APPROVAL_REQUIRED);
  });
});

describe('failure codes from the real server (spec §8)', () => {
  it('maps registration failures', async () => {
    const { client } = setup();
    const email = kit.unique('dup');
    await client.identity.register({ email, password: 'password one' });
    expect(await setup().client.identity.register({ email, password: 'password two' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    expect(
      await setup().client.identity.register({ email: 'not-an-email', password: 'password two' }),
    ).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
      error: 'must be a valid email address',
    });
    const short = await setup().client.identity.register({ email: kit.unique('short'), password: 'short' });
    expect(short.loginState).toBe('FAILURE');
    expect(short.errorCode).toBeUndefined();
    expect(short.error).toContain('password');

    await settings({ captchaOnRegister: true });
    const captchaEmail = kit.unique('captcha');
    expect(
      await setup().client.identity.register({ email: captchaEmail, password: 'password one' }),
    ).toMatchObject({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
    });
    expect(
      await setup().client.identity.register({
        email: captchaEmail,
        password: 'password one',
        captchaTokens: [{ InvisibleRecaptcha: 'fail' }],
      }),
    ).toMatchObject({ loginState: 'USER_CAPTCHA_REQUIRED', errorCode: 'invalidCaptchaToken' });
    expect(
      (
        await setup().client.identity.register({
          email: captchaEmail,
          password: 'password one',
          captchaTokens: [{ Recaptcha: 'pass-1' }],
        })
      ).loginState,
    ).toBe('SUCCESS');
  });

  it('maps login failures', async () => {
    const email = kit.unique('login');
    await setup().client.identity.register({ email, password: 'right password' });
    const { client } = setup();
    expect(await client.identity.login({ email, password: 'wrong password' })).toMatchObject({
      errorCode: 'invalidPassword',
    });
    expect(await client.identity.login({ email: kit.unique('nobody'), password: 'x' })).toMatchObject({
      errorCode: 'invalidEmail',
    });
    expect(await client.identity.login({ email: 'nope', password: 'x' })).toMatchObject({
      errorCode: 'invalidEmail',
    });

    // A member registered without a password has to set one through recovery first.
    await settings({ requireEmailVerification: true });
    const passwordless = kit.unique('nopw');
    await setup().client.identity.register({ email: passwordless });
    expect(await client.identity.login({ email: passwordless, password: 'anything' })).toMatchObject({
      errorCode: 'resetPassword',
    });

    await settings({ captchaOnLogin: true });
    expect(await client.identity.login({ email, password: 'right password' })).toMatchObject({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
    });
    expect(
      await client.identity.login({
        email,
        password: 'right password',
        captchaTokens: [{ Recaptcha: 'bad' }],
      }),
    ).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
    });
  });

  it('refuses to exchange a session token twice', async () => {
    const email = kit.unique('once');
    const { auth } = setup();
    await setup().client.identity.register({ email, password: 'password once' });
    const login = await fetch(`${baseUrl}/identity/v2/login`, {
      method: 'POST',
      headers: { ...owner, 'x-atrium-dev-caller': 'ANONYMOUS_VISITOR' },
      body: JSON.stringify({ loginId: { email }, password: 'password once' }),
    });
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    expect((await auth.getMemberTokensForDirectLogin(sessionToken)).refreshToken.role).toBe('member');
    await expect(auth.getMemberTokensForDirectLogin(sessionToken)).rejects.toMatchObject({
      code: 'LOGIN_REQUIRED',
    });
  });
});

describe('PKCE redirect sign-in through the hosted page', () => {
  it('signs in on the hosted page and completes the redirect back', async () => {
    const email = kit.unique('pkce');
    await setup().client.identity.register({ email, password: 'hosted password' });
    const { auth, client } = setup();
    const login = await client.identity.getLoginUrl({ redirectUri, originalUri: '/account' });
    const { oauthData } = login;
    // The server names its pages under PUBLIC_URL, which a test server listening on a random port lacks.
    const authUrl = login.authUrl.replace(/^https?:\/\/[^/]+/, baseUrl);
    expect(new URL(authUrl).pathname).toBe('/oauth2/authorize');
    const page = await fetch(authUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');

    const form = new URLSearchParams({
      ...Object.fromEntries(new URL(authUrl).searchParams),
      action: 'login',
      email,
      password: 'hosted password',
    });
    const posted = await fetch(`${baseUrl}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);
    const back = posted.headers.get('location')!;
    expect(back.startsWith(`${redirectUri}#`)).toBe(true);

    // A forged state is refused before the code is spent.
    const forged = back.replace(/state=[^&]+/, 'state=forged');
    await expect(client.identity.completeRedirectLogin(forged)).rejects.toThrow('Unknown _state');
    const done = await client.identity.completeRedirectLogin(back);
    expect(done.originalUri).toBe('/account');
    expect(await auth.loggedIn()).toBe(true);
    expect((await client.identity.getMyMember()).loginEmail).toBe(email);

    // The code works once; a wrong verifier fails too.
    const code = new URLSearchParams(back.split('#')[1]).get('code')!;
    const replay = await tokenCall({
      grantType: 'authorization_code',
      code,
      codeVerifier: oauthData.codeVerifier,
      redirectUri,
    });
    expect(replay.status).toBe(400);
  });
});

describe('staff sign-in', () => {
  it('signs an owner in for the dashboard, and refuses a wrong password', async () => {
    const { site } = await kit.defaultSite();
    const { email } = await kit.staffToken(site.id, 'OWNER');
    const auth = OAuthStrategy({ clientId, tokenStore: memoryTokenStore(), visitorFallback: false });
    const client = createClient({ baseUrl, auth, modules: { identity } });
    const tokens: Tokens = await client.identity.staffLogin({ email, password: 'correct horse battery' });
    expect(tokens.refreshToken.role).toBe('none');
    const me = await client.identity.getMyIdentity();
    expect(me).toMatchObject({ identityType: 'WIX_USER', role: 'OWNER', email });
    await expect(client.identity.staffLogin({ email, password: 'wrong horse' })).rejects.toBeInstanceOf(
      ApplicationError,
    );
  });
});
