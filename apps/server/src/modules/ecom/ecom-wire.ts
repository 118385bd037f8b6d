import type { CartWire } from '@atrium/contract/ecom/carts';
import type { CheckoutWire } from '@atrium/contract/ecom/checkouts';
import type { LineItemWire } from '@atrium/contract/ecom/common';
import type { EcomPrice } from '@atrium/contract/money';
import type { OrderWire } from '@atrium/contract/ecom/orders';
import type { Site } from '@atrium/contract/sites';
import { isPositive, money, sum, type Money } from '../../platform/money/money.ts';
import { toEcomPrice, toFormattedAmount } from '../../platform/money/wire.ts';
import type { DescribedLine } from './catalog-lines.ts';
import type { OrderLineDoc } from './ecom-docs.ts';
import type { CartRow, CheckoutRow, OrderRow, PaymentRow, RefundRow } from './ecom.tables.ts';
import type { PriceSummary } from './price-summary.ts';

/** Rows as the `@wix/ecom` clients read them; fields the clients treat as always present are always sent. */

type Pricing = Pick<Site, 'currency' | 'locale'>;

const text = (value: string) => ({ original: value, translated: value });

export function ecomPriceOf(site: Pricing, amount: string | Money) {
  return ecomPrice(site, amount);
}

/**
 * Prices given as decimal text, as the wire shows them, by currency, locale and text: a cart's lines
 * repeat a few prices, and formatting each one anew was most of the cost of a big cart's answer. The
 * answers share the (frozen) objects; the bound only guards against a flood of distinct prices.
 */
const ecomPrices = new Map<string, EcomPrice>();
const maxEcomPrices = 10_000;

function ecomPrice(site: Pricing, amount: string | Money): EcomPrice {
  if (typeof amount !== 'string') return toEcomPrice(amount, site.locale);
  const key = `${site.currency}|${site.locale}|${amount}`;
  let price = ecomPrices.get(key);
  if (!price) {
    price = Object.freeze(toEcomPrice(money(amount, site.currency), site.locale));
    if (ecomPrices.size >= maxEcomPrices) ecomPrices.clear();
    ecomPrices.set(key, price);
  }
  return price;
}

function orderAmount(site: Pricing, amount: string | Money) {
  return toFormattedAmount(typeof amount === 'string' ? money(amount, site.currency) : amount, site.locale);
}

function descriptionLines(options: Record<string, string>) {
  return Object.entries(options).map(([name, value]) => ({
    name: text(name),
    plainText: text(value),
    lineType: 'PLAIN_TEXT',
  }));
}

export function lineItemWire(site: Pricing, described: DescribedLine): LineItemWire {
  const { line } = described;
  return {
    id: line.id,
    quantity: line.quantity,
    catalogReference: line.catalogReference ?? {
      appId: 'atrium.custom',
      catalogItemId: line.id,
    },
    productName: text(described.name),
    price: ecomPrice(site, described.price),
    fullPrice: ecomPrice(site, described.fullPrice),
    priceBeforeDiscounts: ecomPrice(site, described.price),
    descriptionLines: descriptionLines(described.options),
    ...(described.media ? { image: described.media, media: described.media } : {}),
    availability: described.availability,
    physicalProperties: { shippable: described.shippable, ...(described.sku ? { sku: described.sku } : {}) },
    itemType: {
      ...(described.itemType.preset ? { preset: described.itemType.preset } : {}),
      custom: described.itemType.custom ?? '',
    },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    priceDescription: text(''),
    customLineItem: described.custom,
    priceUndetermined: false,
    fixedQuantity: described.fixedQuantity,
    savePaymentMethod: false,
    taxableAddress: { addressType: 'BUSINESS' },
    membersOnly: false,
    ...(described.serviceProperties ? { serviceProperties: described.serviceProperties } : {}),
  };
}

function buyerOf(row: { visitorId: string | null; memberId: string | null }, email?: string) {
  return {
    ...(row.memberId ? { memberId: row.memberId } : row.visitorId ? { visitorId: row.visitorId } : {}),
    ...(email ? { email } : {}),
  };
}

export function cartWire(site: Pricing, row: CartRow, lines: DescribedLine[], subtotal: Money): CartWire {
  const { doc } = row;
  return {
    id: row.id,
    lineItems: lines.map((line) => lineItemWire(site, line)),
    buyerInfo: buyerOf(row, doc.email),
    currency: row.currency,
    conversionCurrency: row.currency,
    paymentCurrency: row.currency,
    weightUnit: 'KG',
    subtotal: ecomPrice(site, subtotal),
    appliedDiscounts: [],
    taxIncludedInPrices: false,
    ...(doc.buyerNote ? { buyerNote: doc.buyerNote } : {}),
    ...(doc.buyerLanguage ? { buyerLanguage: doc.buyerLanguage } : {}),
    siteLanguage: site.locale.split('-')[0],
    ...(doc.contactInfo ? { contactInfo: doc.contactInfo } : {}),
    ...(doc.businessLocationId ? { businessLocationId: doc.businessLocationId } : {}),
    ...(doc.overrideCheckoutUrl ? { overrideCheckoutUrl: doc.overrideCheckoutUrl } : {}),
    ...(doc.purchaseFlowId ? { purchaseFlowId: doc.purchaseFlowId } : {}),
    ...(doc.selectedShippingOption ? { selectedShippingOption: doc.selectedShippingOption } : {}),
    ...(row.checkoutId ? { checkoutId: row.checkoutId } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

export function priceSummaryWire(site: Pricing, summary: PriceSummary) {
  return {
    subtotal: ecomPrice(site, summary.subtotal),
    shipping: ecomPrice(site, summary.shipping),
    tax: ecomPrice(site, summary.tax),
    discount: ecomPrice(site, summary.discount),
    total: ecomPrice(site, summary.total),
    additionalFees: ecomPrice(site, '0'),
  };
}

export interface CheckoutViolation {
  severity: 'WARNING' | 'ERROR';
  target: Record<string, unknown>;
  description: string;
}

/** What a checkout shows the buyer about its lines: gone, sold out, fewer left than wanted. */
export function violationsOf(lines: readonly DescribedLine[]): CheckoutViolation[] {
  return lines
    .flatMap((described): CheckoutViolation[] => {
      const target = {
        lineItem: { id: described.line.id, name: 'LINE_ITEM_DEFAULT' },
        other: { name: 'OTHER_DEFAULT' },
      };
      switch (described.availability.status) {
        case 'NOT_FOUND':
          return [{ severity: 'ERROR', target, description: 'This item is no longer available.' }];
        case 'NOT_AVAILABLE':
          return [
            {
              severity: 'ERROR',
              target,
              description: described.unavailableReason
                ? `${described.unavailableReason}.`
                : `${described.name || 'This item'} is out of stock.`,
            },
          ];
        case 'PARTIALLY_AVAILABLE':
          return [
            {
              severity: 'ERROR',
              target,
              description: `Only ${described.availability.quantityAvailable} of ${described.name} left.`,
            },
          ];
        default:
          return [];
      }
    })
    .map((violation) => ({ ...violation, suggestedFix: 'REMOVE_LINE_ITEM' }));
}

export function checkoutWire(
  site: Pricing,
  row: CheckoutRow,
  lines: DescribedLine[],
  priced: {
    summary: PriceSummary;
    lines: Array<{ subtotal: Money; discount: Money; tax: Money; total: Money }>;
  },
): CheckoutWire {
  const { doc } = row;
  return {
    id: row.id,
    lineItems: lines.map((line, index) => {
      const pricedLine = priced.lines[index]!;
      return {
        ...lineItemWire(site, line),
        lineItemPrice: ecomPrice(site, pricedLine.subtotal),
        totalPriceBeforeTax: ecomPrice(site, pricedLine.subtotal),
        totalPriceAfterTax: ecomPrice(site, pricedLine.total),
        totalDiscount: ecomPrice(site, pricedLine.discount),
        taxDetails: { taxRate: '0', totalTax: ecomPrice(site, pricedLine.tax) },
      };
    }),
    billingInfo: doc.billingInfo ?? {},
    shippingInfo: {
      ...(doc.shippingDestination ? { shippingDestination: doc.shippingDestination } : {}),
      ...(doc.selectedShippingOption
        ? {
            selectedCarrierServiceOption: {
              ...doc.selectedShippingOption,
              title: doc.selectedShippingOption.code,
            },
          }
        : {}),
      carrierServiceOptions: [],
    },
    ...(doc.buyerNote ? { buyerNote: doc.buyerNote } : {}),
    buyerInfo: buyerOf(row, doc.email),
    buyerLanguage: doc.buyerLanguage ?? site.locale.split('-')[0]!,
    siteLanguage: site.locale.split('-')[0]!,
    currency: row.currency,
    conversionCurrency: row.currency,
    paymentCurrency: row.currency,
    priceSummary: priceSummaryWire(site, priced.summary),
    payNow: priceSummaryWire(site, priced.summary),
    payLater: priceSummaryWire(site, {
      ...priced.summary,
      total: money('0', row.currency),
      subtotal: money('0', row.currency),
    }),
    completed: row.completed,
    channelType: doc.channelType ?? 'WEB',
    violations: violationsOf(lines),
    appliedDiscounts: [],
    customFields: doc.customFields ?? [],
    additionalFees: [],
    weightUnit: 'KG',
    taxIncludedInPrice: false,
    taxSummary: {
      taxableAmount: ecomPrice(site, priced.summary.subtotal),
      totalTax: ecomPrice(site, priced.summary.tax),
    },
    membershipOptions: {
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    },
    customSettings: {
      lockGiftCard: false,
      lockCouponCode: false,
      disabledPolicyAgreementCheckbox: false,
      disabledManualPayment: false,
    },
    createdBy: doc.createdBy ?? {},
    ...(row.cartId ? { cartId: row.cartId } : {}),
    ...(doc.overrideCheckoutUrl ? { overrideCheckoutUrl: doc.overrideCheckoutUrl } : {}),
    ...(doc.couponCode ? { couponCode: doc.couponCode } : {}),
    ...(doc.purchaseFlowId ? { purchaseFlowId: doc.purchaseFlowId } : {}),
    ...(row.orderId ? { orderId: row.orderId } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

function orderLineWire(site: Pricing, line: OrderLineDoc) {
  return {
    id: line.id,
    quantity: line.quantity,
    productName: text(line.productName),
    ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
    descriptionLines: descriptionLines(line.options),
    ...(line.media ? { image: line.media } : {}),
    physicalProperties: { shippable: line.shippable, ...(line.sku ? { sku: line.sku } : {}) },
    itemType: {
      ...(line.itemType.preset ? { preset: line.itemType.preset } : {}),
      custom: line.itemType.custom ?? '',
    },
    price: orderAmount(site, line.price),
    priceBeforeDiscounts: orderAmount(site, line.fullPrice),
    totalPriceBeforeTax: orderAmount(site, line.lineSubtotal),
    totalPriceAfterTax: orderAmount(site, line.total),
    totalDiscount: orderAmount(site, line.discount),
    taxDetails: { taxRate: line.taxRate, totalTax: orderAmount(site, line.tax) },
    taxInfo: {
      taxAmount: orderAmount(site, line.tax),
      taxRate: line.taxRate,
      taxIncludedInPrice: false,
      taxBreakdown: [],
    },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    priceDescription: text(''),
    priceUndetermined: false,
    fixedQuantity: line.fixedQuantity,
    taxableAddress: { addressType: 'BUSINESS' },
    refundQuantity: line.refundedQuantity,
    fulfilledQuantity: line.fulfilledQuantity,
    ...(line.serviceProperties ? { serviceProperties: line.serviceProperties } : {}),
  };
}

export function orderWire(site: Pricing, row: OrderRow): OrderWire {
  const { doc } = row;
  const balance = money(row.total, row.currency).amount.minus(row.paid).plus(row.refunded);
  return {
    id: row.id,
    number: String(row.number),
    status: row.status as OrderWire['status'],
    paymentStatus: row.paymentStatus as OrderWire['paymentStatus'],
    fulfillmentStatus: row.fulfillmentStatus as OrderWire['fulfillmentStatus'],
    currency: row.currency,
    ...(row.checkoutId ? { checkoutId: row.checkoutId } : {}),
    lineItems: row.lineItems.map((line) => orderLineWire(site, line)),
    buyerInfo: {
      ...(row.memberId ? { memberId: row.memberId } : row.visitorId ? { visitorId: row.visitorId } : {}),
      ...(row.buyerEmail ? { email: row.buyerEmail } : {}),
    },
    ...(doc.buyerNote ? { buyerNote: doc.buyerNote } : {}),
    buyerLanguage: doc.buyerLanguage ?? site.locale.split('-')[0]!,
    weightUnit: 'KG',
    taxIncludedInPrices: false,
    priceSummary: {
      subtotal: orderAmount(site, doc.priceSummary.subtotal),
      shipping: orderAmount(site, doc.priceSummary.shipping),
      tax: orderAmount(site, doc.priceSummary.tax),
      discount: orderAmount(site, doc.priceSummary.discount),
      total: orderAmount(site, doc.priceSummary.total),
      totalPrice: orderAmount(site, doc.priceSummary.total),
      totalAdditionalFees: orderAmount(site, '0'),
    },
    balanceSummary: {
      balance: orderAmount(site, money(balance, row.currency)),
      paid: orderAmount(site, row.paid),
      refunded: orderAmount(site, row.refunded),
      cashRoundingAdjustment: orderAmount(site, '0'),
    },
    billingInfo: doc.billingInfo ?? {},
    ...(doc.shippingDestination || doc.selectedShippingOption
      ? {
          shippingInfo: {
            title: doc.selectedShippingOption?.title ?? doc.selectedShippingOption?.code ?? '',
            logistics: doc.shippingDestination ? { shippingDestination: doc.shippingDestination } : {},
            cost: { price: orderAmount(site, doc.priceSummary.shipping) },
          },
        }
      : {}),
    ...(doc.recipientInfo ? { recipientInfo: doc.recipientInfo } : {}),
    activities: doc.activities.map((activity) => ({
      id: activity.id,
      type: activity.type,
      createdDate: activity.createdDate,
      ...(activity.data ?? {}),
    })),
    appliedDiscounts: [],
    additionalFees: [],
    customFields: doc.customFields ?? [],
    channelInfo: { type: doc.channelType },
    createdBy: doc.createdBy,
    attributionSource: 'UNSPECIFIED',
    tags: { privateTags: { tagIds: doc.privateTags ?? [] }, tags: { tagIds: row.tags } },
    archived: row.archived,
    seenByAHuman: doc.seenByAHuman ?? false,
    imported: doc.imported ?? false,
    taxInfo: { totalTax: orderAmount(site, doc.priceSummary.tax), taxBreakdown: [] },
    platformFeeSummary: { fees: [] },
    businessLocation: { id: '', name: '' },
    ...(row.purchasedDate ? { purchasedDate: row.purchasedDate.toISOString() } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

export function paymentWire(site: Pricing, row: PaymentRow) {
  const { doc } = row;
  return {
    id: row.id,
    amount: orderAmount(site, row.amount),
    refundDisabled: false,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    regularPaymentDetails: {
      status: row.status,
      offlinePayment: doc.offline ?? row.gateway === 'offline',
      paymentMethod: doc.methodName ?? (row.gateway === 'test' ? 'CreditCard' : 'Offline'),
      ...(row.gatewayChargeId ? { gatewayTransactionId: row.gatewayChargeId } : {}),
      providerTransactionId: row.gatewayChargeId ?? undefined,
      savedPaymentMethod: false,
      ...(doc.card ? { creditCardDetails: doc.card } : {}),
      ...(doc.authorization
        ? {
            authorizationDetails: {
              delayedCapture: doc.authorization.delayedCapture,
              authorizedDate: doc.authorization.authorizedDate,
              captures: doc.authorization.captures.map((capture) => ({
                ...capture,
                amount: orderAmount(site, capture.amount),
              })),
              ...(doc.authorization.void ? { void: doc.authorization.void } : {}),
            },
          }
        : {}),
    },
    refunded: orderAmount(site, row.refunded),
    ...(doc.chargebacks?.length
      ? {
          chargebacks: doc.chargebacks.map((chargeback) => ({
            ...chargeback,
            amount: orderAmount(site, chargeback.amount),
          })),
        }
      : {}),
  };
}

const pendingRefundStatuses = ['PENDING', 'SCHEDULED', 'STARTED'];

/**
 * What was asked, what came back to the buyer and what is still on its way, from each payment's refund
 * status: a payment whose refund failed counts in neither (the processor reported the money not moved).
 */
function refundSummary(site: Pricing, row: RefundRow) {
  const amountOf = (statuses: readonly string[]) =>
    sum(
      site.currency,
      row.doc.payments
        .filter((payment) => statuses.includes(payment.status))
        .map((payment) => money(payment.amount, site.currency)),
    );
  const refunded = amountOf(['SUCCEEDED']);
  const pending = amountOf(pendingRefundStatuses);
  return {
    requestedRefund: orderAmount(site, row.amount),
    ...(isPositive(refunded) ? { refunded: orderAmount(site, refunded) } : {}),
    ...(isPositive(pending) ? { pending: orderAmount(site, pending) } : {}),
  };
}

export function refundWire(site: Pricing, row: RefundRow) {
  return {
    id: row.id,
    createdDate: row.createdDate.toISOString(),
    transactions: row.doc.payments.map((payment) => ({
      paymentId: payment.paymentId,
      amount: orderAmount(site, payment.amount),
      refundStatus: payment.status,
      ...(payment.gatewayRefundId ? { gatewayRefundId: payment.gatewayRefundId } : {}),
      externalRefund: payment.externalRefund,
    })),
    details: {
      items: row.doc.items ?? [],
      shippingIncluded: false,
      ...(row.doc.reason ? { reason: row.doc.reason } : {}),
    },
    summary: refundSummary(site, row),
    requestingServiceAppId: row.doc.source === 'LATE_PAYMENT' ? 'atrium.ecom' : undefined,
  };
}
