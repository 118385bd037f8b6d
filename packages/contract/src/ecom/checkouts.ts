import { z } from 'zod';
import { ecomPriceSchema, nonNegativeDecimalStringSchema } from '../money.ts';
import { addressSchema } from '../address.ts';
import {
  addressWithContactSchema,
  buyerEmailSchema,
  customLineItemInputSchema,
  lineItemIdsSchema,
  lineItemInputSchema,
  lineItemQuantityUpdateSchema,
  lineItemSchema,
  violationSchema,
} from './common.ts';

/** Checkouts (`/ecom/v1/checkouts`): lines, buyer, addresses, price summary, completion into an order. */

export const checkoutChannelTypes = ['WEB', 'OTHER_PLATFORM', 'WIX_APP_STORE'] as const;

/** What the buyer may set on a checkout; completion, totals and availability are the server's. */
export const checkoutInfoInputSchema = z
  .object({
    id: z.string().max(100).nullish(),
    billingInfo: addressWithContactSchema.nullish(),
    shippingInfo: z
      .object({
        shippingDestination: addressWithContactSchema.nullish(),
        selectedCarrierServiceOption: z
          .object({ code: z.string().max(200) })
          .loose()
          .nullish(),
      })
      .loose()
      .nullish(),
    buyerNote: z.string().max(1000).nullish(),
    buyerInfo: z.object({ email: buyerEmailSchema.nullish() }).loose().nullish(),
    buyerLanguage: z.string().max(20).nullish(),
    customFields: z
      .array(
        z.object({
          title: z.string().max(200),
          value: z.unknown(),
          translatedTitle: z.string().max(200).nullish(),
        }),
      )
      .max(20)
      .nullish(),
    channelType: z.enum(checkoutChannelTypes).nullish(),
  })
  .loose();
export type CheckoutInfoInput = z.infer<typeof checkoutInfoInputSchema>;

export const checkoutPriceSummarySchema = z.object({
  subtotal: ecomPriceSchema,
  shipping: ecomPriceSchema,
  tax: ecomPriceSchema,
  discount: ecomPriceSchema,
  total: ecomPriceSchema,
  additionalFees: ecomPriceSchema,
});

export const checkoutSchema = z
  .object({
    id: z.string(),
    lineItems: z.array(lineItemSchema),
    buyerInfo: z.looseObject({}),
    currency: z.string(),
    conversionCurrency: z.string(),
    paymentCurrency: z.string(),
    priceSummary: checkoutPriceSummarySchema,
    completed: z.boolean(),
    channelType: z.string(),
    violations: z.array(violationSchema),
    appliedDiscounts: z.array(z.looseObject({})),
    customFields: z.array(z.looseObject({})),
    additionalFees: z.array(z.looseObject({})),
    weightUnit: z.string(),
    taxIncludedInPrice: z.boolean(),
    createdDate: z.string(),
    updatedDate: z.string(),
  })
  .loose();
export type CheckoutWire = z.infer<typeof checkoutSchema>;
export const checkoutResponseSchema = z.object({ checkout: checkoutSchema });

export const createCheckoutRequestSchema = z.object({
  checkoutInfo: checkoutInfoInputSchema.nullish(),
  couponCode: z.string().max(100).nullish(),
  lineItems: z.array(lineItemInputSchema).max(300).nullish(),
  customLineItems: z.array(customLineItemInputSchema).max(300).nullish(),
  channelType: z.enum(checkoutChannelTypes).nullish(),
  giftCardCode: z.string().max(100).nullish(),
  overrideCheckoutUrl: z.string().max(2000).nullish(),
  giftCardRedeemAmount: nonNegativeDecimalStringSchema.nullish(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;

export const updateCheckoutRequestSchema = z.object({
  checkout: checkoutInfoInputSchema.nullish(),
  couponCode: z.string().max(100).nullish(),
  giftCardCode: z.string().max(100).nullish(),
  overrideCheckoutUrl: z.string().max(2000).nullish(),
  lineItems: z.array(lineItemInputSchema).max(300).nullish(),
  customLineItems: z.array(customLineItemInputSchema).max(300).nullish(),
  giftCardRedeemAmount: nonNegativeDecimalStringSchema.nullish(),
});
export type UpdateCheckoutRequest = z.infer<typeof updateCheckoutRequestSchema>;

export const addToCheckoutRequestSchema = z.object({
  lineItems: z.array(lineItemInputSchema).max(300).nullish(),
  customLineItems: z.array(customLineItemInputSchema).max(300).nullish(),
});
export const checkoutRemoveLineItemsRequestSchema = z.object({ lineItemIds: lineItemIdsSchema });
export const checkoutUpdateQuantitiesRequestSchema = z.object({
  lineItems: z.array(lineItemQuantityUpdateSchema).min(1).max(300),
});

export const createOrderRequestSchema = z
  .object({
    savePaymentMethod: z.boolean().nullish(),
    delayCapture: z.boolean().nullish(),
    inAppPurchase: z.boolean().nullish(),
  })
  .loose();
export const createOrderResponseSchema = z.object({
  orderId: z.string(),
  paymentGatewayOrderId: z.string().optional(),
  subscriptionId: z.string().optional(),
});

export const createOrderAndChargeRequestSchema = createOrderRequestSchema.extend({
  paymentToken: z.string().min(1).max(500),
});
export const createOrderAndChargeResponseSchema = createOrderResponseSchema.extend({
  paymentResponseToken: z.string().optional(),
});

export const markAsCompletedRequestSchema = z.object({ orderId: z.string().max(100).nullish() }).loose();

export const checkoutUrlResponseSchema = z.object({ checkoutUrl: z.string() });

export const paymentSettingsResponseSchema = z.object({
  paymentSettings: z.object({
    blockedPaymentOptions: z.array(z.string()),
  }),
});

export { addressSchema as checkoutAddressSchema };
