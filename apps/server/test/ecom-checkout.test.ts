import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@atrium/contract/ecom/carts';
import { checkoutResponseSchema } from '@atrium/contract/ecom/checkouts';
import { ecomCheckouts, ecomOrders } from '../src/modules/ecom/ecom.tables.ts';
import { createTestApp, owner, type TestApp } from './test-app.ts';
import { ecomKit } from './ecom-helpers.ts';
import { bearer, identityKit } from './identity-helpers.ts';

// Buying through commerce over HTTP on a real database: the current cart, a checkout, the order it becomes
// (paid by the test gateway or later), refunds, cancel, and what a stranger or another buyer may not do.

let t: TestApp;
let kit: ReturnType<typeof ecomKit>;

beforeAll(async () => {
  t = await createTestApp();
  kit = ecomKit(t);
});
afterAll(async () => {
  await t.close();
});

describe('the current cart', () => {
  it('answers OWNED_CART_NOT_FOUND before anything is added, then keeps one line per item', async () => {
    const visitor = kit.visitor();
    const none = await kit.call('GET', '/ecom/v1/carts/current', undefined, visitor);
    expect(none.status).toBe(404);
    expect(none.body.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');

    const mug = await kit.product('Cart mug', 12.5, 10);
    const first = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(mug.id, 1)] },
      visitor,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(mug.id, 2)] },
      visitor,
    );
    expect(again.body.cart.lineItems).toHaveLength(1);
    expect(again.body.cart.lineItems[0]).toMatchObject({
      quantity: 3,
      productName: { original: 'Cart mug' },
      price: { amount: '12.50', formattedAmount: '$12.50' },
      availability: { status: 'AVAILABLE' },
    });
    expect(again.body.cart.subtotal.amount).toBe('37.50');

    const lineId = again.body.cart.lineItems[0].id;
    const fewer = await kit.call(
      'POST',
      '/ecom/v1/carts/current/update-line-items-quantity',
      { lineItems: [{ id: lineId, quantity: 1 }] },
      visitor,
    );
    expect(fewer.body.cart.subtotal.amount).toBe('12.50');
    const removed = await kit.call(
      'POST',
      '/ecom/v1/carts/current/remove-line-items',
      { lineItemIds: [lineId] },
      visitor,
    );
    expect(removed.body.cart.lineItems).toEqual([]);

    const other = kit.visitor();
    const theirs = await kit.call('GET', '/ecom/v1/carts/current', undefined, other);
    expect(theirs.status).toBe(404);
    const byId = await kit.call('GET', `/ecom/v1/carts/${removed.body.cart.id}`, undefined, other);
    expect(byId.status).toBe(404);
  });

  it('answers carts exactly as the schema says, though they are not encoded by zod', async () => {
    const visitor = kit.visitor();
    const [cup, plate] = [await kit.product('Schema cup', 9, 5), await kit.product('Schema plate', 14.25)];
    const added = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(cup.id, 2), kit.line(plate.id, 1)] },
      visitor,
    );
    const noted = await kit.call(
      'PATCH',
      '/ecom/v1/carts/current',
      { cartInfo: { buyerNote: 'Gift wrap, please', contactInfo: { address: { city: 'Lyon' } } } },
      visitor,
    );
    const business = await kit.call('POST', '/ecom/v1/carts', {
      customLineItems: [
        {
          quantity: 2,
          productName: { original: 'Engraving' },
          price: '4.50',
          itemType: { preset: 'SERVICE' },
        },
      ],
    });
    for (const answer of [
      added,
      noted,
      business,
      await kit.call('GET', '/ecom/v1/carts/current', undefined, visitor),
    ]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(cartResponseSchema.encode(answer.body)).toEqual(answer.body);
    }
    expect(noted.body.cart).toMatchObject({ buyerNote: 'Gift wrap, please', lineItems: [{}, {}] });
    expect(business.body.cart.lineItems[0].productName.original).toBe('Engraving');
  });

  it('refuses unknown items, a coupon that does not exist, and custom lines from a buyer', async () => {
    const visitor = kit.visitor();
    const unknown = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line('00000000-0000-4000-8000-000000000001')] },
      visitor,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.details.applicationError.code).toBe('CATALOG_ITEM_NOT_FOUND');
    const coupon = await kit.call('PATCH', '/ecom/v1/carts/current', { couponCode: 'SUMMER' }, visitor);
    expect(coupon.body.details.applicationError.code).toBe('ERROR_COUPON_DOES_NOT_EXIST');
    const custom = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      {
        customLineItems: [
          {
            quantity: 1,
            productName: { original: 'Free TV' },
            price: '0.01',
            itemType: { preset: 'PHYSICAL' },
          },
        ],
      },
      visitor,
    );
    expect(custom.status).toBe(403);
  });
});

describe("signing in keeps the visitor's cart", () => {
  /** A visitor with a real visitor token, and a member they will sign in as. */
  async function visitorAndMember() {
    const identity = identityKit(t);
    const { site, clientId } = await identity.defaultSite();
    const visitor = bearer((await identity.visitorToken(clientId)).token);
    const member = await identity.memberToken(site.id);
    return { visitor, member, memberHeaders: bearer(member.token) };
  }

  async function signIn(visitor: Record<string, string>, email: string) {
    const signedIn = await kit.call(
      'POST',
      '/identity/v2/login',
      { loginId: { email }, password: 'member password 1' },
      visitor,
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.state).toBe('SUCCESS');
  }

  /** The member's current cart once the sign-in has been handled (the bus delivers it within moments). */
  async function memberCartWhen(headers: Record<string, string>, done: (cart: CartBody) => boolean) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const answer = await kit.call('GET', '/ecom/v1/carts/current', undefined, headers);
      if (answer.status === 200 && done(answer.body.cart as CartBody)) return answer.body.cart as CartBody;
      if (Date.now() > deadline)
        throw new Error(`the member's cart never became as expected: ${answer.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  type CartBody = {
    id: string;
    lineItems: Array<{ quantity: number; catalogReference: { catalogItemId: string } }>;
  };

  it("makes the visitor's cart the member's when the member has none", async () => {
    const { visitor, member, memberHeaders } = await visitorAndMember();
    const lamp = await kit.product('Merge lamp', 30, 10);
    const added = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(lamp.id, 2)] },
      visitor,
    );
    expect(added.status).toBe(200);
    const none = await kit.call('GET', '/ecom/v1/carts/current', undefined, memberHeaders);
    expect(none.status).toBe(404);

    await signIn(visitor, member.email);
    const cart = await memberCartWhen(memberHeaders, (body) => body.lineItems.length > 0);
    expect(cart.id).toBe(added.body.cart.id);
    expect(cart.lineItems.map((line) => [line.catalogReference.catalogItemId, line.quantity])).toEqual([
      [lamp.id, 2],
    ]);
    const visitorCart = await kit.call('GET', '/ecom/v1/carts/current', undefined, visitor);
    expect(visitorCart.status).toBe(404);
  });

  it("adds the visitor's lines to the member's cart, the same item as one line, and deletes the visitor's", async () => {
    const { visitor, member, memberHeaders } = await visitorAndMember();
    const [vase, bowl] = [await kit.product('Merge vase', 20, 10), await kit.product('Merge bowl', 15, 10)];
    const memberCart = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(vase.id, 1)] },
      memberHeaders,
    );
    expect(memberCart.status).toBe(200);
    const visitorCart = await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(vase.id, 2), kit.line(bowl.id, 1)] },
      visitor,
    );
    expect(visitorCart.status).toBe(200);

    await signIn(visitor, member.email);
    const cart = await memberCartWhen(memberHeaders, (body) => body.lineItems.length === 2);
    expect(cart.id).toBe(memberCart.body.cart.id);
    expect(cart.lineItems.map((line) => [line.catalogReference.catalogItemId, line.quantity]).sort()).toEqual(
      [
        [bowl.id, 1],
        [vase.id, 3],
      ].sort(),
    );
    const gone = await kit.call('GET', `/ecom/v1/carts/${visitorCart.body.cart.id}`, undefined, owner);
    expect(gone.status).toBe(404);
  });

  it('leaves carts alone when a member signs in without a visitor credential', async () => {
    const identity = identityKit(t);
    const { site } = await identity.defaultSite();
    const member = await identity.memberToken(site.id);
    const stranger = kit.visitor();
    const cup = await kit.product('Merge cup', 5, 10);
    await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(cup.id, 1)] },
      stranger,
    );
    await signIn(bearer(member.token), member.email);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const memberCart = await kit.call('GET', '/ecom/v1/carts/current', undefined, bearer(member.token));
    expect(memberCart.status).toBe(404);
    const strangerCart = await kit.call('GET', '/ecom/v1/carts/current', undefined, stranger);
    expect(strangerCart.body.cart.lineItems).toHaveLength(1);
  });
});

describe('checkout into one order', () => {
  it('pays by card, places one paid order, takes the stock, and refunds it', async () => {
    const visitor = kit.visitor();
    const lamp = await kit.product('Checkout lamp', 40, 3);
    await kit.call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [kit.line(lamp.id, 2)] },
      visitor,
    );
    const created = await kit.call(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      { email: 'buyer@example.com' },
      visitor,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const checkoutId = created.body.checkoutId;

    const checkout = await kit.call('GET', `/ecom/v1/checkouts/${checkoutId}`, undefined, visitor);
    // Written as the service builds it (not encoded by zod): exactly what the schema says.
    expect(checkoutResponseSchema.encode(checkout.body)).toEqual(checkout.body);
    const withNote = await kit.call(
      'PATCH',
      `/ecom/v1/checkouts/${checkoutId}`,
      { checkout: { buyerNote: 'Leave at the door' } },
      visitor,
    );
    expect(withNote.status, JSON.stringify(withNote.body)).toBe(200);
    expect(checkoutResponseSchema.encode(withNote.body)).toEqual(withNote.body);
    expect(checkout.body.checkout).toMatchObject({
      completed: false,
      priceSummary: { subtotal: { amount: '80.00' }, total: { amount: '80.00' } },
      violations: [],
    });
    const stranger = await kit.call('GET', `/ecom/v1/checkouts/${checkoutId}`, undefined, kit.visitor());
    expect(stranger.status).toBe(404);

    const token = await kit.token(visitor);
    const paid = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
      { paymentToken: token },
      visitor,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orderId = paid.body.orderId;
    const again = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`,
      { paymentToken: token },
      visitor,
    );
    expect(again.body.orderId).toBe(orderId);

    const order = await kit.call('GET', `/ecom/v1/orders/${orderId}`);
    expect(order.body.order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      buyerInfo: { email: 'buyer@example.com' },
      priceSummary: { total: { amount: '80.00', formattedAmount: '$80.00' } },
      balanceSummary: { balance: { amount: '0.00' } },
    });
    expect(order.body.order.lineItems[0]).toMatchObject({
      quantity: 2,
      productName: { original: 'Checkout lamp' },
    });
    const after = await kit.call('GET', '/ecom/v1/carts/current', undefined, visitor);
    expect(after.status).toBe(404);

    const stock = await kit.call('GET', `/stores/v1/products/${lamp.id}`);
    expect(stock.body.product.stock.quantity).toBe(1);

    const transactions = await kit.call('GET', `/ecom/v1/payments/orders/${orderId}`);
    const payment = transactions.body.orderTransactions.payments[0];
    expect(payment).toMatchObject({
      amount: { amount: '80.00' },
      regularPaymentDetails: { status: 'APPROVED' },
    });
    // The order is written once, paid as its payment says (not written unpaid and updated); its checkout
    // records it, completed, and holds nothing any more.
    const [row] = await t.app.database.db
      .select({
        revision: ecomOrders.revision,
        paymentStatus: ecomOrders.paymentStatus,
        paid: ecomOrders.paid,
        doc: ecomOrders.doc,
      })
      .from(ecomOrders)
      .where(eq(ecomOrders.id, orderId));
    expect(row).toMatchObject({ revision: 1, paymentStatus: 'PAID', paid: '80.000' });
    expect(row!.doc.activities.map((entry) => entry.type)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    const [checkoutRow] = await t.app.database.db
      .select({
        completed: ecomCheckouts.completed,
        orderId: ecomCheckouts.orderId,
        holdExpiresAt: ecomCheckouts.holdExpiresAt,
      })
      .from(ecomCheckouts)
      .where(eq(ecomCheckouts.id, checkoutId));
    expect(checkoutRow).toEqual({ completed: true, orderId, holdExpiresAt: null });
    const partial = await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      payments: [{ paymentId: payment.id, amount: { amount: '30.00' } }],
      details: { reason: 'Scratched' },
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect((await kit.call('GET', `/ecom/v1/orders/${orderId}`)).body.order.paymentStatus).toBe(
      'PARTIALLY_REFUNDED',
    );
    const tooMuch = await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      payments: [{ paymentId: payment.id, amount: { amount: '50.01' } }],
    });
    expect(tooMuch.body.details.applicationError.code).toBe('INVALID_AMOUNT');
    const rest = await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      payments: [{ paymentId: payment.id }],
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const refunded = await kit.call('GET', `/ecom/v1/orders/${orderId}`);
    expect(refunded.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    expect((await kit.call('GET', `/stores/v1/products/${lamp.id}`)).body.product.stock.quantity).toBe(3);
  });

  it('tells FULL_OUT_OF_STOCK when the last unit went, and PAYMENT_ERROR for a declined card', async () => {
    const vase = await kit.product('Last vase', 25, 1);
    const first = kit.visitor();
    const second = kit.visitor();
    const checkouts = [];
    for (const buyer of [first, second]) {
      const made = await kit.call('POST', '/ecom/v1/checkouts', { lineItems: [kit.line(vase.id)] }, buyer);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      checkouts.push(made.body.checkout.id);
    }
    const declined = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${checkouts[0]}/create-order-and-charge`,
      { paymentToken: await kit.token(first, '4000000000000002') },
      first,
    );
    expect(declined.status).toBe(402);
    expect(declined.body.details.applicationError.code).toBe('PAYMENT_ERROR');
    const won = await kit.call('POST', `/ecom/v1/checkouts/${checkouts[1]}/create-order`, {}, second);
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    const lost = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${checkouts[0]}/create-order-and-charge`,
      { paymentToken: await kit.token(first) },
      first,
    );
    expect(lost.status).toBe(409);
    expect(lost.body.details.applicationError.code).toBe('FULL_OUT_OF_STOCK');
  });

  it('places an unpaid order the business marks paid, cancels with restock, and refuses illegal moves', async () => {
    const member = kit.member();
    const rug = await kit.product('Wool rug', 99.99, 5);
    const made = await kit.call('POST', '/ecom/v1/checkouts', { lineItems: [kit.line(rug.id, 2)] }, member);
    const placed = await kit.call(
      'POST',
      `/ecom/v1/checkouts/${made.body.checkout.id}/create-order`,
      {},
      member,
    );
    const orderId = placed.body.orderId;
    expect(
      (await kit.call('GET', `/ecom/v1/orders/${orderId}`, undefined, member)).body.order.paymentStatus,
    ).toBe('NOT_PAID');
    expect((await kit.call('GET', `/ecom/v1/orders/${orderId}`, undefined, kit.member())).status).toBe(404);
    const mine = await kit.call('POST', '/ecom/v1/orders/search', { search: {} }, member);
    expect(mine.body.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect(
      (await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`, {}, member))
        .status,
    ).toBe(403);

    const markedPaid = await kit.call(
      'POST',
      `/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`,
      {},
    );
    expect(markedPaid.body.order.paymentStatus).toBe('PAID');
    const twice = await kit.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`, {});
    expect(twice.body.details.applicationError.code).toBe('ORDER_ALREADY_PAID');

    const comment = await kit.call('POST', `/ecom/v1/orders/${orderId}/activities`, {
      activity: { merchantComment: { message: 'Gift wrap' } },
    });
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    expect(comment.body.order.activities.map((entry: { type: string }) => entry.type)).toEqual([
      'ORDER_PLACED',
      'ORDER_PAID',
      'MERCHANT_COMMENT',
    ]);

    const canceled = await kit.call('POST', `/ecom/v1/orders/${orderId}/cancel`, { restockAllItems: true });
    expect(canceled.body.order.status).toBe('CANCELED');
    expect((await kit.call('GET', `/stores/v1/products/${rug.id}`)).body.product.stock.quantity).toBe(5);
    const back = await kit.call('POST', `/ecom/v1/orders/${orderId}/update-status`, { status: 'APPROVED' });
    expect(back.status).toBe(409);
    expect(back.body.details.applicationError.code).toBe('UNSUPPORTED_TRANSITION');
  });
});
