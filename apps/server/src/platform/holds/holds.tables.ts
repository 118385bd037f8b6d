import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Limited capacity (stock of an item, tickets of a definition, uses of a coupon): how much there is and
 * how much is sold for good. Holds count against it only until they expire (holds.service.ts); whoever
 * makes it less available locks this row first.
 */
export const holdCapacities = pgTable(
  'platform_hold_capacities',
  {
    siteId: uuid('site_id').notNull(),
    /** What is limited, named by its module, e.g. `stores.inventory:<item id>`. */
    key: text('key').notNull(),
    total: integer('total').notNull(),
    committed: integer('committed').notNull().default(0),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.key] }),
    check('platform_hold_capacities_valid', sql`${table.total} >= 0 AND ${table.committed} >= 0`),
  ],
);
export type HoldCapacityRow = typeof holdCapacities.$inferSelect;

/** Capacity an owner (a cart, checkout, reservation or order) holds until `expires_at`. */
export const holds = pgTable(
  'platform_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    /** The module that took it: the sweep emits `<kind>.hold.expired`. */
    kind: text('kind').notNull(),
    capacityKey: text('capacity_key').notNull(),
    quantity: integer('quantity').notNull(),
    owner: text('owner').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // One hold per owner and capacity: asking again extends it.
    uniqueIndex('platform_holds_owner_idx').on(table.siteId, table.capacityKey, table.owner),
    index('platform_holds_owner_lookup_idx').on(table.siteId, table.owner),
    index('platform_holds_expires_idx').on(table.expiresAt),
    check('platform_holds_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
export type HoldRow = typeof holds.$inferSelect;
