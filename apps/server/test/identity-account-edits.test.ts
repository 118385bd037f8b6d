// Account edits (issue #18, item 13) through the HTTP API on a real database: a member changes their name
// and phone through the members client's `PATCH /members/v1/members/{id}`, a new login email is used only
// once the code mailed to it is verified, and a password change always needs the current password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { bearer, identityKit, type IdentityKit } from './identity-helpers.ts';

let t: TestApp;
let kit: IdentityKit;
let siteId: string;
let visitor: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  kit = identityKit(t);
  const site = await kit.defaultSite();
  siteId = site.site.id;
  visitor = bearer((await kit.visitorToken(site.clientId)).token);
}, 120_000);
afterAll(async () => t?.close(), 60_000);

const patchMember = (id: string, member: Record<string, unknown>, headers: Record<string, string>) =>
  inject(t.app, { method: 'PATCH', url: `/identity/v1/members/${id}`, headers, payload: { member } });

const login = (email: string, password: string) =>
  inject(t.app, {
    method: 'POST',
    url: '/identity/v2/login',
    headers: visitor,
    payload: { loginId: { email }, password },
  });

async function outboxCode(to: string): Promise<string> {
  const response = await inject(t.app, {
    method: 'GET',
    url: `/mail/v1/outbox?to=${encodeURIComponent(to)}&kind=identity.email-verification`,
    headers: owner,
  });
  return kit.codeIn(response.body.messages[0]);
}

describe('PATCH /identity/v1/members/{id}', () => {
  it("changes the member's own name and phone, and the members client reads them back", async () => {
    const member = await kit.memberToken(siteId);
    const changed = await patchMember(
      member.id,
      { contact: { firstName: 'Ada', lastName: 'Byron', phones: ['+44 20 7946 0000'] } },
      bearer(member.token),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.member.contact).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      phones: ['+44 20 7946 0000'],
    });
    expect(changed.body.emailVerification).toBeUndefined();
    // Through the members client's own path too (the prefix table).
    const mine = await inject(t.app, {
      method: 'GET',
      url: '/members/v1/members/my',
      headers: bearer(member.token),
    });
    expect(mine.body.member.contact).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
    const viaClient = await inject(t.app, {
      method: 'PATCH',
      url: `/members/v1/members/${member.id}`,
      headers: bearer(member.token),
      payload: { member: { id: member.id, contact: { lastName: 'Lovelace' } } },
    });
    expect(viaClient.status).toBe(200);
    expect(viaClient.body.member.contact).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('keeps signing in with the old email until the code mailed to the new one is verified', async () => {
    const member = await kit.memberToken(siteId);
    const newEmail = kit.unique('moved');
    const changed = await patchMember(
      member.id,
      { loginEmail: newEmail.toUpperCase() },
      bearer(member.token),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.member.loginEmail).toBe(member.email);
    expect(changed.body.emailVerification).toMatchObject({ email: newEmail });

    expect((await login(member.email, 'member password 1')).body.state).toBe('SUCCESS');
    expect((await login(newEmail, 'member password 1')).body.state).not.toBe('SUCCESS');

    const wrong = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/auth/verify',
      headers: bearer(member.token),
      payload: { code: '000000', stateToken: changed.body.emailVerification.stateToken },
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const verified = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/auth/verify',
      headers: bearer(member.token),
      payload: { code: await outboxCode(newEmail), stateToken: changed.body.emailVerification.stateToken },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.identity).toMatchObject({ email: newEmail, emailVerified: true });

    expect((await login(newEmail, 'member password 1')).body.state).toBe('SUCCESS');
    expect((await login(member.email, 'member password 1')).body.state).not.toBe('SUCCESS');
  });

  it('refuses an address another account has (409), a malformed one and a too long name (400)', async () => {
    const member = await kit.memberToken(siteId);
    const other = await kit.memberToken(siteId);
    const taken = await patchMember(member.id, { loginEmail: other.email }, bearer(member.token));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(other.email);
    const malformed = await patchMember(member.id, { loginEmail: 'not-an-address' }, bearer(member.token));
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('member.loginEmail');
    const long = await patchMember(
      member.id,
      { contact: { firstName: 'x'.repeat(101) } },
      bearer(member.token),
    );
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('member.contact.firstName');
  });

  it('is refused to another member (403), a visitor (403), no credentials (401) and another site (404)', async () => {
    const member = await kit.memberToken(siteId);
    const other = await kit.memberToken(siteId);
    const change = { contact: { firstName: 'Mallory' } };
    expect((await patchMember(member.id, change, bearer(other.token))).status).toBe(403);
    expect(
      (await patchMember(member.id, { loginEmail: kit.unique('evil') }, bearer(other.token))).status,
    ).toBe(403);
    expect((await patchMember(member.id, change, visitor)).status).toBe(403);
    expect(
      (
        await inject(t.app, {
          method: 'PATCH',
          url: `/identity/v1/members/${member.id}`,
          payload: { member: change },
        })
      ).status,
    ).toBe(401);
    const second = await kit.newSite('Another business');
    const secondOwner = await kit.staffToken(second.site.id, 'OWNER');
    expect((await patchMember(member.id, change, bearer(secondOwner.token))).status).toBe(404);
    const secondMember = await kit.memberToken(second.site.id);
    expect((await patchMember(member.id, change, bearer(secondMember.token))).status).toBe(403);
    // Nothing changed.
    const mine = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members/my',
      headers: bearer(member.token),
    });
    expect(mine.body.member.contact.firstName).toBeUndefined();
  });

  it("lets the owner correct a member's name", async () => {
    const member = await kit.memberToken(siteId);
    const changed = await patchMember(
      member.id,
      { contact: { firstName: 'Corrected' } },
      as('WIX_USER:OWNER'),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.member.contact.firstName).toBe('Corrected');
  });
});

describe('POST /identity/v2/change-password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    inject(t.app, { method: 'POST', url: '/identity/v2/change-password', headers: bearer(token), payload });

  it('checks the current password the account page sends, even right after signing in', async () => {
    const member = await kit.memberToken(siteId);
    const signedIn = await login(member.email, 'member password 1');
    expect(signedIn.body.state).toBe('SUCCESS');
    const wrongCurrent = await change(member.token, {
      newPassword: 'brand new password 2',
      currentPassword: 'not my password 9',
    });
    expect(wrongCurrent.status).toBe(403);
    expect((await login(member.email, 'member password 1')).body.state).toBe('SUCCESS');

    const changed = await change(member.token, {
      newPassword: 'brand new password 2',
      currentPassword: 'member password 1',
    });
    expect(changed.status).toBe(200);
    expect((await login(member.email, 'brand new password 2')).body.state).toBe('SUCCESS');
  });
});
