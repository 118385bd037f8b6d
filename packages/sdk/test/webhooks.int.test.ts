import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityKit } from '../../../apps/server/test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { startReceiver, waitUntil, type Receiver } from '../../../apps/server/test/webhooks-helpers.ts';
import { ApiKeyStrategy } from '../src/auth/api-key.ts';
import { createClient } from '../src/client.ts';
import { ApplicationError } from '../src/errors.ts';
import { webhooks } from '../src/modules/webhooks.ts';
import { verifyWebhook } from '../src/webhooks.ts';

// Every webhooks call of the SDK against the real server, as an app holding only the webhooks scope.
let testApp: TestApp;
let receiver: Receiver;
let client: ReturnType<typeof createClient<{ webhooks: typeof webhooks }>>;

beforeAll(async () => {
  testApp = await createTestApp({ config: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const kit = identityKit(testApp);
  const { site } = await kit.defaultSite();
  const { key } = await kit.apiKey(site.id, ['webhooks.manage']);
  client = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey: key }), modules: { webhooks } });
  receiver = await startReceiver();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await testApp?.close();
});

describe('webhooks through the SDK', () => {
  it('manages a subscription, sends a test, reads the log and replays a delivery', async () => {
    const { subscription, secret } = await client.webhooks.createSubscription({
      url: receiver.url('/sdk'),
      eventTypes: ['bookings.*'],
      description: 'SDK',
    });
    expect(subscription.createdDate).toBeInstanceOf(Date);
    expect((await client.webhooks.listSubscriptions()).map((item) => item.id)).toContain(subscription.id);
    expect((await client.webhooks.getSubscription(subscription.id)).description).toBe('SDK');
    const changed = await client.webhooks.updateSubscription(subscription.id, { payload: 'THIN' });
    expect(changed.payload).toBe('THIN');

    const test = await client.webhooks.sendTest(subscription.id);
    expect(test.eventType).toBe('webhooks.test.sent');
    const delivered = await waitUntil('the test delivery', () => receiver.at('/sdk')[0]);
    expect(verifyWebhook(delivered.body, delivered.headers, secret).type).toBe('webhooks.test.sent');

    const done = await waitUntil('the delivery recorded', async () => {
      const page = await client.webhooks.listDeliveries(subscription.id, { status: 'SUCCEEDED' });
      return page.deliveries[0];
    });
    expect(done.webhookId).toBe(test.webhookId);
    const attempts = await client.webhooks.listAttempts(subscription.id);
    expect(attempts.attempts[0]).toMatchObject({ status: 'SUCCEEDED', responseCode: 200 });
    expect((await client.webhooks.getStats(subscription.id)).successRate).toBe(1);

    const resent = await client.webhooks.resendDelivery(done.id);
    expect(resent.webhookId).toBe(test.webhookId);
    await waitUntil('the replay', () => receiver.at('/sdk').length === 2);
    expect(await client.webhooks.recoverFailed(subscription.id, new Date(0))).toBe(0);

    const rotated = await client.webhooks.rotateSecret(subscription.id, { previousSecretExpiresInHours: 0 });
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.subscription.secrets).toHaveLength(1);

    await client.webhooks.deleteSubscription(subscription.id);
    await expect(client.webhooks.getSubscription(subscription.id)).rejects.toThrow();
  });

  it('reports a test send to a disabled subscription as an ApplicationError with its code (409)', async () => {
    const { subscription } = await client.webhooks.createSubscription({
      url: receiver.url('/off'),
      eventTypes: ['*'],
      enabled: false,
    });
    expect(subscription).toMatchObject({ enabled: false, disabledReason: 'BY_OWNER' });
    const refused = await client.webhooks.sendTest(subscription.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApplicationError);
    expect(refused).toMatchObject({ code: 'WEBHOOK_SUBSCRIPTION_DISABLED', status: 409 });
  });
});
