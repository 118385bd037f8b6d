import type { OrderLineItem } from '@atrium/sdk/modules/ecom';

/**
 * What is left to fulfil of each line (its quantity less what earlier fulfillments took), the lines
 * with nothing left leaving out: marking the order fulfilled sends exactly these, and the server's
 * order becomes FULFILLED once every line is.
 */
export function unfulfilledLines(
  lines: ReadonlyArray<Pick<OrderLineItem, 'id' | 'quantity' | 'fulfilledQuantity'>>,
): Array<{ id: string; quantity: number }> {
  return lines
    .map((line) => ({ id: line.id, quantity: line.quantity - (line.fulfilledQuantity ?? 0) }))
    .filter((line) => line.quantity > 0);
}
