import { randomBytes } from 'node:crypto';
import type { ApiKey, IdentityProfile, StaffRole, StaffSite, TokenResponse } from '@atrium/contract/identity';
import { siteAddressFor } from '../../platform/http/site-address.ts';
import type { Config } from '../../platform/config.ts';
import type { Site } from '@atrium/contract/sites';
import type { SignInGuard } from './sign-in-guard.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/database.ts';
import { forbidden, notFound } from '../../platform/errors/app-error.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import { identityErrors } from './identity.errors.ts';
import { invitationMail } from './identity-mails.ts';
import { mailBrandOf } from '../../platform/mail/mail-template.ts';
import type { IdentityRepository } from './identity.repository.ts';
import type { ApiKeyRow, IdentityRow } from './identity.tables.ts';
import { normaliseEmail, toWireIdentity } from './member-wire.ts';
import { checkPasswordStrength } from './password-policy.ts';
import type { OauthService } from './oauth.service.ts';
import { hashPassword, sha256, verifyPassword } from './secrets.ts';
import { createSingleUseTokens } from './single-use-tokens.ts';

const invitationSeconds = 7 * 86_400;
const rank: Record<StaffRole, number> = { STAFF: 1, ADMIN: 2, OWNER: 3 };

export function toWireApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: `atr_${row.id.slice(0, 8)}`,
    createdDate: row.createdDate.toISOString(),
    ...(row.revokedDate ? { revokedDate: row.revokedDate.toISOString() } : {}),
    ...(row.lastUsedDate ? { lastUsedDate: row.lastUsedDate.toISOString() } : {}),
  };
}

/** Owners and staff (WIX_USER): dashboard sign-in, invitations, roles, and the site's API keys. */
export function createStaffService(deps: {
  database: Database;
  repository: IdentityRepository;
  oauth: OauthService;
  mail: MailService;
  config: Config;
  guard: SignInGuard;
  findSite: (siteId: string) => Promise<Site | undefined>;
}) {
  const { database, repository, oauth, mail, config, guard } = deps;
  const tokens = createSingleUseTokens(repository);
  const siteAddress = siteAddressFor(config);

  async function requireStaff(ctx: RequestContext, id: string): Promise<IdentityRow> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findIdentity(ctx.site.id, id) : undefined;
    if (!row || row.identityType !== 'WIX_USER' || row.status === 'DELETED') throw notFound('Staff user', id);
    return row;
  }

  /** Nobody hands out or changes a role above their own; only an owner touches owners. */
  function checkCanGrant(ctx: RequestContext, role: StaffRole) {
    const own = ctx.caller.identityType === 'WIX_USER' ? ctx.caller.role : undefined;
    if (!own || rank[role] > rank[own]) throw forbidden(`Only an owner can grant the ${role} role`);
  }

  async function invite(ctx: RequestContext, input: { email: string; role: StaffRole }) {
    checkCanGrant(ctx, input.role);
    const email = normaliseEmail(input.email, 'email');
    const existing = await repository.findIdentityByEmail(ctx.site.id, 'WIX_USER', email);
    if (existing && existing.status !== 'DELETED') throw identityErrors.emailAlreadyExists(email);
    const expiresDate = new Date(Date.now() + invitationSeconds * 1000);
    const id = crypto.randomUUID();
    const link = await database.transaction(async (tx) => {
      const token = await tokens.issue(
        'INVITATION',
        {
          siteId: ctx.site.id,
          data: { id, email, role: input.role, invitedBy: ctx.caller.identityId ?? null },
          expiresDate,
        },
        tx,
      );
      const link = `${siteAddress(ctx.site)}/dashboard/accept-invitation?token=${encodeURIComponent(token)}`;
      await mail.enqueue(
        {
          siteId: ctx.site.id,
          to: email,
          ...invitationMail(mailBrandOf(ctx.site), { link, token, role: input.role }),
        },
        tx,
      );
      return link;
    });
    return {
      id,
      email,
      role: input.role,
      link,
      expiresDate: expiresDate.toISOString(),
      createdDate: new Date().toISOString(),
    };
  }

  async function insertApiKey(siteId: string, name: string, scopes: string[], createdBy: string | null) {
    const secret = randomBytes(32).toString('base64url');
    const row = await repository.insertApiKey({
      siteId,
      name,
      scopes,
      secretHash: sha256(secret),
      createdBy,
    });
    return { apiKey: toWireApiKey(row), key: `atr_${row.id}_${secret}` };
  }

  const service = {
    /** The sites where the caller (by email) is an active owner or staff user, this one first. */
    async mySites(ctx: RequestContext): Promise<StaffSite[]> {
      const me = ctx.caller.identityId
        ? await repository.findIdentity(ctx.site.id, ctx.caller.identityId)
        : undefined;
      if (!me || me.identityType !== 'WIX_USER') throw notFound('Staff user', ctx.caller.identityId);
      const siteIds = [...new Set([ctx.site.id, ...(await repository.findStaffSiteIds(me.email))])];
      const found = await Promise.all(siteIds.map((id) => deps.findSite(id)));
      return found
        .filter((site): site is Site => site !== undefined && site.status === 'ACTIVE')
        .map((site) => ({
          id: site.id,
          name: site.name,
          address: siteAddress(site),
          current: site.id === ctx.site.id,
        }));
    },

    /** Dashboard sign-in: WIX_USER tokens straight away (no PKCE round trip for the first-party dashboard). */
    async dashboardLogin(site: Site, email: string, password: string): Promise<TokenResponse> {
      const siteId = site.id;
      const address = normaliseEmail(email, 'email');
      const account = { siteId, identityType: 'WIX_USER' as const, email: address };
      await guard.assertNotLocked(account);
      const found = await repository.findIdentityByEmail(siteId, 'WIX_USER', address);
      const valid = await verifyPassword(found?.passwordHash, password);
      // One answer for unknown address and wrong password: the dashboard is worth guarding against enumeration.
      if (!found || !valid || found.status !== 'ACTIVE') {
        await guard.recordFailure(mailBrandOf(site), account, Boolean(found));
        throw identityErrors.invalidPassword();
      }
      await guard.recordSuccess(account);
      await repository.updateIdentity(siteId, found.id, { lastLoginDate: new Date() });
      const { sessionId: _sessionId, ...tokens } = await oauth.issueTokens({
        siteId,
        subjectType: 'WIX_USER',
        subjectId: found.id,
        role: found.role ?? 'STAFF',
      });
      return tokens;
    },

    /** First owner of a site (CLI, seed); returns the existing one when the address is taken. */
    ensureOwner: (siteId: string, email: string, password: string, profile: IdentityProfile = {}) =>
      service.ensureStaffUser(siteId, email, password, 'OWNER', profile),

    async ensureStaffUser(
      siteId: string,
      email: string,
      password: string,
      role: StaffRole,
      profile: IdentityProfile = {},
    ) {
      const address = normaliseEmail(email, 'email');
      const existing = await repository.findIdentityByEmail(siteId, 'WIX_USER', address);
      if (existing) return { identity: toWireIdentity(existing), created: false };
      const row = await repository.insertIdentity({
        siteId,
        identityType: 'WIX_USER',
        email: address,
        status: 'ACTIVE',
        emailVerified: true,
        role,
        passwordHash: await hashPassword(password),
        profile,
      });
      return { identity: toWireIdentity(row), created: true };
    },

    async listStaff(ctx: RequestContext) {
      const { rows } = await repository.listIdentities(ctx.site.id, 'WIX_USER', { limit: 1000, offset: 0 });
      return rows.map(toWireIdentity);
    },

    /** Where mail about the site as a whole goes (a webhook disabled after days of failures). */
    async ownerEmails(siteId: string): Promise<string[]> {
      const { rows } = await repository.listIdentities(siteId, 'WIX_USER', {
        status: 'ACTIVE',
        limit: 1000,
        offset: 0,
      });
      return rows.flatMap((row) => (row.role === 'OWNER' && row.email ? [row.email] : []));
    },

    async invite(ctx: RequestContext, input: { email: string; role: StaffRole }) {
      const { link: _link, ...invitation } = await invite(ctx, input);
      return invitation;
    },

    /** For the operator's CLI: the invitation with its link, which the API never answers. */
    inviteWithLink: (ctx: RequestContext, input: { email: string; role: StaffRole }) => invite(ctx, input),

    /** Public: the invitation token names the site. Answers WIX_USER tokens for the new account. */
    async acceptInvitation(input: {
      token: string;
      password: string;
      profile?: IdentityProfile;
    }): Promise<TokenResponse> {
      checkPasswordStrength(input.password, 'password');
      // The invitation token names the site.
      const token = await tokens.find('INVITATION', input.token);
      if (!token) throw identityErrors.invitationInvalid();
      const invitation = token.row;
      const email = String(invitation.data.email);
      const role = invitation.data.role as StaffRole;
      const passwordHash = await hashPassword(input.password);
      if (!(await token.use())) throw identityErrors.invitationInvalid();
      const existing = await repository.findIdentityByEmail(invitation.siteId, 'WIX_USER', email);
      if (existing && existing.status !== 'DELETED') throw identityErrors.emailAlreadyExists(email);
      const fields = {
        status: 'ACTIVE' as const,
        pendingReason: null,
        emailVerified: true,
        role,
        passwordHash,
        profile: input.profile ?? {},
      };
      const identity = existing
        ? (await repository.updateIdentity(invitation.siteId, existing.id, fields))!
        : await repository.insertIdentity({
            siteId: invitation.siteId,
            identityType: 'WIX_USER',
            email,
            ...fields,
          });
      const { sessionId: _sessionId, ...issued } = await oauth.issueTokens({
        siteId: invitation.siteId,
        subjectType: 'WIX_USER',
        subjectId: identity.id,
        role,
      });
      return issued;
    },

    async changeRole(ctx: RequestContext, id: string, role: StaffRole) {
      const target = await requireStaff(ctx, id);
      checkCanGrant(ctx, role);
      checkCanGrant(ctx, target.role ?? 'STAFF');
      if (
        target.role === 'OWNER' &&
        role !== 'OWNER' &&
        (await repository.countActiveOwners(ctx.site.id)) <= 1
      ) {
        throw identityErrors.lastOwner();
      }
      const updated = await repository.updateIdentity(ctx.site.id, id, { role });
      // Tokens carry the role: end the old sign-ins so the new role applies at once.
      await repository.revokeSubjectSessions(ctx.site.id, id, 'role changed');
      return toWireIdentity(updated!);
    },

    async removeStaff(ctx: RequestContext, id: string) {
      const target = await requireStaff(ctx, id);
      checkCanGrant(ctx, target.role ?? 'STAFF');
      if (target.role === 'OWNER' && (await repository.countActiveOwners(ctx.site.id)) <= 1)
        throw identityErrors.lastOwner();
      await repository.updateIdentity(ctx.site.id, id, { status: 'DELETED' });
      await repository.revokeSubjectSessions(ctx.site.id, id, 'removed');
      return {};
    },

    async createApiKey(ctx: RequestContext, input: { name: string; scopes: string[] }) {
      const creator =
        ctx.caller.identityId && /^[0-9a-f-]{36}$/i.test(ctx.caller.identityId)
          ? ctx.caller.identityId
          : null;
      return insertApiKey(ctx.site.id, input.name, input.scopes, creator);
    },

    /** `atrium create-api-key`: an owner-level key made by the operator, not by a signed-in owner. */
    createOwnerApiKey: (siteId: string, name = 'CLI key', scopes: string[] = ['*']) =>
      insertApiKey(siteId, name, scopes, null),

    async listApiKeys(ctx: RequestContext) {
      return (await repository.listApiKeys(ctx.site.id)).map(toWireApiKey);
    },

    async revokeApiKey(ctx: RequestContext, id: string) {
      const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.revokeApiKey(ctx.site.id, id) : undefined;
      if (!row) throw notFound('API key', id);
      oauth.forgetApiKey(id);
      await repository.revokeSubjectSessions(ctx.site.id, id, 'api key revoked');
      return {};
    },
  };
  return service;
}

export type StaffService = ReturnType<typeof createStaffService>;
