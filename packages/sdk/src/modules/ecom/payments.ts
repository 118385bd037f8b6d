import type {
  PaymentStatusWire,
  paymentRefundInputSchema,
  refundTransactionStatuses,
  refundabilityResponseSchema,
  triggerRefundRequestSchema,
} from '@atrium/contract/ecom/payments';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import { segment, send } from '../bookings/shared.ts';
import type { Order, OrderPayment, OrderTransactions } from './types.ts';

export type PaymentRefund = z.input<typeof paymentRefundInputSchema>;
/** What a refund also says: the reason and items (`details`), restocking and the email (`sideEffects`). */
export type RefundOptions = Omit<z.input<typeof triggerRefundRequestSchema>, 'payments'>;
export type Refundability = z.infer<typeof refundabilityResponseSchema>;
export interface TriggerRefundResult {
  orderTransactions: OrderTransactions;
  refundId: string;
  failedPaymentIds: Array<Record<string, unknown>>;
}

/** A payment recorded by hand (order transactions `addPayments`). */
export interface ManualPaymentInput {
  amount: { amount: string };
  regularPaymentDetails?: { status?: PaymentStatusWire; paymentMethod?: string };
}
export interface BulkPaymentStatusResult {
  results: Array<{
    itemMetadata: {
      id?: string;
      originalIndex: number;
      success: boolean;
      error?: { code: string; description: string };
    };
    item?: OrderPayment;
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}
/** What the processor reported of one payment's part of a refund. */
export interface RefundTransactionUpdate {
  paymentId: string;
  refundStatus?: (typeof refundTransactionStatuses)[number];
  gatewayRefundId?: string;
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
  /** `GET /ecom/v1/payments-collector/orders/{id}/payment-collectability-status`: the balance to collect. */
  getPaymentCollectabilityStatus:
    (context) =>
    (orderId: string): Promise<{ status: string; amount: { amount: string; formattedAmount: string } }> =>
      send(context, 'GET', `${collector}/${segment(orderId)}/payment-collectability-status`),
  /** `POST /ecom/v1/payments-collector/orders/{id}/manual-payment`: part of the balance, collected by hand. */
  recordManuallyCollectedPayment:
    (context) =>
    async (orderId: string, amount: string): Promise<void> => {
      await send(context, 'POST', `${collector}/${segment(orderId)}/manual-payment`, { amount: { amount } });
    },
  /** `POST /ecom/v1/payments-collector/orders/{id}/capture-authorized-payments` (delayed capture). */
  captureAuthorizedPayments:
    (context) =>
    async (orderId: string, payments: PaymentRefund[]): Promise<OrderTransactions> =>
      (
        (await send(context, 'POST', `${collector}/${segment(orderId)}/capture-authorized-payments`, {
          payments,
        })) as { orderTransactions: OrderTransactions }
      ).orderTransactions,
  /** `POST /ecom/v1/payments-collector/orders/{id}/void-authorized-payments`. */
  voidAuthorizedPayments:
    (context) =>
    async (orderId: string, paymentIds: string[]): Promise<OrderTransactions> =>
      (
        (await send(context, 'POST', `${collector}/${segment(orderId)}/void-authorized-payments`, {
          paymentIds,
        })) as { orderTransactions: OrderTransactions }
      ).orderTransactions,
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
  /**
   * `POST /ecom/v1/payments/orders/{orderId}/add-payment`: payments recorded by hand (a cheque, a transfer).
   * @example await client.ecom.addPayments(orderId, [{ amount: { amount: '20.00' }, regularPaymentDetails: { status: 'PENDING', paymentMethod: 'Cheque' } }])
   */
  addPayments:
    (context) =>
    (
      orderId: string,
      payments: ManualPaymentInput[],
    ): Promise<{ orderTransactions: OrderTransactions; paymentsIds: string[] }> =>
      send(context, 'POST', `${transactions}/${segment(orderId)}/add-payment`, { payments }),
  /** `POST /ecom/v1/payments/{paymentId}/orders/{orderId}/update-payment-transaction-status`: a manual payment's status. */
  updatePaymentStatus:
    (context) =>
    async (orderId: string, paymentId: string, status: PaymentStatusWire): Promise<OrderTransactions> =>
      (
        (await send(
          context,
          'POST',
          `/ecom/v1/payments/${segment(paymentId)}/orders/${segment(orderId)}/update-payment-transaction-status`,
          { status },
        )) as { orderTransactions: OrderTransactions }
      ).orderTransactions,
  /** `POST /ecom/v1/bulk/payments/update-payment-transaction-status`: one status for payments of several orders. */
  bulkUpdatePaymentStatuses:
    (context) =>
    (
      paymentAndOrderIds: Array<{ orderId: string; paymentId: string }>,
      status: PaymentStatusWire,
      options: { returnFullEntity?: boolean } = {},
    ): Promise<BulkPaymentStatusResult> =>
      send(context, 'POST', '/ecom/v1/bulk/payments/update-payment-transaction-status', {
        paymentAndOrderIds,
        status,
        ...options,
      }),
  /**
   * `POST /ecom/v1/payments/orders/{orderId}/update-refund-transaction`: what the processor reported of
   * one payment's refund (a refund reported FAILED gives the amount back to the payment).
   */
  updateRefundTransaction:
    (context) =>
    async (
      orderId: string,
      refundId: string,
      transaction: RefundTransactionUpdate,
    ): Promise<OrderTransactions> =>
      (
        (await send(context, 'POST', `${transactions}/${segment(orderId)}/update-refund-transaction`, {
          refundId,
          transaction,
        })) as { orderTransactions: OrderTransactions }
      ).orderTransactions,
} satisfies ModuleDefinition;
