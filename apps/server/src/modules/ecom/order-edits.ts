import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { commitDeltasRequestSchema } from '@atrium/contract/ecom/orders';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { invalidField } from '../../platform/errors/app-error.ts';
import type { CatalogProviders, DescribedLine } from './catalog-lines.ts';
import type { OrderDoc, OrderLineDoc } from './ecom-docs.ts';
import type { OrderRow } from './ecom.tables.ts';
import { ecomErrors } from './ecom.errors.ts';
import { ecomEvents, type PublishEcomEvent } from './ecom-events.ts';
import { orderWire } from './ecom-wire.ts';
import { activity, orderLinesOf, repriceOrderLines, type OrderBook } from './order-book.ts';
import { describeOrderLines } from './order-creation.ts';
import { fulfillmentStatusOf } from './order-fulfillments.ts';
import type { OrderStock } from './order-stock.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * An order's edit committed as deltas (`commit-deltas`): lines added (priced by their catalog, or with
 * their own name and price), quantities and names changed, lines removed, billing, recipient and
 * shipping info replaced; the totals and payment status follow. Stock moves only as
 * `commitSettings.inventoryUpdates` says (README "Editing an order").
 */

export type CommitDeltasRequest = z.infer<typeof commitDeltasRequestSchema>;
type LineDelta = NonNullable<NonNullable<CommitDeltasRequest['changes']>['lineItems']>[number];

export interface OrderEditsDeps {
  database: Database;
  repository: OrdersRepository;
  providers: CatalogProviders;
  stock: OrderStock;
  publish: PublishEcomEvent;
  book: OrderBook;
}

/** What a line has taken from stock: as an edit recorded it, else all of it once the order's stock was taken. */
export function stockTakenOf(order: Pick<OrderRow, 'stockCommitted'>, line: OrderLineDoc): number {
  return line.stockTaken ?? (order.stockCommitted ? line.quantity : 0);
}

function findLine(lines: readonly OrderLineDoc[], id: string | null | undefined) {
  const line = id ? lines.find((candidate) => candidate.id === id) : undefined;
  if (!line) throw ecomErrors.lineItemNotFound(id ?? '');
  return line;
}

/** The lines after the deltas, in order: removed ones go, changed ones change, added ones come last. */
export function applyLineDeltas(
  currency: string,
  before: readonly OrderLineDoc[],
  deltas: readonly LineDelta[],
  added: ReadonlyMap<LineDelta, DescribedLine>,
): OrderLineDoc[] {
  let lines = before.map((line) => ({ ...line }));
  for (const delta of deltas) {
    const described = added.get(delta);
    if (described) {
      const line = orderLinesOf(currency, [described]).lines[0]!;
      // An added line keeps the id it came with unless the order already has a line with that id.
      lines.push(lines.some((existing) => existing.id === line.id) ? { ...line, id: randomUUID() } : line);
      continue;
    }
    const line = findLine(lines, delta.lineItemId);
    if (delta.lineItemRemoved) {
      if (line.fulfilledQuantity > 0) throw ecomErrors.lineItemFulfilled(line.id, line.fulfilledQuantity);
      lines = lines.filter((candidate) => candidate.id !== line.id);
      continue;
    }
    const quantity = delta.lineItem?.quantity;
    if (quantity !== undefined && quantity !== null) {
      if (quantity < line.fulfilledQuantity)
        throw ecomErrors.lineItemFulfilled(line.id, line.fulfilledQuantity);
      line.quantity = line.fixedQuantity ? 1 : quantity;
    }
    if (delta.lineItem?.productName?.original) line.productName = delta.lineItem.productName.original;
  }
  if (lines.length === 0) {
    throw invalidField('changes.lineItems', 'an order keeps at least one line item', 'VALIDATION');
  }
  return lines;
}

function docWithInfo(doc: OrderDoc, changes: NonNullable<CommitDeltasRequest['changes']>): OrderDoc {
  const next: OrderDoc = { ...doc };
  if (changes.changedBillingInfo) next.billingInfo = changes.changedBillingInfo as OrderDoc['billingInfo'];
  if (changes.changedRecipientInfo)
    next.recipientInfo = changes.changedRecipientInfo as OrderDoc['recipientInfo'];
  if (changes.shippingInfoRemoved) {
    delete next.shippingDestination;
    delete next.selectedShippingOption;
  } else if (changes.changedShippingInfo) {
    const destination = changes.changedShippingInfo.logistics?.shippingDestination;
    if (destination) next.shippingDestination = destination as OrderDoc['shippingDestination'];
    if (changes.changedShippingInfo.title) {
      next.selectedShippingOption = {
        code: doc.selectedShippingOption?.code ?? changes.changedShippingInfo.title,
        title: changes.changedShippingInfo.title,
      };
    }
  }
  return next;
}

export function createOrderEdits(deps: OrderEditsDeps) {
  const { database, repository, stock, publish, book } = deps;

  /**
   * Restocks or takes what the edit says, per line (a removed line is found among the lines before), and
   * answers the lines with what each has taken from stock: a line never gives back more than it took.
   */
  async function moveStock(
    ctx: RequestContext,
    tx: Tx,
    order: OrderRow,
    lines: readonly OrderLineDoc[],
    updates: NonNullable<NonNullable<CommitDeltasRequest['commitSettings']>['inventoryUpdates']>,
  ): Promise<OrderLineDoc[]> {
    const taken = new Map(
      [...order.lineItems, ...lines].map((line) => [line.id, stockTakenOf(order, line)] as const),
    );
    for (const update of updates) {
      const line =
        lines.find((candidate) => candidate.id === update.lineItemId) ??
        findLine(order.lineItems, update.lineItemId);
      const moved = [{ ...line, quantity: update.quantityChange }];
      const before = taken.get(line.id) ?? 0;
      if (update.actionType === 'RESTOCK') {
        if (update.quantityChange > before)
          throw ecomErrors.restockExceedsTaken(line.id, update.quantityChange, before);
        await stock.restock(tx, { siteId: ctx.site.id, lines: moved, kind: 'all' });
        taken.set(line.id, before - update.quantityChange);
        continue;
      }
      const shortfalls = await stock.commit(tx, {
        siteId: ctx.site.id,
        owner: `ecom.order-edit:${order.id}`,
        lines: moved,
        now: ctx.now(),
        kind: 'all',
      });
      if (shortfalls.length > 0) throw ecomErrors.outOfStock('PARTIAL_OUT_OF_STOCK', shortfalls);
      taken.set(line.id, before + update.quantityChange);
    }
    return lines.map((line) => ({ ...line, stockTaken: taken.get(line.id) ?? 0 }));
  }

  return {
    async commitDeltas(ctx: RequestContext, orderId: string, request: CommitDeltasRequest) {
      const changes = request.changes ?? {};
      const deltas = changes.lineItems ?? [];
      const additions = deltas.filter((delta) => delta.lineItemAdded);
      for (const [index, delta] of additions.entries()) {
        if (!delta.lineItem)
          throw invalidField(
            `changes.lineItems[${index}].lineItem`,
            'an added line says what it is',
            'REQUIRED_FIELD',
          );
      }
      const described = await describeOrderLines(
        deps.providers,
        ctx,
        additions.map((delta) => ({
          ...delta.lineItem!,
          id: delta.lineItemId ?? null,
          quantity: delta.lineItem!.quantity ?? 1,
        })),
        false,
      );
      const added = new Map(additions.map((delta, index) => [delta, described[index]!]));

      return database.transaction(async (tx) => {
        const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
        if (!order) throw ecomErrors.orderNotFound(orderId);
        if (order.status === 'CANCELED') throw ecomErrors.orderCanceled(order.id);
        if (order.status === 'REJECTED') throw ecomErrors.orderIsRejected(order.id);
        const changedLines = applyLineDeltas(order.currency, order.lineItems, deltas, added);
        const { lines, summary } = repriceOrderLines(
          order.currency,
          changedLines,
          order.doc.priceSummary.shipping,
        );
        const stocked = await moveStock(
          ctx,
          tx,
          order,
          lines,
          request.commitSettings?.inventoryUpdates ?? [],
        );
        const doc = docWithInfo(order.doc, changes);
        const activities =
          request.commitSettings?.addActivitiesToOrder === false
            ? doc.activities
            : [
                ...doc.activities,
                activity('DRAFT_ORDER_CHANGES_APPLIED', ctx.now(), {
                  draftOrderChangesApplied: {
                    ...(request.draftOrderId ? { draftOrderId: request.draftOrderId } : {}),
                    ...(request.reason ? { reason: request.reason } : {}),
                  },
                }),
              ];
        const edited = await repository.update(
          ctx.site.id,
          order.id,
          {
            lineItems: stocked,
            total: summary.total,
            fulfillmentStatus: fulfillmentStatusOf(stocked),
            doc: { ...doc, priceSummary: summary, activities },
          },
          tx,
        );
        const { order: settled } = await book.settle(ctx, tx, edited);
        await publish(tx, ctx.site.id, ecomEvents.orderUpdated, { order: orderWire(ctx.site, settled) });
        return orderWire(ctx.site, settled);
      });
    },
  };
}
export type OrderEdits = ReturnType<typeof createOrderEdits>;
