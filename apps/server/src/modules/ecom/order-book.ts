import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@atrium/contract/ecom/orders';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import { add, money, sum, toDecimalString, type Money } from '../../platform/money/money.ts';
import type { DescribedLine } from './catalog-lines.ts';
import type { ActivityDoc, OrderDoc, OrderLineDoc, PaymentDoc } from './ecom-docs.ts';
import { ecomErrors } from './ecom.errors.ts';
import { ecomEvents, lazyPayload, type PublishEcomEvent } from './ecom-events.ts';
import type { CheckoutRow, OrderRow, PaymentRow } from './ecom.tables.ts';
import { orderPlacedMail } from './order-mails.ts';
import { paymentStatusOf } from './order-state.ts';
import type { OrderStock, StockShortfall } from './order-stock.ts';
import type { NewOrderRow, NewPaymentRow, OrdersRepository } from './orders.repository.ts';
import { priceLines } from './price-summary.ts';
import { orderWire } from './ecom-wire.ts';

/**
 * The order book: placing an order (once per checkout), recording payments (once per gateway charge) and
 * keeping the order's amounts, statuses, stock and activities in step. Everything here runs in the
 * caller's transaction; payment processors are never called from here (commerce.md, "One order").
 */

export interface RecordedPayment {
  gateway: 'test' | 'offline';
  chargeId: string;
  amount: string;
  status: 'APPROVED' | 'AUTHORIZED' | 'PENDING' | 'DECLINED';
  card?: { brand: string; lastFourDigits: string };
  delayCapture?: boolean;
  methodName?: string;
}

export interface PlaceOrderInput {
  checkoutId: string | null;
  visitorId: string | null;
  memberId: string | null;
  email: string | null;
  described: readonly DescribedLine[];
  payment?: RecordedPayment;
  doc: Omit<OrderDoc, 'priceSummary' | 'activities' | 'roundingRule'>;
  /** An order made elsewhere: it takes no stock and sends no mail; it may come paid. */
  imported?: boolean;
  /** Whether the goods are held or taken (default: yes, unless imported). */
  takeStock?: boolean;
  /** Whether the buyer is mailed the order (default: yes, unless imported). */
  sendMail?: boolean;
  /** The status it starts in when nothing was paid (default APPROVED; a business order waits for payment). */
  initialStatus?: 'INITIALIZED' | 'APPROVED' | 'CANCELED';
  /**
   * The order's number: the site counter's next (`takeNumber`, taken before the placing transaction) or
   * an imported order's own.
   */
  number: number;
  /**
   * The order's id when its caller chose it: an imported order's own (it overwrites an earlier import with
   * that id), or the id a checkout recorded as its order in the same transaction.
   */
  id?: string;
  purchasedDate?: Date;
  /** An imported order that was paid where it was made. */
  paidElsewhere?: boolean;
}

export interface OrderBookDeps {
  database: Database;
  repository: OrdersRepository;
  stock: OrderStock;
  publish: PublishEcomEvent;
  mail: MailService;
  holdMinutes: number;
  inventoryTrigger: 'ON_ORDER_PLACED' | 'ON_ORDER_PAID';
}

/** What settling reads of an order: its row, or the row about to be written. */
type Settling = Pick<
  OrderRow,
  | 'id'
  | 'checkoutId'
  | 'currency'
  | 'total'
  | 'status'
  | 'paymentStatus'
  | 'stockCommitted'
  | 'doc'
  | 'lineItems'
>;

export function activity(type: string, now: Date, data?: Record<string, unknown>): ActivityDoc {
  return { id: randomUUID(), type, createdDate: now.toISOString(), ...(data ? { data } : {}) };
}

/** The owner of an order's holds: its checkout (holds taken while paying carry over), or the order itself. */
export function holdOwnerOf(order: Pick<OrderRow, 'id' | 'checkoutId'>) {
  return order.checkoutId ? `ecom.checkout:${order.checkoutId}` : `ecom.order:${order.id}`;
}

export function orderLinesOf(
  currency: string,
  described: readonly DescribedLine[],
): { lines: OrderLineDoc[]; summary: OrderDoc['priceSummary'] } {
  const priced = priceLines({
    currency,
    lines: described.map((entry) => ({
      id: entry.line.id,
      price: entry.price,
      quantity: entry.line.quantity,
      taxRate: '0',
    })),
  });
  const lines = described.map((entry, index): OrderLineDoc => {
    const line = priced.lines[index]!;
    return {
      id: entry.line.id,
      quantity: entry.line.quantity,
      ...(entry.line.catalogReference ? { catalogReference: entry.line.catalogReference } : {}),
      productName: entry.name,
      itemType: entry.itemType,
      price: toDecimalString(money(entry.price, currency)),
      fullPrice: toDecimalString(money(entry.fullPrice, currency)),
      lineSubtotal: toDecimalString(line.subtotal),
      discount: toDecimalString(line.discount),
      tax: toDecimalString(line.tax),
      taxRate: '0',
      total: toDecimalString(line.total),
      options: entry.options,
      ...(entry.media ? { media: entry.media } : {}),
      ...(entry.sku ? { sku: entry.sku } : {}),
      shippable: entry.shippable,
      fixedQuantity: entry.fixedQuantity,
      ...(entry.serviceProperties ? { serviceProperties: entry.serviceProperties } : {}),
      refundedQuantity: 0,
      fulfilledQuantity: 0,
    };
  });
  const { summary } = priced;
  return {
    lines,
    summary: {
      subtotal: toDecimalString(summary.subtotal),
      shipping: toDecimalString(summary.shipping),
      tax: toDecimalString(summary.tax),
      discount: toDecimalString(summary.discount),
      total: toDecimalString(summary.total),
    },
  };
}

/**
 * An order's lines priced again after an edit (a quantity changed, a line added or removed): each line
 * keeps its unit price; the summary keeps the order's shipping.
 */
export function repriceOrderLines(
  currency: string,
  lines: readonly OrderLineDoc[],
  shipping: string,
): { lines: OrderLineDoc[]; summary: OrderDoc['priceSummary'] } {
  const priced = priceLines({
    currency,
    lines: lines.map((line) => ({
      id: line.id,
      price: line.price,
      quantity: line.quantity,
      taxRate: line.taxRate,
    })),
    shipping,
  });
  const repriced = lines.map((line, index): OrderLineDoc => {
    const next = priced.lines[index]!;
    return {
      ...line,
      lineSubtotal: toDecimalString(next.subtotal),
      discount: toDecimalString(next.discount),
      tax: toDecimalString(next.tax),
      total: toDecimalString(next.total),
    };
  });
  const { summary } = priced;
  return {
    lines: repriced,
    summary: {
      subtotal: toDecimalString(summary.subtotal),
      shipping: toDecimalString(summary.shipping),
      tax: toDecimalString(summary.tax),
      discount: toDecimalString(summary.discount),
      total: toDecimalString(summary.total),
    },
  };
}

export function createOrderBook(deps: OrderBookDeps) {
  const { repository, stock, publish } = deps;

  /** What the order's payments add up to, and its payment status from them. */
  function amountsOf(
    order: Pick<OrderRow, 'currency' | 'total' | 'status'>,
    payments: readonly PaymentRow[],
  ) {
    const approved = payments.filter(
      (payment) =>
        payment.status === 'APPROVED' ||
        payment.status === 'REFUNDED' ||
        payment.status === 'PARTIALLY_REFUNDED',
    );
    const captured = payments.flatMap((payment) =>
      payment.status === 'AUTHORIZED' || payment.status === 'APPROVED'
        ? (payment.doc.authorization?.captures ?? []).filter((capture) => capture.status === 'SUCCEEDED')
        : [],
    );
    const currency = order.currency;
    const paid: Money = add(
      sum(
        currency,
        approved
          .filter((payment) => !payment.doc.authorization)
          .map((payment) => money(payment.amount, currency)),
      ),
      sum(
        currency,
        captured.map((capture) => money(capture.amount, currency)),
      ),
    );
    const refunded = sum(
      currency,
      payments.map((payment) => money(payment.refunded, currency)),
    );
    const paymentStatus = paymentStatusOf({
      total: order.total,
      paid: toDecimalString(paid),
      refunded: toDecimalString(refunded),
      pending: payments.some((payment) => payment.status === 'PENDING' || payment.status === 'AUTHORIZED'),
      declined: payments.some((payment) => payment.status === 'DECLINED'),
      canceled: order.status === 'CANCELED',
    });
    return { paid: toDecimalString(paid), refunded: toDecimalString(refunded), paymentStatus };
  }

  /**
   * What an order's row becomes with its payments: amounts and payment status; when it becomes paid, the
   * goods (under ON_ORDER_PAID) and services are taken for good, and what cannot be taken any more (a late
   * payment after its hold expired and the stock went) is answered as shortfalls for an automatic refund.
   */
  async function settlementOf(
    ctx: RequestContext,
    tx: Tx,
    order: Settling,
    extra: ActivityDoc[],
    payments: readonly PaymentRow[],
  ) {
    const amounts = amountsOf(order, payments);
    const becamePaid =
      amounts.paymentStatus === 'PAID' && order.paymentStatus !== 'PAID' && order.status !== 'CANCELED';
    let shortfalls: StockShortfall[] = [];
    let stockCommitted = order.stockCommitted;
    const activities = [...order.doc.activities, ...extra];
    if (becamePaid) {
      const owner = holdOwnerOf(order);
      const kind =
        deps.inventoryTrigger === 'ON_ORDER_PAID' && !order.stockCommitted && !order.doc.stockUntracked
          ? 'all'
          : 'services';
      shortfalls = await stock.commit(tx, {
        siteId: ctx.site.id,
        owner,
        lines: order.lineItems,
        now: ctx.now(),
        kind,
      });
      if (shortfalls.length === 0 && kind === 'all') stockCommitted = true;
      activities.push(activity('ORDER_PAID', ctx.now()));
    }
    const status: OrderStatus =
      becamePaid && order.status === 'INITIALIZED' ? 'APPROVED' : (order.status as OrderStatus);
    return {
      changes: {
        paid: amounts.paid,
        refunded: amounts.refunded,
        paymentStatus: amounts.paymentStatus,
        status,
        stockCommitted,
        doc: { ...order.doc, activities },
      },
      becamePaid,
      shortfalls,
    };
  }

  /** The events of a settlement: paid when it became paid, approved when it became approved. */
  async function announceSettled(
    ctx: RequestContext,
    tx: Tx,
    statusBefore: string,
    settled: OrderRow,
    becamePaid: boolean,
  ) {
    const payload = lazyPayload({ order: () => orderWire(ctx.site, settled) });
    if (becamePaid) await publish(tx, ctx.site.id, ecomEvents.orderPaid, payload);
    if (settled.status === 'APPROVED' && statusBefore !== 'APPROVED') {
      await publish(tx, ctx.site.id, ecomEvents.orderApproved, payload);
    }
  }

  /** Brings an order's amounts and payment status in line with its payments (`settlementOf`) and writes it. */
  async function settle(
    ctx: RequestContext,
    tx: Tx,
    order: OrderRow,
    extra: ActivityDoc[] = [],
    knownPayments?: PaymentRow[],
  ) {
    const payments = knownPayments ?? (await repository.lockPayments(ctx.site.id, order.id, tx));
    const { changes, becamePaid, shortfalls } = await settlementOf(ctx, tx, order, extra, payments);
    const updated = await repository.update(ctx.site.id, order.id, changes, tx);
    await announceSettled(ctx, tx, order.status, updated, becamePaid);
    return { order: updated, payments, shortfalls };
  }

  /** A gateway's payment of an order as its row is written. */
  function paymentRowOf(ctx: RequestContext, orderId: string, payment: RecordedPayment): NewPaymentRow {
    const doc: PaymentDoc = {
      ...(payment.methodName ? { methodName: payment.methodName } : {}),
      ...(payment.gateway === 'offline' ? { offline: true } : {}),
      ...(payment.card ? { card: payment.card } : {}),
      ...(payment.status === 'AUTHORIZED'
        ? { authorization: { delayedCapture: true, authorizedDate: ctx.now().toISOString(), captures: [] } }
        : {}),
    };
    return {
      siteId: ctx.site.id,
      orderId,
      gateway: payment.gateway,
      gatewayChargeId: payment.chargeId,
      status: payment.status,
      amount: payment.amount,
      doc,
    };
  }

  /** The activity a newly recorded payment adds to its order (none for an approved one: settling adds it). */
  function paymentActivities(ctx: RequestContext, inserted: PaymentRow): ActivityDoc[] {
    const type = {
      PENDING: 'PAYMENT_PENDING',
      AUTHORIZED: 'AUTHORIZED_PAYMENT_CREATED',
      DECLINED: 'PAYMENT_DECLINED',
    }[inserted.status as string];
    return type ? [activity(type, ctx.now(), { paymentId: inserted.id })] : [];
  }

  /**
   * Records a gateway's payment once (by charge id); a second report of the same charge only updates its
   * status.
   */
  async function recordPayment(ctx: RequestContext, tx: Tx, order: OrderRow, payment: RecordedPayment) {
    const inserted = await repository.insertPayment(paymentRowOf(ctx, order.id, payment), tx);
    const extra: ActivityDoc[] = [];
    if (!inserted) {
      const existing = await repository.findPaymentByCharge(payment.gateway, payment.chargeId, tx);
      if (existing && existing.status === 'PENDING' && payment.status !== 'PENDING') {
        await repository.updatePayment(existing.id, { status: payment.status }, tx);
        if (payment.status === 'DECLINED')
          extra.push(activity('PAYMENT_DECLINED', ctx.now(), { paymentId: existing.id }));
      }
    } else {
      extra.push(...paymentActivities(ctx, inserted));
    }
    return settle(ctx, tx, order, extra);
  }

  /**
   * Places an order whose lines were described just before. Goods are taken per the inventory trigger,
   * services once paid; `strict` (nothing charged yet) refuses a shortfall, otherwise (a payment already
   * taken) the order is placed and the shortfall answered for an automatic refund. An imported order
   * (orders made elsewhere) takes nothing.
   */
  async function place(ctx: RequestContext, tx: Tx, input: PlaceOrderInput) {
    const now = ctx.now();
    const { payment } = input;
    const strict = !payment || payment.status === 'DECLINED';
    const takeStock = input.takeStock ?? !input.imported;
    const sendMail = input.sendMail ?? !input.imported;
    const { lines, summary } = orderLinesOf(ctx.site.currency, input.described);
    const { number } = input;
    const doc: OrderDoc = {
      ...input.doc,
      priceSummary: summary,
      activities: [activity('ORDER_PLACED', now)],
      roundingRule: 'HALF_UP_PER_LINE',
      ...(input.imported ? { imported: true } : {}),
      ...(takeStock ? {} : { stockUntracked: true }),
    };
    const paidElsewhere = input.imported && input.paidElsewhere;
    // The goods are taken before the order row is written, so it is written once with the outcome.
    const id = input.id ?? randomUUID();
    const owner = holdOwnerOf({ id, checkoutId: input.checkoutId });
    const onPlacement = deps.inventoryTrigger === 'ON_ORDER_PLACED';
    const expiresAt = new Date(now.getTime() + deps.holdMinutes * 60_000);
    // What describing the lines resolved for holding them, so the stock taken is what was priced.
    const stockLines = lines.map((line, index) => ({ ...line, holding: input.described[index]?.holding }));
    const shortfalls: StockShortfall[] = !takeStock
      ? []
      : onPlacement
        ? await stock.commit(tx, { siteId: ctx.site.id, owner, lines: stockLines, now, kind: 'goods' })
        : await stock.hold(tx, {
            siteId: ctx.site.id,
            owner,
            lines: stockLines,
            expiresAt,
            now,
            kind: 'goods',
          });
    if (shortfalls.length > 0 && strict) {
      const every =
        shortfalls.length === lines.filter((line) => line.catalogReference).length &&
        shortfalls.every((shortfall) => shortfall.available === 0);
      throw ecomErrors.outOfStock(every ? 'FULL_OUT_OF_STOCK' : 'PARTIAL_OUT_OF_STOCK', shortfalls);
    }
    const values = {
      id,
      siteId: ctx.site.id,
      number,
      checkoutId: input.checkoutId,
      status: payment?.status === 'PENDING' ? 'INITIALIZED' : (input.initialStatus ?? 'APPROVED'),
      paymentStatus: paidElsewhere ? 'PAID' : 'NOT_PAID',
      paid: paidElsewhere ? summary.total : '0',
      fulfillmentStatus: 'NOT_FULFILLED',
      currency: ctx.site.currency,
      total: summary.total,
      visitorId: input.visitorId,
      memberId: input.memberId,
      buyerEmail: input.email,
      lineItems: lines,
      doc,
      purchasedDate: input.purchasedDate ?? now,
      stockCommitted: takeStock && onPlacement && shortfalls.length === 0,
    } satisfies NewOrderRow;
    const insert = async (row: NewOrderRow) => {
      const inserted = await repository.insertOnce(row, tx);
      if (inserted) return inserted;
      if (input.imported) throw ecomErrors.orderNumberTaken(number);
      throw new Error(`checkout ${input.checkoutId} already has an order`);
    };
    let placed: OrderRow;
    let lateShortfalls = shortfalls;
    // A payment taken for the order is its first: written before the order, which is then written once,
    // settled (paid and approved as the payment says), not written and updated.
    const first = payment ? await repository.insertPayment(paymentRowOf(ctx, id, payment), tx) : undefined;
    if (first) {
      const settlement = await settlementOf(ctx, tx, values, paymentActivities(ctx, first), [first]);
      placed = await insert({ ...values, ...settlement.changes });
      await announceSettled(ctx, tx, values.status, placed, settlement.becamePaid);
      lateShortfalls = [...lateShortfalls, ...settlement.shortfalls];
    } else if (payment) {
      // The charge was recorded already (on another order): recorded again on this one as a report of it.
      const settled = await recordPayment(ctx, tx, await insert(values), payment);
      placed = settled.order;
      lateShortfalls = [...lateShortfalls, ...settled.shortfalls];
    } else {
      placed = await insert(values);
      if (Number(placed.total) === 0 && !input.imported) placed = (await settle(ctx, tx, placed)).order;
    }
    const payload = lazyPayload({ order: () => orderWire(ctx.site, placed) });
    await publish(tx, ctx.site.id, ecomEvents.orderCreated, payload);
    // An order placed approved is approved now (one approved later, when paid, is announced by `settle`).
    if (values.status === 'APPROVED' && placed.status === 'APPROVED')
      await publish(tx, ctx.site.id, ecomEvents.orderApproved, payload);
    if (sendMail) {
      const mail = orderPlacedMail(ctx.site, placed);
      if (mail) await deps.mail.enqueue(mail, tx);
    }
    return { order: placed, lateShortfalls };
  }

  /** Places the order of a locked checkout (see `place`). */
  function placeFromCheckout(
    ctx: RequestContext,
    tx: Tx,
    checkout: CheckoutRow,
    described: readonly DescribedLine[],
    payment: RecordedPayment | undefined,
    order: { id: string; number: number },
  ) {
    const { doc } = checkout;
    return place(ctx, tx, {
      ...order,
      checkoutId: checkout.id,
      visitorId: checkout.visitorId,
      memberId: checkout.memberId,
      email: doc.email ?? null,
      described,
      ...(payment ? { payment } : {}),
      doc: {
        ...(doc.email ? { email: doc.email } : {}),
        ...(doc.buyerNote ? { buyerNote: doc.buyerNote } : {}),
        ...(doc.buyerLanguage ? { buyerLanguage: doc.buyerLanguage } : {}),
        ...(doc.billingInfo ? { billingInfo: doc.billingInfo } : {}),
        ...(doc.shippingDestination
          ? { shippingDestination: doc.shippingDestination, recipientInfo: doc.shippingDestination }
          : {}),
        ...(doc.selectedShippingOption ? { selectedShippingOption: doc.selectedShippingOption } : {}),
        ...(doc.customFields ? { customFields: doc.customFields } : {}),
        channelType: doc.channelType ?? 'WEB',
        createdBy: doc.createdBy ?? {},
      },
    });
  }

  /**
   * The site's next order number, taken in a statement of its own before the placing transaction: the
   * counter row is locked for that statement only, so concurrent checkouts do not queue behind each other's
   * whole placement (measured: 16 paid checkouts/s with the number taken inside). An order that then fails
   * to be placed leaves a gap in the numbers, as a database sequence would.
   */
  function takeNumber(ctx: RequestContext, executor: Executor = deps.database.db) {
    return repository.nextNumber(ctx.site.id, executor);
  }

  return { settle, recordPayment, place, placeFromCheckout, takeNumber, amountsOf };
}
export type OrderBook = ReturnType<typeof createOrderBook>;
