import { randomUUID } from 'node:crypto';
import type {
  OrderAggregationSpec,
  OrderCreationSettings,
  OrderInput,
  OrderStatus,
} from '@atrium/contract/ecom/orders';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { cursorPagingOf, filterWhere } from '../../platform/query/run-query.ts';
import type { CatalogProviders } from './catalog-lines.ts';
import { createOrderCreation, type ImportedOrderInput } from './order-creation.ts';
import { createOrderEdits, stockTakenOf, type CommitDeltasRequest } from './order-edits.ts';
import { createOrderFulfillments } from './order-fulfillments.ts';
import type { OrderRow } from './ecom.tables.ts';
import { ecomErrors } from './ecom.errors.ts';
import { ecomEvents, type PublishEcomEvent } from './ecom-events.ts';
import { orderWire } from './ecom-wire.ts';
import { isBusinessCaller } from './ecom-access.ts';
import { activity, holdOwnerOf, type OrderBook } from './order-book.ts';
import { orderCanceledMail } from './order-mails.ts';
import { canTransition } from './order-state.ts';
import type { OrderStock } from './order-stock.ts';
import { ordersQueryEntity, type OrdersRepository } from './orders.repository.ts';
import type { ActivityDoc } from './ecom-docs.ts';

export interface OrdersServiceDeps {
  database: Database;
  repository: OrdersRepository;
  queries: QueryRunner;
  stock: OrderStock;
  publish: PublishEcomEvent;
  mail: MailService;
  providers: CatalogProviders;
  book: OrderBook;
}

type UpdateInput = {
  buyerNote?: string | null;
  archived?: boolean | null;
  seenByAHuman?: boolean | null;
  billingInfo?: unknown;
  recipientInfo?: unknown;
  buyerInfo?: { email?: string | null } | null;
};

const amountColumns = {
  'priceSummary.total.amount': 'total',
  'balanceSummary.paid.amount': 'paid',
  'balanceSummary.refunded.amount': 'refunded',
} as const;

/** Runs `work` per item, each on its own, and answers as the clients' bulk calls do. */
async function bulkEach<T>(ids: readonly string[], work: (id: string) => Promise<T | undefined>) {
  const results = [];
  for (const [index, id] of ids.entries()) {
    try {
      const item = await work(id);
      results.push({
        itemMetadata: { id, originalIndex: index, success: true },
        ...(item === undefined ? {} : { item }),
      });
    } catch (error) {
      results.push({
        itemMetadata: {
          id,
          originalIndex: index,
          success: false,
          error: {
            code: (error as { code?: string }).code ?? 'ERROR',
            description: (error as Error).message,
          },
        },
      });
    }
  }
  const failures = results.filter((result) => !result.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses: results.length - failures,
      totalFailures: failures,
      undetailedFailures: 0,
    },
  };
}

/** Orders as the business and their buyers read and change them (placing and paying: order-book.ts). */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { database, repository, publish } = deps;

  /** A member reads only their own orders; the business every order of its site. */
  function visible(ctx: RequestContext, row: OrderRow | undefined) {
    if (!row) return false;
    if (isBusinessCaller(ctx.caller.identityType)) return true;
    return ctx.caller.identityType === 'MEMBER' && row.memberId === ctx.caller.identityId;
  }

  async function read(ctx: RequestContext, id: string) {
    const row = isUuid(id) ? await repository.find(ctx.site.id, id) : undefined;
    if (!row || !visible(ctx, row)) throw ecomErrors.orderNotFound(id);
    return row;
  }

  /** Changes an order under its row lock and announces the update. */
  async function change(ctx: RequestContext, id: string, edit: (row: OrderRow, tx: Tx) => Promise<OrderRow>) {
    return database.transaction(async (tx) => {
      const row = isUuid(id) ? await repository.find(ctx.site.id, id, tx, true) : undefined;
      if (!row) throw ecomErrors.orderNotFound(id);
      const changed = await edit(row, tx);
      await publish(tx, ctx.site.id, ecomEvents.orderUpdated, { order: orderWire(ctx.site, changed) });
      return changed;
    });
  }

  function withActivities(row: OrderRow, activities: ActivityDoc[]) {
    return { ...row.doc, activities };
  }

  const creation = createOrderCreation({
    database,
    repository,
    providers: deps.providers,
    book: deps.book,
  });
  const edits = createOrderEdits({
    database,
    repository,
    providers: deps.providers,
    stock: deps.stock,
    publish,
    book: deps.book,
  });
  const fulfillments = createOrderFulfillments({ database, repository, publish, readable: visible });

  /** Pending and rejected orders keep what they are until they are approved (the clients' codes). */
  function refuseWhilePendingOrRejected(order: OrderRow) {
    if (order.status === 'PENDING') throw ecomErrors.orderIsPending(order.id);
    if (order.status === 'REJECTED') throw ecomErrors.orderIsRejected(order.id);
  }

  async function updateOne(ctx: RequestContext, id: string, input: UpdateInput) {
    return change(ctx, id, (order, tx) => {
      refuseWhilePendingOrRejected(order);
      const doc = { ...order.doc };
      const activities = [...doc.activities];
      if (input.buyerNote !== undefined) doc.buyerNote = input.buyerNote ?? undefined;
      if (typeof input.seenByAHuman === 'boolean') doc.seenByAHuman = input.seenByAHuman;
      if (input.billingInfo) doc.billingInfo = input.billingInfo as typeof doc.billingInfo;
      if (input.recipientInfo) {
        doc.recipientInfo = input.recipientInfo as typeof doc.recipientInfo;
        activities.push(activity('SHIPPING_ADDRESS_EDITED', ctx.now()));
      }
      let buyerEmail = order.buyerEmail;
      if (input.buyerInfo?.email && input.buyerInfo.email !== order.buyerEmail) {
        buyerEmail = input.buyerInfo.email;
        activities.push(activity('EMAIL_EDITED', ctx.now()));
      }
      return repository.update(
        ctx.site.id,
        order.id,
        {
          doc: { ...doc, activities },
          buyerEmail,
          ...(typeof input.archived === 'boolean' ? { archived: input.archived } : {}),
        },
        tx,
      );
    });
  }

  return {
    async get(ctx: RequestContext, id: string) {
      return orderWire(ctx.site, await read(ctx, id));
    },

    async search(
      ctx: RequestContext,
      search:
        | {
            filter?: unknown;
            sort?: Array<{ fieldName: string; order?: 'ASC' | 'DESC' | null }> | null;
            cursorPaging?: { limit?: number | null; cursor?: string | null } | null;
          }
        | null
        | undefined,
    ) {
      const memberId = isBusinessCaller(ctx.caller.identityType) ? undefined : (ctx.caller.identityId ?? '');
      const result = await deps.queries.run(
        database.db,
        ordersQueryEntity,
        {
          filter: search?.filter ?? undefined,
          sort: (search?.sort ?? []).map((entry) => ({
            fieldName: entry.fieldName,
            order: entry.order ?? 'ASC',
          })),
          cursorPaging: {
            limit: search?.cursorPaging?.limit ?? 50,
            ...(search?.cursorPaging?.cursor ? { cursor: search.cursorPaging.cursor } : {}),
          },
        } as never,
        {
          baseWhere: repository.searchScope(ctx.site.id, memberId),
          cursorScope: `${ctx.site.id}:${ctx.caller.identityType === 'MEMBER' ? ctx.caller.identityId : 'all'}`,
          paging: 'cursor',
          path: ['search'],
          defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
        },
      );
      const paging = cursorPagingOf(result.pagingMetadata);
      return {
        orders: result.rows.map((row) => orderWire(ctx.site, row)),
        metadata: {
          count: paging.count,
          cursors: {
            ...(paging.cursors.next ? { next: paging.cursors.next } : {}),
            ...(paging.cursors.prev ? { prev: paging.cursors.prev } : {}),
          },
          hasNext: paging.hasNext,
        },
      };
    },

    /** The business edits what it may: buyer note, addresses, archived, seen; statuses have their own calls. */
    async update(ctx: RequestContext, id: string, input: UpdateInput) {
      return orderWire(ctx.site, await updateOne(ctx, id, input));
    },

    /** Updates each order on its own; `returnEntity` answers the orders too. */
    async bulkUpdate(
      ctx: RequestContext,
      orders: ReadonlyArray<{ order: UpdateInput & { id: string } }>,
      returnEntity: boolean,
    ) {
      const byId = orders.map((entry) => entry.order);
      let position = 0;
      return bulkEach(
        byId.map((order) => order.id),
        async (id) => {
          const row = await updateOne(ctx, id, byId[position++]!);
          return returnEntity ? orderWire(ctx.site, row) : undefined;
        },
      );
    },

    create: (
      ctx: RequestContext,
      input: OrderInput & { purchasedDate?: string | null },
      settings?: OrderCreationSettings | null,
    ) => creation.create(ctx, input, settings).then((row) => orderWire(ctx.site, row)),

    importOrder: (ctx: RequestContext, input: ImportedOrderInput) =>
      creation.import(ctx, input).then((row) => orderWire(ctx.site, row)),

    commitDeltas: (ctx: RequestContext, id: string, request: CommitDeltasRequest) =>
      edits.commitDeltas(ctx, id, request),

    fulfillments,

    /** Deletes the imported ones among `orderIds` (others are left alone); done at once, answered as a job. */
    async bulkDeleteImported(ctx: RequestContext, orderIds: string[]) {
      const ids = orderIds.filter(isUuid);
      await database.transaction((tx) => repository.deleteImported(ctx.site.id, ids, tx));
      return { jobId: randomUUID() };
    },

    /** Named aggregates over the orders a filter selects (README "Aggregating orders"). */
    async aggregate(
      ctx: RequestContext,
      filter: unknown,
      aggregation: Record<string, OrderAggregationSpec>,
      separator: string,
    ) {
      const where = repository.searchScope(
        ctx.site.id,
        undefined,
        filter ? filterWhere(ordersQueryEntity, filter, ['filter']) : undefined,
      );
      const aggregates: Record<string, number | Record<string, number>> = {};
      const totals: Array<{
        name: string;
        op: 'count' | 'sum' | 'avg' | 'min' | 'max';
        column: 'total' | 'paid' | 'refunded';
      }> = [];
      for (const [name, spec] of Object.entries(aggregation)) {
        if ('$count' in spec) {
          if (Array.isArray(spec.$count) && spec.$count.length > 0) {
            const groups = await repository.countBy(where, spec.$count);
            aggregates[name] = Object.fromEntries(
              groups.map((group) => [
                group.keys.length === 1 ? group.keys[0]! : `(${group.keys.join(separator)})`,
                group.count,
              ]),
            );
          } else totals.push({ name, op: 'count', column: 'total' });
          continue;
        }
        const [op, field] = Object.entries(spec)[0] as [string, keyof typeof amountColumns];
        totals.push({ name, op: op.slice(1) as 'sum', column: amountColumns[field] });
      }
      const values = await repository.aggregate(where, totals);
      for (const [name, value] of Object.entries(values)) aggregates[name] = Number(value);
      return { aggregates };
    },

    async updateLineItem(
      ctx: RequestContext,
      id: string,
      lineItemId: string,
      input: { productName?: { original: string } | null },
    ) {
      const row = await change(ctx, id, (order, tx) => {
        if (!order.lineItems.some((line) => line.id === lineItemId))
          throw ecomErrors.lineItemNotFound(lineItemId);
        const lineItems = order.lineItems.map((line) =>
          line.id === lineItemId && input.productName
            ? { ...line, productName: input.productName.original }
            : line,
        );
        return repository.update(ctx.site.id, order.id, { lineItems }, tx);
      });
      return orderWire(ctx.site, row);
    },

    /** Moves an order's own status along the transition table (README "Order states"). */
    async updateStatus(ctx: RequestContext, id: string, status: OrderStatus) {
      const row = await change(ctx, id, async (order, tx) => {
        const from = order.status as OrderStatus;
        if (from === status) throw ecomErrors.statusAlreadySet(order.id, status);
        if (!canTransition(from, status)) throw ecomErrors.unsupportedTransition(order.id, from, status);
        if (status === 'CANCELED') return cancelLocked(ctx, tx, order, { restock: true, notify: false });
        const type =
          status === 'REJECTED' ? 'ORDER_REJECTED' : status === 'PENDING' ? 'ORDER_PENDING' : undefined;
        const updated = await repository.update(
          ctx.site.id,
          order.id,
          {
            status,
            doc: type
              ? withActivities(order, [...order.doc.activities, activity(type, ctx.now())])
              : order.doc,
          },
          tx,
        );
        if (status === 'APPROVED')
          await publish(tx, ctx.site.id, ecomEvents.orderApproved, { order: orderWire(ctx.site, updated) });
        return updated;
      });
      return orderWire(ctx.site, row);
    },

    async cancel(
      ctx: RequestContext,
      id: string,
      options: {
        restockAllItems?: boolean | null;
        sendOrderCanceledEmail?: boolean | null;
        customMessage?: string | null;
      },
    ) {
      const row = await change(ctx, id, async (order, tx) => {
        refuseWhilePendingOrRejected(order);
        if (!canTransition(order.status as OrderStatus, 'CANCELED') || order.status === 'CANCELED') {
          throw ecomErrors.unsupportedTransition(order.id, order.status, 'CANCELED');
        }
        const payments = await repository.payments(ctx.site.id, [order.id], tx);
        if (payments.some((payment) => payment.status === 'AUTHORIZED')) {
          throw ecomErrors.orderHasAuthorizedTransaction(order.id);
        }
        return cancelLocked(ctx, tx, order, {
          restock: options.restockAllItems ?? false,
          notify: options.sendOrderCanceledEmail ?? false,
          ...(options.customMessage ? { customMessage: options.customMessage } : {}),
        });
      });
      return orderWire(ctx.site, row);
    },

    async addActivities(
      ctx: RequestContext,
      id: string,
      inputs: Array<{
        merchantComment?: { message: string } | null;
        customActivity?: {
          type: string;
          appId?: string | null;
          additionalData?: Record<string, string> | null;
        } | null;
      }>,
    ) {
      const created = inputs.map((input) => {
        if (input.merchantComment)
          return activity('MERCHANT_COMMENT', ctx.now(), {
            merchantComment: { message: input.merchantComment.message },
          });
        if (input.customActivity)
          return activity('CUSTOM_ACTIVITY', ctx.now(), { customActivity: input.customActivity });
        throw ecomErrors.activityNotEditable('new');
      });
      const row = await change(ctx, id, (order, tx) =>
        repository.update(
          ctx.site.id,
          order.id,
          { doc: withActivities(order, [...order.doc.activities, ...created]) },
          tx,
        ),
      );
      return { order: orderWire(ctx.site, row), activityIds: created.map((entry) => entry.id) };
    },

    async updateActivity(
      ctx: RequestContext,
      id: string,
      activityId: string,
      input: { merchantComment?: { message: string } | null; customActivity?: { type: string } | null },
    ) {
      const row = await change(ctx, id, (order, tx) => {
        const existing = order.doc.activities.find((entry) => entry.id === activityId);
        if (!existing) throw ecomErrors.activityNotFound(activityId);
        if (existing.type !== 'MERCHANT_COMMENT' && existing.type !== 'CUSTOM_ACTIVITY')
          throw ecomErrors.activityNotEditable(activityId);
        const data = input.merchantComment
          ? { merchantComment: { message: input.merchantComment.message } }
          : input.customActivity
            ? { customActivity: input.customActivity }
            : existing.data;
        const activities = order.doc.activities.map((entry) =>
          entry.id === activityId ? { ...entry, ...(data ? { data } : {}) } : entry,
        );
        return repository.update(ctx.site.id, order.id, { doc: withActivities(order, activities) }, tx);
      });
      return orderWire(ctx.site, row);
    },

    async deleteActivity(ctx: RequestContext, id: string, activityId: string) {
      const row = await change(ctx, id, (order, tx) => {
        const existing = order.doc.activities.find((entry) => entry.id === activityId);
        if (!existing) throw ecomErrors.activityNotFound(activityId);
        if (existing.type !== 'MERCHANT_COMMENT' && existing.type !== 'CUSTOM_ACTIVITY')
          throw ecomErrors.activityNotEditable(activityId);
        return repository.update(
          ctx.site.id,
          order.id,
          {
            doc: withActivities(
              order,
              order.doc.activities.filter((entry) => entry.id !== activityId),
            ),
          },
          tx,
        );
      });
      return orderWire(ctx.site, row);
    },

    async updateTags(ctx: RequestContext, orderIds: string[], assign: string[], unassign: string[]) {
      return bulkEach(orderIds, async (orderId) => {
        await change(ctx, orderId, (order, tx) => {
          const tags = [...new Set([...order.tags, ...assign])].filter((tag) => !unassign.includes(tag));
          return repository.update(ctx.site.id, order.id, { tags }, tx);
        });
        return undefined;
      });
    },

    /** The next order gets `counter`; lowering it needs `allowLower` (numbers already taken are skipped). */
    async setOrderNumberCounter(ctx: RequestContext, counter: number, allowLower: boolean) {
      return database.transaction(async (tx) => {
        const oldCounter = await repository.lockCounter(ctx.site.id, tx);
        if (counter < oldCounter && !allowLower) throw ecomErrors.cannotSetLowerCounter(oldCounter, counter);
        await repository.setCounter(ctx.site.id, counter, tx);
        return { oldCounter: String(oldCounter), newCounter: String(counter) };
      });
    },
  };

  async function cancelLocked(
    ctx: RequestContext,
    tx: Tx,
    order: OrderRow,
    options: { restock: boolean; notify: boolean; customMessage?: string },
  ) {
    const owner = holdOwnerOf(order);
    await deps.stock.release(tx, { siteId: ctx.site.id, owner });
    const taken = order.lineItems
      .map((line) => ({ ...line, quantity: stockTakenOf(order, line) }))
      .filter((line) => line.quantity > 0);
    if (options.restock && taken.length > 0) {
      await deps.stock.restock(tx, { siteId: ctx.site.id, lines: taken, kind: 'goods' });
    }
    // A canceled order's bookings are canceled too: their slots go back whatever the restock choice
    // (an imported order never took any).
    if (!order.doc.imported) {
      await deps.stock.restock(tx, { siteId: ctx.site.id, lines: order.lineItems, kind: 'services' });
    }
    const now = ctx.now();
    const updated = await repository.update(
      ctx.site.id,
      order.id,
      {
        status: 'CANCELED',
        stockCommitted: order.stockCommitted && !options.restock,
        ...(options.restock
          ? {
              lineItems: order.lineItems.map((line) =>
                line.stockTaken === undefined ? line : { ...line, stockTaken: 0 },
              ),
            }
          : {}),
        paymentStatus: order.paymentStatus === 'NOT_PAID' ? 'CANCELED' : order.paymentStatus,
        doc: {
          ...order.doc,
          activities: [...order.doc.activities, activity('ORDER_CANCELED', now)],
          cancellation: {
            restocked: options.restock,
            date: now.toISOString(),
            ...(options.customMessage ? { reason: options.customMessage } : {}),
          },
        },
      },
      tx,
    );
    await publish(tx, ctx.site.id, ecomEvents.orderCanceled, { order: orderWire(ctx.site, updated) });
    if (options.notify) {
      const mail = orderCanceledMail(ctx.site, updated, options.customMessage);
      if (mail) await deps.mail.enqueue(mail, tx);
    }
    return updated;
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>;
