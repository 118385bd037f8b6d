import { z } from 'zod';
import { addressSchema } from '../address.ts';
import { ecomPriceSchema, priceValueSchema } from '../money.ts';

/**
 * What carts, checkouts and orders share on the wire (`@wix/ecom` clients): catalog references, line items
 * as buyers add them, addresses and contacts, and the item vocabularies. Amounts are decimal strings.
 */

export { catalogAppIds } from './catalog-app-ids.ts';

/**
 * Which catalog item a line is: the vertical's app id, its item id and the options that pick a variant.
 * @example {"appId":"215238eb-22a5-4c36-9e7b-e7c08025e04e","catalogItemId":"8f1c…","options":{"variantId":"00000000-0000-0000-0000-000000000000"}}
 */
export const catalogReferenceSchema = z.object({
  appId: z.string().min(1).max(100),
  catalogItemId: z.string().min(1).max(200),
  options: z.record(z.string(), z.unknown()).nullish(),
});
export type CatalogReferenceWire = z.infer<typeof catalogReferenceSchema>;

export const quantitySchema = z.number().int().min(1).max(100_000);

export const itemTypePresets = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] as const;
export const itemAvailabilityStatuses = [
  'AVAILABLE',
  'NOT_FOUND',
  'NOT_AVAILABLE',
  'PARTIALLY_AVAILABLE',
] as const;
export type ItemAvailabilityStatus = (typeof itemAvailabilityStatuses)[number];

/** A translatable text as the clients send and read it. */
export const translatableSchema = z.object({
  original: z.string().max(1000),
  translated: z.string().max(1000).nullish(),
});

/** A catalog line as a buyer adds it: which item, how many. */
export const lineItemInputSchema = z
  .object({
    id: z.string().max(100).nullish(),
    quantity: quantitySchema,
    catalogReference: catalogReferenceSchema,
  })
  .loose();
export type LineItemInput = z.infer<typeof lineItemInputSchema>;

/** A line the business makes up (custom line items): its own name, price and type. */
export const customLineItemInputSchema = z
  .object({
    id: z.string().max(100).nullish(),
    quantity: quantitySchema,
    productName: translatableSchema,
    price: priceValueSchema,
    fullPrice: priceValueSchema.nullish(),
    itemType: z.object({ preset: z.enum(itemTypePresets).nullish(), custom: z.string().max(100).nullish() }),
    descriptionLines: z.array(z.looseObject({})).max(50).nullish(),
    media: z.string().max(2000).nullish(),
    catalogReference: catalogReferenceSchema.nullish(),
    physicalProperties: z
      .object({
        sku: z.string().max(100).nullish(),
        shippable: z.boolean().nullish(),
        weight: z.number().nullish(),
      })
      .nullish(),
  })
  .loose();
export type CustomLineItemInput = z.infer<typeof customLineItemInputSchema>;

export const lineItemQuantityUpdateSchema = z.object({
  id: z.string().min(1).max(100),
  quantity: quantitySchema,
});

export const lineItemIdsSchema = z.array(z.string().min(1).max(100)).min(1).max(300);

/** Contact details of a buyer or recipient. */
export const contactDetailsSchema = z
  .object({
    firstName: z.string().max(100).nullish(),
    lastName: z.string().max(100).nullish(),
    phone: z.string().max(50).nullish(),
    company: z.string().max(200).nullish(),
  })
  .loose();

/** An address with its contact (billing info, shipping destination, a cart's contact info). */
export const addressWithContactSchema = z.object({
  address: addressSchema.nullish(),
  contactDetails: contactDetailsSchema.nullish(),
});
export type AddressWithContact = z.infer<typeof addressWithContactSchema>;

export const buyerEmailSchema = z.email().max(320);

/** A line as the server answers it (carts and checkouts): what the catalog said, priced. */
export const lineItemSchema = z
  .object({
    id: z.string(),
    quantity: z.number(),
    catalogReference: catalogReferenceSchema,
    productName: z.object({ original: z.string(), translated: z.string() }),
    price: ecomPriceSchema,
    fullPrice: ecomPriceSchema,
    priceBeforeDiscounts: ecomPriceSchema,
    availability: z.object({
      status: z.enum(itemAvailabilityStatuses),
      quantityAvailable: z.number().optional(),
    }),
    itemType: z.object({ preset: z.string().optional(), custom: z.string() }),
    customLineItem: z.boolean(),
    fixedQuantity: z.boolean(),
  })
  .loose();
export type LineItemWire = z.infer<typeof lineItemSchema>;

/** A violation a cart or checkout shows the buyer (a line out of stock, an empty checkout). */
export const violationSchema = z.object({
  severity: z.enum(['WARNING', 'ERROR']),
  target: z.looseObject({}),
  description: z.string(),
});

export const ecomSortSchema = z.object({
  fieldName: z.string().min(1).max(100),
  order: z.enum(['ASC', 'DESC']).nullish(),
});
