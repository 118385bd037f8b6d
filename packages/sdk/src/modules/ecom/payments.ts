import type {
  paymentRefundInputSchema,
  refundabilityResponseSchema,
  triggerRefundRequestSchema,
} from '@atrium/contract/ecom/payments';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import { segment, send } from '../bookings/shared.ts';
import type { Order, OrderTransactions } from './types.ts';

export type PaymentRefund = z.input<typeof paymentRefundInputSchema>;
/** What a refund also says: the reason and items (`details`), restocking and the email (`sideEffects`). */
export type RefundOptions = Omit<z.input<typeof triggerRefundRequestSchema>, 'payments'>;
export type Refundability = z.infer<typeof refundabilityResponseSchema>;
export interface TriggerRefundResult {
  orderTransactions: OrderTransactions;
  refundId: string;
  failedPaymentIds: Array<Record<string, unknown>>;
}

const collector = '/ecom/v1/payments-collector/orders';
const transactions = '/ecom/v1/payments/orders';

/** The payments collector (`@wix/ecom` orders' payment calls): marking paid and refunding. */
export const paymentCollectorCalls = {
  /**
   * `POST /ecom/v1/payments-collector/orders/{id}/mark-as-paid`: an unpaid order (paid in person) as paid.
   * @example const order = await client.ecom.paymentCollectionMarkOrderAsPaid(orderId)
   */
  paymentCollectionMarkOrderAsPaid:
    (context) =>
    async (orderId: string): Promise<Order> =>
      (await send<{ order: Order }>(context, 'POST', `${collector}/${segment(orderId)}/mark-as-paid`, {}))
        .order as Order,
  /** `GET /ecom/v1/payments-collector/orders/{id}/refundability`: which payments can be refunded. */
  getRefundabilityStatus:
    (context) =>
    (orderId: string): Promise<Refundability> =>
      send<Refundability>(context, 'GET', `${collector}/${segment(orderId)}/refundability`),
  /**
   * `POST /ecom/v1/payments-collector/orders/{id}/trigger-refund`: money back to some payments (an
   * amount each, the whole payment without one).
   * @example
   * await client.ecom.triggerRefund(orderId, [{ paymentId, amount: { amount: '10.00' } }], {
   *   details: { reason: 'Damaged' },
   *   sideEffects: { restockInfo: { type: 'NO_ITEMS' } },
   * })
   */
  triggerRefund:
    (context) =>
    (orderId: string, payments: PaymentRefund[], options: RefundOptions = {}): Promise<TriggerRefundResult> =>
      send(context, 'POST', `${collector}/${segment(orderId)}/trigger-refund`, {
        payments,
        ...options,
      }) as Promise<TriggerRefundResult>,
} satisfies ModuleDefinition;

/** Order transactions (`@wix/ecom` orderTransactions): an order's payments and refunds. */
export const orderTransactionCalls = {
  /**
   * `GET /ecom/v1/payments/orders/{orderId}`.
   * @example const { payments, refunds } = await client.ecom.listTransactionsForSingleOrder(orderId)
   */
  listTransactionsForSingleOrder:
    (context) =>
    async (orderId: string): Promise<OrderTransactions> =>
      (
        (await send(context, 'GET', `${transactions}/${segment(orderId)}`)) as unknown as {
          orderTransactions: OrderTransactions;
        }
      ).orderTransactions,
  /** `POST /ecom/v1/payments/list-by-ids`: the transactions of several orders. */
  listTransactionsForMultipleOrders:
    (context) =>
    async (orderIds: string[]): Promise<OrderTransactions[]> =>
      (
        (await send(context, 'POST', '/ecom/v1/payments/list-by-ids', { orderIds })) as unknown as {
          orderTransactions: OrderTransactions[];
        }
      ).orderTransactions,
} satisfies ModuleDefinition;
