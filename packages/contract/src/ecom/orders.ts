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

/**
 * How a business order is made: `notifications.sendNotificationToBuyer` (default true) mails the buyer;
 * `orderApprovalStrategy` as the clients send it; `updateInventory` (Atrium's, default true) takes the
 * catalog lines' stock as a placed order does.
 */
export const orderCreationSettingsSchema = z
  .object({
    orderApprovalStrategy: z.enum(['DEFAULT', 'PAYMENT_RECEIVED', 'PAYMENT_METHOD_SAVED']).nullish(),
    notifications: z
      .object({
        sendNotificationToBuyer: z.boolean().nullish(),
        sendNotificationsToBusiness: z.boolean().nullish(),
      })
      .loose()
      .nullish(),
    updateInventory: z.boolean().nullish(),
  })
  .loose();
export type OrderCreationSettings = z.infer<typeof orderCreationSettingsSchema>;

export const createOrderRequestSchema = z.object({
  order: orderInputSchema,
  settings: orderCreationSettingsSchema.nullish(),
});

/**
 * An order made elsewhere: its lines keep the name and price they were sold at; it may say it was paid,
 * its status (APPROVED by default, or CANCELED), its number and when it was bought.
 */
export const importedOrderInputSchema = orderInputSchema.extend({
  number: z.union([z.string().regex(/^[1-9]\d{0,8}$/), z.number().int().min(1).max(999_999_999)]).nullish(),
  status: z.enum(['APPROVED', 'CANCELED']).nullish(),
  paymentStatus: z.enum(['NOT_PAID', 'PAID']).nullish(),
  purchasedDate: z.iso.datetime({ offset: true }).nullish(),
});
export const importOrderRequestSchema = z.object({ order: importedOrderInputSchema });
export const bulkDeleteImportedOrdersRequestSchema = z.object({
  orderIds: z.array(z.string().min(1).max(100)).min(1).max(100),
});
export const bulkDeleteImportedOrdersResponseSchema = z.object({ jobId: z.string() });

/** The number the next order gets; int64 on the wire, so a string (numbers are taken too). */
export const setOrderNumberCounterRequestSchema = z.object({
  counter: z.union([z.string().regex(/^[1-9]\d{0,8}$/), z.number().int().min(1).max(999_999_999)]),
  allowLowerCounter: z.boolean().nullish(),
});
export const setOrderNumberCounterResponseSchema = z.object({
  oldCounter: z.string(),
  newCounter: z.string(),
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
    .array(z.object({ order: orderInputSchema.extend({ id: z.string().min(1).max(100) }) }).loose())
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
});

/** One result of a bulk call: which item (by id and place in the request), and the order when asked for. */
export const bulkOrderResultSchema = z.object({
  itemMetadata: z.object({
    id: z.string().optional(),
    originalIndex: z.number(),
    success: z.boolean(),
    error: z.object({ code: z.string(), description: z.string() }).optional(),
  }),
  item: orderSchema.optional(),
});
export const bulkActionMetadataSchema = z.object({
  totalSuccesses: z.number(),
  totalFailures: z.number(),
  undetailedFailures: z.number(),
});
export const bulkOrdersResponseSchema = z.object({
  results: z.array(bulkOrderResultSchema),
  bulkActionMetadata: bulkActionMetadataSchema,
});

export const bulkUpdateOrderTagsRequestSchema = z.object({
  orderIds: z.array(z.string().max(100)).min(1).max(100),
  assignTags: z.looseObject({}).nullish(),
  unassignTags: z.looseObject({}).nullish(),
});

/** Fields an aggregation counts by (`$count: [fields]`) and sums over (`$sum`, `$avg`, `$min`, `$max`). */
export const orderAggregateGroupFields = [
  'status',
  'paymentStatus',
  'fulfillmentStatus',
  'archived',
] as const;
export const orderAggregateAmountFields = [
  'priceSummary.total.amount',
  'balanceSummary.paid.amount',
  'balanceSummary.refunded.amount',
] as const;
const aggregationSpecSchema = z.union([
  z.object({ $count: z.union([z.array(z.enum(orderAggregateGroupFields)).max(3), z.object({}).strict()]) }),
  z.object({ $sum: z.enum(orderAggregateAmountFields) }),
  z.object({ $avg: z.enum(orderAggregateAmountFields) }),
  z.object({ $min: z.enum(orderAggregateAmountFields) }),
  z.object({ $max: z.enum(orderAggregateAmountFields) }),
]);
export type OrderAggregationSpec = z.infer<typeof aggregationSpecSchema>;

/**
 * `aggregation`: named aggregates, e.g. `{byStatus: {$count: ['status']}, revenue: {$sum:
 * 'priceSummary.total.amount'}, orders: {$count: {}}}`; counts by several fields are keyed `(A|B)`.
 */
export const aggregateOrdersRequestSchema = z.object({
  filter: filterSchema.nullish(),
  aggregation: z
    .record(z.string().min(1).max(100), aggregationSpecSchema)
    .refine(
      (value) => Object.keys(value).length >= 1 && Object.keys(value).length <= 20,
      'between 1 and 20 aggregates',
    ),
  hierarchySeparatorOverride: z.string().min(1).max(100).nullish(),
});
export const aggregateOrdersResponseSchema = z.object({
  aggregates: z.record(z.string(), z.union([z.number(), z.record(z.string(), z.number())])),
});

/** A line an order edit adds (a catalog item priced by its catalog, or a line with its own name and price). */
const deltaLineSchema = orderLineItemInputSchema.partial({ quantity: true });

/** One line's change: added (with `lineItem`), its quantity or name changed (`lineItem`), or removed. */
export const lineItemDeltaSchema = z
  .object({
    lineItemId: z.string().min(1).max(100).nullish(),
    lineItemAdded: z.boolean().nullish(),
    lineItemRemoved: z.boolean().nullish(),
    changedDetails: z.looseObject({}).nullish(),
    lineItem: deltaLineSchema.nullish(),
  })
  .loose();

export const inventoryUpdateSchema = z.object({
  actionType: z.enum(['RESTOCK', 'DECREASE']),
  lineItemId: z.string().min(1).max(100),
  quantityChange: z.number().int().min(1).max(100_000),
});

/**
 * `POST /ecom/v1/orders/{id}/commit-deltas`: an order's edit as deltas (lines added, changed, removed;
 * billing, recipient and shipping info), and what it does to stock (`commitSettings.inventoryUpdates`).
 */
export const commitDeltasRequestSchema = z
  .object({
    draftOrderId: z.string().max(100).nullish(),
    changes: z
      .object({
        lineItems: z.array(lineItemDeltaSchema).max(300).nullish(),
        changedBillingInfo: addressWithContactSchema.nullish(),
        changedRecipientInfo: addressWithContactSchema.nullish(),
        changedShippingInfo: z
          .object({
            title: z.string().max(200).nullish(),
            logistics: z
              .object({ shippingDestination: addressWithContactSchema.nullish() })
              .loose()
              .nullish(),
          })
          .loose()
          .nullish(),
        shippingInfoRemoved: z.boolean().nullish(),
      })
      .loose()
      .nullish(),
    commitSettings: z
      .object({
        sendNotificationsToBuyer: z.boolean().nullish(),
        sendNotificationsToBusiness: z.boolean().nullish(),
        addActivitiesToOrder: z.boolean().nullish(),
        inventoryUpdates: z.array(inventoryUpdateSchema).max(300).nullish(),
      })
      .loose()
      .nullish(),
    reason: z.string().max(200).nullish(),
  })
  .loose();

/** Fulfillments (`@wix/ecom` orderFulfillments): which quantities of which lines left, with tracking. */
export const trackingInfoSchema = z.object({
  trackingNumber: z.string().max(100).nullish(),
  shippingProvider: z.string().max(100).nullish(),
  trackingLink: z.string().max(2000).nullish(),
});
export const fulfillmentInputSchema = z
  .object({
    lineItems: z
      .array(z.object({ id: z.string().min(1).max(100), quantity: z.number().int().min(1).max(100_000) }))
      .min(1)
      .max(300),
    trackingInfo: trackingInfoSchema.nullish(),
  })
  .loose();
export const createFulfillmentRequestSchema = z.object({ fulfillment: fulfillmentInputSchema });
export const updateFulfillmentRequestSchema = z.object({
  fulfillment: z.object({ trackingInfo: trackingInfoSchema.nullish() }).loose(),
});
export const fulfillmentSchema = z.object({
  id: z.string(),
  createdDate: z.string(),
  lineItems: z.array(z.object({ id: z.string(), quantity: z.number() })),
  trackingInfo: z
    .object({
      trackingNumber: z.string().optional(),
      shippingProvider: z.string().optional(),
      trackingLink: z.string().optional(),
    })
    .optional(),
});
export type FulfillmentWire = z.infer<typeof fulfillmentSchema>;
export const orderWithFulfillmentsSchema = z.object({
  orderId: z.string(),
  fulfillments: z.array(fulfillmentSchema),
});
export const orderWithFulfillmentsResponseSchema = z.object({
  orderWithFulfillments: orderWithFulfillmentsSchema,
});
export const createFulfillmentResponseSchema = orderWithFulfillmentsResponseSchema.extend({
  fulfillmentId: z.string(),
});

export { nonNegativeDecimalStringSchema as orderAmountSchema };
