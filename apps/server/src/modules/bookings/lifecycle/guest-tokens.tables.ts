import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Guest self-service tokens (`guest-self-service.ts`): each opens exactly one booking or one multi-service
 * booking of one site to whoever holds it, until it expires. Only the token's SHA-256 is stored.
 */
export const bookingGuestTokens = pgTable(
  'bookings_guest_tokens',
  {
    siteId: uuid('site_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** What the token opens: one booking, or one multi-service booking (and its bookings). */
    kind: text('kind', { enum: ['BOOKING', 'MULTI_SERVICE_BOOKING'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresDate: timestamp('expires_date', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.tokenHash] }),
    index('bookings_guest_tokens_target').on(table.siteId, table.targetId),
  ],
);
export type BookingGuestTokenRow = typeof bookingGuestTokens.$inferSelect;
export type GuestTokenKind = BookingGuestTokenRow['kind'];
