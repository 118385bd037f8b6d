import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { executeRows, type Executor } from '../../platform/db/database.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookMessages,
  webhookSubscriptions,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
} from './webhooks.tables.ts';

export type NewWebhookSubscription = Pick<
  WebhookSubscriptionRow,
  'siteId' | 'url' | 'eventTypes' | 'description' | 'enabled' | 'disabledReason' | 'payload' | 'secrets'
>;
export type WebhookSubscriptionChanges = Partial<
  Pick<
    WebhookSubscriptionRow,
    | 'url'
    | 'eventTypes'
    | 'description'
    | 'enabled'
    | 'disabledReason'
    | 'payload'
    | 'secrets'
    | 'failingSinceDate'
  >
>;

/** An event as the webhooks observer records it (ids and payloads worked out by the service). */
export interface RecordedEvent {
  id: string;
  siteId: string;
  eventType: string;
  entityKey: string;
  data: unknown;
  thinData: unknown;
  createdDate: string;
}

/** A claimed delivery with what its attempt needs. */
export interface ClaimedDelivery {
  id: string;
  siteId: string;
  subscriptionId: string;
  messageId: string;
  eventType: string;
  attemptNumber: number;
  createdDate: Date;
  messageCreatedDate: Date;
  data: unknown;
  thinData: unknown;
}

/** One attempt's outcome as the delivery worker hands it to `finishAttempts`. */
export interface FinishedAttempt {
  deliveryId: string;
  siteId: string;
  subscriptionId: string;
  attemptNumber: number;
  status: 'SUCCEEDED' | 'FAILED' | 'PENDING';
  nextAttemptDate?: Date;
  responseCode?: number;
  responseBody?: string;
  error?: string;
  latencyMs: number;
}

export type AttemptWithDelivery = WebhookAttemptRow & { messageId: string; eventType: string };

const unfinished = ['PENDING', 'SENDING'] as const;

export function createWebhooksRepository(db: Executor) {
  return {
    async insertSubscription(row: NewWebhookSubscription, x: Executor = db): Promise<WebhookSubscriptionRow> {
      const [inserted] = await x.insert(webhookSubscriptions).values(row).returning();
      return inserted!;
    },

    async findSubscription(
      siteId: string,
      id: string,
      x: Executor = db,
    ): Promise<WebhookSubscriptionRow | undefined> {
      const [row] = await x
        .select()
        .from(webhookSubscriptions)
        .where(and(eq(webhookSubscriptions.siteId, siteId), eq(webhookSubscriptions.id, id)));
      return row;
    },

    /** Without the site: the delivery worker's look-up (its job carries the id). */
    async findSubscriptionById(id: string, x: Executor = db): Promise<WebhookSubscriptionRow | undefined> {
      const [row] = await x.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
      return row;
    },

    async listSubscriptions(siteId: string, x: Executor = db): Promise<WebhookSubscriptionRow[]> {
      return x
        .select()
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.siteId, siteId))
        .orderBy(webhookSubscriptions.createdDate, webhookSubscriptions.id);
    },

    async updateSubscription(
      siteId: string,
      id: string,
      changes: WebhookSubscriptionChanges,
      x: Executor = db,
    ): Promise<WebhookSubscriptionRow | undefined> {
      const [row] = await x
        .update(webhookSubscriptions)
        .set({ ...changes, revision: sql`${webhookSubscriptions.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(webhookSubscriptions.siteId, siteId), eq(webhookSubscriptions.id, id)))
        .returning();
      return row;
    },

    /** Marks the first failure of a streak; returns the streak's start (existing or just set). */
    async markFailing(id: string, now: Date, x: Executor = db): Promise<Date | undefined> {
      const [row] = await x
        .update(webhookSubscriptions)
        .set({ failingSinceDate: sql`coalesce(${webhookSubscriptions.failingSinceDate}, ${now})` })
        .where(eq(webhookSubscriptions.id, id))
        .returning({ failingSinceDate: webhookSubscriptions.failingSinceDate });
      return row?.failingSinceDate ?? undefined;
    },

    /** Ends a failure streak; writes only when there is one (most successes change nothing). */
    async clearFailing(id: string, x: Executor = db): Promise<void> {
      await x
        .update(webhookSubscriptions)
        .set({ failingSinceDate: null })
        .where(
          and(eq(webhookSubscriptions.id, id), sql`${webhookSubscriptions.failingSinceDate} IS NOT NULL`),
        );
    },

    /** Disables unless already disabled; true when this call did it (so exactly one caller mails). */
    async disable(
      id: string,
      reason: NonNullable<WebhookSubscriptionRow['disabledReason']>,
      x: Executor = db,
    ): Promise<boolean> {
      const rows = await x
        .update(webhookSubscriptions)
        .set({
          enabled: false,
          disabledReason: reason,
          revision: sql`${webhookSubscriptions.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.enabled, true)))
        .returning({ id: webhookSubscriptions.id });
      return rows.length > 0;
    },

    async deleteSubscription(siteId: string, id: string, x: Executor = db): Promise<boolean> {
      const rows = await x
        .delete(webhookSubscriptions)
        .where(and(eq(webhookSubscriptions.siteId, siteId), eq(webhookSubscriptions.id, id)))
        .returning({ id: webhookSubscriptions.id });
      return rows.length > 0;
    },

    /** The sites that have at least one enabled subscription. */
    async sitesWithEnabledSubscriptions(x: Executor = db): Promise<string[]> {
      const rows = await x
        .selectDistinct({ siteId: webhookSubscriptions.siteId })
        .from(webhookSubscriptions)
        .where(eq(webhookSubscriptions.enabled, true));
      return rows.map((row) => row.siteId);
    },

    /**
     * Records events as messages and one delivery per matching enabled subscription, in one statement
     * (it runs in every change's transaction, and inserts nothing on a site without subscriptions).
     * Deliveries take their sequence in the events' order. Returns the subscriptions that got one.
     */
    async recordEvents(
      events: readonly RecordedEvent[],
      x: Executor = db,
    ): Promise<Array<{ subscriptionId: string; siteId: string }>> {
      const s = webhookSubscriptions;
      return executeRows(
        x,
        sql`WITH events AS (
              SELECT (e.value->>'id')::uuid AS id, (e.value->>'siteId')::uuid AS site_id,
                     e.value->>'eventType' AS event_type, e.value->>'entityKey' AS entity_key,
                     e.value->'data' AS data, e.value->'thinData' AS thin_data,
                     (e.value->>'createdDate')::timestamptz AS created_date, e.ordinality
              FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS e(value, ordinality)
            ),
            pairs AS (
              SELECT e.id AS message_id, ${s.id} AS subscription_id, e.site_id, e.event_type, e.entity_key,
                     e.ordinality
              FROM events e JOIN ${s} ON ${s.siteId} = e.site_id AND ${s.enabled}
              WHERE EXISTS (
                SELECT 1 FROM unnest(${s.eventTypes}) AS p(pattern)
                WHERE p.pattern = '*' OR p.pattern = e.event_type
                   OR (right(p.pattern, 1) = '*' AND starts_with(e.event_type, left(p.pattern, -1)))
              )
            ),
            messages AS (
              INSERT INTO ${webhookMessages} (id, site_id, event_type, entity_key, data, thin_data, created_date)
              SELECT id, site_id, event_type, entity_key, data, thin_data, created_date FROM events
              WHERE id IN (SELECT message_id FROM pairs)
              RETURNING id
            )
            INSERT INTO ${webhookDeliveries} (site_id, subscription_id, message_id, event_type, entity_key)
            SELECT site_id, subscription_id, message_id, event_type, entity_key FROM pairs
            ORDER BY ordinality, subscription_id
            RETURNING subscription_id AS "subscriptionId", site_id AS "siteId"`,
      );
    },

    /** A message sent to one subscription only (test sends, resends). */
    async insertDelivery(
      message: RecordedEvent | { id: string },
      subscription: { id: string; siteId: string },
      x: Executor = db,
    ): Promise<WebhookDeliveryRow> {
      let eventType: string;
      let entityKey: string;
      if ('eventType' in message) {
        await x.insert(webhookMessages).values({ ...message, createdDate: new Date(message.createdDate) });
        ({ eventType, entityKey } = message);
      } else {
        const [stored] = await x
          .select({ eventType: webhookMessages.eventType, entityKey: webhookMessages.entityKey })
          .from(webhookMessages)
          .where(eq(webhookMessages.id, message.id));
        ({ eventType, entityKey } = stored!);
      }
      const [row] = await x
        .insert(webhookDeliveries)
        .values({
          siteId: subscription.siteId,
          subscriptionId: subscription.id,
          messageId: message.id,
          eventType,
          entityKey,
        })
        .returning();
      return row!;
    },

    /**
     * Claims up to `limit` due deliveries of one enabled subscription for one attempt each: PENDING ones
     * whose time has come and SENDING ones whose lease ran out (their process died). Only the head of
     * each entity's queue (its earliest unfinished delivery) can be claimed, so one entity's deliveries
     * go out in order; the heads come from one pass over the subscription's unfinished rows (a
     * correlated look-up per row went quadratic on a fresh backlog without statistics). `SKIP LOCKED`
     * lets processes claim side by side, the lock re-checks the row as it is now, and the claim numbers
     * the attempt, so two processes never make the same attempt.
     */
    async claimDue(
      subscriptionId: string,
      limit: number,
      leaseMs: number,
      x: Executor = db,
    ): Promise<ClaimedDelivery[]> {
      const d = webhookDeliveries;
      const rows = await executeRows<
        Omit<ClaimedDelivery, 'createdDate' | 'messageCreatedDate'> &
          Record<'createdDate' | 'messageCreatedDate', Date | string>
      >(
        x,
        sql`WITH heads AS (
              SELECT DISTINCT ON (entity_key) id, status, next_attempt_date, lease_until, sequence
              FROM ${d}
              WHERE subscription_id = ${subscriptionId} AND status IN ('PENDING', 'SENDING')
              ORDER BY entity_key, sequence
            ),
            due AS (
              SELECT id FROM heads
              WHERE (status = 'PENDING' AND next_attempt_date <= now())
                 OR (status = 'SENDING' AND lease_until < now())
              ORDER BY sequence
              LIMIT ${limit}
            ),
            locked AS (
              SELECT c.id FROM ${d} c
              JOIN ${webhookSubscriptions} s ON s.id = c.subscription_id AND s.enabled
              WHERE c.id IN (SELECT id FROM due)
                AND ((c.status = 'PENDING' AND c.next_attempt_date <= now())
                  OR (c.status = 'SENDING' AND c.lease_until < now()))
              FOR UPDATE OF c SKIP LOCKED
            )
            UPDATE ${d} SET status = 'SENDING', attempt_count = ${d.attemptCount} + 1,
                   lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_date = now()
            FROM ${webhookMessages} m
            WHERE m.id = ${d.messageId} AND ${d.id} IN (SELECT id FROM locked)
            RETURNING ${d.id} AS id, ${d.siteId} AS "siteId", ${d.subscriptionId} AS "subscriptionId",
                      ${d.messageId} AS "messageId", ${d.eventType} AS "eventType",
                      ${d.attemptCount} AS "attemptNumber", ${d.createdDate} AS "createdDate",
                      m.created_date AS "messageCreatedDate", m.data, m.thin_data AS "thinData"`,
      );
      return rows.map((row) => ({
        ...row,
        createdDate: new Date(row.createdDate),
        messageCreatedDate: new Date(row.messageCreatedDate),
      }));
    },

    /**
     * Ends a batch of attempts in one statement each for the deliveries and the attempt log: every
     * delivery becomes SUCCEEDED, FAILED, or PENDING again at its next attempt time. Only the claim that
     * made an attempt may end it (same attempt number, still SENDING): a delivery another process
     * reclaimed after our lease ran out is left alone, and its attempt is not logged twice. Returns the
     * ids that were ended.
     */
    async finishAttempts(attempts: readonly FinishedAttempt[], x: Executor = db): Promise<Set<string>> {
      if (attempts.length === 0) return new Set();
      const d = webhookDeliveries;
      const ended = await executeRows<{ id: string }>(
        x,
        sql`UPDATE ${d} SET status = v.status, lease_until = NULL, updated_date = now(),
                   next_attempt_date = coalesce(v.next_attempt_date, ${d.nextAttemptDate})
            FROM jsonb_to_recordset(${JSON.stringify(
              attempts.map((attempt) => ({
                id: attempt.deliveryId,
                attempt_number: attempt.attemptNumber,
                status: attempt.status,
                next_attempt_date: attempt.nextAttemptDate?.toISOString() ?? null,
              })),
            )}::jsonb) AS v(id uuid, attempt_number integer, status text, next_attempt_date timestamptz)
            WHERE ${d.id} = v.id AND ${d.attemptCount} = v.attempt_number AND ${d.status} = 'SENDING'
            RETURNING ${d.id} AS id`,
      );
      const endedIds = new Set(ended.map((row) => row.id));
      const logged = attempts.filter((attempt) => endedIds.has(attempt.deliveryId));
      if (logged.length > 0) {
        await x.insert(webhookAttempts).values(
          logged.map((attempt) => ({
            siteId: attempt.siteId,
            subscriptionId: attempt.subscriptionId,
            deliveryId: attempt.deliveryId,
            attemptNumber: attempt.attemptNumber,
            succeeded: attempt.status === 'SUCCEEDED',
            responseCode: attempt.responseCode ?? null,
            responseBody: attempt.responseBody ?? null,
            error: attempt.error ?? null,
            latencyMs: attempt.latencyMs,
          })),
        );
      }
      return endedIds;
    },

    /**
     * Deletes messages created before `before` whose deliveries have all finished (their deliveries and
     * attempts go with them), in chunks so no statement holds locks for long; how many.
     */
    async purgeFinishedBefore(before: Date, x: Executor = db): Promise<number> {
      const chunk = 1000;
      let total = 0;
      for (;;) {
        const rows = await executeRows<{ id: string }>(
          x,
          sql`DELETE FROM ${webhookMessages} WHERE id IN (
                SELECT m.id FROM ${webhookMessages} m
                WHERE m.created_date < ${before}
                  AND NOT EXISTS (
                    SELECT 1 FROM ${webhookDeliveries} d
                    WHERE d.message_id = m.id AND d.status IN ('PENDING', 'SENDING')
                  )
                LIMIT ${chunk}
              ) RETURNING id`,
        );
        total += rows.length;
        if (rows.length < chunk) return total;
      }
    },

    /** Subscriptions with work due now (the sweep wakes a drain for each). */
    async subscriptionsWithDueDeliveries(x: Executor = db): Promise<Array<{ id: string; siteId: string }>> {
      const d = webhookDeliveries;
      return executeRows(
        x,
        sql`SELECT DISTINCT s.id, s.site_id AS "siteId" FROM ${d} c
            JOIN ${webhookSubscriptions} s ON s.id = c.subscription_id AND s.enabled
            WHERE (c.status = 'PENDING' AND c.next_attempt_date <= now())
               OR (c.status = 'SENDING' AND c.lease_until < now())`,
      );
    },

    async findDelivery(
      siteId: string,
      id: string,
      x: Executor = db,
    ): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await x
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.siteId, siteId), eq(webhookDeliveries.id, id)));
      return row;
    },

    async listDeliveries(
      siteId: string,
      subscriptionId: string,
      page: { limit: number; offset: number; status?: WebhookDeliveryRow['status'] },
      x: Executor = db,
    ): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
      const where = and(
        eq(webhookDeliveries.siteId, siteId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        page.status ? eq(webhookDeliveries.status, page.status) : undefined,
      );
      const rows = await x
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdDate), desc(webhookDeliveries.sequence))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await x.select({ value: count() }).from(webhookDeliveries).where(where);
      return { rows, total: Number(total?.value ?? 0) };
    },

    async listAttempts(
      siteId: string,
      subscriptionId: string,
      page: { limit: number; offset: number },
      x: Executor = db,
    ): Promise<{ rows: AttemptWithDelivery[]; total: number }> {
      const where = and(
        eq(webhookAttempts.siteId, siteId),
        eq(webhookAttempts.subscriptionId, subscriptionId),
      );
      const rows = await x
        .select({
          attempt: webhookAttempts,
          messageId: webhookDeliveries.messageId,
          eventType: webhookDeliveries.eventType,
        })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(where)
        .orderBy(desc(webhookAttempts.attemptedDate), desc(webhookAttempts.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await x.select({ value: count() }).from(webhookAttempts).where(where);
      return {
        rows: rows.map((row) => ({ ...row.attempt, messageId: row.messageId, eventType: row.eventType })),
        total: Number(total?.value ?? 0),
      };
    },

    /** Puts every delivery that failed for good since `since` back in the queue; how many. */
    async requeueFailed(
      siteId: string,
      subscriptionId: string,
      since: Date,
      x: Executor = db,
    ): Promise<number> {
      const rows = await x
        .update(webhookDeliveries)
        .set({ status: 'PENDING', nextAttemptDate: sql`now()`, updatedDate: sql`now()` })
        .where(
          and(
            eq(webhookDeliveries.siteId, siteId),
            eq(webhookDeliveries.subscriptionId, subscriptionId),
            eq(webhookDeliveries.status, 'FAILED'),
            gte(webhookDeliveries.createdDate, since),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.length;
    },

    async attemptStats(
      siteId: string,
      subscriptionId: string,
      since: Date,
      x: Executor = db,
    ): Promise<{ attempts: number; succeeded: number }> {
      const [row] = await x
        .select({
          attempts: count(),
          succeeded: sql<number>`count(*) FILTER (WHERE ${webhookAttempts.succeeded})`.mapWith(Number),
        })
        .from(webhookAttempts)
        .where(
          and(
            eq(webhookAttempts.siteId, siteId),
            eq(webhookAttempts.subscriptionId, subscriptionId),
            gte(webhookAttempts.attemptedDate, since),
          ),
        );
      return { attempts: Number(row?.attempts ?? 0), succeeded: Number(row?.succeeded ?? 0) };
    },

    /** Whether any delivery of these statuses exists (tests and the README's figures). */
    async countUnfinished(subscriptionId: string, x: Executor = db): Promise<number> {
      const [row] = await x
        .select({ value: count() })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.subscriptionId, subscriptionId),
            inArray(webhookDeliveries.status, [...unfinished]),
          ),
        );
      return Number(row?.value ?? 0);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
