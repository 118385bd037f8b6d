// The payment gateways of commerce (modules/ecom/gateways) on a real database: PGlite by default,
// PostgreSQL with DATABASE_URL. The test gateway is built as the ecom module builds it (in the app, with
// the app's bus), beside the app's own: its job has a name of its own and its routes sit under
// /recording, with recording callbacks.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { EventBus } from '../src/platform/bus/types.ts';
import { testConfig } from '../src/platform/config.ts';
import { AppError } from '../src/platform/errors/app-error.ts';
import { secretSealerFor } from '../src/platform/secrets/sealing.ts';
import { ecomTestGatewayCharges, ecomTestGatewayRefunds } from '../src/modules/ecom/ecom.tables.ts';
import { createOfflineGateway } from '../src/modules/ecom/gateways/offline-gateway.ts';
import type {
  GatewayChargeRequest,
  GatewayWebhookEvent,
  SignedWebhook,
} from '../src/modules/ecom/gateways/payment-gateway.ts';
import { cardBehaviour, cardBrand, passesLuhn } from '../src/modules/ecom/gateways/test-cards.ts';
import {
  createTestGateway,
  deliverWebhookJob,
  type TestGateway,
} from '../src/modules/ecom/gateways/test-gateway.ts';
import {
  testGatewayRoutes,
  webhookSignatureHeader,
} from '../src/modules/ecom/gateways/test-gateway.routes.ts';
import { bearer, identityKit } from './identity-helpers.ts';
import { as, createTestDatabase, inject, owner, type TestApp } from './test-app.ts';

const tokensUrl = '/ecom/v1/test-gateway/tokens';
const deliveryJob = 'test.recording-gateway.deliver-webhook';
const webhookUrl = '/recording/ecom/v1/test-gateway/webhook';

let t: TestApp;
let app: App;
let gateway: TestGateway;
/** Events the webhook route verified and handed on, in order. */
const received: GatewayWebhookEvent[] = [];

/** The app with the test gateway wired as the ecom module wires it: the job delivers through the route. */
async function gatewayApp(): Promise<TestApp> {
  const { database, databaseUrl, drop } = await createTestDatabase();
  const config = testConfig(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  let events: EventBus | undefined;
  const deliver = async (webhook: SignedWebhook) => {
    const response = await postWebhook(webhook.body, webhook.signature);
    if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
  };
  const built = await buildApp({
    config,
    database,
    withEvents: (bus) => {
      events = bus;
    },
    plugins: [
      async (scope) => {
        gateway = await createTestGateway({
          database,
          sealer: secretSealerFor(config),
          events: events!,
          deliver,
          webhookDelayMs: 200,
          jobName: deliveryJob,
        });
        await scope.register(testGatewayRoutes, {
          prefix: '/recording',
          gateway,
          onWebhook: async (event) => {
            received.push(event);
          },
        });
      },
    ],
  });
  await built.ready();
  return {
    app: built,
    config,
    databaseUrl,
    async close() {
      await built.close();
      await drop();
    },
  };
}

function postWebhook(body: string, signature?: string) {
  return inject(app, {
    method: 'POST',
    url: webhookUrl,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { [webhookSignatureHeader]: signature } : {}),
    },
    payload: body,
  });
}

beforeAll(async () => {
  t = await gatewayApp();
  app = t.app;
});

afterAll(async () => {
  await t?.close();
});

const site = randomUUID();

function chargeRequest(cardNumber: string | undefined, extra: Partial<GatewayChargeRequest> = {}) {
  const siteId = extra.siteId ?? site;
  return {
    siteId,
    idempotencyKey: `charge-${randomUUID()}`,
    amount: '10.00',
    currency: 'USD',
    paymentToken: cardNumber ? gateway.tokenize(siteId, { cardNumber }) : undefined,
    delayCapture: false,
    reference: randomUUID(),
    ...extra,
  } satisfies GatewayChargeRequest;
}

async function chargeRow(chargeId: string) {
  const [row] = await app.database.db
    .select()
    .from(ecomTestGatewayCharges)
    .where(eq(ecomTestGatewayCharges.id, chargeId));
  return row!;
}

async function rejection(work: () => unknown): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

async function eventually<T>(find: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('test cards', () => {
  it.each([
    ['4242424242424242', true, 'visa'],
    ['5555555555554444', true, 'mastercard'],
    ['2223003122003222', true, 'mastercard'],
    ['378282246310005', true, 'amex'],
    ['6011111111111117', true, 'unknown'],
    ['4242424242424241', false, 'visa'],
    ['1234567812345678', false, 'unknown'],
  ])('%s: Luhn %s, brand %s', (number, valid, brand) => {
    expect(passesLuhn(number)).toBe(valid);
    expect(cardBrand(number)).toBe(brand);
  });

  it.each([
    ['4242424242424242', undefined, 'approve'],
    ['4000000000000002', undefined, 'card_declined'],
    ['4000000000009995', undefined, 'insufficient_funds'],
    ['4000000000000069', undefined, 'expired_card'],
    ['4000000000003220', undefined, 'pending_succeed'],
    ['4000000000003063', undefined, 'pending_fail'],
    ['6011111111111117', undefined, 'approve'],
    ['4242424242424242', '03/31', 'approve'],
    ['4242424242424242', '01/32', 'approve'],
    ['4242424242424242', '02/31', 'expired_card'],
    ['4242424242424242', '12/30', 'expired_card'],
  ])('card %s expiring %s behaves %s (in March 2031)', (number, expiry, behaviour) => {
    expect(cardBehaviour(number, expiry, new Date('2031-03-15T00:00:00Z'))).toBe(behaviour);
  });
});

describe('test gateway: charge', () => {
  it.each(['4242424242424242', '5555555555554444', '6011111111111117'])(
    'approves %s and keeps only the brand and last four digits',
    async (number) => {
      const result = await gateway.charge(chargeRequest(number));
      expect(result).toMatchObject({ status: 'APPROVED', card: { lastFourDigits: number.slice(-4) } });
      expect(result.chargeId).toMatch(/^ch_[0-9a-f]{24}$/);
      const row = await chargeRow(result.chargeId);
      expect(row).toMatchObject({
        status: 'APPROVED',
        amount: '10.000',
        captured: '10.000',
        refunded: '0.000',
      });
      expect(JSON.stringify(row)).not.toContain(number);
    },
  );

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('declines %s with %s, recording the declined charge', async (number, code) => {
    const result = await gateway.charge(chargeRequest(number));
    expect(result).toMatchObject({ status: 'DECLINED', declineCode: code, card: { brand: 'visa' } });
    expect(await chargeRow(result.chargeId)).toMatchObject({ status: 'DECLINED', captured: '0.000' });
  });

  it('declines invalid_token for no token, a forged token and a token of another site', async () => {
    const forged = gateway.tokenize(site, { cardNumber: '4000000000000002' }).replace(/\.[^.]+$/, '.AAAA');
    const otherSite = gateway.tokenize(randomUUID(), { cardNumber: '4242424242424242' });
    for (const paymentToken of [undefined, 'tok_test_nonsense', forged, otherSite]) {
      const result = await gateway.charge({ ...chargeRequest(undefined), paymentToken });
      expect(result).toMatchObject({ status: 'DECLINED', declineCode: 'invalid_token' });
    }
  });

  it('answers the same charge for the same idempotency key and charges once', async () => {
    const request = chargeRequest('4242424242424242');
    const first = await gateway.charge(request);
    const again = await gateway.charge(request);
    const declinedKey = chargeRequest('4000000000000002');
    expect(again).toEqual(first);
    expect(await gateway.charge(declinedKey)).toEqual(await gateway.charge(declinedKey));
    const rows = await app.database.db
      .select()
      .from(ecomTestGatewayCharges)
      .where(eq(ecomTestGatewayCharges.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
  });

  it('answers one charge to 20 concurrent calls with the same key', async () => {
    const request = chargeRequest('4242424242424242');
    const results = await Promise.all(Array.from({ length: 20 }, () => gateway.charge(request)));
    expect(new Set(results.map((result) => result.chargeId)).size).toBe(1);
    expect(results.every((result) => result.status === 'APPROVED')).toBe(true);
    const rows = await app.database.db
      .select()
      .from(ecomTestGatewayCharges)
      .where(eq(ecomTestGatewayCharges.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
  });

  it('keeps the same key apart on two sites', async () => {
    const request = chargeRequest('4242424242424242');
    const otherSite = randomUUID();
    const other = chargeRequest('4242424242424242', {
      siteId: otherSite,
      idempotencyKey: request.idempotencyKey,
    });
    const [a, b] = [await gateway.charge(request), await gateway.charge(other)];
    expect(a.chargeId).not.toBe(b.chargeId);
  });

  it('refuses a key sent again with another amount (409), and an amount it cannot charge (400)', async () => {
    const request = chargeRequest('4242424242424242');
    await gateway.charge(request);
    const reused = await rejection(() => gateway.charge({ ...request, amount: '11.00' }));
    expect([reused.status, reused.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await gateway.charge({ ...request, amount: '10.000' })).toMatchObject({ status: 'APPROVED' });
    for (const amount of ['0', '-1.00', '1.005', 'ten', '1e3']) {
      const error = await rejection(() => gateway.charge(chargeRequest('4242424242424242', { amount })));
      expect([error.status, error.code]).toEqual([400, 'INVALID_AMOUNT']);
    }
    const yen = await gateway.charge(chargeRequest('4242424242424242', { amount: '1500', currency: 'JPY' }));
    expect(yen.status).toBe('APPROVED');
  });

  it('refuses to tokenize a number that fails the Luhn check', async () => {
    const error = await rejection(() => gateway.tokenize(site, { cardNumber: '4242424242424241' }));
    expect([error.status, error.code]).toEqual([400, 'INVALID_CARD_NUMBER']);
  });
});

describe('test gateway: authorize, capture and void', () => {
  it('authorizes with delayed capture, then captures part of it once', async () => {
    const charged = await gateway.charge(chargeRequest('4242424242424242', { delayCapture: true }));
    expect(charged.status).toBe('AUTHORIZED');
    expect(await chargeRow(charged.chargeId)).toMatchObject({ status: 'AUTHORIZED', captured: '0.000' });
    const capture = { siteId: site, chargeId: charged.chargeId };
    expect(await gateway.capture({ ...capture, amount: '10.01' })).toMatchObject({
      ok: false,
      code: 'CAPTURE_EXCEEDS_AUTHORIZED',
    });
    expect(await gateway.capture({ ...capture, amount: '7.50' })).toEqual({ ok: true });
    expect(await gateway.capture({ ...capture, amount: '7.50' })).toEqual({ ok: true });
    expect(await gateway.capture({ ...capture, amount: '2.50' })).toMatchObject({
      ok: false,
      code: 'ALREADY_CAPTURED',
    });
    expect(await chargeRow(charged.chargeId)).toMatchObject({ status: 'CAPTURED', captured: '7.500' });
    expect(await gateway.charge(chargeRequest(undefined, { delayCapture: true }))).toMatchObject({
      status: 'DECLINED',
    });
  });

  it('captures only an authorized charge of its own site', async () => {
    const approved = await gateway.charge(chargeRequest('4242424242424242'));
    expect(
      await gateway.capture({ siteId: site, chargeId: approved.chargeId, amount: '10.00' }),
    ).toMatchObject({
      ok: false,
      code: 'NOT_AUTHORIZED',
    });
    const authorized = await gateway.charge(chargeRequest('4242424242424242', { delayCapture: true }));
    expect(
      await gateway.capture({ siteId: randomUUID(), chargeId: authorized.chargeId, amount: '1.00' }),
    ).toMatchObject({ ok: false, code: 'CHARGE_NOT_FOUND' });
    expect(await gateway.capture({ siteId: site, chargeId: authorized.chargeId, amount: '0' })).toMatchObject(
      {
        ok: false,
        code: 'INVALID_AMOUNT',
      },
    );
  });

  it('voids an authorized charge, idempotently, and nothing else', async () => {
    const authorized = await gateway.charge(chargeRequest('4242424242424242', { delayCapture: true }));
    const target = { siteId: site, chargeId: authorized.chargeId };
    expect(await gateway.void(target)).toEqual({ ok: true });
    expect(await gateway.void(target)).toEqual({ ok: true });
    expect(await chargeRow(authorized.chargeId)).toMatchObject({ status: 'VOIDED', captured: '0.000' });
    expect(await gateway.capture({ ...target, amount: '1.00' })).toMatchObject({
      ok: false,
      code: 'NOT_AUTHORIZED',
    });
    const approved = await gateway.charge(chargeRequest('4242424242424242'));
    expect(await gateway.void({ siteId: site, chargeId: approved.chargeId })).toMatchObject({
      ok: false,
      code: 'NOT_AUTHORIZED',
    });
    expect(await gateway.void({ siteId: site, chargeId: 'ch_unknown' })).toMatchObject({
      ok: false,
      code: 'CHARGE_NOT_FOUND',
    });
  });
});

describe('test gateway: refund', () => {
  const refund = (chargeId: string, amount: string, idempotencyKey = `refund-${randomUUID()}`) =>
    gateway.refund({ siteId: site, chargeId, amount, idempotencyKey });

  it('refunds in parts up to what was captured, then refuses', async () => {
    const { chargeId } = await gateway.charge(chargeRequest('4242424242424242'));
    const first = await refund(chargeId, '4.00');
    expect(first).toMatchObject({ ok: true, refundId: expect.stringMatching(/^re_[0-9a-f]{24}$/) });
    expect(await refund(chargeId, '6.00')).toMatchObject({ ok: true });
    const refused = await refund(chargeId, '0.01');
    expect(refused).toMatchObject({ ok: false, code: 'REFUND_EXCEEDS_CAPTURED' });
    expect(await chargeRow(chargeId)).toMatchObject({ captured: '10.000', refunded: '10.000' });
  });

  it('answers the same refund for the same key and refunds it once', async () => {
    const { chargeId } = await gateway.charge(chargeRequest('4242424242424242'));
    const key = `refund-${randomUUID()}`;
    const first = await refund(chargeId, '3.00', key);
    expect(await refund(chargeId, '3.00', key)).toEqual(first);
    expect(await chargeRow(chargeId)).toMatchObject({ refunded: '3.000' });
    const reused = await rejection(() => refund(chargeId, '4.00', key));
    expect(reused.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses to refund what was never captured, or a charge it does not know', async () => {
    const authorized = await gateway.charge(chargeRequest('4242424242424242', { delayCapture: true }));
    expect(await refund(authorized.chargeId, '1.00')).toMatchObject({ ok: false, code: 'NOT_CAPTURED' });
    const declined = await gateway.charge(chargeRequest('4000000000000002'));
    expect(await refund(declined.chargeId, '1.00')).toMatchObject({ ok: false, code: 'NOT_CAPTURED' });
    expect(await refund('ch_unknown', '1.00')).toMatchObject({ ok: false, code: 'CHARGE_NOT_FOUND' });
    await gateway.capture({ siteId: site, chargeId: authorized.chargeId, amount: '5.00' });
    expect(await refund(authorized.chargeId, '5.01')).toMatchObject({
      ok: false,
      code: 'REFUND_EXCEEDS_CAPTURED',
    });
    expect(await refund(authorized.chargeId, '5.00')).toMatchObject({ ok: true });
  });

  it('lets exactly 10 of 50 concurrent refunds of 1.00 through on a 10.00 charge', async () => {
    const { chargeId } = await gateway.charge(chargeRequest('4242424242424242'));
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => refund(chargeId, '1.00')));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(10);
    expect(
      outcomes.filter((outcome) => !outcome.ok && outcome.code === 'REFUND_EXCEEDS_CAPTURED'),
    ).toHaveLength(40);
    expect(await chargeRow(chargeId)).toMatchObject({ refunded: '10.000' });
    const refunds = await app.database.db
      .select()
      .from(ecomTestGatewayRefunds)
      .where(and(eq(ecomTestGatewayRefunds.siteId, site), eq(ecomTestGatewayRefunds.chargeId, chargeId)));
    expect(refunds).toHaveLength(10);
  });
});

describe('test gateway: settlement and signed webhooks', () => {
  it('settles a pending card as succeeded, once, with a webhook that verifies', async () => {
    const request = chargeRequest('4000000000003220');
    const charged = await gateway.charge(request);
    expect(charged.status).toBe('PENDING');
    const webhook = await gateway.settle(site, charged.chargeId);
    const event = gateway.verifyWebhook(webhook.body, webhook.signature, new Date());
    expect(event).toEqual({
      type: 'charge.succeeded',
      siteId: site,
      chargeId: charged.chargeId,
      reference: request.reference,
      amount: '10.00',
      currency: 'USD',
    });
    expect(webhook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const settled = await chargeRow(charged.chargeId);
    expect(settled).toMatchObject({ status: 'APPROVED', captured: '10.000' });
    const again = await gateway.settle(site, charged.chargeId);
    expect(JSON.parse(again.body)).toEqual(event);
    expect(await chargeRow(charged.chargeId)).toEqual(settled);
    expect(await gateway.charge(request)).toMatchObject({ status: 'APPROVED', chargeId: charged.chargeId });
  });

  it('settles a pending card with delayed capture as authorized', async () => {
    const charged = await gateway.charge(chargeRequest('4000000000003220', { delayCapture: true }));
    await gateway.settle(site, charged.chargeId);
    expect(await chargeRow(charged.chargeId)).toMatchObject({ status: 'AUTHORIZED', captured: '0.000' });
  });

  it('settles the failing pending card as failed with card_declined', async () => {
    const charged = await gateway.charge(chargeRequest('4000000000003063'));
    expect(charged.status).toBe('PENDING');
    const webhook = await gateway.settle(site, charged.chargeId);
    expect(gateway.verifyWebhook(webhook.body, webhook.signature, new Date())).toMatchObject({
      type: 'charge.failed',
      declineCode: 'card_declined',
    });
    expect(await chargeRow(charged.chargeId)).toMatchObject({ status: 'DECLINED', captured: '0.000' });
  });

  it('refuses to settle a charge that was never pending (409) or does not exist (404)', async () => {
    const approved = await gateway.charge(chargeRequest('4242424242424242'));
    expect((await rejection(() => gateway.settle(site, approved.chargeId))).status).toBe(409);
    expect((await rejection(() => gateway.settle(site, 'ch_unknown'))).status).toBe(404);
  });

  it('rejects a tampered body, a foreign signature, a stale or future timestamp and a bad header', async () => {
    const charged = await gateway.charge(chargeRequest('4000000000003220'));
    const { body, signature } = await gateway.settle(site, charged.chargeId);
    const signedAt = new Date(Number(/t=(\d+)/.exec(signature)![1]) * 1000);
    const tampered = body.replace('"10.00"', '"1000.00"');
    const cases: Array<[string, string, Date, string]> = [
      [tampered, signature, signedAt, 'WEBHOOK_SIGNATURE_INVALID'],
      [
        body,
        signature.replace(/v1=./, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0')),
        signedAt,
        'WEBHOOK_SIGNATURE_INVALID',
      ],
      [body, signature, new Date(signedAt.getTime() + 5 * 60_000 + 1000), 'WEBHOOK_SIGNATURE_STALE'],
      [body, signature, new Date(signedAt.getTime() - 6 * 60_000), 'WEBHOOK_SIGNATURE_STALE'],
      [body, 'v1=abc', signedAt, 'WEBHOOK_SIGNATURE_INVALID'],
      [body, '', signedAt, 'WEBHOOK_SIGNATURE_INVALID'],
    ];
    for (const [text, header, now, code] of cases) {
      const error = await rejection(() => gateway.verifyWebhook(text, header, now));
      expect([error.status, error.code]).toEqual([401, code]);
    }
    expect(gateway.verifyWebhook(body, signature, new Date(signedAt.getTime() + 5 * 60_000))).toMatchObject({
      chargeId: charged.chargeId,
    });
  });

  it(`delivers the webhook by its job (${deliverWebhookJob} in the app) a moment after a pending charge`, async () => {
    const request = chargeRequest('4000000000003063');
    const charged = await gateway.charge(request);
    const event = await eventually(() => received.find((each) => each.chargeId === charged.chargeId));
    expect(event).toMatchObject({
      type: 'charge.failed',
      reference: request.reference,
      declineCode: 'card_declined',
    });
    expect(await chargeRow(charged.chargeId)).toMatchObject({ status: 'DECLINED' });
    expect(received.filter((each) => each.chargeId === charged.chargeId)).toHaveLength(1);
  });
});

describe('POST /ecom/v1/test-gateway/tokens', () => {
  const card = { cardNumber: '4242424242424242', expiry: '12/99', cvc: '123' };

  it('gives an anonymous visitor a token the gateway charges', async () => {
    const kit = identityKit(t);
    const { site: defaultSite, clientId } = await kit.defaultSite();
    const visitor = await kit.visitorToken(clientId);
    const response = await inject(app, {
      method: 'POST',
      url: tokensUrl,
      headers: bearer(visitor.token),
      payload: card,
    });
    expect(response.status).toBe(200);
    expect(response.body.paymentToken).toMatch(/^tok_test_/);
    expect(response.body.paymentToken).not.toContain(card.cardNumber);
    const charged = await gateway.charge({
      ...chargeRequest(undefined, { siteId: defaultSite.id }),
      paymentToken: response.body.paymentToken,
    });
    expect(charged).toMatchObject({ status: 'APPROVED', card: { brand: 'visa', lastFourDigits: '4242' } });
  });

  it.each([['MEMBER:m-1'], ['WIX_USER:OWNER'], ['WIX_USER:STAFF'], ['APP:an-app']])(
    'tokenizes for %s',
    async (caller) => {
      const response = await inject(app, {
        method: 'POST',
        url: tokensUrl,
        headers: as(caller),
        payload: card,
      });
      expect(response.status).toBe(200);
    },
  );

  it('answers 400 for a number failing the Luhn check, naming the field', async () => {
    const response = await inject(app, {
      method: 'POST',
      url: tokensUrl,
      headers: owner,
      payload: { cardNumber: '4242424242424241' },
    });
    expect(response.status).toBe(400);
    expect(response.body.details.applicationError.code).toBe('INVALID_CARD_NUMBER');
    expect(response.body.details.validationError.fieldViolations[0].field).toBe('cardNumber');
  });

  it('answers 400 for a malformed number or expiry', async () => {
    for (const payload of [{ cardNumber: '4242-4242' }, { ...card, expiry: '13/30' }, {}]) {
      const response = await inject(app, { method: 'POST', url: tokensUrl, headers: owner, payload });
      expect(response.status).toBe(400);
    }
  });

  it('answers 401 without credentials and 403 to an app key without a commerce scope', async () => {
    expect((await inject(app, { method: 'POST', url: tokensUrl, payload: card })).status).toBe(401);
    const kit = identityKit(t);
    const { site: defaultSite } = await kit.defaultSite();
    const unscoped = (await kit.apiKey(defaultSite.id, ['identity.members'])).key;
    const refused = await inject(app, {
      method: 'POST',
      url: tokensUrl,
      headers: { authorization: unscoped },
      payload: card,
    });
    expect(refused.status).toBe(403);
    const scoped = (await kit.apiKey(defaultSite.id, ['ecom.checkout'])).key;
    const allowed = await inject(app, {
      method: 'POST',
      url: tokensUrl,
      headers: { authorization: scoped },
      payload: card,
    });
    expect(allowed.status).toBe(200);
  });
});

describe('POST /ecom/v1/test-gateway/webhook', () => {
  it('verifies a signed webhook, hands its event on and answers {}', async () => {
    const charged = await gateway.charge(chargeRequest('4000000000003220'));
    const { body, signature } = await gateway.settle(site, charged.chargeId);
    const response = await postWebhook(body, signature);
    expect(response).toMatchObject({ status: 200, body: {} });
    expect(received.filter((event) => event.chargeId === charged.chargeId).length).toBeGreaterThanOrEqual(1);
  });

  it('answers 401 with a clear message for a bad or missing signature, handing nothing on', async () => {
    const charged = await gateway.charge(chargeRequest('4000000000003220'));
    const { body, signature } = await gateway.settle(site, charged.chargeId);
    const before = received.length;
    const tampered = await postWebhook(body.replace('USD', 'EUR'), signature);
    expect(tampered.status).toBe(401);
    expect(tampered.body.message).toMatch(/signature rejected/);
    const missing = await postWebhook(body);
    expect(missing.status).toBe(401);
    expect(missing.body.message).toContain(webhookSignatureHeader);
    expect(received.slice(before).filter((event) => event.currency === 'EUR')).toHaveLength(0);
  });

  it('answers 400, not 500, for a body that is not JSON text', async () => {
    const response = await inject(app, {
      method: 'POST',
      url: webhookUrl,
      headers: { 'content-type': 'text/plain', [webhookSignatureHeader]: 't=1,v1=00' },
      payload: 'hello',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('offline gateway', () => {
  const offline = createOfflineGateway();

  it('places the charge unpaid (PENDING) with the same id for the same key', async () => {
    const request = chargeRequest(undefined);
    const first = await offline.charge(request);
    expect(first).toEqual({ status: 'PENDING', chargeId: expect.stringMatching(/^offline_[0-9a-f]{24}$/) });
    expect(await offline.charge(request)).toEqual(first);
    expect((await offline.charge(chargeRequest(undefined))).chargeId).not.toBe(first.chargeId);
  });

  it('always refunds (by hand) and supports neither capture nor void', async () => {
    const refund = await offline.refund({
      siteId: site,
      chargeId: 'offline_x',
      amount: '5.00',
      idempotencyKey: 'r-1',
    });
    expect(refund).toEqual({ ok: true, refundId: expect.stringMatching(/^manual_[0-9a-f]{24}$/) });
    expect(await offline.capture({ siteId: site, chargeId: 'offline_x', amount: '5.00' })).toMatchObject({
      ok: false,
      code: 'NOT_SUPPORTED',
    });
    expect(await offline.void({ siteId: site, chargeId: 'offline_x' })).toMatchObject({
      ok: false,
      code: 'NOT_SUPPORTED',
    });
  });
});
