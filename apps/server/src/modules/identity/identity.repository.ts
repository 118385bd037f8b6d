import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  apiKeys,
  authSessions,
  authorizationCodes,
  identities,
  identitySettings,
  oauthClients,
  oneTimeTokens,
  refreshTokens,
  signingKeys,
  type ApiKeyRow,
  type AuthSessionRow,
  type IdentityRow,
  type IdentitySettingsRow,
  type OauthClientRow,
  type OneTimeTokenRow,
  type SigningKeyRow,
} from './identity.tables.ts';

export type NewIdentity = Pick<IdentityRow, 'siteId' | 'identityType' | 'status' | 'email'> &
  Partial<Pick<IdentityRow, 'pendingReason' | 'emailVerified' | 'passwordHash' | 'role' | 'profile'>>;
export type IdentityChanges = Partial<
  Pick<
    IdentityRow,
    | 'email'
    | 'status'
    | 'pendingReason'
    | 'emailVerified'
    | 'passwordHash'
    | 'role'
    | 'profile'
    | 'lastLoginDate'
  >
>;

/** The only file of the module that speaks Drizzle. Every query on site data is scoped by `siteId`. */
export function createIdentityRepository(db: Executor) {
  return {
    // identities
    async findIdentity(siteId: string, id: string, x: Executor = db): Promise<IdentityRow | undefined> {
      const [row] = await x
        .select()
        .from(identities)
        .where(and(eq(identities.siteId, siteId), eq(identities.id, id)))
        .limit(1);
      return row;
    },

    /** Sites where an active owner or staff user has this email (the dashboard's site switcher). */
    async findStaffSiteIds(email: string, x: Executor = db): Promise<string[]> {
      const rows = await x
        .select({ siteId: identities.siteId })
        .from(identities)
        .where(
          and(
            eq(identities.identityType, 'WIX_USER'),
            eq(identities.email, email),
            eq(identities.status, 'ACTIVE'),
          ),
        );
      return rows.map((row) => row.siteId);
    },

    /** Active dashboard users (WIX_USER) of the site by lower-cased email: id by email. */
    async activeDashboardUsersByEmail(
      siteId: string,
      emails: readonly string[],
      x: Executor = db,
    ): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map();
      const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
      const rows = await x
        .select({ id: identities.id, email: sql<string>`lower(${identities.email})` })
        .from(identities)
        .where(
          and(
            eq(identities.siteId, siteId),
            eq(identities.identityType, 'WIX_USER'),
            eq(identities.status, 'ACTIVE'),
            inArray(sql`lower(${identities.email})`, lowered),
          ),
        );
      return new Map(rows.map((row) => [row.email, row.id]));
    },

    async findIdentityByEmail(
      siteId: string,
      identityType: IdentityRow['identityType'],
      email: string,
      x: Executor = db,
    ): Promise<IdentityRow | undefined> {
      const [row] = await x
        .select()
        .from(identities)
        .where(
          and(
            eq(identities.siteId, siteId),
            eq(identities.identityType, identityType),
            eq(identities.email, email),
          ),
        )
        .limit(1);
      return row;
    },

    async insertIdentity(identity: NewIdentity, x: Executor = db): Promise<IdentityRow> {
      const [row] = await x.insert(identities).values(identity).returning();
      return row!;
    },

    async updateIdentity(
      siteId: string,
      id: string,
      changes: IdentityChanges,
      x: Executor = db,
    ): Promise<IdentityRow | undefined> {
      const [row] = await x
        .update(identities)
        .set({ ...changes, revision: sql`${identities.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(identities.siteId, siteId), eq(identities.id, id)))
        .returning();
      return row;
    },

    async listIdentities(
      siteId: string,
      identityType: IdentityRow['identityType'],
      filter: { status?: IdentityRow['status']; limit: number; offset: number },
      x: Executor = db,
    ): Promise<{ rows: IdentityRow[]; total: number }> {
      const where = and(
        eq(identities.siteId, siteId),
        eq(identities.identityType, identityType),
        filter.status ? eq(identities.status, filter.status) : ne(identities.status, 'DELETED'),
      );
      const rows = await x
        .select()
        .from(identities)
        .where(where)
        .orderBy(asc(identities.createdDate), asc(identities.id))
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await x.select({ value: count() }).from(identities).where(where);
      return { rows, total: Number(total?.value ?? 0) };
    },

    async countActiveOwners(siteId: string, x: Executor = db): Promise<number> {
      const [row] = await x
        .select({ value: count() })
        .from(identities)
        .where(
          and(
            eq(identities.siteId, siteId),
            eq(identities.identityType, 'WIX_USER'),
            eq(identities.role, 'OWNER'),
            eq(identities.status, 'ACTIVE'),
          ),
        );
      return Number(row?.value ?? 0);
    },

    // settings
    async findSettings(siteId: string, x: Executor = db): Promise<IdentitySettingsRow | undefined> {
      const [row] = await x
        .select()
        .from(identitySettings)
        .where(eq(identitySettings.siteId, siteId))
        .limit(1);
      return row;
    },

    async upsertSettings(
      siteId: string,
      changes: Partial<
        Pick<
          IdentitySettingsRow,
          'requireEmailVerification' | 'requireOwnerApproval' | 'captchaOnRegister' | 'captchaOnLogin'
        >
      >,
      x: Executor = db,
    ): Promise<IdentitySettingsRow> {
      const [row] = await x
        .insert(identitySettings)
        .values({ siteId, ...changes })
        .onConflictDoUpdate({
          target: identitySettings.siteId,
          set: { ...changes, revision: sql`${identitySettings.revision} + 1`, updatedDate: sql`now()` },
        })
        .returning();
      return row!;
    },

    // OAuth clients
    /** A clientId is public and names its site; this lookup is how the token endpoint finds the site. */
    async findClient(clientId: string, x: Executor = db): Promise<OauthClientRow | undefined> {
      const [row] = await x.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
      return row;
    },

    async findDefaultClient(siteId: string, x: Executor = db): Promise<OauthClientRow | undefined> {
      const [row] = await x
        .select()
        .from(oauthClients)
        .where(and(eq(oauthClients.siteId, siteId), eq(oauthClients.isDefault, true)))
        .limit(1);
      return row;
    },

    /** Safe when several processes start at once: the partial unique index keeps one default per site. */
    async insertDefaultClientIfMissing(
      siteId: string,
      redirectUris: string[],
      x: Executor = db,
    ): Promise<OauthClientRow> {
      await x
        .insert(oauthClients)
        .values({ siteId, name: 'Default client', redirectUris, isDefault: true })
        .onConflictDoNothing({ target: oauthClients.siteId, where: sql`${oauthClients.isDefault}` });
      const [row] = await x
        .select()
        .from(oauthClients)
        .where(and(eq(oauthClients.siteId, siteId), eq(oauthClients.isDefault, true)))
        .limit(1);
      return row!;
    },

    async listClients(siteId: string, x: Executor = db): Promise<OauthClientRow[]> {
      return x
        .select()
        .from(oauthClients)
        .where(eq(oauthClients.siteId, siteId))
        .orderBy(asc(oauthClients.createdDate));
    },

    async updateClientRedirectUris(
      siteId: string,
      clientId: string,
      redirectUris: string[],
      x: Executor = db,
    ): Promise<OauthClientRow | undefined> {
      const [row] = await x
        .update(oauthClients)
        .set({ redirectUris })
        .where(and(eq(oauthClients.siteId, siteId), eq(oauthClients.id, clientId)))
        .returning();
      return row;
    },

    // signing keys (deployment-wide, not site data)
    async listSigningKeys(x: Executor = db): Promise<SigningKeyRow[]> {
      return x.select().from(signingKeys).orderBy(desc(signingKeys.createdDate), desc(signingKeys.kid));
    },

    async insertSigningKey(key: Omit<SigningKeyRow, 'createdDate' | 'retiredDate'>, x: Executor = db) {
      await x.insert(signingKeys).values(key);
    },

    async sealSigningKey(kid: string, privateJwk: { sealed: string }, x: Executor = db) {
      await x.update(signingKeys).set({ privateJwk }).where(eq(signingKeys.kid, kid));
    },

    async retireSigningKeysExcept(kid: string, x: Executor = db) {
      await x
        .update(signingKeys)
        .set({ retiredDate: sql`now()` })
        .where(and(ne(signingKeys.kid, kid), isNull(signingKeys.retiredDate)));
    },

    // sessions and refresh tokens
    async insertSession(
      session: Pick<AuthSessionRow, 'siteId' | 'subjectType' | 'subjectId' | 'clientId' | 'expiresDate'>,
      x: Executor = db,
    ): Promise<AuthSessionRow> {
      const [row] = await x.insert(authSessions).values(session).returning();
      return row!;
    },

    async findSession(sessionId: string, x: Executor = db): Promise<AuthSessionRow | undefined> {
      const [row] = await x.select().from(authSessions).where(eq(authSessions.id, sessionId)).limit(1);
      return row;
    },

    async extendSession(sessionId: string, expiresDate: Date, x: Executor = db) {
      await x.update(authSessions).set({ expiresDate }).where(eq(authSessions.id, sessionId));
    },

    async revokeSession(siteId: string, sessionId: string, reason: string, x: Executor = db) {
      await x
        .update(authSessions)
        .set({ revokedDate: sql`now()`, revokedReason: reason })
        .where(
          and(
            eq(authSessions.siteId, siteId),
            eq(authSessions.id, sessionId),
            isNull(authSessions.revokedDate),
          ),
        );
    },

    /** Ends every session of a subject (password change, block, key revocation), optionally but one. */
    async revokeSubjectSessions(
      siteId: string,
      subjectId: string,
      reason: string,
      exceptSessionId?: string,
      x: Executor = db,
    ) {
      await x
        .update(authSessions)
        .set({ revokedDate: sql`now()`, revokedReason: reason })
        .where(
          and(
            eq(authSessions.siteId, siteId),
            eq(authSessions.subjectId, subjectId),
            isNull(authSessions.revokedDate),
            exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
          ),
        );
    },

    async insertRefreshToken(
      token: { tokenHash: string; siteId: string; sessionId: string; expiresDate: Date },
      x: Executor = db,
    ) {
      await x.insert(refreshTokens).values(token);
    },

    async findRefreshToken(tokenHash: string, x: Executor = db) {
      const [row] = await x
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks a refresh token used; false when it already was (a concurrent or replayed use). */
    async useRefreshToken(tokenHash: string, x: Executor = db): Promise<boolean> {
      const rows = await x
        .update(refreshTokens)
        .set({ usedDate: sql`now()` })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedDate)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      return rows.length === 1;
    },

    // authorization codes
    async insertCode(code: typeof authorizationCodes.$inferInsert, x: Executor = db) {
      await x.insert(authorizationCodes).values(code);
    },

    async findCode(codeHash: string, x: Executor = db) {
      const [row] = await x
        .select()
        .from(authorizationCodes)
        .where(eq(authorizationCodes.codeHash, codeHash))
        .limit(1);
      return row;
    },

    async useCode(codeHash: string, x: Executor = db): Promise<boolean> {
      const rows = await x
        .update(authorizationCodes)
        .set({ usedDate: sql`now()` })
        .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.usedDate)))
        .returning({ codeHash: authorizationCodes.codeHash });
      return rows.length === 1;
    },

    async setCodeSession(codeHash: string, sessionId: string, x: Executor = db) {
      await x.update(authorizationCodes).set({ sessionId }).where(eq(authorizationCodes.codeHash, codeHash));
    },

    // one-time tokens
    async insertOneTimeToken(token: typeof oneTimeTokens.$inferInsert, x: Executor = db) {
      await x.insert(oneTimeTokens).values(token);
    },

    async findOneTimeToken(
      tokenHash: string,
      kind: OneTimeTokenRow['kind'],
      x: Executor = db,
    ): Promise<OneTimeTokenRow | undefined> {
      const [row] = await x
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.kind, kind),
            isNull(oneTimeTokens.usedDate),
            gt(oneTimeTokens.expiresDate, sql`now()`),
          ),
        )
        .limit(1);
      return row;
    },

    async useOneTimeToken(tokenHash: string, x: Executor = db): Promise<boolean> {
      const rows = await x
        .update(oneTimeTokens)
        .set({ usedDate: sql`now()` })
        .where(and(eq(oneTimeTokens.tokenHash, tokenHash), isNull(oneTimeTokens.usedDate)))
        .returning({ tokenHash: oneTimeTokens.tokenHash });
      return rows.length === 1;
    },

    async updateOneTimeToken(
      tokenHash: string,
      changes: Partial<Pick<OneTimeTokenRow, 'data' | 'attempts' | 'expiresDate'>>,
      x: Executor = db,
    ) {
      await x.update(oneTimeTokens).set(changes).where(eq(oneTimeTokens.tokenHash, tokenHash));
    },

    async countOneTimeTokenAttempt(tokenHash: string, x: Executor = db): Promise<number> {
      const [row] = await x
        .update(oneTimeTokens)
        .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
        .where(eq(oneTimeTokens.tokenHash, tokenHash))
        .returning({ attempts: oneTimeTokens.attempts });
      return row?.attempts ?? Number.MAX_SAFE_INTEGER;
    },

    /** Pending staff invitations of a site (INVITATION tokens not used and not expired). */
    async listInvitations(siteId: string, x: Executor = db): Promise<OneTimeTokenRow[]> {
      return x
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.siteId, siteId),
            eq(oneTimeTokens.kind, 'INVITATION'),
            isNull(oneTimeTokens.usedDate),
            gt(oneTimeTokens.expiresDate, sql`now()`),
          ),
        );
    },

    /** Housekeeping for the job queue: drops expired one-time tokens, codes and refresh tokens. */
    async deleteExpired(before: Date, x: Executor = db) {
      await x.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresDate, before));
      await x.delete(authorizationCodes).where(lt(authorizationCodes.expiresDate, before));
      await x
        .delete(refreshTokens)
        .where(or(lt(refreshTokens.expiresDate, before), lt(refreshTokens.usedDate, before)));
    },

    // API keys
    async insertApiKey(key: typeof apiKeys.$inferInsert, x: Executor = db): Promise<ApiKeyRow> {
      const [row] = await x.insert(apiKeys).values(key).returning();
      return row!;
    },

    /** Looks a key up by its id alone: the key names its site, as a clientId does. */
    async findApiKey(id: string, x: Executor = db): Promise<ApiKeyRow | undefined> {
      const [row] = await x.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      return row;
    },

    async listApiKeys(siteId: string, x: Executor = db): Promise<ApiKeyRow[]> {
      return x.select().from(apiKeys).where(eq(apiKeys.siteId, siteId)).orderBy(asc(apiKeys.createdDate));
    },

    async revokeApiKey(siteId: string, id: string, x: Executor = db): Promise<ApiKeyRow | undefined> {
      const [row] = await x
        .update(apiKeys)
        .set({ revokedDate: sql`coalesce(${apiKeys.revokedDate}, now())` })
        .where(and(eq(apiKeys.siteId, siteId), eq(apiKeys.id, id)))
        .returning();
      return row;
    },

    async touchApiKey(id: string, x: Executor = db) {
      // At most one write a minute per key, so hot keys do not turn every request into an update.
      await x
        .update(apiKeys)
        .set({ lastUsedDate: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedDate), lt(apiKeys.lastUsedDate, sql`now() - interval '1 minute'`)),
          ),
        );
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
