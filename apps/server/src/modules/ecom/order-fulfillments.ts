import { randomUUID } from 'node:crypto';
import type { FulfillmentWire, OrderFulfillmentStatus } from '@atrium/contract/ecom/orders';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import type { FulfillmentDoc, OrderLineDoc } from './ecom-docs.ts';
import type { OrderRow } from './ecom.tables.ts';
import { ecomErrors } from './ecom.errors.ts';
import { ecomEvents, type PublishEcomEvent } from './ecom-events.ts';
import { orderWire } from './ecom-wire.ts';
import { activity } from './order-book.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * Fulfillments (`@wix/ecom` orderFulfillments): which quantities of an order's lines were shipped or
 * handed over, with tracking. They live in the order's document; each line's fulfilled quantity and the
 * order's fulfillment status follow from them (README "Fulfillment status").
 */

/** FULFILLED when every line's quantity was fulfilled, PARTIALLY_FULFILLED when some was, else NOT_FULFILLED. */
export function fulfillmentStatusOf(
  lines: ReadonlyArray<Pick<OrderLineDoc, 'quantity' | 'fulfilledQuantity'>>,
): OrderFulfillmentStatus {
  if (lines.length > 0 && lines.every((line) => line.fulfilledQuantity >= line.quantity)) return 'FULFILLED';
  if (lines.some((line) => line.fulfilledQuantity > 0)) return 'PARTIALLY_FULFILLED';
  return 'NOT_FULFILLED';
}

/** Each line's fulfilled quantity from the fulfillments. */
export function withFulfilledQuantities(
  lines: readonly OrderLineDoc[],
  fulfillments: readonly FulfillmentDoc[],
): OrderLineDoc[] {
  return lines.map((line) => ({
    ...line,
    fulfilledQuantity: fulfillments
      .flatMap((fulfillment) => fulfillment.lineItems)
      .filter((item) => item.id === line.id)
      .reduce((total, item) => total + item.quantity, 0),
  }));
}

function trackingOf(input: TrackingInput | null | undefined): FulfillmentDoc['trackingInfo'] | undefined {
  if (!input) return undefined;
  const info = {
    ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
    ...(input.shippingProvider ? { shippingProvider: input.shippingProvider } : {}),
    ...(input.trackingLink ? { trackingLink: input.trackingLink } : {}),
  };
  return Object.keys(info).length > 0 ? info : undefined;
}

interface TrackingInput {
  trackingNumber?: string | null;
  shippingProvider?: string | null;
  trackingLink?: string | null;
}

export function fulfillmentWire(fulfillment: FulfillmentDoc): FulfillmentWire {
  return {
    id: fulfillment.id,
    createdDate: fulfillment.createdDate,
    lineItems: fulfillment.lineItems,
    ...(fulfillment.trackingInfo ? { trackingInfo: fulfillment.trackingInfo } : {}),
  };
}

export interface OrderFulfillmentsDeps {
  database: Database;
  repository: OrdersRepository;
  publish: PublishEcomEvent;
  /** Who may see the order (the business; the service decides). */
  readable: (ctx: RequestContext, row: OrderRow) => boolean;
}

export function createOrderFulfillments(deps: OrderFulfillmentsDeps) {
  const { database, repository, publish } = deps;

  function answer(row: OrderRow) {
    return {
      orderWithFulfillments: {
        orderId: row.id,
        fulfillments: (row.doc.fulfillments ?? []).map(fulfillmentWire),
      },
    };
  }

  /** Writes the fulfillments, the lines' fulfilled quantities and the status; announces a full fulfillment. */
  async function save(
    ctx: RequestContext,
    tx: Tx,
    order: OrderRow,
    fulfillments: FulfillmentDoc[],
    extra: string[],
  ) {
    const lineItems = withFulfilledQuantities(order.lineItems, fulfillments);
    const status = fulfillmentStatusOf(lineItems);
    const now = ctx.now();
    const activities = [...order.doc.activities, ...extra.map((type) => activity(type, now))];
    if (status === 'FULFILLED' && order.fulfillmentStatus !== 'FULFILLED')
      activities.push(activity('ORDER_FULFILLED', now));
    if (status !== 'FULFILLED' && order.fulfillmentStatus === 'FULFILLED')
      activities.push(activity('ORDER_NOT_FULFILLED', now));
    const updated = await repository.update(
      ctx.site.id,
      order.id,
      { lineItems, fulfillmentStatus: status, doc: { ...order.doc, fulfillments, activities } },
      tx,
    );
    const wire = orderWire(ctx.site, updated);
    await publish(tx, ctx.site.id, ecomEvents.orderUpdated, { order: wire });
    if (status === 'FULFILLED' && order.fulfillmentStatus !== 'FULFILLED') {
      await publish(tx, ctx.site.id, ecomEvents.orderFulfilled, { order: wire });
    }
    return updated;
  }

  async function locked<T>(
    ctx: RequestContext,
    orderId: string,
    work: (order: OrderRow, tx: Tx) => Promise<T>,
  ) {
    return database.transaction(async (tx) => {
      const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
      if (!order || !deps.readable(ctx, order)) throw ecomErrors.orderNotFound(orderId);
      return work(order, tx);
    });
  }

  function findFulfillment(order: OrderRow, fulfillmentId: string) {
    const found = (order.doc.fulfillments ?? []).find((entry) => entry.id === fulfillmentId);
    if (!found) throw ecomErrors.fulfillmentNotFound(fulfillmentId);
    return found;
  }

  return {
    async list(ctx: RequestContext, orderId: string) {
      const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId) : undefined;
      if (!order || !deps.readable(ctx, order)) throw ecomErrors.orderNotFound(orderId);
      return answer(order);
    },

    /** Fulfils quantities of some lines; more than a line has left unfulfilled is refused. */
    async create(
      ctx: RequestContext,
      orderId: string,
      input: { lineItems: Array<{ id: string; quantity: number }>; trackingInfo?: TrackingInput | null },
    ) {
      return locked(ctx, orderId, async (order, tx) => {
        if (order.status === 'CANCELED') throw ecomErrors.orderCanceled(order.id);
        const asked = new Map<string, number>();
        for (const item of input.lineItems) asked.set(item.id, (asked.get(item.id) ?? 0) + item.quantity);
        for (const [lineItemId, quantity] of asked) {
          const line = order.lineItems.find((candidate) => candidate.id === lineItemId);
          if (!line) throw ecomErrors.lineItemNotFound(lineItemId);
          const left = line.quantity - line.fulfilledQuantity;
          if (quantity > left) throw ecomErrors.fulfillmentExceedsQuantity(lineItemId, quantity, left);
        }
        const tracking = trackingOf(input.trackingInfo);
        const fulfillment: FulfillmentDoc = {
          id: randomUUID(),
          createdDate: ctx.now().toISOString(),
          lineItems: [...asked].map(([id, quantity]) => ({ id, quantity })),
          ...(tracking ? { trackingInfo: tracking } : {}),
        };
        const updated = await save(
          ctx,
          tx,
          order,
          [...(order.doc.fulfillments ?? []), fulfillment],
          tracking?.trackingNumber ? ['TRACKING_NUMBER_ADDED'] : [],
        );
        return { ...answer(updated), fulfillmentId: fulfillment.id };
      });
    },

    /** Changes a fulfillment's tracking (its lines stay: delete it and fulfil again to change them). */
    async update(
      ctx: RequestContext,
      orderId: string,
      fulfillmentId: string,
      input: { trackingInfo?: TrackingInput | null },
    ) {
      return locked(ctx, orderId, async (order, tx) => {
        const existing = findFulfillment(order, fulfillmentId);
        const tracking =
          input.trackingInfo === undefined ? existing.trackingInfo : trackingOf(input.trackingInfo);
        const { trackingInfo: _previous, ...rest } = existing;
        const changed: FulfillmentDoc = { ...rest, ...(tracking ? { trackingInfo: tracking } : {}) };
        const edited =
          existing.trackingInfo?.trackingNumber &&
          tracking?.trackingNumber !== existing.trackingInfo.trackingNumber
            ? ['TRACKING_NUMBER_EDITED']
            : tracking?.trackingNumber && !existing.trackingInfo?.trackingNumber
              ? ['TRACKING_NUMBER_ADDED']
              : [];
        const fulfillments = (order.doc.fulfillments ?? []).map((entry) =>
          entry.id === fulfillmentId ? changed : entry,
        );
        return answer(await save(ctx, tx, order, fulfillments, edited));
      });
    },

    /** Deletes a fulfillment: its quantities count as unfulfilled again. */
    async delete(ctx: RequestContext, orderId: string, fulfillmentId: string) {
      return locked(ctx, orderId, async (order, tx) => {
        findFulfillment(order, fulfillmentId);
        const fulfillments = (order.doc.fulfillments ?? []).filter((entry) => entry.id !== fulfillmentId);
        return answer(await save(ctx, tx, order, fulfillments, []));
      });
    },
  };
}
export type OrderFulfillments = ReturnType<typeof createOrderFulfillments>;
