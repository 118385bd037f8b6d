import type {
  AuthResponse,
  Identity,
  IdentityProfile,
  Member,
  TokenResponse,
  UpdateMemberRequest,
} from '@atrium/contract/identity';
import type { AuthStrategy, ClientContext } from '../client.ts';
import type { WithDates } from '../dates.ts';
import { ApplicationError, AtriumError, AuthError, InvalidArgumentError, SystemError } from '../errors.ts';
import type { OAuthData, OAuthStrategy, Tokens } from '../auth/oauth.ts';
import { defineModule } from '../client.ts';

export type { Identity, IdentityProfile, Member };

/**
 * Where a sign-in or registration stands on the client (spec bookings-identity §4).
 * SILENT_CAPTCHA_REQUIRED: run the invisible captcha and send again; USER_CAPTCHA_REQUIRED: show the
 * visible one.
 */
export const LoginState = {
  INITIAL: 'INITIAL',
  SUCCESS: 'SUCCESS',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

/** The failures a sign-in form branches on (spec §8, registration and login tables). */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken'
  | 'invalidPassword'
  | 'resetPassword';

/** Captcha answers as the server takes them: one entry per kind (visible or invisible). */
export type CaptchaTokens = Array<{ Recaptcha?: string; InvisibleRecaptcha?: string }>;

export interface LoginResult {
  loginState: LoginState;
  data: {
    /** SUCCESS: the one-time proof, already exchanged for member tokens when the client has OAuthStrategy. */
    sessionToken?: string;
    /** EMAIL_VERIFICATION_REQUIRED: continues the flow in `processVerification` and `resendVerificationCode`. */
    stateToken?: string;
    identity?: WithDates<Identity>;
  };
  /** FAILURE and the captcha states: what went wrong, for the form to branch on. */
  errorCode?: LoginErrorCode;
  /** What went wrong (FAILURE, captcha states, a wrong verification code): the server's message. */
  error?: string;
  /** The error as the SDK translated it (field violations, status, request id). */
  cause?: AtriumError;
  /** SUCCESS with OAuthStrategy: the member tokens now held by the strategy. */
  tokens?: Tokens;
}

export interface RegisterInput {
  email: string;
  /** Optional: without one the member proves the address with a mailed code. */
  password?: string;
  profile?: IdentityProfile;
  captchaTokens?: CaptchaTokens;
}

export interface LoginInput {
  email: string;
  /** Optional: without one the server mails a code (passwordless). */
  password?: string;
  captchaTokens?: CaptchaTokens;
}

// The numeric codes of `identityErrorCodes` (@atrium/contract/identity), repeated here because importing
// that file as a value would pull zod into every app that bundles this module; a test keeps them equal.
export const loginErrorCodes = {
  invalidPassword: '-19976',
  emailAlreadyExists: '-19995',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
  resetPassword: '-19973',
} as const;
const codes = loginErrorCodes;

function isOAuthStrategy(auth: AuthStrategy | undefined): auth is OAuthStrategy {
  return typeof (auth as Partial<OAuthStrategy> | undefined)?.getMemberTokensForDirectLogin === 'function';
}

function requireOAuth(context: ClientContext): OAuthStrategy {
  if (!isOAuthStrategy(context.auth)) {
    throw new AuthError('OAUTH_STRATEGY_REQUIRED', 'This call needs a client created with OAuthStrategy');
  }
  return context.auth;
}

function failure(
  error: AtriumError,
  errorCode?: LoginErrorCode,
  loginState: LoginState = 'FAILURE',
): LoginResult {
  return {
    loginState,
    data: {},
    ...(errorCode ? { errorCode } : {}),
    error: error.message,
    cause: error,
  };
}

/** A missing captcha asks for the invisible kind first, the visible one once an answer was already sent. */
function captchaState(sent: CaptchaTokens | undefined): LoginState {
  return sent?.some((entry) => entry.Recaptcha || entry.InvisibleRecaptcha)
    ? 'USER_CAPTCHA_REQUIRED'
    : 'SILENT_CAPTCHA_REQUIRED';
}

function emailViolation(error: InvalidArgumentError) {
  return error.fieldViolations.find((violation) => violation.data?.type === 'EMAIL');
}

/**
 * Registration failures (spec §8): an EMAIL field violation is invalidEmail with its description;
 * -19971 missingCaptchaToken, -19995 emailAlreadyExists, -19970 invalidCaptchaToken; anything else is
 * the error message alone.
 */
export function registrationFailure(error: unknown, captchaTokens?: CaptchaTokens): LoginResult {
  if (!(error instanceof AtriumError)) throw error;
  if (error instanceof InvalidArgumentError) {
    const violation = emailViolation(error);
    if (violation) return { ...failure(error, 'invalidEmail'), error: violation.description };
  }
  if (error instanceof ApplicationError) {
    if (error.code === codes.missingCaptchaToken)
      return failure(error, 'missingCaptchaToken', captchaState(captchaTokens));
    if (error.code === codes.emailAlreadyExists) return failure(error, 'emailAlreadyExists');
    if (error.code === codes.invalidCaptchaToken)
      return failure(error, 'invalidCaptchaToken', 'USER_CAPTCHA_REQUIRED');
  }
  return failure(error);
}

/**
 * Login failures (spec §8): -19971 missingCaptchaToken, -19970 invalidCaptchaToken, -19976
 * invalidPassword, -19973 resetPassword, any other answer invalidEmail. A server that could not answer
 * (5xx, network) or refused for load (429) is not a wrong address, so those carry no error code.
 */
export function loginFailure(error: unknown, captchaTokens?: CaptchaTokens): LoginResult {
  if (!(error instanceof AtriumError)) throw error;
  if (error instanceof SystemError || error.status === 429) return failure(error);
  switch (error.code) {
    case codes.missingCaptchaToken:
      return failure(error, 'missingCaptchaToken', captchaState(captchaTokens));
    case codes.invalidCaptchaToken:
      return failure(error, 'invalidCaptchaToken', 'USER_CAPTCHA_REQUIRED');
    case codes.invalidPassword:
      return failure(error, 'invalidPassword');
    case codes.resetPassword:
      return failure(error, 'resetPassword');
    default: {
      const violation = error instanceof InvalidArgumentError ? emailViolation(error) : undefined;
      return { ...failure(error, 'invalidEmail'), ...(violation ? { error: violation.description } : {}) };
    }
  }
}

/**
 * The server's answer as a client state. SUCCESS exchanges the session token for member tokens when the
 * client has an OAuthStrategy (spec §4: the role becomes member).
 */
async function toLoginResult(
  context: ClientContext,
  response: WithDates<AuthResponse>,
): Promise<LoginResult> {
  const data = {
    ...(response.sessionToken ? { sessionToken: response.sessionToken } : {}),
    ...(response.stateToken ? { stateToken: response.stateToken } : {}),
    ...(response.identity ? { identity: response.identity } : {}),
  };
  switch (response.state) {
    case 'SUCCESS': {
      if (!response.sessionToken || !isOAuthStrategy(context.auth)) return { loginState: 'SUCCESS', data };
      try {
        const tokens = await context.auth.getMemberTokensForDirectLogin(response.sessionToken);
        return { loginState: 'SUCCESS', data, tokens };
      } catch (error) {
        if (error instanceof AtriumError) return { ...failure(error), data };
        throw error;
      }
    }
    case 'REQUIRE_EMAIL_VERIFICATION':
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED', data };
    default:
      // STATUS_CHECK: the account exists but is blocked or offline; nothing the form can fix.
      return { loginState: 'FAILURE', data, error: 'This account cannot sign in right now' };
  }
}

/**
 * Runs a visitor call (login, registration, verification); when the held token is refused (its session
 * was revoked elsewhere: logout, password change, refresh-token reuse), forgets it and tries once more
 * with the fresh visitor token the strategy then fetches.
 */
async function asVisitor<T>(context: ClientContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AtriumError) || error.status !== 401 || !isOAuthStrategy(context.auth))
      throw error;
    await context.auth.logout();
    return call();
  }
}

function toTokens(answer: TokenResponse, issuedAtSeconds: number): Tokens {
  return {
    accessToken: { value: answer.access_token, expiresAt: issuedAtSeconds + answer.expires_in },
    refreshToken: { value: answer.refresh_token, role: 'none' },
  };
}

/**
 * Sign-in, registration, verification, recovery and the member's own account (spec bookings-identity
 * §4, §5, §7 Identity, §8).
 * @example
 * const client = createClient({ baseUrl, auth: OAuthStrategy({ clientId }), modules: { identity } });
 * const result = await client.identity.register({ email: 'ada@example.com', password: 'correct horse' });
 * if (result.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED) {
 *   await client.identity.processVerification({ verificationCode: '123456' }, result);
 * }
 * const member = await client.identity.getMyMember();
 */
export const identity = defineModule({
  /** `POST /identity/v2/register`; SUCCESS leaves the client signed in as the new member. */
  register:
    (context) =>
    async (input: RegisterInput): Promise<LoginResult> => {
      try {
        const response = await asVisitor(context, () =>
          context.request<AuthResponse>({
            method: 'POST',
            path: '/identity/v2/register',
            body: {
              loginId: { email: input.email },
              ...(input.password !== undefined ? { password: input.password } : {}),
              ...(input.profile ? { profile: input.profile } : {}),
              ...(input.captchaTokens ? { captchaTokens: input.captchaTokens } : {}),
            },
          }),
        );
        return await toLoginResult(context, response);
      } catch (error) {
        return registrationFailure(error, input.captchaTokens);
      }
    },

  /** `POST /identity/v2/login`; SUCCESS leaves the client signed in as the member. */
  login:
    (context) =>
    async (input: LoginInput): Promise<LoginResult> => {
      try {
        const response = await asVisitor(context, () =>
          context.request<AuthResponse>({
            method: 'POST',
            path: '/identity/v2/login',
            body: {
              loginId: { email: input.email },
              ...(input.password !== undefined ? { password: input.password } : {}),
              ...(input.captchaTokens ? { captchaTokens: input.captchaTokens } : {}),
            },
          }),
        );
        return await toLoginResult(context, response);
      } catch (error) {
        return loginFailure(error, input.captchaTokens);
      }
    },

  /**
   * `POST /identity/v1/auth/verify`: the mailed code for a state that asked for it. Any other state throws
   * AuthError 'Unknown _state'. A wrong code keeps EMAIL_VERIFICATION_REQUIRED (and the state token) with
   * `error` set and the attempts left in `cause.data.attemptsLeft`, so the same state can be passed again.
   */
  processVerification:
    (context) =>
    async (
      input: { verificationCode: string },
      state: Pick<LoginResult, 'loginState' | 'data'>,
    ): Promise<LoginResult> => {
      if (state.loginState !== 'EMAIL_VERIFICATION_REQUIRED' || !state.data.stateToken) {
        throw new AuthError('UNKNOWN_STATE', 'Unknown _state');
      }
      try {
        const stateToken = state.data.stateToken;
        const response = await asVisitor(context, () =>
          context.request<AuthResponse>({
            method: 'POST',
            path: '/identity/v1/auth/verify',
            body: { code: input.verificationCode.trim(), stateToken },
          }),
        );
        return await toLoginResult(context, response);
      } catch (error) {
        if (!(error instanceof AtriumError)) throw error;
        // The flow goes on with the same state token: the form shows the error and asks again.
        return { ...failure(error, undefined, 'EMAIL_VERIFICATION_REQUIRED'), data: { ...state.data } };
      }
    },

  /**
   * `POST /identity/v1/Start`: mails a signed-in member (or, for the business, any member) a code that
   * verifies their email. Continue with `processVerification` on the answer.
   */
  startEmailVerification:
    (context) =>
    async (identityId: string): Promise<Pick<LoginResult, 'loginState' | 'data'>> => {
      const { stateToken } = await context.request<{ stateToken: string }>({
        method: 'POST',
        path: '/identity/v1/Start',
        body: { identityId, target: 'EMAIL' },
      });
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken } };
    },

  /** `POST /identity/v1/auth/resend`: a new code for the same state token (the old code stops working). */
  resendVerificationCode:
    (context) =>
    async (state: Pick<LoginResult, 'data'>): Promise<void> => {
      if (!state.data.stateToken) throw new AuthError('UNKNOWN_STATE', 'Unknown _state');
      await context.request({
        method: 'POST',
        path: '/identity/v1/auth/resend',
        body: { stateToken: state.data.stateToken },
      });
    },

  /**
   * Ends the member's session on the server (`GET /identity/v1/logout`), then forgets both tokens; the
   * client goes on as a visitor. The local tokens go even when the server cannot be reached.
   */
  logout:
    (context) =>
    async (options: { postLogoutRedirectUri?: string } = {}): Promise<{ logoutUrl?: string }> => {
      const auth = isOAuthStrategy(context.auth) ? context.auth : undefined;
      try {
        if (!auth || (await auth.getTokens())?.accessToken.value) {
          await context.request({ method: 'GET', path: '/identity/v1/logout' });
        }
      } catch (error) {
        if (!(error instanceof AtriumError)) throw error;
      }
      return auth ? auth.logout(options) : {};
    },

  /**
   * `POST /identity/v1/send-email`: mails a recovery link. The answer is the same whether or not the
   * address has an account. `redirectUrl` (a page of a registered redirect URI's origin) receives
   * `?recoveryToken=…`; otherwise the server's default page does.
   */
  sendPasswordResetEmail:
    (context) =>
    async (email: string, options: { redirectUrl?: string; language?: string } = {}): Promise<void> => {
      const clientId = isOAuthStrategy(context.auth) ? context.auth.clientId : undefined;
      await context.request({
        method: 'POST',
        path: '/identity/v1/send-email',
        body: {
          email,
          ...(options.language ? { language: options.language } : {}),
          ...(options.redirectUrl
            ? { redirect: { url: options.redirectUrl, ...(clientId ? { clientId } : {}) } }
            : {}),
        },
      });
    },

  /**
   * `POST /identity/v1/recover`: a new password with the mailed recovery token; SUCCESS signs the member
   * in. Throws ApplicationError -19989 for an unknown, used or expired token.
   */
  recoverPassword:
    (context) =>
    async (recoveryToken: string, password: string): Promise<LoginResult> => {
      const response = await asVisitor(context, () =>
        context.request<AuthResponse>({
          method: 'POST',
          path: '/identity/v1/recover',
          body: { recoveryToken, password },
        }),
      );
      return toLoginResult(context, response);
    },

  /** `POST /identity/v2/change-password`: the signed-in caller's new password; their other sessions end. */
  /**
   * `POST /identity/v2/change-password`. `currentPassword` is needed whenever the account has a password
   * (an account without one sets its first from a sign-in of the last ten minutes).
   * @example await client.identity.changePassword('lantern orchard 42', 'my old password');
   */
  changePassword:
    (context) =>
    async (newPassword: string, currentPassword?: string): Promise<void> => {
      await context.request({
        method: 'POST',
        path: '/identity/v2/change-password',
        body: { newPassword, ...(currentPassword !== undefined ? { currentPassword } : {}) },
      });
    },

  /** `GET /identity/v1/members/my`: the signed-in member (`createdDate`, `lastLoginDate` as `Date`). */
  getMyMember: (context) => async (): Promise<WithDates<Member>> =>
    (await context.request<{ member: Member }>({ method: 'GET', path: '/identity/v1/members/my' })).member,

  /**
   * `PATCH /identity/v1/members/{id}` (the members client's `updateMember`): merges the name, phones and
   * nickname given. A new `loginEmail` is not used yet: a code goes to it, and `emailVerification.stateToken`
   * with that code (`verifyCode`) makes it the login email; until then the member signs in with the old one.
   * @example const { emailVerification } = await client.identity.updateMember(me.id, { loginEmail: 'ada@new.example' });
   */
  updateMember:
    (context) =>
    async (
      memberId: string,
      member: UpdateMemberRequest['member'],
    ): Promise<{ member: WithDates<Member>; emailVerification?: { stateToken: string; email: string } }> =>
      context.request({
        method: 'PATCH',
        path: `/identity/v1/members/${encodeURIComponent(memberId)}`,
        body: { member },
      }),

  /** `GET /identity/v1/me`: the signed-in member or staff user as an identity (type, role, profile). */
  getMyIdentity: (context) => async (): Promise<WithDates<Identity>> =>
    (await context.request<{ identity: Identity }>({ method: 'GET', path: '/identity/v1/me' })).identity,

  /**
   * `POST /identity/v1/dashboard/login`: owners and staff. The tokens (role 'none') are handed to the
   * client's OAuthStrategy when it has one; create that strategy with `visitorFallback: false`.
   * Throws ApplicationError -19976 for a wrong password.
   */
  staffLogin:
    (context) =>
    async (input: { email: string; password: string; siteId?: string }): Promise<Tokens> => {
      const issuedAt = Math.floor(Date.now() / 1000);
      const answer = await context.request<TokenResponse>({
        method: 'POST',
        path: '/identity/v1/dashboard/login',
        body: input,
        anonymous: true,
      });
      const tokens = toTokens(answer, issuedAt);
      if (isOAuthStrategy(context.auth)) await context.auth.setTokens(tokens);
      return tokens;
    },

  /**
   * Redirect sign-in, step 1 (spec §9): a PKCE round trip and the hosted page's address from
   * `POST /identity/v1/redirect-session`. Send the browser to `authUrl`; `redirectUri` must be registered.
   * Throws AuthError 'No redirect URL found' when the server names no page.
   */
  getLoginUrl:
    (context) =>
    async (input: {
      redirectUri: string;
      originalUri?: string;
      prompt?: 'login' | 'none';
      responseMode?: 'query' | 'fragment';
    }): Promise<{ authUrl: string; oauthData: OAuthData }> => {
      const auth = requireOAuth(context);
      const oauthData = await auth.generateOAuthData(input.redirectUri, input.originalUri);
      const answer = await context.request<{ redirectSession?: { fullUrl?: string } }>({
        method: 'POST',
        path: '/identity/v1/redirect-session',
        body: {
          auth: {
            authRequest: {
              clientId: auth.clientId,
              redirectUri: oauthData.redirectUri,
              codeChallenge: oauthData.codeChallenge,
              codeChallengeMethod: 'S256',
              responseMode: input.responseMode ?? 'fragment',
              responseType: 'code',
              scope: 'offline_access',
              state: oauthData.state,
            },
            ...(input.prompt ? { prompt: input.prompt } : {}),
          },
        },
      });
      const authUrl = answer.redirectSession?.fullUrl;
      if (!authUrl) throw new AuthError('NO_REDIRECT_URL', 'No redirect URL found');
      return { authUrl, oauthData };
    },

  /**
   * Redirect sign-in, step 2: reads `code` and `state` from the address the server sent the browser back
   * to, checks the state against the stored round trip and exchanges the code for member tokens.
   * Throws 'Missing code or _state', 'Unknown _state', or the server's `error_description`.
   */
  completeRedirectLogin:
    (context) =>
    async (
      url: string,
      responseMode: 'query' | 'fragment' = 'fragment',
    ): Promise<{ tokens: Tokens; originalUri?: string }> => {
      const auth = requireOAuth(context);
      const parsed = auth.parseFromUrl(url, responseMode);
      if (parsed.error) {
        throw new AuthError(parsed.error.toUpperCase(), parsed.errorDescription ?? parsed.error);
      }
      const stored = parsed.state ? await auth.getStoredOAuthData(parsed.state) : undefined;
      const tokens = await auth.getMemberTokens(parsed.code, parsed.state);
      return { tokens, ...(stored?.originalUri ? { originalUri: stored.originalUri } : {}) };
    },
});
