import type { FastifyRequest } from 'fastify';
import type { Site } from '@atrium/contract/sites';
import { siteUnavailable, unauthenticated } from '../../platform/errors/app-error.ts';
import type { Authenticator } from '../../platform/http/request-context.ts';
import type { IdentityRepository } from './identity.repository.ts';
import type { OauthService } from './oauth.service.ts';
import { maxTokenLength, type TokenSigner } from './token-signer.ts';

/** How precisely an API key's last use is kept (`touchApiKey` writes at most this often). */
const apiKeyUseResolutionMs = 60_000;

/** Accepts `Bearer <token>` and the bare `<token>` existing clients send (platform.md, "Compatibility"). */
export function credentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  return header.replace(/^Bearer\s+/i, '').trim();
}

/**
 * Access tokens (JWT) and API keys. A credential that is present but wrong is a 401 here, never passed on
 * to the next authenticator. Members and staff are checked against their session and status on every call,
 * so logout, blocking and role changes act at once; visitor tokens are trusted until they expire.
 */
export function createBearerAuthenticator(deps: {
  signer: TokenSigner;
  oauth: OauthService;
  repository: IdentityRepository;
  findSite: (siteId: string) => Promise<Site | undefined>;
}): Authenticator {
  const { signer, oauth, repository, findSite } = deps;

  /**
   * `byKey`: API keys name their site themselves (and may say it in wix-site-id, as the official clients
   * do), so they work at any address; tokens work only at their own site's address (or at one no site
   * claims, such as localhost).
   */
  async function siteFor(siteId: string, request: FastifyRequest, byKey: boolean): Promise<Site> {
    const asked = request.headers['wix-site-id'];
    // A credential belongs to one site: naming another one is refused, not silently ignored.
    if (typeof asked === 'string' && asked !== '' && asked !== siteId) {
      throw unauthenticated('The credential does not belong to the site in wix-site-id');
    }
    const hostSite = request.hostSite;
    if (!byKey && hostSite?.claimed && hostSite.site.id !== siteId) {
      throw unauthenticated('The credential does not belong to the site at this address');
    }
    const site = await findSite(siteId).catch(() => undefined);
    if (!site) throw unauthenticated();
    if (site.status === 'DISABLED') throw siteUnavailable();
    return site;
  }

  return async (request) => {
    const credential = credentialOf(request);
    if (credential === undefined) return undefined;
    if (credential.length > maxTokenLength) throw unauthenticated();

    if (credential.startsWith('atr_')) {
      const key = await oauth.verifyApiKey(credential);
      if (!key) throw unauthenticated('Invalid or revoked API key');
      const site = await siteFor(key.siteId, request, true);
      // Last use is kept to the minute: most requests need not write it (the statement re-checks the age).
      if (!key.lastUsedDate || Date.now() - key.lastUsedDate.getTime() >= apiKeyUseResolutionMs) {
        void repository.touchApiKey(key.id).catch(() => undefined);
      }
      return { site, caller: { identityType: 'APP', identityId: key.id, scopes: key.scopes } };
    }

    const claims = await signer.verify(credential);
    if (!claims) throw unauthenticated('Invalid or expired access token');
    const site = await siteFor(claims.site, request, false);
    if (claims.typ === 'ANONYMOUS_VISITOR') {
      return {
        site,
        caller: { identityType: 'ANONYMOUS_VISITOR', identityId: claims.sub, sessionId: claims.sid },
      };
    }
    const session = await repository.findSession(claims.sid);
    if (!session || session.revokedDate || session.siteId !== site.id || session.subjectId !== claims.sub) {
      throw unauthenticated('The session has ended');
    }
    const subject = await oauth.currentSubject(session);
    if (!subject) throw unauthenticated('The account is no longer active');
    return {
      site,
      caller: {
        identityType: subject.subjectType,
        identityId: subject.subjectId,
        sessionId: session.id,
        ...(subject.role ? { role: subject.role } : {}),
        ...(subject.scopes ? { scopes: subject.scopes } : {}),
      },
    };
  };
}
