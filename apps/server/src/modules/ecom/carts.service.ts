import type {
  AddToCartRequest,
  CreateCartRequest,
  CreateCheckoutFromCartRequest,
  UpdateCartRequest,
} from '@atrium/contract/ecom/carts';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { describeLines, type CatalogProviders, type KnownDescriptions } from './catalog-lines.ts';
import type { CartDoc, LineDoc } from './ecom-docs.ts';
import { ecomErrors } from './ecom.errors.ts';
import { ecomEvents, type PublishEcomEvent } from './ecom-events.ts';
import { cartWire, ecomPriceOf, priceSummaryWire, violationsOf } from './ecom-wire.ts';
import type { CartRow } from './ecom.tables.ts';
import { isBusinessCaller } from './ecom-access.ts';
import type { Buyer, CartsRepository, NewCartRow } from './carts.repository.ts';
import { addLines, checkNewLines, linesFromRequest, removeLines, updateQuantities } from './line-edits.ts';
import type { CheckoutsService } from './checkouts.service.ts';
import { priceDescribed } from './price-summary.ts';
import { checkCouponCode } from './coupons.ts';

export interface CartsServiceDeps {
  database: Database;
  repository: CartsRepository;
  providers: CatalogProviders;
  publish: PublishEcomEvent;
  checkouts: () => CheckoutsService;
}

/** The buyer a visitor's or member's token names (the business has no current cart). */
export function buyerOf(ctx: RequestContext): Buyer {
  const { identityType, identityId } = ctx.caller;
  if (identityType === 'MEMBER') return { memberId: identityId };
  if (identityType === 'ANONYMOUS_VISITOR') return { visitorId: identityId };
  return {};
}

/** Whether the caller may see this cart or checkout: its own buyer, or the business. */
export function ownsBuyerRow(
  ctx: RequestContext,
  row: { visitorId: string | null; memberId: string | null },
) {
  if (isBusinessCaller(ctx.caller.identityType)) return true;
  const buyer = buyerOf(ctx);
  return buyer.memberId
    ? row.memberId === buyer.memberId
    : !!buyer.visitorId && row.visitorId === buyer.visitorId && !row.memberId;
}

function docFrom(
  previous: CartDoc,
  info: CreateCartRequest['cartInfo'],
  couponCode?: string | null,
): CartDoc {
  const doc: CartDoc = { ...previous };
  if (info) {
    if (info.buyerNote !== undefined) doc.buyerNote = info.buyerNote ?? undefined;
    if (info.buyerLanguage !== undefined) doc.buyerLanguage = info.buyerLanguage ?? undefined;
    if (info.contactInfo !== undefined)
      doc.contactInfo = (info.contactInfo ?? undefined) as CartDoc['contactInfo'];
    if (info.businessLocationId !== undefined) doc.businessLocationId = info.businessLocationId ?? undefined;
    if (info.overrideCheckoutUrl !== undefined)
      doc.overrideCheckoutUrl = info.overrideCheckoutUrl ?? undefined;
    if (info.purchaseFlowId !== undefined) doc.purchaseFlowId = info.purchaseFlowId ?? undefined;
    if (info.buyerInfo?.email) doc.email = info.buyerInfo.email;
    if (info.selectedShippingOption !== undefined) {
      doc.selectedShippingOption = info.selectedShippingOption
        ? { code: info.selectedShippingOption.code }
        : undefined;
    }
  }
  if (couponCode) doc.couponCode = checkCouponCode(couponCode);
  return JSON.parse(JSON.stringify(doc)) as CartDoc;
}

/**
 * A change to a cart's lines or document, worked out from the cart as it is under its lock; `known` holds
 * the catalog descriptions the edit read, so showing the changed cart does not read them again.
 */
interface CartEdit {
  changes(row: Pick<CartRow, 'lineItems' | 'doc'>): Pick<Partial<NewCartRow>, 'lineItems' | 'doc'>;
  known?: KnownDescriptions;
}

/** Carts: the current cart of a visitor or member and carts by id, with lines described by the catalog. */
export function createCartsService(deps: CartsServiceDeps) {
  const { database, repository, providers, publish } = deps;

  async function view(ctx: RequestContext, row: CartRow, known?: KnownDescriptions) {
    const described = await describeLines(providers, ctx.site.id, row.lineItems, ctx.now(), known);
    const { summary } = priceDescribed(row.currency, described);
    return { row, described, wire: cartWire(ctx.site, row, described, summary.subtotal) };
  }

  /** New lines checked against the catalog, before any row is locked (one read for all of them). */
  async function checkedLines(
    ctx: RequestContext,
    added: LineDoc[],
    known?: KnownDescriptions,
  ): Promise<LineDoc[]> {
    if (added.length === 0) return added;
    return checkNewLines(await describeLines(providers, ctx.site.id, added, ctx.now(), known));
  }

  async function announce(tx: Tx, siteId: string, row: CartRow, created: boolean) {
    await publish(tx, siteId, created ? ecomEvents.cartCreated : ecomEvents.cartUpdated, {
      cart: {
        id: row.id,
        buyerInfo: row.memberId
          ? { memberId: row.memberId }
          : row.visitorId
            ? { visitorId: row.visitorId }
            : {},
        lineItems: row.lineItems.map((line) => ({
          id: line.id,
          quantity: line.quantity,
          catalogReference: line.catalogReference,
        })),
      },
    });
  }

  async function lockedCart(ctx: RequestContext, tx: Executor, cartId: string | 'current') {
    if (cartId === 'current') {
      const row = await repository.findCurrent(ctx.site.id, buyerOf(ctx), tx, true);
      if (!row) throw ecomErrors.ownedCartNotFound();
      return row;
    }
    const row = isUuid(cartId) ? await repository.find(ctx.site.id, cartId, tx, true) : undefined;
    if (!row || !ownsBuyerRow(ctx, row)) throw ecomErrors.cartNotFound(cartId);
    return row;
  }

  /** Changes an existing cart under its row lock; `current` is the caller's current cart. */
  async function change(ctx: RequestContext, cartId: string | 'current', edit: CartEdit) {
    const row = await database.transaction(async (tx) => {
      const locked = await lockedCart(ctx, tx, cartId);
      const changed = await repository.update(ctx.site.id, locked.id, edit.changes(locked), tx);
      await announce(tx, ctx.site.id, changed, false);
      return changed;
    });
    return view(ctx, row, edit.known);
  }

  /**
   * The current cart changed, or made with the change when the buyer has none (add to cart, update).
   * `seen`: the current cart as read before the edit was worked out (undefined: there was none). It is
   * written in one statement while still at that revision, and a cart is made with one insert; when
   * another request got there first (a change, or a cart made meanwhile) it is changed under its lock.
   */
  async function changeCurrentOrCreate(ctx: RequestContext, edit: CartEdit, seen: CartRow | undefined) {
    const buyer = buyerOf(ctx);
    const row = await database.transaction(async (tx) => {
      if (seen) {
        const unchanged = await repository.updateIfUnchanged(
          ctx.site.id,
          seen.id,
          seen.revision,
          edit.changes(seen),
          tx,
        );
        if (unchanged) {
          await announce(tx, ctx.site.id, unchanged, false);
          return unchanged;
        }
      }
      const existing = seen ? await repository.findCurrent(ctx.site.id, buyer, tx, true) : undefined;
      if (!existing) {
        const created = await repository.insertCurrent(
          ctx.site.id,
          buyer,
          { currency: ctx.site.currency, ...edit.changes({ lineItems: [], doc: {} }) },
          tx,
        );
        if (created) {
          await announce(tx, ctx.site.id, created, true);
          return created;
        }
      }
      // Made by a request of the same buyer since it was read: change that one.
      const locked = existing ?? (await repository.findCurrent(ctx.site.id, buyer, tx, true))!;
      const changed = await repository.update(ctx.site.id, locked.id, edit.changes(locked), tx);
      await announce(tx, ctx.site.id, changed, false);
      return changed;
    });
    return view(ctx, row, edit.known);
  }

  /**
   * New lines added to the cart (checked against the catalog first) and the document changed as `doc` says.
   * `alongside`: lines described in the same catalog read (the cart's, to show it after the change).
   */
  async function linesEdit(
    ctx: RequestContext,
    request: Pick<AddToCartRequest, 'lineItems' | 'customLineItems'>,
    doc: (previous: CartDoc) => CartDoc,
    alongside: readonly LineDoc[] = [],
  ): Promise<CartEdit> {
    const known: KnownDescriptions = new Map();
    const requested = linesFromRequest(ctx, request.lineItems, request.customLineItems);
    const added =
      requested.length === 0
        ? requested
        : checkNewLines(
            (
              await describeLines(providers, ctx.site.id, [...requested, ...alongside], ctx.now(), known)
            ).slice(0, requested.length),
          );
    return {
      known,
      changes: (row) => ({ lineItems: addLines(row.lineItems, added), doc: doc(row.doc) }),
    };
  }

  const addEdit = (ctx: RequestContext, request: AddToCartRequest, alongside?: readonly LineDoc[]) =>
    linesEdit(
      ctx,
      request,
      (previous) =>
        request.businessLocationId
          ? { ...previous, businessLocationId: request.businessLocationId }
          : previous,
      alongside,
    );

  const updateEdit = (ctx: RequestContext, request: UpdateCartRequest, alongside?: readonly LineDoc[]) =>
    linesEdit(ctx, request, (previous) => docFrom(previous, request.cartInfo, request.couponCode), alongside);

  /**
   * Edits the caller's current cart: it is read first, so its lines are described in the one catalog read
   * that checks the new ones (availability and prices as of this request) and shown without another.
   */
  async function editCurrent(
    ctx: RequestContext,
    editOf: (alongside: readonly LineDoc[]) => Promise<CartEdit>,
  ) {
    const seen = await repository.findCurrent(ctx.site.id, buyerOf(ctx));
    return (await changeCurrentOrCreate(ctx, await editOf(seen?.lineItems ?? []), seen)).wire;
  }

  /**
   * A visitor signed in as a member: the visitor's current cart becomes the member's, or, when the member
   * already has one, its lines are added to it (the same item twice is one line) and the visitor's cart is
   * deleted. Runs in the bus handler's transaction (at least once: a second run finds no visitor cart).
   */
  async function mergeVisitorCart(tx: Tx, siteId: string, visitorId: string, memberId: string) {
    const visitorCart = await repository.findCurrent(siteId, { visitorId }, tx, true);
    if (!visitorCart) return;
    const memberCart = await repository.findCurrent(siteId, { memberId }, tx, true);
    if (!memberCart) {
      const adopted = await repository.update(siteId, visitorCart.id, { memberId, visitorId: null }, tx);
      await announce(tx, siteId, adopted, false);
      return;
    }
    const merged = await repository.update(
      siteId,
      memberCart.id,
      { lineItems: addLines(memberCart.lineItems, visitorCart.lineItems) },
      tx,
    );
    await repository.remove(siteId, visitorCart.id, tx);
    await publish(tx, siteId, ecomEvents.cartDeleted, { cartId: visitorCart.id });
    await announce(tx, siteId, merged, false);
  }

  async function remove(ctx: RequestContext, cartId: string | 'current') {
    await database.transaction(async (tx) => {
      const row = await lockedCart(ctx, tx, cartId);
      await repository.remove(ctx.site.id, row.id, tx);
      await publish(tx, ctx.site.id, ecomEvents.cartDeleted, { cartId: row.id });
    });
  }

  async function createCheckout(
    ctx: RequestContext,
    cartId: string | 'current',
    request: CreateCheckoutFromCartRequest,
  ) {
    const row = await database.transaction((tx) => lockedCart(ctx, tx, cartId));
    if (row.lineItems.length === 0) throw ecomErrors.emptyCheckout(`from cart ${row.id}`);
    const checkoutId = await deps.checkouts().createFromCart(ctx, row, request);
    return { checkoutId };
  }

  async function estimateTotals(ctx: RequestContext, cartId: string | 'current') {
    const row = await database.transaction((tx) => lockedCart(ctx, tx, cartId));
    const { described, wire } = await view(ctx, row);
    const priced = priceDescribed(row.currency, described);
    const summary = priceSummaryWire(ctx.site, priced.summary);
    return {
      cart: wire,
      calculatedLineItems: described.map((line, index) => ({
        lineItemId: line.line.id,
        pricesBreakdown: {
          totalPriceAfterTax: ecomPriceOf(ctx.site, priced.lines[index]!.total),
          totalPriceBeforeTax: ecomPriceOf(ctx.site, priced.lines[index]!.subtotal),
          totalDiscount: ecomPriceOf(ctx.site, priced.lines[index]!.discount),
          taxDetails: { taxRate: '0', totalTax: ecomPriceOf(ctx.site, priced.lines[index]!.tax) },
        },
        paymentOption: 'FULL_PAYMENT_ONLINE',
        taxableAddress: { addressType: 'BUSINESS' },
      })),
      priceSummary: summary,
      payNow: summary,
      payLater: priceSummaryWire(ctx.site, priceDescribed(row.currency, []).summary),
      appliedDiscounts: [],
      additionalFees: [],
      violations: violationsOf(described),
      taxSummary: { taxableAmount: summary.subtotal, totalTax: summary.tax },
      membershipOptions: { eligibleMemberships: [], invalidMemberships: [], selectedMemberships: [] },
      currency: row.currency,
      weightUnit: 'KG',
    };
  }

  return {
    view,
    async getCurrent(ctx: RequestContext) {
      const row = await repository.findCurrent(ctx.site.id, buyerOf(ctx));
      if (!row) throw ecomErrors.ownedCartNotFound();
      return (await view(ctx, row)).wire;
    },
    updateCurrent: (ctx: RequestContext, request: UpdateCartRequest) =>
      editCurrent(ctx, (alongside) => updateEdit(ctx, request, alongside)),
    deleteCurrent: (ctx: RequestContext) => remove(ctx, 'current'),
    addToCurrent: (ctx: RequestContext, request: AddToCartRequest) =>
      editCurrent(ctx, (alongside) => addEdit(ctx, request, alongside)),
    async add(ctx: RequestContext, cartId: string, request: AddToCartRequest) {
      return (await change(ctx, cartId, await addEdit(ctx, request))).wire;
    },
    async update(ctx: RequestContext, cartId: string, request: UpdateCartRequest) {
      return (await change(ctx, cartId, await updateEdit(ctx, request))).wire;
    },
    async removeLineItems(ctx: RequestContext, cartId: string | 'current', ids: string[]) {
      return (
        await change(ctx, cartId, {
          changes: (row) => ({ lineItems: removeLines(row.lineItems, ids) }),
        })
      ).wire;
    },
    async updateLineItemsQuantity(
      ctx: RequestContext,
      cartId: string | 'current',
      updates: Array<{ id: string; quantity: number }>,
    ) {
      return (
        await change(ctx, cartId, {
          changes: (row) => ({ lineItems: updateQuantities(row.lineItems, updates) }),
        })
      ).wire;
    },
    async removeCoupon(ctx: RequestContext, cartId: string | 'current') {
      return (
        await change(ctx, cartId, { changes: (row) => ({ doc: { ...row.doc, couponCode: undefined } }) })
      ).wire;
    },
    async removeBusinessLocation(ctx: RequestContext, cartId: string) {
      return (
        await change(ctx, cartId, {
          changes: (row) => ({ doc: { ...row.doc, businessLocationId: undefined } }),
        })
      ).wire;
    },
    createCheckout,
    estimateTotals,
    mergeVisitorCart,
    remove: (ctx: RequestContext, cartId: string) => remove(ctx, cartId),

    /** A cart by id: the business makes carts for anyone; a visitor's or member's cart is theirs. */
    async create(ctx: RequestContext, request: CreateCartRequest) {
      const known: KnownDescriptions = new Map();
      const added = await checkedLines(
        ctx,
        linesFromRequest(ctx, request.lineItems, request.customLineItems),
        known,
      );
      const doc = docFrom({}, request.cartInfo, request.couponCode);
      const buyer = buyerOf(ctx);
      const row = await database.transaction(async (tx) => {
        const created = await repository.insert(
          {
            siteId: ctx.site.id,
            visitorId: buyer.memberId ? null : (buyer.visitorId ?? null),
            memberId: buyer.memberId ?? null,
            current: false,
            currency: ctx.site.currency,
            doc,
            lineItems: addLines([], added),
          },
          tx,
        );
        await announce(tx, ctx.site.id, created, true);
        return created;
      });
      return (await view(ctx, row, known)).wire;
    },
    async get(ctx: RequestContext, cartId: string) {
      const row = isUuid(cartId) ? await repository.find(ctx.site.id, cartId) : undefined;
      if (!row || !ownsBuyerRow(ctx, row)) throw ecomErrors.cartNotFound(cartId);
      return (await view(ctx, row)).wire;
    },
    async getByCheckoutId(ctx: RequestContext, checkoutId: string) {
      const row = isUuid(checkoutId) ? await repository.findByCheckout(ctx.site.id, checkoutId) : undefined;
      if (!row || !ownsBuyerRow(ctx, row)) throw ecomErrors.cartNotFound(`of checkout ${checkoutId}`);
      return (await view(ctx, row)).wire;
    },
    /** After an order: the cart it came from is no longer its buyer's current cart. */
    async retire(tx: Tx, siteId: string, cartId: string) {
      await repository.update(siteId, cartId, { current: false }, tx);
    },
  };
}
export type CartsService = ReturnType<typeof createCartsService>;
