import type { AuthStrategy, FetchLike, Transport } from '../client.ts';
import { AuthError, ContextNotAvailableError } from '../errors.ts';
import { generateCodeChallenge, generateCodeVerifier, generateState } from './pkce.ts';

export type TokenRole = 'none' | 'visitor' | 'member';

/** `expiresAt` is in seconds since the epoch: issue time plus `expires_in`. */
export interface Tokens {
  accessToken: { value: string; expiresAt: number };
  refreshToken: { value: string; role: TokenRole };
}

/**
 * Where tokens and pending sign-in flows are kept: `localStorage` and `sessionStorage` fit as they are;
 * the default keeps them in memory for the life of the strategy.
 */
export interface TokenStore {
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

export function memoryTokenStore(): TokenStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key),
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** One sign-in round trip: kept from the redirect out until the redirect back. */
export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  redirectUri: string;
  originalUri?: string;
}

export type ResponseMode = 'query' | 'fragment' | 'web_message';

export interface OAuthStrategyOptions {
  clientId: string;
  /** Tokens to start from (e.g. read by the server side of a web app). */
  tokens?: Tokens;
  tokenStore?: TokenStore;
  /** Needed only when the strategy is used before (or without) being passed to createClient. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Clock in milliseconds; tests move it. */
  now?: () => number;
  /**
   * A redirect URI registered on the client, used by the direct (no redirect) sign-in. Defaults to the
   * origin of `baseUrl` (or of the page), which the server accepts when a registered URI has that origin.
   */
  redirectUri?: string;
  /**
   * When the refresh token fails or is missing, fetch an anonymous visitor token (the spec's rule, the
   * default). `false` suits staff sessions: they end instead, and calls fail with `SIGNED_OUT`.
   */
  visitorFallback?: boolean;
  /** How long the silent sign-in of `getMemberTokensForDirectLogin` may take (default 120 000 ms, spec §9). */
  signInTimeoutMs?: number;
}

/** Silent member sign-in gives up after this long (spec bookings-identity §5, §9). */
export const silentSignInTimeoutMs = 120_000;

export interface OAuthStrategy extends AuthStrategy {
  readonly clientId: string;
  /** Valid tokens, renewed or fetched as the token rules require. */
  getValidTokens(): Promise<Tokens>;
  getTokens(): Promise<Tokens | undefined>;
  setTokens(tokens: Tokens): Promise<void>;
  /** True when the held tokens belong to a member. */
  loggedIn(): Promise<boolean>;
  generateVisitorTokens(): Promise<Tokens>;
  renewToken(refreshToken: string): Promise<Tokens>;
  /** Exchanges the session token of a login or registration for member tokens. */
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData>;
  /** The pending round trip of a state, e.g. to read its `originalUri` before completing it. */
  getStoredOAuthData(state: string): Promise<OAuthData | undefined>;
  getAuthUrl(
    oauthData: OAuthData,
    options?: { prompt?: 'login' | 'none'; responseMode?: ResponseMode },
  ): { authUrl: string };
  parseFromUrl(
    url: string,
    responseMode?: ResponseMode,
  ): { code?: string; state?: string; error?: string; errorDescription?: string };
  /** Checks code and state, then exchanges the code for member tokens. */
  getMemberTokens(
    code: string | undefined,
    state: string | undefined,
    oauthData?: OAuthData,
  ): Promise<Tokens>;
  /** Forgets both tokens; returns where to send the browser to end the server session. */
  logout(options?: { postLogoutRedirectUri?: string }): Promise<{ logoutUrl: string }>;
}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/**
 * Visitor and member tokens (spec bookings-identity §4, §9): a valid access token is used as is; otherwise
 * the refresh token renews it; if that fails or there is none, an anonymous visitor token is fetched.
 * Concurrent calls during a renewal share it.
 * @example const auth = OAuthStrategy({ clientId: 'c0ffee…' }); createClient({ baseUrl, auth, modules: { sites } });
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const store = options.tokenStore ?? memoryTokenStore();
  const tokensKey = `atrium.tokens.${options.clientId}`;
  const flowKey = (state: string) => `atrium.oauth.${state}`;
  const now = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  let transport: Transport | undefined = options.baseUrl
    ? {
        baseUrl: options.baseUrl.replace(/\/+$/, ''),
        fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      }
    : undefined;
  let cached: Tokens | undefined = options.tokens;
  let loaded = options.tokens !== undefined;
  let renewal: Promise<Tokens> | undefined;

  function server(): Transport {
    if (!transport) throw new ContextNotAvailableError();
    return transport;
  }

  async function getTokens(): Promise<Tokens | undefined> {
    if (!loaded) {
      const stored = await store.getItem(tokensKey);
      cached = stored ? (JSON.parse(stored) as Tokens) : undefined;
      loaded = true;
    }
    return cached;
  }

  async function setTokens(tokens: Tokens | undefined): Promise<void> {
    cached = tokens;
    loaded = true;
    if (tokens) await store.setItem(tokensKey, JSON.stringify(tokens));
    else await store.removeItem(tokensKey);
  }

  // Not a type guard on purpose: an expired token is still a Tokens whose refresh token is used.
  function isValid(tokens: Tokens | undefined): boolean {
    return Boolean(tokens?.accessToken.value) && tokens!.accessToken.expiresAt > nowSeconds();
  }

  async function requestTokens(
    body: Record<string, string>,
    role: TokenRole,
    previous?: string,
  ): Promise<Tokens> {
    const { baseUrl, fetch } = server();
    const issuedAt = nowSeconds();
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ clientId: options.clientId, ...body }),
      });
    } catch (cause) {
      throw new AuthError('TOKEN_REQUEST_FAILED', 'Failed to fetch tokens: network error', { cause });
    }
    const payload = (await response.json().catch(() => undefined)) as TokenResponse | undefined;
    if (!response.ok || !payload?.access_token) throw tokenFailure(response);
    return {
      accessToken: { value: payload.access_token, expiresAt: issuedAt + Number(payload.expires_in ?? 0) },
      refreshToken: { value: payload.refresh_token ?? previous ?? '', role },
    };
  }

  async function generateVisitorTokens(): Promise<Tokens> {
    const tokens = await requestTokens({ grantType: 'anonymous' }, 'visitor');
    await setTokens(tokens);
    return tokens;
  }

  async function renewToken(refreshToken: string, role: TokenRole = 'visitor'): Promise<Tokens> {
    // 'none' (staff sessions, tokens given from outside) stays 'none': a renewal never changes who it is.
    const tokens = await requestTokens({ grantType: 'refresh_token', refreshToken }, role, refreshToken);
    await setTokens(tokens);
    return tokens;
  }

  async function renew(): Promise<Tokens> {
    // The store is the truth and the cache a copy: another tab sharing localStorage may have renewed
    // already, and presenting its used refresh token again would look like theft and end the session.
    const stored = await store.getItem(tokensKey);
    if (stored) cached = JSON.parse(stored) as Tokens;
    const current = await getTokens();
    if (current && isValid(current)) return current;
    const refresh = current?.refreshToken;
    if (refresh?.value) {
      try {
        return await renewToken(refresh.value, refresh.role);
      } catch {
        // A refresh token the server no longer honours falls back to a visitor, as the token rules say.
      }
    }
    if (options.visitorFallback === false) {
      await setTokens(undefined);
      throw new AuthError('SIGNED_OUT', 'The session ended: sign in again');
    }
    return generateVisitorTokens();
  }

  async function getValidTokens(): Promise<Tokens> {
    const current = await getTokens();
    if (current && isValid(current)) return current;
    // One renewal at a time: every call that finds the token expired waits for the same request, and
    // with Web Locks (browsers) every tab of the origin waits for the same one too.
    renewal ??= withTokenLock(`atrium.renew.${options.clientId}`, renew).finally(() => {
      renewal = undefined;
    });
    return renewal;
  }

  async function exchangeCode(code: string, oauthData: OAuthData): Promise<Tokens> {
    const tokens = await requestTokens(
      {
        grantType: 'authorization_code',
        code,
        codeVerifier: oauthData.codeVerifier,
        redirectUri: oauthData.redirectUri,
      },
      'member',
    );
    await setTokens(tokens);
    return tokens;
  }

  function authUrl(
    oauthData: OAuthData,
    settings: { prompt?: string; responseMode?: ResponseMode; sessionToken?: string } = {},
  ): string {
    const params = new URLSearchParams({
      client_id: options.clientId,
      response_type: 'code',
      redirect_uri: oauthData.redirectUri,
      scope: 'offline_access',
      state: oauthData.state,
      code_challenge: oauthData.codeChallenge,
      code_challenge_method: 'S256',
      response_mode: settings.responseMode ?? 'fragment',
    });
    if (settings.prompt) params.set('prompt', settings.prompt);
    if (settings.sessionToken) params.set('sessionToken', settings.sessionToken);
    return `${server().baseUrl}/oauth2/authorize?${params.toString()}`;
  }

  async function generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData> {
    const codeVerifier = generateCodeVerifier();
    const oauthData: OAuthData = {
      codeVerifier,
      codeChallenge: await generateCodeChallenge(codeVerifier),
      state: generateState(),
      redirectUri,
      ...(originalUri ? { originalUri } : {}),
    };
    await store.setItem(flowKey(oauthData.state), JSON.stringify(oauthData));
    return oauthData;
  }

  async function getMemberTokens(
    code: string | undefined,
    state: string | undefined,
    given?: OAuthData,
  ): Promise<Tokens> {
    if (!code || !state) throw new AuthError('MISSING_CODE_OR_STATE', 'Missing code or _state');
    if (given && given.state !== state) throw new AuthError('INVALID_STATE', 'Invalid _state');
    let oauthData = given;
    if (!oauthData) {
      const stored = await store.getItem(flowKey(state));
      if (!stored) throw new AuthError('UNKNOWN_STATE', 'Unknown _state');
      oauthData = JSON.parse(stored) as OAuthData;
    }
    // A state is good for one exchange only.
    await store.removeItem(flowKey(state));
    return exchangeCode(code, oauthData);
  }

  /** The registered address the direct sign-in names; see `OAuthStrategyOptions.redirectUri`. */
  function directRedirectUri(): string {
    if (options.redirectUri) return options.redirectUri;
    const base = server().baseUrl || (globalThis as { location?: { origin?: string } }).location?.origin;
    if (!base) throw new AuthError('NO_REDIRECT_URI', 'No redirect URL found');
    return new URL(base).origin;
  }

  /**
   * The login or registration call answers a session token; the authorize endpoint (prompt none,
   * `response_mode=web_message`) turns it into a code, and the code into member tokens. The answer is read
   * from the response itself, JSON or the server's web-message page, so no frame is needed and the same
   * code runs in Node and in browsers. Gives up after 120 s with 'OAuth flow timed out'.
   */
  async function getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens> {
    const oauthData = await generateOAuthData(directRedirectUri());
    const url = authUrl(oauthData, { prompt: 'none', responseMode: 'web_message', sessionToken });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.signInTimeoutMs ?? silentSignInTimeoutMs);
    try {
      let response: Response;
      let text: string;
      try {
        response = await server().fetch(url, {
          method: 'GET',
          headers: { accept: 'application/json, text/html;q=0.9' },
          signal: controller.signal,
        });
        text = await response.text();
      } catch (cause) {
        if (controller.signal.aborted) throw new AuthError('OAUTH_FLOW_TIMED_OUT', 'OAuth flow timed out');
        throw new AuthError('TOKEN_REQUEST_FAILED', 'Failed to fetch tokens: network error', { cause });
      }
      if (!response.ok) throw tokenFailure(response);
      const answer = readAuthorizationResponse(text);
      if (answer.error) {
        throw new AuthError(
          answer.error === 'login_required' ? 'LOGIN_REQUIRED' : toCode(answer.error),
          answer.error_description ?? answer.error,
          { status: response.status, requestId: response.headers.get('x-request-id') ?? undefined },
        );
      }
      return await getMemberTokens(answer.code, answer.state, oauthData);
    } finally {
      clearTimeout(timer);
      await store.removeItem(flowKey(oauthData.state));
    }
  }

  return {
    attach(given) {
      transport ??= given;
    },
    async getAuthHeaders(given) {
      transport ??= given;
      const tokens = await getValidTokens();
      return { authorization: `Bearer ${tokens.accessToken.value}` };
    },
    clientId: options.clientId,
    getValidTokens,
    getTokens,
    setTokens,
    async loggedIn() {
      return (await getTokens())?.refreshToken.role === 'member';
    },
    generateVisitorTokens,
    // The role goes with the refresh token: renewing the held member token keeps a member.
    renewToken: async (refreshToken) => {
      const held = await getTokens();
      return renewToken(
        refreshToken,
        held?.refreshToken.value === refreshToken ? held.refreshToken.role : 'visitor',
      );
    },
    getMemberTokensForDirectLogin,
    generateOAuthData,
    async getStoredOAuthData(state) {
      const stored = await store.getItem(flowKey(state));
      return stored ? (JSON.parse(stored) as OAuthData) : undefined;
    },
    getAuthUrl: (oauthData, settings) => ({ authUrl: authUrl(oauthData, settings) }),
    parseFromUrl(url, responseMode = 'fragment') {
      const parsed = new URL(url);
      const params = new URLSearchParams(
        responseMode === 'query' ? parsed.search : parsed.hash.replace(/^#/, ''),
      );
      const read = (name: string) => params.get(name) ?? undefined;
      return {
        code: read('code'),
        state: read('state'),
        error: read('error'),
        errorDescription: read('error_description'),
      };
    },
    getMemberTokens,
    async logout(settings = {}) {
      await setTokens(undefined);
      const params = new URLSearchParams({ clientId: options.clientId });
      if (settings.postLogoutRedirectUri) params.set('postLogoutRedirectUri', settings.postLogoutRedirectUri);
      return { logoutUrl: `${server().baseUrl}/identity/v1/logout?${params.toString()}` };
    },
  };
}

type AuthorizationAnswer = { code?: string; state?: string; error?: string; error_description?: string };

/**
 * The authorize endpoint's web_message answer: JSON `{code, state}` (or `{error}`), or the page whose
 * script posts `{type: 'authorization_response', response: {...}}` to the opener. Anything else reads as
 * an empty answer, which fails as 'Missing code or _state'.
 */
export function readAuthorizationResponse(text: string): AuthorizationAnswer {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as AuthorizationAnswer & { response?: AuthorizationAnswer };
      return parsed.response ?? parsed;
    } catch {
      return {};
    }
  }
  const start = trimmed.indexOf('{"type":"authorization_response"');
  const json = start >= 0 ? balancedObject(trimmed, start) : undefined;
  if (!json) return {};
  try {
    return (JSON.parse(json) as { response?: AuthorizationAnswer }).response ?? {};
  } catch {
    return {};
  }
}

/** The JSON object starting at `start`, found by matching braces outside strings. */
function balancedObject(text: string, start: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return text.slice(start, index + 1);
  }
  return undefined;
}

function toCode(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Runs `work` holding a Web Lock of that name when the platform has them (browsers), else directly. */
function withTokenLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks ? locks.request(name, work) : work();
}

/** A failed token fetch names the status text and the request id (spec bookings-identity §8). */
function tokenFailure(response: Response): AuthError {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const statusText = response.statusText || `HTTP ${response.status}`;
  return new AuthError(
    'TOKEN_REQUEST_FAILED',
    `Failed to fetch tokens: ${statusText}${requestId ? `, request-id: ${requestId}` : ''}`,
    { status: response.status, requestId },
  );
}
