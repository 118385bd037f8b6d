import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { ecomKit } from './ecom-helpers.ts';

// Commerce under truly concurrent requests (on PostgreSQL with DATABASE_URL: a pool of connections, so the
// database decides; on PGlite the same requests run one after another and must give the same answers):
// the last unit sold once, a checkout completed once by the client and the processor's webhook at the same
// moment, refunds that never exceed the payment, and a late payment refunded when the stock went.

let t: TestApp;
let kit: ReturnType<typeof ecomKit>;
let siteId: string;

beforeAll(async () => {
  t = await createTestApp();
  kit = ecomKit(t);
  siteId = (await kit.call('GET', '/sites/v1/site')).body.site.id;
});
afterAll(async () => {
  await t.close();
});

async function checkoutFor(buyer: Record<string, string>, productId: string, quantity = 1) {
  const made = await kit.call(
    'POST',
    '/ecom/v1/checkouts',
    {
      lineItems: [kit.line(productId, quantity)],
      checkoutInfo: { buyerInfo: { email: 'race@example.com' } },
    },
    buyer,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.checkout.id as string;
}

describe('commerce under concurrent requests', () => {
  it("makes one current cart when a new visitor's first adds arrive together, with every line in it", async () => {
    const [mug, cap] = await Promise.all([kit.product('Race mug', 9), kit.product('Race cap', 12)]);
    const buyer = kit.visitor();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        kit.call(
          'POST',
          '/ecom/v1/carts/current/add-to-cart',
          { lineItems: [kit.line(index % 2 === 0 ? mug.id : cap.id, 1 + (index % 3))] },
          buyer,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body.cart.id)).size).toBe(1);
    const cart = await kit.call('GET', '/ecom/v1/carts/current', undefined, buyer);
    const quantities = Object.fromEntries(
      cart.body.cart.lineItems.map(
        (line: { catalogReference: { catalogItemId: string }; quantity: number }) => [
          line.catalogReference.catalogItemId,
          line.quantity,
        ],
      ),
    );
    const wanted = (parity: number) =>
      Array.from({ length: 20 }, (_, index) => index)
        .filter((index) => index % 2 === parity)
        .reduce((sum, index) => sum + 1 + (index % 3), 0);
    expect(quantities).toEqual({ [mug.id]: wanted(0), [cap.id]: wanted(1) });
  });

  it('sells the last unit to exactly one of 100 buyers; the others are told it is out of stock', async () => {
    const poster = await kit.product('Last poster', 15, 1);
    const buyers = Array.from({ length: 100 }, () => kit.visitor());
    const checkouts = await Promise.all(buyers.map((buyer) => checkoutFor(buyer, poster.id)));
    const tokens = await Promise.all(buyers.map((buyer) => kit.token(buyer)));
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        kit.call(
          'POST',
          `/ecom/v1/checkouts/${checkouts[index]}/create-order-and-charge`,
          { paymentToken: tokens[index] },
          buyer,
        ),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    const codes = answers
      .filter((answer) => answer.status !== 200)
      .map((answer) => answer.body.details?.applicationError?.code);
    expect(new Set(codes)).toEqual(new Set(['FULL_OUT_OF_STOCK']));
    const orders = await kit.call('POST', '/ecom/v1/orders/search', {
      search: { filter: { checkoutId: { $in: checkouts } } },
    });
    expect(orders.body.orders).toHaveLength(1);
    expect(orders.body.orders[0].paymentStatus).toBe('PAID');
    const product = await kit.call('GET', `/stores/v1/products/${poster.id}`);
    expect(product.body.product.stock).toMatchObject({ quantity: 0, inStock: false });
    const charges = await t.app.database.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ecom_test_gateway_charges WHERE doc->>'reference' = ANY($1::text[])`,
      [checkouts],
    );
    // Buyers who were told out of stock before paying were never charged.
    expect(Number(charges[0]!.n)).toBe(1);
  }, 120_000);

  it('completes a checkout into one paid order when the client and the webhook arrive together', async () => {
    const buyer = kit.visitor();
    const chair = await kit.product('Race chair', 120, 5);
    const checkoutId = await checkoutFor(buyer, chair.id);
    // The buyer paid on the processor's page: a charge that settles later, with the checkout as reference.
    const gateway = t.app.ecom.gateways.test;
    const token = await kit.token(buyer, '4000000000003220');
    const charge = await gateway.charge({
      siteId,
      idempotencyKey: `hosted:${checkoutId}`,
      amount: '120.00',
      currency: 'USD',
      paymentToken: token,
      delayCapture: false,
      reference: checkoutId,
    });
    expect(charge.status).toBe('PENDING');
    const webhook = await gateway.settle(siteId, charge.chargeId);
    const [fromClient, fromWebhook, again] = await Promise.all([
      kit.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}, buyer),
      t.app.inject({
        method: 'POST',
        url: '/ecom/v1/test-gateway/webhook',
        headers: { 'content-type': 'application/json', 'x-atrium-signature': webhook.signature },
        payload: webhook.body,
      }),
      kit.call('POST', `/ecom/v1/checkouts/${checkoutId}/mark-as-completed`, {}, buyer),
    ]);
    expect(fromClient.status, JSON.stringify(fromClient.body)).toBe(200);
    expect(fromWebhook.statusCode, fromWebhook.body).toBe(200);
    expect(again.status).toBe(200);
    const orders = await t.app.database.query<{ id: string; payment_status: string }>(
      'SELECT id, payment_status FROM ecom_orders WHERE checkout_id = $1',
      [checkoutId],
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]!.id).toBe(fromClient.body.orderId);
    expect(orders[0]!.payment_status).toBe('PAID');
    const payments = await t.app.database.query('SELECT id FROM ecom_payments WHERE order_id = $1', [
      orders[0]!.id,
    ]);
    expect(payments).toHaveLength(1);
    // The webhook delivered again (the processor retries) changes nothing.
    const retried = await t.app.inject({
      method: 'POST',
      url: '/ecom/v1/test-gateway/webhook',
      headers: { 'content-type': 'application/json', 'x-atrium-signature': webhook.signature },
      payload: webhook.body,
    });
    expect(retried.statusCode).toBe(200);
    expect(
      await t.app.database.query('SELECT id FROM ecom_payments WHERE order_id = $1', [orders[0]!.id]),
    ).toHaveLength(1);
  });

  it('never refunds more than was paid when 50 refunds of one payment run at once', async () => {
    const buyer = kit.visitor();
    const kettle = await kit.product('Refund kettle', 10, 5);
    const checkoutId = await checkoutFor(buyer, kettle.id);
    const paid = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
      { paymentToken: await kit.token(buyer) },
      buyer,
    );
    const orderId = paid.body.orderId;
    const payment = (await kit.call('GET', `/ecom/v1/payments/orders/${orderId}`)).body.orderTransactions
      .payments[0];
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
          payments: [{ paymentId: payment.id, amount: { amount: '1.00' } }],
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    for (const answer of answers.filter((entry) => entry.status !== 200)) {
      expect(answer.body.details.applicationError.code).toBe('INVALID_AMOUNT');
    }
    const order = (await kit.call('GET', `/ecom/v1/orders/${orderId}`)).body.order;
    expect(order.paymentStatus).toBe('FULLY_REFUNDED');
    expect(order.balanceSummary.refunded.amount).toBe('10.00');
    const book = await t.app.database.query<{ refunded: string }>(
      `SELECT refunded::text FROM ecom_test_gateway_charges WHERE id = $1`,
      [payment.regularPaymentDetails.gatewayTransactionId],
    );
    expect(Number(book[0]!.refunded)).toBe(10);
  }, 60_000);

  it('refunds a payment that arrives after the last unit went to another buyer, and tells the buyer', async () => {
    const late = kit.visitor();
    const early = kit.visitor();
    const lamp = await kit.product('Late lamp', 60, 1);
    const lateCheckout = await checkoutFor(late, lamp.id);
    const gateway = t.app.ecom.gateways.test;
    const charge = await gateway.charge({
      siteId,
      idempotencyKey: `hosted:${lateCheckout}`,
      amount: '60.00',
      currency: 'USD',
      paymentToken: await kit.token(late, '4000000000003220'),
      delayCapture: false,
      reference: lateCheckout,
    });
    const earlyCheckout = await checkoutFor(early, lamp.id);
    expect(
      (await kit.call('POST', `/ecom/v1/checkouts/${earlyCheckout}/create-order`, {}, early)).status,
    ).toBe(200);

    const webhook = await gateway.settle(siteId, charge.chargeId);
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/ecom/v1/test-gateway/webhook',
      headers: { 'content-type': 'application/json', 'x-atrium-signature': webhook.signature },
      payload: webhook.body,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const orders = await kit.call('POST', '/ecom/v1/orders/search', {
      search: { filter: { checkoutId: lateCheckout } },
    });
    const order = orders.body.orders[0];
    expect(order).toMatchObject({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' });
    const outbox = await kit.call('GET', `/mail/v1/outbox?to=${encodeURIComponent('race@example.com')}`);
    expect(outbox.body.messages.map((mail: { kind: string }) => mail.kind)).toContain('ecom.order-refunded');
    const refundMail = outbox.body.messages.find(
      (mail: { kind: string }) => mail.kind === 'ecom.order-refunded',
    );
    expect(refundMail.text).toContain('sold out');
    expect(refundMail.text).toContain('$60.00');
  });
});
