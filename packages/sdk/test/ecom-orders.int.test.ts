import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { identityKit } from '../../../apps/server/test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import { ecomOrders } from '../src/modules/ecom.ts';
import { storesInventory, storesProducts } from '../src/modules/stores.ts';
import { failure, unknownId } from './bookings-catalog-setup.ts';

// Every orders call of the SDK (`ecomOrders`) against the real server over HTTP: the business makes,
// imports, edits, fulfils, cancels and counts orders; members read only their own; other sites see none.
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
    modules: { orders: ecomOrders, products: storesProducts, inventory: storesInventory },
  });
}
let owner: ReturnType<typeof clientAs>;
const memberA = `member-${randomUUID()}`;
const events: Array<{ name: string; orderId: string }> = [];
/** Waits for the bus to deliver `name` for an order (handlers run after the commit). */
async function delivered(name: string, orderId: string) {
  const deadline = Date.now() + 15_000;
  while (!events.some((event) => event.name === name && event.orderId === orderId)) {
    if (Date.now() > deadline) throw new Error(`${name} for ${orderId} was not delivered`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  testApp = await createTestApp({
    withEvents: (bus) => {
      for (const name of ['ecom.order.created', 'ecom.order.fulfilled', 'ecom.order.canceled']) {
        bus.subscribe<{ order: { id: string } }>(name, 'sdk-orders-test', async (event) => {
          events.push({ name, orderId: event.data.order.id });
        });
      }
    },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = clientAs('WIX_USER:OWNER');
  otherSiteId = (await identityKit(testApp).newSite('Another shop')).site.id;
});
afterAll(() => testApp?.close());

/** A product with `quantity` in stock, as the catalog line of an order. */
async function stocked(name: string, price: number, quantity: number) {
  const product = await owner.products.createProduct({ name, priceData: { price } });
  await owner.inventory.updateInventoryVariants(product.id, {
    trackQuantity: true,
    variants: product.variants!.map((variant) => ({ variantId: variant.id, quantity })),
  });
  return product.id;
}
const stockOf = async (productId: string) => (await owner.products.getProduct(productId)).stock?.quantity;
const catalogLine = (productId: string, quantity: number) => ({
  quantity,
  catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId },
});
const customLine = (name: string, price: string, quantity = 1) => ({
  quantity,
  productName: { original: name },
  price,
});

/** The mails kept for an address (no SMTP in tests), newest first. */
async function mailsTo(address: string) {
  const response = await fetch(`${baseUrl}/mail/v1/outbox?to=${encodeURIComponent(address)}`, {
    headers: { 'x-atrium-dev-caller': 'WIX_USER:OWNER' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Array<{ kind: string; subject: string }> }).messages;
}

describe('createOrder', () => {
  it('prices catalog lines by the catalog and custom lines by their own price, takes stock and mails the buyer', async () => {
    const productId = await stocked('SDK order mug', 12.5, 5);
    const email = `buyer-${randomUUID()}@example.com`;
    const order = await owner.orders.createOrder({
      lineItems: [{ ...catalogLine(productId, 2), price: '0.01' }, customLine('Gift wrap', '3.50')],
      buyerInfo: { email },
    });
    expect(order.createdDate).toBeInstanceOf(Date);
    expect(order.lineItems.map((line) => [line.productName.original, line.price.amount])).toEqual([
      ['SDK order mug', '12.50'],
      ['Gift wrap', '3.50'],
    ]);
    expect(order.priceSummary.total.amount).toBe('28.50');
    expect(order).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID', imported: false });
    expect(order.activities.map((entry) => entry.type)).toEqual(['ORDER_PLACED']);
    expect(await stockOf(productId)).toBe(3);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual(['ecom.order-placed']);
  });

  it('leaves stock and mail alone when the settings say so, and approves an order that costs nothing', async () => {
    const productId = await stocked('SDK quiet mug', 10, 4);
    const email = `quiet-${randomUUID()}@example.com`;
    const order = await owner.orders.createOrder(
      { lineItems: [catalogLine(productId, 1)], buyerInfo: { email } },
      { updateInventory: false, notifications: { sendNotificationToBuyer: false } },
    );
    expect(await stockOf(productId)).toBe(4);
    expect(await mailsTo(email)).toEqual([]);
    expect(order.status).toBe('INITIALIZED');

    const free = await owner.orders.createOrder({ lineItems: [customLine('Free sample', '0')] });
    expect(free).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
  });

  it('refuses an order beyond the stock (409), a line that is neither catalog nor priced (400) and an unknown item (404)', async () => {
    const productId = await stocked('SDK scarce mug', 10, 1);
    expect(await failure(owner.orders.createOrder({ lineItems: [catalogLine(productId, 2)] }))).toMatchObject(
      { status: 409, code: 'PARTIAL_OUT_OF_STOCK' },
    );
    expect(await stockOf(productId)).toBe(1);
    await owner.orders.createOrder({ lineItems: [catalogLine(productId, 1)] });
    expect(await failure(owner.orders.createOrder({ lineItems: [catalogLine(productId, 1)] }))).toMatchObject(
      { status: 409, code: 'FULL_OUT_OF_STOCK' },
    );
    expect(
      await failure(
        owner.orders.createOrder({ lineItems: [{ quantity: 1, productName: { original: 'No price' } }] }),
      ),
    ).toMatchObject({ status: 400 });
    expect(await failure(owner.orders.createOrder({ lineItems: [] }))).toMatchObject({ status: 400 });
    expect(
      await failure(owner.orders.createOrder({ lineItems: [catalogLine(randomUUID(), 1)] })),
    ).toMatchObject({ status: 404, code: 'CATALOG_ITEM_NOT_FOUND' });
    expect(
      await failure(
        owner.orders.createOrder({
          lineItems: [customLine('Later', '1')],
          purchasedDate: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      ),
    ).toMatchObject({ status: 400, code: 'PURCHASED_DATE_CANNOT_BE_IN_FUTURE' });
  });

  it('is the business’s: a member gets 403, a caller without credentials 401', async () => {
    const order = { lineItems: [customLine('Member-made', '1')] };
    expect(await failure(clientAs(`MEMBER:${memberA}`).orders.createOrder(order))).toMatchObject({
      status: 403,
    });
    expect(await failure(clientAs('ANONYMOUS_VISITOR').orders.createOrder(order))).toMatchObject({
      status: 403,
    });
    expect(await failure(clientAs('WIX_USER:STAFF').orders.createOrder(order))).toMatchObject({
      status: 403,
    });
    expect(await failure(clientAs(undefined).orders.createOrder(order))).toMatchObject({ status: 401 });
  });
});

describe('getOrder and searchOrders', () => {
  it('shows a member their own orders only; another member and another site get 404', async () => {
    const mine = await owner.orders.createOrder({
      lineItems: [customLine('For member A', '5')],
      buyerInfo: { memberId: memberA },
    });
    const member = clientAs(`MEMBER:${memberA}`);
    expect((await member.orders.getOrder(mine.id)).id).toBe(mine.id);
    const found = await member.orders.searchOrders({});
    expect(found.orders.map((order) => order.id)).toEqual([mine.id]);

    const memberB = clientAs(`MEMBER:member-${randomUUID()}`);
    expect(await failure(memberB.orders.getOrder(mine.id))).toMatchObject({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
    expect((await memberB.orders.searchOrders({ filter: { id: mine.id } })).orders).toEqual([]);

    const otherOwner = clientAs('WIX_USER:OWNER', otherSiteId);
    expect(await failure(otherOwner.orders.getOrder(mine.id))).toMatchObject({ status: 404 });
    expect((await otherOwner.orders.searchOrders({})).orders).toEqual([]);
    expect(await failure(otherOwner.orders.cancelOrder(mine.id))).toMatchObject({ status: 404 });
    expect(await failure(otherOwner.orders.listFulfillmentsForOrder(mine.id))).toMatchObject({ status: 404 });
    expect(await failure(clientAs(undefined).orders.getOrder(mine.id))).toMatchObject({ status: 401 });
    expect(await failure(clientAs('ANONYMOUS_VISITOR').orders.getOrder(mine.id))).toMatchObject({
      status: 403,
    });
    expect(await failure(owner.orders.getOrder(unknownId))).toMatchObject({ status: 404 });
  });

  it('pages by cursor, filters and sorts', async () => {
    const tag = `page-${randomUUID()}`;
    const made = [];
    for (const price of ['1', '2', '3']) {
      made.push(await owner.orders.createOrder({ lineItems: [customLine(`Paged ${price}`, price)] }));
    }
    await owner.orders.bulkUpdateOrderTags(
      made.map((order) => order.id),
      { assignTags: { tags: { tagIds: [tag] } } },
    );
    const first = await owner.orders.searchOrders({
      filter: { 'tags.tags.tagIds': { $hasSome: [tag] } },
      sort: [{ fieldName: 'number', order: 'ASC' }],
      cursorPaging: { limit: 2 },
    });
    expect(first.orders.map((order) => order.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(first.metadata.hasNext).toBe(true);
    const second = await owner.orders.searchOrders({
      cursorPaging: { limit: 2, cursor: first.metadata.cursors.next! },
    });
    expect(second.orders.map((order) => order.id)).toEqual([made[2]!.id]);
    expect(second.metadata.hasNext).toBe(false);
    expect(await failure(owner.orders.searchOrders({ filter: { noSuchField: 1 } }))).toMatchObject({
      status: 400,
    });
  });
});

describe('updateOrder, bulkUpdateOrders, updateOrderLineItem and activities', () => {
  it('changes what the business may change and answers bulk results per order', async () => {
    const order = await owner.orders.createOrder({ lineItems: [customLine('Editable', '4')] });
    const updated = await owner.orders.updateOrder(order.id, {
      buyerNote: 'Leave at the door',
      archived: true,
    });
    expect(updated).toMatchObject({ buyerNote: 'Leave at the door', archived: true });

    const renamed = await owner.orders.updateOrderLineItem(order.id, order.lineItems[0]!.id, {
      productName: { original: 'Edited name' },
    });
    expect(renamed.lineItems[0]!.productName.original).toBe('Edited name');
    expect(
      await failure(
        owner.orders.updateOrderLineItem(order.id, unknownId, { productName: { original: 'x' } }),
      ),
    ).toMatchObject({ status: 404, code: 'LINE_ITEM_NOT_FOUND' });

    const bulk = await owner.orders.bulkUpdateOrders(
      [{ order: { id: order.id, archived: false } }, { order: { id: unknownId, archived: true } }],
      { returnEntity: true },
    );
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(bulk.results[0]!.item!.archived).toBe(false);
    expect(bulk.results[1]!.itemMetadata).toMatchObject({
      id: unknownId,
      success: false,
      error: { code: 'ORDER_NOT_FOUND' },
    });
    const quiet = await owner.orders.bulkUpdateOrders([{ order: { id: order.id, seenByAHuman: true } }]);
    expect(quiet.results[0]!.item).toBeUndefined();
    expect(await failure(owner.orders.bulkUpdateOrders([]))).toMatchObject({ status: 400 });
    expect(
      await failure(clientAs(`MEMBER:${memberA}`).orders.updateOrder(order.id, { buyerNote: 'mine now' })),
    ).toMatchObject({ status: 403 });
  });

  it('adds, edits and deletes comments, but not what the system wrote', async () => {
    const order = await owner.orders.createOrder({ lineItems: [customLine('Commented', '4')] });
    const { activityId } = await owner.orders.addActivity(order.id, { merchantComment: { message: 'Gift' } });
    const { activityIds } = await owner.orders.addActivities(order.id, [
      { merchantComment: { message: 'Second' } },
      { customActivity: { type: 'packed', additionalData: { by: 'Ada' } } },
    ]);
    expect(activityIds).toHaveLength(2);
    const edited = await owner.orders.updateActivity(order.id, activityId, {
      merchantComment: { message: 'Gift, wrapped' },
    });
    expect(edited.activities.find((entry) => entry.id === activityId)!.merchantComment).toEqual({
      message: 'Gift, wrapped',
    });
    const placed = edited.activities.find((entry) => entry.type === 'ORDER_PLACED')!;
    expect(await failure(owner.orders.deleteActivity(order.id, placed.id))).toMatchObject({
      status: 400,
      code: 'ACTIVITY_NOT_EDITABLE',
    });
    const after = await owner.orders.deleteActivity(order.id, activityId);
    expect(after.activities.some((entry) => entry.id === activityId)).toBe(false);
    expect(await failure(owner.orders.deleteActivity(order.id, unknownId))).toMatchObject({ status: 404 });
  });
});

describe('updateOrderStatus and cancelOrder', () => {
  it('moves along the transition table and refuses the rest with 409', async () => {
    const order = await owner.orders.createOrder({ lineItems: [customLine('Statused', '4')] });
    expect((await owner.orders.updateOrderStatus(order.id, 'PENDING')).status).toBe('PENDING');
    expect(await failure(owner.orders.updateOrderStatus(order.id, 'PENDING'))).toMatchObject({
      status: 409,
      code: 'STATUS_ALREADY_SET',
    });
    expect(await failure(owner.orders.cancelOrder(order.id))).toMatchObject({
      status: 409,
      code: 'ORDER_IS_PENDING',
    });
    expect((await owner.orders.updateOrderStatus(order.id, 'APPROVED')).status).toBe('APPROVED');
    expect(await failure(owner.orders.updateOrderStatus(order.id, 'PENDING'))).toMatchObject({
      status: 409,
      code: 'UNSUPPORTED_TRANSITION',
    });
    expect(await failure(owner.orders.updateOrderStatus(order.id, 'BOGUS' as 'APPROVED'))).toMatchObject({
      status: 400,
    });
  });

  it('cancels with restock and a mail to the buyer', async () => {
    const productId = await stocked('SDK canceled mug', 8, 3);
    const email = `cancel-${randomUUID()}@example.com`;
    const order = await owner.orders.createOrder(
      { lineItems: [catalogLine(productId, 2)], buyerInfo: { email } },
      { notifications: { sendNotificationToBuyer: false } },
    );
    expect(await stockOf(productId)).toBe(1);
    const canceled = await owner.orders.cancelOrder(order.id, {
      restockAllItems: true,
      sendOrderCanceledEmail: true,
      customMessage: 'Out of season',
    });
    expect(canceled).toMatchObject({ status: 'CANCELED', paymentStatus: 'CANCELED' });
    expect(await stockOf(productId)).toBe(3);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual(['ecom.order-canceled']);
    expect(await failure(owner.orders.cancelOrder(order.id))).toMatchObject({ status: 409 });
  });
});

describe('importOrder, setOrderNumberCounter and bulkDeleteImportedOrders', () => {
  it('imports without stock or mail, keeps the given prices and number, and replaces an earlier import', async () => {
    const productId = await stocked('SDK imported mug', 20, 2);
    const email = `import-${randomUUID()}@example.com`;
    const imported = await owner.orders.importOrder({
      number: '777',
      paymentStatus: 'PAID',
      purchasedDate: '2024-03-01T10:00:00.000Z',
      buyerInfo: { email },
      lineItems: [{ ...catalogLine(productId, 2), productName: { original: 'Old mug' }, price: '15.00' }],
    });
    expect(imported).toMatchObject({
      number: '777',
      imported: true,
      status: 'APPROVED',
      paymentStatus: 'PAID',
    });
    expect(imported.priceSummary.total.amount).toBe('30.00');
    expect(imported.purchasedDate!.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(await stockOf(productId)).toBe(2);
    expect(await mailsTo(email)).toEqual([]);

    const again = await owner.orders.importOrder({
      id: imported.id,
      number: '778',
      lineItems: [customLine('Old mug, corrected', '14.00')],
    });
    expect(again).toMatchObject({ id: imported.id, number: '778' });
    expect(
      await failure(owner.orders.importOrder({ number: '778', lineItems: [customLine('Dup', '1')] })),
    ).toMatchObject({
      status: 409,
      code: 'ORDER_NUMBER_ALREADY_EXISTS',
    });
    const made = await owner.orders.createOrder({ lineItems: [customLine('Made here', '1')] });
    expect(
      await failure(owner.orders.importOrder({ id: made.id, lineItems: [customLine('Overwrite', '1')] })),
    ).toMatchObject({ status: 409, code: 'CANNOT_OVERWRITE_NON_IMPORTED_ORDER' });

    const { jobId } = await owner.orders.bulkDeleteImportedOrders([imported.id, made.id]);
    expect(jobId).toBeTruthy();
    expect(await failure(owner.orders.getOrder(imported.id))).toMatchObject({ status: 404 });
    expect((await owner.orders.getOrder(made.id)).id).toBe(made.id);
    expect(
      await failure(clientAs(`MEMBER:${memberA}`).orders.bulkDeleteImportedOrders([made.id])),
    ).toMatchObject({ status: 403 });
  });

  it('sets the number the next order gets, refusing a lower one unless allowed and skipping taken numbers', async () => {
    const current = Number(
      (await owner.orders.createOrder({ lineItems: [customLine('Counted', '1')] })).number,
    );
    const set = await owner.orders.setOrderNumberCounter(current + 100);
    expect(set).toEqual({ oldCounter: String(current + 1), newCounter: String(current + 100) });
    expect((await owner.orders.createOrder({ lineItems: [customLine('Next', '1')] })).number).toBe(
      String(current + 100),
    );
    expect(await failure(owner.orders.setOrderNumberCounter(current))).toMatchObject({
      status: 409,
      code: 'CANNOT_SET_LOWER_ORDER_NUMBER_COUNTER',
    });
    await owner.orders.setOrderNumberCounter(current, { allowLowerCounter: true });
    // `current` is taken: the next order skips it.
    expect((await owner.orders.createOrder({ lineItems: [customLine('Skipped', '1')] })).number).toBe(
      String(current + 1),
    );
    expect(await failure(owner.orders.setOrderNumberCounter(0))).toMatchObject({ status: 400 });
  });
});

describe('aggregateOrders', () => {
  it('counts by status and sums totals over the orders a filter selects', async () => {
    const tag = `agg-${randomUUID()}`;
    const a = await owner.orders.createOrder({ lineItems: [customLine('Agg A', '10')] });
    const b = await owner.orders.createOrder({ lineItems: [customLine('Agg B', '5.25')] });
    await owner.orders.updateOrderStatus(b.id, 'APPROVED');
    await owner.orders.bulkUpdateOrderTags([a.id, b.id], { assignTags: { tags: { tagIds: [tag] } } });
    const { aggregates } = await owner.orders.aggregateOrders({
      filter: { 'tags.tags.tagIds': { $hasSome: [tag] } },
      aggregation: {
        orders: { $count: [] },
        byStatus: { $count: ['status'] },
        byStatusAndPayment: { $count: ['status', 'paymentStatus'] },
        revenue: { $sum: 'priceSummary.total.amount' },
        largest: { $max: 'priceSummary.total.amount' },
      },
    });
    expect(aggregates).toEqual({
      orders: 2,
      byStatus: { INITIALIZED: 1, APPROVED: 1 },
      byStatusAndPayment: { '(INITIALIZED|NOT_PAID)': 1, '(APPROVED|NOT_PAID)': 1 },
      revenue: 15.25,
      largest: 10,
    });
    expect(
      await failure(
        owner.orders.aggregateOrders({ aggregation: { x: { $sum: 'buyerInfo.email' as never } } }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await failure(
        clientAs(`MEMBER:${memberA}`).orders.aggregateOrders({ aggregation: { n: { $count: [] } } }),
      ),
    ).toMatchObject({ status: 403 });
  });
});

describe('commitDeltas', () => {
  it('adds, changes and removes lines, reprices the order and moves stock only as asked', async () => {
    const productId = await stocked('SDK edited mug', 10, 10);
    const order = await owner.orders.createOrder(
      { lineItems: [catalogLine(productId, 2), customLine('Engraving', '5')] },
      { updateInventory: false },
    );
    const [mug, engraving] = order.lineItems;
    const edited = await owner.orders.commitDeltas(order.id, {
      changes: {
        lineItems: [
          { lineItemId: mug!.id, lineItem: { quantity: 3 } },
          { lineItemId: engraving!.id, lineItemRemoved: true },
          { lineItemAdded: true, lineItem: customLine('Box', '2.50', 2) },
        ],
        changedRecipientInfo: { contactDetails: { firstName: 'Ada' } },
      },
      commitSettings: {
        inventoryUpdates: [{ actionType: 'DECREASE', lineItemId: mug!.id, quantityChange: 1 }],
      },
      reason: 'Phone call',
    });
    expect(edited.lineItems.map((line) => [line.productName.original, line.quantity])).toEqual([
      ['SDK edited mug', 3],
      ['Box', 2],
    ]);
    expect(edited.priceSummary.total.amount).toBe('35.00');
    expect(edited.activities.at(-1)!.type).toBe('DRAFT_ORDER_CHANGES_APPLIED');
    expect(await stockOf(productId)).toBe(9);

    // The order took one unit (its creation took none): it gives back at most that one.
    expect(
      await failure(
        owner.orders.commitDeltas(order.id, {
          commitSettings: {
            inventoryUpdates: [{ actionType: 'RESTOCK', lineItemId: mug!.id, quantityChange: 2 }],
          },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'INVALID_INVENTORY_UPDATE' });
    await owner.orders.commitDeltas(order.id, {
      commitSettings: {
        inventoryUpdates: [{ actionType: 'RESTOCK', lineItemId: mug!.id, quantityChange: 1 }],
      },
    });
    expect(await stockOf(productId)).toBe(10);
    expect(
      await failure(
        owner.orders.commitDeltas(order.id, {
          commitSettings: {
            inventoryUpdates: [{ actionType: 'DECREASE', lineItemId: mug!.id, quantityChange: 50 }],
          },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'PARTIAL_OUT_OF_STOCK' });
    expect(
      await failure(
        owner.orders.commitDeltas(order.id, {
          changes: { lineItems: [{ lineItemId: unknownId, lineItemRemoved: true }] },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'LINE_ITEM_NOT_FOUND' });
    expect(
      await failure(
        owner.orders.commitDeltas(order.id, {
          changes: {
            lineItems: edited.lineItems.map((line) => ({ lineItemId: line.id, lineItemRemoved: true })),
          },
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(await failure(owner.orders.commitDeltas(unknownId, {}))).toMatchObject({ status: 404 });
    expect(await failure(clientAs(`MEMBER:${memberA}`).orders.commitDeltas(order.id, {}))).toMatchObject({
      status: 403,
    });
  });
});

describe('fulfillments', () => {
  it('fulfils partly then fully, edits tracking, deletes, and refuses more than is left', async () => {
    const order = await owner.orders.createOrder({
      lineItems: [customLine('Shipped A', '4', 2), customLine('Shipped B', '6')],
    });
    const [a, b] = order.lineItems;
    const first = await owner.orders.createFulfillment(order.id, {
      lineItems: [{ id: a!.id, quantity: 1 }],
      trackingInfo: { trackingNumber: '1Z1', shippingProvider: 'ups' },
    });
    expect(first.orderWithFulfillments.fulfillments).toHaveLength(1);
    expect((await owner.orders.getOrder(order.id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(
      await failure(owner.orders.createFulfillment(order.id, { lineItems: [{ id: a!.id, quantity: 2 }] })),
    ).toMatchObject({ status: 400, code: 'FULFILLMENT_QUANTITY_EXCEEDED' });
    expect(
      await failure(
        owner.orders.createFulfillment(order.id, { lineItems: [{ id: unknownId, quantity: 1 }] }),
      ),
    ).toMatchObject({ status: 404 });
    expect(await failure(owner.orders.createFulfillment(order.id, { lineItems: [] }))).toMatchObject({
      status: 400,
    });

    const second = await owner.orders.createFulfillment(order.id, {
      lineItems: [
        { id: a!.id, quantity: 1 },
        { id: b!.id, quantity: 1 },
      ],
    });
    const full = await owner.orders.getOrder(order.id);
    expect(full.fulfillmentStatus).toBe('FULFILLED');
    expect(full.lineItems.map((line) => line.fulfilledQuantity)).toEqual([2, 1]);
    expect(full.activities.map((entry) => entry.type)).toContain('ORDER_FULFILLED');
    await delivered('ecom.order.created', order.id);
    await delivered('ecom.order.fulfilled', order.id);
    expect(
      events.filter((event) => event.name === 'ecom.order.fulfilled' && event.orderId === order.id),
    ).toHaveLength(1);
    // A fulfilled line cannot be removed by an edit.
    expect(
      await failure(
        owner.orders.commitDeltas(order.id, {
          changes: { lineItems: [{ lineItemId: b!.id, lineItemRemoved: true }] },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'LINE_ITEM_ALREADY_FULFILLED' });

    const tracked = await owner.orders.updateFulfillment(order.id, first.fulfillmentId, {
      trackingInfo: { trackingNumber: '1Z2' },
    });
    expect(tracked.fulfillments.find((entry) => entry.id === first.fulfillmentId)!.trackingInfo).toEqual({
      trackingNumber: '1Z2',
    });
    const listed = await owner.orders.listFulfillmentsForOrder(order.id);
    expect(listed.fulfillments.map((entry) => entry.id)).toEqual([first.fulfillmentId, second.fulfillmentId]);
    expect(listed.fulfillments[0]!.createdDate).toBeInstanceOf(Date);

    await owner.orders.deleteFulfillment(order.id, second.fulfillmentId);
    expect((await owner.orders.getOrder(order.id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(await failure(owner.orders.deleteFulfillment(order.id, second.fulfillmentId))).toMatchObject({
      status: 404,
      code: 'FULFILLMENT_NOT_FOUND',
    });
    expect(
      await failure(clientAs(`MEMBER:${memberA}`).orders.listFulfillmentsForOrder(order.id)),
    ).toMatchObject({ status: 403 });

    await owner.orders.cancelOrder(order.id);
    expect(
      await failure(owner.orders.createFulfillment(order.id, { lineItems: [{ id: b!.id, quantity: 1 }] })),
    ).toMatchObject({ status: 409, code: 'ORDER_CANCELED' });
  });
});

describe('createOrder on a site that takes stock when paid', () => {
  it('takes the goods once paid, unless the order was made with updateInventory false', async () => {
    const paidApp = await createTestApp({ config: { ECOM_INVENTORY_UPDATE_TRIGGER: 'ON_ORDER_PAID' } });
    try {
      await paidApp.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(paidApp.app.server.address() as AddressInfo).port}`;
      const business = createClient({
        baseUrl: url,
        headers: { 'x-atrium-dev-caller': 'WIX_USER:OWNER' },
        modules: { orders: ecomOrders, products: storesProducts, inventory: storesInventory },
      });
      const product = await business.products.createProduct({
        name: 'Paid-trigger mug',
        priceData: { price: 5 },
      });
      await business.inventory.updateInventoryVariants(product.id, {
        trackQuantity: true,
        variants: product.variants!.map((variant) => ({ variantId: variant.id, quantity: 5 })),
      });
      const stock = async () => (await business.products.getProduct(product.id)).stock?.quantity;
      const line = catalogLine(product.id, 2);
      const untracked = await business.orders.createOrder({ lineItems: [line] }, { updateInventory: false });
      const tracked = await business.orders.createOrder({ lineItems: [line] });
      await business.orders.paymentCollectionMarkOrderAsPaid(untracked.id);
      await business.orders.paymentCollectionMarkOrderAsPaid(tracked.id);
      expect((await business.orders.getOrder(untracked.id)).paymentStatus).toBe('PAID');
      expect(await stock()).toBe(3);
    } finally {
      await paidApp.close();
    }
  });
});
