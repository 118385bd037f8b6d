import { createHash } from 'node:crypto';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { secretSealerFor } from '../src/platform/secrets/sealing.ts';
import { createTokenSigner } from '../src/modules/identity/token-signer.ts';
import { createIdentityRepository } from '../src/modules/identity/identity.repository.ts';
import { as, createTestApp, inject, type TestApp } from './test-app.ts';
import { bearer, identityKit, type IdentityKit } from './identity-helpers.ts';

// A deployment as `npm start` makes it: no development credentials header. Mail is read the way its
// recipient would, from the stored message, not through the (masked) outbox API.
let t: TestApp;
let kit: IdentityKit;
let siteId: string;
let owner: { token: string; email: string };
let visitor: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      ALLOW_DEV_CALLER_HEADER: 'false',
      AUTH_MIN_RESPONSE_MS: '150',
      AUTH_LOCKOUT_FAILURES: '10',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_LOGIN_ID: '100000',
    },
  });
  kit = identityKit(t);
  const site = await kit.defaultSite();
  siteId = site.site.id;
  owner = await kit.staffToken(siteId, 'OWNER');
  visitor = bearer((await kit.visitorToken(site.clientId)).token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = visitor) =>
  inject(t.app, { method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const codeOf = (response: { body: { details?: { applicationError?: { code?: string } } } }) =>
  response.body.details?.applicationError?.code;

/** What the recipient's inbox holds: the stored mail, secrets included. */
async function inbox(to: string) {
  return t.app.database.query<{ text_body: string; subject: string; kind: string; id: string }>(
    'SELECT id, text_body, subject, kind FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_date DESC, id DESC',
    [to],
  );
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('defaults', () => {
  it('refuses the development caller header unless a test setting turns it on', async () => {
    const response = await inject(t.app, {
      method: 'GET',
      url: '/sites/v1/site',
      headers: as('WIX_USER:OWNER'),
    });
    expect(response.status).toBe(401);
    const keys = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/api-keys',
      headers: as('WIX_USER:OWNER'),
      payload: { name: 'stolen', scopes: ['*'] },
    });
    expect(keys.status).toBe(401);
  });

  it('listens on loopback in development, and production refuses demo data and test settings', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({}).ALLOW_DEV_CALLER_HEADER).toBe(false);
    expect(loadConfig({}).SEED_ON_FIRST_START).toBe(true);
    const secrets = { SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };
    const production = loadConfig({ NODE_ENV: 'production', ...secrets });
    expect(production.HOST).toBe('0.0.0.0');
    expect(production.SEED_ON_FIRST_START).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_ON_FIRST_START: 'true', ...secrets })).toThrow(
      /SEED_ON_FIRST_START: must not be true in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_DEV_CALLER_HEADER: 'true', ...secrets })).toThrow(
      /ALLOW_DEV_CALLER_HEADER: must not be true in production/,
    );
  });
});

describe('passwordless login', () => {
  it('returns no identity before the code is proven, and answers known and unknown addresses alike', async () => {
    const member = { email: kit.unique('private') };
    await kit.identity.members.seedMember(siteId, member.email, 'member password 1', {
      firstName: 'Private',
      phones: ['+1 555 0100'],
    });
    const unknown = kit.unique('nobody');
    const startedKnown = Date.now();
    const known = await post('/identity/v2/login', { loginId: { email: member.email } });
    const knownMs = Date.now() - startedKnown;
    const startedUnknown = Date.now();
    const stranger = await post('/identity/v2/login', { loginId: { email: unknown } });
    const unknownMs = Date.now() - startedUnknown;

    for (const answer of [known, stranger]) {
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['state', 'stateToken']);
      expect(answer.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      expect(answer.body.stateToken).toMatch(/^st_/);
    }
    expect(JSON.stringify(known.body)).not.toMatch(/Private|555 0100|private-/);
    expect(knownMs).toBeGreaterThanOrEqual(140);
    expect(unknownMs).toBeGreaterThanOrEqual(140);
    expect(await inbox(unknown)).toHaveLength(0);

    // A wrong code answers the same for both; the unknown address has no right code at all.
    const wrongKnown = await post('/identity/v1/auth/verify', {
      stateToken: known.body.stateToken,
      code: '000000',
    });
    const wrongUnknown = await post('/identity/v1/auth/verify', {
      stateToken: stranger.body.stateToken,
      code: '000000',
    });
    expect([wrongKnown.status, codeOf(wrongKnown)]).toEqual([wrongUnknown.status, codeOf(wrongUnknown)]);
    expect(wrongKnown.body.details.applicationError.data).toEqual(
      wrongUnknown.body.details.applicationError.data,
    );

    const [mail] = await inbox(member.email);
    const verified = await post('/identity/v1/auth/verify', {
      stateToken: known.body.stateToken,
      code: codeIn(mail!.text_body),
    });
    expect(verified.body.state).toBe('SUCCESS');
    expect(verified.body.identity.email).toBe(member.email);
  });
});

describe('guessing the mailed code', () => {
  it('keeps counting wrong codes across resends and state tokens, then locks the account and mails its owner', async () => {
    const member = await kit.memberToken(siteId);
    const first = await post('/identity/v2/login', { loginId: { email: member.email } });
    const stateToken = first.body.stateToken as string;
    for (let i = 0; i < 4; i++) {
      expect(codeOf(await post('/identity/v1/auth/verify', { stateToken, code: '000001' }))).toBe('-19987');
    }
    // A resend brings a new code but not new tries.
    expect((await post('/identity/v1/auth/resend', { stateToken })).status).toBe(200);
    const afterResend = await post('/identity/v1/auth/verify', { stateToken, code: '000001' });
    expect(afterResend.body.details.applicationError.data).toEqual({ attemptsLeft: 0 });
    expect(codeOf(await post('/identity/v1/auth/verify', { stateToken, code: '000001' }))).toBe('-19988');

    // New state tokens continue the same count: 5 failures so far, the 10th locks the account.
    const second = await post('/identity/v2/login', { loginId: { email: member.email } });
    for (let i = 0; i < 5; i++) {
      await post('/identity/v1/auth/verify', { stateToken: second.body.stateToken, code: '000001' });
    }
    const third = await post('/identity/v2/login', { loginId: { email: member.email } });
    const [latest] = await inbox(member.email);
    const rightCode = codeIn(latest!.text_body);
    const locked = await post('/identity/v1/auth/verify', {
      stateToken: third.body.stateToken,
      code: rightCode,
    });
    expect(locked.status).toBe(429);
    expect(codeOf(locked)).toBe('ACCOUNT_LOCKED');
    expect(locked.headers['retry-after']).toBeDefined();
    // Even the right password is refused while the lock lasts.
    const password = await post('/identity/v2/login', {
      loginId: { email: member.email },
      password: 'member password 1',
    });
    expect(codeOf(password)).toBe('ACCOUNT_LOCKED');
    const mails = await inbox(member.email);
    expect(mails.filter((mail) => mail.kind === 'identity.account-locked')).toHaveLength(1);
  });

  it('caps resends of one state token', async () => {
    const member = await kit.memberToken(siteId);
    const started = await post('/identity/v2/login', { loginId: { email: member.email } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await post('/identity/v1/auth/resend', { stateToken: started.body.stateToken })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(
      (await inbox(member.email)).filter((mail) => mail.kind === 'identity.email-verification'),
    ).toHaveLength(4);
  });

  it('locks an account after repeated wrong passwords, for members and for the dashboard', async () => {
    const member = await kit.memberToken(siteId);
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/identity/v2/login', {
        loginId: { email: member.email },
        password: `wrong ${i}`,
      });
      expect(codeOf(wrong)).toBe('-19976');
    }
    const right = await post('/identity/v2/login', {
      loginId: { email: member.email },
      password: 'member password 1',
    });
    expect(right.status).toBe(429);

    const staff = await kit.staffToken(siteId, 'STAFF');
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/identity/v1/dashboard/login', { email: staff.email, password: `wrong ${i}` })).status,
      ).toBe(403);
    }
    const staffRight = await post('/identity/v1/dashboard/login', {
      email: staff.email,
      password: 'correct horse battery',
    });
    expect(staffRight.status).toBe(429);
    expect(codeOf(staffRight)).toBe('ACCOUNT_LOCKED');
  });
});

describe('the outbox', () => {
  it('is the owner’s alone, and masks invitation, recovery and verification secrets', async () => {
    const admin = await kit.staffToken(siteId, 'ADMIN');
    const invitee = kit.unique('invitee');
    expect(
      (await post('/identity/v1/staff/invitations', { email: invitee, role: 'ADMIN' }, bearer(admin.token)))
        .status,
    ).toBe(200);
    const asAdmin = await inject(t.app, {
      method: 'GET',
      url: '/mail/v1/outbox',
      headers: bearer(admin.token),
    });
    expect(asAdmin.status).toBe(403);

    const member = await kit.memberToken(siteId);
    await post('/identity/v1/send-email', { email: member.email });
    await post('/identity/v2/login', { loginId: { email: member.email } });
    const key = await kit.apiKey(siteId, ['mail.read']);
    for (const headers of [bearer(owner.token), { authorization: key.key }]) {
      const listed = await inject(t.app, { method: 'GET', url: '/mail/v1/outbox?limit=100', headers });
      expect(listed.status).toBe(200);
      const messages = listed.body.messages as Array<{
        to: string;
        kind: string;
        subject: string;
        text: string;
        html?: string;
      }>;
      const invitation = messages.find((mail) => mail.to === invitee)!;
      const recovery = messages.find(
        (mail) => mail.to === member.email && mail.kind === 'identity.password-recovery',
      )!;
      const code = messages.find(
        (mail) => mail.to === member.email && mail.kind === 'identity.email-verification',
      )!;
      const stored = await inbox(invitee);
      const token = /Invitation token: (\S+)/.exec(stored[0]!.text_body)![1]!;
      expect(JSON.stringify(invitation)).not.toContain(token);
      expect(invitation.text).toContain('[hidden]');
      expect(recovery.text).not.toMatch(/rec_[A-Za-z0-9_-]{10,}/);
      const storedCode = (await inbox(member.email)).find(
        (row) => row.kind === 'identity.email-verification',
      )!;
      const sentCode = /\b(\d{6})\b/.exec(storedCode.subject)![1]!;
      expect(`${code.subject}${code.text}${code.html}`).not.toContain(sentCode);
      expect(code.subject).toContain('[hidden]');
    }
  });
});

describe('API key scopes', () => {
  it('binds a key to the routes that name one of its scopes; a route naming none is closed to keys', async () => {
    const mailReader = { authorization: (await kit.apiKey(siteId, ['mail.read'])).key };
    const createCollection = await post(
      '/data/v2/collections',
      { collection: { id: 'stolen', fields: [] } },
      mailReader,
    );
    expect(createCollection.status).toBe(403);
    expect(
      (await post('/data/v2/items/query', { dataCollectionId: 'Posts', query: {} }, mailReader)).status,
    ).toBe(403);
    expect((await post('/bookings/v2/services/query', { query: {} }, mailReader)).status).toBe(403);
    const reader = { authorization: (await kit.apiKey(siteId, ['bookings.catalog.read'])).key };
    expect((await post('/bookings/v2/services/query', { query: {} }, reader)).status).toBe(200);
    expect((await post('/bookings/v2/services', { service: { name: 'Nope' } }, reader)).status).toBe(403);
  });
});

describe('sessions and tokens', () => {
  const refresh = (refreshToken: string) =>
    post('/oauth2/token', { grantType: 'refresh_token', refreshToken }, {});

  it('ends a member sign-in 90 days after it began, however often it was refreshed', async () => {
    const member = await kit.memberToken(siteId);
    const fresh = await refresh(member.refreshToken);
    expect(fresh.status).toBe(200);
    await t.app.database.query(
      `UPDATE auth_sessions SET created_date = now() - interval '91 days' WHERE subject_id = $1`,
      [member.id],
    );
    const old = await refresh(fresh.body.refresh_token);
    expect(old.status).toBe(400);
    expect(old.body.message).toContain('invalid, expired or revoked');
  });

  it('gives dashboard sign-ins short-lived refresh tokens (12 idle hours, 7 days in all)', async () => {
    const staff = await kit.staffToken(siteId, 'STAFF');
    const refreshed = await refresh(staff.refreshToken);
    expect(refreshed.status).toBe(200);
    const [row] = await t.app.database.query<{ expires_date: Date }>(
      'SELECT expires_date FROM refresh_tokens WHERE token_hash = $1',
      [createHash('sha256').update(refreshed.body.refresh_token).digest('base64url')],
    );
    const hoursLeft = (new Date(row!.expires_date).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);
    await t.app.database.query(
      `UPDATE auth_sessions SET created_date = now() - interval '8 days' WHERE subject_id = $1`,
      [staff.id],
    );
    expect((await refresh(refreshed.body.refresh_token)).status).toBe(400);
  });

  it('refuses a token signed with our key for another audience', async () => {
    const [key] = await t.app.database.query<{ kid: string; private_jwk: JWK }>(
      'SELECT kid, private_jwk FROM signing_keys WHERE retired_date IS NULL ORDER BY created_date DESC LIMIT 1',
    );
    const member = await kit.memberToken(siteId);
    const claims = decodeJwt(member.token);
    const sealed = (key!.private_jwk as { sealed: string }).sealed;
    const privateKey = await importJWK(JSON.parse(secretSealerFor(t.config).open(sealed)) as JWK, 'ES256');
    const withoutAudience = await new SignJWT({ ...claims, aud: undefined })
      .setProtectedHeader({ alg: 'ES256', kid: key!.kid, typ: 'JWT' })
      .sign(privateKey);
    const forOtherUse = await new SignJWT({ ...claims, aud: 'atrium-webhooks' })
      .setProtectedHeader({ alg: 'ES256', kid: key!.kid, typ: 'JWT' })
      .sign(privateKey);
    for (const token of [withoutAudience, forOtherUse]) {
      const me = await inject(t.app, {
        method: 'GET',
        url: '/identity/v1/members/my',
        headers: bearer(token),
      });
      expect(me.status).toBe(401);
    }
    const real = await inject(t.app, {
      method: 'GET',
      url: '/identity/v1/members/my',
      headers: bearer(member.token),
    });
    expect(real.status).toBe(200);
  });
});

describe('secrets at rest', () => {
  it('keeps signing keys and the cursor key sealed in the database, and seals ones stored in clear', async () => {
    const keys = await t.app.database.query<{ kid: string; private_jwk: Record<string, unknown> }>(
      'SELECT kid, private_jwk FROM signing_keys',
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(Object.keys(key.private_jwk)).toEqual(['sealed']);
      expect(JSON.stringify(key.private_jwk)).not.toContain('"d"');
    }
    const [cursor] = await t.app.database.query<{ value: string }>(
      `SELECT value FROM platform_secrets WHERE name = 'cursor'`,
    );
    expect(cursor!.value).toMatch(/^v1\./);

    // A deployment from before sealing: a key in clear is read, and sealed on the way.
    const sealer = secretSealerFor(t.config);
    const clearJwk = JSON.parse(sealer.open(keys[0]!.private_jwk.sealed as string)) as Record<
      string,
      unknown
    >;
    await t.app.database.query('UPDATE signing_keys SET private_jwk = $1 WHERE kid = $2', [
      JSON.stringify(clearJwk),
      keys[0]!.kid,
    ]);
    const signer = createTokenSigner({
      repository: createIdentityRepository(t.app.database.db),
      accessTokenTtlSeconds: 900,
      sealer,
    });
    await signer.ensureKey();
    const [resealed] = await t.app.database.query<{ private_jwk: Record<string, unknown> }>(
      'SELECT private_jwk FROM signing_keys WHERE kid = $1',
      [keys[0]!.kid],
    );
    expect(Object.keys(resealed!.private_jwk)).toEqual(['sealed']);
    const member = await kit.memberToken(siteId);
    expect(await signer.verify(member.token)).toMatchObject({ site: siteId });
  });

  it('refuses a production start without SECRETS_KEY, and a sealed value that was tampered with', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY: required in production/);
    const sealer = secretSealerFor(t.config);
    const sealed = sealer.seal('the cursor key');
    expect(sealer.open(sealed)).toBe('the cursor key');
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => sealer.open(flipped)).toThrow();
  });
});

describe('choosing a password', () => {
  it('refuses the most common passwords, whatever their case, and takes an uncommon one', async () => {
    for (const password of ['password123', 'Iloveyou1', 'QWERTYUIOP']) {
      const refused = await post('/identity/v2/register', {
        loginId: { email: kit.unique('weak') },
        password,
      });
      expect(refused.status, password).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('most common passwords');
    }
    const member = await kit.memberToken(siteId);
    const change = await post(
      '/identity/v2/change-password',
      { newPassword: 'sunshine1', currentPassword: 'member password 1' },
      bearer(member.token),
    );
    expect(change.status).toBe(400);
    const fine = await post('/identity/v2/register', {
      loginId: { email: kit.unique('strong') },
      password: 'lantern orchard 42',
    });
    expect(fine.status).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the current password unless the sign-in is fresh', async () => {
    const member = await kit.memberToken(siteId);
    const session = await t.app.database.query<{ id: string }>(
      'SELECT id FROM auth_sessions WHERE subject_id = $1',
      [member.id],
    );
    // An old sign-in, as a token stolen from a device signed in last week.
    await t.app.database.query(
      `UPDATE auth_sessions SET created_date = now() - interval '7 days' WHERE id = $1`,
      [session[0]!.id],
    );
    const headers = bearer(member.token);
    const bare = await post('/identity/v2/change-password', { newPassword: 'taken over 123' }, headers);
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.body)).toContain('currentPassword');
    const wrong = await post(
      '/identity/v2/change-password',
      { newPassword: 'taken over 123', currentPassword: 'not it at all' },
      headers,
    );
    expect(wrong.status).toBe(403);
    const right = await post(
      '/identity/v2/change-password',
      { newPassword: 'my new password 1', currentPassword: 'member password 1' },
      headers,
    );
    expect(right.status).toBe(200);

    // A sign-in of a moment ago stands in for it: the official client sends only the new password.
    const fresh = await kit.memberToken(siteId);
    expect(
      (await post('/identity/v2/change-password', { newPassword: 'fresh sign in 12' }, bearer(fresh.token)))
        .status,
    ).toBe(200);
  });
});
