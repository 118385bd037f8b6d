import { beforeEach, describe, expect, it } from 'vitest';
import { createClient, type FetchLike } from '../src/client.ts';
import { ApplicationError } from '../src/errors.ts';
import { catalogAppIds, ecom, ecomOrders, testCards } from '../src/modules/ecom.ts';

// The commerce module against a recording fetch: each call's verb, path and body as the official
// @wix/ecom clients send them, the key of the answer it returns, and the codes a storefront branches on.

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

let sent: Sent[] = [];
let answer: (request: Sent) => { status?: number; body?: unknown } = () => ({ body: {} });

const fakeFetch: FetchLike = async (url, init) => {
  const request = {
    method: init.method ?? 'GET',
    url: url.replace('http://shop.test', ''),
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  };
  sent.push(request);
  const { status = 200, body = {} } = answer(request);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
};

const client = createClient({ baseUrl: 'http://shop.test', fetch: fakeFetch, modules: { ecom, ecomOrders } });

beforeEach(() => {
  sent = [];
  answer = () => ({ body: {} });
});

const cart = { id: 'c1', lineItems: [], createdDate: '2030-01-02T03:04:05.000Z' };

describe('current cart', () => {
  it('reads the cart out of the answer and revives its dates', async () => {
    answer = () => ({ body: { cart } });
    const read = await client.ecom.getCurrentCart();
    expect(sent).toEqual([{ method: 'GET', url: '/ecom/v1/carts/current', body: undefined }]);
    expect(read.id).toBe('c1');
    expect(read.createdDate).toBeInstanceOf(Date);
  });

  it('reports a missing cart with its code, for the storefront to show an empty one', async () => {
    answer = () => ({
      status: 404,
      body: {
        message: 'current cart not found',
        details: {
          applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'current cart not found' },
        },
      },
    });
    const error = await client.ecom.getCurrentCart().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApplicationError);
    expect((error as ApplicationError).code).toBe('OWNED_CART_NOT_FOUND');
  });

  it('adds a store variant, changes quantities, removes lines and creates a checkout', async () => {
    answer = (request) =>
      request.url.endsWith('create-checkout') ? { body: { checkoutId: 'k1' } } : { body: { cart } };
    const line = {
      quantity: 2,
      catalogReference: { appId: catalogAppIds.stores, catalogItemId: 'p1', options: { variantId: 'v1' } },
    };
    const added = await client.ecom.addToCurrentCart({ lineItems: [line] });
    await client.ecom.updateCurrentCartLineItemQuantity([{ id: 'l1', quantity: 3 }]);
    await client.ecom.removeLineItemsFromCurrentCart(['l1']);
    const { checkoutId } = await client.ecom.createCheckoutFromCurrentCart({ email: 'ada@example.com' });
    await client.ecom.deleteCurrentCart();
    expect(added.cart.id).toBe('c1');
    expect(checkoutId).toBe('k1');
    expect(sent).toEqual([
      { method: 'POST', url: '/ecom/v1/carts/current/add-to-cart', body: { lineItems: [line] } },
      {
        method: 'POST',
        url: '/ecom/v1/carts/current/update-line-items-quantity',
        body: { lineItems: [{ id: 'l1', quantity: 3 }] },
      },
      { method: 'POST', url: '/ecom/v1/carts/current/remove-line-items', body: { lineItemIds: ['l1'] } },
      { method: 'POST', url: '/ecom/v1/carts/current/create-checkout', body: { email: 'ada@example.com' } },
      { method: 'DELETE', url: '/ecom/v1/carts/current', body: undefined },
    ]);
  });
});

describe('checkout', () => {
  it('reads and updates a checkout under its encoded id', async () => {
    answer = () => ({ body: { checkout: { id: 'k/1', completed: false } } });
    const read = await client.ecom.getCheckout('k/1');
    await client.ecom.updateCheckout('k/1', { buyerInfo: { email: 'ada@example.com' } });
    expect(read.id).toBe('k/1');
    expect(sent).toEqual([
      { method: 'GET', url: '/ecom/v1/checkouts/k%2F1', body: undefined },
      {
        method: 'PATCH',
        url: '/ecom/v1/checkouts/k%2F1',
        body: { checkout: { buyerInfo: { email: 'ada@example.com' } } },
      },
    ]);
  });

  it('tokenizes a test card and charges the checkout with the token', async () => {
    answer = (request) =>
      request.url.endsWith('/tokens') ? { body: { paymentToken: 'tok' } } : { body: { orderId: 'o1' } };
    const { paymentToken } = await client.ecom.createTestGatewayToken({
      cardNumber: testCards.approved,
      expiry: '12/30',
      cvc: '123',
    });
    const { orderId } = await client.ecom.createOrderAndCharge('k1', paymentToken);
    const unpaid = await client.ecom.createOrder('k2');
    expect([orderId, unpaid.orderId]).toEqual(['o1', 'o1']);
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/ecom/v1/test-gateway/tokens',
        body: { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
      },
      { method: 'POST', url: '/ecom/v1/checkouts/k1/create-order-and-charge', body: { paymentToken: 'tok' } },
      { method: 'POST', url: '/ecom/v1/checkouts/k2/create-order', body: {} },
    ]);
  });

  it('reports a declined card and stock shortfalls with their codes and data', async () => {
    answer = () => ({
      status: 402,
      body: {
        message: 'the payment was declined: The card was declined',
        details: {
          applicationError: {
            code: 'PAYMENT_ERROR',
            description: 'the payment was declined: The card was declined',
            data: { paymentErrorResponseData: { failureDetails: 'card_declined' } },
          },
        },
      },
    });
    const declined = (await client.ecom
      .createOrderAndCharge('k1', 'tok')
      .catch((e: unknown) => e)) as ApplicationError;
    expect(declined.code).toBe('PAYMENT_ERROR');
    expect(declined.status).toBe(402);
    expect(declined.data).toEqual({ paymentErrorResponseData: { failureDetails: 'card_declined' } });

    answer = () => ({
      status: 409,
      body: {
        message: 'some items are out of stock',
        details: {
          applicationError: {
            code: 'PARTIAL_OUT_OF_STOCK',
            description: 'some items are out of stock',
            data: { lineItems: [{ lineItemId: 'l1', requested: 3, available: 1 }] },
          },
        },
      },
    });
    const short = (await client.ecom.createOrder('k1').catch((e: unknown) => e)) as ApplicationError;
    expect(short.code).toBe('PARTIAL_OUT_OF_STOCK');
    expect(short.data.lineItems).toEqual([{ lineItemId: 'l1', requested: 3, available: 1 }]);
  });
});

describe('orders and payments', () => {
  const order = { id: 'o1', number: '10002', createdDate: '2030-01-02T03:04:05.000Z', activities: [] };

  it('searches with the search object and returns orders with their paging', async () => {
    answer = () => ({
      body: { orders: [order], metadata: { count: 1, cursors: { next: 'n' }, hasNext: true } },
    });
    const search = {
      filter: { paymentStatus: 'PAID' },
      sort: [{ fieldName: 'createdDate', order: 'DESC' as const }],
      cursorPaging: { limit: 20 },
    };
    const page = await client.ecom.searchOrders(search);
    expect(sent).toEqual([{ method: 'POST', url: '/ecom/v1/orders/search', body: { search } }]);
    expect(page.orders[0]!.createdDate).toBeInstanceOf(Date);
    expect(page.metadata.cursors.next).toBe('n');
  });

  it('cancels, comments, marks paid and refunds through the official paths', async () => {
    answer = (request) =>
      request.url.endsWith('/trigger-refund')
        ? { body: { orderTransactions: { orderId: 'o1', payments: [], refunds: [] }, refundId: 'r1' } }
        : request.url.startsWith('/ecom/v1/payments/orders/')
          ? { body: { orderTransactions: { orderId: 'o1', payments: [{ id: 'p1' }], refunds: [] } } }
          : { body: { order, activityId: 'a1' } };
    await client.ecom.cancelOrder('o1', { restockAllItems: true, sendOrderCanceledEmail: false });
    const { activityId } = await client.ecom.addActivity('o1', { merchantComment: { message: 'Hi' } });
    const paid = await client.ecom.paymentCollectionMarkOrderAsPaid('o1');
    const refund = await client.ecom.triggerRefund('o1', [{ paymentId: 'p1', amount: { amount: '5.00' } }], {
      details: { reason: 'Damaged' },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    const transactions = await client.ecom.listTransactionsForSingleOrder('o1');
    expect([activityId, paid.id, refund.refundId, transactions.payments[0]!.id]).toEqual([
      'a1',
      'o1',
      'r1',
      'p1',
    ]);
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /ecom/v1/orders/o1/cancel',
      'POST /ecom/v1/orders/o1/activities',
      'POST /ecom/v1/payments-collector/orders/o1/mark-as-paid',
      'POST /ecom/v1/payments-collector/orders/o1/trigger-refund',
      'GET /ecom/v1/payments/orders/o1',
    ]);
    expect(sent[3]!.body).toEqual({
      payments: [{ paymentId: 'p1', amount: { amount: '5.00' } }],
      details: { reason: 'Damaged' },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
  });

  it('keeps the business’s createOrder on the orders module, apart from the checkout’s', async () => {
    answer = () => ({ body: { order } });
    await client.ecomOrders.createOrder({ buyerInfo: { email: 'ada@example.com' } });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/ecom/v1/orders',
        body: { order: { buyerInfo: { email: 'ada@example.com' } } },
      },
    ]);
  });
});
