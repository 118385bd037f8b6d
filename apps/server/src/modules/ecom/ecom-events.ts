import type { Tx } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';

/**
 * Domain events of commerce (`ecom.<entity>.<past-tense verb>`), written in the caller's transaction.
 * Payloads: `{cart}`, `{checkout}`, `{order}` as the wire shows them; `{cartId}`, `{checkoutId}` on delete.
 */
export const ecomEvents = {
  cartCreated: 'ecom.cart.created',
  cartUpdated: 'ecom.cart.updated',
  cartDeleted: 'ecom.cart.deleted',
  checkoutCreated: 'ecom.checkout.created',
  checkoutUpdated: 'ecom.checkout.updated',
  checkoutCompleted: 'ecom.checkout.completed',
  checkoutDeleted: 'ecom.checkout.deleted',
  orderCreated: 'ecom.order.created',
  orderApproved: 'ecom.order.approved',
  orderUpdated: 'ecom.order.updated',
  orderCanceled: 'ecom.order.canceled',
  orderPaid: 'ecom.order.paid',
  orderRefunded: 'ecom.order.refunded',
  orderFulfilled: 'ecom.order.fulfilled',
} as const;
export type EcomEventName = (typeof ecomEvents)[keyof typeof ecomEvents];

export type PublishEcomEvent = (tx: Tx, siteId: string, name: EcomEventName, data: unknown) => Promise<void>;

/**
 * An event payload whose fields are worked out only when something reads them: a handler's job or a
 * webhook serializes the payload while the event is emitted, and an event nobody subscribes to is never
 * serialized, so its order wire is never built. Each field is built at most once.
 */
export function lazyPayload<Fields extends Record<string, unknown>>(builders: {
  [Key in keyof Fields]: () => Fields[Key];
}): Fields {
  const payload = {} as Fields;
  for (const key of Object.keys(builders) as Array<keyof Fields>) {
    let built: { value: Fields[typeof key] } | undefined;
    Object.defineProperty(payload, key, {
      enumerable: true,
      get: () => (built ??= { value: builders[key]() }).value,
    });
  }
  return payload;
}

export function createEcomEventPublisher(bus: Pick<EventBus, 'emit'>): PublishEcomEvent {
  return async (tx, siteId, name, data) => {
    await bus.emit(tx, { name, siteId, data });
  };
}
