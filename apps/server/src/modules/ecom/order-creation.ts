import { randomUUID } from 'node:crypto';
import type { OrderCreationSettings, OrderInput, OrderLineItemInput } from '@atrium/contract/ecom/orders';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/database.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { invalidField } from '../../platform/errors/app-error.ts';
import { describeLines, type CatalogProviders, type DescribedLine } from './catalog-lines.ts';
import type { LineDoc, OrderDoc } from './ecom-docs.ts';
import { ecomErrors } from './ecom.errors.ts';
import { checkNewLines } from './line-edits.ts';
import type { OrderBook } from './order-book.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * Orders the business makes (createOrder: a phone or counter sale) and orders made elsewhere (importOrder).
 * A business order's catalog lines are priced by their catalog, its other lines carry their own name and
 * price; an imported line keeps the name and price it was sold at.
 */

export interface OrderCreationDeps {
  database: Database;
  repository: OrdersRepository;
  providers: CatalogProviders;
  book: OrderBook;
}

type BusinessOrderInput = OrderInput & { purchasedDate?: string | null };
export type ImportedOrderInput = BusinessOrderInput & {
  number?: string | number | null;
  status?: 'APPROVED' | 'CANCELED' | null;
  paymentStatus?: 'NOT_PAID' | 'PAID' | null;
};

function priceOf(input: OrderLineItemInput): string | undefined {
  if (input.price === null || input.price === undefined) return undefined;
  return typeof input.price === 'string' ? input.price : input.price.amount;
}

/** A line as the order book takes it: a catalog line the catalog describes, or a line of its own. */
export function lineDocOf(input: OrderLineItemInput, index: number, keepOwnPrice: boolean): LineDoc {
  const id = input.id && isUuid(input.id) ? input.id : randomUUID();
  const price = priceOf(input);
  const name = input.productName?.original;
  const reference = input.catalogReference
    ? {
        appId: input.catalogReference.appId,
        catalogItemId: input.catalogReference.catalogItemId,
        ...(input.catalogReference.options ? { options: input.catalogReference.options } : {}),
      }
    : undefined;
  if (reference && !(keepOwnPrice && price !== undefined && name)) {
    return { id, quantity: input.quantity, catalogReference: reference };
  }
  if (price === undefined || !name) {
    throw invalidField(
      `order.lineItems[${index}]`,
      'a line names a catalog item (catalogReference) or carries its own productName and price',
    );
  }
  const preset = input.itemType?.preset ?? 'PHYSICAL';
  return {
    id,
    quantity: input.quantity,
    ...(reference ? { catalogReference: reference } : {}),
    custom: {
      productName: name,
      price,
      itemType: {
        preset,
        ...(input.itemType?.custom ? { custom: input.itemType.custom } : {}),
      },
      ...(input.image ? { media: input.image } : {}),
      ...(input.physicalProperties?.sku ? { sku: input.physicalProperties.sku } : {}),
      shippable: input.physicalProperties?.shippable ?? preset === 'PHYSICAL',
    },
  };
}

/** The order's lines described (catalog lines by their provider; one naming nothing is refused with 404). */
export async function describeOrderLines(
  providers: CatalogProviders,
  ctx: RequestContext,
  inputs: readonly OrderLineItemInput[],
  keepOwnPrice: boolean,
): Promise<DescribedLine[]> {
  const docs = inputs.map((input, index) => lineDocOf(input, index, keepOwnPrice));
  const described = await describeLines(providers, ctx.site.id, docs, ctx.now());
  const kept = checkNewLines(described);
  return described.map((entry, index) => ({ ...entry, line: kept[index]! }));
}

function orderDocOf(ctx: RequestContext, input: BusinessOrderInput): OrderPlacementDoc {
  const email = input.buyerInfo?.email ?? undefined;
  const recipient = input.recipientInfo ?? undefined;
  return {
    ...(email ? { email } : {}),
    ...(input.buyerNote ? { buyerNote: input.buyerNote } : {}),
    ...(input.billingInfo ? { billingInfo: input.billingInfo as OrderDoc['billingInfo'] } : {}),
    ...(recipient ? { recipientInfo: recipient as OrderDoc['recipientInfo'] } : {}),
    ...(input.customFields ? { customFields: input.customFields as OrderDoc['customFields'] } : {}),
    channelType: input.channelInfo?.type ?? 'BACKOFFICE_MERCHANT',
    createdBy:
      ctx.caller.identityType === 'APP'
        ? { appId: ctx.caller.identityId ?? '' }
        : { userId: ctx.caller.identityId ?? '' },
  };
}
type OrderPlacementDoc = Omit<OrderDoc, 'priceSummary' | 'activities' | 'roundingRule'>;

function purchasedDateOf(ctx: RequestContext, value: string | null | undefined) {
  if (!value) return undefined;
  const date = new Date(value);
  if (date.getTime() > ctx.now().getTime() + 60_000) throw ecomErrors.purchasedDateInFuture();
  return date;
}

function requireLines(input: OrderInput) {
  if (!input.lineItems || input.lineItems.length === 0) {
    throw invalidField('order.lineItems', 'an order has at least one line item', 'REQUIRED_FIELD');
  }
  return input.lineItems;
}

export function createOrderCreation(deps: OrderCreationDeps) {
  const { database, repository, providers, book } = deps;

  return {
    /**
     * The business makes an order. It waits for payment (INITIALIZED) unless it costs nothing; its goods
     * are held or taken as a placed order's are unless `settings.updateInventory` is false; the buyer is
     * mailed unless `settings.notifications.sendNotificationToBuyer` is false.
     */
    async create(
      ctx: RequestContext,
      input: BusinessOrderInput,
      settings: OrderCreationSettings | null | undefined,
    ) {
      const lines = requireLines(input);
      const purchasedDate = purchasedDateOf(ctx, input.purchasedDate);
      const described = await describeOrderLines(providers, ctx, lines, false);
      const number = await book.takeNumber(ctx);
      const { order } = await database.transaction((tx) =>
        book.place(ctx, tx, {
          number,
          checkoutId: null,
          visitorId: null,
          memberId: input.buyerInfo?.memberId ?? null,
          email: input.buyerInfo?.email ?? null,
          described,
          doc: orderDocOf(ctx, input),
          initialStatus: 'INITIALIZED',
          takeStock: settings?.updateInventory ?? true,
          sendMail: settings?.notifications?.sendNotificationToBuyer ?? true,
          ...(purchasedDate ? { purchasedDate } : {}),
        }),
      );
      return order;
    },

    /**
     * An order made elsewhere: no stock, no mail, marked imported. Importing again with the id of an
     * earlier import replaces it; the id of an order made here is refused.
     */
    async import(ctx: RequestContext, input: ImportedOrderInput) {
      const lines = requireLines(input);
      const purchasedDate = purchasedDateOf(ctx, input.purchasedDate);
      const described = await describeOrderLines(providers, ctx, lines, true);
      const id = input.id && isUuid(input.id) ? input.id : undefined;
      const number =
        input.number !== null && input.number !== undefined
          ? Number(input.number)
          : await book.takeNumber(ctx);
      const { order } = await database.transaction(async (tx) => {
        if (id) {
          const existing = await repository.find(ctx.site.id, id, tx, true);
          if (existing && !existing.doc.imported) throw ecomErrors.cannotOverwriteNonImported(id);
          if (existing) await repository.deleteOne(ctx.site.id, id, tx);
        }
        return book.place(ctx, tx, {
          checkoutId: null,
          visitorId: null,
          memberId: input.buyerInfo?.memberId ?? null,
          email: input.buyerInfo?.email ?? null,
          described,
          doc: orderDocOf(ctx, input),
          imported: true,
          initialStatus: input.status ?? 'APPROVED',
          paidElsewhere: input.paymentStatus === 'PAID',
          ...(id ? { id } : {}),
          number,
          ...(purchasedDate ? { purchasedDate } : {}),
        });
      });
      return order;
    },
  };
}
export type OrderCreation = ReturnType<typeof createOrderCreation>;
