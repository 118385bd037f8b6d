import { z } from 'zod';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import { catalogV1PriceDataSchema, priceMaximum } from '../money.ts';
import { offsetPagingMetadataSchema, offsetPagingSchema, querySchema } from '../query.ts';

/**
 * Store catalog v1 (`@wix/stores` products, collections): the wire of catalog-events.md §7.1-7.3. Prices
 * are JSON numbers here (the only client family that sends them so); the server rounds them to the
 * site's currency.
 */

export const storesProductTypes = ['physical', 'digital'] as const;
export const storesOptionTypes = ['drop_down', 'color'] as const;
export const storesDiscountTypes = ['NONE', 'AMOUNT', 'PERCENT'] as const;
export const storesInventoryStatuses = ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'] as const;
export const storesMeasurementUnits = [
  'UNSPECIFIED',
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
] as const;

/** The id of the collection every product is in (as the clients name it). */
export const allProductsCollectionId = '00000000-000000-000000-000000000001';
/** The id of the variant of a product without options. */
export const defaultVariantId = '00000000-0000-0000-0000-000000000000';

/** Product limits (checked with these numbers in the messages). */
export const storesLimits = {
  nameLength: 80,
  descriptionLength: 8000,
  skuLength: 40,
  options: 6,
  choicesPerOption: 100,
  variants: 1000,
  mediaItems: 100,
  ribbonLength: 30,
  brandLength: 50,
  weight: 999_999,
  customTextFields: 2,
  customTextTitleLength: 100,
  customTextMaxLength: 500,
  infoSections: 10,
  infoSectionTitleLength: 50,
} as const;

const amountSchema = z.number().min(0).max(priceMaximum).finite();
const nameText = (max: number) => z.string().trim().min(1).max(max);

export const storesChoiceInputSchema = z.object({
  /** A colour code for colour options (`#000000`), else the choice's text. */
  value: z.string().trim().max(100).optional(),
  description: nameText(100),
  visible: z.boolean().nullish(),
  inStock: z.boolean().nullish(),
});

export const storesOptionInputSchema = z.object({
  optionType: z.enum(storesOptionTypes).optional(),
  name: nameText(50),
  choices: z.array(storesChoiceInputSchema).min(1).max(storesLimits.choicesPerOption),
});

export const pricePerUnitDataSchema = z.object({
  totalQuantity: z.number().positive().max(1_000_000),
  totalMeasurementUnit: z.enum(storesMeasurementUnits),
  baseQuantity: z.number().positive().max(1_000_000),
  baseMeasurementUnit: z.enum(storesMeasurementUnits),
});

export const discountSchema = z.object({
  type: z.enum(storesDiscountTypes),
  value: z.number().min(0).max(999_999_999).finite().default(0),
});
export type StoresDiscount = z.infer<typeof discountSchema>;

/** What a product write may set (`createProduct`, `updateProduct`); everything else is the server's. */
export const productInputSchema = z.object({
  id: z.string().optional(),
  name: nameText(storesLimits.nameLength).optional(),
  slug: z.string().trim().min(1).max(100).optional(),
  visible: z.boolean().nullish(),
  productType: z.enum(storesProductTypes).optional(),
  description: z.string().max(storesLimits.descriptionLength).nullish(),
  sku: z.string().trim().max(storesLimits.skuLength).nullish(),
  weight: z.number().min(0).max(storesLimits.weight).finite().nullish(),
  priceData: z.object({ price: amountSchema.nullish() }).optional(),
  costAndProfitData: z.object({ itemCost: amountSchema.nullish() }).optional(),
  discount: discountSchema.optional(),
  manageVariants: z.boolean().nullish(),
  productOptions: z.array(storesOptionInputSchema).max(storesLimits.options).optional(),
  pricePerUnitData: pricePerUnitDataSchema.optional(),
  additionalInfoSections: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(storesLimits.infoSectionTitleLength),
        description: z.string().max(16_000),
      }),
    )
    .max(storesLimits.infoSections)
    .optional(),
  customTextFields: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(storesLimits.customTextTitleLength),
        maxLength: z.number().int().min(1).max(storesLimits.customTextMaxLength),
        mandatory: z.boolean().optional(),
      }),
    )
    .max(storesLimits.customTextFields)
    .optional(),
  ribbon: z.string().trim().max(storesLimits.ribbonLength).nullish(),
  brand: z.string().trim().max(storesLimits.brandLength).nullish(),
  seoData: z.record(z.string(), z.unknown()).optional(),
});
export type ProductInput = z.infer<typeof productInputSchema>;

export const createProductRequestSchema = z.object({
  product: productInputSchema.extend({
    name: nameText(storesLimits.nameLength),
    priceData: z.object({ price: amountSchema }),
  }),
});
export const updateProductRequestSchema = z.object({ product: productInputSchema });

const mediaUrlSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  format: z.string().nullish(),
  altText: z.string().nullish(),
});
export const storesMediaItemSchema = z.object({
  id: z.string(),
  mediaType: z.enum(['image', 'video']),
  title: z.string(),
  image: mediaUrlSchema.optional(),
  video: z.object({ files: z.array(mediaUrlSchema), stillFrameMediaId: z.string() }).optional(),
  thumbnail: mediaUrlSchema.optional(),
});
export const storesMediaSchema = z.object({
  mainMedia: storesMediaItemSchema.optional(),
  items: z.array(storesMediaItemSchema),
});

export const storesChoiceSchema = z.object({
  value: z.string(),
  description: z.string(),
  inStock: z.boolean(),
  visible: z.boolean(),
  media: storesMediaSchema.optional(),
});
export const storesOptionSchema = z.object({
  optionType: z.enum(storesOptionTypes),
  name: z.string(),
  choices: z.array(storesChoiceSchema),
});

export const costAndProfitDataSchema = z.object({
  itemCost: z.number().nullable(),
  formattedItemCost: z.string(),
  profit: z.number(),
  formattedProfit: z.string(),
  profitMargin: z.number(),
});

const priceDataOutSchema = catalogV1PriceDataSchema.extend({
  pricePerUnit: z.number().nullish(),
});

export const variantStockSchema = z.object({
  trackQuantity: z.boolean(),
  quantity: z.number().int().nullish(),
  inStock: z.boolean(),
});

export const storesVariantSchema = z.object({
  id: z.string(),
  choices: z.record(z.string(), z.string()),
  variant: z.object({
    priceData: priceDataOutSchema,
    convertedPriceData: priceDataOutSchema,
    costAndProfitData: costAndProfitDataSchema.optional(),
    weight: z.number(),
    sku: z.string(),
    visible: z.boolean(),
  }),
  stock: variantStockSchema,
});
export type StoresVariant = z.infer<typeof storesVariantSchema>;

const rangeSchema = z.object({ minValue: z.number(), maxValue: z.number() });

export const productV1Schema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  visible: z.boolean(),
  productType: z.enum(storesProductTypes),
  description: z.string(),
  sku: z.string(),
  weight: z.number(),
  weightRange: rangeSchema,
  stock: z.object({
    trackInventory: z.boolean(),
    quantity: z.number().int().nullish(),
    inStock: z.boolean(),
    inventoryStatus: z.enum(storesInventoryStatuses),
  }),
  price: priceDataOutSchema,
  priceData: priceDataOutSchema,
  convertedPriceData: priceDataOutSchema,
  priceRange: rangeSchema,
  costAndProfitData: costAndProfitDataSchema.optional(),
  costRange: rangeSchema.optional(),
  pricePerUnitData: pricePerUnitDataSchema.optional(),
  additionalInfoSections: z.array(z.object({ title: z.string(), description: z.string() })),
  ribbons: z.array(z.object({ text: z.string() })),
  media: storesMediaSchema,
  customTextFields: z.array(z.object({ title: z.string(), maxLength: z.number(), mandatory: z.boolean() })),
  manageVariants: z.boolean(),
  productOptions: z.array(storesOptionSchema),
  productPageUrl: z.object({ base: z.string(), path: z.string() }),
  numericId: z.string(),
  inventoryItemId: z.string(),
  discount: z.object({ type: z.enum(storesDiscountTypes), value: z.number() }),
  collectionIds: z.array(z.string()),
  variants: z.array(storesVariantSchema).optional(),
  lastUpdated: z.string(),
  createdDate: z.string(),
  seoData: z.record(z.string(), z.unknown()).optional(),
  ribbon: z.string().optional(),
  brand: z.string().optional(),
});
export type ProductV1 = z.infer<typeof productV1Schema>;

export const productResponseSchema = z.object({ product: productV1Schema });

export const queryProductsRequestSchema = z.object({
  query: querySchema.optional(),
  includeVariants: z.boolean().optional(),
  includeHiddenProducts: z.boolean().optional(),
  includeMerchantSpecificData: z.boolean().optional(),
});
export const queryProductsResponseSchema = z.object({
  products: z.array(productV1Schema),
  metadata: offsetPagingMetadataSchema,
  totalResults: z.number().int(),
});

export const getProductQuerySchema = z.object({
  includeMerchantSpecificData: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
});

export const productOptionsAvailabilityRequestSchema = z.object({
  /** Option name → choice description; may name only some options. */
  options: z.record(z.string().max(50), z.string().max(100)).default({}),
});
export const productOptionsAvailabilityResponseSchema = z.object({
  selectedVariant: z
    .object({
      price: priceDataOutSchema,
      convertedPriceData: priceDataOutSchema,
      weight: z.number().nullable(),
      sku: z.string(),
      quantity: z.number().int().nullish(),
      inStock: z.boolean(),
      visible: z.boolean(),
    })
    .optional(),
  media: storesMediaSchema,
  productOptions: z.array(storesOptionSchema),
  availableForPurchase: z.boolean(),
});

export const queryProductVariantsRequestSchema = z.object({
  choices: z.record(z.string().max(50), z.string().max(100)).optional(),
  variantIds: z.array(z.uuid()).max(1000).optional(),
  paging: offsetPagingSchema.optional(),
  includeMerchantSpecificData: z.boolean().optional(),
});
export const queryProductVariantsResponseSchema = z.object({
  variants: z.array(storesVariantSchema),
  metadata: z.object({ items: z.number().int(), offset: z.number().int() }),
  totalResults: z.number().int(),
});

export const variantOverrideSchema = z.object({
  choices: z.record(z.string().max(50), z.string().max(100)).optional(),
  variantIds: z.array(z.uuid()).max(1000).optional(),
  price: amountSchema.nullish(),
  cost: amountSchema.nullish(),
  weight: z.number().min(0).max(999_999).finite().nullish(),
  sku: z.string().trim().max(storesLimits.skuLength).nullish(),
  visible: z.boolean().nullish(),
});
export const updateVariantsRequestSchema = z.object({
  variants: z.array(variantOverrideSchema).min(1).max(storesLimits.variants),
});
export const variantsResponseSchema = z.object({ variants: z.array(storesVariantSchema) });

/** A variant of the whole store (`queryStoreVariants`, `getStoreVariant`); its id is `<productId>-<variantId>`. */
export const storeVariantSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  productId: z.string(),
  variantName: z.string(),
  productName: z.string(),
  managedVariant: z.boolean(),
  sku: z.string(),
  stock: variantStockSchema,
  choices: z.record(z.string(), z.string()),
  collectionIds: z.array(z.string()),
  media: z.record(z.string(), z.unknown()).optional(),
  preorderInfo: z.object({
    enabled: z.boolean(),
    message: z.string().nullish(),
    limit: z.number().nullish(),
  }),
});
export const queryStoreVariantsRequestSchema = z.object({ query: querySchema.optional() });
export const queryStoreVariantsResponseSchema = z.object({
  variants: z.array(storeVariantSchema),
  metadata: offsetPagingMetadataSchema,
});
export const storeVariantResponseSchema = z.object({ variant: storeVariantSchema });

export const mediaInputSchema = z.object({
  mediaId: z.string().max(500).optional(),
  url: z.url().max(2000).optional(),
  choice: z.object({ option: z.string().max(50), choice: z.string().max(100) }).optional(),
});
export const addProductMediaRequestSchema = z.object({
  media: z.array(mediaInputSchema).min(1).max(storesLimits.mediaItems),
});
export const removeProductMediaRequestSchema = z.object({
  mediaIds: z.array(z.string().max(500)).max(storesLimits.mediaItems).optional(),
});
export const choicesMediaRequestSchema = z.object({
  media: z
    .array(
      z.object({
        option: z.string().max(50),
        choice: z.string().max(100),
        mediaIds: z.array(z.string().max(500)).max(storesLimits.mediaItems).optional(),
      }),
    )
    .max(storesLimits.choicesPerOption * storesLimits.options)
    .optional(),
});

const percentageSchema = z.object({
  rate: z.number().min(-100).max(10_000).finite(),
  roundToInt: z.boolean().optional(),
});
const adjustmentSchema = z.object({
  amount: z.number().min(-999_999_999).max(999_999_999).finite().optional(),
  percentage: percentageSchema.optional(),
});
export const bulkUpdateProductsRequestSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  set: z.object({
    price: amountSchema.optional(),
    cost: amountSchema.optional(),
    weight: z.number().min(0).max(999_999).finite().optional(),
    ribbon: z.string().trim().max(storesLimits.ribbonLength).optional(),
    brand: z.string().trim().max(storesLimits.brandLength).optional(),
    /**
     * Show or hide the products (Atrium's: the clients' `SetValue` has no visibility, so the dashboard's
     * bulk show / hide is one call). Shoppers no longer see a hidden product anywhere.
     */
    visible: z.boolean().optional(),
  }),
});
export const bulkAdjustProductsRequestSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  adjust: z.object({
    price: adjustmentSchema.optional(),
    cost: adjustmentSchema.optional(),
    weight: adjustmentSchema.optional(),
  }),
});
export type PropertyAdjustment = z.infer<typeof adjustmentSchema>;
export const bulkProductsResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema })),
  bulkActionMetadata: bulkActionMetadataSchema,
});

export const storesErrorCodes = {
  productNotFound: 'PRODUCT_NOT_FOUND',
  variantNotFound: 'VARIANT_NOT_FOUND',
  collectionNotFound: 'COLLECTION_NOT_FOUND',
  slugTaken: 'SLUG_ALREADY_EXISTS',
  /** SKUs are unique per site, over products and variants (the v3 clients' code). */
  skuTaken: 'SKU_ALREADY_EXIST_ERROR',
  tooManyVariants: 'TOO_MANY_VARIANTS',
  insufficientStock: 'INSUFFICIENT_INVENTORY',
  invalidChoice: 'INVALID_CHOICE',
} as const;
