import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampColumns } from '../../platform/db/columns.ts';
import type {
  CartDoc,
  CheckoutDoc,
  LineDoc,
  OrderDoc,
  OrderLineDoc,
  PaymentDoc,
  RefundDoc,
} from './ecom-docs.ts';

/**
 * Commerce: carts, checkouts, orders and their payments and refunds. A cart's or checkout's lines are one
 * jsonb array in its row, so reading or writing a cart of 100 lines costs the same statements as one line.
 * Amounts are `numeric` holding the amount rounded to the site's currency.
 */

/** A buyer's cart: the current cart of a visitor or member, or a cart the business made by id. */
export const ecomCarts = pgTable(
  'ecom_carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    /** The anonymous visitor (their token's identity) or the member the cart belongs to. */
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    /** Whether this is its buyer's current cart (a cart made by id for the business is not). */
    current: boolean('current').notNull().default(false),
    currency: text('currency').notNull(),
    lineItems: jsonb('line_items').$type<LineDoc[]>().notNull().default([]),
    doc: jsonb('doc').$type<CartDoc>().notNull().default({}),
    /** The checkout last created from this cart. */
    checkoutId: uuid('checkout_id'),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('ecom_carts_current_member')
      .on(table.siteId, table.memberId)
      .where(sql`${table.current} AND ${table.memberId} IS NOT NULL`),
    uniqueIndex('ecom_carts_current_visitor')
      .on(table.siteId, table.visitorId)
      .where(sql`${table.current} AND ${table.memberId} IS NULL AND ${table.visitorId} IS NOT NULL`),
    index('ecom_carts_checkout').on(table.siteId, table.checkoutId),
  ],
);
export type CartRow = typeof ecomCarts.$inferSelect;

/** A checkout: the lines being bought, who buys them, where to, and whether it became an order. */
export const ecomCheckouts = pgTable(
  'ecom_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    cartId: uuid('cart_id'),
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    currency: text('currency').notNull(),
    lineItems: jsonb('line_items').$type<LineDoc[]>().notNull().default([]),
    doc: jsonb('doc').$type<CheckoutDoc>().notNull().default({}),
    /** The order this checkout became; set once (completion is idempotent). */
    orderId: uuid('order_id'),
    completed: boolean('completed').notNull().default(false),
    /** Until when the checkout's stock and bookings are held for the buyer (null: nothing held). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [index('ecom_checkouts_cart').on(table.siteId, table.cartId)],
);
export type CheckoutRow = typeof ecomCheckouts.$inferSelect;

/** The next order number of each site (numbers count up per site, not from one shared sequence). */
export const ecomOrderCounters = pgTable('ecom_order_counters', {
  siteId: uuid('site_id').primaryKey(),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});

/** An order: a snapshot of what was bought, by whom, for how much, and how far it is paid and fulfilled. */
export const ecomOrders = pgTable(
  'ecom_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    /** The checkout that became this order: unique, so a checkout completes into at most one order. */
    checkoutId: uuid('checkout_id'),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    fulfillmentStatus: text('fulfillment_status').notNull(),
    currency: text('currency').notNull(),
    total: numeric('total', { precision: 20, scale: 3 }).notNull(),
    /** What was paid (approved and captured payments) and refunded so far. */
    paid: numeric('paid', { precision: 20, scale: 3 }).notNull().default('0'),
    refunded: numeric('refunded', { precision: 20, scale: 3 }).notNull().default('0'),
    visitorId: text('visitor_id'),
    memberId: text('member_id'),
    buyerEmail: text('buyer_email'),
    tags: text('tags').array().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    /** Whether the lines' stock was committed (per the inventory trigger) and not given back since. */
    stockCommitted: boolean('stock_committed').notNull().default(false),
    lineItems: jsonb('line_items').$type<OrderLineDoc[]>().notNull(),
    doc: jsonb('doc').$type<OrderDoc>().notNull(),
    purchasedDate: timestamp('purchased_date', { withTimezone: true, mode: 'date' }),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('ecom_orders_number').on(table.siteId, table.number),
    uniqueIndex('ecom_orders_checkout').on(table.checkoutId),
    index('ecom_orders_created').on(table.siteId, table.createdDate, table.id),
    index('ecom_orders_member').on(table.siteId, table.memberId),
    index('ecom_orders_tags').using('gin', table.tags),
    check('ecom_orders_refund_within_paid', sql`${table.refunded} <= ${table.paid}`),
  ],
);
export type OrderRow = typeof ecomOrders.$inferSelect;

/** A payment of an order (order transactions): approved, authorized, pending, declined, voided. */
export const ecomPayments = pgTable(
  'ecom_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** Which gateway took it: `offline` (manual, in person) or `test` (the built-in card processor). */
    gateway: text('gateway').notNull(),
    /** The gateway's id for the charge (the test gateway's charge id). */
    gatewayChargeId: text('gateway_charge_id'),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 20, scale: 3 }).notNull(),
    /** Refunded from this payment so far: never more than the amount (changed only under a row lock). */
    refunded: numeric('refunded', { precision: 20, scale: 3 }).notNull().default('0'),
    doc: jsonb('doc').$type<PaymentDoc>().notNull().default({}),
    ...timestampColumns(),
  },
  (table) => [
    index('ecom_payments_order').on(table.siteId, table.orderId),
    uniqueIndex('ecom_payments_gateway_charge').on(table.gateway, table.gatewayChargeId),
    check(
      'ecom_payments_refund_within_amount',
      sql`${table.refunded} >= 0 AND ${table.refunded} <= ${table.amount}`,
    ),
  ],
);
export type PaymentRow = typeof ecomPayments.$inferSelect;

/** A refund of an order: the amounts taken back from each payment, and whether it went through. */
export const ecomRefunds = pgTable(
  'ecom_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    orderId: uuid('order_id').notNull(),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 20, scale: 3 }).notNull(),
    doc: jsonb('doc').$type<RefundDoc>().notNull(),
    ...timestampColumns(),
  },
  (table) => [index('ecom_refunds_order').on(table.siteId, table.orderId)],
);
export type RefundRow = typeof ecomRefunds.$inferSelect;

/**
 * The built-in test gateway's own book, as a card processor keeps it: charges (authorized, captured,
 * voided, declined, pending) with what was captured and refunded, found again by idempotency key.
 */
export const ecomTestGatewayCharges = pgTable(
  'ecom_test_gateway_charges',
  {
    id: text('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 20, scale: 3 }).notNull(),
    currency: text('currency').notNull(),
    captured: numeric('captured', { precision: 20, scale: 3 }).notNull().default('0'),
    refunded: numeric('refunded', { precision: 20, scale: 3 }).notNull().default('0'),
    /** Card brand and last four digits, the decline code, the reference the merchant gave (checkout id). */
    doc: jsonb('doc').$type<Record<string, unknown>>().notNull().default({}),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('ecom_test_gateway_charges_key').on(table.siteId, table.idempotencyKey),
    check(
      'ecom_test_gateway_charges_amounts',
      sql`${table.captured} <= ${table.amount} AND ${table.refunded} <= ${table.captured}`,
    ),
  ],
);
export type TestGatewayChargeRow = typeof ecomTestGatewayCharges.$inferSelect;

/** The test gateway's refunds, one per idempotency key. */
export const ecomTestGatewayRefunds = pgTable(
  'ecom_test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    chargeId: text('charge_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: numeric('amount', { precision: 20, scale: 3 }).notNull(),
    status: text('status').notNull(),
    ...timestampColumns(),
  },
  (table) => [uniqueIndex('ecom_test_gateway_refunds_key').on(table.siteId, table.idempotencyKey)],
);
