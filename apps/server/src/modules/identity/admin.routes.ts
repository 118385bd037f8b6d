import {
  acceptStaffInvitationRequestSchema,
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  createStaffInvitationRequestSchema,
  dashboardLoginRequestSchema,
  identityResponseSchema,
  mySitesResponseSchema,
  identitySettingsResponseSchema,
  listMembersQuerySchema,
  membersResponseSchema,
  oauthClientResponseSchema,
  oauthClientsResponseSchema,
  staffInvitationResponseSchema,
  staffListResponseSchema,
  tokenResponseSchema,
  updateIdentitySettingsRequestSchema,
  updateOauthClientRequestSchema,
  updateStaffRoleRequestSchema,
} from '@atrium/contract/identity';
import { emptyResponseSchema } from '@atrium/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Site } from '@atrium/contract/sites';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { RouteAccess } from '../../platform/http/request-context.ts';
import { identityAccess } from './identity.routes.ts';
import type { MembersService } from './members.service.ts';
import { normaliseEmail } from './member-wire.ts';
import type { OauthClientRow } from './identity.tables.ts';
import type { OauthService } from './oauth.service.ts';
import type { AuthRateLimits } from './rate-limits.ts';
import { identityErrors } from './identity.errors.ts';
import type { StaffService } from './staff.service.ts';

const adminAccess = {
  anyStaff: { identities: ['WIX_USER'] },
  ownerOrAdmin: { identities: ['WIX_USER'], roles: ['OWNER', 'ADMIN'] },
  owner: { identities: ['WIX_USER'], roles: ['OWNER'] },
  readSettings: { identities: ['WIX_USER', 'APP'], scopes: ['identity.settings'] },
} satisfies Record<string, RouteAccess>;

const tags = ['identity admin'];
const idParams = z.object({ id: z.string().max(100) });

function toWireClient(row: OauthClientRow) {
  return { clientId: row.id, name: row.name, redirectUris: row.redirectUris, isDefault: row.isDefault };
}

/** The dashboard side: members of the site, registration settings, staff, API keys and OAuth clients. */
export const adminRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  staff: StaffService;
  oauth: OauthService;
  limits: AuthRateLimits;
  findSite: (siteId: string) => Promise<Site | undefined>;
}> = async (app, { members, staff, oauth, limits, findSite }) => {
  app.get(
    '/identity/v1/members',
    {
      config: { access: identityAccess.manageMembers },
      schema: {
        summary: "The site's members",
        tags,
        querystring: listMembersQuerySchema,
        response: { 200: membersResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.listMembers(request.ctx, request.query),
  );

  app.get(
    '/identity/v1/members/:id',
    {
      config: { access: identityAccess.manageMembers },
      schema: {
        summary: 'One member',
        tags,
        params: idParams,
        response: { 200: identityResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ identity: await members.getMember(request.ctx, request.params.id) }),
  );

  for (const [action, run] of [
    ['approve', members.approveMember],
    ['block', members.blockMember],
    ['unblock', members.unblockMember],
  ] as const) {
    app.post(
      `/identity/v1/members/:id/${action}`,
      {
        config: { access: identityAccess.manageMembers },
        schema: {
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a member`,
          tags,
          params: idParams,
          response: { 200: identityResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ identity: await run(request.ctx, request.params.id) }),
    );
  }

  app.delete(
    '/identity/v1/members/:id',
    {
      config: { access: identityAccess.manageMembers },
      schema: {
        summary: 'Delete a member (ends their sessions)',
        tags,
        params: idParams,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.deleteMember(request.ctx, request.params.id),
  );

  app.get(
    '/identity/v1/settings',
    {
      config: { access: adminAccess.readSettings },
      schema: {
        summary: 'Registration and captcha settings',
        tags,
        response: { 200: identitySettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await members.getSettings(request.ctx) }),
  );

  app.patch(
    '/identity/v1/settings',
    {
      config: { access: adminAccess.ownerOrAdmin },
      schema: {
        summary: 'Change registration and captcha settings',
        tags,
        body: updateIdentitySettingsRequestSchema,
        response: { 200: identitySettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await members.updateSettings(request.ctx, request.body.settings) }),
  );

  app.get(
    '/identity/v1/oauth-clients',
    {
      config: { access: adminAccess.ownerOrAdmin },
      schema: {
        summary: "The site's OAuth clients",
        tags,
        response: { 200: oauthClientsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ clients: (await oauth.listClients(request.ctx)).map(toWireClient) }),
  );

  app.patch(
    '/identity/v1/oauth-clients/:id',
    {
      config: { access: adminAccess.ownerOrAdmin },
      schema: {
        summary: "Set a client's registered redirect URIs",
        tags,
        params: idParams,
        body: updateOauthClientRequestSchema,
        response: { 200: oauthClientResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      client: toWireClient(
        await oauth.updateClient(request.ctx, request.params.id, request.body.redirectUris),
      ),
    }),
  );

  app.get(
    '/identity/v1/me/sites',
    {
      config: { access: { identities: ['WIX_USER'] } },
      schema: {
        summary: 'Sites where the signed-in owner or staff user (by email) has dashboard access',
        tags,
        response: { 200: mySitesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ sites: await staff.mySites(request.ctx) }),
  );

  app.post(
    '/identity/v1/dashboard/login',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'Dashboard sign-in of owners and staff',
        tags,
        security: [],
        body: dashboardLoginRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const site = request.body.siteId ? await findSite(request.body.siteId) : request.hostSite.site;
      // Unknown sites share one count: made-up site ids must not each start a fresh one.
      await limits.guard(request, 'dashboard-login', request.body.email, site?.id ?? 'unknown-site');
      reply.header('cache-control', 'no-store');
      if (!site) {
        // An unknown site answers as a wrong password on a known one does, after the same checks.
        normaliseEmail(request.body.email, 'email');
        throw identityErrors.invalidPassword();
      }
      return staff.dashboardLogin(site, request.body.email, request.body.password);
    },
  );

  app.get(
    '/identity/v1/staff',
    {
      config: { access: adminAccess.anyStaff },
      schema: {
        summary: 'Owners and staff of the site',
        tags,
        response: { 200: staffListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ staff: await staff.listStaff(request.ctx) }),
  );

  app.post(
    '/identity/v1/staff/invitations',
    {
      config: { access: adminAccess.ownerOrAdmin },
      schema: {
        summary: 'Invite a staff user by mail',
        tags,
        body: createStaffInvitationRequestSchema,
        response: { 200: staffInvitationResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ invitation: await staff.invite(request.ctx, request.body) }),
  );

  app.post(
    '/identity/v1/staff/invitations/accept',
    {
      config: { access: { public: true } },
      schema: {
        summary: 'Accept an invitation: sets the password and signs in',
        tags,
        security: [],
        body: acceptStaffInvitationRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await limits.guard(request, 'invitation');
      return staff.acceptInvitation(request.body);
    },
  );

  app.patch(
    '/identity/v1/staff/:id',
    {
      config: { access: adminAccess.ownerOrAdmin },
      schema: {
        summary: "Change a staff user's role",
        tags,
        params: idParams,
        body: updateStaffRoleRequestSchema,
        response: { 200: identityResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      identity: await staff.changeRole(request.ctx, request.params.id, request.body.role),
    }),
  );

  app.delete(
    '/identity/v1/staff/:id',
    {
      config: { access: adminAccess.ownerOrAdmin },
      schema: {
        summary: 'Remove a staff user',
        tags,
        params: idParams,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => staff.removeStaff(request.ctx, request.params.id),
  );

  app.get(
    '/identity/v1/api-keys',
    {
      config: { access: adminAccess.owner },
      schema: {
        summary: "The site's API keys (never the secrets)",
        tags,
        response: { 200: apiKeysResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ apiKeys: await staff.listApiKeys(request.ctx) }),
  );

  app.post(
    '/identity/v1/api-keys',
    {
      config: { access: adminAccess.owner },
      schema: {
        summary: 'Create an API key; the key is in this answer only',
        tags,
        body: createApiKeyRequestSchema,
        response: { 200: createApiKeyResponseSchema, ...errorResponses },
      },
    },
    async (request) => staff.createApiKey(request.ctx, request.body),
  );

  app.delete(
    '/identity/v1/api-keys/:id',
    {
      config: { access: adminAccess.owner },
      schema: {
        summary: 'Revoke an API key',
        tags,
        params: idParams,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => staff.revokeApiKey(request.ctx, request.params.id),
  );
};
