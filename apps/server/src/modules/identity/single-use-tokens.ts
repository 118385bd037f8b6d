import type { Executor } from '../../platform/db/database.ts';
import type { IdentityRepository } from './identity.repository.ts';
import type { OneTimeTokenRow } from './identity.tables.ts';
import { newToken, sha256 } from './secrets.ts';

export type SingleUseTokenKind = OneTimeTokenRow['kind'];

/** A readable prefix per kind, so a token pasted into the wrong place is recognisable in logs and support. */
const prefixes: Record<SingleUseTokenKind, string> = {
  SESSION: 'sess_',
  STATE: 'st_',
  RECOVERY: 'rec_',
  INVITATION: 'inv_',
};

/** A live token as `find` returned it: its row and what may still be done with it. */
export interface SingleUseToken {
  row: OneTimeTokenRow;
  /** Marks it used; false when another request used it first (so only one caller ever gets `true`). */
  use: (x?: Executor) => Promise<boolean>;
  /** Counts one more try at the code it carries and answers the count (STATE tokens). */
  countAttempt: () => Promise<number>;
  /** Replaces its data or extends it (a resent code). */
  update: (changes: Partial<Pick<OneTimeTokenRow, 'data' | 'expiresDate'>>, x?: Executor) => Promise<void>;
}

/**
 * The one way identity issues and redeems single-use tokens (login sessions, email-verification states,
 * password recovery, staff invitations): the caller holds the token, the database only its SHA-256, and
 * a token is good until its expiry or its first use, whichever comes first.
 */
export function createSingleUseTokens(repository: IdentityRepository) {
  return {
    /** A new token of `kind`, stored hashed; answers the token, which only its recipient ever sees. */
    async issue(
      kind: SingleUseTokenKind,
      fields: {
        siteId: string;
        identityId?: string | null;
        data?: Record<string, unknown>;
        expiresDate: Date;
      },
      x?: Executor,
    ): Promise<string> {
      const token = newToken(prefixes[kind]);
      await repository.insertOneTimeToken(
        {
          tokenHash: sha256(token),
          siteId: fields.siteId,
          kind,
          identityId: fields.identityId ?? null,
          ...(fields.data ? { data: fields.data } : {}),
          expiresDate: fields.expiresDate,
        },
        x,
      );
      return token;
    },

    /**
     * The token if it is of `kind`, unused, unexpired and (when `siteId` is given) of that site; undefined
     * otherwise, whichever the reason, so a caller cannot tell a foreign token from a made-up one.
     */
    async find(
      kind: SingleUseTokenKind,
      token: string,
      siteId?: string,
    ): Promise<SingleUseToken | undefined> {
      const tokenHash = sha256(token);
      const row = await repository.findOneTimeToken(tokenHash, kind);
      if (!row || (siteId !== undefined && row.siteId !== siteId)) return undefined;
      return {
        row,
        use: (x) => repository.useOneTimeToken(tokenHash, x),
        countAttempt: () => repository.countOneTimeTokenAttempt(tokenHash),
        update: (changes, x) => repository.updateOneTimeToken(tokenHash, changes, x),
      };
    },
  };
}

export type SingleUseTokens = ReturnType<typeof createSingleUseTokens>;
