import { z } from 'zod';
import { offsetPagingMetadataSchema } from './query.ts';

/**
 * Which events a subscription hears: an exact event type (`ecom.order.paid`), every event of a prefix
 * ending in `.*` or `_*` (`bookings.*`, `bookings.booking.*`, `data_item_*`) or everything (`*`).
 * @example "bookings.*"
 */
export const webhookEventTypePatternSchema = z
  .string()
  .max(200)
  .regex(
    /^(\*|[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*(\.\*)?|[a-z][A-Za-z0-9_.]*_\*)$/,
    'must be an event type such as ecom.order.paid, a prefix such as bookings.* or data_item_*, or *',
  );

/** `FULL`: the entity as the API returns it; `THIN`: only the ids (the receiver fetches what it needs). */
export const webhookPayloadSchema = z.enum(['FULL', 'THIN']);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** Why a subscription stopped: the owner switched it off, the receiver answered 410, or it failed for days. */
export const webhookDisabledReasonSchema = z.enum(['BY_OWNER', 'ENDPOINT_GONE', 'SUSTAINED_FAILURE']);

/** A signing secret's public facts; the secret itself is shown only when it is made. */
export const webhookSecretInfoSchema = z.object({
  /** The first characters, to tell secrets apart (`whsec_AbCd…`). */
  prefix: z.string(),
  createdDate: z.iso.datetime(),
  /** Absent while current; a rotated-out secret keeps signing until then. */
  expiresDate: z.iso.datetime().optional(),
});

/**
 * One site's subscription to its domain events.
 * @example {"id":"…","url":"https://hooks.example.com/atrium","eventTypes":["bookings.*"],"enabled":true,"payload":"FULL"}
 */
export const webhookSubscriptionSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: webhookDisabledReasonSchema.optional(),
  payload: webhookPayloadSchema,
  secrets: z.array(webhookSecretInfoSchema),
  /** Since when every attempt has failed (absent while deliveries succeed). */
  failingSinceDate: z.iso.datetime().optional(),
  revision: z.string(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

const urlSchema = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2000);

export const createWebhookSubscriptionRequestSchema = z.object({
  subscription: z.object({
    url: urlSchema,
    eventTypes: z.array(webhookEventTypePatternSchema).min(1).max(50),
    description: z.string().max(500).default(''),
    enabled: z.boolean().default(true),
    payload: webhookPayloadSchema.default('FULL'),
  }),
});
export type CreateWebhookSubscriptionRequest = z.input<typeof createWebhookSubscriptionRequestSchema>;

export const updateWebhookSubscriptionRequestSchema = z.object({
  subscription: z.object({
    url: urlSchema.optional(),
    eventTypes: z.array(webhookEventTypePatternSchema).min(1).max(50).optional(),
    description: z.string().max(500).optional(),
    enabled: z.boolean().optional(),
    payload: webhookPayloadSchema.optional(),
  }),
});
export type UpdateWebhookSubscriptionRequest = z.input<typeof updateWebhookSubscriptionRequestSchema>;

export const webhookSubscriptionResponseSchema = z.object({ subscription: webhookSubscriptionSchema });
export const webhookSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(webhookSubscriptionSchema),
});

/** Creation and rotation: `secret` (`whsec_` + base64) is shown here once; keep it with the receiver. */
export const webhookSubscriptionWithSecretResponseSchema = z.object({
  subscription: webhookSubscriptionSchema,
  secret: z.string(),
});

export const rotateWebhookSecretRequestSchema = z.object({
  /** How long the previous secret keeps signing beside the new one (0 ends it at once). */
  previousSecretExpiresInHours: z.number().int().min(0).max(168).default(24),
});

export const webhookDeliveryStatusSchema = z.enum(['PENDING', 'SENDING', 'SUCCEEDED', 'FAILED']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One message on its way to one subscription; `webhookId` is the `webhook-id` header, the same on every try. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  subscriptionId: z.uuid(),
  webhookId: z.uuid(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attemptCount: z.number().int(),
  nextAttemptDate: z.iso.datetime().optional(),
  createdDate: z.iso.datetime(),
  updatedDate: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** One HTTP request to the receiver; `responseBody` holds the first KiB of the answer. */
export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  deliveryId: z.uuid(),
  webhookId: z.uuid(),
  eventType: z.string(),
  attemptNumber: z.number().int(),
  status: z.enum(['SUCCEEDED', 'FAILED']),
  responseCode: z.number().int().optional(),
  responseBody: z.string().optional(),
  /** Why no answer came (timeout, refused address, connection error). */
  error: z.string().optional(),
  latencyMs: z.number().int(),
  attemptedDate: z.iso.datetime(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: webhookDeliveryStatusSchema.optional(),
});

export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  pagingMetadata: offsetPagingMetadataSchema,
});
export const webhookAttemptsResponseSchema = z.object({
  attempts: z.array(webhookAttemptSchema),
  pagingMetadata: offsetPagingMetadataSchema,
});
export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });

export const recoverWebhookDeliveriesRequestSchema = z.object({
  /** Every delivery that failed for good and was created at or after this time is sent again. */
  since: z.iso.datetime(),
});
export const recoverWebhookDeliveriesResponseSchema = z.object({ recovered: z.number().int() });

export const webhookStatsQuerySchema = z.object({ since: z.iso.datetime().optional() });
/** Attempts since `since` (default: the last 7 days) and the share that succeeded (0..1; 1 with none). */
export const webhookStatsResponseSchema = z.object({
  stats: z.object({
    since: z.iso.datetime(),
    attempts: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    successRate: z.number(),
  }),
});

/** The event type of a test send: it reaches a subscription whatever types it hears. */
export const webhookTestEventType = 'webhooks.test.sent';

/**
 * What a receiver gets as the request body. `data` is the event's entity (`FULL`) or its ids (`THIN`).
 * @example {"id":"…","type":"bookings.booking.created","siteId":"…","createdDate":"2026-11-22T10:00:00.000Z","data":{"booking":{"id":"…"}}}
 */
export const webhookEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  siteId: z.uuid(),
  createdDate: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

export const webhookErrorCodes = {
  addressNotAllowed: 'WEBHOOK_ADDRESS_NOT_ALLOWED',
  httpsRequired: 'WEBHOOK_HTTPS_REQUIRED',
  subscriptionDisabled: 'WEBHOOK_SUBSCRIPTION_DISABLED',
  deliveryNotFinished: 'WEBHOOK_DELIVERY_NOT_FINISHED',
} as const;
