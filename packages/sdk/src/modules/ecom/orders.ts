import type {
  OrderInput,
  OrderStatus,
  activityInputSchema,
  aggregateOrdersRequestSchema,
  bulkUpdateOrderTagsRequestSchema,
  bulkUpdateOrdersRequestSchema,
  cancelOrderRequestSchema,
  commitDeltasRequestSchema,
  createFulfillmentRequestSchema,
  createOrderRequestSchema,
  FulfillmentWire,
  importedOrderInputSchema,
  searchOrdersRequestSchema,
  updateFulfillmentRequestSchema,
} from '@atrium/contract/ecom/orders';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import { segment, send } from '../bookings/shared.ts';
import type { Order } from './types.ts';

export type { OrderInput, OrderStatus };
/** A search of orders: `filter` (status, paymentStatus, fulfillmentStatus, number, buyerInfo.email, createdDate, tags.tags.tagIds), `sort`, `cursorPaging`. */
export type OrderSearch = NonNullable<z.input<typeof searchOrdersRequestSchema>['search']>;
export type CancelOrderOptions = z.input<typeof cancelOrderRequestSchema>;
export type OrderActivityInput = z.input<typeof activityInputSchema>;
export type OrderTagsChange = Omit<z.input<typeof bulkUpdateOrderTagsRequestSchema>, 'orderIds'>;

/** An order the business makes: lines (catalog items, or `productName` + `price`), buyer, addresses. */
export type CreateOrderInput = z.input<typeof createOrderRequestSchema>['order'];
/** `notifications.sendNotificationToBuyer` (default true), `updateInventory` (default true). */
export type CreateOrderSettings = NonNullable<z.input<typeof createOrderRequestSchema>['settings']>;
/** An order made elsewhere: lines keep their own name and price; `paymentStatus`, `status`, `number`. */
export type ImportOrderInput = z.input<typeof importedOrderInputSchema>;
export type BulkOrderUpdate = z.input<typeof bulkUpdateOrdersRequestSchema>['orders'][number];
/** `{filter?, aggregation, hierarchySeparatorOverride?}`: see `aggregateOrders`. */
export type AggregateOrdersRequest = z.input<typeof aggregateOrdersRequestSchema>;
/** An order's edit as deltas: `changes.lineItems`, addresses, `commitSettings.inventoryUpdates`, `reason`. */
export type CommitDeltasRequest = z.input<typeof commitDeltasRequestSchema>;
export type FulfillmentInput = z.input<typeof createFulfillmentRequestSchema>['fulfillment'];
export type FulfillmentUpdate = z.input<typeof updateFulfillmentRequestSchema>['fulfillment'];
export type Fulfillment = Omit<FulfillmentWire, 'createdDate'> & { createdDate: Date };
export interface OrderWithFulfillments {
  orderId: string;
  fulfillments: Fulfillment[];
}

export interface SearchOrdersResult {
  orders: Order[];
  metadata: { count: number; cursors: { next?: string; prev?: string }; hasNext: boolean };
}

export interface BulkResult {
  results: Array<{
    itemMetadata: {
      id?: string;
      originalIndex?: number;
      success: boolean;
      error?: { code: string; description: string };
    };
    /** The order, when `returnEntity` asked for it. */
    item?: Order;
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures?: number };
}

const base = '/ecom/v1/orders';
type OrderAnswer = { order: Order };
const path = (orderId: string, rest = '') => `${base}/${segment(orderId)}${rest}`;
const orderOf = (answer: unknown) => (answer as OrderAnswer).order;

/**
 * Orders (`@wix/ecom` orders): one order for products, bookings and tickets. Members read their own
 * orders; the business reads and changes every order.
 */
export const orderCalls = {
  /**
   * `GET /ecom/v1/orders/{id}`.
   * @example const order = await client.ecom.getOrder(orderId)
   */
  getOrder: (context) => async (orderId: string) => orderOf(await send(context, 'GET', path(orderId))),
  /**
   * `POST /ecom/v1/orders/search` (cursor paging; `metadata.cursors.next` asks for the next page). A
   * member searching sees only their own orders.
   * @example
   * const { orders, metadata } = await client.ecom.searchOrders({
   *   filter: { paymentStatus: 'PAID' },
   *   sort: [{ fieldName: 'createdDate', order: 'DESC' }],
   *   cursorPaging: { limit: 20 },
   * })
   */
  searchOrders:
    (context) =>
    (search: OrderSearch = {}): Promise<SearchOrdersResult> =>
      send(context, 'POST', `${base}/search`, { search }) as Promise<SearchOrdersResult>,
  /**
   * `POST /ecom/v1/orders`: an order the business makes itself (a phone order). Catalog lines are priced
   * by their catalog; other lines carry `productName` and `price`. It waits for payment (INITIALIZED)
   * unless it costs nothing; its goods are held or taken unless `settings.updateInventory` is false.
   * @example
   * const order = await client.ecomOrders.createOrder(
   *   {
   *     lineItems: [
   *       { quantity: 2, catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId } },
   *       { quantity: 1, productName: { original: 'Gift wrap' }, price: '3.50' },
   *     ],
   *     buyerInfo: { email: 'ada@example.com' },
   *   },
   *   { notifications: { sendNotificationToBuyer: false } },
   * )
   */
  createOrder:
    (context) =>
    async (order: CreateOrderInput, settings?: CreateOrderSettings): Promise<Order> =>
      orderOf(await send(context, 'POST', base, { order, ...(settings ? { settings } : {}) })),
  /**
   * `POST /ecom/v1/orders/import`: an order made elsewhere. It takes no stock, sends no mail and is
   * marked `imported`; importing again with an imported order's `id` replaces it.
   * @example
   * const order = await client.ecomOrders.importOrder({
   *   number: '501',
   *   paymentStatus: 'PAID',
   *   lineItems: [{ quantity: 1, productName: { original: 'Old-shop mug' }, price: '12.00' }],
   * })
   */
  importOrder:
    (context) =>
    async (order: ImportOrderInput): Promise<Order> =>
      orderOf(await send(context, 'POST', `${base}/import`, { order })),
  /**
   * `POST /ecom/v1/orders/import/bulk-delete-imported-orders`: deletes the imported orders among the ids
   * (orders made here are left alone).
   * @example const { jobId } = await client.ecomOrders.bulkDeleteImportedOrders([importedId])
   */
  bulkDeleteImportedOrders:
    (context) =>
    (orderIds: string[]): Promise<{ jobId: string }> =>
      send<{ jobId: string }>(context, 'POST', `${base}/import/bulk-delete-imported-orders`, { orderIds }),
  /**
   * `POST /ecom/v1/orders/import/set-order-number-counter`: the number the next order gets. A lower
   * number than the next one needs `allowLowerCounter` (numbers already taken are skipped).
   * @example await client.ecomOrders.setOrderNumberCounter(20000)
   */
  setOrderNumberCounter:
    (context) =>
    (
      counter: number,
      options: { allowLowerCounter?: boolean } = {},
    ): Promise<{
      oldCounter: string;
      newCounter: string;
    }> =>
      send(context, 'POST', `${base}/import/set-order-number-counter`, {
        counter: String(counter),
        ...options,
      }) as Promise<{ oldCounter: string; newCounter: string }>,
  /**
   * `POST /ecom/v1/bulk/orders/update`: updates each order on its own; `returnEntity` answers them.
   * @example
   * const { results } = await client.ecomOrders.bulkUpdateOrders(
   *   [{ order: { id: orderId, archived: true } }],
   *   { returnEntity: true },
   * )
   */
  bulkUpdateOrders:
    (context) =>
    (orders: BulkOrderUpdate[], options: { returnEntity?: boolean } = {}): Promise<BulkResult> =>
      send<BulkResult>(context, 'POST', '/ecom/v1/bulk/orders/update', { orders, ...options }),
  /**
   * `POST /ecom/v1/orders/aggregate`: named counts (`$count: []` all, `$count: ['status']` per value,
   * several fields keyed `(A|B)`) and sums (`$sum`, `$avg`, `$min`, `$max` of
   * `priceSummary.total.amount`, `balanceSummary.paid.amount`, `balanceSummary.refunded.amount`).
   * @example
   * const { aggregates } = await client.ecomOrders.aggregateOrders({
   *   filter: { paymentStatus: 'PAID' },
   *   aggregation: { orders: { $count: [] }, byStatus: { $count: ['status'] }, revenue: { $sum: 'priceSummary.total.amount' } },
   * })
   */
  aggregateOrders:
    (context) =>
    (
      request: AggregateOrdersRequest,
    ): Promise<{ aggregates: Record<string, number | Record<string, number>> }> =>
      send(context, 'POST', `${base}/aggregate`, request) as Promise<{
        aggregates: Record<string, number | Record<string, number>>;
      }>,
  /**
   * `POST /ecom/v1/orders/{id}/commit-deltas`: an edit of the order as deltas. Stock moves only as
   * `commitSettings.inventoryUpdates` says (RESTOCK or DECREASE per line).
   * @example
   * await client.ecomOrders.commitDeltas(orderId, {
   *   changes: { lineItems: [{ lineItemId, lineItem: { quantity: 3 } }] },
   *   commitSettings: { inventoryUpdates: [{ actionType: 'DECREASE', lineItemId, quantityChange: 1 }] },
   *   reason: 'The buyer called to add one',
   * })
   */
  commitDeltas:
    (context) =>
    async (orderId: string, request: CommitDeltasRequest): Promise<Order> =>
      orderOf(await send(context, 'POST', path(orderId, '/commit-deltas'), request)),
  /**
   * `POST /ecom/v1/fulfillments/orders/{orderId}/create-fulfillment`: fulfils quantities of some lines;
   * the order becomes PARTIALLY_FULFILLED or FULFILLED.
   * @example
   * const { fulfillmentId } = await client.ecomOrders.createFulfillment(orderId, {
   *   lineItems: [{ id: lineItemId, quantity: 1 }],
   *   trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
   * })
   */
  createFulfillment:
    (context) =>
    (
      orderId: string,
      fulfillment: FulfillmentInput,
    ): Promise<{ orderWithFulfillments: OrderWithFulfillments; fulfillmentId: string }> =>
      send(context, 'POST', `/ecom/v1/fulfillments/orders/${segment(orderId)}/create-fulfillment`, {
        fulfillment,
      }) as Promise<{ orderWithFulfillments: OrderWithFulfillments; fulfillmentId: string }>,
  /**
   * `PATCH /ecom/v1/fulfillments/{fulfillmentId}/orders/{orderId}`: a fulfillment's tracking.
   * @example await client.ecomOrders.updateFulfillment(orderId, fulfillmentId, { trackingInfo: { trackingNumber: '1Z998' } })
   */
  updateFulfillment:
    (context) =>
    async (
      orderId: string,
      fulfillmentId: string,
      fulfillment: FulfillmentUpdate,
    ): Promise<OrderWithFulfillments> =>
      (
        (await send(
          context,
          'PATCH',
          `/ecom/v1/fulfillments/${segment(fulfillmentId)}/orders/${segment(orderId)}`,
          { fulfillment },
        )) as { orderWithFulfillments: OrderWithFulfillments }
      ).orderWithFulfillments,
  /**
   * `DELETE /ecom/v1/fulfillments/{fulfillmentId}/orders/{orderId}`: its quantities count as unfulfilled again.
   * @example await client.ecomOrders.deleteFulfillment(orderId, fulfillmentId)
   */
  deleteFulfillment:
    (context) =>
    async (orderId: string, fulfillmentId: string): Promise<OrderWithFulfillments> =>
      (
        (await send(
          context,
          'DELETE',
          `/ecom/v1/fulfillments/${segment(fulfillmentId)}/orders/${segment(orderId)}`,
        )) as { orderWithFulfillments: OrderWithFulfillments }
      ).orderWithFulfillments,
  /**
   * `GET /ecom/v1/fulfillments/orders/{orderId}`: the order's fulfillments.
   * @example const { fulfillments } = await client.ecomOrders.listFulfillmentsForOrder(orderId)
   */
  listFulfillmentsForOrder:
    (context) =>
    async (orderId: string): Promise<OrderWithFulfillments> =>
      (
        (await send(context, 'GET', `/ecom/v1/fulfillments/orders/${segment(orderId)}`)) as {
          orderWithFulfillments: OrderWithFulfillments;
        }
      ).orderWithFulfillments,
  /**
   * `PATCH /ecom/v1/orders/{id}/line-item/{lineItemId}`: a line's name as the order shows it.
   * @example await client.ecom.updateOrderLineItem(orderId, lineItemId, { productName: { original: 'Mug (engraved)' } })
   */
  updateOrderLineItem:
    (context) =>
    async (orderId: string, lineItemId: string, lineItem: { productName?: { original: string } }) =>
      orderOf(
        await send(context, 'PATCH', path(orderId, `/line-item/${segment(lineItemId)}`), {
          lineItem: { ...lineItem, id: lineItemId },
        }),
      ),
  /**
   * `POST /ecom/v1/orders/{id}/activities/add`: several comments or custom activities at once.
   * @example await client.ecom.addActivities(orderId, [{ merchantComment: { message: 'Packed' } }])
   */
  addActivities:
    (context) =>
    (
      orderId: string,
      orderActivities: OrderActivityInput[],
    ): Promise<{ order: Order; activityIds: string[] }> =>
      send(context, 'POST', path(orderId, '/activities/add'), { orderActivities }) as Promise<{
        order: Order;
        activityIds: string[];
      }>,
  /**
   * `PATCH /ecom/v1/orders/{id}/activities/{activityId}`: a merchant comment's or custom activity's text.
   * @example await client.ecom.updateActivity(orderId, activityId, { merchantComment: { message: 'Gift wrapped twice' } })
   */
  updateActivity: (context) => async (orderId: string, activityId: string, activity: OrderActivityInput) =>
    orderOf(await send(context, 'PATCH', path(orderId, `/activities/${segment(activityId)}`), { activity })),
  /** `PATCH /ecom/v1/orders/{id}`: the buyer's details, addresses, note, archived. */
  updateOrder: (context) => async (orderId: string, order: OrderInput) =>
    orderOf(await send(context, 'PATCH', path(orderId), { order: { ...order, id: orderId } })),
  /**
   * `POST /ecom/v1/orders/{id}/cancel`: `restockAllItems` puts the lines' stock back.
   * @example await client.ecom.cancelOrder(orderId, { restockAllItems: true, sendOrderCanceledEmail: false })
   */
  cancelOrder:
    (context) =>
    async (orderId: string, options: CancelOrderOptions = {}) =>
      orderOf(await send(context, 'POST', path(orderId, '/cancel'), options)),
  /** `POST /ecom/v1/orders/{id}/update-status`. */
  updateOrderStatus: (context) => async (orderId: string, status: OrderStatus) =>
    orderOf(await send(context, 'POST', path(orderId, '/update-status'), { status })),
  /**
   * `POST /ecom/v1/orders/{id}/activities`: a merchant comment (or a custom activity) on the timeline.
   * @example await client.ecom.addActivity(orderId, { merchantComment: { message: 'Gift wrapped' } })
   */
  addActivity:
    (context) =>
    (orderId: string, activity: OrderActivityInput): Promise<{ order: Order; activityId: string }> =>
      send(context, 'POST', path(orderId, '/activities'), { activity }) as Promise<{
        order: Order;
        activityId: string;
      }>,
  /** `DELETE /ecom/v1/orders/{id}/activities/{activityId}`: merchant comments and custom activities only. */
  deleteActivity: (context) => async (orderId: string, activityId: string) =>
    orderOf(await send(context, 'DELETE', path(orderId, `/activities/${segment(activityId)}`))),
  /**
   * `POST /ecom/v1/bulk/orders/update-tags`: tags assigned to and taken from some orders.
   * @example await client.ecom.bulkUpdateOrderTags([orderId], { assignTags: { tags: { tagIds: ['gift'] } } })
   */
  bulkUpdateOrderTags:
    (context) =>
    (orderIds: string[], change: OrderTagsChange): Promise<BulkResult> =>
      send<BulkResult>(context, 'POST', '/ecom/v1/bulk/orders/update-tags', { orderIds, ...change }),
} satisfies ModuleDefinition;
