import type {
  OrderInput,
  OrderStatus,
  activityInputSchema,
  bulkUpdateOrderTagsRequestSchema,
  cancelOrderRequestSchema,
  searchOrdersRequestSchema,
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

export interface SearchOrdersResult {
  orders: Order[];
  metadata: { count: number; cursors: { next?: string; prev?: string }; hasNext: boolean };
}

export interface BulkResult {
  results: Array<{
    itemMetadata: { id?: string; originalIndex?: number; success: boolean; error?: unknown };
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
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
  /** `POST /ecom/v1/orders`: an order the business makes itself (a phone order). */
  createOrder: (context) => async (order: OrderInput) =>
    orderOf(await send(context, 'POST', base, { order })),
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
