import * as orders from '@wix/auto_sdk_ecom_orders';
import * as inventory from '@wix/auto_sdk_stores_inventory';
import * as products from '@wix/auto_sdk_stores_products';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official orders client (`@wix/ecom` orders), unchanged, against Atrium: the business makes, imports,
// reads, searches, edits, tags, counts and cancels orders; a visitor makes none. (Its payments-collector
// calls are covered by ecom-payments.int.test.ts.)

type Order = orders.Order;
/** Calls this client version exports without type declarations (clients-commerce-events.md §2.3). */
interface Undeclared {
  updateOrderLineItem(
    identifiers: { _id: string; lineItemId: string },
    lineItem: { productName?: { original: string } },
  ): Promise<{ order: Order }>;
  addActivity(id: string, activity: unknown): Promise<{ order: Order; activityId: string }>;
  updateActivity(
    identifiers: { _id: string; activityId: string },
    activity: unknown,
  ): Promise<{ order: Order }>;
  deleteActivity(identifiers: { _id: string; activityId: string }): Promise<{ order: Order }>;
  updateOrderStatus(orderId: string, status: string): Promise<{ order: Order }>;
  aggregateOrders(options: {
    filter?: Record<string, unknown>;
    aggregation: Record<string, unknown>;
  }): Promise<{ aggregates: Record<string, unknown> }>;
}

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof clientsWith>;
let visitor: ReturnType<typeof clientsWith>;
let undeclared: Undeclared;

function clientsWith(auth: ReturnType<typeof ApiKeyStrategy> | ReturnType<typeof OAuthStrategy>) {
  return createClient({ modules: { orders, products, inventory }, auth });
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientsWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  visitor = clientsWith(OAuthStrategy({ clientId: atrium.clientId }));
  undeclared = business.orders as unknown as Undeclared;
});
afterAll(async () => {
  await atrium?.close();
});

/** The code the client reads from a failed call (`err.details.applicationError.code`). */
async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure as { details?: { applicationError?: { code?: string } } },
  );
  if (!error) throw new Error('the call succeeded');
  return error.details?.applicationError?.code;
}

async function stockedProduct(name: string, price: number, quantity: number) {
  const { product } = await business.products.createProduct({
    name,
    productType: 'physical',
    priceData: { price },
  });
  await business.inventory.updateInventoryVariants(product!._id!, {
    trackQuantity: true,
    variants: product!.variants!.map((variant) => ({ variantId: variant._id!, quantity })),
  });
  return product!._id!;
}
const stockOf = async (productId: string) =>
  (await business.products.getProduct(productId)).product!.stock!.quantity;

const customLine = (name: string, amount: string, quantity = 1) =>
  ({ quantity, productName: { original: name }, price: { amount } }) as orders.OrderLineItem;

describe('@wix/ecom orders against Atrium', () => {
  it('creates an order from catalog and custom lines, reads it and finds it by search', async () => {
    const productId = await stockedProduct('Official order mug', 12.5, 5);
    const created = await business.orders.createOrder(
      {
        lineItems: [
          {
            quantity: 2,
            catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId },
          } as orders.OrderLineItem,
          customLine('Gift wrap', '3.50'),
        ],
        buyerInfo: { email: 'official-buyer@example.com' },
        recipientInfo: { contactDetails: { firstName: 'Ada' } },
      } as Order,
      { settings: { notifications: { sendNotificationToBuyer: false } } },
    );
    expect(created._id).toBeTruthy();
    expect(created).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID' });
    expect(created.priceSummary!.total!.amount).toBe('28.50');
    expect(new Date(created._createdDate as unknown as string).getTime()).toBeGreaterThan(0);
    expect(await stockOf(productId)).toBe(3);

    const read = await business.orders.getOrder(created._id!);
    expect(read.lineItems!.map((line) => line.productName!.original)).toEqual([
      'Official order mug',
      'Gift wrap',
    ]);
    expect(read.recipientInfo!.contactDetails!.firstName).toBe('Ada');

    const found = await business.orders.searchOrders({
      filter: { 'buyerInfo.email': 'official-buyer@example.com' },
    });
    expect(found.orders!.map((order) => order._id)).toEqual([created._id]);

    expect(await codeOf(business.orders.getOrder('00000000-0000-4000-8000-000000000000'))).toBe(
      'ORDER_NOT_FOUND',
    );
    expect(
      await visitor.orders.createOrder({ lineItems: [customLine('Visitor-made', '1')] } as Order).then(
        () => 'created',
        () => 'refused',
      ),
    ).toBe('refused');
    expect(atrium.forwarded.at(-1)).toMatchObject({ path: '/ecom/v1/orders', status: 403 });
    expect(atrium.pathsCalled()).toEqual(
      expect.arrayContaining(['POST /ecom/v1/orders', 'POST /ecom/v1/orders/search']),
    );
  });

  it('pages a search by cursor with a filter and a sort', async () => {
    const tag = `official-page-${Date.now()}`;
    const made: string[] = [];
    for (const amount of ['1', '2', '3']) {
      made.push(
        (await business.orders.createOrder({ lineItems: [customLine(`Page ${amount}`, amount)] } as Order))
          ._id!,
      );
    }
    const tagged = await business.orders.bulkUpdateOrderTags(made, {
      assignTags: { tags: { tagIds: [tag] } },
    });
    expect(tagged.bulkActionMetadata).toMatchObject({ totalSuccesses: 3, totalFailures: 0 });
    const first = await business.orders.searchOrders({
      // The tags filter is Atrium's (the client's search spec does not declare it).
      filter: { 'tags.tags.tagIds': { $hasSome: [tag] } } as never,
      sort: [{ fieldName: 'number', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    });
    expect(first.orders!.map((order) => order._id)).toEqual([made[2], made[1]]);
    expect(first.metadata!.hasNext).toBe(true);
    const second = await business.orders.searchOrders({
      cursorPaging: { limit: 2, cursor: first.metadata!.cursors!.next! },
    });
    expect(second.orders!.map((order) => order._id)).toEqual([made[0]]);
  });

  it('updates orders one by one and in bulk, and renames a line', async () => {
    const order = await business.orders.createOrder({
      lineItems: [customLine('Official edit', '4')],
    } as Order);
    const updated = await business.orders.updateOrder(order._id!, {
      buyerNote: 'Ring twice',
      archived: true,
    });
    expect(updated).toMatchObject({ buyerNote: 'Ring twice', archived: true });

    const bulk = await business.orders.bulkUpdateOrders(
      [
        { order: { _id: order._id!, archived: false } },
        { order: { _id: '00000000-0000-4000-8000-000000000000' } },
      ],
      { returnEntity: true },
    );
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(bulk.results![0]!.item!.archived).toBe(false);
    expect(bulk.results![0]!.itemMetadata!._id).toBe(order._id);
    expect(bulk.results![1]!.itemMetadata!.error!.code).toBe('ORDER_NOT_FOUND');

    const { order: renamed } = await undeclared.updateOrderLineItem(
      { _id: order._id!, lineItemId: order.lineItems![0]!._id! },
      { productName: { original: 'Official edit (engraved)' } },
    );
    expect(renamed.lineItems![0]!.productName!.original).toBe('Official edit (engraved)');
  });

  it('adds, edits and deletes activities', async () => {
    const order = await business.orders.createOrder({
      lineItems: [customLine('Official comments', '4')],
    } as Order);
    const { activityId } = await undeclared.addActivity(order._id!, {
      merchantComment: { message: 'Packed' },
    });
    const added = await business.orders.addActivities(order._id!, {
      orderActivities: [{ customActivity: { type: 'checked', additionalData: { by: 'Ada' } } } as never],
    });
    expect(added.activityIds).toHaveLength(1);
    const { order: edited } = await undeclared.updateActivity(
      { _id: order._id!, activityId },
      { merchantComment: { message: 'Packed twice' } },
    );
    expect(edited.activities!.find((entry) => entry._id === activityId)).toMatchObject({
      merchantComment: { message: 'Packed twice' },
    });
    const { order: after } = await undeclared.deleteActivity({ _id: order._id!, activityId });
    expect(after.activities!.some((entry) => entry._id === activityId)).toBe(false);
  });

  it('changes statuses along the transition table and cancels with restock', async () => {
    const productId = await stockedProduct('Official canceled mug', 8, 2);
    const order = await business.orders.createOrder(
      {
        lineItems: [
          {
            quantity: 2,
            catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId },
          } as orders.OrderLineItem,
        ],
      } as Order,
      { settings: { notifications: { sendNotificationToBuyer: false } } },
    );
    expect(await stockOf(productId)).toBe(0);
    const { order: approved } = await undeclared.updateOrderStatus(order._id!, 'APPROVED');
    expect(approved.status).toBe('APPROVED');
    expect(await codeOf(undeclared.updateOrderStatus(order._id!, 'APPROVED'))).toBe('STATUS_ALREADY_SET');
    expect(await codeOf(undeclared.updateOrderStatus(order._id!, 'PENDING'))).toBe('UNSUPPORTED_TRANSITION');

    const { order: canceled } = await business.orders.cancelOrder(order._id!, {
      restockAllItems: true,
      sendOrderCanceledEmail: false,
    });
    expect(canceled!.status).toBe('CANCELED');
    expect(await stockOf(productId)).toBe(2);
  });

  it('counts and sums orders', async () => {
    const tag = `official-agg-${Date.now()}`;
    const a = await business.orders.createOrder({ lineItems: [customLine('Agg 1', '7')] } as Order);
    const b = await business.orders.createOrder({ lineItems: [customLine('Agg 2', '3')] } as Order);
    await business.orders.bulkUpdateOrderTags([a._id!, b._id!], { assignTags: { tags: { tagIds: [tag] } } });
    const { aggregates } = await undeclared.aggregateOrders({
      filter: { 'tags.tags.tagIds': { $hasSome: [tag] } },
      aggregation: {
        count: { $count: [] },
        byPayment: { $count: ['paymentStatus'] },
        total: { $sum: 'priceSummary.total.amount' },
      },
    });
    expect(aggregates).toEqual({ count: 2, byPayment: { NOT_PAID: 2 }, total: 10 });
  });

  it('imports orders, sets the order number counter and deletes imported orders', async () => {
    const productId = await stockedProduct('Official imported mug', 20, 1);
    const { order: imported } = await business.orders.importOrder({
      number: '900001',
      lineItems: [
        {
          quantity: 3,
          productName: { original: 'Sold elsewhere' },
          price: { amount: '9.00' },
          catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId },
        } as orders.OrderLineItem,
      ],
      purchasedDate: new Date('2024-05-01T08:00:00Z'),
    } as Order);
    expect(imported).toMatchObject({ number: '900001', imported: true, status: 'APPROVED' });
    expect(imported!.purchasedDate).toEqual(new Date('2024-05-01T08:00:00Z'));
    expect(await stockOf(productId)).toBe(1);

    const made = await business.orders.createOrder({ lineItems: [customLine('Here', '1')] } as Order);
    expect(
      await codeOf(
        business.orders.importOrder({ _id: made._id, lineItems: [customLine('x', '1')] } as Order),
      ),
    ).toBe('CANNOT_OVERWRITE_NON_IMPORTED_ORDER');

    const counter = await business.orders.setOrderNumberCounter('500000' as never);
    expect(counter.newCounter).toBe('500000');
    expect(await codeOf(business.orders.setOrderNumberCounter('400000' as never))).toBe(
      'CANNOT_SET_LOWER_ORDER_NUMBER_COUNTER',
    );
    const next = await business.orders.createOrder({ lineItems: [customLine('Counted', '1')] } as Order);
    expect(next.number).toBe('500000');

    const { jobId } = await business.orders.bulkDeleteImportedOrders([imported!._id!, made._id!]);
    expect(jobId).toBeTruthy();
    expect(await codeOf(business.orders.getOrder(imported!._id!))).toBe('ORDER_NOT_FOUND');
    expect((await business.orders.getOrder(made._id!))._id).toBe(made._id);
    expect(atrium.pathsCalled()).toEqual(
      expect.arrayContaining([
        'POST /ecom/v1/orders/import',
        'POST /ecom/v1/orders/import/set-order-number-counter',
        'POST /ecom/v1/orders/import/bulk-delete-imported-orders',
        'POST /ecom/v1/bulk/orders/update',
        'POST /ecom/v1/orders/aggregate',
      ]),
    );
  });
});
