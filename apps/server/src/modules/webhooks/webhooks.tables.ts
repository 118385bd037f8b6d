import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { timestampColumns } from '../../platform/db/columns.ts';

export interface StoredWebhookSecret {
  /** AES-GCM sealed (platform/secrets/sealing.ts). */
  sealed: string;
  prefix: string;
  createdDate: string;
  expiresDate?: string;
}

export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason', {
      enum: ['BY_OWNER', 'ENDPOINT_GONE', 'SUSTAINED_FAILURE'],
    }),
    payload: text('payload', { enum: ['FULL', 'THIN'] })
      .notNull()
      .default('FULL'),
    secrets: jsonb('secrets').$type<StoredWebhookSecret[]>().notNull(),
    failingSinceDate: timestamp('failing_since_date', { withTimezone: true, mode: 'date' }),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [index('webhook_subscriptions_site').on(table.siteId, table.createdDate)],
);
export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/** One emitted event that at least one subscription heard; `id` is the `webhook-id` of every delivery. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The entity the event is about: deliveries of one entity to one endpoint go out in order. */
    entityKey: text('entity_key').notNull(),
    data: jsonb('data').notNull(),
    /** The ids only, for THIN subscriptions. */
    thinData: jsonb('thin_data').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('webhook_messages_site_created').on(table.siteId, table.createdDate)],
);
export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    entityKey: text('entity_key').notNull(),
    /** Commit order per (subscription, entity): an earlier unfinished row holds the later ones back. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['PENDING', 'SENDING', 'SUCCEEDED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptDate: timestamp('next_attempt_date', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** While SENDING: when the attempt counts as lost (its process died) and may be claimed again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    ...timestampColumns(),
  },
  (table) => [
    index('webhook_deliveries_due')
      .on(table.subscriptionId, table.nextAttemptDate)
      .where(sql`${table.status} IN ('PENDING', 'SENDING')`),
    index('webhook_deliveries_entity_order')
      .on(table.subscriptionId, table.entityKey, table.sequence)
      .where(sql`${table.status} IN ('PENDING', 'SENDING')`),
    index('webhook_deliveries_log').on(table.subscriptionId, table.createdDate),
    uniqueIndex('webhook_deliveries_sequence').on(table.sequence),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptNumber: integer('attempt_number').notNull(),
    succeeded: boolean('succeeded').notNull(),
    responseCode: integer('response_code'),
    responseBody: text('response_body'),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    attemptedDate: timestamp('attempted_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_attempts_log').on(table.subscriptionId, table.attemptedDate),
    // One row per attempt number: a second process recording the same attempt fails instead.
    uniqueIndex('webhook_attempts_once').on(table.deliveryId, table.attemptNumber),
  ],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
