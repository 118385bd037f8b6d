import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, defineModule } from '../src/client.ts';
import { memoryTokenStore, OAuthStrategy, type Tokens } from '../src/auth/oauth.ts';
import { AuthError, ContextNotAvailableError } from '../src/errors.ts';
import { startFakeServer, type FakeResponse, type RecordedRequest } from './fake-server.ts';

// A local fake of the token server: anonymous, refresh_token and authorization_code grants, and an
// authorize endpoint that turns a session token into a code bound to the PKCE challenge.
let issued = 0;
let expiresIn = 3600;
let failAnonymous = false;
let tokenDelay = 0;
const refreshTokens = new Map<string, string>();
const codes = new Map<string, { challenge: string; redirectUri: string }>();

function token(kind: string): FakeResponse {
  issued += 1;
  const refresh = `${kind}-refresh-${issued}`;
  refreshTokens.set(refresh, kind);
  return {
    delay: tokenDelay,
    body: { access_token: `${kind}-access-${issued}`, refresh_token: refresh, expires_in: expiresIn },
  };
}

function answer(request: RecordedRequest): FakeResponse {
  const url = new URL(request.url, 'http://x');
  if (url.pathname === '/oauth2/authorize') {
    if (url.searchParams.get('sessionToken') !== 'session-ok') {
      return { status: 401, statusText: 'Unauthorized', headers: { 'x-request-id': 'rid-authz' }, body: {} };
    }
    const code = `code-${codes.size + 1}`;
    codes.set(code, {
      challenge: url.searchParams.get('code_challenge')!,
      redirectUri: url.searchParams.get('redirect_uri')!,
    });
    return { body: { code, state: url.searchParams.get('state') } };
  }
  if (url.pathname === '/oauth2/token') {
    const body = request.body as Record<string, string>;
    if (body.clientId !== 'client-1') return { status: 400, statusText: 'Bad Request', body: {} };
    if (body.grantType === 'anonymous') {
      if (failAnonymous)
        return {
          status: 503,
          statusText: 'Service Unavailable',
          headers: { 'x-request-id': 'rid-503' },
          body: {},
        };
      return token('visitor');
    }
    if (body.grantType === 'refresh_token') {
      const kind = refreshTokens.get(body.refreshToken!);
      if (!kind)
        return { status: 400, statusText: 'Bad Request', body: { message: 'Invalid refresh token' } };
      return token(kind);
    }
    if (body.grantType === 'authorization_code') {
      const pending = codes.get(body.code!);
      const challenge = createHash('sha256')
        .update(body.codeVerifier ?? '')
        .digest('base64url');
      if (!pending || pending.challenge !== challenge || pending.redirectUri !== body.redirectUri) {
        return { status: 400, statusText: 'Bad Request', body: {} };
      }
      codes.delete(body.code!);
      return token('member');
    }
  }
  if (url.pathname === '/probe') return { body: { authorization: request.headers.authorization ?? null } };
  return { status: 404, body: {} };
}

let server: Awaited<ReturnType<typeof startFakeServer>>;
beforeAll(async () => {
  server = await startFakeServer(answer);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  expiresIn = 3600;
  failAnonymous = false;
  tokenDelay = 0;
});

const probe = defineModule({
  whoAmI: (context) => async () =>
    (await context.request<{ authorization: string | null }>({ method: 'GET', path: '/probe' }))
      .authorization,
});

function setup(
  options: { now?: () => number; tokens?: Tokens; store?: ReturnType<typeof memoryTokenStore> } = {},
) {
  const auth = OAuthStrategy({
    clientId: 'client-1',
    now: options.now,
    tokens: options.tokens,
    tokenStore: options.store,
  });
  const client = createClient({ baseUrl: server.baseUrl, auth, modules: { probe } });
  return { auth, client };
}

function tokenRequests() {
  return server.requests.filter((request) => request.url === '/oauth2/token').map((request) => request.body);
}

describe('OAuthStrategy tokens', () => {
  it('fetches an anonymous visitor token when it holds none, then reuses it', async () => {
    const { auth, client } = setup();
    const first = await client.probe.whoAmI();
    const second = await client.probe.whoAmI();
    expect(first).toMatch(/^Bearer visitor-access-\d+$/);
    expect(second).toBe(first);
    expect(tokenRequests()).toEqual([{ clientId: 'client-1', grantType: 'anonymous' }]);
    expect((await auth.getTokens())?.refreshToken.role).toBe('visitor');
    expect(await auth.loggedIn()).toBe(false);
  });

  it('sets the expiry to issue time plus expires_in in seconds and renews with the refresh token once it passes', async () => {
    let clock = 1_700_000_000_500;
    expiresIn = 60;
    const { auth, client } = setup({ now: () => clock });
    await client.probe.whoAmI();
    const tokens = (await auth.getTokens())!;
    expect(tokens.accessToken.expiresAt).toBe(1_700_000_060);

    clock += 59_000; // 1_700_000_059.5 s: still inside the token's last second
    await client.probe.whoAmI();
    expect(tokenRequests()).toHaveLength(1);

    clock += 500; // 1_700_000_060 s: expired
    const renewed = await client.probe.whoAmI();
    expect(tokenRequests()[1]).toEqual({
      clientId: 'client-1',
      grantType: 'refresh_token',
      refreshToken: tokens.refreshToken.value,
    });
    expect(renewed).not.toBe(`Bearer ${tokens.accessToken.value}`);
    expect((await auth.getTokens())?.refreshToken.role).toBe('visitor');
  });

  it('falls back to a visitor token when the refresh token is refused', async () => {
    const expired: Tokens = {
      accessToken: { value: 'old', expiresAt: 1 },
      refreshToken: { value: 'revoked', role: 'member' },
    };
    const { auth, client } = setup({ tokens: expired });
    expect(await client.probe.whoAmI()).toMatch(/^Bearer visitor-access-/);
    expect(tokenRequests().map((body) => (body as { grantType: string }).grantType)).toEqual([
      'refresh_token',
      'anonymous',
    ]);
    expect((await auth.getTokens())?.refreshToken.role).toBe('visitor');
  });

  it('shares one renewal between concurrent calls', async () => {
    tokenDelay = 50;
    const { client } = setup();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.probe.whoAmI()));
    expect(new Set(answers).size).toBe(1);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('names the status text and request id when the token fetch fails', async () => {
    failAnonymous = true;
    const { client } = setup();
    const error = await client.probe.whoAmI().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe(
      'Failed to fetch tokens: Service Unavailable, request-id: rid-503',
    );
    expect((error as AuthError).code).toBe('TOKEN_REQUEST_FAILED');
  });

  it('keeps tokens in the given store, so a new strategy over the same store picks them up', async () => {
    const store = memoryTokenStore();
    await setup({ store }).client.probe.whoAmI();
    const stored = JSON.parse(String(await store.getItem('atrium.tokens.client-1'))) as Tokens;
    server.requests.length = 0;
    const again = setup({ store });
    expect(await again.client.probe.whoAmI()).toBe(`Bearer ${stored.accessToken.value}`);
    expect(tokenRequests()).toHaveLength(0);
  });

  it('throws "context is not available" when used with no server to talk to', async () => {
    const auth = OAuthStrategy({ clientId: 'client-1' });
    await expect(auth.generateVisitorTokens()).rejects.toBeInstanceOf(ContextNotAvailableError);
    await expect(auth.generateVisitorTokens()).rejects.toThrow('context is not available');
  });
});

describe('OAuthStrategy members', () => {
  it('exchanges a session token for member tokens through PKCE, and logout clears both tokens', async () => {
    const { auth, client } = setup();
    await client.probe.whoAmI();
    const tokens = await auth.getMemberTokensForDirectLogin('session-ok');
    expect(tokens.refreshToken.role).toBe('member');
    expect(await auth.loggedIn()).toBe(true);
    expect(await client.probe.whoAmI()).toBe(`Bearer ${tokens.accessToken.value}`);
    const exchange = tokenRequests().at(-1) as Record<string, string>;
    expect(exchange).toMatchObject({ grantType: 'authorization_code', clientId: 'client-1' });
    expect(exchange.codeVerifier).toHaveLength(43);

    const { logoutUrl } = await auth.logout({ postLogoutRedirectUri: 'https://shop.example/bye' });
    expect(await auth.getTokens()).toBeUndefined();
    expect(await auth.loggedIn()).toBe(false);
    const logout = new URL(logoutUrl);
    expect(logout.pathname).toBe('/identity/v1/logout');
    expect(Object.fromEntries(logout.searchParams)).toEqual({
      clientId: 'client-1',
      postLogoutRedirectUri: 'https://shop.example/bye',
    });
    expect(await client.probe.whoAmI()).toMatch(/^Bearer visitor-access-/);
  });

  it('keeps the member role across a renewal', async () => {
    let clock = 1_000_000;
    const { auth, client } = setup({ now: () => clock });
    await auth.getMemberTokensForDirectLogin('session-ok');
    clock += 3_600_000;
    expect(await client.probe.whoAmI()).toMatch(/^Bearer member-access-/);
    expect((await auth.getTokens())?.refreshToken.role).toBe('member');
  });

  it('reports a refused session token with its status text and request id', async () => {
    const { auth } = setup();
    await expect(auth.getMemberTokensForDirectLogin('session-bad')).rejects.toThrow(
      'Failed to fetch tokens: Unauthorized, request-id: rid-authz',
    );
  });

  it('completes a redirect sign-in from the stored state, once', async () => {
    const { auth } = setup();
    const oauthData = await auth.generateOAuthData('https://shop.example/callback', '/account');
    const { authUrl } = auth.getAuthUrl(oauthData, { prompt: 'login' });
    const params = new URL(authUrl).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      redirect_uri: 'https://shop.example/callback',
      scope: 'offline_access',
      state: oauthData.state,
      code_challenge: oauthData.codeChallenge,
      code_challenge_method: 'S256',
      response_mode: 'fragment',
      prompt: 'login',
    });
    // What the server does when the visitor signs in: remember the challenge and hand out a code.
    codes.set('code-redirect', { challenge: oauthData.codeChallenge, redirectUri: oauthData.redirectUri });
    const { code, state } = auth.parseFromUrl(
      `https://shop.example/callback#code=code-redirect&state=${oauthData.state}`,
    );
    const tokens = await auth.getMemberTokens(code, state);
    expect(tokens.refreshToken.role).toBe('member');
    await expect(auth.getMemberTokens(code, state)).rejects.toThrow('Unknown _state');
  });

  it.each([
    ['no code', undefined, 'state', 'Missing code or _state', 'MISSING_CODE_OR_STATE'],
    ['no state', 'code', undefined, 'Missing code or _state', 'MISSING_CODE_OR_STATE'],
    ['a state it never issued', 'code', 'forged', 'Unknown _state', 'UNKNOWN_STATE'],
  ])('refuses a callback with %s', async (_name, code, state, message, errorCode) => {
    const { auth } = setup();
    const error = await auth.getMemberTokens(code, state).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe(message);
    expect((error as AuthError).code).toBe(errorCode);
  });

  it("refuses a callback whose state differs from the flow's with 'Invalid _state'", async () => {
    const { auth } = setup();
    const oauthData = await auth.generateOAuthData('https://shop.example/callback');
    await expect(auth.getMemberTokens('code', 'other-state', oauthData)).rejects.toThrow('Invalid _state');
  });

  it('reads code and state from the query when the response mode is query', () => {
    const { auth } = setup();
    expect(
      auth.parseFromUrl('https://shop.example/cb?code=c&state=s&error=e&error_description=d', 'query'),
    ).toEqual({
      code: 'c',
      state: 's',
      error: 'e',
      errorDescription: 'd',
    });
  });
});
