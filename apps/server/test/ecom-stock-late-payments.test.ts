// Stock and late payments through the HTTP API on a real database (issue #20): stock is taken per the
// inventory trigger (ECOM_INVENTORY_UPDATE_TRIGGER), a cancel gives it back only when asked, and a card
// payment that settles after its checkout's hold expired takes the stock again when it is still there, or
// is refunded whole with a mail the buyer can read (a booking the payment-hold sweep declined likewise).
// The queue's worker is off: the pending card (4000000000003220) is settled and its signed webhook posted
// by the test, after it moved the hold's `expires_at` into the past, so nothing races the clock.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { createTestApp, type TestApp } from './test-app.ts';
import { ecomKit } from './ecom-helpers.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  futureSlot,
  ok,
  openAllWeek,
  type WireBooking,
} from './bookings-lifecycle-fixtures.ts';

const pendingCard = '4000000000003220';
const minute = 60_000;

interface Shop {
  t: TestApp;
  kit: ReturnType<typeof ecomKit>;
  siteId: string;
}

async function shop(trigger: 'ON_ORDER_PLACED' | 'ON_ORDER_PAID'): Promise<Shop> {
  const t = await createTestApp({
    config: {
      ECOM_INVENTORY_UPDATE_TRIGGER: trigger,
      ECOM_CHECKOUT_HOLD_MINUTES: '15',
      WORKER_ENABLED: 'false',
    },
  });
  const kit = ecomKit(t);
  const siteId = (await kit.call('GET', '/sites/v1/site')).body.site.id as string;
  return { t, kit, siteId };
}

let placedShop: Shop;
let paidShop: Shop;

beforeAll(async () => {
  [placedShop, paidShop] = await Promise.all([shop('ON_ORDER_PLACED'), shop('ON_ORDER_PAID')]);
}, 120_000);
afterAll(async () => {
  await Promise.all([placedShop?.t.close(), paidShop?.t.close()]);
});

async function stockOf({ kit }: Shop, productId: string): Promise<number> {
  return (await kit.call('GET', `/stores/v1/products/${productId}`)).body.product.stock.quantity;
}

async function checkout(
  { kit }: Shop,
  buyer: Record<string, string>,
  lineItems: unknown[],
  email = 'buyer@example.com',
) {
  const made = await kit.call(
    'POST',
    '/ecom/v1/checkouts',
    { lineItems, checkoutInfo: { buyerInfo: { email } } },
    buyer,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.checkout.id as string;
}

async function orderOf({ kit }: Shop, orderId: string) {
  const answer = await kit.call('GET', `/ecom/v1/orders/${orderId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.order;
}

/** Pays a checkout with the pending card: the order is placed waiting for the processor. */
async function payPending(s: Shop, buyer: Record<string, string>, checkoutId: string) {
  const paid = await s.kit.call(
    'POST',
    `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
    { paymentToken: await s.kit.token(buyer, pendingCard) },
    buyer,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { orderId: paid.body.orderId as string, chargeId: paid.body.paymentResponseToken as string };
}

/** The checkout's holds end a minute ago (as if the buyer's bank took that long). */
async function expireHolds(s: Shop, checkoutId: string) {
  const moved = await s.t.app.database.db.execute(
    sql`UPDATE platform_holds SET expires_at = now() - interval '1 minute' WHERE owner = ${`ecom.checkout:${checkoutId}`}`,
  );
  return moved;
}

async function holdsOf(s: Shop, checkoutId: string) {
  const rows = await s.t.app.database.db.execute(
    sql`SELECT quantity FROM platform_holds WHERE owner = ${`ecom.checkout:${checkoutId}`} AND expires_at > now()`,
  );
  return (rows as unknown as { rows: Array<{ quantity: number }> }).rows;
}

/** The processor settles the pending charge and its signed webhook is posted to the webhook route. */
async function deliverWebhook(s: Shop, chargeId: string) {
  const webhook = await s.t.app.ecom.gateways.test.settle(s.siteId, chargeId);
  const delivered = await s.t.app.inject({
    method: 'POST',
    url: '/ecom/v1/test-gateway/webhook',
    headers: { 'content-type': 'application/json', 'x-atrium-signature': webhook.signature },
    payload: webhook.body,
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
}

async function mailsTo({ kit }: Shop, to: string) {
  const outbox = await kit.call('GET', `/mail/v1/outbox?to=${encodeURIComponent(to)}`);
  expect(outbox.status, JSON.stringify(outbox.body)).toBe(200);
  return outbox.body.messages as Array<{ kind: string; to: string; subject: string; text: string }>;
}

describe('stock per the inventory trigger', () => {
  it('ON_ORDER_PLACED: an unpaid order takes the stock when placed; being paid takes nothing more', async () => {
    const s = placedShop;
    const buyer = s.kit.visitor();
    const vase = await s.kit.product('Placed vase', 20, 5);
    const checkoutId = await checkout(s, buyer, [s.kit.line(vase.id, 2)]);
    const placed = await s.kit.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}, buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await stockOf(s, vase.id)).toBe(3);
    const paid = await s.kit.call(
      'POST',
      `/ecom/v1/payments-collector/orders/${placed.body.orderId}/mark-as-paid`,
      {},
    );
    expect(paid.body.order.paymentStatus).toBe('PAID');
    expect(await stockOf(s, vase.id)).toBe(3);
  });

  it('ON_ORDER_PAID: an unpaid order only holds the stock; paying takes it for good', async () => {
    const s = paidShop;
    const buyer = s.kit.visitor();
    const vase = await s.kit.product('Paid vase', 20, 5);
    const checkoutId = await checkout(s, buyer, [s.kit.line(vase.id, 2)]);
    const placed = await s.kit.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}, buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await stockOf(s, vase.id)).toBe(5);
    expect(await holdsOf(s, checkoutId)).toEqual([{ quantity: 2 }]);
    const paid = await s.kit.call(
      'POST',
      `/ecom/v1/payments-collector/orders/${placed.body.orderId}/mark-as-paid`,
      {},
    );
    expect(paid.body.order.paymentStatus).toBe('PAID');
    expect(await stockOf(s, vase.id)).toBe(3);
    expect(await holdsOf(s, checkoutId)).toEqual([]);
  });

  it.each([
    ['ON_ORDER_PLACED', () => placedShop],
    ['ON_ORDER_PAID', () => paidShop],
  ] as const)('%s: a cancel keeps the stock taken unless asked to restock', async (_trigger, pick) => {
    const s = pick();
    const buyer = s.kit.visitor();
    const lamp = await s.kit.product(`Cancel lamp ${_trigger}`, 30, 4);
    async function paidOrder() {
      const checkoutId = await checkout(s, buyer, [s.kit.line(lamp.id, 1)]);
      const paid = await s.kit.call(
        'POST',
        `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
        { paymentToken: await s.kit.token(buyer) },
        buyer,
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      return paid.body.orderId as string;
    }
    const kept = await paidOrder();
    const restocked = await paidOrder();
    expect(await stockOf(s, lamp.id)).toBe(2);
    const noRestock = await s.kit.call('POST', `/ecom/v1/orders/${kept}/cancel`, { restockAllItems: false });
    expect(noRestock.status, JSON.stringify(noRestock.body)).toBe(200);
    expect(await stockOf(s, lamp.id)).toBe(2);
    const withRestock = await s.kit.call('POST', `/ecom/v1/orders/${restocked}/cancel`, {
      restockAllItems: true,
    });
    expect(withRestock.body.order.status).toBe('CANCELED');
    expect(await stockOf(s, lamp.id)).toBe(3);
    // Again: canceled already, nothing more comes back.
    expect(
      (await s.kit.call('POST', `/ecom/v1/orders/${restocked}/cancel`, { restockAllItems: true })).status,
    ).toBe(409);
    expect(await stockOf(s, lamp.id)).toBe(3);
  });
});

describe('a card payment that settles after its hold expired', () => {
  it('takes the stock again when it is still there: the order is paid and keeps its goods', async () => {
    const s = paidShop;
    const buyer = s.kit.visitor();
    const clock = await s.kit.product('Slow clock', 45, 1);
    const checkoutId = await checkout(s, buyer, [s.kit.line(clock.id)], 'slow@example.com');
    const { orderId, chargeId } = await payPending(s, buyer, checkoutId);
    expect(await orderOf(s, orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'PENDING' });
    expect(await holdsOf(s, checkoutId)).toEqual([{ quantity: 1 }]);

    await expireHolds(s, checkoutId);
    expect(await holdsOf(s, checkoutId)).toEqual([]);
    await deliverWebhook(s, chargeId);

    expect(await orderOf(s, orderId)).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    expect(await stockOf(s, clock.id)).toBe(0);
    // Another buyer cannot have it now.
    const other = s.kit.visitor();
    const late = await checkout(s, other, [s.kit.line(clock.id)]);
    const refused = await s.kit.call('POST', `/ecom/v1/checkouts/${late}/create-order`, {}, other);
    expect(refused.body.details.applicationError.code).toBe('FULL_OUT_OF_STOCK');
    expect((await mailsTo(s, 'slow@example.com')).map((mail) => mail.kind)).not.toContain(
      'ecom.order-refunded',
    );
  });

  it('is refunded whole when the stock went meanwhile, the order is canceled and the buyer is told', async () => {
    const s = paidShop;
    const buyer = s.kit.visitor();
    const early = s.kit.visitor();
    const lamp = await s.kit.product('Last late lamp', 1234.5, 1);
    const checkoutId = await checkout(s, buyer, [s.kit.line(lamp.id)], 'too-late@example.com');
    const { orderId, chargeId } = await payPending(s, buyer, checkoutId);
    const number = (await orderOf(s, orderId)).number as string;

    await expireHolds(s, checkoutId);
    const earlyCheckout = await checkout(s, early, [s.kit.line(lamp.id)], 'early@example.com');
    const earlyPaid = await s.kit.call(
      'POST',
      `/ecom/v1/checkouts/${earlyCheckout}/create-order-and-charge`,
      { paymentToken: await s.kit.token(early) },
      early,
    );
    expect(earlyPaid.status, JSON.stringify(earlyPaid.body)).toBe(200);
    expect(await stockOf(s, lamp.id)).toBe(0);

    await deliverWebhook(s, chargeId);
    // The webhook again (the processor retries): still one refund.
    await deliverWebhook(s, chargeId);

    const order = await orderOf(s, orderId);
    expect(order).toMatchObject({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' });
    const transactions = (await s.kit.call('GET', `/ecom/v1/payments/orders/${orderId}`)).body
      .orderTransactions;
    expect(transactions.refunds).toHaveLength(1);
    expect(transactions.refunds[0].summary?.pending ?? false).toBe(false);
    expect(await stockOf(s, lamp.id)).toBe(0);
    expect(await orderOf(s, earlyPaid.body.orderId)).toMatchObject({ paymentStatus: 'PAID' });

    const refundMails = (await mailsTo(s, 'too-late@example.com')).filter(
      (mail) => mail.kind === 'ecom.order-refunded',
    );
    expect(refundMails).toHaveLength(1);
    const [mail] = refundMails;
    expect(mail!.to).toBe('too-late@example.com');
    expect(mail!.subject).toContain(`#${number}`);
    expect(mail!.subject).toContain('$1,234.50');
    expect(mail!.text).toContain(`#${number}`);
    expect(mail!.text).toContain('$1,234.50');
    expect(mail!.text).toContain('sold out');
  });

  it('of a booking the payment-hold sweep declined is refunded, not left paid-but-declined', async () => {
    const s = placedShop;
    await openAllWeek(s.t.app);
    const staffId = await createStaff(s.t.app);
    const haircut = await createAppointmentService(s.t.app, { staffMemberIds: [staffId], price: '55.00' });
    const member = customer('late-payer');
    const booking = await book(
      s.t.app,
      member,
      bookingRequest(haircut, futureSlot(5, 10), { selectedPaymentOption: 'ONLINE' }),
    );
    expect(booking.status).toBe('CREATED');
    const checkoutId = await checkout(
      s,
      member,
      [{ quantity: 1, catalogReference: { appId: catalogAppIds.bookings, catalogItemId: booking.id } }],
      'late-booker@example.com',
    );
    const { orderId, chargeId } = await payPending(s, member, checkoutId);
    expect(await orderOf(s, orderId)).toMatchObject({ paymentStatus: 'PENDING' });

    // The sweep runs after the hold (the checkout's 15 minutes) and declines the unpaid booking.
    expect(await s.t.app.timed.expirePaymentHolds(new Date(Date.now() + 20 * minute))).toBeGreaterThanOrEqual(
      1,
    );
    const declined = await ok<{ booking: WireBooking }>(s.t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${booking.id}`,
      headers: member,
    });
    expect(declined.booking.status).toBe('DECLINED');

    await deliverWebhook(s, chargeId);

    const order = await orderOf(s, orderId);
    expect(order).toMatchObject({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' });
    const after = await ok<{ booking: WireBooking }>(s.t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${booking.id}`,
      headers: member,
    });
    expect(after.booking).toMatchObject({ status: 'DECLINED', paymentStatus: 'NOT_PAID' });
    const refund = (await mailsTo(s, 'late-booker@example.com')).find(
      (mail) => mail.kind === 'ecom.order-refunded',
    );
    expect(refund?.subject).toContain(`#${order.number}`);
    expect(refund?.text).toContain('$55.00');
  });
});
