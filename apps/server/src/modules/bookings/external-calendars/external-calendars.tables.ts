import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// External calendars of staff members. Imported busy time is not stored here: it goes to the availability
// ledger (bookings_busy_times, source EXTERNAL_CALENDAR, source_id = the calendar id), so availability
// reads it with everything else and a re-sync or disconnect replaces it with one DELETE.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const bookingExternalCalendars = pgTable(
  'bookings_external_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    staffMemberId: uuid('staff_member_id').notNull(),
    provider: text('provider').notNull(),
    connectionType: text('connection_type').notNull(),
    name: text('name'),
    /** The account's email given when connecting through the official client (connectByCredentials). */
    accountEmail: text('account_email'),
    /** The ICS URL as given; it often carries a secret, so the wire shows it redacted. */
    url: text('url').notNull(),
    /** CONNECTED, SYNC_IN_PROGRESS, SYNCED, DISCONNECTED or ERROR. */
    status: text('status').notNull(),
    disconnectReason: text('disconnect_reason'),
    lastSyncDate: at('last_sync_date'),
    /** When the running sync started; a sync older than the job's expiry counts as abandoned. */
    syncStartedDate: at('sync_started_date'),
    lastSyncError: jsonb('last_sync_error').$type<{ code: string; message: string; date: string }>(),
    busyIntervalCount: integer('busy_interval_count').notNull().default(0),
    createdDate: at('created_date').notNull().defaultNow(),
    updatedDate: at('updated_date').notNull().defaultNow(),
  },
  (table) => [
    index('bookings_external_calendars_staff_idx').on(table.siteId, table.staffMemberId),
    // The periodic sync scans every site's live calendars by status.
    index('bookings_external_calendars_status_idx').on(table.status, table.lastSyncDate),
  ],
);

/**
 * One private iCal feed per staff member. The token is a capability URL the owner must be able to read
 * again, so it is kept sealed (platform/secrets/sealing.ts) and looked up by its hash; rotating replaces it.
 */
export const bookingStaffCalendarFeeds = pgTable(
  'bookings_staff_calendar_feeds',
  {
    siteId: uuid('site_id').notNull(),
    staffMemberId: uuid('staff_member_id').primaryKey(),
    /** Sealed; a row written before sealing holds the token in clear until it is next read. */
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdDate: at('created_date').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bookings_staff_calendar_feeds_token_hash_idx').on(table.tokenHash)],
);

export type ExternalCalendarRow = typeof bookingExternalCalendars.$inferSelect;
export type StaffCalendarFeedRow = typeof bookingStaffCalendarFeeds.$inferSelect;
