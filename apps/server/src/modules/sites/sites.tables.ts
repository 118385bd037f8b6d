import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export interface SiteBrandingRow {
  accentColor: string | null;
  logoUrl: string | null;
}

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    /** How the site's mails (and pages) look: `{accentColor, logoUrl}`, null for the defaults. */
    branding: jsonb('branding').$type<SiteBrandingRow>(),
    isDefault: boolean('is_default').notNull().default(false),
    /** `ACTIVE` or `DISABLED` (the operator's switch). */
    status: text('status').$type<'ACTIVE' | 'DISABLED'>().notNull().default('ACTIVE'),
    disabledDate: timestamp('disabled_date', { withTimezone: true, mode: 'date' }),
    revision: integer('revision').notNull().default(1),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sites_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/** The host names a site answers to; a host belongs to at most one site. `position` 0 is used in links. */
export const siteHosts = pgTable(
  'site_hosts',
  {
    host: text('host').primaryKey(),
    siteId: uuid('site_id').notNull(),
    position: integer('position').notNull().default(0),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('site_hosts_site').on(table.siteId, table.position)],
);

/**
 * Keys of the deployment's operator: they manage sites (`/sites/v1/sites`) and reach nothing inside a
 * site. Only the CLI makes them; the secret is stored as its SHA-256.
 */
export const operatorApiKeys = pgTable('operator_api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastUsedDate: timestamp('last_used_date', { withTimezone: true, mode: 'date' }),
  revokedDate: timestamp('revoked_date', { withTimezone: true, mode: 'date' }),
});

export type SiteRow = typeof sites.$inferSelect;
export type SiteHostRow = typeof siteHosts.$inferSelect;
export type OperatorApiKeyRow = typeof operatorApiKeys.$inferSelect;
