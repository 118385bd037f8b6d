import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, type IdentityKit } from './identity-helpers.ts';

let t: TestApp;
let kit: IdentityKit;
let siteId: string;
let owner: string;
let visitor: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      CAPTCHA_PROVIDER: 'test',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_LOGIN_ID: '1000',
      AUTH_MIN_RESPONSE_MS: '150',
    },
  });
  kit = identityKit(t);
  const site = await kit.defaultSite();
  siteId = site.site.id;
  owner = (await kit.staffToken(siteId)).token;
  visitor = bearer((await kit.visitorToken(site.clientId)).token);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: Record<string, unknown>, headers = visitor) =>
  inject(t.app, { method: 'POST', url, headers, payload });
const settings = (changes: Record<string, boolean>) =>
  inject(t.app, {
    method: 'PATCH',
    url: '/identity/v1/settings',
    headers: bearer(owner),
    payload: { settings: changes },
  });
const codeOf = (response: { body: { details?: { applicationError?: { code: string } } } }) =>
  response.body.details?.applicationError?.code;

describe('registration failures', () => {
  it('-19995 when the email exists', async () => {
    const email = kit.unique('dup');
    expect(
      (await post('/identity/v2/register', { loginId: { email }, password: 'password 123' })).body.state,
    ).toBe('SUCCESS');
    const again = await post('/identity/v2/register', {
      loginId: { email: email.toUpperCase() },
      password: 'password 123',
    });
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('-19995');
  });

  it('an EMAIL field violation for a malformed address', async () => {
    const response = await post('/identity/v2/register', {
      loginId: { email: 'not-an-email' },
      password: 'password 123',
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'loginId.email',
      data: { type: 'EMAIL' },
    });
  });

  it('a field violation for a short password', async () => {
    const response = await post('/identity/v2/register', {
      loginId: { email: kit.unique('short') },
      password: 'short',
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations[0].field).toBe('password');
  });

  it('-19971 without and -19970 with a bad captcha when the site requires one', async () => {
    await settings({ captchaOnRegister: true, captchaOnLogin: true });
    try {
      const missing = await post('/identity/v2/register', {
        loginId: { email: kit.unique('cap') },
        password: 'password 123',
      });
      expect(codeOf(missing)).toBe('-19971');
      const invalid = await post('/identity/v2/register', {
        loginId: { email: kit.unique('cap') },
        password: 'password 123',
        captchaTokens: [{ Recaptcha: 'fail' }],
      });
      expect(codeOf(invalid)).toBe('-19970');
      const passed = await post('/identity/v2/register', {
        loginId: { email: kit.unique('cap') },
        password: 'password 123',
        captchaTokens: [{ InvisibleRecaptcha: 'pass-1' }],
      });
      expect(passed.body.state).toBe('SUCCESS');
      expect(
        codeOf(await post('/identity/v2/login', { loginId: { email: 'x@example.com' }, password: 'p' })),
      ).toBe('-19971');
      expect(
        codeOf(
          await post('/identity/v2/login', {
            loginId: { email: 'x@example.com' },
            password: 'p',
            captchaTokens: [{ Recaptcha: 'no' }],
          }),
        ),
      ).toBe('-19970');
    } finally {
      await settings({ captchaOnRegister: false, captchaOnLogin: false });
    }
  });
});

describe('login failures and states', () => {
  it('-19976 for a wrong password and -19999 for an unknown address', async () => {
    const member = await kit.memberToken(siteId);
    const wrong = await post('/identity/v2/login', {
      loginId: { email: member.email },
      password: 'wrong password',
    });
    expect(wrong.status).toBe(403);
    expect(codeOf(wrong)).toBe('-19976');
    const unknown = await post('/identity/v2/login', {
      loginId: { email: kit.unique('nobody') },
      password: 'whatever',
    });
    expect(unknown.status).toBe(404);
    expect(codeOf(unknown)).toBe('-19999');
  });

  it('-19973 for an account without a password (made by sign-on)', async () => {
    const email = kit.unique('signon');
    const signOn = await post(
      '/identity/v2/sign-on',
      { loginId: { email }, verifyEmail: true },
      bearer(owner),
    );
    expect(signOn.status).toBe(200);
    expect(signOn.body.sessionToken).toMatch(/^sess_/);
    const login = await post('/identity/v2/login', { loginId: { email }, password: 'anything 123' });
    expect(codeOf(login)).toBe('-19973');
  });

  it('REQUIRE_OWNER_APPROVAL until the owner approves, STATUS_CHECK when blocked', async () => {
    await settings({ requireOwnerApproval: true });
    const email = kit.unique('approval');
    try {
      const registered = await post('/identity/v2/register', {
        loginId: { email },
        password: 'password 123',
      });
      expect(registered.body.state).toBe('REQUIRE_OWNER_APPROVAL');
      expect(
        (await post('/identity/v2/login', { loginId: { email }, password: 'password 123' })).body.state,
      ).toBe('REQUIRE_OWNER_APPROVAL');
      const id = registered.body.identity.id;
      expect((await post(`/identity/v1/members/${id}/approve`, {}, bearer(owner))).body.identity.status).toBe(
        'ACTIVE',
      );
      expect(
        (await post('/identity/v2/login', { loginId: { email }, password: 'password 123' })).body.state,
      ).toBe('SUCCESS');
      await post(`/identity/v1/members/${id}/block`, {}, bearer(owner));
      const blocked = await post('/identity/v2/login', { loginId: { email }, password: 'password 123' });
      expect(blocked.body.state).toBe('STATUS_CHECK');
      expect(blocked.body.sessionToken).toBeUndefined();
    } finally {
      await settings({ requireOwnerApproval: false });
    }
  });

  it('passwordless login mails a code (EMAIL factor) and verifies through /v2/EMAIL/verify', async () => {
    const member = await kit.memberToken(siteId);
    const started = await post('/identity/v2/login', { loginId: { email: member.email } });
    expect(started.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const code = kit.codeIn(await kit.lastMail(owner, member.email));
    const totp = await post('/identity/v2/TOTP/verify', {
      stateToken: started.body.stateToken,
      totpData: { code },
    });
    expect(codeOf(totp)).toBe('UNSUPPORTED_FACTOR');
    const verified = await post('/identity/v2/EMAIL/verify', {
      stateToken: started.body.stateToken,
      emailData: { code },
    });
    expect(verified.body.state).toBe('SUCCESS');
    expect(
      codeOf(
        await post('/identity/v2/EMAIL/verify', { stateToken: started.body.stateToken, emailData: { code } }),
      ),
    ).toBe('-19988');
  });

  it('resends a new code and locks a state token after five wrong codes', async () => {
    const member = await kit.memberToken(siteId);
    const started = await post('/identity/v2/login', { loginId: { email: member.email } });
    expect((await post('/identity/v1/auth/resend', { stateToken: started.body.stateToken })).body).toEqual(
      {},
    );
    const code = kit.codeIn(await kit.lastMail(owner, member.email));
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      expect(
        codeOf(
          await post('/identity/v1/auth/verify', { stateToken: started.body.stateToken, code: wrongCode }),
        ),
      ).toBe('-19987');
    expect(
      codeOf(await post('/identity/v1/auth/verify', { stateToken: started.body.stateToken, code })),
    ).toBe('-19988');
  });
});

describe('recovery', () => {
  it('answers {} alike for known and unknown addresses and mails only the known one', async () => {
    const member = await kit.memberToken(siteId);
    const unknown = kit.unique('ghost');
    const startedUnknown = Date.now();
    const a = await post('/identity/v1/send-email', { email: unknown });
    const unknownMs = Date.now() - startedUnknown;
    const b = await post('/identity/v1/send-email', { email: member.email });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(unknownMs).toBeGreaterThanOrEqual(140);
    expect(await kit.lastMail(owner, unknown)).toBeUndefined();
    const mail = await kit.lastMail(owner, member.email);
    expect(mail?.kind).toBe('identity.password-recovery');
    const recoveryToken = /Recovery token: (\S+)/.exec(mail!.text)![1]!;

    const recovered = await post('/identity/v1/recover', { recoveryToken, password: 'recovered password' });
    expect(recovered.body.state).toBe('SUCCESS');
    expect(
      (await post('/identity/v2/login', { loginId: { email: member.email }, password: 'recovered password' }))
        .body.state,
    ).toBe('SUCCESS');
    // Recovery ended the member's earlier sessions.
    expect(
      (await inject(t.app, { method: 'GET', url: '/identity/v1/members/my', headers: bearer(member.token) }))
        .status,
    ).toBe(401);
    expect(codeOf(await post('/identity/v1/recover', { recoveryToken, password: 'another password' }))).toBe(
      '-19989',
    );
  });
});

describe('owners and staff', () => {
  it('signs owners in on the dashboard and invites staff with a role', async () => {
    const email = kit.unique('boss');
    await kit.identity.staff.ensureOwner(siteId, email, 'owner password 1');
    const bad = await post('/identity/v1/dashboard/login', { email, password: 'wrong' }, {});
    expect(codeOf(bad)).toBe('-19976');
    const signedIn = await post('/identity/v1/dashboard/login', { email, password: 'owner password 1' }, {});
    expect(signedIn.status).toBe(200);
    const ownerAuth = bearer(signedIn.body.access_token);

    const invitedEmail = kit.unique('staff');
    const invitation = await post(
      '/identity/v1/staff/invitations',
      { email: invitedEmail, role: 'STAFF' },
      ownerAuth,
    );
    expect(invitation.body.invitation.role).toBe('STAFF');
    const mail = await kit.lastMail(signedIn.body.access_token, invitedEmail);
    const token = /Invitation token: (\S+)/.exec(mail!.text)![1]!;
    const accepted = await post(
      '/identity/v1/staff/invitations/accept',
      { token, password: 'staff password 1' },
      {},
    );
    expect(accepted.status).toBe(200);
    const staffAuth = bearer(accepted.body.access_token);
    expect(
      (await inject(t.app, { method: 'GET', url: '/identity/v1/staff', headers: staffAuth })).status,
    ).toBe(200);
    expect(
      (await post('/identity/v1/staff/invitations', { email: kit.unique('x'), role: 'STAFF' }, staffAuth))
        .status,
    ).toBe(403);
    expect(
      codeOf(
        await post('/identity/v1/staff/invitations/accept', { token, password: 'staff password 1' }, {}),
      ),
    ).toBe('INVITATION_INVALID');

    const me = await inject(t.app, { method: 'GET', url: '/identity/v1/me', headers: staffAuth });
    const promoted = await inject(t.app, {
      method: 'PATCH',
      url: `/identity/v1/staff/${me.body.identity.id}`,
      headers: ownerAuth,
      payload: { role: 'ADMIN' },
    });
    expect(promoted.body.identity.role).toBe('ADMIN');
    // The role is part of the sign-in: old tokens end, a new sign-in carries ADMIN.
    expect(
      (await inject(t.app, { method: 'GET', url: '/identity/v1/staff', headers: staffAuth })).status,
    ).toBe(401);
  });

  it('keeps the last owner', async () => {
    const other = await kit.newSite('Solo site');
    const solo = await kit.staffToken(other.site.id, 'OWNER');
    const removed = await inject(t.app, {
      method: 'DELETE',
      url: `/identity/v1/staff/${solo.id}`,
      headers: bearer(solo.token),
    });
    expect(removed.status).toBe(409);
    expect(codeOf(removed)).toBe('LAST_OWNER');
  });
});
