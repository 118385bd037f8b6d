import type { OrderPaymentStatus, OrderStatus } from '@atrium/contract/ecom/orders';
import Decimal from 'decimal.js';

/**
 * The order's own status and how it may change (the spec leaves transitions open; README "Order states").
 * A transition not in the table is refused with 409 UNSUPPORTED_TRANSITION.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  INITIALIZED: ['APPROVED', 'PENDING', 'CANCELED', 'REJECTED'],
  PENDING: ['APPROVED', 'CANCELED', 'REJECTED'],
  APPROVED: ['CANCELED'],
  CANCELED: [],
  REJECTED: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || orderTransitions[from].includes(to);
}

/**
 * The payment status an order's amounts give: what was paid against the total, what was refunded against
 * what was paid, and whether a payment is still pending or was declined.
 */
export function paymentStatusOf(order: {
  total: string;
  paid: string;
  refunded: string;
  pending: boolean;
  declined: boolean;
  canceled: boolean;
}): OrderPaymentStatus {
  const total = new Decimal(order.total);
  const paid = new Decimal(order.paid);
  const refunded = new Decimal(order.refunded);
  if (paid.greaterThan(0) && refunded.greaterThanOrEqualTo(paid)) return 'FULLY_REFUNDED';
  if (refunded.greaterThan(0)) return 'PARTIALLY_REFUNDED';
  if (paid.greaterThanOrEqualTo(total) && (paid.greaterThan(0) || total.isZero())) return 'PAID';
  if (paid.greaterThan(0)) return 'PARTIALLY_PAID';
  if (order.pending) return 'PENDING';
  if (order.canceled) return 'CANCELED';
  if (order.declined) return 'DECLINED';
  return 'NOT_PAID';
}
