import {
  activationEmailRequestSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  updateMemberRequestSchema,
  updateMemberResponseSchema,
  factorTypeSchema,
  identityResponseSchema,
  loginRequestSchema,
  logoutQuerySchema,
  memberResponseSchema,
  recoverRequestSchema,
  redirectSessionRequestSchema,
  redirectSessionResponseSchema,
  registerRequestSchema,
  resendCodeRequestSchema,
  sendRecoveryEmailRequestSchema,
  signOnRequestSchema,
  signOnResponseSchema,
  startVerificationRequestSchema,
  startVerificationResponseSchema,
  updateProfileRequestSchema,
  verifyCodeRequestSchema,
  verifyFactorRequestSchema,
} from '@atrium/contract/identity';
import { emptyResponseSchema } from '@atrium/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteAddressFor } from '../../platform/http/site-address.ts';
import type { Config } from '../../platform/config.ts';
import type { RequestContext } from '../../platform/context.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { RouteAccess } from '../../platform/http/request-context.ts';
import type { MembersService } from './members.service.ts';
import { toMember, toWireIdentity } from './member-wire.ts';
import type { OauthService } from './oauth.service.ts';
import type { AuthRateLimits } from './rate-limits.ts';

/** Who may call what: visitors sign in and register; members act on themselves; owners and apps administer. */
export const identityAccess = {
  visitorOrMember: { identities: ['ANONYMOUS_VISITOR', 'MEMBER'] },
  member: { identities: ['MEMBER'] },
  signedIn: { identities: ['MEMBER', 'WIX_USER'] },
  manageMembers: { identities: ['WIX_USER', 'APP'], roles: ['OWNER', 'ADMIN'], scopes: ['identity.members'] },
  signOn: {
    identities: ['WIX_USER', 'APP'],
    roles: ['OWNER', 'ADMIN'],
    scopes: ['identity.members', 'identity.members.sign-on'],
  },
  startVerification: {
    identities: ['MEMBER', 'WIX_USER', 'APP'],
    roles: ['OWNER', 'ADMIN'],
    scopes: ['identity.members'],
  },
  /** The member themself, or who manages members (the service refuses a member another's account). */
  ownAccountOrManager: {
    identities: ['MEMBER', 'WIX_USER', 'APP'],
    roles: ['OWNER', 'ADMIN'],
    scopes: ['identity.members'],
  },
} satisfies Record<string, RouteAccess>;

const tags = ['identity'];

export const identityRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  oauth: OauthService;
  limits: AuthRateLimits;
  config: Config;
}> = async (app, { members, oauth, limits, config }) => {
  const siteAddress = siteAddressFor(config);

  app.post(
    '/identity/v2/register',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'Register a member',
        tags,
        body: registerRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'register', request.body.loginId.email, request.ctx.site.id);
      return members.register(request.ctx, request.body, request.ip);
    },
  );

  app.post(
    '/identity/v2/login',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'Sign a member in',
        tags,
        body: loginRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'login', request.body.loginId.email, request.ctx.site.id);
      return members.login(request.ctx, request.body, request.ip);
    },
  );

  app.post(
    '/identity/v2/sign-on',
    {
      config: { access: identityAccess.signOn },
      schema: {
        summary: 'Sign a member on without a password (apps, owners)',
        tags,
        body: signOnRequestSchema,
        response: { 200: signOnResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.signOn(request.ctx, request.body),
  );

  app.post(
    '/identity/v2/change-password',
    {
      config: { access: identityAccess.signedIn },
      schema: {
        summary: "Change the caller's password",
        tags,
        body: changePasswordRequestSchema,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.changePassword(request.ctx, request.body),
  );

  app.get(
    '/identity/v1/logout',
    {
      config: { access: { public: true, authenticate: 'optional' } },
      schema: {
        summary: "End the caller's session; redirects when postLogoutRedirectUri is registered",
        tags,
        querystring: logoutQuerySchema,
        response: {
          200: emptyResponseSchema,
          302: z.null().describe('Redirect to postLogoutRedirectUri'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const ctx = (request.ctx as RequestContext | null) ?? undefined;
      await members.logout(ctx);
      const { postLogoutRedirectUri, clientId } = request.query;
      if (postLogoutRedirectUri && clientId) {
        const client = await oauth.findClient(clientId);
        if (client?.redirectUris.includes(postLogoutRedirectUri)) {
          return reply.status(302).header('location', postLogoutRedirectUri).send(null);
        }
      }
      return {};
    },
  );

  app.post(
    '/identity/v2/:factorType/verify',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'Verify a second factor (EMAIL is enabled; the others answer UNSUPPORTED_FACTOR)',
        tags,
        params: z.object({ factorType: z.string().max(20) }),
        body: verifyFactorRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'verify', request.body.stateToken, request.ctx.site.id);
      const factor = factorTypeSchema.safeParse(request.params.factorType.toUpperCase());
      return members.verifyFactor(
        request.ctx,
        factor.success ? factor.data : request.params.factorType,
        request.body,
      );
    },
  );

  app.post(
    '/identity/v1/send-email',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'Send a password recovery mail (answers {} whether or not the address is known)',
        tags,
        body: sendRecoveryEmailRequestSchema,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'recovery', request.body.email, request.ctx.site.id);
      return members.sendRecoveryEmail(request.ctx, request.body);
    },
  );

  app.post(
    '/identity/v1/recover',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'Set a new password with a recovery token',
        tags,
        body: recoverRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'recovery');
      return members.recover(request.ctx, request.body);
    },
  );

  app.post(
    '/identity/v1/activation-email',
    {
      config: { access: identityAccess.manageMembers },
      schema: {
        summary: 'Mail a member a verification code',
        tags,
        body: activationEmailRequestSchema,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.sendActivationEmail(request.ctx, request.body.identityId),
  );

  app.post(
    '/identity/v1/Start',
    {
      config: { access: identityAccess.startVerification },
      schema: {
        summary: 'Start verifying an email address',
        tags,
        body: startVerificationRequestSchema,
        response: { 200: startVerificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.startVerification(request.ctx, request.body.identityId),
  );

  app.post(
    '/identity/v1/auth/verify',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'Verify the mailed code',
        tags,
        body: verifyCodeRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'verify', request.body.stateToken, request.ctx.site.id);
      return members.verifyCode(request.ctx, request.body);
    },
  );

  app.post(
    '/identity/v1/auth/resend',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'Mail a new code for a state token',
        tags,
        body: resendCodeRequestSchema,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'verify', request.body.stateToken, request.ctx.site.id);
      return members.resendCode(request.ctx, request.body.stateToken);
    },
  );

  app.post(
    '/identity/v1/redirect-session',
    {
      config: { access: identityAccess.visitorOrMember },
      schema: {
        summary: 'A URL on this server for a flow (auth: the hosted sign-in page of a PKCE request)',
        tags,
        body: redirectSessionRequestSchema,
        response: { 200: redirectSessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const id = crypto.randomUUID();
      const publicUrl = siteAddress(request.ctx.site);
      if (body.auth) {
        const auth = body.auth.authRequest;
        // Checked now, so a bad client or redirect URI fails the call instead of the page.
        await oauth.parseAuthRequest({ ...auth, state: auth.state }, request.ctx.site.id);
        const searchParams: Record<string, string> = {
          client_id: auth.clientId,
          redirect_uri: auth.redirectUri,
          response_type: auth.responseType,
          response_mode: auth.responseMode,
          code_challenge: auth.codeChallenge,
          code_challenge_method: auth.codeChallengeMethod,
          scope: auth.scope,
          state: auth.state,
          ...(body.auth.prompt ? { prompt: body.auth.prompt } : {}),
        };
        const sessionToken = auth.sessionToken ?? body.sessionToken;
        if (sessionToken) searchParams.sessionToken = sessionToken;
        const endpoint = `${publicUrl}/oauth2/authorize`;
        return {
          redirectSession: {
            id,
            fullUrl: `${endpoint}?${new URLSearchParams(searchParams).toString()}`,
            urlDetails: { endpoint, searchParams },
          },
        };
      }
      if (body.logout) {
        const searchParams: Record<string, string> = {
          ...(body.logout.clientId ? { clientId: body.logout.clientId } : {}),
          ...(typeof body.callbacks?.postFlowUrl === 'string'
            ? { postLogoutRedirectUri: body.callbacks.postFlowUrl }
            : {}),
        };
        const endpoint = `${publicUrl}/identity/v1/logout`;
        const query = new URLSearchParams(searchParams).toString();
        return {
          redirectSession: {
            id,
            fullUrl: query ? `${endpoint}?${query}` : endpoint,
            urlDetails: { endpoint, searchParams },
          },
        };
      }
      // Other flows (checkouts, booking pages) open the site's own pages, which the web app serves.
      const flow =
        Object.keys(body).find(
          (key) => !['callbacks', 'preferences', 'origin', 'sessionToken'].includes(key),
        ) ?? 'login';
      const endpoint = `${publicUrl}/${flow === 'login' ? 'account/login' : `flows/${flow}`}`;
      return { redirectSession: { id, fullUrl: endpoint, urlDetails: { endpoint, searchParams: {} } } };
    },
  );

  app.get(
    '/identity/v1/members/my',
    {
      config: { access: identityAccess.member },
      schema: {
        summary: 'The calling member',
        tags,
        querystring: z.object({ fieldsets: z.unknown().optional() }),
        response: { 200: memberResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ member: toMember(await members.me(request.ctx)) }),
  );

  app.patch(
    '/identity/v1/members/:id',
    {
      config: { access: identityAccess.ownAccountOrManager },
      schema: {
        summary:
          "Change a member's name, phones or nickname; a new login email is verified before it is used",
        tags,
        params: z.object({ id: z.uuid() }),
        body: updateMemberRequestSchema,
        response: { 200: updateMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.updateMember(request.ctx, request.params.id, request.body.member),
  );

  app.get(
    '/identity/v1/me',
    {
      config: { access: identityAccess.signedIn },
      schema: {
        summary: "The caller's identity (member or staff)",
        tags,
        response: { 200: identityResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ identity: toWireIdentity(await members.me(request.ctx)) }),
  );

  app.patch(
    '/identity/v1/me',
    {
      config: { access: identityAccess.signedIn },
      schema: {
        summary: "Change the caller's profile (custom fields, addresses ...)",
        tags,
        body: updateProfileRequestSchema,
        response: { 200: identityResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      identity: await members.updateMyProfile(request.ctx, request.body.identityProfile),
    }),
  );
};
