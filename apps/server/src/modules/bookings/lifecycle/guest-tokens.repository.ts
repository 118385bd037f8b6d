import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { bookingGuestTokens, type BookingGuestTokenRow, type GuestTokenKind } from './guest-tokens.tables.ts';

/** The guest tokens' table: insert one, find one by its hash within a site. */
export function createGuestTokensRepository(db: Executor) {
  return {
    async insert(
      values: Pick<BookingGuestTokenRow, 'siteId' | 'tokenHash' | 'kind' | 'targetId' | 'expiresDate'>,
      executor: Executor = db,
    ): Promise<void> {
      await executor.insert(bookingGuestTokens).values(values);
    },

    async find(
      siteId: string,
      tokenHash: string,
      kind: GuestTokenKind,
      executor: Executor = db,
    ): Promise<BookingGuestTokenRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookingGuestTokens)
        .where(
          and(
            eq(bookingGuestTokens.siteId, siteId),
            eq(bookingGuestTokens.tokenHash, tokenHash),
            eq(bookingGuestTokens.kind, kind),
          ),
        )
        .limit(1);
      return row;
    },
  };
}

export type GuestTokensRepository = ReturnType<typeof createGuestTokensRepository>;
