import { z } from 'zod';
import { formattedAmountSchema, nonNegativeDecimalStringSchema } from '../money.ts';
import { filterSchema } from '../query.ts';
import {
  addressWithContactSchema,
  catalogReferenceSchema,
  buyerEmailSchema,
  ecomSortSchema,
} from './common.ts';

/** Orders (`/ecom/v1/orders`): one order for products, bookings and tickets. */

export const orderStatuses = ['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderPaymentStatuses = [
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];
export const orderFulfillmentStatuses = ['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED'] as const;
export type OrderFulfillmentStatus = (typeof orderFulfillmentStatuses)[number];

export const orderActivityTypes = [
  'ORDER_REFUNDED',
  'ORDER_PLACED',
  'ORDER_PAID',
  'ORDER_FULFILLED',
  'ORDER_NOT_FULFILLED',
  'ORDER_CANCELED',
  'DOWNLOAD_LINK_SENT',
  'TRACKING_NUMBER_ADDED',
  'TRACKING_NUMBER_EDITED',
  'TRACKING_LINK_ADDED',
  'SHIPPING_CONFIRMATION_EMAIL_SENT',
  'INVOICE_ADDED',
  'INVOICE_REMOVED',
  'INVOICE_SENT',
  'FULFILLER_EMAIL_SENT',
  'SHIPPING_ADDRESS_EDITED',
  'EMAIL_EDITED',
  'PICKUP_READY_EMAIL_SENT',
  'CUSTOM_ACTIVITY',
  'MERCHANT_COMMENT',
  'ORDER_CREATED_FROM_EXCHANGE',
  'NEW_EXCHANGE_ORDER_CREATED',
  'ORDER_PARTIALLY_PAID',
  'DRAFT_ORDER_CHANGES_APPLIED',
  'SAVED_PAYMENT_METHOD',
  'PAYMENT_PENDING',
  'PAYMENT_CANCELED',
  'PAYMENT_DECLINED',
  'ORDER_PENDING',
  'ORDER_REJECTED',
] as const;
export type OrderActivityType = (typeof orderActivityTypes)[number];

/** Activities a caller may add: a merchant comment or a custom activity (the rest the server writes). */
export const activityInputSchema = z
  .object({
    type: z.enum(orderActivityTypes).nullish(),
    merchantComment: z.object({ message: z.string().min(1).max(5000) }).nullish(),
    customActivity: z
      .object({
        appId: z.string().max(100).nullish(),
        type: z.string().min(1).max(100),
        additionalData: z.record(z.string(), z.string().max(1000)).nullish(),
      })
      .nullish(),
  })
  .loose();

export const orderLineItemSchema = z
  .object({
    id: z.string(),
    quantity: z.number(),
    productName: z.object({ original: z.string(), translated: z.string() }),
    price: formattedAmountSchema,
    totalPriceBeforeTax: formattedAmountSchema,
    totalPriceAfterTax: formattedAmountSchema,
    totalDiscount: formattedAmountSchema,
    itemType: z.looseObject({}),
    paymentOption: z.string(),
    fixedQuantity: z.boolean(),
  })
  .loose();

export const orderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.enum(orderStatuses),
    paymentStatus: z.enum(orderPaymentStatuses),
    fulfillmentStatus: z.enum(orderFulfillmentStatuses),
    currency: z.string(),
    lineItems: z.array(orderLineItemSchema),
    priceSummary: z.looseObject({ total: formattedAmountSchema }),
    balanceSummary: z.looseObject({}),
    buyerInfo: z.looseObject({}),
    activities: z.array(z.looseObject({ id: z.string(), type: z.string() })),
    tags: z.looseObject({}),
    createdDate: z.string(),
    updatedDate: z.string(),
  })
  .loose();
export type OrderWire = z.infer<typeof orderSchema>;
export const orderResponseSchema = z.object({ order: orderSchema });

/**
 * A line of an order the business makes: a catalog item (priced by its catalog) or a line of its own with
 * a name and a price.
 */
export const orderLineItemInputSchema = z
  .object({
    id: z.string().max(100).nullish(),
    quantity: z.number().int().min(1).max(100_000),
    catalogReference: catalogReferenceSchema.nullish(),
    productName: z
      .object({ original: z.string().min(1).max(1000) })
      .loose()
      .nullish(),
    price: z
      .union([nonNegativeDecimalStringSchema, z.object({ amount: nonNegativeDecimalStringSchema }).loose()])
      .nullish(),
    itemType: z
      .object({ preset: z.string().max(50).nullish(), custom: z.string().max(100).nullish() })
      .loose()
      .nullish(),
    image: z.string().max(2000).nullish(),
    physicalProperties: z
      .object({ sku: z.string().max(100).nullish(), shippable: z.boolean().nullish() })
      .loose()
      .nullish(),
  })
  .loose();
export type OrderLineItemInput = z.infer<typeof orderLineItemInputSchema>;

/** What the business may set when it creates or edits an order; statuses have their own calls. */
export const orderInputSchema = z
  .object({
    id: z.string().max(100).nullish(),
    lineItems: z.array(orderLineItemInputSchema).max(300).nullish(),
    buyerInfo: z
      .object({ email: buyerEmailSchema.nullish(), memberId: z.string().max(100).nullish() })
      .loose()
      .nullish(),
    billingInfo: addressWithContactSchema.nullish(),
    shippingInfo: z.looseObject({}).nullish(),
    recipientInfo: addressWithContactSchema.nullish(),
    buyerNote: z.string().max(1000).nullish(),
    channelInfo: z
      .object({ type: z.string().max(50) })
      .loose()
      .nullish(),
    tags: z.looseObject({}).nullish(),
    customFields: z.array(z.looseObject({})).max(20).nullish(),
    archived: z.boolean().nullish(),
    seenByAHuman: z.boolean().nullish(),
  })
  .loose();
export type OrderInput = z.infer<typeof orderInputSchema>;

export const createOrderRequestSchema = z.object({
  order: orderInputSchema,
  settings: z.looseObject({}).nullish(),
});
export const updateOrderRequestSchema = z.object({
  order: orderInputSchema,
  fieldMask: z.unknown().optional(),
});

export const searchOrdersRequestSchema = z.object({
  search: z
    .object({
      filter: filterSchema.nullish(),
      sort: z.array(ecomSortSchema).max(5).nullish(),
      cursorPaging: z
        .object({ limit: z.number().int().min(1).max(100).nullish(), cursor: z.string().max(2000).nullish() })
        .nullish(),
    })
    .nullish(),
});
export const searchOrdersResponseSchema = z.object({
  orders: z.array(orderSchema),
  metadata: z.object({
    count: z.number(),
    cursors: z.object({ next: z.string().optional(), prev: z.string().optional() }),
    hasNext: z.boolean(),
  }),
});

export const cancelOrderRequestSchema = z.object({
  sendOrderCanceledEmail: z.boolean().nullish(),
  customMessage: z.string().max(2000).nullish(),
  restockAllItems: z.boolean().nullish(),
});

export const updateOrderStatusRequestSchema = z.object({ status: z.enum(orderStatuses) });

export const addActivityRequestSchema = z.object({ activity: activityInputSchema });
export const addActivitiesRequestSchema = z.object({
  orderActivities: z.array(activityInputSchema).min(1).max(50),
});
export const updateActivityRequestSchema = z.object({ activity: activityInputSchema });

export const updateOrderLineItemRequestSchema = z.object({
  lineItem: z
    .object({
      id: z.string().max(100).nullish(),
      productName: z
        .object({ original: z.string().max(1000) })
        .loose()
        .nullish(),
      descriptionLines: z.array(z.looseObject({})).max(50).nullish(),
    })
    .loose(),
});

export const bulkUpdateOrdersRequestSchema = z.object({
  orders: z
    .array(z.object({ order: orderInputSchema }).loose())
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
});

export const bulkUpdateOrderTagsRequestSchema = z.object({
  orderIds: z.array(z.string().max(100)).min(1).max(100),
  assignTags: z.looseObject({}).nullish(),
  unassignTags: z.looseObject({}).nullish(),
});

export const aggregateOrdersRequestSchema = z.object({
  filter: filterSchema.nullish(),
  aggregation: z.record(z.string(), z.unknown()).nullish(),
  hierarchySeparatorOverride: z.string().max(5).nullish(),
});

export const commitDeltasRequestSchema = z
  .object({
    draftOrderId: z.string().max(100).nullish(),
    changes: z.looseObject({}).nullish(),
    commitSettings: z.looseObject({}).nullish(),
    reason: z.string().max(1000).nullish(),
  })
  .loose();

export { nonNegativeDecimalStringSchema as orderAmountSchema };
