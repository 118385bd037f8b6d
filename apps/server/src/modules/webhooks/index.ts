import type { Site } from '@atrium/contract/sites';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/bus/types.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { createDeliveryWorker } from './webhook-delivery.ts';
import { createWebhookSender, type WebhookSender } from './webhook-sender.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { deliverJobName, createWebhooksService } from './webhooks.service.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

export interface WebhooksModuleDeps {
  database: Database;
  config: Config;
  events: EventBus;
  sealer: SecretSealer;
  mail?: MailService;
  ownerEmails: (siteId: string) => Promise<string[]>;
  /** The site a mail to its owners is branded with. */
  findSite: (siteId: string) => Promise<Site | undefined>;
  log: FastifyBaseLogger;
  /** Replaces the HTTP transport (none of the tests do: they run a real receiver). */
  send?: WebhookSender;
}

const hour = 3600_000;

/**
 * Webhooks for every domain event: a bus observer records deliveries in the emitting transaction, the
 * `webhooks.deliver` job drains them per subscription, and a sweep every minute wakes anything due
 * that lost its job.
 */
export function createWebhooksModule(deps: WebhooksModuleDeps) {
  const { database, config, events } = deps;
  const repository = createWebhooksRepository(database.db);
  const service = createWebhooksService({
    database,
    repository,
    events,
    sealer: deps.sealer,
    requireHttps: config.NODE_ENV === 'production',
    allowPrivateAddresses: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
  });
  const attemptTimeoutMs = config.WEBHOOKS_ATTEMPT_TIMEOUT_MS;
  const worker = createDeliveryWorker({
    database,
    repository,
    sealer: deps.sealer,
    send:
      deps.send ??
      createWebhookSender({
        timeoutMs: attemptTimeoutMs,
        allowPrivateAddresses: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
      }),
    ...(deps.mail ? { mail: deps.mail } : {}),
    ownerEmails: deps.ownerEmails,
    findSite: deps.findSite,
    scheduleRetry: (subscription, runAt, key) =>
      events.schedule(undefined, {
        name: deliverJobName,
        siteId: subscription.siteId,
        data: { subscriptionId: subscription.id },
        runAt,
        singletonKey: `${deliverJobName}:retry:${key}`,
      }),
    log: deps.log,
    tuning: {
      baseDelayMs: config.WEBHOOKS_RETRY_BASE_MS,
      maxDelayMs: config.WEBHOOKS_RETRY_MAX_DELAY_MS,
      retryForMs: config.WEBHOOKS_RETRY_HOURS * hour,
      disableAfterMs: config.WEBHOOKS_DISABLE_AFTER_HOURS * hour,
      batchSize: 25,
      // An attempt ends by its timeout; the margin covers recording it.
      leaseMs: attemptTimeoutMs + 30_000,
      drainBudgetMs: 30_000,
    },
  });

  events.observe('webhooks', (tx, emitted) => service.recordEvents(tx, emitted));
  events.defineJob<{ subscriptionId: string }>(
    deliverJobName,
    async (job) => {
      await worker.drain(job.data.subscriptionId, () =>
        service.scheduleDrain(undefined, { id: job.data.subscriptionId, siteId: job.siteId }),
      );
    },
    // A drain outlives its budget by at most one batch of attempts; past this a dead process's drain runs elsewhere.
    { expireInSeconds: Math.ceil((30_000 + 2 * attemptTimeoutMs) / 1000) + 30 },
  );
  events.cron('webhooks.sweep', '* * * * *', async () => {
    for (const subscription of await repository.subscriptionsWithDueDeliveries()) {
      await service.scheduleDrain(undefined, subscription);
    }
  });

  // The delivery log is for looking back a while, not forever.
  events.cron('webhooks.purge', '41 3 * * *', async () => {
    const before = new Date(Date.now() - config.WEBHOOKS_LOG_RETENTION_DAYS * 24 * hour);
    const purged = await repository.purgeFinishedBefore(before);
    if (purged > 0) deps.log.info({ purged }, 'purged old webhook messages');
  });

  return {
    service,
    routes: async (app: FastifyInstance) => app.register(webhooksRoutes, { service }),
  };
}
