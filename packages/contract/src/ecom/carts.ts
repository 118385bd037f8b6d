import { z } from 'zod';
import { ecomPriceSchema } from '../money.ts';
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
import { addressSchema } from '../address.ts';

/** Carts: the current cart of a visitor or member (`/ecom/v1/carts/current`) and carts by id. */

/** What a buyer or the business may set on a cart (`cartInfo`); the rest belongs to the server. */
export const cartInfoInputSchema = z
  .object({
    id: z.string().max(100).nullish(),
    buyerNote: z.string().max(1000).nullish(),
    buyerLanguage: z.string().max(20).nullish(),
    contactInfo: addressWithContactSchema.nullish(),
    businessLocationId: z.string().max(100).nullish(),
    overrideCheckoutUrl: z.string().max(2000).nullish(),
    purchaseFlowId: z.string().max(100).nullish(),
    buyerInfo: z.object({ email: buyerEmailSchema.nullish() }).loose().nullish(),
    selectedShippingOption: z
      .object({ code: z.string().max(200) })
      .loose()
      .nullish(),
  })
  .loose();

export const cartSchema = z
  .object({
    id: z.string(),
    lineItems: z.array(lineItemSchema),
    buyerInfo: z.object({
      visitorId: z.string().optional(),
      memberId: z.string().optional(),
      userId: z.string().optional(),
      email: z.string().optional(),
    }),
    currency: z.string(),
    conversionCurrency: z.string(),
    paymentCurrency: z.string(),
    weightUnit: z.string(),
    subtotal: ecomPriceSchema,
    appliedDiscounts: z.array(z.looseObject({})),
    taxIncludedInPrices: z.boolean(),
    createdDate: z.string(),
    updatedDate: z.string(),
  })
  .loose();
export type CartWire = z.infer<typeof cartSchema>;

export const cartResponseSchema = z.object({ cart: cartSchema });

export const createCartRequestSchema = z.object({
  cartInfo: cartInfoInputSchema.nullish(),
  couponCode: z.string().max(100).nullish(),
  lineItems: z.array(lineItemInputSchema).max(300).nullish(),
  customLineItems: z.array(customLineItemInputSchema).max(300).nullish(),
});
export type CreateCartRequest = z.infer<typeof createCartRequestSchema>;

export const updateCartRequestSchema = createCartRequestSchema.extend({
  merchantDiscounts: z.array(z.looseObject({})).max(50).nullish(),
});
export type UpdateCartRequest = z.infer<typeof updateCartRequestSchema>;

export const addToCartRequestSchema = z.object({
  lineItems: z.array(lineItemInputSchema).max(300).nullish(),
  customLineItems: z.array(customLineItemInputSchema).max(300).nullish(),
  businessLocationId: z.string().max(100).nullish(),
});
export type AddToCartRequest = z.infer<typeof addToCartRequestSchema>;

export const removeLineItemsRequestSchema = z.object({ lineItemIds: lineItemIdsSchema });
export const updateLineItemsQuantityRequestSchema = z.object({
  lineItems: z.array(lineItemQuantityUpdateSchema).min(1).max(300),
});

export const createCheckoutFromCartRequestSchema = z.object({
  channelType: z.string().max(50).nullish(),
  shippingAddress: addressSchema.nullish(),
  billingAddress: addressSchema.nullish(),
  selectedShippingOption: z
    .object({ code: z.string().max(200) })
    .loose()
    .nullish(),
  email: buyerEmailSchema.nullish(),
});
export type CreateCheckoutFromCartRequest = z.infer<typeof createCheckoutFromCartRequestSchema>;
export const createCheckoutFromCartResponseSchema = z.object({ checkoutId: z.string() });

export const estimateTotalsRequestSchema = z
  .object({
    selectedShippingOption: z
      .object({ code: z.string().max(200) })
      .loose()
      .nullish(),
    shippingAddress: addressSchema.nullish(),
    billingAddress: addressSchema.nullish(),
    selectedMemberships: z.looseObject({}).nullish(),
    calculateTax: z.boolean().nullish(),
    calculateShipping: z.boolean().nullish(),
    calculateAdditionalFees: z.boolean().nullish(),
  })
  .loose();

/** The totals of a cart as a checkout would price it (estimate-totals). */
export const estimateTotalsResponseSchema = z
  .object({
    cart: cartSchema,
    calculatedLineItems: z.array(z.looseObject({ lineItemId: z.string() })),
    priceSummary: z.looseObject({ subtotal: ecomPriceSchema, total: ecomPriceSchema }),
    appliedDiscounts: z.array(z.looseObject({})),
    additionalFees: z.array(z.looseObject({})),
    violations: z.array(violationSchema),
    currency: z.string(),
    weightUnit: z.string(),
  })
  .loose();
