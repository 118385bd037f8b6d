import { createHash } from 'node:crypto';
import type { TokenRequest, TokenResponse } from '@atrium/contract/identity';
import type { Config } from '../../platform/config.ts';
import type { IdentityType, RequestContext, StaffRole } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { createRowCache } from '../../platform/db/row-changes.ts';
import { notFound, siteUnavailable } from '../../platform/errors/app-error.ts';
import type { Site } from '@atrium/contract/sites';
import { siteAddressFor } from '../../platform/http/site-address.ts';
import { identityErrors } from './identity.errors.ts';
import type { IdentityRepository } from './identity.repository.ts';
import type { ApiKeyRow, IdentityRow, OauthClientRow } from './identity.tables.ts';
import { constantTimeEqual, newToken, sha256 } from './secrets.ts';
import { createSingleUseTokens } from './single-use-tokens.ts';
import type { TokenSigner } from './token-signer.ts';

/** Lifetimes; README.md explains the choices. */
export const lifetimes = {
  authorizationCodeSeconds: 60,
  sessionTokenSeconds: 10 * 60,
};

const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
const apiKeyPattern = /^atr_([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$/;

export interface Subject {
  siteId: string;
  subjectType: IdentityType;
  subjectId: string;
  clientId?: string | null;
  role?: StaffRole;
  scopes?: string[];
}

export interface ParsedAuthRequest {
  client: OauthClientRow;
  redirectUri: string;
  codeChallenge: string;
  responseMode: 'query' | 'fragment' | 'web_message';
  scope: string;
  state: string;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The web app's callback at the site's address (and OAUTH_REDIRECT_URIS). */
export function defaultRedirectUris(config: Config, site: Pick<Site, 'hosts'> = { hosts: [] }): string[] {
  const base = siteAddressFor(config)(site);
  const configured = config.OAUTH_REDIRECT_URIS.split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  return [...new Set([...configured, `${base.replace(/\/$/, '')}/auth/callback`])];
}

/**
 * OAuth 2 for sites: clients, sessions with rotating refresh tokens, the four grants of the spec, PKCE
 * authorization codes and the one-time session tokens that turn a login into member tokens.
 */
export function createOauthService(deps: {
  database: Database;
  repository: IdentityRepository;
  signer: TokenSigner;
  config: Config;
  /** `executor`: read in the caller's transaction on a cache miss (PGlite has one connection). */
  findSite: (siteId: string, executor?: Executor) => Promise<Site | undefined>;
}) {
  const { database, repository, signer, config } = deps;
  const tokens = createSingleUseTokens(repository);
  // Every call with an API key reads its key: kept in memory until the database says it changed.
  const apiKeys = createRowCache<ApiKeyRow>(database.rowChanges, 'api_keys');
  const hour = 3_600_000;
  /** How long a refresh token lives unused, and the most a sign-in lasts: staff sign-ins are shorter. */
  const sessionLifetimes = (subjectType: IdentityType) =>
    subjectType === 'WIX_USER'
      ? { idleMs: config.STAFF_SESSION_IDLE_HOURS * hour, maxMs: config.STAFF_SESSION_MAX_DAYS * 24 * hour }
      : { idleMs: config.REFRESH_TOKEN_TTL_DAYS * 24 * hour, maxMs: config.SESSION_MAX_DAYS * 24 * hour };

  async function issueTokens(
    subject: Subject,
    x: Executor = database.db,
    session?: { id: string; createdDate: Date },
  ): Promise<TokenResponse & { sessionId: string }> {
    // No token of a disabled site is issued or refreshed.
    const site = await deps.findSite(subject.siteId, x);
    if (!site || site.status === 'DISABLED') throw siteUnavailable();
    const now = new Date();
    const { idleMs, maxMs } = sessionLifetimes(subject.subjectType);
    const began = session?.createdDate ?? now;
    const expiresDate = new Date(Math.min(now.getTime() + idleMs, began.getTime() + maxMs));
    let sid = session?.id;
    if (!sid) {
      const session = await repository.insertSession(
        {
          siteId: subject.siteId,
          subjectType: subject.subjectType,
          subjectId: subject.subjectId,
          clientId: subject.clientId ?? null,
          expiresDate,
        },
        x,
      );
      sid = session.id;
    } else {
      await repository.extendSession(sid, expiresDate, x);
    }
    const refreshToken = newToken('rt_');
    await repository.insertRefreshToken(
      { tokenHash: sha256(refreshToken), siteId: subject.siteId, sessionId: sid, expiresDate },
      x,
    );
    const accessToken = await signer.sign(
      {
        sub: subject.subjectId,
        site: subject.siteId,
        typ: subject.subjectType,
        sid,
        ...(subject.clientId ? { cid: subject.clientId } : {}),
        ...(subject.role ? { role: subject.role } : {}),
        ...(subject.scopes ? { scp: subject.scopes } : {}),
      },
      now,
    );
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: signer.accessTokenTtlSeconds,
      token_type: 'Bearer',
      ...(subject.subjectType === 'MEMBER' ? { scope: 'offline_access' } : {}),
      sessionId: sid,
    };
  }

  function strip({ sessionId: _sessionId, ...tokens }: TokenResponse & { sessionId: string }): TokenResponse {
    return tokens;
  }

  /** An API key string → its row, when the secret matches and it is not revoked. */
  async function verifyApiKey(key: string): Promise<ApiKeyRow | undefined> {
    const match = apiKeyPattern.exec(key);
    if (!match) return undefined;
    const id = match[1]!;
    const row = await apiKeys.get(id, () => repository.findApiKey(id)).catch(() => undefined);
    // Compare even when the key is unknown, so a miss and a wrong secret take the same time.
    const matches = constantTimeEqual(sha256(match[2]!), row?.secretHash ?? sha256('no key'));
    if (!row || !matches || row.revokedDate) return undefined;
    return row;
  }

  /** The subject of a session as it is now: a blocked member or a revoked key stops refreshing. */
  async function currentSubject(session: {
    siteId: string;
    subjectType: IdentityType;
    subjectId: string;
    clientId: string | null;
  }): Promise<Subject | undefined> {
    const base = {
      siteId: session.siteId,
      subjectType: session.subjectType,
      subjectId: session.subjectId,
      clientId: session.clientId,
    };
    if (session.subjectType === 'ANONYMOUS_VISITOR') return base;
    if (session.subjectType === 'APP') {
      const key = await repository.findApiKey(session.subjectId);
      if (!key || key.revokedDate || key.siteId !== session.siteId) return undefined;
      return { ...base, scopes: key.scopes };
    }
    const identity = await repository.findIdentity(session.siteId, session.subjectId);
    if (!identity || identity.status !== 'ACTIVE') return undefined;
    return { ...base, ...(identity.role ? { role: identity.role } : {}) };
  }

  function isRegisteredRedirect(registeredUris: readonly string[], uri: string, mode: string): boolean {
    if (registeredUris.includes(uri)) return true;
    // web_message answers by postMessage to the page's origin, which clients pass as the redirectUri.
    if (mode === 'web_message') {
      return registeredUris.some((registered) => {
        try {
          return new URL(registered).origin === uri.replace(/\/$/, '');
        } catch {
          return false;
        }
      });
    }
    return false;
  }

  const service = {
    issueTokens,
    verifyApiKey,
    /** The key was just changed here: the next call reads it again, without waiting for the database's notice. */
    forgetApiKey: (id: string) => apiKeys.forget(id),
    currentSubject,

    async ensureDefaultClient(siteId: string): Promise<OauthClientRow> {
      return (
        (await repository.findDefaultClient(siteId)) ??
        repository.insertDefaultClientIfMissing(
          siteId,
          defaultRedirectUris(config, (await deps.findSite(siteId)) ?? { hosts: [] }),
        )
      );
    },

    async findClient(clientId: string): Promise<OauthClientRow | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(clientId)) return undefined;
      return repository.findClient(clientId);
    },

    async listClients(ctx: RequestContext) {
      await service.ensureDefaultClient(ctx.site.id);
      return repository.listClients(ctx.site.id);
    },

    async updateClient(ctx: RequestContext, clientId: string, redirectUris: string[]) {
      const row = /^[0-9a-f-]{36}$/i.test(clientId)
        ? await repository.updateClientRedirectUris(ctx.site.id, clientId, redirectUris)
        : undefined;
      if (!row) throw notFound('OAuth client', clientId);
      return row;
    },

    /** POST /oauth2/token. `authorization` is the request's Authorization header (app credentials). */
    async token(request: TokenRequest, authorization: string | undefined): Promise<TokenResponse> {
      switch (request.grantType) {
        case 'anonymous':
          return strip(await service.anonymous(request.clientId));
        case 'refresh_token':
          return service.refresh(request.refreshToken);
        case 'authorization_code':
          return service.exchangeCode(request);
        case 'authorized_client':
        case 'client_credentials':
          return service.authorizedClient(request, authorization);
        default:
          throw identityErrors.unsupportedGrantType(request.grantType);
      }
    },

    async anonymous(clientId: string | undefined) {
      const client = clientId ? await service.findClient(clientId) : undefined;
      if (!client) throw identityErrors.invalidClient(`Unknown clientId ${clientId ?? '(none)'}`);
      return issueTokens({
        siteId: client.siteId,
        subjectType: 'ANONYMOUS_VISITOR',
        subjectId: crypto.randomUUID(),
        clientId: client.id,
      });
    },

    /**
     * Rotation: each refresh token works once. Presenting a used one means it leaked (or two tabs raced),
     * so the whole session ends and both holders must sign in again.
     */
    async refresh(refreshToken: string | undefined): Promise<TokenResponse> {
      if (!refreshToken) throw identityErrors.invalidGrant('refreshToken is required');
      const tokenHash = sha256(refreshToken);
      const invalid = () => identityErrors.invalidGrant('The refresh token is invalid, expired or revoked');
      const stored = await repository.findRefreshToken(tokenHash);
      if (!stored) throw invalid();
      const session = await repository.findSession(stored.sessionId);
      if (!session || session.revokedDate) throw invalid();
      // The atomic claim decides between two concurrent uses of one token: exactly one wins.
      if (stored.usedDate || !(await repository.useRefreshToken(tokenHash))) {
        await repository.revokeSession(session.siteId, session.id, 'refresh token reuse');
        throw identityErrors.invalidGrant('The refresh token was already used: the session is revoked');
      }
      const endOfSession = session.createdDate.getTime() + sessionLifetimes(session.subjectType).maxMs;
      if (
        stored.expiresDate.getTime() <= Date.now() ||
        session.expiresDate.getTime() <= Date.now() ||
        endOfSession <= Date.now()
      ) {
        throw invalid();
      }
      const subject = await currentSubject(session);
      if (!subject) throw invalid();
      return strip(await issueTokens(subject, database.db, session));
    },

    async exchangeCode(request: TokenRequest): Promise<TokenResponse> {
      if (!request.code) throw identityErrors.invalidGrant('code is required');
      if (!request.codeVerifier || !verifierPattern.test(request.codeVerifier)) {
        throw identityErrors.invalidGrant('codeVerifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
      }
      const codeHash = sha256(request.code);
      const stored = await repository.findCode(codeHash);
      if (!stored) throw identityErrors.invalidGrant('Unknown authorization code');
      // Claim the code first: any failure below burns it, and a second presentation is a replay.
      if (!(await repository.useCode(codeHash))) {
        if (stored.sessionId)
          await repository.revokeSession(stored.siteId, stored.sessionId, 'authorization code replay');
        throw identityErrors.invalidGrant('The authorization code was already used');
      }
      if (stored.expiresDate.getTime() <= Date.now())
        throw identityErrors.invalidGrant('The authorization code expired');
      if (request.clientId !== stored.clientId)
        throw identityErrors.invalidGrant('clientId does not match the code');
      if (request.redirectUri !== stored.redirectUri) {
        throw identityErrors.invalidGrant('redirectUri does not match the authorization request');
      }
      if (!constantTimeEqual(s256(request.codeVerifier), stored.codeChallenge)) {
        throw identityErrors.invalidGrant('codeVerifier does not match the code challenge');
      }
      const identity = await repository.findIdentity(stored.siteId, stored.identityId);
      if (!identity || identity.status !== 'ACTIVE')
        throw identityErrors.invalidGrant('The account is not active');
      const tokens = await issueTokens({
        siteId: stored.siteId,
        subjectType: identity.identityType,
        subjectId: identity.id,
        clientId: stored.clientId,
        ...(identity.role ? { role: identity.role } : {}),
      });
      await repository.setCodeSession(codeHash, tokens.sessionId);
      return strip(tokens);
    },

    /**
     * App credentials: the API key in Authorization (or `clientSecret`). With `member_id` and the
     * `identity.members.impersonate` scope an app gets that member's tokens (external login); otherwise APP tokens.
     */
    async authorizedClient(request: TokenRequest, authorization: string | undefined): Promise<TokenResponse> {
      const given = request.clientSecret ?? authorization?.replace(/^Bearer\s+/i, '');
      const key = given ? await verifyApiKey(given) : undefined;
      if (!key) throw identityErrors.invalidClient('Invalid or revoked API key');
      if (!request.memberId) {
        return strip(
          await issueTokens({
            siteId: key.siteId,
            subjectType: 'APP',
            subjectId: key.id,
            scopes: key.scopes,
          }),
        );
      }
      if (!key.scopes.includes('*') && !key.scopes.includes('identity.members.impersonate')) {
        throw identityErrors.invalidGrant(
          'The API key may not act for members (scope identity.members.impersonate)',
        );
      }
      const member = /^[0-9a-f-]{36}$/i.test(request.memberId)
        ? await repository.findIdentity(key.siteId, request.memberId)
        : undefined;
      if (!member || member.identityType !== 'MEMBER' || member.status !== 'ACTIVE') {
        throw identityErrors.invalidGrant(`No active member ${request.memberId} on this site`);
      }
      return strip(await issueTokens({ siteId: key.siteId, subjectType: 'MEMBER', subjectId: member.id }));
    },

    /** Checks an authorization request's client and redirect URI; errors here are never redirected. */
    async parseAuthRequest(
      params: {
        clientId?: string;
        redirectUri?: string;
        responseType?: string;
        codeChallenge?: string;
        codeChallengeMethod?: string;
        responseMode?: string;
        scope?: string;
        state?: string;
      },
      siteId?: string,
    ): Promise<ParsedAuthRequest> {
      const found = params.clientId ? await service.findClient(params.clientId) : undefined;
      // Asked on a site's behalf, another site's client is answered as an unknown one.
      const client = siteId && found?.siteId !== siteId ? undefined : found;
      if (!client) throw identityErrors.invalidClient(`Unknown client_id ${params.clientId ?? '(none)'}`);
      const responseMode = (params.responseMode ?? 'fragment') as ParsedAuthRequest['responseMode'];
      if (!['query', 'fragment', 'web_message'].includes(responseMode)) {
        throw identityErrors.invalidGrant('response_mode must be query, fragment or web_message');
      }
      // The web app's callback at each of the site's current host names counts as registered, so a host
      // the operator adds later signs in without editing the client.
      const site = await deps.findSite(client.siteId);
      const addressOf = siteAddressFor(config);
      const registered = [
        ...client.redirectUris,
        ...(site?.hosts ?? []).map((host) => `${addressOf({ hosts: [host] })}/auth/callback`),
      ];
      if (!params.redirectUri || !isRegisteredRedirect(registered, params.redirectUri, responseMode)) {
        throw identityErrors.invalidRedirectUri(params.redirectUri ?? '(none)');
      }
      if ((params.responseType ?? 'code') !== 'code')
        throw identityErrors.invalidGrant('response_type must be code');
      if (params.codeChallengeMethod !== 'S256')
        throw identityErrors.invalidGrant('code_challenge_method must be S256');
      if (!params.codeChallenge || !/^[A-Za-z0-9_-]{43}$/.test(params.codeChallenge)) {
        throw identityErrors.invalidGrant('code_challenge must be the base64url SHA-256 of the verifier');
      }
      if (!params.state || params.state.length > 1000) throw identityErrors.invalidGrant('state is required');
      return {
        client,
        redirectUri: params.redirectUri,
        codeChallenge: params.codeChallenge,
        responseMode,
        scope: params.scope ?? 'offline_access',
        state: params.state,
      };
    },

    async createCode(request: ParsedAuthRequest, identity: IdentityRow): Promise<string> {
      const code = newToken('ac_');
      await repository.insertCode({
        codeHash: sha256(code),
        siteId: request.client.siteId,
        clientId: request.client.id,
        identityId: identity.id,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        scope: request.scope,
        expiresDate: new Date(Date.now() + lifetimes.authorizationCodeSeconds * 1000),
      });
      return code;
    },

    /** A login's proof, good once for one authorization code within ten minutes. */
    async createSessionToken(identity: IdentityRow, x: Executor = database.db): Promise<string> {
      return tokens.issue(
        'SESSION',
        {
          siteId: identity.siteId,
          identityId: identity.id,
          expiresDate: new Date(Date.now() + lifetimes.sessionTokenSeconds * 1000),
        },
        x,
      );
    },

    /** The active identity a session token speaks for (consuming it), or undefined. */
    async consumeSessionToken(siteId: string, token: string): Promise<IdentityRow | undefined> {
      if (token.length > 200) return undefined;
      const session = await tokens.find('SESSION', token, siteId);
      const identityId = session?.row.identityId;
      if (!session || !identityId || !(await session.use())) return undefined;
      const identity = await repository.findIdentity(siteId, identityId);
      return identity?.status === 'ACTIVE' ? identity : undefined;
    },

    async revokeSession(siteId: string, sessionId: string, reason: string) {
      await repository.revokeSession(siteId, sessionId, reason);
    },
  };
  return service;
}

export type OauthService = ReturnType<typeof createOauthService>;
