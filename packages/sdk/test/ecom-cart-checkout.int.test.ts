import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { identityKit } from '../../../apps/server/test/identity-helpers.ts';
import { createClient } from '../src/client.ts';
import { catalogAppIds, ecom, testCards } from '../src/modules/ecom.ts';
import { storesInventory, storesProducts } from '../src/modules/stores.ts';
import { failure, unknownId } from './bookings-catalog-setup.ts';

// The SDK's current cart, carts by id, checkouts and test gateway calls against the real server over HTTP:
// each call, its refusals (400, 401, 403, 404), and that another visitor's cart or another site's checkout
// is never readable.

let testApp: TestApp;
let baseUrl: string;
let otherSiteId: string;

function clientAs(caller: string | undefined, siteId?: string) {
  return createClient({
    baseUrl,
    headers: {
      ...(caller ? { 'x-atrium-dev-caller': caller } : {}),
      ...(siteId ? { 'x-atrium-dev-site': siteId } : {}),
    },
    modules: { ecom, products: storesProducts, inventory: storesInventory },
  });
}
let owner: ReturnType<typeof clientAs>;
const visitor = () => clientAs(`ANONYMOUS_VISITOR:${randomUUID()}`);

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = clientAs('WIX_USER:OWNER');
  otherSiteId = (await identityKit(testApp).newSite('Other shop')).site.id;
});
afterAll(() => testApp?.close());

async function product(name: string, price: number, quantity = 10) {
  const made = await owner.products.createProduct({ name, priceData: { price } });
  await owner.inventory.updateInventoryVariants(made.id, {
    trackQuantity: true,
    variants: made.variants!.map((variant) => ({ variantId: variant.id, quantity })),
  });
  return made;
}
const line = (productId: string, quantity = 1) => ({
  quantity,
  catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId },
});
const card = (cardNumber: string = testCards.approved) => ({ cardNumber, expiry: '12/40', cvc: '123' });

describe('the current cart', () => {
  it('adds, changes, estimates, checks out and deletes (9 calls)', async () => {
    const buyer = visitor();
    expect(await failure(buyer.ecom.getCurrentCart())).toMatchObject({
      status: 404,
      code: 'OWNED_CART_NOT_FOUND',
    });
    const mug = await product('SDK mug', 12.5);
    const { cart } = await buyer.ecom.addToCurrentCart({ lineItems: [line(mug.id, 2)] });
    expect(cart.lineItems[0]).toMatchObject({ quantity: 2, productName: { original: 'SDK mug' } });
    expect(cart.createdDate).toBeInstanceOf(Date);
    const noted = await buyer.ecom.updateCurrentCart({ cartInfo: { buyerNote: 'Ring twice' } });
    expect((noted as { buyerNote?: string }).buyerNote).toBe('Ring twice');
    const { cart: three } = await buyer.ecom.updateCurrentCartLineItemQuantity([
      { id: cart.lineItems[0]!.id, quantity: 3 },
    ]);
    expect(three.subtotal.amount).toBe('37.50');
    const { cart: noCoupon } = await buyer.ecom.removeCouponFromCurrentCart();
    expect(noCoupon.id).toBe(cart.id);
    const totals = await buyer.ecom.estimateCurrentCartTotals();
    expect(totals.priceSummary.total.amount).toBe('37.50');
    expect((await buyer.ecom.getCurrentCart()).id).toBe(cart.id);
    const { checkoutId } = await buyer.ecom.createCheckoutFromCurrentCart({ email: 'sdk@example.com' });
    expect((await buyer.ecom.getCheckout(checkoutId)).buyerInfo.email).toBe('sdk@example.com');
    const { cart: empty } = await buyer.ecom.removeLineItemsFromCurrentCart([cart.lineItems[0]!.id]);
    expect(empty.lineItems).toEqual([]);
    await buyer.ecom.deleteCurrentCart();
    expect(await failure(buyer.ecom.getCurrentCart())).toMatchObject({ status: 404 });
  });

  it('refuses bad input (400), no caller (401), the business (403) and custom lines from a buyer (403)', async () => {
    const buyer = visitor();
    const mug = await product('SDK refusal mug', 5);
    expect(
      await failure(buyer.ecom.addToCurrentCart({ lineItems: [{ ...line(mug.id), quantity: 0 }] })),
    ).toMatchObject({ status: 400 });
    expect(await failure(clientAs(undefined).ecom.getCurrentCart())).toMatchObject({ status: 401 });
    expect(await failure(owner.ecom.getCurrentCart())).toMatchObject({ status: 403 });
    expect(
      await failure(
        buyer.ecom.addToCurrentCart({
          customLineItems: [
            {
              quantity: 1,
              productName: { original: 'Free TV' },
              price: '0.01',
              itemType: { preset: 'PHYSICAL' },
            },
          ],
        }),
      ),
    ).toMatchObject({ status: 403, code: 'CUSTOM_LINE_ITEMS_NOT_ALLOWED' });
    expect(await failure(buyer.ecom.addToCurrentCart({ lineItems: [line(unknownId)] }))).toMatchObject({
      status: 404,
      code: 'CATALOG_ITEM_NOT_FOUND',
    });
  });
});

describe('carts by id', () => {
  it("the business makes and reads anyone's cart; another visitor never reads it", async () => {
    const lamp = await product('SDK lamp', 30);
    const made = await owner.ecom.createCart({ lineItems: [line(lamp.id)] });
    expect(made.subtotal.amount).toBe('30.00');
    const more = await owner.ecom.addToCart(made.id, { lineItems: [line(lamp.id)] });
    expect(more.lineItems[0]!.quantity).toBe(2);
    expect((await owner.ecom.getCart(made.id)).id).toBe(made.id);
    const { checkoutId } = await owner.ecom.createCheckoutFromCart(made.id, { email: 'phone@example.com' });
    expect((await owner.ecom.getCartByCheckoutId(checkoutId)).id).toBe(made.id);

    const buyer = visitor();
    const { cart: theirs } = await buyer.ecom.addToCurrentCart({ lineItems: [line(lamp.id)] });
    expect((await buyer.ecom.getCart(theirs.id)).id).toBe(theirs.id);
    expect((await owner.ecom.getCart(theirs.id)).buyerInfo).toMatchObject({ visitorId: expect.any(String) });
    expect(await failure(visitor().ecom.getCart(theirs.id))).toMatchObject({
      status: 404,
      code: 'CART_NOT_FOUND',
    });
    expect(await failure(owner.ecom.getCart('not-a-cart'))).toMatchObject({ status: 404 });

    await owner.ecom.deleteCart(made.id);
    expect(await failure(owner.ecom.getCart(made.id))).toMatchObject({ status: 404 });
  });
});

describe('checkouts and the test gateway', () => {
  it('creates, edits and pays a checkout by card (every checkout call, and the token)', async () => {
    const buyer = visitor();
    const chair = await product('SDK chair', 70);
    const stool = await product('SDK stool', 25);
    const made = await buyer.ecom.createCheckout({ lineItems: [line(chair.id)], channelType: 'WEB' });
    expect(made.priceSummary.total.amount).toBe('70.00');
    const updated = await buyer.ecom.updateCheckout(made.id, {
      buyerInfo: { email: 'ada@example.com' },
      billingInfo: {
        address: { country: 'GB', city: 'London', addressLine1: '1 Main St' },
        contactDetails: { firstName: 'Ada' },
      },
    });
    expect(updated.billingInfo?.address?.city).toBe('London');
    const added = await buyer.ecom.addToCheckout(made.id, [line(stool.id)]);
    const stoolLine = added.lineItems.find((item) => item.catalogReference?.catalogItemId === stool.id)!;
    const two = await buyer.ecom.updateLineItemsQuantity(made.id, [{ id: stoolLine.id, quantity: 2 }]);
    expect(two.priceSummary.subtotal.amount).toBe('120.00');
    const fewer = await buyer.ecom.removeLineItems(made.id, [stoolLine.id]);
    expect(fewer.lineItems).toHaveLength(1);
    expect((await buyer.ecom.removeCoupon(made.id)).id).toBe(made.id);

    expect(await failure(buyer.ecom.createTestGatewayToken({ cardNumber: 'abc' }))).toMatchObject({
      status: 400,
    });
    const declined = await buyer.ecom.createTestGatewayToken(card(testCards.declined));
    expect(await failure(buyer.ecom.createOrderAndCharge(made.id, declined.paymentToken))).toMatchObject({
      status: 402,
      code: 'PAYMENT_ERROR',
    });
    const { paymentToken } = await buyer.ecom.createTestGatewayToken(card());
    const { orderId } = await buyer.ecom.createOrderAndCharge(made.id, paymentToken);
    expect((await buyer.ecom.createOrderAndCharge(made.id, paymentToken)).orderId).toBe(orderId);
    const done = await buyer.ecom.getCheckout(made.id);
    expect(done).toMatchObject({ completed: true });
    expect(await failure(buyer.ecom.addToCheckout(made.id, [line(stool.id)]))).toMatchObject({
      status: 409,
      code: 'CHECKOUT_IS_COMPLETE',
    });
    expect((await owner.ecom.getOrder(orderId)).paymentStatus).toBe('PAID');
  });

  it('places an order to pay later; refuses an empty checkout and out-of-stock lines', async () => {
    const buyer = visitor();
    const vase = await product('SDK vase', 40, 1);
    const empty = await buyer.ecom.createCheckout({ lineItems: [line(vase.id)], channelType: 'WEB' });
    await buyer.ecom.removeLineItems(empty.id, [empty.lineItems[0]!.id]);
    expect(await failure(buyer.ecom.createOrder(empty.id))).toMatchObject({
      status: 400,
      code: 'EMPTY_CHECKOUT',
    });
    const later = await buyer.ecom.createCheckout({ lineItems: [line(vase.id)], channelType: 'WEB' });
    const racer = visitor();
    const racing = await racer.ecom.createCheckout({ lineItems: [line(vase.id)], channelType: 'WEB' });
    const { orderId } = await buyer.ecom.createOrder(later.id);
    expect((await owner.ecom.getOrder(orderId)).paymentStatus).toBe('NOT_PAID');
    expect(await failure(buyer.ecom.createOrder(racing.id))).toMatchObject({
      status: 404,
      code: 'CHECKOUT_NOT_FOUND',
    });
    // The order placed to pay later took the last vase.
    expect(await failure(racer.ecom.createOrder(racing.id))).toMatchObject({
      status: 409,
      code: 'FULL_OUT_OF_STOCK',
    });
  });

  it("never shows a checkout to another visitor or another site's business", async () => {
    const buyer = visitor();
    const pen = await product('SDK pen', 3);
    const made = await buyer.ecom.createCheckout({ lineItems: [line(pen.id)], channelType: 'WEB' });
    expect(await failure(visitor().ecom.getCheckout(made.id))).toMatchObject({
      status: 404,
      code: 'CHECKOUT_NOT_FOUND',
    });
    const elsewhere = clientAs('WIX_USER:OWNER', otherSiteId);
    expect(await failure(elsewhere.ecom.getCheckout(made.id))).toMatchObject({ status: 404 });
    expect(await failure(elsewhere.ecom.getCart(made.id))).toMatchObject({ status: 404 });
    expect((await owner.ecom.getCheckout(made.id)).id).toBe(made.id);
    expect(await failure(clientAs(undefined).ecom.getCheckout(made.id))).toMatchObject({ status: 401 });
  });
});
