// Webhooks through the real HTTP API on the real database (PGlite by default, PostgreSQL when
// DATABASE_URL is set), delivered to a real receiver (an HTTP server in this process) and checked with
// the SDK's verifyWebhook. Retries are made fast by configuration (a 300 ms base delay), not by waiting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '@atrium/sdk/webhooks';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { createCollection, insertItem, post } from './data-helpers.ts';
import { bearer, identityKit } from './identity-helpers.ts';
import { ecomKit } from './ecom-helpers.ts';
import { createWebhookSender } from '../src/modules/webhooks/webhook-sender.ts';
import { createWebhooksRepository } from '../src/modules/webhooks/webhooks.repository.ts';
import { startReceiver, subscribe, waitUntil, webhooksCall, type Receiver } from './webhooks-helpers.ts';

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_RETRY_BASE_MS: '300',
      WEBHOOKS_RETRY_MAX_DELAY_MS: '2000',
      // 8 s of nothing but failures disables a subscription (5 days in production).
      WEBHOOKS_DISABLE_AFTER_HOURS: String(8 / 3600),
    },
  });
  receiver = await startReceiver();
  await createCollection(t, { id: 'Notes', fields: [{ key: 'n', type: 'NUMBER' }] });
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const base = '/webhooks/v1/subscriptions';

describe('POST /webhooks/v1/subscriptions', () => {
  it('creates a subscription and shows its secret once, never in reads', async () => {
    const { subscription, secret } = await subscribe(t, {
      url: receiver.url('/created'),
      eventTypes: ['bookings.*', 'ecom.order.paid'],
      description: 'CRM sync',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await webhooksCall(t, 'GET', `${base}/${subscription.id}`);
    expect(read.status).toBe(200);
    expect(read.body.subscription).toMatchObject({
      url: receiver.url('/created'),
      eventTypes: ['bookings.*', 'ecom.order.paid'],
      description: 'CRM sync',
      enabled: true,
      payload: 'FULL',
      secrets: [{ prefix: secret.slice(0, 10) + '…' }],
    });
    const list = await webhooksCall(t, 'GET', base);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(read.body)).not.toContain(secret);
  });

  it('rejects event types that are not a type, a prefix ending in .* or _*, or *', async () => {
    for (const eventTypes of [
      [],
      ['bookings.'],
      ['book*'],
      ['*.created'],
      ['bookings..x'],
      ['data_*_created'],
    ]) {
      const answer = await webhooksCall(t, 'POST', base, {
        subscription: { url: receiver.url(), eventTypes },
      });
      expect(answer.status, JSON.stringify(eventTypes)).toBe(400);
    }
  });

  it('rejects a URL that is not http or https', async () => {
    const answer = await webhooksCall(t, 'POST', base, {
      subscription: { url: 'ftp://example.com/hook', eventTypes: ['*'] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations[0].field).toBe('subscription.url');
  });
});

describe('who may manage webhooks', () => {
  it('refuses strangers (401), members, visitors and staff below owner (403)', async () => {
    expect((await webhooksCall(t, 'GET', base, undefined, {})).status).toBe(401);
    for (const caller of ['MEMBER:m1', 'ANONYMOUS_VISITOR', 'WIX_USER:ADMIN', 'WIX_USER:STAFF']) {
      expect((await webhooksCall(t, 'GET', base, undefined, as(caller))).status, caller).toBe(403);
      const create = await webhooksCall(
        t,
        'POST',
        base,
        { subscription: { url: receiver.url(), eventTypes: ['*'] } },
        as(caller),
      );
      expect(create.status, caller).toBe(403);
    }
  });

  it('lets an API key with webhooks.manage in and keeps one without it out', async () => {
    const identity = identityKit(t);
    const { site } = await identity.defaultSite();
    const allowed = await identity.apiKey(site.id, ['webhooks.manage']);
    const other = await identity.apiKey(site.id, ['data.collections.manage']);
    expect((await webhooksCall(t, 'GET', base, undefined, bearer(allowed.key))).status).toBe(200);
    expect((await webhooksCall(t, 'GET', base, undefined, bearer(other.key))).status).toBe(403);
  });

  it("keeps another site's owner away from this site's subscriptions (404, and not in its list)", async () => {
    const { subscription } = await subscribe(t, { url: receiver.url('/private'), eventTypes: ['*'] });
    const { site } = await identityKit(t).newSite('Other business');
    const stranger = as('WIX_USER:OWNER', site.id);
    const id = subscription.id;
    const calls = [
      ['GET', `${base}/${id}`],
      ['PATCH', `${base}/${id}`, { subscription: { enabled: false } }],
      ['DELETE', `${base}/${id}`],
      ['POST', `${base}/${id}/test`, {}],
      ['POST', `${base}/${id}/rotate-secret`, {}],
      ['GET', `${base}/${id}/deliveries`],
      ['GET', `${base}/${id}/attempts`],
      ['GET', `${base}/${id}/stats`],
      ['POST', `${base}/${id}/recover`, { since: new Date(0).toISOString() }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const answer = await webhooksCall(t, method, url, payload, stranger);
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    const theirs = await webhooksCall(t, 'GET', base, undefined, stranger);
    expect(theirs.body.subscriptions).toEqual([]);
    expect((await webhooksCall(t, 'GET', `${base}/${id}`)).body.subscription.enabled).toBe(true);
  });

  it('answers 404 for ids that name nothing, whatever their shape', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await webhooksCall(t, 'GET', `${base}/${id}`)).status).toBe(404);
      expect((await webhooksCall(t, 'POST', `/webhooks/v1/deliveries/${id}/resend`, {})).status).toBe(404);
    }
  });
});

describe('delivery', () => {
  it('delivers events of bookings, ecom, data and identity once per webhook id, each signed', async () => {
    const path = '/modules';
    const { secret } = await subscribe(t, {
      url: receiver.url(path),
      eventTypes: ['bookings.*', 'ecom.cart.*', 'data_item_created', 'identity.member.signedIn'],
    });
    const identity = identityKit(t);
    const { site, clientId } = await identity.defaultSite();

    // bookings
    const staff = await webhooksCall(t, 'POST', '/bookings/v1/staff-members', {
      staffMember: { name: 'Ana', email: 'ana@example.com' },
    });
    expect(staff.status).toBe(200);
    // data
    const item = await insertItem(t, 'Notes', { n: 1 });
    // ecom: a visitor's cart
    const kit = ecomKit(t);
    const product = await kit.product('Mug', 12);
    const cart = await kit.call(
      'POST',
      '/ecom/v1/carts',
      { lineItems: [kit.line(product.id)] },
      kit.visitor(),
    );
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    // identity: a visitor signs in as a member
    const visitor = bearer((await identity.visitorToken(clientId)).token);
    const member = await identity.memberToken(site.id);
    const signedIn = await post(
      t,
      '/identity/v2/login',
      { loginId: { email: member.email }, password: 'member password 1' },
      visitor,
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);

    const expected = [
      'bookings.staff_member.created',
      'data_item_created',
      'ecom.cart.created',
      'identity.member.signedIn',
    ];
    await waitUntil('an event of each module', () =>
      expected.every((type) => receiver.at(path).some((delivery) => delivery.envelope.type === type)),
    );
    // Give a duplicate time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const received = receiver.at(path);
    const ids = received.map((delivery) => delivery.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    for (const delivery of received) {
      const envelope = verifyWebhook(delivery.body, delivery.headers, secret);
      expect(envelope.id).toBe(delivery.headers['webhook-id']);
      expect(envelope.siteId).toBe(site.id);
      expect(new Date(envelope.createdDate).getTime()).toBeLessThanOrEqual(delivery.receivedAt);
    }
    const byType = (type: string) => received.find((delivery) => delivery.envelope.type === type)!.envelope;
    expect(byType('bookings.staff_member.created').data).toMatchObject({
      entity: { id: staff.body.staffMember.id, name: 'Ana' },
    });
    expect(byType('data_item_created').data).toMatchObject({
      dataItemId: item.id,
      dataItem: { id: item.id },
    });
    expect(byType('ecom.cart.created').data).toMatchObject({ cart: { id: cart.body.cart.id } });
    expect(byType('identity.member.signedIn').data).toMatchObject({ memberId: member.id });
    // Types nobody subscribed to (the product's stores events, later cart types are subscribed) stay away.
    expect(received.some((delivery) => delivery.envelope.type.startsWith('stores.'))).toBe(false);
  });

  it('sends only the ids to a THIN subscription', async () => {
    const path = '/thin';
    await subscribe(t, { url: receiver.url(path), eventTypes: ['data_item_created'], payload: 'THIN' });
    const item = await insertItem(t, 'Notes', { n: 2 });
    const delivery = await waitUntil('the thin delivery', () =>
      receiver.at(path).find((received) => received.envelope.data.dataItemId === item.id),
    );
    expect(delivery.envelope.data).toEqual({
      dataCollectionId: 'Notes',
      dataItemId: item.id,
      dataItem: { id: item.id },
    });
  });

  it('rejects a forged, altered or stale delivery in verifyWebhook', async () => {
    const path = '/verify';
    const { subscription, secret } = await subscribe(t, {
      url: receiver.url(path),
      eventTypes: ['nothing.*'],
    });
    expect((await webhooksCall(t, 'POST', `${base}/${subscription.id}/test`, {})).status).toBe(200);
    const delivery = await waitUntil('the test delivery', () => receiver.at(path)[0]);
    expect(delivery.envelope.type).toBe('webhooks.test.sent');
    expect(() => verifyWebhook(delivery.body, delivery.headers, secret)).not.toThrow();
    expect(() => verifyWebhook(delivery.body.replace('test', 'tost'), delivery.headers, secret)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(delivery.body, delivery.headers, 'whsec_' + 'A'.repeat(32))).toThrow(
      WebhookVerificationError,
    );
    const later = new Date(Date.now() + 6 * 60_000);
    expect(() => verifyWebhook(delivery.body, delivery.headers, secret, { now: later })).toThrow(/5 minutes/);
  });

  it('signs with the old and the new secret after a rotation, until the old one expires', async () => {
    const path = '/rotate';
    const { subscription, secret: first } = await subscribe(t, {
      url: receiver.url(path),
      eventTypes: ['nothing.*'],
    });
    const rotated = await webhooksCall(t, 'POST', `${base}/${subscription.id}/rotate-secret`, {
      previousSecretExpiresInHours: 1,
    });
    expect(rotated.status).toBe(200);
    const second = rotated.body.secret as string;
    expect(second).not.toBe(first);
    expect(rotated.body.subscription.secrets).toHaveLength(2);
    await webhooksCall(t, 'POST', `${base}/${subscription.id}/test`, {});
    const delivery = await waitUntil('the test delivery', () => receiver.at(path)[0]);
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verifyWebhook(delivery.body, delivery.headers, first);
    verifyWebhook(delivery.body, delivery.headers, second);

    const ended = await webhooksCall(t, 'POST', `${base}/${subscription.id}/rotate-secret`, {
      previousSecretExpiresInHours: 0,
    });
    expect(ended.body.subscription.secrets).toHaveLength(1);
  });

  it('retries a delivery the receiver answered 500 with the same webhook-id, and logs each attempt', async () => {
    const path = '/flaky';
    const { subscription } = await subscribe(t, {
      url: receiver.url(path),
      eventTypes: ['data_item_created'],
    });
    let failures = 2;
    receiver.answerWith((delivery) => (delivery.path === path && failures-- > 0 ? 500 : 200));
    try {
      await insertItem(t, 'Notes', { n: 3 });
      await waitUntil('three attempts', () => receiver.at(path).length >= 3 || undefined, 30_000);
    } finally {
      receiver.answerWith(() => 200);
    }
    const ids = receiver.at(path).map((delivery) => delivery.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    await waitUntil('the success recorded', async () => {
      const answer = await webhooksCall(t, 'GET', `${base}/${subscription.id}/deliveries?status=SUCCEEDED`);
      return answer.body.deliveries.length === 1;
    });
    const attempts = await webhooksCall(t, 'GET', `${base}/${subscription.id}/attempts`);
    expect(attempts.status).toBe(200);
    const rows = [...attempts.body.attempts].reverse();
    expect(
      rows.map((row: { status: string; responseCode: number }) => [row.status, row.responseCode]),
    ).toEqual([
      ['FAILED', 500],
      ['FAILED', 500],
      ['SUCCEEDED', 200],
    ]);
    expect(rows[0]).toMatchObject({ attemptNumber: 1, responseBody: 'answered 500', webhookId: ids[0] });
    expect(rows.every((row: { latencyMs: number }) => row.latencyMs >= 0)).toBe(true);
    const deliveries = await webhooksCall(t, 'GET', `${base}/${subscription.id}/deliveries`);
    expect(deliveries.body.deliveries).toMatchObject([
      { status: 'SUCCEEDED', attemptCount: 3, webhookId: ids[0] },
    ]);
    const stats = await webhooksCall(t, 'GET', `${base}/${subscription.id}/stats`);
    expect(stats.body.stats).toMatchObject({ attempts: 3, succeeded: 1, failed: 2 });
    expect(stats.body.stats.successRate).toBeCloseTo(1 / 3);
  }, 40_000);
});

describe('a receiver that is gone or keeps failing', () => {
  it('disables the subscription at a 410, then re-enabling and recovering sends the message again', async () => {
    const path = '/gone';
    const { subscription } = await subscribe(t, {
      url: receiver.url(path),
      eventTypes: ['data_item_created'],
    });
    receiver.answerWith((delivery) => (delivery.path === path ? 410 : 200));
    const since = new Date(Date.now() - 1000).toISOString();
    try {
      await insertItem(t, 'Notes', { n: 4 });
      await waitUntil('the disabled subscription', async () => {
        const read = await webhooksCall(t, 'GET', `${base}/${subscription.id}`);
        return read.body.subscription.enabled === false && read.body.subscription;
      });
    } finally {
      receiver.answerWith(() => 200);
    }
    const read = await webhooksCall(t, 'GET', `${base}/${subscription.id}`);
    expect(read.body.subscription).toMatchObject({ enabled: false, disabledReason: 'ENDPOINT_GONE' });
    expect(receiver.at(path)).toHaveLength(1);
    const failed = await webhooksCall(t, 'GET', `${base}/${subscription.id}/deliveries?status=FAILED`);
    expect(failed.body.deliveries).toHaveLength(1);

    // Disabled: a test send is refused with a reason, and events are not recorded for it.
    const refused = await webhooksCall(t, 'POST', `${base}/${subscription.id}/test`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.details.applicationError.code).toBe('WEBHOOK_SUBSCRIPTION_DISABLED');

    await insertItem(t, 'Notes', { n: 41 });
    const enabled = await webhooksCall(t, 'PATCH', `${base}/${subscription.id}`, {
      subscription: { enabled: true },
    });
    expect(enabled.body.subscription).toMatchObject({ enabled: true });
    expect(enabled.body.subscription.disabledReason).toBeUndefined();
    const recovered = await webhooksCall(t, 'POST', `${base}/${subscription.id}/recover`, { since });
    expect(recovered.body).toEqual({ recovered: 1 });
    await waitUntil('the recovered delivery', () => receiver.at(path).length === 2);
    const [first, second] = receiver.at(path);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.at(path)).toHaveLength(2);
  }, 30_000);

  it('disables a subscription whose deliveries fail without a success for the configured time, and mails the owner', async () => {
    const identity = identityKit(t);
    const { site } = await identity.defaultSite();
    const ownerUser = await identity.staffToken(site.id, 'OWNER');
    const path = '/down';
    const { subscription } = await subscribe(t, {
      url: receiver.url(path),
      eventTypes: ['data_item_created'],
    });
    receiver.answerWith((delivery) => (delivery.path === path ? 503 : 200));
    try {
      await insertItem(t, 'Notes', { n: 5 });
      await waitUntil(
        'the subscription disabled for sustained failure',
        async () =>
          (await webhooksCall(t, 'GET', `${base}/${subscription.id}`)).body.subscription.enabled === false,
        30_000,
      );
    } finally {
      receiver.answerWith(() => 200);
    }
    const read = await webhooksCall(t, 'GET', `${base}/${subscription.id}`);
    expect(read.body.subscription.disabledReason).toBe('SUSTAINED_FAILURE');
    expect(receiver.at(path).length).toBeGreaterThanOrEqual(3);
    const mail = await identity.lastMail(ownerUser.token, ownerUser.email);
    expect(mail).toMatchObject({ kind: 'webhooks.subscription-disabled', subject: 'A webhook was disabled' });
    expect(mail!.text).toContain(receiver.url(path));
  }, 40_000);
});

describe('POST /webhooks/v1/deliveries/{id}/resend', () => {
  it('sends a delivered message again with the same webhook-id', async () => {
    const path = '/resend';
    const { subscription } = await subscribe(t, {
      url: receiver.url(path),
      eventTypes: ['data_item_created'],
    });
    await insertItem(t, 'Notes', { n: 6 });
    const delivered = await waitUntil('the delivery succeeded', async () => {
      const answer = await webhooksCall(t, 'GET', `${base}/${subscription.id}/deliveries?status=SUCCEEDED`);
      return answer.body.deliveries[0] as { id: string; webhookId: string } | undefined;
    });
    const resent = await webhooksCall(t, 'POST', `/webhooks/v1/deliveries/${delivered.id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.body.delivery).toMatchObject({ webhookId: delivered.webhookId, status: 'PENDING' });
    await waitUntil('the resent delivery', () => receiver.at(path).length === 2);
    expect(receiver.at(path).map((delivery) => delivery.headers['webhook-id'])).toEqual([
      delivered.webhookId,
      delivered.webhookId,
    ]);
  });
});

describe('the delivery log purge', () => {
  it('deletes old finished messages with their deliveries and attempts, and keeps unfinished ones', async () => {
    const path = '/purged';
    // Test sends reach this subscription alone, so no other subscription's delivery keeps a message.
    const { subscription } = await subscribe(t, { url: receiver.url(path), eventTypes: ['nothing.*'] });
    receiver.answerWith((delivery) => (delivery.path === path && receiver.at(path).length === 1 ? 200 : 500));
    try {
      await webhooksCall(t, 'POST', `${base}/${subscription.id}/test`, {});
      await waitUntil('the first delivered', () => receiver.at(path).length === 1);
      await webhooksCall(t, 'POST', `${base}/${subscription.id}/test`, {});
      await waitUntil('one delivered and one waiting for a retry', async () => {
        const answer = await webhooksCall(t, 'GET', `${base}/${subscription.id}/deliveries`);
        const statuses = answer.body.deliveries.map((delivery: { status: string }) => delivery.status).sort();
        return statuses.join() === 'PENDING,SUCCEEDED';
      });
      const repository = createWebhooksRepository(t.app.database.db);
      expect(await repository.purgeFinishedBefore(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
      const left = await webhooksCall(t, 'GET', `${base}/${subscription.id}/deliveries`);
      // The one waiting for its retry (or being retried just now) is kept.
      expect(left.body.deliveries).toHaveLength(1);
      expect(['PENDING', 'SENDING']).toContain(left.body.deliveries[0].status);
      await webhooksCall(t, 'DELETE', `${base}/${subscription.id}`);
    } finally {
      receiver.answerWith(() => 200);
    }
  });
});

describe('ordering', () => {
  it('delivers one entity’s rapid updates in order to an endpoint, even when one of them needs a retry', async () => {
    const path = '/ordered';
    await subscribe(t, { url: receiver.url(path), eventTypes: ['data_item_updated', 'data_item_created'] });
    const items = await Promise.all([insertItem(t, 'Notes', { n: 0 }), insertItem(t, 'Notes', { n: 0 })]);
    let failedOnce = false;
    // The third update fails once: every later update of that item must wait for its retry.
    receiver.answerWith((delivery) => {
      const data = delivery.envelope.data as { dataItem?: { data?: { n?: number } } };
      if (delivery.path === path && data.dataItem?.data?.n === 3 && !failedOnce) {
        failedOnce = true;
        return 500;
      }
      return 200;
    });
    const updates = 15;
    const numbersSeen = (itemId: string) =>
      receiver
        .at(path)
        .filter((delivery) => (delivery.envelope.data as { dataItemId: string }).dataItemId === itemId)
        .map((delivery) => (delivery.envelope.data as { dataItem: { data: { n: number } } }).dataItem.data.n);
    try {
      for (let n = 1; n <= updates; n += 1) {
        await Promise.all(
          items.map((item) =>
            post(t, '/data/v2/items/update', {
              dataCollectionId: 'Notes',
              dataItem: { id: item.id, data: { _id: item.id, n } },
            }),
          ),
        );
      }
      await waitUntil(
        'every last update delivered',
        () => items.every((item) => numbersSeen(item.id).includes(updates)),
        30_000,
      );
    } finally {
      receiver.answerWith(() => 200);
    }
    expect(failedOnce).toBe(true);
    for (const item of items) {
      const seen = numbersSeen(item.id);
      // Each number once, in order (the failed third one is there twice: the 500, then its retry).
      const firstOf = seen.filter((n, index) => seen.indexOf(n) === index);
      expect(firstOf).toEqual(Array.from({ length: updates + 1 }, (_, n) => n));
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    }
  }, 45_000);
});

describe('receivers: addresses, time limit, answers', () => {
  let production: TestApp;
  let productionOwner: Record<string, string>;
  beforeAll(async () => {
    production = await createTestApp({
      config: { NODE_ENV: 'production', ALLOW_DEV_CALLER_HEADER: 'false' },
    });
    const identity = identityKit(production);
    const { site } = await identity.defaultSite();
    productionOwner = bearer((await identity.staffToken(site.id, 'OWNER')).token);
  }, 120_000);
  afterAll(async () => {
    await production?.close();
  });

  const create = (url: string) =>
    webhooksCall(production, 'POST', base, { subscription: { url, eventTypes: ['*'] } }, productionOwner);

  it('requires https in production', async () => {
    const answer = await create('http://hooks.example.com/atrium');
    expect(answer.status).toBe(400);
    expect(answer.body.details.applicationError.code).toBe('WEBHOOK_HTTPS_REQUIRED');
    expect((await create('https://hooks.example.com/atrium')).status).toBe(200);
  });

  it('refuses loopback, private and link-local addresses unless the setting allows them', async () => {
    for (const host of [
      '127.0.0.1:9',
      'localhost',
      '10.0.0.8',
      '[::1]',
      '169.254.169.254',
      '[::ffff:127.0.0.1]',
    ]) {
      const answer = await create(`https://${host}/hook`);
      expect(answer.status, host).toBe(400);
      expect(answer.body.details.applicationError.code, host).toBe('WEBHOOK_ADDRESS_NOT_ALLOWED');
    }
  });

  it('checks the address a name resolves to where each delivery connects (DNS rebinding)', async () => {
    const send = createWebhookSender({ timeoutMs: 2000, allowPrivateAddresses: false });
    const before = receiver.received.length;
    const outcome = await send({
      url: receiver.url('/rebound').replace('127.0.0.1', 'localhost'),
      headers: {},
      body: '{}',
    });
    expect(outcome).toMatchObject({ succeeded: false, gone: false });
    expect(outcome.error).toMatch(/local or private network address/);
    expect(receiver.received.length).toBe(before);
  });

  it('keeps the first KiB of an answer as text, even a binary one', async () => {
    const binary = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.concat([Buffer.from('ok\u0000'), Buffer.alloc(4000, 0x41)]));
    });
    await new Promise<void>((resolve) => binary.listen(0, '127.0.0.1', resolve));
    try {
      const send = createWebhookSender({ timeoutMs: 2000, allowPrivateAddresses: true });
      const outcome = await send({
        url: `http://127.0.0.1:${(binary.address() as AddressInfo).port}/`,
        headers: {},
        body: '{}',
      });
      expect(outcome).toMatchObject({ succeeded: true, responseCode: 200 });
      expect(outcome.responseBody).toBe('ok' + 'A'.repeat(1021));
    } finally {
      binary.closeAllConnections();
      binary.close();
    }
  });

  it('gives up on an attempt that gets no answer within its time limit', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const send = createWebhookSender({ timeoutMs: 300, allowPrivateAddresses: true });
      const outcome = await send({
        url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
        headers: {},
        body: '{}',
      });
      expect(outcome).toMatchObject({ succeeded: false, error: 'No answer within 0.3 s' });
      expect(outcome.latencyMs).toBeGreaterThanOrEqual(290);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
