import type { CatalogReference } from '../../platform/catalog/catalog-provider.ts';

/** The jsonb documents of the ecom tables (ecom.tables.ts). Amounts are decimal strings in the row's currency. */

/** A line of a cart or checkout: a catalog item (described by its provider on every read) or a custom line. */
export interface LineDoc {
  id: string;
  quantity: number;
  catalogReference?: CatalogReference;
  /** A line the business made up: its own name, price and type, no provider behind it. */
  custom?: CustomLineDoc;
  /** The catalog sells it one at a time (a booking): its quantity stays 1. */
  fixedQuantity?: boolean;
}

export interface CustomLineDoc {
  productName: string;
  price: string;
  fullPrice?: string;
  itemType: { preset?: string; custom?: string };
  descriptionLines?: unknown[];
  media?: string;
  sku?: string;
  shippable?: boolean;
}

export interface AddressDoc {
  address?: Record<string, unknown>;
  contactDetails?: Record<string, unknown>;
}

export interface CartDoc {
  buyerNote?: string;
  buyerLanguage?: string;
  email?: string;
  contactInfo?: AddressDoc;
  couponCode?: string;
  businessLocationId?: string;
  overrideCheckoutUrl?: string;
  purchaseFlowId?: string;
  selectedShippingOption?: { code: string };
}

export interface CheckoutDoc {
  email?: string;
  buyerNote?: string;
  buyerLanguage?: string;
  billingInfo?: AddressDoc;
  shippingDestination?: AddressDoc;
  selectedShippingOption?: { code: string };
  customFields?: Array<{ title: string; value: unknown; translatedTitle?: string }>;
  channelType?: string;
  couponCode?: string;
  giftCardCode?: string;
  overrideCheckoutUrl?: string;
  purchaseFlowId?: string;
  /** Who created it, as the clients read `createdBy`. */
  createdBy?: { visitorId?: string; memberId?: string; userId?: string; appId?: string };
  /** The payment gateway order prepared for it (create-order answers its id). */
  paymentGatewayOrderId?: string;
}

/** A line of an order: a snapshot of what was bought, so later catalog edits never change it. */
export interface OrderLineDoc {
  id: string;
  quantity: number;
  catalogReference?: CatalogReference;
  productName: string;
  itemType: { preset?: string; custom?: string };
  /** Unit price paid and list price. */
  price: string;
  fullPrice: string;
  /** price × quantity, the line's discount and tax, rounded at the line (commerce.md, "Money"). */
  lineSubtotal: string;
  discount: string;
  tax: string;
  taxRate: string;
  total: string;
  options: Record<string, string>;
  media?: string;
  sku?: string;
  shippable: boolean;
  fixedQuantity: boolean;
  serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number };
  refundedQuantity: number;
  fulfilledQuantity: number;
  /** Units taken from stock for this line, once an edit moved stock (else: all of it when stockCommitted). */
  stockTaken?: number;
}

export interface PriceSummaryDoc {
  subtotal: string;
  shipping: string;
  tax: string;
  discount: string;
  total: string;
}

export interface ActivityDoc {
  id: string;
  type: string;
  createdDate: string;
  /** `merchantComment.message`, `customActivity`, or what a system activity carries (amounts, ids). */
  data?: Record<string, unknown>;
}

export interface OrderDoc {
  email?: string;
  buyerNote?: string;
  buyerLanguage?: string;
  contactId?: string;
  billingInfo?: AddressDoc;
  shippingDestination?: AddressDoc;
  recipientInfo?: AddressDoc;
  selectedShippingOption?: { code: string; title?: string };
  priceSummary: PriceSummaryDoc;
  channelType: string;
  customFields?: Array<{ title: string; value: unknown }>;
  activities: ActivityDoc[];
  createdBy: { visitorId?: string; memberId?: string; userId?: string; appId?: string };
  /** Private tags the business assigned (`tags.privateTags.tagIds`) and public ones (`tags.tags.tagIds`). */
  privateTags?: string[];
  seenByAHuman?: boolean;
  /** How amounts were rounded: half-up per line to the currency's minor units. */
  roundingRule: 'HALF_UP_PER_LINE';
  /** Which gateway the buyer chose at checkout (`test` card payment, `offline` pay in person). */
  paymentGatewayOrderId?: string;
  cancellation?: { reason?: string; restocked: boolean; date: string };
  /** An order made elsewhere and imported: it took no stock and sent no mail. */
  imported?: boolean;
  /** Its goods are not taken from stock, not even once paid (created with `updateInventory: false`, imported). */
  stockUntracked?: boolean;
  /** Shipments and pickups of the order's lines (fulfillments). */
  fulfillments?: FulfillmentDoc[];
}

export interface FulfillmentDoc {
  id: string;
  createdDate: string;
  lineItems: Array<{ id: string; quantity: number }>;
  trackingInfo?: { trackingNumber?: string; shippingProvider?: string; trackingLink?: string };
}

export interface PaymentDoc {
  methodName?: string;
  offline?: boolean;
  card?: { brand: string; lastFourDigits: string };
  /** An authorized payment's captures and void (authorizationDetails). */
  authorization?: {
    delayedCapture: boolean;
    authorizedDate: string;
    captures: Array<{ id: string; status: string; amount: string; createdDate: string }>;
    void?: { status: string; voidedDate: string; reason: string };
  };
  chargebacks?: Array<{ id: string; amount: string; status: string; createdDate: string }>;
}

export interface RefundDoc {
  payments: Array<{
    paymentId: string;
    amount: string;
    status: string;
    gatewayRefundId?: string;
    externalRefund: boolean;
  }>;
  items?: Array<{ lineItemId: string; quantity: number }>;
  reason?: string;
  restocked: boolean;
  /** Who asked for it: the business, or Atrium when a late payment found the stock gone. */
  source: 'BUSINESS' | 'LATE_PAYMENT';
}
