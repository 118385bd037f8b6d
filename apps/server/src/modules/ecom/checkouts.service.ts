import { randomUUID } from 'node:crypto';
import type { CreateCheckoutFromCartRequest } from '@atrium/contract/ecom/carts';
import type {
  CheckoutInfoInput,
  CreateCheckoutRequest,
  UpdateCheckoutRequest,
} from '@atrium/contract/ecom/checkouts';
import type { Site } from '@atrium/contract/sites';
import { pageOriginFor } from '../../platform/http/site-address.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { compare, money, subtract, toDecimalString, zero } from '../../platform/money/money.ts';
import { describeLines, type CatalogProviders, type DescribedLine } from './catalog-lines.ts';
import type { CartRow, CheckoutRow, OrderRow } from './ecom.tables.ts';
import type { CheckoutDoc, LineDoc } from './ecom-docs.ts';
import { ecomErrors } from './ecom.errors.ts';
import { ecomEvents, type PublishEcomEvent } from './ecom-events.ts';
import { checkoutWire } from './ecom-wire.ts';
import type { CheckoutsRepository } from './checkouts.repository.ts';
import type { CartsRepository } from './carts.repository.ts';
import { buyerOf, ownsBuyerRow } from './carts.service.ts';
import { addLines, checkNewLines, linesFromRequest, removeLines, updateQuantities } from './line-edits.ts';
import { priceDescribed } from './price-summary.ts';
import { checkCouponCode, checkGiftCardCode } from './coupons.ts';
import type { OrderBook, RecordedPayment } from './order-book.ts';
import type { OrderStock, StockShortfall } from './order-stock.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { isBusinessCaller } from './ecom-access.ts';

export interface CheckoutsServiceDeps {
  database: Database;
  repository: CheckoutsRepository;
  carts: CartsRepository;
  orders: OrdersRepository;
  providers: CatalogProviders;
  publish: PublishEcomEvent;
  book: OrderBook;
  stock: OrderStock;
  gateways: { test: PaymentGateway; offline: PaymentGateway };
  holdMinutes: number;
  publicUrl?: string;
  /** Refunds a payment taken for an order that could not be filled any more (a late payment). */
  refundLatePayment: (ctx: RequestContext, orderId: string, shortfalls: StockShortfall[]) => Promise<void>;
}

function infoDoc(previous: CheckoutDoc, info: CheckoutInfoInput | null | undefined): CheckoutDoc {
  const doc: CheckoutDoc = { ...previous };
  if (!info) return doc;
  if (info.buyerInfo?.email) doc.email = info.buyerInfo.email;
  if (info.buyerNote !== undefined) doc.buyerNote = info.buyerNote ?? undefined;
  if (info.buyerLanguage !== undefined) doc.buyerLanguage = info.buyerLanguage ?? undefined;
  if (info.billingInfo !== undefined)
    doc.billingInfo = (info.billingInfo ?? undefined) as CheckoutDoc['billingInfo'];
  if (info.shippingInfo?.shippingDestination !== undefined) {
    doc.shippingDestination = (info.shippingInfo.shippingDestination ??
      undefined) as CheckoutDoc['shippingDestination'];
  }
  if (info.shippingInfo?.selectedCarrierServiceOption !== undefined) {
    doc.selectedShippingOption = info.shippingInfo.selectedCarrierServiceOption
      ? { code: info.shippingInfo.selectedCarrierServiceOption.code }
      : undefined;
  }
  if (info.customFields !== undefined)
    doc.customFields = (info.customFields ?? undefined) as CheckoutDoc['customFields'];
  if (info.channelType) doc.channelType = info.channelType;
  return JSON.parse(JSON.stringify(doc)) as CheckoutDoc;
}

function createdByOf(ctx: RequestContext): CheckoutDoc['createdBy'] {
  const { identityType, identityId } = ctx.caller;
  if (identityType === 'MEMBER') return { memberId: identityId };
  if (identityType === 'ANONYMOUS_VISITOR') return { visitorId: identityId };
  if (identityType === 'APP') return { appId: identityId };
  return { userId: identityId };
}

/** Checkouts: lines, buyer and addresses, priced and checked on every read, and their completion into one order. */
export function createCheckoutsService(deps: CheckoutsServiceDeps) {
  const { database, repository, providers, publish } = deps;

  async function view(ctx: RequestContext, row: CheckoutRow) {
    const described = await describeLines(providers, ctx.site.id, row.lineItems, ctx.now());
    const priced = priceDescribed(row.currency, described);
    return { row, described, priced, wire: checkoutWire(ctx.site, row, described, priced) };
  }

  async function readable(ctx: RequestContext, id: string): Promise<CheckoutRow> {
    const row = isUuid(id) ? await repository.find(ctx.site.id, id) : undefined;
    if (!row || !ownsBuyerRow(ctx, row)) throw ecomErrors.checkoutNotFound(id);
    return row;
  }

  async function checkedLines(ctx: RequestContext, added: LineDoc[]) {
    if (added.length === 0) return added;
    return checkNewLines(await describeLines(providers, ctx.site.id, added, ctx.now()));
  }

  /** Changes an open checkout under its row lock (a completed one is closed: CHECKOUT_IS_COMPLETE). */
  async function change(
    ctx: RequestContext,
    id: string,
    edit: (row: CheckoutRow, tx: Tx) => Promise<CheckoutRow>,
  ) {
    const row = await database.transaction(async (tx) => {
      const locked = isUuid(id) ? await repository.find(ctx.site.id, id, tx, true) : undefined;
      if (!locked || !ownsBuyerRow(ctx, locked)) throw ecomErrors.checkoutNotFound(id);
      if (locked.completed) throw ecomErrors.checkoutIsComplete(id);
      const changed = await edit(locked, tx);
      await publish(tx, ctx.site.id, ecomEvents.checkoutUpdated, { checkout: { id: changed.id } });
      return changed;
    });
    return (await view(ctx, row)).wire;
  }

  async function insert(
    ctx: RequestContext,
    values: { cartId?: string; lines: LineDoc[]; doc: CheckoutDoc; owner?: CartRow },
  ) {
    const buyer = values.owner
      ? { visitorId: values.owner.visitorId ?? undefined, memberId: values.owner.memberId ?? undefined }
      : buyerOf(ctx);
    return database.transaction(async (tx) => {
      const row = await repository.insert(
        {
          siteId: ctx.site.id,
          cartId: values.cartId ?? null,
          visitorId: buyer.memberId ? null : (buyer.visitorId ?? null),
          memberId: buyer.memberId ?? null,
          currency: ctx.site.currency,
          lineItems: values.lines,
          doc: { ...values.doc, createdBy: createdByOf(ctx) },
        },
        tx,
      );
      if (values.cartId) await deps.carts.update(ctx.site.id, values.cartId, { checkoutId: row.id }, tx);
      await publish(tx, ctx.site.id, ecomEvents.checkoutCreated, {
        checkout: { id: row.id, cartId: row.cartId },
      });
      return row;
    });
  }

  /** Lines not available as asked (gone, sold out, fewer left), as the stock errors name them. */
  function unavailable(described: readonly DescribedLine[]): StockShortfall[] {
    return described
      .filter((entry) => entry.availability.status !== 'AVAILABLE')
      .map((entry) => ({
        lineItemId: entry.line.id,
        requested: entry.line.quantity,
        available: entry.availability.quantityAvailable ?? 0,
      }));
  }

  function outOfStock(described: readonly DescribedLine[], shortfalls: StockShortfall[]) {
    const every =
      shortfalls.length === described.length && shortfalls.every((shortfall) => shortfall.available === 0);
    return ecomErrors.outOfStock(every ? 'FULL_OUT_OF_STOCK' : 'PARTIAL_OUT_OF_STOCK', shortfalls);
  }

  /** The checkout and its lines as the catalog describes them, checked for an order. */
  async function orderable(ctx: RequestContext, id: string) {
    const row = await readable(ctx, id);
    const described = row.completed
      ? []
      : await describeLines(providers, ctx.site.id, row.lineItems, ctx.now());
    return { row, described };
  }

  /**
   * Completes a checkout into its one order, idempotently: under the checkout's row lock, a checkout that
   * already has an order answers it (recording `payment` on it when given); the order's unique checkout id
   * guarantees at most one order however many callers complete at once. `checked`: the checkout as its
   * caller last wrote it and its lines as described then (a card payment places the order it charged for).
   */
  async function complete(
    ctx: RequestContext,
    id: string,
    payment?: RecordedPayment,
    checked?: Awaited<ReturnType<typeof orderable>>,
  ): Promise<OrderRow> {
    const { row: before, described } = checked ?? (await orderable(ctx, id));
    const number = before.orderId ? undefined : await deps.book.takeNumber(ctx);
    const orderId = randomUUID();
    const outcome = await database.transaction(async (tx) => {
      // An open checkout as it was read becomes the order in the statement that locks it; otherwise it is
      // read under its lock to see why (an order made meanwhile is answered, any other change refused).
      const row = before.orderId
        ? undefined
        : await repository.updateIfUnchanged(
            ctx.site.id,
            before.id,
            before.revision,
            { completed: true, orderId, holdExpiresAt: null },
            tx,
            { retireCart: before.cartId !== null },
          );
      if (!row) {
        const locked = (await repository.find(ctx.site.id, before.id, tx, true))!;
        if (!locked.orderId) throw ecomErrors.checkoutChanged(locked.id);
        const order = (await deps.orders.find(ctx.site.id, locked.orderId, tx, true))!;
        if (!payment) return { order, lateShortfalls: [] as StockShortfall[] };
        const settled = await deps.book.recordPayment(ctx, tx, order, payment);
        return { order: settled.order, lateShortfalls: settled.shortfalls };
      }
      if (row.lineItems.length === 0) throw ecomErrors.emptyCheckout(row.id);
      if (!payment || payment.status === 'DECLINED') {
        const missing = unavailable(described);
        if (missing.length > 0) throw outOfStock(described, missing);
      }
      const placed = await deps.book.placeFromCheckout(ctx, tx, row, described, payment, {
        id: orderId,
        number: number ?? (await deps.book.takeNumber(ctx, tx)),
      });
      await publish(tx, ctx.site.id, ecomEvents.checkoutCompleted, {
        checkout: { id: row.id, orderId: placed.order.id },
      });
      return placed;
    });
    if (outcome.lateShortfalls.length > 0) {
      await deps.refundLatePayment(ctx, outcome.order.id, outcome.lateShortfalls);
    }
    return outcome.order;
  }

  /**
   * Pays with a card through the test gateway: the lines are held for the checkout (committed), the
   * processor is called outside any transaction, then the order is placed with the payment or the holds
   * are given back (commerce.md: never call a processor while holding capacity locks).
   */
  async function createOrderAndCharge(
    ctx: RequestContext,
    id: string,
    request: { paymentToken: string; delayCapture?: boolean | null },
  ) {
    const { row: before, described } = await orderable(ctx, id);
    if (before.orderId) return payPlacedOrder(ctx, before, before.orderId, request);
    if (before.lineItems.length === 0) throw ecomErrors.emptyCheckout(id);
    const missing = unavailable(described);
    if (missing.length > 0) throw outOfStock(described, missing);
    const { summary } = priceDescribed(before.currency, described);
    const owner = `ecom.checkout:${before.id}`;
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + deps.holdMinutes * 60_000);
    const held = await database.transaction(async (tx) => {
      // Locks the checkout (before any capacity, as every payer does) only as it was read above.
      const row = await repository.updateIfUnchanged(
        ctx.site.id,
        before.id,
        before.revision,
        { holdExpiresAt: expiresAt },
        tx,
      );
      if (!row) throw ecomErrors.checkoutChanged(before.id);
      const shortfalls = await deps.stock.hold(tx, {
        siteId: ctx.site.id,
        owner,
        lines: described.map((entry) => ({
          ...entry.line,
          itemType: entry.itemType,
          holding: entry.holding,
        })),
        expiresAt,
        now,
      });
      if (shortfalls.length > 0) throw outOfStock(described, shortfalls);
      return row;
    });
    const charge = await deps.gateways.test.charge({
      siteId: ctx.site.id,
      // A retry of the same checkout as it stood (its revision after the hold) is the same charge.
      idempotencyKey: `checkout:${before.id}:${held.revision}`,
      amount: toDecimalString(summary.total),
      currency: before.currency,
      paymentToken: request.paymentToken,
      delayCapture: request.delayCapture ?? false,
      reference: before.id,
    });
    if (charge.status === 'DECLINED') {
      await database.transaction(async (tx) => {
        await deps.stock.release(tx, { siteId: ctx.site.id, owner });
        await repository.update(ctx.site.id, before.id, { holdExpiresAt: null }, tx);
      });
      throw ecomErrors.paymentDeclined(charge.declineCode, charge.message);
    }
    const order = await complete(
      ctx,
      before.id,
      {
        gateway: 'test',
        chargeId: charge.chargeId,
        amount: toDecimalString(summary.total),
        status: charge.status,
        ...(charge.card ? { card: charge.card } : {}),
        methodName: 'CreditCard',
      },
      { row: held, described },
    );
    return { orderId: order.id, paymentResponseToken: charge.chargeId };
  }

  /**
   * A card payment for a checkout that is already an order: a retry after a card payment (approved,
   * authorized or still pending) answers the same order and charges nothing; an order placed unpaid (pay
   * later, marked completed) is charged its balance once; an order paid otherwise is CHECKOUT_ALREADY_PAID.
   */
  async function payPlacedOrder(
    ctx: RequestContext,
    checkout: CheckoutRow,
    orderId: string,
    request: { paymentToken: string; delayCapture?: boolean | null },
  ) {
    const order = (await deps.orders.find(ctx.site.id, orderId))!;
    const payments = await deps.orders.payments(ctx.site.id, [order.id]);
    const byCard = payments.some(
      (payment) =>
        payment.gateway === 'test' &&
        ['APPROVED', 'AUTHORIZED', 'PENDING', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(payment.status),
    );
    if (byCard) return { orderId };
    if (order.status === 'CANCELED') throw ecomErrors.orderCanceled(order.id);
    const balance = subtract(money(order.total, order.currency), money(order.paid, order.currency));
    if (compare(balance, zero(order.currency)) <= 0)
      throw ecomErrors.checkoutAlreadyPaid(checkout.id, orderId);
    const amount = toDecimalString(balance);
    const charge = await deps.gateways.test.charge({
      siteId: ctx.site.id,
      // Concurrent or repeated payments of the same balance are one charge.
      idempotencyKey: `checkout:${checkout.id}:order:${order.id}:paid:${order.paid}`,
      amount,
      currency: order.currency,
      paymentToken: request.paymentToken,
      delayCapture: request.delayCapture ?? false,
      reference: checkout.id,
    });
    if (charge.status === 'DECLINED') throw ecomErrors.paymentDeclined(charge.declineCode, charge.message);
    await complete(ctx, checkout.id, {
      gateway: 'test',
      chargeId: charge.chargeId,
      amount,
      status: charge.status,
      ...(charge.card ? { card: charge.card } : {}),
      methodName: 'CreditCard',
    });
    return { orderId, paymentResponseToken: charge.chargeId };
  }

  const pageOrigin = pageOriginFor(deps.publicUrl);
  /** The checkout page at the site's address (relative when neither PUBLIC_URL nor a host name says it). */
  function checkoutUrlOf(site: Site, row: CheckoutRow) {
    return row.doc.overrideCheckoutUrl ?? `${pageOrigin(site)}/checkout/${row.id}`;
  }

  return {
    view,
    complete,
    createOrderAndCharge,

    async createFromCart(ctx: RequestContext, cart: CartRow, request: CreateCheckoutFromCartRequest) {
      const doc: CheckoutDoc = {
        ...((request.email ?? cart.doc.email) ? { email: (request.email ?? cart.doc.email)! } : {}),
        ...(cart.doc.buyerNote ? { buyerNote: cart.doc.buyerNote } : {}),
        ...(request.billingAddress ? { billingInfo: { address: request.billingAddress } } : {}),
        ...(request.shippingAddress ? { shippingDestination: { address: request.shippingAddress } } : {}),
        ...(request.selectedShippingOption
          ? { selectedShippingOption: { code: request.selectedShippingOption.code } }
          : {}),
        ...(cart.doc.overrideCheckoutUrl ? { overrideCheckoutUrl: cart.doc.overrideCheckoutUrl } : {}),
        channelType: request.channelType ?? 'WEB',
      };
      const row = await insert(ctx, {
        cartId: cart.id,
        lines: cart.lineItems,
        doc: JSON.parse(JSON.stringify(doc)),
        owner: cart,
      });
      return row.id;
    },

    async create(ctx: RequestContext, request: CreateCheckoutRequest) {
      if (request.couponCode) checkCouponCode(request.couponCode);
      if (request.giftCardCode) checkGiftCardCode(request.giftCardCode);
      const added = await checkedLines(
        ctx,
        linesFromRequest(ctx, request.lineItems, request.customLineItems),
      );
      const doc = infoDoc(
        {
          channelType: request.channelType ?? request.checkoutInfo?.channelType ?? 'WEB',
          ...(request.overrideCheckoutUrl ? { overrideCheckoutUrl: request.overrideCheckoutUrl } : {}),
        },
        request.checkoutInfo,
      );
      const row = await insert(ctx, { lines: addLines([], added), doc });
      return (await view(ctx, row)).wire;
    },

    async get(ctx: RequestContext, id: string) {
      return (await view(ctx, await readable(ctx, id))).wire;
    },

    async getByCartId(ctx: RequestContext, cartId: string) {
      const row = isUuid(cartId) ? await repository.findByCart(ctx.site.id, cartId) : undefined;
      if (!row || !ownsBuyerRow(ctx, row)) throw ecomErrors.checkoutNotFound(`of cart ${cartId}`);
      return (await view(ctx, row)).wire;
    },

    async update(ctx: RequestContext, id: string, request: UpdateCheckoutRequest) {
      if (request.couponCode) checkCouponCode(request.couponCode);
      if (request.giftCardCode) checkGiftCardCode(request.giftCardCode);
      const added = await checkedLines(
        ctx,
        linesFromRequest(ctx, request.lineItems, request.customLineItems),
      );
      return change(ctx, id, (row, tx) => {
        const doc = infoDoc(row.doc, request.checkout);
        if (request.overrideCheckoutUrl !== undefined)
          doc.overrideCheckoutUrl = request.overrideCheckoutUrl ?? undefined;
        return repository.update(ctx.site.id, row.id, { lineItems: addLines(row.lineItems, added), doc }, tx);
      });
    },

    async addLines(
      ctx: RequestContext,
      id: string,
      request: Pick<CreateCheckoutRequest, 'lineItems' | 'customLineItems'>,
    ) {
      const added = await checkedLines(
        ctx,
        linesFromRequest(ctx, request.lineItems, request.customLineItems),
      );
      return change(ctx, id, (row, tx) =>
        repository.update(ctx.site.id, row.id, { lineItems: addLines(row.lineItems, added) }, tx),
      );
    },

    removeLines: (ctx: RequestContext, id: string, ids: string[]) =>
      change(ctx, id, (row, tx) =>
        repository.update(ctx.site.id, row.id, { lineItems: removeLines(row.lineItems, ids) }, tx),
      ),

    updateQuantities: (ctx: RequestContext, id: string, updates: Array<{ id: string; quantity: number }>) =>
      change(ctx, id, (row, tx) =>
        repository.update(ctx.site.id, row.id, { lineItems: updateQuantities(row.lineItems, updates) }, tx),
      ),

    removeCoupon: (ctx: RequestContext, id: string) =>
      change(ctx, id, (row, tx) =>
        repository.update(ctx.site.id, row.id, { doc: { ...row.doc, couponCode: undefined } }, tx),
      ),

    removeGiftCard: (ctx: RequestContext, id: string) =>
      change(ctx, id, (row, tx) =>
        repository.update(ctx.site.id, row.id, { doc: { ...row.doc, giftCardCode: undefined } }, tx),
      ),

    removeOverrideCheckoutUrl: (ctx: RequestContext, id: string) =>
      change(ctx, id, (row, tx) =>
        repository.update(ctx.site.id, row.id, { doc: { ...row.doc, overrideCheckoutUrl: undefined } }, tx),
      ),

    async checkoutUrl(ctx: RequestContext, id: string) {
      return { checkoutUrl: checkoutUrlOf(ctx.site, await readable(ctx, id)) };
    },

    /** Places the order unpaid (pay in person or later): stock taken per the inventory trigger. */
    async createOrder(ctx: RequestContext, id: string) {
      const order = await complete(ctx, id);
      return { orderId: order.id };
    },

    /** Marks a checkout completed: the order it became, made now when it has none yet. */
    async markAsCompleted(ctx: RequestContext, id: string) {
      await complete(ctx, id);
    },

    async paymentSettings(ctx: RequestContext, id: string) {
      await readable(ctx, id);
      return { paymentSettings: { blockedPaymentOptions: [] as string[] } };
    },

    /** Whether the caller may act for the buyer (members their own, the business any). */
    canAct: (ctx: RequestContext) => isBusinessCaller(ctx.caller.identityType) || !!ctx.caller.identityId,
  };
}
export type CheckoutsService = ReturnType<typeof createCheckoutsService>;
