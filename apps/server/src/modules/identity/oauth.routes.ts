import {
  jwksResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  type AuthResponse,
} from '@atrium/contract/identity';
import type { Site } from '@atrium/contract/sites';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { siteRequiredAt } from '../../platform/http/host-site.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { formPageHeaders, renderHostedPage, renderWebMessage, type HostedPageInput } from './hosted-page.ts';
import type { MembersService } from './members.service.ts';
import type { OauthService, ParsedAuthRequest } from './oauth.service.ts';
import type { AuthRateLimits } from './rate-limits.ts';

const authorizeParamNames = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'state',
  'prompt',
] as const;

const formSchema = z.record(z.string(), z.string().max(4096));

function pick(source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of authorizeParamNames) {
    const value = source[name];
    if (typeof value === 'string' && value.length <= 2000) out[name] = value;
  }
  return out;
}

/** At a site's own address, only that site's clients sign in (another site's is an unknown client). */
function parseRequest(oauth: OauthService, params: Record<string, string>, request: FastifyRequest) {
  return oauth.parseAuthRequest(
    {
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      responseType: params.response_type,
      codeChallenge: params.code_challenge,
      codeChallengeMethod: params.code_challenge_method,
      responseMode: params.response_mode,
      scope: params.scope,
      state: params.state,
    },
    siteRequiredAt(request),
  );
}

/** Delivers the result to the client as its response mode asks (spec §9: query, fragment, web_message). */
function deliver(reply: FastifyReply, request: ParsedAuthRequest, result: Record<string, string>) {
  const response = { ...result, state: request.state };
  if (request.responseMode === 'web_message') {
    const page = renderWebMessage(new URL(request.redirectUri).origin, response);
    return reply.status(200).headers(page.headers).send(page.html);
  }
  const encoded = new URLSearchParams(response).toString();
  const target =
    request.responseMode === 'query'
      ? `${request.redirectUri}${request.redirectUri.includes('?') ? '&' : '?'}${encoded}`
      : `${request.redirectUri.split('#')[0]}#${encoded}`;
  return reply.status(302).header('cache-control', 'no-store').header('location', target).send();
}

function page(reply: FastifyReply, status: number, input: HostedPageInput) {
  return reply.status(status).headers(formPageHeaders).send(renderHostedPage(input));
}

export const oauthRoutes: FastifyPluginAsyncZod<{
  oauth: OauthService;
  members: MembersService;
  signerJwks: () => Promise<{ keys: Array<Record<string, unknown>> }>;
  findSite: (siteId: string) => Promise<Site | undefined>;
  limits: AuthRateLimits;
}> = async (app, { oauth, members, signerJwks, findSite, limits }) => {
  // Standard OAuth clients post form-encoded bodies; the hosted page's forms do too.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/oauth2/token',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'Tokens: anonymous, refresh_token, authorization_code (PKCE) and authorized_client grants',
        tags: ['identity'],
        security: [],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.body.grantType === 'anonymous') await limits.guardVisitorToken(request);
      else await limits.guard(request, 'token');
      reply.header('cache-control', 'no-store');
      return oauth.token(request.body, request.headers.authorization);
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'Public keys that verify access tokens',
        tags: ['identity'],
        security: [],
        response: { 200: jwksResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return signerJwks();
    },
  );

  async function contextFor(
    siteId: string,
    requestId: string,
    log: RequestContext['log'],
  ): Promise<RequestContext> {
    const site = await findSite(siteId);
    if (!site) throw new AppError(400, 'INVALID_CLIENT', 'The client belongs to no site');
    return { requestId, site, caller: { identityType: 'ANONYMOUS_VISITOR' }, log, now: systemClock.now };
  }

  app.get(
    '/oauth2/authorize',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'Hosted sign-in page of the PKCE flow; redirects back with code and state',
        tags: ['identity'],
        security: [],
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const params = pick(query);
      let parsed: ParsedAuthRequest;
      try {
        parsed = await parseRequest(oauth, params, request);
      } catch (error) {
        // Never redirect to an unchecked address: problems with the client or redirect URI show here.
        if (!(error instanceof AppError)) throw error;
        return page(reply, error.status, {
          siteName: 'Sign in',
          step: 'message',
          params: {},
          error: error.message,
        });
      }
      const sessionToken = query.sessionToken ?? query.session_token;
      if (typeof sessionToken === 'string' && sessionToken !== '') {
        const identity = await oauth.consumeSessionToken(parsed.client.siteId, sessionToken);
        if (identity) return deliver(reply, parsed, { code: await oauth.createCode(parsed, identity) });
        if (params.prompt === 'none') {
          return deliver(reply, parsed, {
            error: 'login_required',
            error_description: 'The session token is invalid or used',
          });
        }
      } else if (params.prompt === 'none') {
        return deliver(reply, parsed, {
          error: 'login_required',
          error_description: 'No session to sign in with',
        });
      }
      const ctx = await contextFor(parsed.client.siteId, String(request.id), request.log);
      return page(reply, 200, { siteName: ctx.site.name, step: 'login', params });
    },
  );

  app.post(
    '/oauth2/authorize',
    {
      config: { access: { public: true } },
      schema: {
        summary: "The hosted page's form posts (sign in, register, verify the mailed code)",
        tags: ['identity'],
        security: [],
        body: formSchema,
      },
    },
    async (request, reply) => {
      const form = request.body;
      const params = pick(form);
      let parsed: ParsedAuthRequest;
      try {
        parsed = await parseRequest(oauth, params, request);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return page(reply, error.status, {
          siteName: 'Sign in',
          step: 'message',
          params: {},
          error: error.message,
        });
      }
      const ctx = await contextFor(parsed.client.siteId, String(request.id), request.log);
      const base = { siteName: ctx.site.name, params, email: form.email };
      const action = form.action ?? 'login';
      if (action === 'show-register') return page(reply, 200, { ...base, step: 'register' });
      if (action === 'show-login') return page(reply, 200, { ...base, step: 'login' });
      const failedStep = action === 'register' ? 'register' : action === 'login' ? 'login' : 'verify';
      try {
        let result: AuthResponse;
        if (action === 'login') {
          await limits.guard(request, 'login', form.email, ctx.site.id);
          result = await members.login(
            ctx,
            { loginId: { email: form.email ?? '' }, password: form.password ?? '' },
            request.ip,
          );
        } else if (action === 'register') {
          await limits.guard(request, 'register', form.email, ctx.site.id);
          result = await members.register(
            ctx,
            {
              loginId: { email: form.email ?? '' },
              password: form.password ?? '',
              profile: form.firstName ? { firstName: form.firstName.slice(0, 100) } : {},
            },
            request.ip,
          );
        } else if (action === 'verify') {
          await limits.guard(request, 'verify', form.stateToken, ctx.site.id);
          result = await members.verifyCode(ctx, {
            code: form.code ?? '',
            stateToken: form.stateToken ?? '',
          });
        } else if (action === 'resend') {
          await limits.guard(request, 'verify', form.stateToken, ctx.site.id);
          await members.resendCode(ctx, form.stateToken ?? '');
          return page(reply, 200, { ...base, step: 'verify', stateToken: form.stateToken });
        } else {
          return page(reply, 400, { ...base, step: 'login', error: `Unknown action ${action}` });
        }
        if (result.state === 'SUCCESS' && result.sessionToken) {
          const identity = await oauth.consumeSessionToken(ctx.site.id, result.sessionToken);
          if (identity) return deliver(reply, parsed, { code: await oauth.createCode(parsed, identity) });
        }
        if (result.state === 'REQUIRE_EMAIL_VERIFICATION') {
          return page(reply, 200, { ...base, step: 'verify', stateToken: result.stateToken });
        }
        const message =
          result.state === 'REQUIRE_OWNER_APPROVAL'
            ? 'Thanks! The site owner will review your account; you can sign in once it is approved.'
            : 'This account cannot sign in right now. Contact the site owner.';
        return page(reply, 200, { ...base, step: 'message', message });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
        const text = error.options.fieldViolations?.[0]?.field.includes('password')
          ? 'Choose a password of at least 8 characters.'
          : error.message;
        return page(reply, error.status, {
          ...base,
          step: failedStep,
          stateToken: form.stateToken,
          error: text,
        });
      }
    },
  );
};
