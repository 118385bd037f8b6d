import type { Order, PaymentRefund } from '@atrium/sdk/modules/ecom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { orderSearchOf, type OrderFilters } from '../lib/order-filters.ts';
import { orderKey, ordersKey } from './keys.ts';
import { orders } from './orders-client.ts';

export const ordersPageSize = 25;

/** The site's orders matching the filters, newest first, one cursor page after another ("Load more"). */
export function useOrdersList(filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: [...ordersKey, 'list', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => orders.orders.searchOrders(orderSearchOf(filters, ordersPageSize, pageParam)),
    getNextPageParam: (page) => (page.metadata.hasNext ? page.metadata.cursors.next : undefined),
  });
}

/** One order with its lines, totals, buyer, addresses and timeline. */
export function useOrder(orderId: string) {
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: () => orders.orders.getOrder(orderId),
    retry: false,
  });
}

/** The order's payments and refunds. */
export function useOrderTransactions(orderId: string) {
  return useQuery({
    queryKey: [...orderKey(orderId), 'transactions'],
    queryFn: () => orders.transactions.listTransactionsForSingleOrder(orderId),
  });
}

/** Which of the order's payments can be refunded (online ones through the gateway, offline ones by hand). */
export function useRefundability(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKey(orderId), 'refundability'],
    enabled,
    queryFn: () => orders.orders.getRefundabilityStatus(orderId),
  });
}

/** Every list and the order itself: an action changes statuses the list shows too. */
const touched = (orderId: string) => [orderKey(orderId), [...ordersKey, 'list']];

export function useMarkAsPaid(orderId: string, options: ActionOptions<Order> = {}) {
  return useActionMutation({
    mutationFn: () => orders.orders.paymentCollectionMarkOrderAsPaid(orderId),
    invalidates: touched(orderId),
    ...options,
  });
}

export interface RefundRequest {
  payments: PaymentRefund[];
  reason: string;
  restock: boolean;
}

export function useRefundOrder(orderId: string, options: ActionOptions<unknown, RefundRequest> = {}) {
  return useActionMutation({
    mutationFn: ({ payments, reason, restock }: RefundRequest) =>
      orders.orders.triggerRefund(orderId, payments, {
        ...(reason.trim() ? { details: { reason: reason.trim() } } : {}),
        sideEffects: { restockInfo: { type: restock ? 'ALL_ITEMS' : 'NO_ITEMS' } },
      }),
    invalidates: touched(orderId),
    ...options,
  });
}

export function useCancelOrder(
  orderId: string,
  options: ActionOptions<Order, { restock: boolean; notify: boolean }> = {},
) {
  return useActionMutation({
    mutationFn: ({ restock, notify }: { restock: boolean; notify: boolean }) =>
      orders.orders.cancelOrder(orderId, { restockAllItems: restock, sendOrderCanceledEmail: notify }),
    invalidates: touched(orderId),
    ...options,
  });
}

export interface FulfillRequest {
  lineItems: Array<{ id: string; quantity: number }>;
  trackingNumber: string;
  shippingProvider: string;
}

/** Fulfils the given quantities of the order's lines, with the tracking the owner typed (if any). */
export function useFulfillOrder(orderId: string, options: ActionOptions<unknown, FulfillRequest> = {}) {
  return useActionMutation({
    mutationFn: ({ lineItems, trackingNumber, shippingProvider }: FulfillRequest) =>
      orders.orders.createFulfillment(orderId, {
        lineItems,
        ...(trackingNumber || shippingProvider
          ? {
              trackingInfo: {
                ...(trackingNumber ? { trackingNumber } : {}),
                ...(shippingProvider ? { shippingProvider } : {}),
              },
            }
          : {}),
      }),
    invalidates: touched(orderId),
    ...options,
  });
}

export function useAddComment(orderId: string, options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    mutationFn: (message: string) => orders.orders.addActivity(orderId, { merchantComment: { message } }),
    invalidates: [orderKey(orderId)],
    ...options,
  });
}

/** Sets the order's tags to exactly these: what is new is assigned, what is gone unassigned. */
export function useSetTags(
  orderId: string,
  options: ActionOptions<unknown, { before: string[]; after: string[] }> = {},
) {
  return useActionMutation({
    mutationFn: ({ before, after }: { before: string[]; after: string[] }) => {
      const assign = after.filter((tag) => !before.includes(tag));
      const unassign = before.filter((tag) => !after.includes(tag));
      return orders.orders.bulkUpdateOrderTags([orderId], {
        ...(assign.length > 0 ? { assignTags: { tags: { tagIds: assign } } } : {}),
        ...(unassign.length > 0 ? { unassignTags: { tags: { tagIds: unassign } } } : {}),
      });
    },
    invalidates: touched(orderId),
    ...options,
  });
}
