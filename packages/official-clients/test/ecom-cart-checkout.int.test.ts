import * as cart from '@wix/auto_sdk_ecom_cart';
import * as checkout from '@wix/auto_sdk_ecom_checkout';
import * as currentCart from '@wix/auto_sdk_ecom_current-cart';
import * as orders from '@wix/auto_sdk_ecom_orders';
import * as inventory from '@wix/auto_sdk_stores_inventory';
import * as products from '@wix/auto_sdk_stores_products';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { inject, owner } from '../../../apps/server/test/test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  futureSlot,
  openAllWeek,
} from '../../../apps/server/test/bookings-lifecycle-fixtures.ts';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official commerce clients (`@wix/ecom` currentCart, cart, checkout), unchanged, against Atrium: an
// anonymous visitor and a member with their current cart, the business with an API key on carts by id, and
// checkouts completed into one order (pay in person, a test-gateway card), with the error codes they read.

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof businessClients>;

function businessClients(apiKey: string, siteId: string) {
  return createClient({
    modules: { cart, checkout, orders, products, inventory },
    auth: ApiKeyStrategy({ apiKey, siteId }),
  });
}
function shopper(tokens?: Parameters<typeof OAuthStrategy>[0]['tokens']) {
  return createClient({
    modules: { currentCart, checkout },
    auth: OAuthStrategy({ clientId: atrium.clientId, ...(tokens ? { tokens } : {}) }),
  });
}
async function member() {
  const { token, refreshToken } = await atrium.kit.memberToken(atrium.siteId);
  return shopper({
    accessToken: { value: token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    refreshToken: { value: refreshToken, role: 'member' as never },
  });
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = businessClients(atrium.apiKey, atrium.siteId);
});
afterAll(async () => {
  await atrium?.close();
});

/** The application error code the official client read from a failed call. */
async function codeOf(call: Promise<unknown>): Promise<string | undefined> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { details?: { applicationError?: { code?: string } } } | undefined;
  expect(error, 'the call should have failed').toBeDefined();
  return error?.details?.applicationError?.code;
}

async function product(name: string, price: number, quantity?: number) {
  const { product: made } = await business.products.createProduct({
    name,
    productType: 'physical',
    priceData: { price },
  });
  if (quantity !== undefined) await stock(made!._id!, quantity);
  return made!;
}
async function stock(productId: string, quantity: number) {
  const { product: read } = await business.products.getProduct(productId);
  await business.inventory.updateInventoryVariants(productId, {
    trackQuantity: true,
    variants: read!.variants!.map((variant) => ({ variantId: variant._id!, quantity })),
  });
}
/** The cart's subtotal: sent by Atrium as by the platform, though this client version's `Cart` type omits it. */
const subtotalOf = (value: unknown) =>
  (value as { subtotal?: { amount?: string; formattedAmount?: string } } | undefined)?.subtotal;
const line = (productId: string, quantity = 1) => ({
  quantity,
  catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId },
});

async function paymentToken(cardNumber = '4242424242424242') {
  const answer = await inject(atrium.testApp.app, {
    method: 'POST',
    url: '/ecom/v1/test-gateway/tokens',
    headers: owner,
    payload: { cardNumber, expiry: '12/40', cvc: '123' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.paymentToken as string;
}

const address = {
  country: 'GB',
  city: 'London',
  postalCode: 'N1 9GU',
  addressLine1: '1 Main Street',
};

describe('@wix/ecom currentCart against Atrium', () => {
  it('a visitor adds, changes, estimates, checks out and deletes their current cart (9 calls)', async () => {
    const visitor = shopper();
    expect(await codeOf(visitor.currentCart.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');

    const mug = await product('Official cart mug', 12.5, 10);
    const plate = await product('Official cart plate', 8, 10);
    const { cart: added } = await visitor.currentCart.addToCurrentCart({
      lineItems: [line(mug._id!, 2), line(plate._id!)],
    });
    expect(added!.lineItems).toHaveLength(2);
    expect(subtotalOf(added)).toMatchObject({ amount: '33.00', formattedAmount: '$33.00' });
    const mugLine = added!.lineItems!.find((item) => item.catalogReference?.catalogItemId === mug._id)!;
    expect(mugLine).toMatchObject({
      quantity: 2,
      productName: { original: 'Official cart mug' },
      price: { amount: '12.50' },
      availability: { status: 'AVAILABLE' },
    });

    const read = await visitor.currentCart.getCurrentCart();
    expect(read._id).toBe(added!._id);
    expect(read.lineItems).toHaveLength(2);

    const updated = await visitor.currentCart.updateCurrentCart({
      cartInfo: { buyerNote: 'Gift wrap, please' },
    });
    expect(updated.buyerNote).toBe('Gift wrap, please');

    const { cart: more } = await visitor.currentCart.updateCurrentCartLineItemQuantity([
      { _id: mugLine._id!, quantity: 3 },
    ]);
    expect(subtotalOf(more)?.amount).toBe('45.50');
    const { cart: fewer } = await visitor.currentCart.removeLineItemsFromCurrentCart([
      more!.lineItems!.find((item) => item.catalogReference?.catalogItemId === plate._id)!._id!,
    ]);
    expect(fewer!.lineItems!.map((item) => item.catalogReference?.catalogItemId)).toEqual([mug._id]);

    const { cart: noCoupon } = await visitor.currentCart.removeCouponFromCurrentCart();
    expect(noCoupon!.appliedDiscounts ?? []).toEqual([]);

    const totals = await visitor.currentCart.estimateCurrentCartTotals({});
    expect(totals.priceSummary).toMatchObject({
      subtotal: { amount: '37.50' },
      total: { amount: '37.50' },
    });
    expect(totals.calculatedLineItems).toHaveLength(1);
    expect(totals.violations ?? []).toEqual([]);

    const { checkoutId } = await visitor.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      email: 'visitor@example.com',
    });
    const made = await visitor.checkout.getCheckout(checkoutId!);
    expect(made.buyerInfo).toMatchObject({ email: 'visitor@example.com' });
    expect(made.lineItems).toHaveLength(1);

    await visitor.currentCart.deleteCurrentCart();
    expect(await codeOf(visitor.currentCart.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
    expect(await codeOf(visitor.currentCart.deleteCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
  });

  it("keeps a member's cart their own, and another visitor never reads it", async () => {
    const buyer = await member();
    const lamp = await product('Member lamp', 30, 5);
    const { cart: mine } = await buyer.currentCart.addToCurrentCart({ lineItems: [line(lamp._id!)] });
    expect(mine!.buyerInfo?.memberId).toBeTruthy();
    expect((await buyer.currentCart.getCurrentCart())._id).toBe(mine!._id);

    const stranger = shopper();
    expect(await codeOf(stranger.currentCart.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
    const { checkoutId } = await buyer.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    expect(await codeOf(stranger.checkout.getCheckout(checkoutId!))).toBe('CHECKOUT_NOT_FOUND');
    const { orderId } = await buyer.checkout.createOrder(checkoutId!);
    expect(orderId).toBeTruthy();
    // The order retired the cart: the member's next add starts a new one.
    expect(await codeOf(buyer.currentCart.getCurrentCart())).toBe('OWNED_CART_NOT_FOUND');
  });

  it('refuses what cannot be bought: unknown items, out of stock, an empty cart', async () => {
    const visitor = shopper();
    expect(
      await codeOf(
        visitor.currentCart.addToCurrentCart({
          lineItems: [line('00000000-0000-4000-8000-000000000001')],
        }),
      ),
    ).toBe('CATALOG_ITEM_NOT_FOUND');
    expect(await codeOf(visitor.currentCart.updateCurrentCart({ couponCode: 'SUMMER' }))).toBe(
      'ERROR_COUPON_DOES_NOT_EXIST',
    );

    const vase = await product('Last vase', 50, 1);
    const { cart: one } = await visitor.currentCart.addToCurrentCart({ lineItems: [line(vase._id!)] });
    await visitor.currentCart.removeLineItemsFromCurrentCart([one!.lineItems![0]!._id!]);
    expect(await codeOf(visitor.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' }))).toBe(
      'EMPTY_CHECKOUT',
    );

    await visitor.currentCart.addToCurrentCart({ lineItems: [line(vase._id!)] });
    const { checkoutId } = await visitor.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    await stock(vase._id!, 0);
    const soldOut = await visitor.checkout.getCheckout(checkoutId!);
    expect(soldOut.lineItems![0]!.availability?.status).not.toBe('AVAILABLE');
    expect(await codeOf(visitor.checkout.createOrder(checkoutId!))).toBe('FULL_OUT_OF_STOCK');
    expect(
      await codeOf(
        visitor.checkout.createOrderAndCharge(checkoutId!, { paymentToken: await paymentToken() }),
      ),
    ).toBe('FULL_OUT_OF_STOCK');
  });
});

describe('@wix/ecom cart against Atrium (the business, with an API key)', () => {
  it('creates, reads, changes, estimates and deletes carts by id (12 calls)', async () => {
    const kettle = await product('Business kettle', 20, 10);
    const cup = await product('Business cup', 5, 10);
    const created = await business.cart.createCart({
      lineItems: [line(kettle._id!)],
      cartInfo: { buyerNote: 'Phone order' },
    });
    expect(created._id).toBeTruthy();
    expect(created.lineItems).toHaveLength(1);
    expect(created.buyerNote).toBe('Phone order');

    const read = await business.cart.getCart(created._id!);
    expect(subtotalOf(read)?.amount).toBe('20.00');
    const { cart: added } = await business.cart.addToCart(created._id!, {
      lineItems: [line(cup._id!, 2)],
      businessLocationId: '00000000-0000-4000-8000-0000000000aa',
    });
    expect(added!.lineItems).toHaveLength(2);
    expect(added!.businessLocationId).toBe('00000000-0000-4000-8000-0000000000aa');
    const { cart: noLocation } = await business.cart.removeBusinessLocation(created._id!);
    expect(noLocation!.businessLocationId ?? undefined).toBeUndefined();

    const cupLine = added!.lineItems!.find((item) => item.catalogReference?.catalogItemId === cup._id)!;
    const { cart: more } = await business.cart.updateLineItemsQuantity(created._id!, [
      { _id: cupLine._id!, quantity: 4 },
    ]);
    expect(subtotalOf(more)?.amount).toBe('40.00');
    const changed = await business.cart.updateCart(created._id!, {
      cartInfo: { buyerNote: 'Deliver after 5pm' },
    });
    expect(changed.buyerNote).toBe('Deliver after 5pm');
    const { cart: noCoupon } = await business.cart.removeCoupon(created._id!);
    expect(noCoupon!._id).toBe(created._id);
    const totals = await business.cart.estimateTotals(created._id!, {});
    expect(totals.priceSummary!.total!.amount).toBe('40.00');
    const { cart: fewer } = await business.cart.removeLineItems(created._id!, [cupLine._id!]);
    expect(fewer!.lineItems).toHaveLength(1);

    const { checkoutId } = await business.cart.createCheckout(created._id!, {
      channelType: 'BACKOFFICE_MERCHANT',
      email: 'phone@example.com',
    });
    const { checkout: ofCart } = await business.checkout.getCheckoutByCartId(created._id!);
    expect(ofCart!._id).toBe(checkoutId!);
    const byCheckout = await (
      business.cart as unknown as {
        getCartByCheckoutId: (id: string) => Promise<{ cart: { _id: string } }>;
      }
    ).getCartByCheckoutId(checkoutId!);
    expect(byCheckout.cart._id).toBe(created._id);

    await business.cart.deleteCart(created._id!);
    expect(await codeOf(business.cart.getCart(created._id!))).toBe('CART_NOT_FOUND');
  });

  it("never shows a visitor's cart to another visitor, but the business sees it", async () => {
    const visitor = shopper();
    const pen = await product('Visitor pen', 3, 10);
    const { cart: theirs } = await visitor.currentCart.addToCurrentCart({ lineItems: [line(pen._id!)] });
    const asBusiness = await business.cart.getCart(theirs!._id!);
    expect(asBusiness.buyerInfo?.visitorId).toBeTruthy();
    const other = createClient({
      modules: { cart },
      auth: OAuthStrategy({ clientId: atrium.clientId }),
    });
    expect(await codeOf(other.cart.getCart(theirs!._id!))).toBe('CART_NOT_FOUND');
  });
});

describe('@wix/ecom checkout against Atrium', () => {
  it('creates, edits, completes and pays checkouts (16 calls)', async () => {
    const visitor = shopper();
    const chair = await product('Checkout chair', 70, 10);
    const stool = await product('Checkout stool', 25, 10);
    const made = await visitor.checkout.createCheckout({
      channelType: 'WEB',
      lineItems: [line(chair._id!)],
      checkoutInfo: { buyerInfo: { email: 'first@example.com' } },
      overrideCheckoutUrl: 'https://shop.example.com/pay',
    });
    expect(made.priceSummary!.total!.amount).toBe('70.00');
    const id = made._id!;
    expect((await visitor.checkout.getCheckoutUrl(id)).checkoutUrl).toBe('https://shop.example.com/pay');
    await visitor.checkout.removeOverrideCheckoutUrl(id);
    const { checkoutUrl } = await visitor.checkout.getCheckoutUrl(id);
    expect(checkoutUrl).toContain(`/checkout/${id}`);
    const wixUrl = await (
      visitor.checkout as unknown as { getWixCheckoutUrl: (id: string) => Promise<{ checkoutUrl: string }> }
    ).getWixCheckoutUrl(id);
    expect(wixUrl.checkoutUrl).toBe(checkoutUrl);

    const updated = await visitor.checkout.updateCheckout(id, {
      buyerInfo: { email: 'ada@example.com' },
      billingInfo: { address, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
      shippingInfo: {
        shippingDestination: { address, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
      },
      buyerNote: 'Leave at the door',
    });
    expect(updated.buyerInfo!.email).toBe('ada@example.com');
    expect(updated.billingInfo!.address!.city).toBe('London');
    expect(updated.shippingInfo!.shippingDestination!.contactDetails!.firstName).toBe('Ada');

    const { checkout: added } = await visitor.checkout.addToCheckout(id, { lineItems: [line(stool._id!)] });
    expect(added!.lineItems).toHaveLength(2);
    const stoolLine = added!.lineItems!.find((item) => item.catalogReference?.catalogItemId === stool._id)!;
    const { checkout: more } = await visitor.checkout.updateLineItemsQuantity(id, [
      { _id: stoolLine._id!, quantity: 2 },
    ]);
    expect(more!.priceSummary!.subtotal!.amount).toBe('120.00');
    const { checkout: fewer } = await visitor.checkout.removeLineItems(id, [stoolLine._id!]);
    expect(fewer!.lineItems).toHaveLength(1);
    const { checkout: noCoupon } = await visitor.checkout.removeCoupon(id);
    expect(noCoupon!._id).toBe(id);
    const { checkout: noGiftCard } = await visitor.checkout.removeGiftCard(id);
    expect(noGiftCard!._id).toBe(id);

    const token = await paymentToken();
    const paid = await visitor.checkout.createOrderAndCharge(id, { paymentToken: token });
    expect(paid.orderId).toBeTruthy();
    // The same request again (a retry) answers the same order and charges nothing more.
    expect((await visitor.checkout.createOrderAndCharge(id, { paymentToken: token })).orderId).toBe(
      paid.orderId,
    );
    const completed = await visitor.checkout.getCheckout(id);
    expect(completed.completed).toBe(true);
    expect(await codeOf(visitor.checkout.addToCheckout(id, { lineItems: [line(stool._id!)] }))).toBe(
      'CHECKOUT_IS_COMPLETE',
    );
    const order = await business.orders.getOrder(paid.orderId!);
    expect(order).toMatchObject({
      paymentStatus: 'PAID',
      buyerInfo: { email: 'ada@example.com' },
      billingInfo: { address: { city: 'London' } },
    });
    expect(order.priceSummary!.total!.amount).toBe('70.00');

    // markCheckoutAsCompleted: the order is made (unpaid) when the checkout had none.
    const later = await visitor.checkout.createCheckout({
      channelType: 'WEB',
      lineItems: [line(stool._id!)],
    });
    await visitor.checkout.markCheckoutAsCompleted(later._id!);
    const laterRead = await visitor.checkout.getCheckout(later._id!);
    expect(laterRead.completed).toBe(true);
    const unpaid = await business.orders.getOrder((laterRead as { orderId?: string }).orderId!);
    expect(unpaid.paymentStatus).toBe('NOT_PAID');
    // Paying by card afterwards charges the order's balance once; then it is paid.
    const charged = await visitor.checkout.createOrderAndCharge(later._id!, {
      paymentToken: await paymentToken(),
    });
    expect(charged.orderId).toBe(unpaid._id);
    expect((await business.orders.getOrder(unpaid._id!)).paymentStatus).toBe('PAID');

    const redirect = await codeOf(visitor.checkout.markCheckoutAsCompletedAndRedirectToUrl('not-a-token'));
    expect(redirect).toBe('UNAUTHENTICATED_TOKEN');
  });

  it('places an order to pay in person, and refuses an empty, declined or already paid checkout', async () => {
    const visitor = shopper();
    const rug = await product('Offline rug', 90, 10);
    const empty = await visitor.checkout.createCheckout({ channelType: 'WEB', lineItems: [line(rug._id!)] });
    await visitor.checkout.removeLineItems(empty._id!, [empty.lineItems![0]!._id!]);
    expect(await codeOf(visitor.checkout.createOrder(empty._id!))).toBe('EMPTY_CHECKOUT');
    expect(
      await codeOf(visitor.checkout.createOrderAndCharge(empty._id!, { paymentToken: await paymentToken() })),
    ).toBe('EMPTY_CHECKOUT');

    const declined = await visitor.checkout.createCheckout({
      channelType: 'WEB',
      lineItems: [line(rug._id!)],
    });
    expect(
      await codeOf(
        visitor.checkout.createOrderAndCharge(declined._id!, {
          paymentToken: await paymentToken('4000000000000002'),
        }),
      ),
    ).toBe('PAYMENT_ERROR');
    expect((await visitor.checkout.getCheckout(declined._id!)).completed).toBe(false);

    const inPerson = await visitor.checkout.createCheckout({
      channelType: 'WEB',
      lineItems: [line(rug._id!)],
    });
    const { orderId } = await visitor.checkout.createOrder(inPerson._id!);
    expect((await visitor.checkout.createOrder(inPerson._id!)).orderId).toBe(orderId);
    expect((await business.orders.getOrder(orderId!)).paymentStatus).toBe('NOT_PAID');
    // The business takes the money at the counter; a card payment afterwards is refused.
    await (
      business.orders as unknown as {
        paymentCollectionMarkOrderAsPaid: (id: string) => Promise<unknown>;
      }
    ).paymentCollectionMarkOrderAsPaid(orderId!);
    expect(
      await codeOf(
        visitor.checkout.createOrderAndCharge(inPerson._id!, { paymentToken: await paymentToken() }),
      ),
    ).toBe('CHECKOUT_ALREADY_PAID');
  });

  it('sells a booking waiting for online payment with a product; paid, the booking is confirmed', async () => {
    const app = atrium.testApp.app;
    await openAllWeek(app);
    const staffId = await createStaff(app, 'Robin', 'robin@example.com');
    const serviceId = await createAppointmentService(app, { staffMemberIds: [staffId], price: '40.00' });
    const alice = customer(`official-${Date.now()}`);
    const booking = await book(
      app,
      alice,
      bookingRequest(serviceId, futureSlot(5, 10), { selectedPaymentOption: 'ONLINE' }),
    );
    expect(booking.status).toBe('CREATED');

    const visitor = shopper();
    const candle = await product('Booking candle', 10, 10);
    const { cart: withBoth } = await visitor.currentCart.addToCurrentCart({
      lineItems: [
        line(candle._id!),
        { quantity: 1, catalogReference: { appId: catalogAppIds.bookings, catalogItemId: booking.id } },
      ],
    });
    expect(withBoth!.lineItems).toHaveLength(2);
    const bookingLine = withBoth!.lineItems!.find(
      (item) => item.catalogReference?.appId === catalogAppIds.bookings,
    )!;
    expect(bookingLine).toMatchObject({
      productName: { original: 'Haircut' },
      price: { amount: '40.00' },
      availability: { status: 'AVAILABLE' },
    });
    expect(subtotalOf(withBoth)?.amount).toBe('50.00');
    const { checkoutId } = await visitor.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      email: 'ada@example.com',
    });
    const { orderId } = await visitor.checkout.createOrderAndCharge(checkoutId!, {
      paymentToken: await paymentToken(),
    });
    const order = await business.orders.getOrder(orderId!);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.lineItems).toHaveLength(2);
    const read = await inject(app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${booking.id}`,
      headers: owner,
    });
    expect(read.body.booking).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });
  });
});
