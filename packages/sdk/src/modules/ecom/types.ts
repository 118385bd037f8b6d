import type { Address } from '@atrium/contract/address';
import type { CartWire } from '@atrium/contract/ecom/carts';
import type { CheckoutWire } from '@atrium/contract/ecom/checkouts';
import type { LineItemWire } from '@atrium/contract/ecom/common';
import type { OrderWire } from '@atrium/contract/ecom/orders';
import type { orderTransactionsSchema } from '@atrium/contract/ecom/payments';
import type { FormattedAmount } from '@atrium/contract/money';
import type { z } from 'zod';
import type { WithDates } from '../../dates.ts';

/**
 * What the commerce answers carry beyond the keys the contract requires of them: the contract's schemas
 * are loose (the clients read many optional keys), so these name the optional ones apps read, typed.
 */

/** The keys a loose schema names, without its index signature (which `Omit` would collapse everything to). */
type Known<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** One line of text under a line's name: a picked option (`Size: M`). */
export interface DescriptionLine {
  name: { original: string; translated?: string };
  plainText?: { original: string; translated?: string };
  lineType?: string;
}

export interface PhysicalProperties {
  shippable?: boolean;
  sku?: string;
}

interface LineExtras {
  /** The line's photo URL, when the catalog item has one. */
  image?: string;
  descriptionLines?: DescriptionLine[];
  physicalProperties?: PhysicalProperties;
  /** A booking line: when it takes place. */
  serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number };
}

/** A cart or checkout line: the catalog's name, price and availability for it. */
export type EcomLineItem = WithDates<Known<LineItemWire> & LineExtras>;

export type Cart = Omit<Known<WithDates<CartWire>>, 'lineItems'> & { lineItems: EcomLineItem[] };

/** An address with the contact it belongs to (billing info, a shipping destination). */
export interface AddressContact {
  address?: Address;
  contactDetails?: { firstName?: string; lastName?: string; phone?: string; company?: string };
}

export type Checkout = Omit<Known<WithDates<CheckoutWire>>, 'lineItems' | 'buyerInfo'> & {
  lineItems: EcomLineItem[];
  buyerInfo: { email?: string; memberId?: string; visitorId?: string };
  /** The cart the checkout was made from. */
  cartId?: string;
  buyerNote?: string;
  billingInfo?: AddressContact;
  shippingInfo?: { shippingDestination?: AddressContact };
  /** Set once the checkout became an order. */
  orderId?: string;
};

export interface OrderLineItem {
  id: string;
  quantity: number;
  productName: { original: string; translated: string };
  catalogReference?: { appId: string; catalogItemId: string; options?: Record<string, unknown> | null };
  descriptionLines?: DescriptionLine[];
  image?: string;
  physicalProperties?: PhysicalProperties;
  price: FormattedAmount;
  priceBeforeDiscounts?: FormattedAmount;
  totalPriceBeforeTax: FormattedAmount;
  totalPriceAfterTax: FormattedAmount;
  totalDiscount: FormattedAmount;
  refundQuantity?: number;
  /** How much of the line its fulfillments shipped or handed over. */
  fulfilledQuantity?: number;
  /** A booking line: when it takes place. */
  serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number };
}

/** One entry of an order's timeline; merchant comments carry their message. */
export interface OrderActivity {
  id: string;
  type: string;
  createdDate: Date;
  merchantComment?: { message: string };
  [key: string]: unknown;
}

export type Order = Omit<
  Known<WithDates<OrderWire>>,
  'lineItems' | 'activities' | 'priceSummary' | 'balanceSummary' | 'buyerInfo' | 'tags'
> & {
  lineItems: OrderLineItem[];
  priceSummary: {
    subtotal: FormattedAmount;
    shipping: FormattedAmount;
    tax: FormattedAmount;
    discount: FormattedAmount;
    total: FormattedAmount;
  };
  balanceSummary: { balance: FormattedAmount; paid: FormattedAmount; refunded: FormattedAmount };
  buyerInfo: { email?: string; memberId?: string; visitorId?: string };
  billingInfo?: AddressContact;
  shippingInfo?: { title?: string; logistics?: { shippingDestination?: AddressContact } };
  buyerNote?: string;
  activities: OrderActivity[];
  tags: { tags?: { tagIds: string[] }; privateTags?: { tagIds: string[] } };
  purchasedDate?: Date;
  /** Hidden from the default order list. */
  archived?: boolean;
  /** Made elsewhere and imported (it took no stock and sent no mail). */
  imported?: boolean;
  seenByAHuman?: boolean;
};

/** A payment of an order (the test gateway's card charges, payments marked as paid). */
export interface OrderPayment {
  id: string;
  amount: FormattedAmount;
  refunded?: FormattedAmount;
  createdDate: Date;
  regularPaymentDetails?: {
    status?: string;
    offlinePayment?: boolean;
    paymentMethod?: string;
    gatewayTransactionId?: string;
    creditCardDetails?: { brand?: string; lastFourDigits?: string };
  };
  [key: string]: unknown;
}

/** A refund of an order: which payments it returned money to, how much, and why. */
export interface OrderRefund {
  id: string;
  createdDate: Date;
  transactions: Array<{ paymentId: string; amount: FormattedAmount; refundStatus?: string }>;
  details?: { reason?: string };
  summary?: { requestedRefund?: FormattedAmount; refunded?: FormattedAmount; pending?: FormattedAmount };
  [key: string]: unknown;
}

export type OrderTransactions = Omit<
  WithDates<z.infer<typeof orderTransactionsSchema>>,
  'payments' | 'refunds'
> & {
  payments: OrderPayment[];
  refunds: OrderRefund[];
};
