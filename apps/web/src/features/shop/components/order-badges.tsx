import { Badge, Group } from '@mantine/core';
import type { Order } from '@atrium/sdk/modules/ecom';
import { t } from '../strings.ts';

const paymentColors: Record<string, string> = {
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

/** An order's state for its buyer: canceled when it is, and how its payment stands. */
export function OrderBadges({ order }: { order: Pick<Order, 'status' | 'paymentStatus'> }) {
  const s = t.orders;
  return (
    <Group gap={6}>
      {order.status === 'CANCELED' || order.status === 'REJECTED' ? (
        <Badge color="gray" variant="light">
          {s.status[order.status]}
        </Badge>
      ) : null}
      <Badge
        color={paymentColors[order.paymentStatus] ?? 'gray'}
        variant="light"
        data-testid="payment-status"
      >
        {s.paymentStatus[order.paymentStatus]}
      </Badge>
    </Group>
  );
}
