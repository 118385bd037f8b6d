import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { isUuid } from '../../platform/db/ids.ts';
import type { MailService } from '../../platform/mail/mail.service.ts';
import { compare, money, subtract, sum, toDecimalString, zero } from '../../platform/money/money.ts';
import { ecomErrors } from './ecom.errors.ts';
import { ecomEvents, type PublishEcomEvent } from './ecom-events.ts';
import { orderWire, paymentWire, refundWire } from './ecom-wire.ts';
import type { OrderRow, PaymentRow } from './ecom.tables.ts';
import { activity, type OrderBook } from './order-book.ts';
import { orderRefundedMail } from './order-mails.ts';
import type { OrderStock, StockShortfall } from './order-stock.ts';
import type { OrdersRepository } from './orders.repository.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import type { RefundDoc } from './ecom-docs.ts';

/** Where a refund's transaction for one payment may go; the same status again changes nothing. */
const refundTransitions: Readonly<Record<string, readonly string[]>> = {
  PENDING: ['STARTED', 'SCHEDULED', 'SUCCEEDED', 'FAILED'],
  SCHEDULED: ['STARTED', 'SUCCEEDED', 'FAILED'],
  STARTED: ['SUCCEEDED', 'FAILED'],
  // A processor may report a refund it had confirmed as failed after all (the money came back).
  SUCCEEDED: ['FAILED'],
};

/** A refund's status from its transactions': failed only when all failed, pending while any is open. */
function refundStatusOf(statuses: readonly string[]): string {
  if (statuses.every((status) => status === 'FAILED')) return 'FAILED';
  if (statuses.some((status) => status !== 'SUCCEEDED' && status !== 'FAILED')) return 'PENDING';
  return 'SUCCEEDED';
}

export interface PaymentsServiceDeps {
  database: Database;
  repository: OrdersRepository;
  book: OrderBook;
  stock: OrderStock;
  publish: PublishEcomEvent;
  mail: MailService;
  gateways: { test: PaymentGateway; offline: PaymentGateway };
}

/**
 * Payments of orders: marking paid, manual payments, refunds (through the payment's gateway, outside any
 * transaction), authorized payments' capture and void, and the order transactions view.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { database, repository, book, publish } = deps;

  async function orderOf(ctx: RequestContext, id: string, executor = database.db) {
    const row = isUuid(id) ? await repository.find(ctx.site.id, id, executor) : undefined;
    if (!row) throw ecomErrors.orderNotFound(id);
    return row;
  }

  async function transactionsOf(ctx: RequestContext, orderIds: string[]) {
    const [payments, refunds] = await Promise.all([
      repository.payments(ctx.site.id, orderIds),
      repository.refunds(ctx.site.id, orderIds),
    ]);
    return orderIds.map((orderId) => ({
      orderId,
      payments: payments
        .filter((payment) => payment.orderId === orderId)
        .map((payment) => paymentWire(ctx.site, payment)),
      refunds: refunds
        .filter((refund) => refund.orderId === orderId)
        .map((refund) => refundWire(ctx.site, refund)),
    }));
  }

  /** What is still to pay: the total less what was paid (never below zero). */
  function balanceOf(order: OrderRow) {
    const balance = subtract(money(order.total, order.currency), money(order.paid, order.currency));
    return compare(balance, zero(order.currency)) > 0 ? balance : zero(order.currency);
  }

  async function recordManual(
    ctx: RequestContext,
    orderId: string,
    amount: string | undefined,
    methodName?: string,
  ) {
    return database
      .transaction(async (tx) => {
        const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
        if (!order) throw ecomErrors.orderNotFound(orderId);
        if (order.status === 'CANCELED') throw ecomErrors.orderCanceled(order.id);
        const balance = balanceOf(order);
        if (
          order.paymentStatus === 'PAID' ||
          order.paymentStatus === 'FULLY_REFUNDED' ||
          order.paymentStatus === 'PARTIALLY_REFUNDED' ||
          (compare(balance, zero(order.currency)) === 0 && Number(order.total) > 0)
        ) {
          throw ecomErrors.alreadyPaid(order.id);
        }
        const paying = amount === undefined ? balance : money(amount, order.currency);
        if (compare(paying, zero(order.currency)) <= 0 || compare(paying, balance) > 0) {
          throw ecomErrors.invalidAmount(
            `the amount must be more than 0 and at most the balance ${toDecimalString(balance)}`,
          );
        }
        const settled = await book.recordPayment(ctx, tx, order, {
          gateway: 'offline',
          chargeId: `manual_${randomUUID()}`,
          amount: toDecimalString(paying),
          status: 'APPROVED',
          methodName: methodName ?? 'Manual',
        });
        return settled;
      })
      .then(async (settled) => {
        if (settled.shortfalls.length > 0) await refundLatePayment(ctx, settled.order.id, settled.shortfalls);
        return settled.order;
      });
  }

  /**
   * Refunds amounts of payments: each payment's refunded total is raised under its own conditional update
   * (never past its amount, however many refunds run at once), the gateway is called after that
   * transaction, and a refused gateway refund gives the amount back.
   */
  async function refund(
    ctx: RequestContext,
    orderId: string,
    request: {
      payments: Array<{ paymentId: string; amount?: string }>;
      reason?: string;
      restock?: boolean;
      notify?: boolean;
      source?: RefundDoc['source'];
    },
  ) {
    const prepared = await database.transaction(async (tx) => {
      const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
      if (!order) throw ecomErrors.orderNotFound(orderId);
      const payments = await repository.lockPayments(ctx.site.id, order.id, tx);
      const missing = request.payments.filter(
        (entry) => !payments.some((payment) => payment.id === entry.paymentId),
      );
      if (missing.length > 0) throw ecomErrors.paymentsNotFound(missing.map((entry) => entry.paymentId));
      const lines: Array<{ payment: PaymentRow; amount: string }> = [];
      for (const entry of request.payments) {
        const payment = payments.find((candidate) => candidate.id === entry.paymentId)!;
        const refundable = subtract(
          money(payment.amount, order.currency),
          money(payment.refunded, order.currency),
        );
        if (!['APPROVED', 'PARTIALLY_REFUNDED'].includes(payment.status) || payment.doc.authorization) {
          if (!payment.doc.authorization?.captures.some((capture) => capture.status === 'SUCCEEDED')) {
            throw ecomErrors.refundNotAvailable(
              `payment ${payment.id} is ${payment.status}: only approved payments are refunded`,
            );
          }
        }
        const amount = entry.amount === undefined ? refundable : money(entry.amount, order.currency);
        if (compare(amount, zero(order.currency)) <= 0)
          throw ecomErrors.invalidAmount('a refund must be more than 0');
        if (compare(amount, refundable) > 0) {
          throw ecomErrors.invalidAmount(
            `payment ${payment.id} has ${toDecimalString(refundable)} left to refund`,
          );
        }
        if (!(await repository.addRefunded(payment.id, toDecimalString(amount), tx))) {
          throw ecomErrors.invalidAmount(
            `payment ${payment.id} has less left to refund than ${toDecimalString(amount)}`,
          );
        }
        lines.push({ payment, amount: toDecimalString(amount) });
      }
      const total = sum(
        order.currency,
        lines.map((line) => money(line.amount, order.currency)),
      );
      const row = await repository.insertRefund(
        {
          siteId: ctx.site.id,
          orderId: order.id,
          status: 'PENDING',
          amount: toDecimalString(total),
          doc: {
            payments: lines.map((line) => ({
              paymentId: line.payment.id,
              amount: line.amount,
              status: 'PENDING',
              externalRefund: false,
            })),
            ...(request.reason ? { reason: request.reason } : {}),
            restocked: request.restock ?? false,
            source: request.source ?? 'BUSINESS',
          },
        },
        tx,
      );
      await book.settle(ctx, tx, order);
      return { refund: row, lines };
    });

    const outcomes: Array<{
      line: (typeof prepared.lines)[number];
      outcome: Awaited<ReturnType<PaymentGateway['refund']>>;
    }> = [];
    for (const line of prepared.lines) {
      const gateway = line.payment.gateway === 'test' ? deps.gateways.test : deps.gateways.offline;
      const outcome = await gateway.refund({
        siteId: ctx.site.id,
        chargeId: line.payment.gatewayChargeId ?? line.payment.id,
        amount: line.amount,
        idempotencyKey: `refund:${prepared.refund.id}:${line.payment.id}`,
      });
      outcomes.push({ line, outcome });
    }

    const failedPaymentIds = outcomes
      .filter((entry) => !entry.outcome.ok)
      .map((entry) => entry.line.payment.id);
    const refunded = sum(
      ctx.site.currency,
      outcomes
        .filter((entry) => entry.outcome.ok)
        .map((entry) => money(entry.line.amount, ctx.site.currency)),
    );
    await database.transaction(async (tx) => {
      for (const entry of outcomes) {
        if (!entry.outcome.ok)
          await repository.addRefunded(entry.line.payment.id, `-${entry.line.amount}`, tx);
      }
      const doc: RefundDoc = {
        ...prepared.refund.doc,
        payments: outcomes.map((entry) => ({
          paymentId: entry.line.payment.id,
          amount: entry.line.amount,
          status: entry.outcome.ok ? 'SUCCEEDED' : 'FAILED',
          ...(entry.outcome.ok ? { gatewayRefundId: entry.outcome.refundId } : {}),
          externalRefund: false,
        })),
      };
      await repository.updateRefund(
        prepared.refund.id,
        {
          status:
            failedPaymentIds.length === 0
              ? 'SUCCEEDED'
              : failedPaymentIds.length === outcomes.length
                ? 'FAILED'
                : 'SUCCEEDED',
          doc,
        },
        tx,
      );
      const order = (await repository.find(ctx.site.id, orderId, tx, true))!;
      if (request.restock && order.stockCommitted) {
        await deps.stock.restock(tx, { siteId: ctx.site.id, lines: order.lineItems, kind: 'goods' });
      }
      const settled = await book.settle(
        ctx,
        tx,
        request.restock && order.stockCommitted ? { ...order, stockCommitted: false } : order,
        [
          activity('ORDER_REFUNDED', ctx.now(), {
            orderRefunded: { amount: toDecimalString(refunded), reason: request.reason ?? '' },
          }),
        ],
      );
      if (request.restock && order.stockCommitted)
        await repository.update(ctx.site.id, order.id, { stockCommitted: false }, tx);
      if (compare(refunded, zero(ctx.site.currency)) > 0) {
        await publish(tx, ctx.site.id, ecomEvents.orderRefunded, {
          order: orderWire(ctx.site, settled.order),
          refundId: prepared.refund.id,
          amount: toDecimalString(refunded),
        });
        if (request.notify ?? true) {
          const mail = orderRefundedMail(ctx.site, settled.order, toDecimalString(refunded), request.reason);
          if (mail) await deps.mail.enqueue(mail, tx);
        }
      }
    });
    const [transactions] = await transactionsOf(ctx, [orderId]);
    return {
      orderTransactions: transactions!,
      refundId: prepared.refund.id,
      failedPaymentIds: failedPaymentIds.map((paymentId) => ({ paymentId })),
    };
  }

  /** A payment taken for an order that can no longer be filled (its hold expired, the stock went): refunded whole. */
  async function refundLatePayment(ctx: RequestContext, orderId: string, shortfalls: StockShortfall[]) {
    const payments = await repository.payments(ctx.site.id, [orderId]);
    const refundable = payments.filter(
      (payment) => payment.status === 'APPROVED' && Number(payment.refunded) < Number(payment.amount),
    );
    if (refundable.length === 0) return;
    await refund(ctx, orderId, {
      payments: refundable.map((payment) => ({ paymentId: payment.id })),
      reason: `Sorry: ${shortfalls.length === 1 ? 'an item' : 'some items'} sold out before your payment arrived, so the payment was refunded.`,
      source: 'LATE_PAYMENT',
      notify: true,
    });
    await database.transaction(async (tx) => {
      const order = (await repository.find(ctx.site.id, orderId, tx, true))!;
      if (order.status !== 'CANCELED') {
        const canceled = await repository.update(
          ctx.site.id,
          order.id,
          {
            status: 'CANCELED',
            doc: {
              ...order.doc,
              activities: [...order.doc.activities, activity('ORDER_CANCELED', ctx.now())],
            },
          },
          tx,
        );
        await publish(tx, ctx.site.id, ecomEvents.orderCanceled, { order: orderWire(ctx.site, canceled) });
      }
    });
  }

  return {
    refund,
    refundLatePayment,
    transactionsOf,

    async markAsPaid(ctx: RequestContext, orderId: string, methodName?: string) {
      return orderWire(ctx.site, await recordManual(ctx, orderId, undefined, methodName));
    },

    async bulkMarkAsPaid(ctx: RequestContext, orderIds: string[]) {
      const results = [];
      for (const [index, orderId] of orderIds.entries()) {
        try {
          const order = await recordManual(ctx, orderId, undefined);
          results.push({
            itemMetadata: { id: orderId, originalIndex: index, success: true },
            item: orderWire(ctx.site, order),
          });
        } catch (error) {
          const code = (error as { code?: string }).code ?? 'ERROR';
          results.push({
            itemMetadata: {
              id: orderId,
              originalIndex: index,
              success: false,
              error: { code, description: (error as Error).message },
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
    },

    async recordManualPayment(ctx: RequestContext, orderId: string, amount: string, methodName?: string) {
      await recordManual(ctx, orderId, amount, methodName);
      return {};
    },

    async collectability(ctx: RequestContext, orderId: string) {
      const order = await orderOf(ctx, orderId);
      const balance = balanceOf(order);
      const status =
        order.status === 'CANCELED'
          ? 'NONCOLLECTABLE_ORDER_IS_CANCELLED'
          : order.paymentStatus === 'PAID' || compare(balance, zero(order.currency)) === 0
            ? 'NONCOLLECTABLE_ORDER_IS_PAID'
            : order.paymentStatus === 'PENDING'
              ? 'NONCOLLECTABLE_ORDER_IS_PENDING'
              : order.status === 'REJECTED'
                ? 'NONCOLLECTABLE_ORDER_IS_REJECTED'
                : 'COLLECTABLE';
      const { toFormattedAmount } = await import('../../platform/money/wire.ts');
      return { status, amount: toFormattedAmount(balance, ctx.site.locale) };
    },

    async refundability(ctx: RequestContext, orderId: string) {
      await orderOf(ctx, orderId);
      const payments = await repository.payments(ctx.site.id, [orderId]);
      return {
        refundabilities: payments.map((payment) => {
          const left = Number(payment.amount) - Number(payment.refunded);
          const approved =
            ['APPROVED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(payment.status) &&
            !payment.doc.authorization;
          const captured =
            payment.doc.authorization?.captures.some((capture) => capture.status === 'SUCCEEDED') ?? false;
          if (!approved && !captured) {
            return {
              paymentId: payment.id,
              refundabilityStatus: 'NOT_REFUNDABLE',
              nonRefundableReason: payment.status === 'PENDING' ? 'ORDER_IS_PENDING' : 'NOT_PAID',
            };
          }
          if (left <= 0)
            return {
              paymentId: payment.id,
              refundabilityStatus: 'NOT_REFUNDABLE',
              nonRefundableReason: 'ALREADY_REFUNDED',
            };
          if (payment.gateway === 'offline')
            return {
              paymentId: payment.id,
              refundabilityStatus: 'MANUAL',
              manuallyRefundableReason: 'OFFLINE',
            };
          return { paymentId: payment.id, refundabilityStatus: 'REFUNDABLE' };
        }),
        refundablePerItem: [],
      };
    },

    async paymentGatewayOrder(ctx: RequestContext, orderId: string) {
      const order = await orderOf(ctx, orderId);
      return { paymentGatewayOrderId: `pgo_${order.id}` };
    },

    async voidAuthorized(ctx: RequestContext, orderId: string, paymentIds: string[]) {
      await authorizedAction(ctx, orderId, paymentIds, 'void');
      const [transactions] = await transactionsOf(ctx, [orderId]);
      return { orderTransactions: transactions! };
    },

    async captureAuthorized(
      ctx: RequestContext,
      orderId: string,
      payments: Array<{ paymentId: string; amount?: string }>,
    ) {
      await authorizedAction(
        ctx,
        orderId,
        payments.map((entry) => entry.paymentId),
        'capture',
        payments,
      );
      const [transactions] = await transactionsOf(ctx, [orderId]);
      return { orderTransactions: transactions! };
    },

    /** A payment the business records by hand on an order (order transactions `addPayments`). */
    async addPayments(
      ctx: RequestContext,
      orderId: string,
      payments: Array<{ amount: string; status?: string | null; methodName?: string | null }>,
    ) {
      const ids: string[] = [];
      await database.transaction(async (tx) => {
        let order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
        if (!order) throw ecomErrors.orderNotFound(orderId);
        for (const payment of payments) {
          const chargeId = `manual_${randomUUID()}`;
          const status = (payment.status ?? 'APPROVED') as 'APPROVED' | 'PENDING' | 'DECLINED';
          const settled = await book.recordPayment(ctx, tx, order, {
            gateway: 'offline',
            chargeId,
            amount: toDecimalString(money(payment.amount, order.currency)),
            status,
            methodName: payment.methodName ?? 'Manual',
          });
          order = settled.order;
          const created = settled.payments.find((row) => row.gatewayChargeId === chargeId);
          if (created) ids.push(created.id);
        }
      });
      const [transactions] = await transactionsOf(ctx, [orderId]);
      return { orderTransactions: transactions!, paymentsIds: ids };
    },

    async updatePaymentStatus(ctx: RequestContext, orderId: string, paymentId: string, status: string) {
      await database.transaction((tx) => changePaymentStatus(ctx, tx, orderId, paymentId, status));
      const [transactions] = await transactionsOf(ctx, [orderId]);
      return { orderTransactions: transactions! };
    },

    /** One status for payments of several orders, each changed on its own (one failing stops none). */
    async bulkUpdatePaymentStatuses(
      ctx: RequestContext,
      entries: Array<{ orderId: string; paymentId: string }>,
      status: string,
      returnFullEntity: boolean,
    ) {
      const results = [];
      for (const [index, entry] of entries.entries()) {
        try {
          const payment = await database.transaction((tx) =>
            changePaymentStatus(ctx, tx, entry.orderId, entry.paymentId, status),
          );
          results.push({
            itemMetadata: { id: entry.paymentId, originalIndex: index, success: true },
            ...(returnFullEntity ? { item: paymentWire(ctx.site, payment) } : {}),
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            itemMetadata: {
              id: entry.paymentId,
              originalIndex: index,
              success: false,
              error: { code: error.code, description: error.message },
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
    },

    /**
     * Order transactions `updatePayments`: each named payment's status, by the rules of
     * `updatePaymentStatus`, in one transaction. The official client names no order (it sends the order id
     * `undefined`): that is ORDER_TRANSACTIONS_NOT_FOUND.
     */
    async updatePayments(
      ctx: RequestContext,
      orderId: string,
      changes: Array<{ paymentId: string; status?: string | null }>,
    ) {
      await database.transaction(async (tx) => {
        const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
        if (!order) throw ecomErrors.orderTransactionsNotFound(orderId);
        const payments = await repository.lockPayments(ctx.site.id, order.id, tx);
        const missing = changes.find((change) => !payments.some((row) => row.id === change.paymentId));
        if (missing) throw ecomErrors.paymentNotFound(missing.paymentId);
        for (const change of changes) {
          if (change.status) await changePaymentStatus(ctx, tx, order.id, change.paymentId, change.status);
        }
      });
      const [transactions] = await transactionsOf(ctx, [orderId]);
      return { orderTransactions: transactions! };
    },

    /**
     * What the processor reported of one payment's part of a refund: its status (a pending refund settles;
     * a refund that failed after all gives the amount back to the payment) and its gateway refund id.
     */
    async updateRefundTransaction(
      ctx: RequestContext,
      orderId: string,
      refundId: string,
      transaction: { paymentId: string; refundStatus?: string | null; gatewayRefundId?: string | null },
    ) {
      await database.transaction(async (tx) => {
        const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
        if (!order) throw ecomErrors.orderTransactionsNotFound(orderId);
        const refund = isUuid(refundId)
          ? await repository.findRefund(ctx.site.id, order.id, refundId, tx)
          : undefined;
        if (!refund) throw ecomErrors.refundNotFound(refundId);
        const entry = refund.doc.payments.find((payment) => payment.paymentId === transaction.paymentId);
        if (!entry) throw ecomErrors.refundTransactionNotFound(refund.id, transaction.paymentId);
        const to = transaction.refundStatus ?? entry.status;
        if (to !== entry.status && !(refundTransitions[entry.status] ?? []).includes(to)) {
          throw ecomErrors.refundStatusNotAllowed(refund.id, entry.paymentId, entry.status, to);
        }
        const failedNow = to === 'FAILED' && entry.status !== 'FAILED';
        if (failedNow) {
          await repository.lockPayments(ctx.site.id, order.id, tx);
          await repository.addRefunded(entry.paymentId, `-${entry.amount}`, tx);
        }
        const payments = refund.doc.payments.map((payment) =>
          payment === entry
            ? {
                ...payment,
                status: to,
                ...(transaction.gatewayRefundId ? { gatewayRefundId: transaction.gatewayRefundId } : {}),
              }
            : payment,
        );
        await repository.updateRefund(
          refund.id,
          {
            status: refundStatusOf(payments.map((payment) => payment.status)),
            doc: { ...refund.doc, payments },
          },
          tx,
        );
        if (failedNow) await book.settle(ctx, tx, order);
      });
      const [transactions] = await transactionsOf(ctx, [orderId]);
      return { orderTransactions: transactions! };
    },
  };

  /** A manual payment's status as the business sets it (PENDING to APPROVED, DECLINED or CANCELED). */
  async function changePaymentStatus(
    ctx: RequestContext,
    tx: Tx,
    orderId: string,
    paymentId: string,
    status: string,
  ): Promise<PaymentRow> {
    const order = isUuid(orderId) ? await repository.find(ctx.site.id, orderId, tx, true) : undefined;
    if (!order) throw ecomErrors.orderNotFound(orderId);
    const payments = await repository.lockPayments(ctx.site.id, order.id, tx);
    const payment = payments.find((row) => row.id === paymentId);
    if (!payment) throw ecomErrors.paymentsNotFound([paymentId]);
    const allowed: Record<string, string[]> = {
      PENDING: ['APPROVED', 'DECLINED', 'CANCELED'],
      PENDING_MERCHANT: ['APPROVED', 'DECLINED', 'CANCELED'],
    };
    if (payment.gateway !== 'offline' || !(allowed[payment.status] ?? []).includes(status)) {
      throw ecomErrors.statusNotAllowed(payment.id, payment.status, status);
    }
    const updated = await repository.updatePayment(payment.id, { status }, tx);
    await book.settle(ctx, tx, order);
    return updated;
  }

  async function authorizedAction(
    ctx: RequestContext,
    orderId: string,
    paymentIds: string[],
    action: 'void' | 'capture',
    amounts: Array<{ paymentId: string; amount?: string }> = [],
  ) {
    const order = await orderOf(ctx, orderId);
    const payments = await repository.payments(ctx.site.id, [order.id]);
    const missing = paymentIds.filter((id) => !payments.some((payment) => payment.id === id));
    if (missing.length > 0) throw ecomErrors.paymentsNotFound(missing);
    for (const paymentId of paymentIds) {
      const payment = payments.find((row) => row.id === paymentId)!;
      if (payment.status !== 'AUTHORIZED' || !payment.doc.authorization) {
        throw ecomErrors.notAuthorized(payment.id, payment.status);
      }
      const gateway = payment.gateway === 'test' ? deps.gateways.test : deps.gateways.offline;
      const amount = amounts.find((entry) => entry.paymentId === paymentId)?.amount ?? payment.amount;
      const outcome =
        action === 'void'
          ? await gateway.void({ siteId: ctx.site.id, chargeId: payment.gatewayChargeId ?? payment.id })
          : await gateway.capture({
              siteId: ctx.site.id,
              chargeId: payment.gatewayChargeId ?? payment.id,
              amount,
            });
      if (!outcome.ok) throw ecomErrors.gatewayRefused(outcome.code, outcome.message);
      await database.transaction(async (tx) => {
        const locked = (await repository.find(ctx.site.id, order.id, tx, true))!;
        const authorization = payment.doc.authorization!;
        const now = ctx.now().toISOString();
        const doc =
          action === 'void'
            ? {
                ...payment.doc,
                authorization: {
                  ...authorization,
                  void: { status: 'SUCCEEDED', voidedDate: now, reason: 'MANUAL' },
                },
              }
            : {
                ...payment.doc,
                authorization: {
                  ...authorization,
                  captures: [
                    ...authorization.captures,
                    { id: randomUUID(), status: 'SUCCEEDED', amount, createdDate: now },
                  ],
                },
              };
        await repository.updatePayment(
          payment.id,
          {
            doc,
            status: action === 'void' ? 'VOIDED' : 'APPROVED',
            ...(action === 'capture' ? { amount } : {}),
          },
          tx,
        );
        await book.settle(ctx, tx, locked, [
          activity(
            action === 'void' ? 'AUTHORIZED_PAYMENT_VOIDED' : 'AUTHORIZED_PAYMENT_CAPTURED',
            ctx.now(),
            { paymentId: payment.id },
          ),
        ]);
      });
    }
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
