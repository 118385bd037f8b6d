import type {
  AuthResponse,
  Identity,
  IdentityProfile,
  LoginRequest,
  Member,
  RegisterRequest,
  UpdateMemberRequest,
} from '@atrium/contract/identity';
import type { EventBus } from '../../platform/bus/types.ts';
import {
  identityEvents,
  type MemberEmailVerifiedEvent,
  type MemberSignedInEvent,
} from './identity-events.ts';
import { siteAddressFor } from '../../platform/http/site-address.ts';
import type { Config } from '../../platform/config.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { forbidden, invalidField, notFound } from '../../platform/errors/app-error.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import { firstCaptchaToken, type CaptchaVerifier } from './captcha.ts';
import { identityErrors, type CaptchaTokens } from './identity.errors.ts';
import { recoveryMail, verificationMail } from './identity-mails.ts';
import { mailBrandOf } from '../../platform/mail/mail-template.ts';
import type { IdentityRepository } from './identity.repository.ts';
import { createSingleUseTokens } from './single-use-tokens.ts';
import type { IdentityRow, IdentitySettingsRow } from './identity.tables.ts';
import type { OauthService } from './oauth.service.ts';
import { constantTimeEqual, hashPassword, newCode, newToken, sha256, verifyPassword } from './secrets.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { normaliseEmail, toMember, toWireIdentity } from './member-wire.ts';

export const verification = {
  codeSeconds: 15 * 60,
  maxAttempts: 5,
  /** New codes one state token may ask for; the account has its own hourly cap (sign-in-guard.ts). */
  maxResends: 3,
  recoverySeconds: 60 * 60,
  /** How recent a sign-in must be to change the password without sending the current one. */
  freshSessionSeconds: 10 * 60,
};
/** CHANGE_EMAIL: the code went to a new address, which replaces the login email once it is verified. */
type Purpose = 'REGISTER' | 'LOGIN' | 'VERIFY' | 'CHANGE_EMAIL';

export const defaultSettings = {
  requireEmailVerification: false,
  requireOwnerApproval: false,
  captchaOnRegister: false,
  captchaOnLogin: false,
  revision: 0,
};

/**
 * Members of a site: registration, login, email verification, recovery, sign-on, the owner's approval, and
 * the registration settings. Results follow the spec's states (SUCCESS, REQUIRE_EMAIL_VERIFICATION,
 * REQUIRE_OWNER_APPROVAL, STATUS_CHECK); SUCCESS carries a one-time session token for member tokens.
 */
export function createMembersService(deps: {
  database: Database;
  repository: IdentityRepository;
  oauth: OauthService;
  mail: MailService;
  captcha: CaptchaVerifier;
  config: Config;
  guard: SignInGuard;
  events?: Pick<EventBus, 'emit'>;
}) {
  const { database, repository, oauth, mail, captcha, config, guard } = deps;
  const tokens = createSingleUseTokens(repository);
  const memberAccount = (siteId: string, email: string) => ({
    siteId,
    identityType: 'MEMBER' as const,
    email,
  });

  /** Answers no sooner than AUTH_MIN_RESPONSE_MS, so known and unknown addresses take as long. */
  async function withMinimumDuration<T>(work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await work();
    } finally {
      const wait = config.AUTH_MIN_RESPONSE_MS - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  const siteAddress = siteAddressFor(config);

  async function settingsOf(siteId: string, x: Executor = database.db): Promise<typeof defaultSettings> {
    return (await repository.findSettings(siteId, x)) ?? defaultSettings;
  }

  async function checkCaptcha(required: boolean, tokens: CaptchaTokens | undefined, remoteIp?: string) {
    if (!required) return;
    const token = firstCaptchaToken(tokens);
    if (!token) throw identityErrors.missingCaptchaToken();
    if (!(await captcha.verify(token, remoteIp))) throw identityErrors.invalidCaptchaToken();
  }

  /** Mails a fresh code and returns the state token that continues the flow. */
  async function startEmailVerification(
    ctx: RequestContext,
    identity: IdentityRow,
    purpose: Purpose,
    x: Executor = database.db,
    to: string = identity.email,
  ): Promise<string> {
    await guard.countCodeSent(memberAccount(identity.siteId, to));
    const code = newCode();
    const stateToken = await tokens.issue(
      'STATE',
      {
        siteId: identity.siteId,
        identityId: identity.id,
        data: { codeHash: sha256(code), purpose, email: to, resends: 0 },
        expiresDate: new Date(Date.now() + verification.codeSeconds * 1000),
      },
      x,
    );
    await mail.enqueue(
      { siteId: identity.siteId, to, ...verificationMail(mailBrandOf(ctx.site), { code }) },
      x,
    );
    return stateToken;
  }

  /** Where an identity stands after its password (or code) was proven. */
  /**
   * Records the sign-in; one made with a visitor's credential is announced with the visitor's id (in the
   * same transaction), so the visitor's cart becomes the member's.
   */
  async function signedIn(ctx: RequestContext, identity: IdentityRow) {
    const { events } = deps;
    const { identityType, identityId: visitorId } = ctx.caller;
    if (!events || identityType !== 'ANONYMOUS_VISITOR' || !visitorId) {
      return repository.updateIdentity(identity.siteId, identity.id, { lastLoginDate: new Date() });
    }
    return database.transaction(async (tx) => {
      const updated = await repository.updateIdentity(
        identity.siteId,
        identity.id,
        { lastLoginDate: new Date() },
        tx,
      );
      await events.emit<MemberSignedInEvent>(tx, {
        name: identityEvents.memberSignedIn,
        siteId: identity.siteId,
        data: { memberId: identity.id, visitorId },
      });
      return updated;
    });
  }

  async function outcome(
    ctx: RequestContext,
    identity: IdentityRow,
    purpose: Purpose,
  ): Promise<AuthResponse> {
    const wire = toWireIdentity(identity);
    if (identity.status === 'PENDING' && identity.pendingReason === 'EMAIL_VERIFICATION') {
      return {
        state: 'REQUIRE_EMAIL_VERIFICATION',
        stateToken: await startEmailVerification(ctx, identity, purpose),
        identity: wire,
      };
    }
    if (identity.status === 'PENDING') return { state: 'REQUIRE_OWNER_APPROVAL', identity: wire };
    if (identity.status !== 'ACTIVE') return { state: 'STATUS_CHECK', identity: wire };
    const updated = (await signedIn(ctx, identity)) ?? identity;
    return {
      state: 'SUCCESS',
      sessionToken: await oauth.createSessionToken(updated),
      identity: toWireIdentity(updated),
    };
  }

  async function requireIdentity(
    ctx: RequestContext,
    id: string,
    type: IdentityRow['identityType'] = 'MEMBER',
  ) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findIdentity(ctx.site.id, id) : undefined;
    if (!row || row.identityType !== type || row.status === 'DELETED')
      throw notFound(type === 'MEMBER' ? 'Member' : 'Identity', id);
    return row;
  }

  async function setStatus(
    ctx: RequestContext,
    id: string,
    status: IdentityRow['status'],
  ): Promise<Identity> {
    const current = await requireIdentity(ctx, id);
    const updated = await repository.updateIdentity(ctx.site.id, current.id, {
      status,
      pendingReason: status === 'PENDING' ? current.pendingReason : null,
    });
    if (status !== 'ACTIVE')
      await repository.revokeSubjectSessions(ctx.site.id, current.id, `member ${status.toLowerCase()}`);
    return toWireIdentity(updated!);
  }

  /**
   * Passwordless sign-in: a code by mail is the factor. Known and unknown addresses get the same answer, a
   * state token and nothing about the account, until the code is proven; an unknown address gets a token
   * whose code nobody knows.
   */
  async function startPasswordless(ctx: RequestContext, email: string): Promise<AuthResponse> {
    const found = await repository.findIdentityByEmail(ctx.site.id, 'MEMBER', email);
    if (found && found.status !== 'DELETED') {
      return {
        state: 'REQUIRE_EMAIL_VERIFICATION',
        stateToken: await startEmailVerification(ctx, found, 'LOGIN'),
      };
    }
    await guard.countCodeSent(memberAccount(ctx.site.id, email));
    const stateToken = await tokens.issue('STATE', {
      siteId: ctx.site.id,
      data: { codeHash: sha256(newToken('none_')), purpose: 'LOGIN', email, resends: 0 },
      expiresDate: new Date(Date.now() + verification.codeSeconds * 1000),
    });
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken };
  }

  /** The account a state token is for (its identity's address; older tokens carry none). */
  /**
   * The verified new address becomes the login email (CHANGE_EMAIL): only now, so until the code came
   * back the member signs in with the old one. Announced as a verified address, so guest bookings made
   * with it become the member's.
   */
  async function changeLoginEmail(ctx: RequestContext, identity: IdentityRow, data: Record<string, unknown>) {
    const email = String(data.email);
    const taken = await repository.findIdentityByEmail(ctx.site.id, identity.identityType, email);
    if (taken && taken.id !== identity.id && taken.status !== 'DELETED') {
      throw identityErrors.emailAlreadyExists(email);
    }
    return database.transaction(async (tx) => {
      // Another account may take the address between the check and the write: the unique index decides.
      const row = (await repository
        .updateIdentity(ctx.site.id, identity.id, { email, emailVerified: true }, tx)
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? identityErrors.emailAlreadyExists(email) : error;
        }))!;
      if (identity.identityType === 'MEMBER' && deps.events) {
        await deps.events.emit<MemberEmailVerifiedEvent>(tx, {
          name: identityEvents.memberEmailVerified,
          siteId: ctx.site.id,
          data: { memberId: identity.id, email },
        });
      }
      return row;
    });
  }

  async function stateAccount(
    siteId: string,
    state: { identityId: string | null; data: Record<string, unknown> },
  ) {
    if (typeof state.data.email === 'string') return memberAccount(siteId, state.data.email);
    const identity = state.identityId ? await repository.findIdentity(siteId, state.identityId) : undefined;
    return memberAccount(siteId, identity?.email ?? `unknown:${state.identityId}`);
  }

  const service = {
    settingsOf,

    /** Demo data: an active member with a password; undefined when the address is taken. */
    async seedMember(siteId: string, email: string, password: string, profile: IdentityProfile = {}) {
      const address = normaliseEmail(email, 'email');
      if (await repository.findIdentityByEmail(siteId, 'MEMBER', address)) return undefined;
      const row = await repository.insertIdentity({
        siteId,
        identityType: 'MEMBER',
        email: address,
        status: 'ACTIVE',
        emailVerified: true,
        passwordHash: await hashPassword(password),
        profile,
      });
      return toWireIdentity(row);
    },

    async register(ctx: RequestContext, request: RegisterRequest, remoteIp?: string): Promise<AuthResponse> {
      const email = normaliseEmail(request.loginId.email);
      if (request.password !== undefined) checkPasswordStrength(request.password, 'password');
      const settings = await settingsOf(ctx.site.id);
      await checkCaptcha(settings.captchaOnRegister, request.captchaTokens, remoteIp);
      const existing = await repository.findIdentityByEmail(ctx.site.id, 'MEMBER', email);
      if (existing && existing.status !== 'DELETED') throw identityErrors.emailAlreadyExists(email);
      const passwordHash = request.password ? await hashPassword(request.password) : null;
      // Without a password the member proves the address with a mailed code, whatever the settings say.
      const needsEmail = settings.requireEmailVerification || !passwordHash;
      const pendingReason: IdentityRow['pendingReason'] = needsEmail
        ? 'EMAIL_VERIFICATION'
        : settings.requireOwnerApproval
          ? 'OWNER_APPROVAL'
          : null;
      const fields = {
        status: pendingReason ? ('PENDING' as const) : ('ACTIVE' as const),
        pendingReason,
        emailVerified: false,
        passwordHash,
        profile: request.profile ?? {},
      };
      let identity: IdentityRow;
      try {
        identity = existing
          ? (await repository.updateIdentity(ctx.site.id, existing.id, fields))!
          : await repository.insertIdentity({
              siteId: ctx.site.id,
              identityType: 'MEMBER',
              email,
              ...fields,
            });
      } catch (error) {
        // Two registrations of one address at once: the unique index decides, the loser hears -19995.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505')
          throw identityErrors.emailAlreadyExists(email);
        throw error;
      }
      return outcome(ctx, identity, 'REGISTER');
    },

    async login(ctx: RequestContext, request: LoginRequest, remoteIp?: string): Promise<AuthResponse> {
      const email = normaliseEmail(request.loginId.email);
      const settings = await settingsOf(ctx.site.id);
      await checkCaptcha(settings.captchaOnLogin, request.captchaTokens, remoteIp);
      const account = memberAccount(ctx.site.id, email);
      if (request.password === undefined) return withMinimumDuration(() => startPasswordless(ctx, email));
      await guard.assertNotLocked(account);
      const found = await repository.findIdentityByEmail(ctx.site.id, 'MEMBER', email);
      const identity = found && found.status !== 'DELETED' ? found : undefined;
      const valid = await verifyPassword(identity?.passwordHash, request.password);
      if (!identity) {
        await guard.recordFailure(mailBrandOf(ctx.site), account, false);
        throw identityErrors.identityNotFound();
      }
      if (!identity.passwordHash) throw identityErrors.resetPassword();
      if (!valid) {
        await guard.recordFailure(mailBrandOf(ctx.site), account, true);
        throw identityErrors.invalidPassword();
      }
      await guard.recordSuccess(account);
      return outcome(ctx, identity, 'LOGIN');
    },

    /** `/v1/auth/verify` and `/v2/EMAIL/verify`: the mailed code against its state token. */
    async verifyCode(
      ctx: RequestContext,
      input: { code: string; stateToken: string },
    ): Promise<AuthResponse> {
      const token = await tokens.find('STATE', input.stateToken, ctx.site.id);
      if (!token) throw identityErrors.invalidStateToken();
      const state = token.row;
      const account = await stateAccount(ctx.site.id, state);
      await guard.assertNotLocked(account);
      const attempts = await token.countAttempt();
      if (attempts > verification.maxAttempts) {
        await token.use();
        throw identityErrors.invalidStateToken();
      }
      const matches = constantTimeEqual(sha256(input.code.trim()), String(state.data.codeHash));
      if (!matches || !state.identityId) {
        await guard.recordFailure(mailBrandOf(ctx.site), account, Boolean(state.identityId));
        throw identityErrors.invalidCode(verification.maxAttempts - attempts);
      }
      if (!(await token.use())) throw identityErrors.invalidStateToken();
      await guard.recordSuccess(account);
      const identity = await repository.findIdentity(ctx.site.id, state.identityId);
      if (!identity || identity.status === 'DELETED') throw identityErrors.invalidStateToken();
      if (state.data.purpose === 'CHANGE_EMAIL') {
        return {
          state: 'SUCCESS',
          identity: toWireIdentity(await changeLoginEmail(ctx, identity, state.data)),
        };
      }
      const settings = await settingsOf(ctx.site.id);
      const waiting = identity.status === 'PENDING' && identity.pendingReason === 'EMAIL_VERIFICATION';
      const updated = await database.transaction(async (tx) => {
        const row = (await repository.updateIdentity(
          ctx.site.id,
          identity.id,
          {
            emailVerified: true,
            ...(waiting
              ? settings.requireOwnerApproval
                ? { pendingReason: 'OWNER_APPROVAL' as const }
                : { status: 'ACTIVE' as const, pendingReason: null }
              : {}),
          },
          tx,
        ))!;
        if (!identity.emailVerified && identity.identityType === 'MEMBER' && deps.events) {
          await deps.events.emit<MemberEmailVerifiedEvent>(tx, {
            name: identityEvents.memberEmailVerified,
            siteId: ctx.site.id,
            data: { memberId: identity.id, email: identity.email },
          });
        }
        return row;
      });
      const purpose = state.data.purpose as Purpose;
      if (purpose === 'VERIFY') {
        return {
          state:
            updated.status === 'ACTIVE'
              ? 'SUCCESS'
              : updated.status === 'PENDING'
                ? 'REQUIRE_OWNER_APPROVAL'
                : 'STATUS_CHECK',
          identity: toWireIdentity(updated),
        };
      }
      return outcome(ctx, updated, purpose);
    },

    async verifyFactor(
      ctx: RequestContext,
      factorType: string,
      request: { stateToken: string; emailData?: { code: string } },
    ): Promise<AuthResponse> {
      // Only the EMAIL factor is enabled; the route shape already carries the others (TOTP, SMS, ...).
      if (factorType !== 'EMAIL') throw identityErrors.unsupportedFactor(factorType);
      if (!request.emailData) throw identityErrors.invalidCode(0);
      return service.verifyCode(ctx, { code: request.emailData.code, stateToken: request.stateToken });
    },

    /** A new code for the same state token; its failed tries still count, and resends are capped. */
    async resendCode(ctx: RequestContext, stateToken: string): Promise<Record<string, never>> {
      const token = await tokens.find('STATE', stateToken, ctx.site.id);
      if (!token) throw identityErrors.invalidStateToken();
      const state = token.row;
      const resends = Number(state.data.resends ?? 0);
      if (resends >= verification.maxResends) throw identityErrors.tooManyCodes();
      const account = await stateAccount(ctx.site.id, state);
      await guard.assertNotLocked(account);
      await guard.countCodeSent(account);
      const identity = state.identityId
        ? await repository.findIdentity(ctx.site.id, state.identityId)
        : undefined;
      const code = newCode();
      await database.transaction(async (tx) => {
        await token.update(
          {
            data: {
              ...state.data,
              codeHash: sha256(identity ? code : newToken('none_')),
              resends: resends + 1,
            },
            expiresDate: new Date(Date.now() + verification.codeSeconds * 1000),
          },
          tx,
        );
        if (identity) {
          await mail.enqueue(
            {
              siteId: ctx.site.id,
              to: identity.email,
              ...verificationMail(mailBrandOf(ctx.site), { code }),
            },
            tx,
          );
        }
      });
      return {};
    },

    /** Always `{}`: whether the address has an account shows neither in the answer nor in its timing. */
    async sendRecoveryEmail(
      ctx: RequestContext,
      request: { email: string; redirect?: { url?: string; clientId?: string } },
    ): Promise<Record<string, never>> {
      await withMinimumDuration(async () => {
        const email = normaliseEmail(request.email, 'email');
        const identity = await repository.findIdentityByEmail(ctx.site.id, 'MEMBER', email);
        if (identity && identity.status !== 'DELETED' && identity.status !== 'BLOCKED') {
          const linkWith = await recoveryLink(ctx, request.redirect);
          await database.transaction(async (tx) => {
            const token = await tokens.issue(
              'RECOVERY',
              {
                siteId: ctx.site.id,
                identityId: identity.id,
                expiresDate: new Date(Date.now() + verification.recoverySeconds * 1000),
              },
              tx,
            );
            const link = linkWith(token);
            await mail.enqueue(
              {
                siteId: ctx.site.id,
                to: identity.email,
                ...recoveryMail(mailBrandOf(ctx.site), { link, token }),
              },
              tx,
            );
          });
        }
      });
      return {};
    },

    async recover(
      ctx: RequestContext,
      request: { recoveryToken: string; password: string },
    ): Promise<AuthResponse> {
      checkPasswordStrength(request.password, 'password');
      const token = await tokens.find('RECOVERY', request.recoveryToken, ctx.site.id);
      const identityId = token?.row.identityId;
      if (!token || !identityId) throw identityErrors.invalidRecoveryToken();
      const passwordHash = await hashPassword(request.password);
      if (!(await token.use())) throw identityErrors.invalidRecoveryToken();
      const identity = await repository.findIdentity(ctx.site.id, identityId);
      if (!identity) throw identityErrors.invalidRecoveryToken();
      const settings = await settingsOf(ctx.site.id);
      // The mail reached its owner, so the address is verified.
      const waiting = identity.status === 'PENDING' && identity.pendingReason === 'EMAIL_VERIFICATION';
      const updated = (await repository.updateIdentity(ctx.site.id, identity.id, {
        passwordHash,
        emailVerified: true,
        ...(waiting
          ? settings.requireOwnerApproval
            ? { pendingReason: 'OWNER_APPROVAL' as const }
            : { status: 'ACTIVE' as const, pendingReason: null }
          : {}),
      }))!;
      await repository.revokeSubjectSessions(ctx.site.id, identity.id, 'password recovered');
      return outcome(ctx, updated, 'LOGIN');
    },

    /**
     * Checks the current password whenever it is sent (the account page always sends it). Without it, a
     * sign-in of the last ten minutes stands in for it: the official client sends only `newPassword`, and
     * an account without a password (signed on, or signing in by codes) has none to give; an older
     * session alone cannot take the account over. A forgotten password goes through recovery (`recover`,
     * its own mailed token).
     */
    async changePassword(
      ctx: RequestContext,
      request: { newPassword: string; currentPassword?: string },
    ): Promise<Record<string, never>> {
      checkPasswordStrength(request.newPassword, 'newPassword');
      const identityId = ctx.caller.identityId!;
      const current = await repository.findIdentity(ctx.site.id, identityId);
      if (!current) throw notFound('Identity', identityId);
      const account = {
        siteId: ctx.site.id,
        identityType: current.identityType as 'MEMBER' | 'WIX_USER',
        email: current.email,
      };
      if (request.currentPassword !== undefined) {
        await guard.assertNotLocked(account);
        if (!(await verifyPassword(current.passwordHash, request.currentPassword))) {
          await guard.recordFailure(mailBrandOf(ctx.site), account, true);
          throw identityErrors.invalidPassword();
        }
      } else {
        const session = ctx.caller.sessionId ? await repository.findSession(ctx.caller.sessionId) : undefined;
        const age = session ? ctx.now().getTime() - session.createdDate.getTime() : Infinity;
        if (age > verification.freshSessionSeconds * 1000) throw identityErrors.currentPasswordRequired();
      }
      const passwordHash = await hashPassword(request.newPassword);
      const updated = await repository.updateIdentity(ctx.site.id, identityId, { passwordHash });
      if (!updated) throw notFound('Identity', identityId);
      // Other sign-ins end; the one that changed the password goes on.
      await repository.revokeSubjectSessions(
        ctx.site.id,
        identityId,
        'password changed',
        ctx.caller.sessionId,
      );
      return {};
    },

    async logout(ctx: RequestContext | undefined): Promise<void> {
      if (ctx?.caller.sessionId) await oauth.revokeSession(ctx.site.id, ctx.caller.sessionId, 'logout');
    },

    /** An app or the owner signs a member on without a password (creating the member when new). */
    async signOn(
      ctx: RequestContext,
      request: { loginId: { email: string }; profile?: IdentityProfile; verifyEmail?: boolean },
    ): Promise<{ sessionToken: string; identity: Identity }> {
      const email = normaliseEmail(request.loginId.email);
      let identity = await repository.findIdentityByEmail(ctx.site.id, 'MEMBER', email);
      if (!identity || identity.status === 'DELETED') {
        const fields = {
          status: 'ACTIVE' as const,
          pendingReason: null,
          emailVerified: request.verifyEmail === true,
          passwordHash: null,
          profile: request.profile ?? {},
        };
        identity = identity
          ? (await repository.updateIdentity(ctx.site.id, identity.id, fields))!
          : await repository.insertIdentity({
              siteId: ctx.site.id,
              identityType: 'MEMBER',
              email,
              ...fields,
            });
      } else if (identity.status !== 'ACTIVE') {
        throw forbidden(`Member ${identity.id} is ${identity.status.toLowerCase()} and cannot sign on`);
      }
      return { sessionToken: await oauth.createSessionToken(identity), identity: toWireIdentity(identity) };
    },

    async sendActivationEmail(ctx: RequestContext, identityId: string): Promise<Record<string, never>> {
      const identity = await requireIdentity(ctx, identityId);
      await startEmailVerification(ctx, identity, 'VERIFY');
      return {};
    },

    /** A member starts verifying their own address; the owner may start it for any member. */
    async startVerification(ctx: RequestContext, identityId: string): Promise<{ stateToken: string }> {
      if (ctx.caller.identityType === 'MEMBER' && ctx.caller.identityId !== identityId) {
        throw forbidden('A member can only verify their own email');
      }
      const identity = await requireIdentity(ctx, identityId);
      return { stateToken: await startEmailVerification(ctx, identity, 'VERIFY') };
    },

    async me(ctx: RequestContext): Promise<IdentityRow> {
      const row = ctx.caller.identityId
        ? await repository.findIdentity(ctx.site.id, ctx.caller.identityId)
        : undefined;
      if (!row || row.status === 'DELETED') throw notFound('Identity', ctx.caller.identityId);
      return row;
    },

    /**
     * A member edits their own name, phones and nickname (the owner may edit any member's); a new login
     * email is only mailed a code (CHANGE_EMAIL) and replaces the old one once verified.
     */
    async updateMember(
      ctx: RequestContext,
      memberId: string,
      patch: UpdateMemberRequest['member'],
    ): Promise<{ member: Member; emailVerification?: { stateToken: string; email: string } }> {
      if (ctx.caller.identityType === 'MEMBER' && ctx.caller.identityId !== memberId) {
        throw forbidden('A member can only change their own account');
      }
      if (patch.id !== undefined && patch.id !== memberId) {
        throw invalidField('member.id', `must be the member of the path (${memberId})`, 'OTHER');
      }
      const current = await requireIdentity(ctx, memberId);
      const newEmail =
        patch.loginEmail === undefined ? undefined : normaliseEmail(patch.loginEmail, 'member.loginEmail');
      if (newEmail !== undefined && newEmail !== current.email) {
        const taken = await repository.findIdentityByEmail(ctx.site.id, 'MEMBER', newEmail);
        if (taken && taken.status !== 'DELETED') throw identityErrors.emailAlreadyExists(newEmail);
      }
      const { contact, profile } = patch;
      const changes: IdentityProfile = {
        ...(contact?.firstName !== undefined ? { firstName: contact.firstName } : {}),
        ...(contact?.lastName !== undefined ? { lastName: contact.lastName } : {}),
        ...(contact?.phones !== undefined ? { phones: contact.phones.filter(Boolean) } : {}),
        ...(profile?.nickname !== undefined ? { nickname: profile.nickname } : {}),
      };
      const updated =
        Object.keys(changes).length > 0
          ? (await repository.updateIdentity(ctx.site.id, current.id, {
              profile: { ...current.profile, ...changes },
            }))!
          : current;
      if (newEmail === undefined || newEmail === current.email) return { member: toMember(updated) };
      const stateToken = await startEmailVerification(ctx, updated, 'CHANGE_EMAIL', database.db, newEmail);
      return { member: toMember(updated), emailVerification: { stateToken, email: newEmail } };
    },

    async updateMyProfile(ctx: RequestContext, profile: IdentityProfile): Promise<Identity> {
      const current = await service.me(ctx);
      const updated = await repository.updateIdentity(ctx.site.id, current.id, {
        profile: { ...current.profile, ...profile },
      });
      return toWireIdentity(updated!);
    },

    async listMembers(
      ctx: RequestContext,
      filter: { limit: number; offset: number; status?: IdentityRow['status'] },
    ) {
      const { rows, total } = await repository.listIdentities(ctx.site.id, 'MEMBER', filter);
      return {
        members: rows.map(toWireIdentity),
        pagingMetadata: { count: rows.length, offset: filter.offset, total },
      };
    },

    async getMember(ctx: RequestContext, id: string): Promise<Identity> {
      return toWireIdentity(await requireIdentity(ctx, id));
    },

    /** The owner lets a member in; one still proving the address stays pending until it is proven. */
    async approveMember(ctx: RequestContext, id: string): Promise<Identity> {
      const current = await requireIdentity(ctx, id);
      if (current.status === 'PENDING' && current.pendingReason === 'EMAIL_VERIFICATION') {
        return toWireIdentity(current);
      }
      return setStatus(ctx, id, 'ACTIVE');
    },

    blockMember: (ctx: RequestContext, id: string) => setStatus(ctx, id, 'BLOCKED'),
    unblockMember: (ctx: RequestContext, id: string) => setStatus(ctx, id, 'ACTIVE'),
    deleteMember: async (ctx: RequestContext, id: string) => {
      await setStatus(ctx, id, 'DELETED');
      return {};
    },

    async getSettings(ctx: RequestContext) {
      return toWireSettings(await settingsOf(ctx.site.id));
    },

    async updateSettings(
      ctx: RequestContext,
      changes: Partial<Omit<IdentitySettingsRow, 'siteId' | 'revision' | 'updatedDate'>>,
    ) {
      return toWireSettings(await repository.upsertSettings(ctx.site.id, changes));
    },
  };

  /** The page a recovery mail links to, as a function of the token it carries. */
  async function recoveryLink(
    ctx: RequestContext,
    redirect: { url?: string; clientId?: string } | undefined,
  ): Promise<(token: string) => string> {
    // A caller-chosen link is used only when it is registered on one of the site's clients, so recovery
    // mails cannot carry a token to a stranger's page.
    if (redirect?.url && redirect.clientId) {
      const client = await oauth.findClient(redirect.clientId);
      if (
        client &&
        client.siteId === ctx.site.id &&
        client.redirectUris.some((uri) => sameOrigin(uri, redirect.url!))
      ) {
        const page = redirect.url;
        return (token) => {
          const url = new URL(page);
          url.searchParams.set('recoveryToken', token);
          return url.toString();
        };
      }
    }
    return (token) =>
      `${siteAddress(ctx.site)}/account/reset-password?recoveryToken=${encodeURIComponent(token)}`;
  }

  return service;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function toWireSettings(row: typeof defaultSettings) {
  return {
    requireEmailVerification: row.requireEmailVerification,
    requireOwnerApproval: row.requireOwnerApproval,
    captchaOnRegister: row.captchaOnRegister,
    captchaOnLogin: row.captchaOnLogin,
    revision: String(row.revision),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
