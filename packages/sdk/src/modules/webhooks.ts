import type { z } from 'zod';
import type {
  createWebhookSubscriptionRequestSchema,
  updateWebhookSubscriptionRequestSchema,
  webhookAttemptsResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookSubscription,
  webhookStatsResponseSchema,
  webhookSubscriptionResponseSchema,
  webhookSubscriptionsResponseSchema,
  webhookSubscriptionWithSecretResponseSchema,
} from '@atrium/contract/webhooks';
import { defineModule } from '../client.ts';
import type { WithDates } from '../dates.ts';

export type { WebhookDelivery, WebhookSubscription };
export type WebhookSubscriptionInput = z.input<typeof createWebhookSubscriptionRequestSchema>['subscription'];
export type WebhookSubscriptionChange = z.input<
  typeof updateWebhookSubscriptionRequestSchema
>['subscription'];
export type WebhookSubscriptionWithSecret = WithDates<
  z.infer<typeof webhookSubscriptionWithSecretResponseSchema>
>;
export type WebhookDeliveriesPage = WithDates<z.infer<typeof webhookDeliveriesResponseSchema>>;
export type WebhookAttemptsPage = WithDates<z.infer<typeof webhookAttemptsResponseSchema>>;
export type WebhookStats = WithDates<z.infer<typeof webhookStatsResponseSchema>['stats']>;

const base = '/webhooks/v1/subscriptions';
const path = (id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;

/**
 * Webhook subscriptions and their delivery log (owner or an API key with `webhooks.manage`). Receivers
 * check deliveries with `verifyWebhook` from `@atrium/sdk/webhooks`.
 * @example
 * const client = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { webhooks } });
 * const { subscription, secret } = await client.webhooks.createSubscription({
 *   url: 'https://hooks.example.com/atrium',
 *   eventTypes: ['bookings.*', 'ecom.order.paid'],
 * });
 */
export const webhooks = defineModule({
  /** `POST /webhooks/v1/subscriptions`: `secret` is returned here only; keep it with the receiver. */
  createSubscription:
    (context) =>
    async (subscription: WebhookSubscriptionInput): Promise<WebhookSubscriptionWithSecret> =>
      context.request({ method: 'POST', path: base, body: { subscription } }),

  listSubscriptions: (context) => async (): Promise<WithDates<WebhookSubscription>[]> =>
    (await context.request<z.infer<typeof webhookSubscriptionsResponseSchema>>({ method: 'GET', path: base }))
      .subscriptions,

  getSubscription:
    (context) =>
    async (id: string): Promise<WithDates<WebhookSubscription>> =>
      (
        await context.request<z.infer<typeof webhookSubscriptionResponseSchema>>({
          method: 'GET',
          path: path(id),
        })
      ).subscription,

  /** Changes the fields given; `enabled: true` on a disabled subscription sends what waited. */
  updateSubscription:
    (context) =>
    async (id: string, subscription: WebhookSubscriptionChange): Promise<WithDates<WebhookSubscription>> =>
      (
        await context.request<z.infer<typeof webhookSubscriptionResponseSchema>>({
          method: 'PATCH',
          path: path(id),
          body: { subscription },
        })
      ).subscription,

  deleteSubscription:
    (context) =>
    async (id: string): Promise<void> => {
      await context.request({ method: 'DELETE', path: path(id) });
    },

  /** A new signing secret; the previous one keeps signing for `previousSecretExpiresInHours` (default 24). */
  rotateSecret:
    (context) =>
    async (
      id: string,
      options: { previousSecretExpiresInHours?: number } = {},
    ): Promise<WebhookSubscriptionWithSecret> =>
      context.request({ method: 'POST', path: path(id, '/rotate-secret'), body: options }),

  /** Queues a `webhooks.test.sent` delivery to this subscription. */
  sendTest:
    (context) =>
    async (id: string): Promise<WithDates<WebhookDelivery>> =>
      (
        await context.request<z.infer<typeof webhookDeliveryResponseSchema>>({
          method: 'POST',
          path: path(id, '/test'),
          body: {},
        })
      ).delivery,

  listDeliveries:
    (context) =>
    async (
      id: string,
      options: { limit?: number; offset?: number; status?: WebhookDeliveryStatus } = {},
    ): Promise<WebhookDeliveriesPage> =>
      context.request({ method: 'GET', path: path(id, '/deliveries'), query: options }),

  /** Each attempt: status, latency, response code and the first KiB of the answer. */
  listAttempts:
    (context) =>
    async (id: string, options: { limit?: number; offset?: number } = {}): Promise<WebhookAttemptsPage> =>
      context.request({ method: 'GET', path: path(id, '/attempts'), query: options }),

  /** Sends a finished delivery's message again (same `webhook-id`). */
  resendDelivery:
    (context) =>
    async (deliveryId: string): Promise<WithDates<WebhookDelivery>> =>
      (
        await context.request<z.infer<typeof webhookDeliveryResponseSchema>>({
          method: 'POST',
          path: `/webhooks/v1/deliveries/${encodeURIComponent(deliveryId)}/resend`,
          body: {},
        })
      ).delivery,

  /** Sends again every delivery that failed for good since `since`; how many. */
  recoverFailed:
    (context) =>
    async (id: string, since: Date | string): Promise<number> =>
      (
        await context.request<{ recovered: number }>({
          method: 'POST',
          path: path(id, '/recover'),
          body: { since: typeof since === 'string' ? since : since.toISOString() },
        })
      ).recovered,

  /** Attempts and success rate since `since` (default: the last 7 days). */
  getStats:
    (context) =>
    async (id: string, since?: Date): Promise<WebhookStats> =>
      (
        await context.request<z.infer<typeof webhookStatsResponseSchema>>({
          method: 'GET',
          path: path(id, '/stats'),
          ...(since ? { query: { since: since.toISOString() } } : {}),
        })
      ).stats,
});
