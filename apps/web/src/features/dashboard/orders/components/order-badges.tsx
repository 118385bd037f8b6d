import { Badge } from '@mantine/core';
import type { Order } from '@atrium/sdk/modules/ecom';
import type { OrderFulfillmentStatus, OrderPaymentStatus } from '@atrium/contract/ecom/orders';
import { t } from '../strings.ts';

const paymentColors: Partial<Record<OrderPaymentStatus, string>> = {
  PAID: 'teal',
  NOT_PAID: 'orange',
  PARTIALLY_PAID: 'yellow',
  PENDING: 'yellow',
  PENDING_MERCHANT: 'yellow',
  PARTIALLY_REFUNDED: 'grape',
  FULLY_REFUNDED: 'gray',
  DECLINED: 'red',
  CANCELED: 'gray',
};

export function PaymentStatusBadge({ status }: { status: OrderPaymentStatus }) {
  return (
    <Badge color={paymentColors[status] ?? 'gray'} variant="light" data-testid="payment-status">
      {t.paymentStatus[status]}
    </Badge>
  );
}

export function FulfillmentBadge({ status }: { status: OrderFulfillmentStatus }) {
  return (
    <Badge
      color={status === 'FULFILLED' ? 'teal' : 'gray'}
      variant="outline"
      data-testid="fulfillment-status"
    >
      {t.fulfillmentStatus[status]}
    </Badge>
  );
}

/** The order's own status, shown only when it says more than its payment does (canceled, pending...). */
export function OrderStatusBadges({ order }: { order: Pick<Order, 'status'> }) {
  if (order.status === 'APPROVED' || order.status === 'INITIALIZED') return null;
  return (
    <Badge
      color={order.status === 'CANCELED' || order.status === 'REJECTED' ? 'red' : 'yellow'}
      variant="filled"
    >
      {t.status[order.status]}
    </Badge>
  );
}
