// Commerce's events and mails through the HTTP API on a real database (issue #20): every cart, checkout and
// order change publishes its event once, with the entity, in the transaction of the change (a refused
// change publishes nothing), and the buyer's mails (order placed, canceled, refunded) read right in the
// site's currency and locale (de-DE EUR: 1.234,50 €; JPY: no decimals) with no secret in them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecomEvents } from '../src/modules/ecom/index.ts';
import { identityKit } from './identity-helpers.ts';
import { as, createTestApp, owner, type TestApp } from './test-app.ts';
import { ecomKit } from './ecom-helpers.ts';

interface Received {
  id: string;
  name: string;
  siteId: string;
  data: Record<string, unknown>;
}

interface Mail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let t: TestApp;
let kit: ReturnType<typeof ecomKit>;
let euroSite: string;
let yenSite: string;
let yenOwner: Record<string, string>;
const received = new Map<string, Received>();
const cardNumber = '4242424242424242';
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    withEvents: (bus) => {
      for (const name of Object.values(ecomEvents)) {
        bus.subscribe<Record<string, unknown>>(name, 'ecom-events-mail-test', async (event) => {
          // A redelivery has the same id: counted once, as the bus promises handlers.
          received.set(event.id, { id: event.id, name, siteId: event.siteId, data: event.data });
        });
      }
    },
  });
  kit = ecomKit(t);
  const euro = await kit.call('PATCH', '/sites/v1/site', {
    site: { name: 'Laden & Co', currency: 'EUR', locale: 'de-DE' },
  });
  expect(euro.status, JSON.stringify(euro.body)).toBe(200);
  euroSite = euro.body.site.id;
  yenSite = (await identityKit(t).newSite('Yen shop')).site.id as string;
  yenOwner = as('WIX_USER:OWNER', yenSite);
  const yen = await kit.call(
    'PATCH',
    '/sites/v1/site',
    { site: { currency: 'JPY', locale: 'en-US' } },
    yenOwner,
  );
  expect(yen.status, JSON.stringify(yen.body)).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** The events published about `id` (by name), once the bus delivered them. */
function about(id: string, name?: string): Received[] {
  return [...received.values()].filter(
    (event) => (!name || event.name === name) && JSON.stringify(event.data).includes(id),
  );
}

/** Waits until every named event about `id` arrived, then a moment more for any duplicate. */
async function expectEvents(id: string, counts: Partial<Record<string, number>>) {
  for (const [name, count] of Object.entries(counts)) {
    if (!count) continue;
    await expect
      .poll(() => about(id, name).length, { timeout: 15_000, message: `${name} about ${id}` })
      .toBeGreaterThanOrEqual(count);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const actual = Object.fromEntries(Object.keys(counts).map((name) => [name, about(id, name).length]));
  expect(actual).toEqual(counts);
}

async function token(buyer: Record<string, string>, card = cardNumber) {
  const answer = await kit.call(
    'POST',
    '/ecom/v1/test-gateway/tokens',
    { cardNumber: card, expiry: '12/40', cvc: '123' },
    buyer,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  tokens.push(answer.body.paymentToken);
  return answer.body.paymentToken as string;
}

async function mailsTo(to: string, headers = owner): Promise<Mail[]> {
  const outbox = await kit.call('GET', `/mail/v1/outbox?to=${encodeURIComponent(to)}`, undefined, headers);
  expect(outbox.status, JSON.stringify(outbox.body)).toBe(200);
  return outbox.body.messages;
}

function expectNoSecret(mail: Mail) {
  const whole = [mail.to, mail.subject, mail.text, mail.html ?? ''].join('\n');
  for (const card of [cardNumber, '4000000000003220']) expect(whole).not.toContain(card);
  for (const secret of tokens) expect(whole).not.toContain(secret);
}

describe('cart and checkout events', () => {
  it('publishes cart created, updated and deleted once each, with the cart', async () => {
    const visitor = kit.visitor();
    const mug = await kit.product('Event mug', 12, 10);
    const added = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(mug.id)] },
      visitor,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cartId = added.body.cart.id as string;
    const lineId = added.body.cart.lineItems[0].id as string;
    const updated = await kit.call(
      'POST',
      '/ecom/v1/carts/current/update-line-items-quantity',
      { lineItems: [{ id: lineId, quantity: 3 }] },
      visitor,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // Refused (not a quantity): nothing published.
    const refused = await kit.call(
      'POST',
      '/ecom/v1/carts/current/update-line-items-quantity',
      { lineItems: [{ id: lineId, quantity: -1 }] },
      visitor,
    );
    expect(refused.status).toBe(400);
    expect((await kit.call('DELETE', '/ecom/v1/carts/current', undefined, visitor)).status).toBe(200);
    // Deleting a cart that is gone is refused and publishes nothing.
    expect((await kit.call('DELETE', '/ecom/v1/carts/current', undefined, visitor)).status).toBe(404);

    await expectEvents(cartId, {
      [ecomEvents.cartCreated]: 1,
      [ecomEvents.cartUpdated]: 1,
      [ecomEvents.cartDeleted]: 1,
    });
    const [created] = about(cartId, ecomEvents.cartCreated);
    expect(created!.siteId).toBe(euroSite);
    expect(created!.data).toMatchObject({
      cart: {
        id: cartId,
        lineItems: [{ id: lineId, quantity: 1, catalogReference: { catalogItemId: mug.id } }],
      },
    });
    expect(about(cartId, ecomEvents.cartUpdated)[0]!.data).toMatchObject({
      cart: { id: cartId, lineItems: [{ id: lineId, quantity: 3 }] },
    });
    expect(about(cartId, ecomEvents.cartDeleted)[0]!.data).toEqual({ cartId });
  });

  it('publishes checkout created, updated and completed once each; a refused change publishes nothing', async () => {
    const visitor = kit.visitor();
    const mug = await kit.product('Checkout event mug', 12, 10);
    await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [kit.line(mug.id)] }, visitor);
    const made = await kit.call(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      { email: 'events@example.com' },
      visitor,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const checkoutId = made.body.checkoutId as string;
    const changed = await kit.call(
      'PATCH',
      `/ecom/v1/checkouts/${checkoutId}`,
      { checkout: { buyerNote: 'Ring twice' } },
      visitor,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const paid = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
      { paymentToken: await token(visitor) },
      visitor,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const again = await kit.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}, visitor);
    expect(again.body.orderId).toBe(paid.body.orderId);
    const closed = await kit.call(
      'PATCH',
      `/ecom/v1/checkouts/${checkoutId}`,
      { checkout: { buyerNote: 'Too late' } },
      visitor,
    );
    expect(closed.status).toBe(409);

    await expectEvents(checkoutId, {
      [ecomEvents.checkoutCreated]: 1,
      [ecomEvents.checkoutUpdated]: 1,
      [ecomEvents.checkoutCompleted]: 1,
    });
    expect(about(checkoutId, ecomEvents.checkoutCreated)[0]!.data).toMatchObject({
      checkout: { id: checkoutId },
    });
    expect(about(checkoutId, ecomEvents.checkoutCompleted)[0]!.data).toMatchObject({
      checkout: { id: checkoutId, orderId: paid.body.orderId },
    });
  });

  it('publishes nothing for a checkout that is refused for want of stock', async () => {
    const visitor = kit.visitor();
    const gone = await kit.product('Sold-out mug', 12, 0);
    const made = await kit.call('POST', '/ecom/v1/checkouts', { lineItems: [kit.line(gone.id)] }, visitor);
    // Either refused at once or refused when ordering: no order, no completion either way.
    if (made.status === 200) {
      const checkoutId = made.body.checkout.id as string;
      const refused = await kit.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}, visitor);
      expect(refused.status).toBe(409);
      await expectEvents(checkoutId, {
        [ecomEvents.checkoutCreated]: 1,
        [ecomEvents.checkoutCompleted]: 0,
        [ecomEvents.orderCreated]: 0,
      });
    } else {
      expect(made.status).toBe(409);
      await expectEvents(gone.id, { [ecomEvents.checkoutCreated]: 0, [ecomEvents.orderCreated]: 0 });
    }
  });
});

describe('order events and mails', () => {
  it('places, updates, fulfils and refunds a card-paid order: each event once, the mails in de-DE euros', async () => {
    const visitor = kit.visitor();
    const chair = await kit.product('Stuhl "Nord" <Eiche>', 1234.5, 5);
    const lamp = await kit.product('Lampe', 9.99, 5);
    const made = await kit.call(
      'POST',
      '/ecom/v1/checkouts',
      {
        lineItems: [kit.line(chair.id, 1), kit.line(lamp.id, 3)],
        checkoutInfo: { buyerInfo: { email: 'kunde@example.com' } },
      },
      visitor,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const checkoutId = made.body.checkout.id as string;
    const paid = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
      { paymentToken: await token(visitor) },
      visitor,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orderId = paid.body.orderId as string;
    const order = (await kit.call('GET', `/ecom/v1/orders/${orderId}`)).body.order;
    expect(order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });

    // The placed mail, as the buyer reads it.
    const [placed] = (await mailsTo('kunde@example.com')).filter((mail) => mail.kind === 'ecom.order-placed');
    expect(placed).toBeDefined();
    expect(placed!.to).toBe('kunde@example.com');
    expect(placed!.subject).toContain(`#${order.number}`);
    expect(placed!.subject).toContain('Laden & Co');
    for (const body of [placed!.text, placed!.html ?? '']) {
      expect(body).toContain('1.234,50\u00a0€');
      expect(body).toContain('29,97\u00a0€');
      expect(body).toContain('1.264,47\u00a0€');
      expect(body).not.toContain('$');
      expect(body).not.toContain('1,234.50');
    }
    expect(placed!.text).toContain('1 × Stuhl "Nord" <Eiche>');
    expect(placed!.text).toContain('3 × Lampe');
    expect(placed!.html).toBeDefined();
    // The html escapes what the business typed, and shows the quantities.
    expect(placed!.html).toContain('Stuhl &#34;Nord&#34; &#60;Eiche&#62;');
    expect(placed!.html).not.toContain('<Eiche>');
    expect(placed!.html).toMatch(/3\s*×\s*Lampe/);
    expect(placed!.html).toContain('Laden &#38; Co');
    expectNoSecret(placed!);

    // Updated (buyer note), refused update of a field it does not change: nothing more.
    const noted = await kit.call('PATCH', `/ecom/v1/orders/${orderId}`, {
      order: { buyerNote: 'Leave at door' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    const illegal = await kit.call('POST', `/ecom/v1/orders/${orderId}/update-status`, { status: 'PENDING' });
    expect(illegal.status).toBe(409);

    // Fulfilled: every line.
    const fulfilled = await kit.call('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
      fulfillment: {
        lineItems: order.lineItems.map((line: { id: string; quantity: number }) => ({
          id: line.id,
          quantity: line.quantity,
        })),
      },
    });
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);
    const tooMany = await kit.call('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: order.lineItems[0].id, quantity: 1 }] },
    });
    expect(tooMany.status).toBe(400);

    // Refunded in part: the refunded mail names the order and the amount in euros.
    const payment = (await kit.call('GET', `/ecom/v1/payments/orders/${orderId}`)).body.orderTransactions
      .payments[0];
    const refund = await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      payments: [{ paymentId: payment.id, amount: { amount: '1234.50' } }],
      details: { reason: 'Kratzer' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const tooMuch = await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      payments: [{ paymentId: payment.id, amount: { amount: '100.00' } }],
    });
    expect(tooMuch.status).toBe(400);

    await expectEvents(orderId, {
      [ecomEvents.orderCreated]: 1,
      [ecomEvents.orderApproved]: 1,
      [ecomEvents.orderPaid]: 1,
      // The buyer note and the fulfillment.
      [ecomEvents.orderUpdated]: 2,
      [ecomEvents.orderFulfilled]: 1,
      [ecomEvents.orderRefunded]: 1,
      [ecomEvents.orderCanceled]: 0,
    });
    expect(about(orderId, ecomEvents.orderCreated)[0]!.data).toMatchObject({
      order: { id: orderId, number: order.number, status: 'APPROVED' },
    });
    expect(about(orderId, ecomEvents.orderPaid)[0]!.data).toMatchObject({
      order: { id: orderId, paymentStatus: 'PAID' },
    });
    expect(about(orderId, ecomEvents.orderFulfilled)[0]!.data).toMatchObject({
      order: { id: orderId, fulfillmentStatus: 'FULFILLED' },
    });
    expect(about(orderId, ecomEvents.orderRefunded)[0]!.data).toMatchObject({
      order: { id: orderId, paymentStatus: 'PARTIALLY_REFUNDED' },
      amount: '1234.50',
    });

    const [refunded] = (await mailsTo('kunde@example.com')).filter(
      (mail) => mail.kind === 'ecom.order-refunded',
    );
    expect(refunded!.to).toBe('kunde@example.com');
    expect(refunded!.subject).toContain(`#${order.number}`);
    expect(refunded!.subject).toContain('1.234,50\u00a0€');
    for (const body of [refunded!.text, refunded!.html ?? '']) {
      expect(body).toContain(`#${order.number}`);
      expect(body).toContain('1.234,50\u00a0€');
      expect(body).toContain('Kratzer');
    }
    expect(refunded!.html).toBeDefined();
    expectNoSecret(refunded!);
  });

  it('approves a business order when paid, cancels it once with a mail; a second cancel publishes nothing', async () => {
    const vase = await kit.product('Vase', 45, 5);
    const created = await kit.call('POST', '/ecom/v1/orders', {
      order: {
        lineItems: [kit.line(vase.id, 2)],
        buyerInfo: { email: 'storniert@example.com' },
        priceSummary: {},
        channelInfo: { type: 'BACKOFFICE_MERCHANT' },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const orderId = created.body.order.id as string;
    const number = created.body.order.number as string;
    expect(created.body.order.status).toBe('INITIALIZED');
    const marked = await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`, {});
    expect(marked.body.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const canceled = await kit.call('POST', `/ecom/v1/orders/${orderId}/cancel`, {
      sendOrderCanceledEmail: true,
      customMessage: 'Leider ausverkauft',
      restockAllItems: true,
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const twice = await kit.call('POST', `/ecom/v1/orders/${orderId}/cancel`, {
      sendOrderCanceledEmail: true,
    });
    expect(twice.status).toBe(409);

    await expectEvents(orderId, {
      [ecomEvents.orderCreated]: 1,
      [ecomEvents.orderPaid]: 1,
      [ecomEvents.orderApproved]: 1,
      [ecomEvents.orderCanceled]: 1,
    });
    expect(about(orderId, ecomEvents.orderApproved)[0]!.data).toMatchObject({
      order: { id: orderId, status: 'APPROVED' },
    });
    expect(about(orderId, ecomEvents.orderCanceled)[0]!.data).toMatchObject({
      order: { id: orderId, status: 'CANCELED' },
    });

    const mails = await mailsTo('storniert@example.com');
    expect(mails.filter((mail) => mail.kind === 'ecom.order-placed')).toHaveLength(1);
    const cancelMails = mails.filter((mail) => mail.kind === 'ecom.order-canceled');
    expect(cancelMails).toHaveLength(1);
    const [cancel] = cancelMails;
    expect(cancel!.to).toBe('storniert@example.com');
    expect(cancel!.subject).toContain(`#${number}`);
    for (const body of [cancel!.text, cancel!.html ?? '']) {
      expect(body).toContain(`#${number}`);
      expect(body).toContain('Leider ausverkauft');
      expect(body).toMatch(/2\s*×\s*Vase/);
      expect(body).toContain('90,00\u00a0€');
    }
    expect(cancel!.html).toBeDefined();
    expectNoSecret(cancel!);
  });

  it('announces an order refunded and canceled for a payment that came after the stock went', async () => {
    const late = kit.visitor();
    const early = kit.visitor();
    const bell = await kit.product('Last bell', 80, 1);
    const made = await kit.call(
      'POST',
      '/ecom/v1/checkouts',
      { lineItems: [kit.line(bell.id)], checkoutInfo: { buyerInfo: { email: 'zu-spaet@example.com' } } },
      late,
    );
    const lateCheckout = made.body.checkout.id as string;
    const other = await kit.call('POST', '/ecom/v1/checkouts', { lineItems: [kit.line(bell.id)] }, early);
    const bought = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${other.body.checkout.id}/create-order-and-charge`,
      { paymentToken: await token(early) },
      early,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    // The late buyer's bank answers only now (a hosted payment page's charge, settled by its webhook).
    const gateway = t.app.ecom.gateways.test;
    const charge = await gateway.charge({
      siteId: euroSite,
      idempotencyKey: `hosted:${lateCheckout}`,
      amount: '80.00',
      currency: 'EUR',
      paymentToken: await token(late, '4000000000003220'),
      delayCapture: false,
      reference: lateCheckout,
    });
    const webhook = await gateway.settle(euroSite, charge.chargeId);
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
    await expectEvents(order.id, {
      [ecomEvents.orderCreated]: 1,
      [ecomEvents.orderRefunded]: 1,
      [ecomEvents.orderCanceled]: 1,
    });
    expect(about(order.id, ecomEvents.orderCanceled)[0]!.data).toMatchObject({
      order: { id: order.id, status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' },
    });
    const [refund] = (await mailsTo('zu-spaet@example.com')).filter(
      (mail) => mail.kind === 'ecom.order-refunded',
    );
    expect(refund!.subject).toContain('80,00\u00a0€');
    expectNoSecret(refund!);
  });

  it('mails a JPY order with no decimals', async () => {
    const yenKit = {
      call: (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
        kit.call(method, url, payload, yenOwner),
    };
    const teapot = await yenKit.call('POST', '/stores/v1/products', {
      product: { name: 'Teapot', productType: 'physical', priceData: { price: 1500 } },
    });
    expect(teapot.status, JSON.stringify(teapot.body)).toBe(200);
    const buyer = as(`ANONYMOUS_VISITOR:${randomUUID()}`, yenSite);
    const made = await kit.call(
      'POST',
      '/ecom/v1/checkouts',
      {
        lineItems: [kit.line(teapot.body.product.id, 2)],
        checkoutInfo: { buyerInfo: { email: 'yen@example.com' } },
      },
      buyer,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const placed = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${made.body.checkout.id}/create-order-and-charge`,
      { paymentToken: await token(buyer) },
      buyer,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [mail] = (await mailsTo('yen@example.com', yenOwner)).filter(
      (entry) => entry.kind === 'ecom.order-placed',
    );
    expect(mail).toBeDefined();
    for (const body of [mail!.text, mail!.html ?? '']) {
      expect(body).toMatch(/2\s*×\s*Teapot/);
      expect(body).toContain('¥3,000');
      expect(body).not.toMatch(/¥[\d,]+\.\d/);
    }
    expectNoSecret(mail!);
    // The euro site's outbox does not show the yen site's mail.
    expect(await mailsTo('yen@example.com')).toEqual([]);
  });
});
