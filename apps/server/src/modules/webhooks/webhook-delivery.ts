import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEnvelope } from '@atrium/contract/webhooks';
import type { Database } from '../../platform/db/database.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { nextAttemptDate, type RetryPolicy } from './delivery-schedule.ts';
import { signatureHeader } from './webhook-signature.ts';
import type { SendOutcome, WebhookSender } from './webhook-sender.ts';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks.repository.ts';
import type { WebhookSubscriptionRow } from './webhooks.tables.ts';

export interface DeliveryTuning extends RetryPolicy {
  /** Deliveries one drain claims and sends at once. */
  batchSize: number;
  /** How long a claim holds a delivery; past it another process may try again (its process died). */
  leaseMs: number;
  /** How long one drain runs before it hands over to a fresh job (others get the worker too). */
  drainBudgetMs: number;
  /** Failing without a single success this long disables the subscription and mails the owners. */
  disableAfterMs: number;
}

export interface DeliveryWorkerDeps {
  database: Database;
  repository: WebhooksRepository;
  sealer: SecretSealer;
  send: WebhookSender;
  mail?: MailService;
  ownerEmails: (siteId: string) => Promise<string[]>;
  /** A drain of the subscription at `runAt` (a retry); the job queue keeps it across restarts. */
  scheduleRetry: (subscription: { id: string; siteId: string }, runAt: Date, key: string) => Promise<unknown>;
  log: FastifyBaseLogger;
  tuning: DeliveryTuning;
  now?: () => Date;
}

/**
 * The delivery state machine (README, "Delivery"): PENDING → SENDING (claimed, one attempt) →
 * SUCCEEDED | PENDING (retry at a later time) | FAILED (410, retried long enough, or disabled).
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const { repository, tuning } = deps;
  const now = deps.now ?? (() => new Date());

  function envelopeOf(delivery: ClaimedDelivery, subscription: WebhookSubscriptionRow): string {
    const envelope: WebhookEnvelope = {
      id: delivery.messageId,
      type: delivery.eventType,
      siteId: delivery.siteId,
      createdDate: delivery.messageCreatedDate.toISOString(),
      data: (subscription.payload === 'THIN' ? delivery.thinData : delivery.data) as Record<string, unknown>,
    };
    return JSON.stringify(envelope);
  }

  function activeSecrets(subscription: WebhookSubscriptionRow, at: Date): string[] {
    return subscription.secrets
      .filter((secret) => !secret.expiresDate || new Date(secret.expiresDate) > at)
      .map((secret) => deps.sealer.open(secret.sealed));
  }

  async function attempt(
    delivery: ClaimedDelivery,
    subscription: WebhookSubscriptionRow,
  ): Promise<SendOutcome> {
    const body = envelopeOf(delivery, subscription);
    const timestamp = Math.floor(now().getTime() / 1000);
    return deps.send({
      url: subscription.url,
      body,
      headers: {
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(
          activeSecrets(subscription, now()),
          delivery.messageId,
          timestamp,
          body,
        ),
      },
    });
  }

  async function disable(
    subscription: WebhookSubscriptionRow,
    reason: 'ENDPOINT_GONE' | 'SUSTAINED_FAILURE',
  ) {
    const disabledNow = await repository.disable(subscription.id, reason);
    if (!disabledNow) return;
    deps.log.warn({ subscriptionId: subscription.id, reason }, 'webhook subscription disabled');
    if (!deps.mail) return;
    const why =
      reason === 'ENDPOINT_GONE'
        ? 'its receiver answered 410 Gone'
        : `every delivery has failed for ${Math.round(tuning.disableAfterMs / 86_400_000)} days`;
    for (const to of await deps.ownerEmails(subscription.siteId)) {
      await deps.mail.enqueue({
        siteId: subscription.siteId,
        to,
        kind: 'webhooks.subscription-disabled',
        subject: 'A webhook was disabled',
        text:
          `The webhook to ${subscription.url} (${subscription.description || subscription.id}) was disabled: ${why}.\n\n` +
          'Deliveries since then wait unsent. Fix the receiver, then enable the webhook again in the dashboard; ' +
          'failed deliveries can be recovered from its delivery log.',
      });
    }
  }

  async function record(
    delivery: ClaimedDelivery,
    subscription: WebhookSubscriptionRow,
    outcome: SendOutcome,
  ) {
    const at = now();
    const retryAt =
      outcome.succeeded || outcome.gone
        ? undefined
        : nextAttemptDate(tuning, delivery.createdDate, delivery.attemptNumber, at, Math.random());
    const finished = await deps.database.transaction(async (tx) => {
      const owned = await repository.finishAttempt(
        delivery.id,
        delivery.attemptNumber,
        outcome.succeeded
          ? { status: 'SUCCEEDED' }
          : retryAt
            ? { status: 'PENDING', nextAttemptDate: retryAt }
            : { status: 'FAILED' },
        tx,
      );
      // Another process reclaimed it after our lease ran out; its attempt is the one that counts.
      if (!owned) return false;
      await repository.insertAttempt(
        {
          siteId: delivery.siteId,
          subscriptionId: delivery.subscriptionId,
          deliveryId: delivery.id,
          attemptNumber: delivery.attemptNumber,
          succeeded: outcome.succeeded,
          responseCode: outcome.responseCode ?? null,
          responseBody: outcome.responseBody ?? null,
          error: outcome.error ?? null,
          latencyMs: outcome.latencyMs,
        },
        tx,
      );
      return true;
    });
    if (!finished) return;
    if (outcome.succeeded) {
      if (subscription.failingSinceDate) await repository.clearFailing(subscription.id);
      return;
    }
    if (outcome.gone) return disable(subscription, 'ENDPOINT_GONE');
    const failingSince = await repository.markFailing(subscription.id, at);
    if (failingSince && at.getTime() - failingSince.getTime() >= tuning.disableAfterMs) {
      return disable(subscription, 'SUSTAINED_FAILURE');
    }
    if (retryAt) {
      await deps.scheduleRetry(subscription, retryAt, `${delivery.id}:${delivery.attemptNumber}`);
    }
  }

  /**
   * Sends every due delivery of one subscription, a batch at a time, until none is due or the budget
   * is spent (then a fresh drain is queued). Deliveries of one entity never share a batch (claimDue).
   */
  async function drain(subscriptionId: string, requeue: () => Promise<unknown>): Promise<number> {
    const started = Date.now();
    let sent = 0;
    for (;;) {
      const subscription = await repository.findSubscriptionById(subscriptionId);
      if (!subscription?.enabled) return sent;
      const claimed = await repository.claimDue(subscriptionId, tuning.batchSize, tuning.leaseMs);
      if (claimed.length === 0) return sent;
      await Promise.all(
        claimed.map(async (delivery) => {
          const outcome = await attempt(delivery, subscription);
          await record(delivery, subscription, outcome);
        }),
      );
      sent += claimed.length;
      if (Date.now() - started > tuning.drainBudgetMs) {
        await requeue();
        return sent;
      }
    }
  }

  return { drain };
}
