import { z } from 'zod';
import { addressSchema } from './address.ts';

/** Who a credential speaks for (spec bookings-identity §3, §6). */
export const identityTypeSchema = z.enum(['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP']);
export type IdentityType = z.infer<typeof identityTypeSchema>;

export const identityStatusSchema = z.enum(['PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE']);
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

export const staffRoleSchema = z.enum(['OWNER', 'ADMIN', 'STAFF']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const factorTypeSchema = z.enum(['PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH', 'WEBAUTHN']);
export type FactorType = z.infer<typeof factorTypeSchema>;

/** Outcomes of login, registration and verification a client branches on (spec §4). */
export const authStateSchema = z.enum([
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
]);
export type AuthState = z.infer<typeof authStateSchema>;

/** Member account sections a client can open (spec §2). */
export const memberAccountSectionSchema = z.enum([
  'ACCOUNT_INFO',
  'BOOKINGS',
  'ORDERS',
  'SUBSCRIPTIONS',
  'EVENTS',
]);

/**
 * Identity's numeric application codes, kept as the spec gives them (platform.md, "Errors").
 * @example {"message":"Invalid password","details":{"applicationError":{"code":"-19976","description":"Invalid password"}}}
 */
export const identityErrorCodes = {
  invalidPassword: '-19976',
  emailAlreadyExists: '-19995',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
  resetPassword: '-19973',
  identityNotFound: '-19999',
  invalidVerificationCode: '-19987',
  invalidStateToken: '-19988',
  invalidRecoveryToken: '-19989',
  invalidGrant: 'INVALID_GRANT',
  invalidClient: 'INVALID_CLIENT',
  unsupportedGrantType: 'UNSUPPORTED_GRANT_TYPE',
  invalidRedirectUri: 'INVALID_REDIRECT_URI',
  unsupportedFactor: 'UNSUPPORTED_FACTOR',
  lastOwner: 'LAST_OWNER',
  invitationInvalid: 'INVITATION_INVALID',
} as const;

const email = z.email().max(254);
const password = z.string().min(1).max(256);

export const customFieldSchema = z.object({
  name: z.string().min(1).max(100),
  value: z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
});

/**
 * A member's or staff user's profile (`identityProfile` in the spec).
 * @example {"firstName":"Ada","lastName":"Lovelace","customFields":[{"name":"shoeSize","value":"38"}]}
 */
export const identityProfileSchema = z.object({
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  nickname: z.string().max(100).optional(),
  picture: z.string().max(2000).optional(),
  language: z.string().max(35).optional(),
  phones: z.array(z.string().max(50)).max(10).optional(),
  emails: z.array(z.string().max(254)).max(10).optional(),
  labels: z.array(z.string().max(100)).max(50).optional(),
  privacyStatus: z.enum(['PUBLIC', 'PRIVATE', 'UNDEFINED']).optional(),
  customFields: z.array(customFieldSchema).max(100).optional(),
  addresses: z.array(addressSchema).max(10).optional(),
});
export type IdentityProfile = z.infer<typeof identityProfileSchema>;

export const identitySchema = z.object({
  id: z.uuid(),
  identityType: identityTypeSchema,
  status: identityStatusSchema,
  email: z.string(),
  emailVerified: z.boolean(),
  role: staffRoleSchema.optional(),
  identityProfile: identityProfileSchema,
  revision: z.string(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
});
export type Identity = z.infer<typeof identitySchema>;

/** `loginId` as the clients send it: `{email}`. The format is checked by the server, which answers a field violation with `data.type` EMAIL. */
export const loginIdSchema = z.object({ email: z.string().max(254) });

/** Captcha answers: `[{"Recaptcha":"…"}]`, `[{"InvisibleRecaptcha":"…"}]` (two kinds, spec §9). */
export const captchaTokensSchema = z
  .array(
    z.object({
      Recaptcha: z.string().max(4096).optional(),
      InvisibleRecaptcha: z.string().max(4096).optional(),
      NoCaptcha: z.string().max(4096).optional(),
    }),
  )
  .max(5);

export const registerRequestSchema = z.object({
  loginId: loginIdSchema,
  password: password.optional(),
  profile: identityProfileSchema.optional(),
  captchaTokens: captchaTokensSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  loginId: loginIdSchema,
  password: password.optional(),
  captchaTokens: captchaTokensSchema.optional(),
  clientMetaData: z.record(z.string(), z.unknown()).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * What login, registration and verification answer. `sessionToken` (state SUCCESS) is exchanged for member
 * tokens through `/oauth2/authorize` (prompt none); `stateToken` continues a verification.
 * @example {"state":"REQUIRE_EMAIL_VERIFICATION","stateToken":"st_…","identity":{…}}
 */
export const authResponseSchema = z.object({
  state: authStateSchema,
  sessionToken: z.string().optional(),
  stateToken: z.string().optional(),
  identity: identitySchema.optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const signOnRequestSchema = z.object({
  loginId: loginIdSchema,
  profile: identityProfileSchema.optional(),
  verifyEmail: z.boolean().optional(),
  mergeExistingContact: z.boolean().optional(),
});

export const signOnResponseSchema = z.object({ sessionToken: z.string(), identity: identitySchema });

export const changePasswordRequestSchema = z.object({
  newPassword: password,
  /**
   * Atrium: the current password, needed whenever the account has one (a stolen session alone cannot take
   * the account over); an account without a password (signed on, or by mailed codes) sets its first one
   * from a sign-in of the last ten minutes. A forgotten password is reset through `/identity/v1/recover`.
   */
  currentPassword: password.optional(),
});

export const logoutQuerySchema = z.object({
  postLogoutRedirectUri: z.string().max(2000).optional(),
  clientId: z.string().max(100).optional(),
});

const codeSchema = z.string().min(1).max(20);

export const verifyFactorRequestSchema = z.object({
  stateToken: z.string().min(1).max(200),
  rememberThisDevice: z.boolean().optional(),
  emailData: z.object({ code: codeSchema }).optional(),
  smsData: z.object({ code: codeSchema }).optional(),
  callData: z.object({ code: codeSchema }).optional(),
  totpData: z.object({ code: codeSchema }).optional(),
  pushData: z.record(z.string(), z.unknown()).optional(),
  webAuthnData: z.record(z.string(), z.unknown()).optional(),
});

export const sendRecoveryEmailRequestSchema = z.object({
  email,
  language: z.string().max(35).optional(),
  redirect: z
    .object({ url: z.string().max(2000).optional(), clientId: z.string().max(100).optional() })
    .optional(),
});

export const recoverRequestSchema = z.object({ recoveryToken: z.string().min(1).max(200), password });

export const activationEmailRequestSchema = z.object({
  identityId: z.uuid(),
  emailOptions: z
    .object({ language: z.string().max(35).optional() })
    .loose()
    .optional(),
});

export const startVerificationRequestSchema = z.object({
  identityId: z.uuid(),
  target: z.literal('EMAIL'),
});

export const startVerificationResponseSchema = z.object({ stateToken: z.string() });

export const verifyCodeRequestSchema = z.object({ code: codeSchema, stateToken: z.string().min(1).max(200) });

export const resendCodeRequestSchema = z.object({ stateToken: z.string().min(1).max(200) });

/** The PKCE request a client wants to run through the hosted page (spec §9). */
export const authRequestSchema = z.object({
  clientId: z.string().min(1).max(100),
  redirectUri: z.string().min(1).max(2000),
  codeChallenge: z.string().min(43).max(128),
  codeChallengeMethod: z.literal('S256'),
  responseMode: z.enum(['query', 'fragment', 'web_message']).default('fragment'),
  responseType: z.literal('code').default('code'),
  scope: z.string().max(200).default('offline_access'),
  state: z.string().min(1).max(1000),
  sessionToken: z.string().max(2000).optional(),
});

export const redirectSessionRequestSchema = z
  .object({
    login: z.record(z.string(), z.unknown()).optional(),
    logout: z
      .object({ clientId: z.string().max(100).optional() })
      .loose()
      .optional(),
    auth: z
      .object({
        authRequest: authRequestSchema,
        prompt: z.enum(['login', 'none', 'consent', 'select_account']).optional(),
      })
      .optional(),
    bookingsCheckout: z.record(z.string(), z.unknown()).optional(),
    ecomCheckout: z.record(z.string(), z.unknown()).optional(),
    eventsCheckout: z.record(z.string(), z.unknown()).optional(),
    paidPlansCheckout: z.record(z.string(), z.unknown()).optional(),
    storesProduct: z.record(z.string(), z.unknown()).optional(),
    bookingsBook: z.record(z.string(), z.unknown()).optional(),
    callbacks: z.record(z.string(), z.unknown()).optional(),
    preferences: z.record(z.string(), z.unknown()).optional(),
    origin: z.string().max(2000).optional(),
    sessionToken: z.string().max(2000).optional(),
  })
  .loose();

export const redirectSessionResponseSchema = z.object({
  redirectSession: z.object({
    id: z.string(),
    fullUrl: z.string(),
    sessionToken: z.string().optional(),
    urlDetails: z.object({ endpoint: z.string(), searchParams: z.record(z.string(), z.string()) }),
  }),
});

/**
 * The token endpoint's body (spec §7): camelCase as the spec lists it; the snake_case spellings existing
 * clients send (`refresh_token`, `grant_type`, `client_id`, `code_verifier`, `redirect_uri`) are accepted too.
 * @example {"clientId":"3f1…","grantType":"anonymous"}
 */
export const tokenRequestSchema = z
  .object({
    clientId: z.string().max(100).optional(),
    grantType: z.string().max(50).optional(),
    refreshToken: z.string().max(500).optional(),
    code: z.string().max(500).optional(),
    codeVerifier: z.string().max(500).optional(),
    redirectUri: z.string().max(2000).optional(),
    clientSecret: z.string().max(500).optional(),
    member_id: z.string().max(100).optional(),
    memberId: z.string().max(100).optional(),
    scope: z.string().max(200).optional(),
    grant_type: z.string().max(50).optional(),
    client_id: z.string().max(100).optional(),
    refresh_token: z.string().max(500).optional(),
    code_verifier: z.string().max(500).optional(),
    redirect_uri: z.string().max(2000).optional(),
    client_secret: z.string().max(500).optional(),
  })
  .transform((body) => ({
    clientId: body.clientId ?? body.client_id,
    grantType: body.grantType ?? body.grant_type,
    refreshToken: body.refreshToken ?? body.refresh_token,
    code: body.code,
    codeVerifier: body.codeVerifier ?? body.code_verifier,
    redirectUri: body.redirectUri ?? body.redirect_uri,
    clientSecret: body.clientSecret ?? body.client_secret,
    memberId: body.memberId ?? body.member_id,
    scope: body.scope,
  }));
export type TokenRequest = z.output<typeof tokenRequestSchema>;

/** `expires_in` is seconds from issue (spec §9: expiry = issue time + expires_in). */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const jwksResponseSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/**
 * The member as `GET /identity/v1/members/my` returns it (the shape of the `members` client).
 * @example {"member":{"id":"…","loginEmail":"ada@example.com","status":"APPROVED","contact":{"firstName":"Ada"}}}
 */
export const memberSchema = z.object({
  id: z.uuid(),
  loginEmail: z.string(),
  loginEmailVerified: z.boolean(),
  status: z.enum(['UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE']),
  contactId: z.uuid(),
  contact: z.object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    phones: z.array(z.string()).optional(),
    emails: z.array(z.string()).optional(),
    addresses: z.array(addressSchema).optional(),
    customFields: z.record(z.string(), z.object({ name: z.string(), value: z.unknown() })).optional(),
  }),
  profile: z.object({
    nickname: z.string().optional(),
    slug: z.string().optional(),
    photo: z.object({ url: z.string() }).optional(),
  }),
  privacyStatus: z.enum(['UNKNOWN', 'PRIVATE', 'PUBLIC']),
  activityStatus: z.enum(['UNKNOWN', 'ACTIVE', 'MUTED']),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
  lastLoginDate: z.iso.datetime().optional(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberResponseSchema = z.object({ member: memberSchema });

/**
 * The members client's `updateMember` (`PATCH /members/v1/members/{id}`): the fields given are merged.
 * A new `loginEmail` is not used at once: a code goes to the new address, and the member signs in with the
 * old one until the code is verified (`emailVerification.stateToken`, Atrium's addition, for
 * `POST /identity/v1/auth/verify`).
 * @example {"member":{"contact":{"firstName":"Ada","lastName":"Lovelace","phones":["+44 20 7946 0000"]},"loginEmail":"ada@new.example"}}
 */
export const updateMemberRequestSchema = z.object({
  member: z.object({
    id: z.uuid().optional(),
    loginEmail: z.string().max(254).optional(),
    contact: z
      .object({
        firstName: z.string().trim().max(100).optional(),
        lastName: z.string().trim().max(100).optional(),
        phones: z.array(z.string().trim().max(50)).max(10).optional(),
      })
      .optional(),
    profile: z.object({ nickname: z.string().trim().max(100).optional() }).optional(),
  }),
});

export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const updateMemberResponseSchema = z.object({
  member: memberSchema,
  /** When the request changed `loginEmail`: the code mailed to the new address verifies it. */
  emailVerification: z.object({ stateToken: z.string(), email: z.string() }).optional(),
});

export const listMembersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  status: identityStatusSchema.optional(),
});

export const membersResponseSchema = z.object({
  members: z.array(identitySchema),
  pagingMetadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
});

export const identityResponseSchema = z.object({ identity: identitySchema });

/**
 * A site where the signed-in owner or staff user (by the same email address) has dashboard access; the
 * dashboard's site switcher opens `address`, where they sign in to that site.
 * @example {"id":"…","name":"Studio Nord","address":"https://nord.example.com","current":false}
 */
export const staffSiteSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  current: z.boolean(),
});
export type StaffSite = z.infer<typeof staffSiteSchema>;
export const mySitesResponseSchema = z.object({ sites: z.array(staffSiteSchema) });
export type MySitesResponse = z.infer<typeof mySitesResponseSchema>;

export const updateProfileRequestSchema = z.object({ identityProfile: identityProfileSchema });

/** Registration and captcha settings of a site; a new site lets members in at once. */
export const identitySettingsSchema = z.object({
  requireEmailVerification: z.boolean(),
  requireOwnerApproval: z.boolean(),
  captchaOnRegister: z.boolean(),
  captchaOnLogin: z.boolean(),
  revision: z.string(),
});
export const identitySettingsResponseSchema = z.object({ settings: identitySettingsSchema });
export const updateIdentitySettingsRequestSchema = z.object({
  settings: identitySettingsSchema.omit({ revision: true }).partial(),
});

/** Dashboard sign-in; `siteId` defaults to the deployment's default site. */
export const dashboardLoginRequestSchema = z.object({
  email: z.string().max(254),
  password,
  siteId: z.uuid().optional(),
});

export const staffInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: staffRoleSchema,
  expiresDate: z.iso.datetime(),
  createdDate: z.iso.datetime(),
});
export const createStaffInvitationRequestSchema = z.object({
  email,
  role: staffRoleSchema.default('STAFF'),
});
export const staffInvitationResponseSchema = z.object({ invitation: staffInvitationSchema });
export const acceptStaffInvitationRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(8).max(256),
  profile: identityProfileSchema.optional(),
});
export const staffListResponseSchema = z.object({ staff: z.array(identitySchema) });
export const updateStaffRoleRequestSchema = z.object({ role: staffRoleSchema });

/** Scopes an API key may hold; `*` is everything an owner may do. */
export const apiKeyScopeSchema = z.string().regex(/^(\*|[a-z]+(\.[a-z-]+)*)$/, 'must be * or module.action');

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  prefix: z.string(),
  createdDate: z.iso.datetime(),
  revokedDate: z.iso.datetime().optional(),
  lastUsedDate: z.iso.datetime().optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const createApiKeyRequestSchema = z.object({
  name: z.string().min(1).max(100),
  scopes: z.array(apiKeyScopeSchema).min(1).max(50).default(['*']),
});
/** `key` is shown once, here; only its hash is stored. */
export const createApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export const apiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });

export const oauthClientSchema = z.object({
  clientId: z.uuid(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  isDefault: z.boolean(),
});
export const oauthClientsResponseSchema = z.object({ clients: z.array(oauthClientSchema) });
export const updateOauthClientRequestSchema = z.object({
  redirectUris: z.array(z.url().max(2000)).max(50),
});
export const oauthClientResponseSchema = z.object({ client: oauthClientSchema });
