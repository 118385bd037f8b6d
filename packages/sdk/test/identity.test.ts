import { identityErrorCodes } from '@atrium/contract/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/client.ts';
import {
  memoryTokenStore,
  OAuthStrategy,
  readAuthorizationResponse,
  type Tokens,
} from '../src/auth/oauth.ts';
import { AuthError } from '../src/errors.ts';
import { identity, LoginState, loginErrorCodes } from '../src/modules/identity.ts';
import { startFakeServer, type FakeResponse, type RecordedRequest } from './fake-server.ts';

// A fake identity server: each test sets what the identity calls answer; the token and authorize
// endpoints behave as the real server does (authorize answers web_message with its postMessage page).
type Handler = (request: RecordedRequest) => FakeResponse | undefined;
let handler: Handler = () => undefined;
let authorizeDelay = 0;
let issued = 0;

function webMessagePage(response: Record<string, string>): string {
  const message = JSON.stringify({ type: 'authorization_response', response });
  return `<!doctype html><html><body><script nonce="n">(function(){var t=window.opener||window.parent;t.postMessage(${message},"http://x");})();</script></body></html>`;
}

function defaultAnswer(request: RecordedRequest): FakeResponse {
  const url = new URL(request.url, 'http://x');
  if (url.pathname === '/oauth2/authorize') {
    const state = url.searchParams.get('state')!;
    const response: Record<string, string> =
      url.searchParams.get('sessionToken') === 'sess-ok'
        ? { code: 'ac-1', state }
        : { error: 'login_required', error_description: 'The session token is invalid or used', state };
    return {
      delay: authorizeDelay,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: webMessagePage(response),
    };
  }
  if (url.pathname === '/oauth2/token') {
    issued += 1;
    const kind =
      (request.body as { grantType: string }).grantType === 'authorization_code' ? 'member' : 'visitor';
    return { body: { access_token: `${kind}-${issued}`, refresh_token: `rt-${issued}`, expires_in: 900 } };
  }
  return { status: 404, body: { message: 'No route' } };
}

let server: Awaited<ReturnType<typeof startFakeServer>>;
beforeAll(async () => {
  server = await startFakeServer((request) => handler(request) ?? defaultAnswer(request));
});
afterAll(() => server.close());
beforeEach(() => {
  handler = () => undefined;
  authorizeDelay = 0;
  server.requests.length = 0;
});

function setup(options: { signInTimeoutMs?: number; visitorFallback?: boolean; tokens?: Tokens } = {}) {
  const auth = OAuthStrategy({ clientId: 'client-1', ...options });
  const client = createClient({ baseUrl: server.baseUrl, auth, modules: { identity } });
  return { auth, client };
}

function applicationError(status: number, code: string, message: string): FakeResponse {
  return { status, body: { message, details: { applicationError: { code, description: message } } } };
}

const emailViolation: FakeResponse = {
  status: 400,
  body: {
    message: 'Invalid request',
    details: {
      validationError: {
        fieldViolations: [
          {
            field: 'loginId.email',
            description: 'must be a valid email address',
            violatedRule: 'FORMAT',
            data: { type: 'EMAIL' },
          },
        ],
      },
    },
  },
};

function requestTo(path: string): RecordedRequest {
  return server.requests.find((request) => new URL(request.url, 'http://x').pathname === path)!;
}

function answerPath(path: string, response: FakeResponse): Handler {
  return (request) => (new URL(request.url, 'http://x').pathname === path ? response : undefined);
}

describe('identity.register failures (spec §8, registration table)', () => {
  const cases: Array<{
    name: string;
    response: FakeResponse;
    state: LoginState;
    errorCode?: string;
    error: string;
  }> = [
    {
      name: 'an EMAIL field violation',
      response: emailViolation,
      state: 'FAILURE',
      errorCode: 'invalidEmail',
      error: 'must be a valid email address',
    },
    {
      name: '-19971',
      response: applicationError(400, '-19971', 'A captcha token is required'),
      state: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
      error: 'A captcha token is required',
    },
    {
      name: '-19995',
      response: applicationError(409, '-19995', 'An account with email a@b.co already exists'),
      state: 'FAILURE',
      errorCode: 'emailAlreadyExists',
      error: 'An account with email a@b.co already exists',
    },
    {
      name: '-19970',
      response: applicationError(400, '-19970', 'The captcha token is invalid'),
      state: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
      error: 'The captcha token is invalid',
    },
    {
      name: 'anything else',
      response: applicationError(403, 'FORBIDDEN', 'Registration is closed'),
      state: 'FAILURE',
      error: 'Registration is closed',
    },
  ];
  for (const entry of cases) {
    it(`maps ${entry.name} to ${entry.errorCode ?? 'the message alone'}`, async () => {
      handler = answerPath('/identity/v2/register', entry.response);
      const result = await setup().client.identity.register({ email: 'a@b.co', password: 'long enough' });
      expect(result.loginState).toBe(entry.state);
      expect(result.errorCode).toBe(entry.errorCode);
      expect(result.error).toBe(entry.error);
      expect(result.cause?.status).toBe(entry.response.status);
    });
  }

  it('asks for the visible captcha once an invisible answer was already sent', async () => {
    handler = answerPath(
      '/identity/v2/register',
      applicationError(400, '-19971', 'A captcha token is required'),
    );
    const result = await setup().client.identity.register({
      email: 'a@b.co',
      captchaTokens: [{ InvisibleRecaptcha: 'tok' }],
    });
    expect(result.loginState).toBe(LoginState.USER_CAPTCHA_REQUIRED);
    expect(requestTo('/identity/v2/register').body).toEqual({
      loginId: { email: 'a@b.co' },
      captchaTokens: [{ InvisibleRecaptcha: 'tok' }],
    });
  });
});

describe('identity.login failures (spec §8, login table)', () => {
  const cases: Array<{ name: string; response: FakeResponse; state: LoginState; errorCode?: string }> = [
    {
      name: '-19971',
      response: applicationError(400, '-19971', 'A captcha token is required'),
      state: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
    },
    {
      name: '-19970',
      response: applicationError(400, '-19970', 'The captcha token is invalid'),
      state: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
    },
    {
      name: '-19976',
      response: applicationError(403, '-19976', 'Invalid password'),
      state: 'FAILURE',
      errorCode: 'invalidPassword',
    },
    {
      name: '-19973',
      response: applicationError(403, '-19973', 'Reset it'),
      state: 'FAILURE',
      errorCode: 'resetPassword',
    },
    {
      name: 'an unknown account (-19999)',
      response: applicationError(404, '-19999', 'No account with this email'),
      state: 'FAILURE',
      errorCode: 'invalidEmail',
    },
    {
      name: 'an EMAIL field violation',
      response: emailViolation,
      state: 'FAILURE',
      errorCode: 'invalidEmail',
    },
    {
      name: 'a rate limit (no error code)',
      response: applicationError(429, 'RATE_LIMITED', 'Too many attempts'),
      state: 'FAILURE',
    },
    {
      name: 'a server failure (no error code)',
      response: { status: 503, body: { message: 'System error occurred' } },
      state: 'FAILURE',
    },
  ];
  for (const entry of cases) {
    it(`maps ${entry.name} to ${entry.errorCode ?? 'FAILURE without a code'}`, async () => {
      handler = answerPath('/identity/v2/login', entry.response);
      const result = await setup().client.identity.login({ email: 'a@b.co', password: 'whatever' });
      expect(result.loginState).toBe(entry.state);
      expect(result.errorCode).toBe(entry.errorCode);
      expect(result.error).toBeTruthy();
    });
  }

  it('repeats the contract codes it maps', () => {
    for (const [name, code] of Object.entries(loginErrorCodes)) {
      expect(identityErrorCodes[name as keyof typeof identityErrorCodes]).toBe(code);
    }
  });
});

describe('identity states and tokens', () => {
  it('exchanges the session token of a SUCCESS for member tokens through the web_message page', async () => {
    handler = answerPath('/identity/v2/login', { body: { state: 'SUCCESS', sessionToken: 'sess-ok' } });
    const { auth, client } = setup();
    const result = await client.identity.login({ email: 'a@b.co', password: 'pw' });
    expect(result.loginState).toBe(LoginState.SUCCESS);
    expect(result.tokens?.refreshToken.role).toBe('member');
    expect(await auth.loggedIn()).toBe(true);
    const authorize = new URL(
      server.requests.find((r) => r.url.startsWith('/oauth2/authorize'))!.url,
      'http://x',
    );
    expect(authorize.searchParams.get('response_mode')).toBe('web_message');
    expect(authorize.searchParams.get('prompt')).toBe('none');
    expect(authorize.searchParams.get('redirect_uri')).toBe(server.baseUrl);
    const exchange = server.requests.at(-1)!.body as Record<string, string>;
    expect(exchange).toMatchObject({
      grantType: 'authorization_code',
      code: 'ac-1',
      redirectUri: server.baseUrl,
    });
  });

  it('reports a refused session token as FAILURE with the server description', async () => {
    handler = answerPath('/identity/v2/register', { body: { state: 'SUCCESS', sessionToken: 'sess-used' } });
    const { auth, client } = setup();
    const result = await client.identity.register({ email: 'a@b.co', password: 'long enough' });
    expect(result.loginState).toBe(LoginState.FAILURE);
    expect(result.error).toBe('The session token is invalid or used');
    expect(result.cause?.code).toBe('LOGIN_REQUIRED');
    expect(await auth.loggedIn()).toBe(false);
  });

  it("gives up a silent sign-in that takes too long with 'OAuth flow timed out'", async () => {
    authorizeDelay = 300;
    const { auth } = setup({ signInTimeoutMs: 50 });
    const error = await auth.getMemberTokensForDirectLogin('sess-ok').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe('OAuth flow timed out');
    expect((error as AuthError).code).toBe('OAUTH_FLOW_TIMED_OUT');
  });

  it('maps the server states to client login states and keeps the state token', async () => {
    handler = answerPath('/identity/v2/register', {
      body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' },
    });
    const { client } = setup();
    const pending = await client.identity.register({ email: 'a@b.co', password: 'long enough' });
    expect(pending).toEqual({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st-1' } });

    handler = answerPath('/identity/v1/auth/verify', { body: { state: 'REQUIRE_OWNER_APPROVAL' } });
    const verified = await client.identity.processVerification({ verificationCode: ' 123456 ' }, pending);
    expect(verified.loginState).toBe(LoginState.OWNER_APPROVAL_REQUIRED);
    expect(server.requests.at(-1)!.body).toEqual({ code: '123456', stateToken: 'st-1' });

    handler = answerPath('/identity/v2/login', { body: { state: 'STATUS_CHECK' } });
    expect((await client.identity.login({ email: 'a@b.co', password: 'x' })).loginState).toBe('FAILURE');
  });

  it('keeps the state token when a code is wrong, so the form can ask again', async () => {
    handler = answerPath(
      '/identity/v1/auth/verify',
      applicationError(400, '-19987', 'The verification code is wrong'),
    );
    const state = { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: { stateToken: 'st-2' } };
    const result = await setup().client.identity.processVerification({ verificationCode: '000000' }, state);
    expect(result).toMatchObject({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st-2' } });
    expect(result.error).toBe('The verification code is wrong');
    expect(result.cause?.code).toBe('-19987');
  });

  it("refuses to verify from a state that is not a verification with 'Unknown _state'", async () => {
    const { client } = setup();
    for (const state of [
      { loginState: LoginState.SUCCESS, data: {} },
      { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED, data: {} },
    ]) {
      await expect(client.identity.processVerification({ verificationCode: '1' }, state)).rejects.toThrow(
        'Unknown _state',
      );
    }
    await expect(client.identity.resendVerificationCode({ data: {} })).rejects.toThrow('Unknown _state');
    expect(server.requests).toHaveLength(0);
  });

  it("throws 'No redirect URL found' when the redirect session names no page", async () => {
    handler = answerPath('/identity/v1/redirect-session', { body: { redirectSession: { id: 'x' } } });
    const { client } = setup();
    await expect(client.identity.getLoginUrl({ redirectUri: 'https://shop.example/cb' })).rejects.toThrow(
      'No redirect URL found',
    );
  });

  it('completes a redirect sign-in and hands back where it started', async () => {
    handler = answerPath('/identity/v1/redirect-session', {
      body: { redirectSession: { fullUrl: 'https://id.example/authorize?x=1' } },
    });
    const { auth, client } = setup();
    const { authUrl, oauthData } = await client.identity.getLoginUrl({
      redirectUri: 'https://shop.example/cb',
      originalUri: '/account',
    });
    expect(authUrl).toBe('https://id.example/authorize?x=1');
    expect(
      (requestTo('/identity/v1/redirect-session').body as { auth: { authRequest: Record<string, string> } })
        .auth.authRequest,
    ).toMatchObject({
      clientId: 'client-1',
      codeChallenge: oauthData.codeChallenge,
      codeChallengeMethod: 'S256',
      state: oauthData.state,
    });
    const done = await client.identity.completeRedirectLogin(
      `https://shop.example/cb#code=ac-9&state=${oauthData.state}`,
    );
    expect(done.originalUri).toBe('/account');
    expect(await auth.loggedIn()).toBe(true);
    await expect(client.identity.completeRedirectLogin('https://shop.example/cb#state=abc')).rejects.toThrow(
      'Missing code or _state',
    );
    await expect(
      client.identity.completeRedirectLogin('https://shop.example/cb#code=a&state=forged'),
    ).rejects.toThrow('Unknown _state');
    await expect(
      client.identity.completeRedirectLogin(
        'https://shop.example/cb#error=access_denied&error_description=No%20thanks',
      ),
    ).rejects.toThrow('No thanks');
  });

  it('logs out on the server with the member token, then forgets both tokens', async () => {
    handler = answerPath('/identity/v1/logout', { body: {} });
    const tokens: Tokens = {
      accessToken: { value: 'member-access', expiresAt: Math.floor(Date.now() / 1000) + 600 },
      refreshToken: { value: 'member-refresh', role: 'member' },
    };
    const { auth, client } = setup({ tokens });
    await client.identity.logout();
    const logout = server.requests.find((r) => r.url.startsWith('/identity/v1/logout'))!;
    expect(logout.headers.authorization).toBe('Bearer member-access');
    expect(await auth.getTokens()).toBeUndefined();
  });

  it('hands staff tokens to the strategy, and a staff session that cannot renew ends instead of becoming a visitor', async () => {
    handler = (request) => {
      const path = new URL(request.url, 'http://x').pathname;
      if (path === '/identity/v1/dashboard/login')
        return {
          body: { access_token: 'staff-a', refresh_token: 'staff-r', expires_in: 1, token_type: 'Bearer' },
        };
      if (path === '/oauth2/token') return { status: 400, body: { message: 'refresh token revoked' } };
      if (path === '/identity/v1/me') return { body: { identity: { id: 'x' } } };
      return undefined;
    };
    let clock = Date.now();
    const auth = OAuthStrategy({ clientId: 'client-1', visitorFallback: false, now: () => clock });
    const client = createClient({ baseUrl: server.baseUrl, auth, modules: { identity } });
    const tokens = await client.identity.staffLogin({ email: 'owner@example.com', password: 'pw' });
    expect(requestTo('/identity/v1/dashboard/login').headers.authorization).toBeUndefined();
    expect(tokens.refreshToken).toEqual({ value: 'staff-r', role: 'none' });
    expect((await auth.getTokens())?.accessToken.value).toBe('staff-a');
    clock += 5_000;
    await expect(client.identity.getMyIdentity()).rejects.toMatchObject({ code: 'SIGNED_OUT' });
    expect(await auth.getTokens()).toBeUndefined();
    expect(server.requests.some((r) => (r.body as { grantType?: string })?.grantType === 'anonymous')).toBe(
      false,
    );
  });
});

describe('OAuthStrategy renewal across tabs', () => {
  it('uses the tokens another strategy on the same store renewed instead of replaying the used refresh token', async () => {
    let clock = 1_000_000_000;
    const store = memoryTokenStore();
    const tabA = OAuthStrategy({
      clientId: 'client-1',
      tokenStore: store,
      baseUrl: server.baseUrl,
      now: () => clock,
    });
    const tabB = OAuthStrategy({
      clientId: 'client-1',
      tokenStore: store,
      baseUrl: server.baseUrl,
      now: () => clock,
    });
    await tabA.getValidTokens();
    await tabB.getValidTokens(); // B now caches A's tokens
    clock += 3_600_000;
    const renewedByA = await tabA.getValidTokens();
    server.requests.length = 0;
    const seenByB = await tabB.getValidTokens();
    expect(seenByB.accessToken.value).toBe(renewedByA.accessToken.value);
    expect(server.requests).toHaveLength(0);
  });
});

describe('readAuthorizationResponse', () => {
  it('reads JSON, the web-message page, and nothing from anything else', () => {
    expect(readAuthorizationResponse('{"code":"c","state":"s"}')).toEqual({ code: 'c', state: 's' });
    expect(readAuthorizationResponse(webMessagePage({ code: 'c}",', state: 's' }))).toEqual({
      code: 'c}",',
      state: 's',
    });
    expect(readAuthorizationResponse('<html>Sign in</html>')).toEqual({});
    expect(readAuthorizationResponse('{"type":"authorization_response","response":{"code"')).toEqual({});
  });
});
