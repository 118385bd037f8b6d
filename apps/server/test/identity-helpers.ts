import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@atrium/contract/identity';
import { createIdentityModule } from '../src/modules/identity/index.ts';
import { createSitesModule } from '../src/modules/sites/index.ts';
import { createMailModule } from '../src/platform/mail/index.ts';
import { inject, type TestApp } from './test-app.ts';

/**
 * Named factories over the real modules, on the test app's database: sites, staff users, members and
 * credentials made without going through the endpoints under test.
 */
export function identityKit(t: TestApp) {
  const database = t.app.database;
  const sites = createSitesModule({ database, config: t.config });
  const mail = createMailModule({ database, config: t.config });
  const identity = createIdentityModule({
    database,
    config: t.config,
    mail: mail.service,
    findSite: sites.service.findSite,
  });
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

  const kit = {
    sites,
    identity,
    mail: mail.service,
    unique,

    async defaultSite() {
      const site = await sites.service.getDefaultSite();
      const client = await identity.ensureSiteClient(site.id);
      return { site, clientId: client.id };
    },

    async newSite(name = 'Second site') {
      const site = await sites.service.createSite({
        name,
        timezone: 'UTC',
        currency: 'EUR',
        locale: 'en-US',
      });
      const client = await identity.ensureSiteClient(site.id);
      return { site, clientId: client.id };
    },

    async staffToken(siteId: string, role: StaffRole = 'OWNER') {
      const email = unique(role.toLowerCase());
      const user = await identity.staff.ensureStaffUser(siteId, email, 'correct horse battery', role);
      const tokens = await identity.oauth.issueTokens({
        siteId,
        subjectType: 'WIX_USER',
        subjectId: user.identity.id,
        role,
      });
      return { token: tokens.access_token, refreshToken: tokens.refresh_token, id: user.identity.id, email };
    },

    async memberToken(siteId: string) {
      const email = unique('member');
      const member = await identity.members.seedMember(siteId, email, 'member password 1');
      const tokens = await identity.oauth.issueTokens({
        siteId,
        subjectType: 'MEMBER',
        subjectId: member!.id,
      });
      return { token: tokens.access_token, refreshToken: tokens.refresh_token, id: member!.id, email };
    },

    async visitorToken(clientId: string) {
      const tokens = await identity.oauth.anonymous(clientId);
      return { token: tokens.access_token, refreshToken: tokens.refresh_token };
    },

    async apiKey(siteId: string, scopes: string[] = ['*']) {
      const created = await identity.staff.createOwnerApiKey(siteId, 'test key', scopes);
      return { key: created.key, id: created.apiKey.id };
    },

    /** The newest kept mail to an address, through the outbox API as the site's owner reads it. */
    async lastMail(ownerToken: string, to: string) {
      const response = await inject(t.app, {
        method: 'GET',
        url: `/mail/v1/outbox?to=${encodeURIComponent(to)}`,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      if (response.status !== 200) throw new Error(`outbox answered ${response.status}`);
      return response.body.messages[0] as { subject: string; text: string; kind: string } | undefined;
    },

    codeIn(mail: { text: string } | undefined): string {
      const match = /\b(\d{6})\b/.exec(mail?.text ?? '');
      if (!match) throw new Error(`no code in mail: ${mail?.text}`);
      return match[1]!;
    },
  };
  return kit;
}

export type IdentityKit = ReturnType<typeof identityKit>;

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
