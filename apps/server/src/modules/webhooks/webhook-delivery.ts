import type { Site } from '@atrium/contract/sites';
import { mailBrandOf, renderMail } from '../../platform/mail/mail-template.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEnvelope } from '@atrium/contract/webhooks';
import type { Database } from '../../platform/db/database.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { nextAttemptDate, type RetryPolicy } from './delivery-schedule.ts';
import { signatureHeader } from './webhook-signature.ts';
import type { SendOutcome, WebhookSender } from './webhook-sender.ts';
import type { ClaimedDelivery, FinishedAttempt, WebhooksRepository } from './webhooks.repository.ts';
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
  findSite: (siteId: string) => Promise<Site | undefined>;
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
        : `every delivery has failed for ${describeSpan(tuning.disableAfterMs)}`;
    const site = await deps.findSite(subscription.siteId);
    if (!site) return;
    const rendered = renderMail(mailBrandOf(site), {
      kind: 'webhooks.subscription-disabled',
      subject: 'A webhook was disabled',
      heading: 'A webhook was disabled',
      paragraphs: [
        `The webhook to ${subscription.url} (${subscription.description || subscription.id}) was disabled: ${why}.`,
        'It hears no events until it is enabled again. Fix the receiver, enable the webhook in the dashboard, then recover the failed deliveries from its delivery log.',
      ],
    });
    for (const to of await deps.ownerEmails(subscription.siteId)) {
      await deps.mail.enqueue({ siteId: subscription.siteId, to, ...rendered });
    }
  }

  function finishedAttempt(delivery: ClaimedDelivery, outcome: SendOutcome, at: Date): FinishedAttempt {
    const retryAt =
      outcome.succeeded || outcome.gone
        ? undefined
        : nextAttemptDate(tuning, delivery.createdDate, delivery.attemptNumber, at, Math.random());
    return {
      deliveryId: delivery.id,
      siteId: delivery.siteId,
      subscriptionId: delivery.subscriptionId,
      attemptNumber: delivery.attemptNumber,
      status: outcome.succeeded ? 'SUCCEEDED' : retryAt ? 'PENDING' : 'FAILED',
      ...(retryAt ? { nextAttemptDate: retryAt } : {}),
      ...(outcome.responseCode !== undefined ? { responseCode: outcome.responseCode } : {}),
      ...(outcome.responseBody !== undefined ? { responseBody: outcome.responseBody } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      latencyMs: outcome.latencyMs,
    };
  }

  /**
   * Records a batch of attempts in one transaction, then what they mean for the subscription: a
   * success ends a failure streak, a 410 disables it at once, a streak as long as `disableAfterMs`
   * disables it and mails the owners, and each delivery to retry gets a job at its time.
   */
  async function recordBatch(
    subscription: WebhookSubscriptionRow,
    results: ReadonlyArray<{ delivery: ClaimedDelivery; outcome: SendOutcome }>,
  ): Promise<void> {
    const at = now();
    const finished = results.map(({ delivery, outcome }) => ({
      outcome,
      attempt: finishedAttempt(delivery, outcome, at),
    }));
    const ended = await deps.database.transaction((tx) =>
      repository.finishAttempts(
        finished.map(({ attempt }) => attempt),
        tx,
      ),
    );
    const mine = finished.filter(({ attempt }) => ended.has(attempt.deliveryId));
    if (mine.length === 0) return;
    if (mine.some(({ outcome }) => outcome.gone)) return disable(subscription, 'ENDPOINT_GONE');
    // Within a batch, any success shows the receiver is up.
    if (mine.some(({ outcome }) => outcome.succeeded)) {
      if (subscription.failingSinceDate) await repository.clearFailing(subscription.id);
    } else {
      const failingSince = await repository.markFailing(subscription.id, at);
      if (failingSince && at.getTime() - failingSince.getTime() >= tuning.disableAfterMs) {
        return disable(subscription, 'SUSTAINED_FAILURE');
      }
    }
    for (const { attempt } of mine) {
      if (attempt.nextAttemptDate) {
        await deps.scheduleRetry(
          subscription,
          attempt.nextAttemptDate,
          `${attempt.deliveryId}:${attempt.attemptNumber}`,
        );
      }
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
      const results = await Promise.all(
        claimed.map(async (delivery) => ({ delivery, outcome: await attempt(delivery, subscription) })),
      );
      await recordBatch(subscription, results);
      sent += claimed.length;
      if (Date.now() - started > tuning.drainBudgetMs) {
        await requeue();
        return sent;
      }
    }
  }

  return { drain };
}

/** A span as mail text: days, or hours below two days. */
function describeSpan(ms: number): string {
  const hours = ms / 3600_000;
  if (hours >= 48) return `${Math.round(hours / 24)} days`;
  const whole = Math.max(1, Math.round(hours));
  return whole === 1 ? 'an hour' : `${whole} hours`;
}
