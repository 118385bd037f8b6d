import { useQuery } from '@tanstack/react-query';
import type { WebhookSubscriptionChange, WebhookSubscriptionInput } from '@atrium/sdk/modules/webhooks';
import { admin } from '../../shared/api/admin-client.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

const subscriptionsKey = ['dashboard', 'webhooks'] as const;
const logKey = (id: string) => ['dashboard', 'webhooks', id, 'log'] as const;

type WithSecret = Awaited<ReturnType<typeof admin.webhooks.createSubscription>>;

export function useWebhookSubscriptions(enabled: boolean) {
  return useQuery({ queryKey: subscriptionsKey, enabled, queryFn: () => admin.webhooks.listSubscriptions() });
}

/** A subscription's deliveries and attempts, refreshed while the log is open (deliveries come and go). */
export function useWebhookLog(subscriptionId: string | undefined) {
  return useQuery({
    queryKey: logKey(subscriptionId ?? ''),
    enabled: Boolean(subscriptionId),
    refetchInterval: 2000,
    queryFn: async () => {
      const [deliveries, attempts] = await Promise.all([
        admin.webhooks.listDeliveries(subscriptionId!, { limit: 50 }),
        admin.webhooks.listAttempts(subscriptionId!, { limit: 50 }),
      ]);
      return { deliveries: deliveries.deliveries, attempts: attempts.attempts };
    },
  });
}

/** A new subscription; its signing secret is in the answer, and only there. */
export function useCreateWebhook(options: ActionOptions<WithSecret, WebhookSubscriptionInput> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (input) => admin.webhooks.createSubscription(input),
    invalidates: [subscriptionsKey],
  });
}

export function useUpdateWebhook(
  options: ActionOptions<unknown, { id: string; change: WebhookSubscriptionChange }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ id, change }) => admin.webhooks.updateSubscription(id, change),
    invalidates: [subscriptionsKey],
  });
}

export function useDeleteWebhook(options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (id) => admin.webhooks.deleteSubscription(id),
    invalidates: [subscriptionsKey],
  });
}

/** A new secret; the previous one keeps signing for a day. */
export function useRotateWebhookSecret(options: ActionOptions<WithSecret, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (id) => admin.webhooks.rotateSecret(id),
    invalidates: [subscriptionsKey],
  });
}

export function useSendTestWebhook(options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (id) => admin.webhooks.sendTest(id),
    invalidates: [subscriptionsKey],
  });
}

export function useResendDelivery(subscriptionId: string, options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (deliveryId) => admin.webhooks.resendDelivery(deliveryId),
    invalidates: [logKey(subscriptionId)],
  });
}
