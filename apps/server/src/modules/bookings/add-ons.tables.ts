import { index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampColumns } from '../../platform/db/columns.ts';

/**
 * Add-ons (`add-ons.service.ts`): extras a service offers through its add-on groups. The price is a
 * NUMERIC in the site's currency; media, extended fields and tags are kept as the client sent them.
 */
export const bookingAddOns = pgTable(
  'bookings_add_ons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    price: numeric('price', { precision: 20, scale: 6 }).notNull(),
    currency: text('currency').notNull(),
    durationInMinutes: integer('duration_in_minutes'),
    maxQuantity: integer('max_quantity'),
    /** taxGroup, mainMedia, extendedFields and tags. */
    doc: jsonb('doc').notNull().$type<Record<string, unknown>>().default({}),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [index('bookings_add_ons_site_created').on(table.siteId, table.createdDate)],
);
export type AddOnRow = typeof bookingAddOns.$inferSelect;
export type NewAddOnRow = typeof bookingAddOns.$inferInsert;
