import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IdentityProfile } from '@atrium/contract/identity';

const created = () => timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Members (MEMBER) and owners and staff (WIX_USER) of one site. Visitors and apps have no row here. */
export const identities = pgTable(
  'identities',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    identityType: text('identity_type', { enum: ['MEMBER', 'WIX_USER'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE'] }).notNull(),
    /** Why a PENDING identity waits: the email check or the owner's approval. */
    pendingReason: text('pending_reason', { enum: ['EMAIL_VERIFICATION', 'OWNER_APPROVAL'] }),
    /** Lower-cased; unique per site and type. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** argon2id PHC string; null for accounts made by sign-on or import (they must set one: -19973). */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'STAFF'] }),
    profile: jsonb('profile').$type<IdentityProfile>().notNull().default({}),
    revision: integer('revision').notNull().default(1),
    lastLoginDate: at('last_login_date'),
    createdDate: created(),
    updatedDate: at('updated_date').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.id] }),
    uniqueIndex('identities_site_type_email').on(table.siteId, table.identityType, table.email),
    uniqueIndex('identities_id').on(table.id),
  ],
);
export type IdentityRow = typeof identities.$inferSelect;

/** Registration and captcha rules of a site; absent row = the defaults (members get in at once). */
export const identitySettings = pgTable('identity_settings', {
  siteId: uuid('site_id').primaryKey(),
  requireEmailVerification: boolean('require_email_verification').notNull().default(false),
  requireOwnerApproval: boolean('require_owner_approval').notNull().default(false),
  captchaOnRegister: boolean('captcha_on_register').notNull().default(false),
  captchaOnLogin: boolean('captcha_on_login').notNull().default(false),
  revision: integer('revision').notNull().default(1),
  updatedDate: at('updated_date').notNull().defaultNow(),
});
export type IdentitySettingsRow = typeof identitySettings.$inferSelect;

/** A site's OAuth clients; `id` is the public clientId. Each site gets a default one when it is made. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    createdDate: created(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.id] }),
    uniqueIndex('oauth_clients_id').on(table.id),
    uniqueIndex('oauth_clients_one_default')
      .on(table.siteId)
      .where(sql`${table.isDefault}`),
  ],
);
export type OauthClientRow = typeof oauthClients.$inferSelect;

/** Deployment-wide JWT signing keys; old keys stay published in the JWKS until their tokens have expired. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdDate: created(),
  /** Set when a newer key takes over signing; the key still verifies until `retired_date + token lifetime`. */
  retiredDate: at('retired_date'),
});
export type SigningKeyRow = typeof signingKeys.$inferSelect;

/**
 * One sign-in: a visitor, member, staff user or app key, through one client. Every refresh token of a
 * family points here; revoking it ends the access tokens too (they carry its id as `sid`).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    subjectType: text('subject_type', { enum: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    clientId: uuid('client_id'),
    createdDate: created(),
    expiresDate: at('expires_date').notNull(),
    revokedDate: at('revoked_date'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.id] }),
    uniqueIndex('auth_sessions_id').on(table.id),
    index('auth_sessions_subject').on(table.siteId, table.subjectId),
  ],
);
export type AuthSessionRow = typeof authSessions.$inferSelect;

/** Rotating refresh tokens, stored as SHA-256 hashes; a used one presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    siteId: uuid('site_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    createdDate: created(),
    expiresDate: at('expires_date').notNull(),
    usedDate: at('used_date'),
  },
  (table) => [index('refresh_tokens_session').on(table.siteId, table.sessionId)],
);

/** Authorization codes of the PKCE flow: hashed, single-use, short-lived. */
export const authorizationCodes = pgTable('authorization_codes', {
  codeHash: text('code_hash').primaryKey(),
  siteId: uuid('site_id').notNull(),
  clientId: uuid('client_id').notNull(),
  identityId: uuid('identity_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scope: text('scope').notNull(),
  createdDate: created(),
  expiresDate: at('expires_date').notNull(),
  usedDate: at('used_date'),
  /** The session the code was exchanged for, revoked when the code is replayed. */
  sessionId: uuid('session_id'),
});

/**
 * Short-lived one-time tokens, hashed: session tokens (login → member tokens), state tokens (email
 * verification with a mailed code), recovery tokens and staff invitations.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    siteId: uuid('site_id').notNull(),
    kind: text('kind', { enum: ['SESSION', 'STATE', 'RECOVERY', 'INVITATION'] }).notNull(),
    identityId: uuid('identity_id'),
    /** For STATE: the hashed code and what to do once it is verified; for INVITATION: email and role. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdDate: created(),
    expiresDate: at('expires_date').notNull(),
    usedDate: at('used_date'),
  },
  (table) => [index('one_time_tokens_site_kind').on(table.siteId, table.kind)],
);
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

/** API keys of apps: `atr_<id>_<secret>`; only the secret's SHA-256 is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    siteId: uuid('site_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by'),
    createdDate: created(),
    revokedDate: at('revoked_date'),
    lastUsedDate: at('last_used_date'),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.id] }), uniqueIndex('api_keys_id').on(table.id)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
