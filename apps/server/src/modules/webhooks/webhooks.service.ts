import { randomUUID } from 'node:crypto';
import {
  webhookErrorCodes,
  webhookTestEventType,
  type CreateWebhookSubscriptionRequest,
  type UpdateWebhookSubscriptionRequest,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookSubscription,
} from '@atrium/contract/webhooks';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import type { EventBus, EventEnvelope } from '../../platform/bus/types.ts';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error.ts';
import { literalNonPublicHost } from '../../platform/http/public-addresses.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { entityKeyOf, thinDataOf } from './webhook-message.ts';
import { generateWebhookSecret, secretDisplayPrefix } from './webhook-signature.ts';
import { createSubscribedSites } from './subscribed-sites.ts';
import type { AttemptWithDelivery, RecordedEvent, WebhooksRepository } from './webhooks.repository.ts';
import type { StoredWebhookSecret, WebhookDeliveryRow, WebhookSubscriptionRow } from './webhooks.tables.ts';

/** The job that works one subscription's due deliveries (webhook-delivery.ts). */
export const deliverJobName = 'webhooks.deliver';

export interface WebhooksServiceDeps {
  database: Database;
  repository: WebhooksRepository;
  events: EventBus;
  sealer: SecretSealer;
  /** Production refuses plain http receivers. */
  requireHttps: boolean;
  /** Tests and local development only: receivers on loopback and private addresses. */
  allowPrivateAddresses: boolean;
  /** How long this process trusts its list of sites with subscriptions (a subscription made elsewhere counts after it). */
  subscribedSitesTtlMs?: number;
}

const defaultStatsDays = 7;
const recordChunk = 250;

export function toWireSubscription(row: WebhookSubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    description: row.description,
    enabled: row.enabled,
    ...(row.disabledReason ? { disabledReason: row.disabledReason } : {}),
    payload: row.payload,
    secrets: row.secrets.map((secret) => ({
      prefix: secret.prefix,
      createdDate: secret.createdDate,
      ...(secret.expiresDate ? { expiresDate: secret.expiresDate } : {}),
    })),
    ...(row.failingSinceDate ? { failingSinceDate: row.failingSinceDate.toISOString() } : {}),
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

export function toWireDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const waiting = row.status === 'PENDING';
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    webhookId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attemptCount: row.attemptCount,
    ...(waiting ? { nextAttemptDate: row.nextAttemptDate.toISOString() } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

function toWireAttempt(row: AttemptWithDelivery): WebhookAttempt {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    webhookId: row.messageId,
    eventType: row.eventType,
    attemptNumber: row.attemptNumber,
    status: row.succeeded ? 'SUCCEEDED' : 'FAILED',
    ...(row.responseCode !== null ? { responseCode: row.responseCode } : {}),
    ...(row.responseBody !== null ? { responseBody: row.responseBody } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
    latencyMs: row.latencyMs,
    attemptedDate: row.attemptedDate.toISOString(),
  };
}

/** Subscriptions, their secrets and their delivery log; recording events as deliveries. */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { database, repository, events, sealer } = deps;
  const subscribedSites = createSubscribedSites({
    load: (executor) => repository.sitesWithEnabledSubscriptions(executor),
    ttlMs: deps.subscribedSitesTtlMs ?? 2_000,
  });

  function newSecret(now: Date): { secret: string; stored: StoredWebhookSecret } {
    const secret = generateWebhookSecret();
    return {
      secret,
      stored: {
        sealed: sealer.seal(secret),
        prefix: secretDisplayPrefix(secret),
        createdDate: now.toISOString(),
      },
    };
  }

  /** Judged when saved; names are judged again where each delivery connects (webhook-sender.ts). */
  function checkReceiverUrl(url: string): void {
    if (deps.requireHttps && !url.startsWith('https://')) {
      throw badRequest(webhookErrorCodes.httpsRequired, `Webhook URLs must use https: ${url}`);
    }
    const host = deps.allowPrivateAddresses ? undefined : literalNonPublicHost(url);
    if (host) {
      throw badRequest(
        webhookErrorCodes.addressNotAllowed,
        `The webhook URL's host ${host} is a local or private network address, which webhooks may not use`,
      );
    }
  }

  async function requireSubscription(
    ctx: RequestContext,
    id: string,
    tx?: Tx,
  ): Promise<WebhookSubscriptionRow> {
    const row = isUuid(id) ? await repository.findSubscription(ctx.site.id, id, tx) : undefined;
    if (!row) throw notFound('Webhook subscription', id);
    return row;
  }

  function scheduleDrain(tx: Tx | undefined, subscription: { id: string; siteId: string }) {
    return events.schedule(tx, {
      name: deliverJobName,
      siteId: subscription.siteId,
      data: { subscriptionId: subscription.id },
      // One waiting drain per subscription is enough: it claims everything due when it runs.
      singletonKey: `${deliverJobName}:${subscription.id}`,
    });
  }

  /** The bus observer: every event of a site with matching subscriptions becomes their deliveries. */
  async function recordEvents(tx: Tx, emitted: ReadonlyArray<EventEnvelope<unknown>>): Promise<void> {
    // Sites are UUIDs; anything else (bus tests' own events) can have no subscriptions.
    const candidates = emitted.filter((event) => isUuid(event.siteId));
    if (candidates.length === 0) return;
    // Most sites have no webhooks: the process's list of sites with subscriptions answers without a
    // statement, rather than shipping every entity to the database in the change's transaction for nothing.
    const sites = [...new Set(candidates.map((event) => event.siteId))];
    if (!(await subscribedSites.anyOf(sites, tx))) return;
    const recorded: Array<{ subscriptionId: string; siteId: string }> = [];
    // Bounded statements: one huge JSON parameter would hold the PGlite thread for long.
    for (let offset = 0; offset < candidates.length; offset += recordChunk) {
      const chunk = candidates.slice(offset, offset + recordChunk).map((event): RecordedEvent => ({
        id: event.id,
        siteId: event.siteId,
        eventType: event.name,
        entityKey: entityKeyOf(event.id, event.data),
        data: event.data ?? {},
        thinData: thinDataOf(event.data),
        createdDate: event.occurredAt,
      }));
      recorded.push(...(await repository.recordEvents(chunk, tx)));
    }
    const woken = new Map(recorded.map((row) => [row.subscriptionId, row.siteId]));
    for (const [id, siteId] of woken) await scheduleDrain(tx, { id, siteId });
  }

  return {
    recordEvents,
    scheduleDrain,

    async create(ctx: RequestContext, input: CreateWebhookSubscriptionRequest['subscription']) {
      checkReceiverUrl(input.url);
      const { secret, stored } = newSecret(ctx.now());
      const row = await repository.insertSubscription({
        siteId: ctx.site.id,
        url: input.url,
        eventTypes: [...new Set(input.eventTypes)],
        description: input.description ?? '',
        enabled: input.enabled ?? true,
        disabledReason: input.enabled === false ? 'BY_OWNER' : null,
        payload: input.payload ?? 'FULL',
        secrets: [stored],
      });
      if (row.enabled) subscribedSites.add(row.siteId);
      return { subscription: toWireSubscription(row), secret };
    },

    async list(ctx: RequestContext) {
      return (await repository.listSubscriptions(ctx.site.id)).map(toWireSubscription);
    },

    async get(ctx: RequestContext, id: string) {
      return toWireSubscription(await requireSubscription(ctx, id));
    },

    async update(ctx: RequestContext, id: string, input: UpdateWebhookSubscriptionRequest['subscription']) {
      if (input.url !== undefined) checkReceiverUrl(input.url);
      return database.transaction(async (tx) => {
        const current = await requireSubscription(ctx, id, tx);
        const reenabled = input.enabled === true && !current.enabled;
        const row = await repository.updateSubscription(
          ctx.site.id,
          id,
          {
            ...(input.url !== undefined ? { url: input.url } : {}),
            ...(input.eventTypes ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.payload ? { payload: input.payload } : {}),
            ...(input.enabled === false && current.enabled
              ? { enabled: false, disabledReason: 'BY_OWNER' }
              : {}),
            // A fresh start: deliveries held while it was off go out, and the failure clock restarts.
            ...(reenabled ? { enabled: true, disabledReason: null, failingSinceDate: null } : {}),
          },
          tx,
        );
        if (reenabled) {
          subscribedSites.add(current.siteId);
          await scheduleDrain(tx, current);
        }
        return toWireSubscription(row!);
      });
    },

    async remove(ctx: RequestContext, id: string) {
      if (!isUuid(id) || !(await repository.deleteSubscription(ctx.site.id, id))) {
        throw notFound('Webhook subscription', id);
      }
    },

    /** A new current secret; the previous ones keep signing for `previousSecretExpiresInHours`. */
    async rotateSecret(ctx: RequestContext, id: string, previousSecretExpiresInHours: number) {
      const now = ctx.now();
      const expires = new Date(now.getTime() + previousSecretExpiresInHours * 3600_000);
      return database.transaction(async (tx) => {
        const current = await requireSubscription(ctx, id, tx);
        const { secret, stored } = newSecret(now);
        const kept = current.secrets
          .map((old) => ({
            ...old,
            expiresDate:
              old.expiresDate && new Date(old.expiresDate) < expires
                ? old.expiresDate
                : expires.toISOString(),
          }))
          .filter((old) => new Date(old.expiresDate) > now);
        const row = await repository.updateSubscription(ctx.site.id, id, { secrets: [stored, ...kept] }, tx);
        return { subscription: toWireSubscription(row!), secret };
      });
    },

    /** Queues a `webhooks.test.sent` message to this subscription alone, whatever types it hears. */
    async sendTest(ctx: RequestContext, id: string) {
      return database.transaction(async (tx) => {
        const subscription = await requireSubscription(ctx, id, tx);
        if (!subscription.enabled) {
          throw conflict(
            webhookErrorCodes.subscriptionDisabled,
            `Webhook subscription ${id} is disabled: enable it before sending a test`,
          );
        }
        const messageId = randomUUID();
        const data = { subscriptionId: id, message: 'A test delivery from Atrium' };
        const delivery = await repository.insertDelivery(
          {
            id: messageId,
            siteId: ctx.site.id,
            eventType: webhookTestEventType,
            entityKey: messageId,
            data,
            thinData: data,
            createdDate: ctx.now().toISOString(),
          },
          subscription,
          tx,
        );
        await scheduleDrain(tx, subscription);
        return toWireDelivery(delivery);
      });
    },

    async listDeliveries(
      ctx: RequestContext,
      subscriptionId: string,
      page: { limit: number; offset: number; status?: WebhookDeliveryStatus },
    ) {
      await requireSubscription(ctx, subscriptionId);
      const { rows, total } = await repository.listDeliveries(ctx.site.id, subscriptionId, page);
      return {
        deliveries: rows.map(toWireDelivery),
        pagingMetadata: pagingOf(rows.length, page.offset, total),
      };
    },

    async listAttempts(ctx: RequestContext, subscriptionId: string, page: { limit: number; offset: number }) {
      await requireSubscription(ctx, subscriptionId);
      const { rows, total } = await repository.listAttempts(ctx.site.id, subscriptionId, page);
      return { attempts: rows.map(toWireAttempt), pagingMetadata: pagingOf(rows.length, page.offset, total) };
    },

    /** The same message (same `webhook-id`) once more, as a new delivery with attempts of its own. */
    async resend(ctx: RequestContext, deliveryId: string) {
      return database.transaction(async (tx) => {
        const original = isUuid(deliveryId)
          ? await repository.findDelivery(ctx.site.id, deliveryId, tx)
          : undefined;
        if (!original) throw notFound('Webhook delivery', deliveryId);
        if (original.status === 'PENDING' || original.status === 'SENDING') {
          throw conflict(
            webhookErrorCodes.deliveryNotFinished,
            `Webhook delivery ${deliveryId} is still being delivered (${original.status}); resend it once it has succeeded or failed`,
          );
        }
        const subscription = { id: original.subscriptionId, siteId: original.siteId };
        const delivery = await repository.insertDelivery({ id: original.messageId }, subscription, tx);
        await scheduleDrain(tx, subscription);
        return toWireDelivery(delivery);
      });
    },

    async recoverFailed(ctx: RequestContext, subscriptionId: string, since: Date) {
      return database.transaction(async (tx) => {
        const subscription = await requireSubscription(ctx, subscriptionId, tx);
        const recovered = await repository.requeueFailed(ctx.site.id, subscriptionId, since, tx);
        if (recovered > 0) await scheduleDrain(tx, subscription);
        return recovered;
      });
    },

    async stats(ctx: RequestContext, subscriptionId: string, since?: Date) {
      await requireSubscription(ctx, subscriptionId);
      const from = since ?? new Date(ctx.now().getTime() - defaultStatsDays * 86_400_000);
      const { attempts, succeeded } = await repository.attemptStats(ctx.site.id, subscriptionId, from);
      return {
        since: from.toISOString(),
        attempts,
        succeeded,
        failed: attempts - succeeded,
        successRate: attempts === 0 ? 1 : succeeded / attempts,
      };
    },
  };
}

function pagingOf(count: number, offset: number, total: number) {
  return { count, offset, total, tooManyToCount: false, hasNext: offset + count < total };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
