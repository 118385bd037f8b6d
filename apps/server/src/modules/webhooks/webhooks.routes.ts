import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyResponseSchema } from '@atrium/contract/common';
import {
  createWebhookSubscriptionRequestSchema,
  recoverWebhookDeliveriesRequestSchema,
  recoverWebhookDeliveriesResponseSchema,
  rotateWebhookSecretRequestSchema,
  updateWebhookSubscriptionRequestSchema,
  webhookAttemptsResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookLogQuerySchema,
  webhookStatsQuerySchema,
  webhookStatsResponseSchema,
  webhookSubscriptionResponseSchema,
  webhookSubscriptionsResponseSchema,
  webhookSubscriptionWithSecretResponseSchema,
} from '@atrium/contract/webhooks';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { RouteAccess } from '../../platform/http/request-context.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** Webhooks reach any of the site's data, so only the owner or an app holding the scope manages them. */
const ownerOnly: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER'],
  scopes: ['webhooks.manage'],
};
const config = { access: ownerOnly };
const tags = ['webhooks'];
const subscriptionParams = z.object({ id: z.string() });
const base = '/webhooks/v1/subscriptions';

export const webhooksRoutes: FastifyPluginAsyncZod<{ service: WebhooksService }> = async (
  app,
  { service },
) => {
  app.post(
    base,
    {
      config,
      schema: {
        summary: 'Subscribe a URL to events; the signing secret is in this answer only',
        tags,
        body: createWebhookSubscriptionRequestSchema,
        response: { 200: webhookSubscriptionWithSecretResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.create(request.ctx, request.body.subscription),
  );

  app.get(
    base,
    {
      config,
      schema: {
        summary: 'List webhook subscriptions',
        tags,
        response: { 200: webhookSubscriptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ subscriptions: await service.list(request.ctx) }),
  );

  app.get(
    `${base}/:id`,
    {
      config,
      schema: {
        summary: 'Get a webhook subscription',
        tags,
        params: subscriptionParams,
        response: { 200: webhookSubscriptionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ subscription: await service.get(request.ctx, request.params.id) }),
  );

  app.patch(
    `${base}/:id`,
    {
      config,
      schema: {
        summary: 'Change a webhook subscription (enabling it again sends what waited)',
        tags,
        params: subscriptionParams,
        body: updateWebhookSubscriptionRequestSchema,
        response: { 200: webhookSubscriptionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      subscription: await service.update(request.ctx, request.params.id, request.body.subscription),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      config,
      schema: {
        summary: 'Delete a webhook subscription and its delivery log',
        tags,
        params: subscriptionParams,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.remove(request.ctx, request.params.id);
      return {};
    },
  );

  app.post(
    `${base}/:id/rotate-secret`,
    {
      config,
      schema: {
        summary: 'Make a new signing secret; the previous one keeps signing for a while',
        tags,
        params: subscriptionParams,
        body: rotateWebhookSecretRequestSchema,
        response: { 200: webhookSubscriptionWithSecretResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.rotateSecret(request.ctx, request.params.id, request.body.previousSecretExpiresInHours),
  );

  app.post(
    `${base}/:id/test`,
    {
      config,
      schema: {
        summary: 'Queue a webhooks.test.sent delivery to this subscription',
        tags,
        params: subscriptionParams,
        response: { 200: webhookDeliveryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ delivery: await service.sendTest(request.ctx, request.params.id) }),
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      config,
      schema: {
        summary: "A subscription's deliveries, newest first",
        tags,
        params: subscriptionParams,
        querystring: webhookLogQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listDeliveries(request.ctx, request.params.id, request.query),
  );

  app.get(
    `${base}/:id/attempts`,
    {
      config,
      schema: {
        summary:
          "A subscription's delivery attempts, newest first: status, latency, response code, first KiB",
        tags,
        params: subscriptionParams,
        querystring: webhookLogQuerySchema.omit({ status: true }),
        response: { 200: webhookAttemptsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listAttempts(request.ctx, request.params.id, request.query),
  );

  app.post(
    `${base}/:id/recover`,
    {
      config,
      schema: {
        summary: 'Send again every delivery that failed since a time',
        tags,
        params: subscriptionParams,
        body: recoverWebhookDeliveriesRequestSchema,
        response: { 200: recoverWebhookDeliveriesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      recovered: await service.recoverFailed(request.ctx, request.params.id, new Date(request.body.since)),
    }),
  );

  app.get(
    `${base}/:id/stats`,
    {
      config,
      schema: {
        summary: "A subscription's attempts and success rate since a time (default: 7 days)",
        tags,
        params: subscriptionParams,
        querystring: webhookStatsQuerySchema,
        response: { 200: webhookStatsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      stats: await service.stats(
        request.ctx,
        request.params.id,
        request.query.since ? new Date(request.query.since) : undefined,
      ),
    }),
  );

  app.post(
    '/webhooks/v1/deliveries/:id/resend',
    {
      config,
      schema: {
        summary: 'Send one delivered or failed message again (same webhook-id)',
        tags,
        params: subscriptionParams,
        response: { 200: webhookDeliveryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ delivery: await service.resend(request.ctx, request.params.id) }),
  );
};
