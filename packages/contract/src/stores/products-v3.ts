import { z } from 'zod';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import { formattedAmountSchema } from '../money.ts';
import { cursorPagingMetadataSchema, querySchema } from '../query.ts';
import { inventoryItemV3Schema } from './inventory-items-v3.ts';
import { colorHexSchema, v3ImageSchema } from './customizations.ts';
import { richContentSchema } from './info-sections.ts';
import { storesMeasurementUnits, type pricePerUnitDataSchema } from './products-v1.ts';
import { v3RevisionInputSchema, v3Text } from './v3-entities-common.ts';

/**
 * Store catalog v3 products (`@wix/stores` productsV3): the same catalog as v1 seen through the v3 wire.
 * Options are connected customizations (an option's id is a customization id, a choice's id a customization
 * choice id); prices are per variant as `{amount, formattedAmount}` decimal strings (`actualPrice` is what
 * a buyer pays, `compareAtPrice` the list price shown struck through). Paths under `/stores/v3/products`,
 * `/stores/v3/products-with-inventory`, `/stores/v3/bulk/products...` and `/stores/v3/all-products-category`.
 */

export const productV3Limits = {
  nameLength: 80,
  slugLength: 100,
  plainDescriptionLength: 16_000,
  options: 6,
  choicesPerOption: 100,
  modifiers: 10,
  variants: 1000,
  mediaItems: 100,
  infoSections: 10,
  skuLength: 40,
  bulk: 100,
} as const;

/** The application error codes of the v3 product calls, as the clients declare them. */
export const productV3ErrorCodes = {
  duplicateSlug: 'DUPLICATE_SLUG_ERROR',
  missingVariantOptionChoice: 'MISSING_VARIANT_OPTION_CHOICE',
  duplicateVariantOptionChoice: 'DUPLICATE_VARIANT_OPTION_CHOICE',
  duplicateProductOptions: 'DUPLICATE_PRODUCT_OPTIONS',
  invalidDefaultVariant: 'INVALID_DEFAULT_VARIANT',
  variantsNotAligned: 'VARIANTS_ARE_NOT_ALIGNED_WITH_PRODUCT',
  variantIdExists: 'VARIANT_ID_ALREADY_EXISTS',
  customizationNotExist: 'CUSTOMIZATION_NOT_EXIST',
  choiceNotExist: 'CHOICE_NOT_EXIST',
  optionNameAndTypeRequired: 'PRODUCT_OPTION_NAME_AND_TYPE_REQUIRED',
  optionChoiceNameAndTypeRequired: 'PRODUCT_OPTION_CHOICE_NAME_AND_TYPE_REQUIRED',
  modifierNameAndTypeRequired: 'MODIFIER_NAME_AND_TYPE_REQUIRED',
  modifierChoiceNameAndTypeRequired: 'MODIFIER_CHOICE_NAME_AND_TYPE_REQUIRED',
  compareAtPriceLower: 'COMPARE_AT_PRICE_LOWER_THAN_ACTUAL_PRICE',
  ribbonNotFound: 'RIBBON_NOT_FOUND',
  brandNotFound: 'BRAND_NOT_FOUND',
  infoSectionNotFound: 'INFO_SECTION_NOT_FOUND',
  tooManyInfoSections: 'TOO_MANY_INFO_SECTIONS_ERROR',
  emptyTagLists: 'EMPTY_ASSIGN_AND_UNASSIGN_LISTS',
  noMerchantDataPermission: 'NO_PERMISSION_TO_READ_MERCHANT_DATA',
  noVariantAdjustments: 'NO_VARIANT_ADJUSTMENTS_PASSED',
  adjustedPriceOutOfRange: 'ADJUSTED_ACTUAL_PRICE_OUT_OF_RANGE',
  unsupportedAggregation: 'UNSUPPORTED_AGGREGATION',
} as const;

/** What `fields` may ask for beyond the default answer (the clients' RequestedFields). */
export const productV3RequestedFields = [
  'URL',
  'CURRENCY',
  'INFO_SECTION',
  'MERCHANT_DATA',
  'PLAIN_DESCRIPTION',
  'INFO_SECTION_PLAIN_DESCRIPTION',
  'SUBSCRIPTION_PRICES_INFO',
  'BREADCRUMBS_INFO',
  'WEIGHT_MEASUREMENT_UNIT_INFO',
  'VARIANT_OPTION_CHOICE_NAMES',
  'MEDIA_ITEMS_INFO',
  'DESCRIPTION',
  'DIRECT_CATEGORIES_INFO',
  'ALL_CATEGORIES_INFO',
  'INFO_SECTION_DESCRIPTION',
  'THUMBNAIL',
  'PRODUCT_CHOICES_MEDIA_REFERENCES',
  'PRODUCT_CHOICES_DISPLAY_IMAGE',
  'MIN_PRICE_VARIANT',
  'DISCOUNT_INFO',
] as const;
export type ProductV3RequestedField = (typeof productV3RequestedFields)[number];

/**
 * `fields`: one value arrives as a string from a GET query string, several as an array; unknown values are
 * dropped (newer clients may ask for fields this server does not know), never refused.
 * @example ['CURRENCY', 'MERCHANT_DATA']
 */
export const productV3FieldsSchema = z
  .union([z.string().max(100), z.array(z.string().max(100)).max(50)])
  .transform((value) =>
    (Array.isArray(value) ? value : [value]).filter((field): field is ProductV3RequestedField =>
      (productV3RequestedFields as readonly string[]).includes(field),
    ),
  )
  .optional();

/**
 * An amount as a decimal string (`"10.50"`), at most 999,999,999 and 6 decimals; rounded to the site's
 * currency when stored.
 */
export const v3AmountSchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be a decimal amount such as "10.50"');

/** Money as the v3 clients send it; `formattedAmount` is ignored. */
export const fixedAmountInputSchema = z.object({
  amount: v3AmountSchema,
  formattedAmount: z.string().nullish(),
});

/**
 * A media item: a media id or a URL (`image` and `video` as the clients send them, an object with `url`).
 * @example {"url":"https://example.com/mug.jpg","altText":"A blue mug"}
 */
export const productMediaInputSchema = z.object({
  id: z.string().max(400).nullish(),
  url: z.string().max(2048).nullish(),
  image: v3ImageSchema.nullish(),
  video: z.looseObject({ id: z.string().max(400).nullish(), url: z.string().max(2048).nullish() }).nullish(),
  altText: z.string().max(1000).nullish(),
  displayName: z.string().max(200).nullish(),
  mediaType: z.enum(['IMAGE', 'VIDEO']).nullish(),
});
export type ProductMediaInput = z.infer<typeof productMediaInputSchema>;

export const mediaInputSchema = z.object({
  main: productMediaInputSchema.nullish(),
  itemsInfo: z
    .object({ items: z.array(productMediaInputSchema).max(productV3Limits.mediaItems).nullish() })
    .nullish(),
});

/**
 * A choice of a product option: an existing customization choice by `choiceId`, or a new one by `name`
 * and `choiceType` (added to the customization).
 * @example {"choiceId":"…","visible":true} or {"name":"Red","choiceType":"ONE_COLOR","colorCode":"#FF0000"}
 */
export const connectedOptionChoiceInputSchema = z.object({
  choiceId: z.string().nullish(),
  name: v3Text(50).nullish(),
  choiceType: z.enum(['CHOICE_TEXT', 'ONE_COLOR', 'MULTIPLE_COLORS', 'IMAGE']).nullish(),
  colorCode: colorHexSchema.nullish(),
  visible: z.boolean().nullish(),
  linkedMedia: z.array(productMediaInputSchema).max(productV3Limits.mediaItems).nullish(),
});

/**
 * A product option: an existing PRODUCT_OPTION customization by `id`, or a new one by `name` and
 * `optionRenderType`; its `choicesSettings.choices` are the choices this product offers.
 * @example {"name":"Size","optionRenderType":"TEXT_CHOICES","choicesSettings":{"choices":[{"name":"S","choiceType":"CHOICE_TEXT"}]}}
 */
export const connectedOptionInputSchema = z.object({
  id: z.string().nullish(),
  name: v3Text(50).nullish(),
  optionRenderType: z.enum(['TEXT_CHOICES', 'SWATCH_CHOICES']).nullish(),
  choicesSettings: z.object({
    choices: z.array(connectedOptionChoiceInputSchema).max(productV3Limits.choicesPerOption),
  }),
});
export type ConnectedOptionInput = z.infer<typeof connectedOptionInputSchema>;

/**
 * A modifier (a customization that changes an order line without a variant): free text or choices, each
 * choice with an `addedPrice`.
 * @example {"name":"Gift message","modifierRenderType":"FREE_TEXT","mandatory":false,"freeTextSettings":{"title":"Message","maxCharCount":200}}
 */
export const connectedModifierInputSchema = z.object({
  id: z.string().nullish(),
  name: v3Text(50).nullish(),
  modifierRenderType: z.enum(['FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES']).nullish(),
  mandatory: z.boolean().nullish(),
  freeTextSettings: z
    .object({
      minCharCount: z.number().int().nonnegative().nullish(),
      maxCharCount: z.number().int().positive().max(500).nullish(),
      defaultAddedPrice: v3AmountSchema.nullish(),
      title: v3Text(100).nullish(),
    })
    .nullish(),
  choicesSettings: z
    .object({
      choices: z
        .array(
          connectedOptionChoiceInputSchema
            .omit({ visible: true })
            .extend({ addedPrice: v3AmountSchema.nullish() }),
        )
        .max(productV3Limits.choicesPerOption),
    })
    .nullish(),
});
export type ConnectedModifierInput = z.infer<typeof connectedModifierInputSchema>;

const dimensionsSchema = z.object({
  length: z.string().max(20).nullish(),
  width: z.string().max(20).nullish(),
  height: z.string().max(20).nullish(),
  unit: z.enum(['UNKNOWN_DIMENSIONS_UNIT', 'MM', 'CM', 'M', 'IN', 'FT', 'YD']).nullish(),
});
const pricePerUnitSettingsSchema = z.object({
  quantity: z.number().positive().max(1_000_000),
  measurementUnit: z.enum(storesMeasurementUnits),
});

/** The stock of a variant written with it (`products-with-inventory`): a quantity, or in stock or not. */
export const inventoryItemCompositeInputSchema = z.object({
  id: z.string().nullish(),
  revision: v3RevisionInputSchema,
  quantity: z.number().int().min(0).max(99_999).nullish(),
  inStock: z.boolean().nullish(),
  preorderInfo: z
    .object({
      enabled: z.boolean().nullish(),
      message: z.string().max(250).nullish(),
      limit: z.number().int().min(0).max(100_000).nullish(),
    })
    .nullish(),
});
export type InventoryItemCompositeInput = z.infer<typeof inventoryItemCompositeInputSchema>;

/**
 * A variant: one combination of choices (by ids, or by option and choice names) with its prices.
 * @example {"choices":[{"optionChoiceNames":{"optionName":"Size","choiceName":"S"}}],"price":{"actualPrice":{"amount":"20"},"compareAtPrice":{"amount":"25"}},"sku":"TEE-S"}
 */
export const variantV3InputSchema = z.object({
  id: z.string().nullish(),
  visible: z.boolean().nullish(),
  sku: z.string().trim().max(productV3Limits.skuLength).nullish(),
  barcode: z.string().trim().max(40).nullish(),
  choices: z
    .array(
      z.object({
        optionChoiceIds: z.object({ optionId: z.string().max(100), choiceId: z.string().max(100) }).nullish(),
        optionChoiceNames: z
          .object({ optionName: z.string().max(50), choiceName: z.string().max(50) })
          .nullish(),
      }),
    )
    .max(productV3Limits.options)
    .nullish(),
  price: z
    .object({
      actualPrice: fixedAmountInputSchema.nullish(),
      compareAtPrice: fixedAmountInputSchema.nullish(),
    })
    .nullish(),
  revenueDetails: z.object({ cost: fixedAmountInputSchema.nullish() }).nullish(),
  physicalProperties: z
    .object({
      weight: z.number().min(0).max(999_999).finite().nullish(),
      pricePerUnit: z.object({ settings: pricePerUnitSettingsSchema.nullish() }).nullish(),
      productDimensions: dimensionsSchema.nullish(),
      packageDimensions: dimensionsSchema.nullish(),
    })
    .nullish(),
  digitalProperties: z.looseObject({ digitalFile: z.record(z.string(), z.unknown()).nullish() }).nullish(),
  media: productMediaInputSchema.nullish(),
  inventoryItem: inventoryItemCompositeInputSchema.nullish(),
});
export type VariantV3Input = z.infer<typeof variantV3InputSchema>;

const labelRefSchema = z.object({ id: z.string().nullish(), name: v3Text(50).nullish() });
const tagListSchema = z.object({ tagIds: z.array(z.string().max(100)).max(100).nullish() });
export const productTagsSchema = z.object({
  privateTags: tagListSchema.nullish(),
  publicTags: tagListSchema.nullish(),
});

/**
 * A product as the v3 clients write it; read-only fields they send back (dates, ranges, inventory) are
 * ignored. `variantsInfo.variants` is required on create (one variant without choices for a product
 * without options).
 */
export const productV3InputSchema = z.object({
  id: z.string().nullish(),
  revision: v3RevisionInputSchema,
  name: v3Text(productV3Limits.nameLength).nullish(),
  slug: z.string().trim().max(productV3Limits.slugLength).nullish(),
  description: richContentSchema.nullish(),
  plainDescription: z.string().max(productV3Limits.plainDescriptionLength).nullish(),
  visible: z.boolean().nullish(),
  visibleInPos: z.boolean().nullish(),
  media: mediaInputSchema.nullish(),
  seoData: z.record(z.string(), z.unknown()).nullish(),
  taxGroupId: z.string().max(100).nullish(),
  options: z.array(connectedOptionInputSchema).max(productV3Limits.options).nullish(),
  modifiers: z.array(connectedModifierInputSchema).max(productV3Limits.modifiers).nullish(),
  brand: labelRefSchema.nullish(),
  ribbon: labelRefSchema.nullish(),
  infoSections: z
    .array(
      z.object({
        id: z.string().nullish(),
        uniqueName: v3Text(100).nullish(),
        title: v3Text(50).nullish(),
        plainDescription: z.string().max(16_000).nullish(),
        description: richContentSchema.nullish(),
      }),
    )
    .max(productV3Limits.infoSections)
    .nullish(),
  mainCategoryId: z.string().max(100).nullish(),
  productType: z.enum(['PHYSICAL', 'DIGITAL']).nullish(),
  handle: z.string().max(100).nullish(),
  physicalProperties: z
    .object({
      pricePerUnit: pricePerUnitSettingsSchema.nullish(),
      fulfillerId: z.string().max(100).nullish(),
      deliveryProfileId: z.string().max(100).nullish(),
    })
    .nullish(),
  variantsInfo: z.object({ variants: z.array(variantV3InputSchema).max(productV3Limits.variants) }).nullish(),
  subscriptionDetails: z.record(z.string(), z.unknown()).nullish(),
  purchaseEligibility: z.object({ userCriteria: z.enum(['MEMBERS_ONLY']).nullish() }).nullish(),
  extendedFields: z.record(z.string(), z.unknown()).nullish(),
  tags: productTagsSchema.nullish(),
});
export type ProductV3Input = z.infer<typeof productV3InputSchema>;

// ----- What the server answers -----

const amountOut = formattedAmountSchema.extend({ formattedAmount: z.string().optional() });
const rangeOut = z.object({ minValue: amountOut, maxValue: amountOut });

export const productMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  image: z
    .object({
      url: z.string(),
      width: z.number(),
      height: z.number(),
      altText: z.string().nullish(),
    })
    .optional(),
  video: z.object({ url: z.string() }).optional(),
  altText: z.string().nullish(),
  displayName: z.string().nullish(),
  mediaType: z.enum(['IMAGE', 'VIDEO']),
  thumbnail: z
    .object({ url: z.string(), width: z.number(), height: z.number(), altText: z.string().nullish() })
    .optional(),
  uploadId: z.string(),
});

const connectedOptionChoiceSchema = z.object({
  choiceId: z.string(),
  choiceType: z.string(),
  key: z.string(),
  name: z.string(),
  colorCode: z.string().optional(),
  inStock: z.boolean(),
  visible: z.boolean(),
  linkedMedia: z.array(productMediaSchema).optional(),
});
const connectedOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  optionRenderType: z.enum(['TEXT_CHOICES', 'SWATCH_CHOICES']),
  key: z.string(),
  choicesSettings: z.object({ choices: z.array(connectedOptionChoiceSchema) }),
});
const connectedModifierSchema = z.object({
  id: z.string(),
  name: z.string(),
  modifierRenderType: z.enum(['FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES']),
  key: z.string(),
  mandatory: z.boolean(),
  toBeRemovedMandatory: z.boolean(),
  freeTextSettings: z
    .object({
      minCharCount: z.number(),
      maxCharCount: z.number(),
      defaultAddedPrice: z.string().nullish(),
      title: z.string(),
      key: z.string(),
    })
    .optional(),
  choicesSettings: z
    .object({
      choices: z.array(
        z.object({
          choiceId: z.string(),
          choiceType: z.string(),
          key: z.string(),
          name: z.string(),
          colorCode: z.string().optional(),
          addedPrice: z.string().nullish(),
        }),
      ),
    })
    .optional(),
});

export const variantV3Schema = z.object({
  id: z.string(),
  visible: z.boolean(),
  sku: z.string().optional(),
  barcode: z.string().optional(),
  choices: z.array(
    z.object({
      optionChoiceIds: z.object({ optionId: z.string(), choiceId: z.string() }),
      optionChoiceNames: z
        .object({ optionName: z.string(), choiceName: z.string(), renderType: z.string() })
        .optional(),
    }),
  ),
  price: z.object({ actualPrice: amountOut, compareAtPrice: amountOut.optional() }),
  revenueDetails: z
    .object({ cost: amountOut.optional(), profit: amountOut, profitMargin: z.number() })
    .optional(),
  physicalProperties: z
    .object({
      weight: z.number().optional(),
      pricePerUnit: z
        .object({
          settings: pricePerUnitSettingsSchema,
          value: z.string(),
          description: z.string().optional(),
        })
        .optional(),
      productDimensions: dimensionsSchema.optional(),
      packageDimensions: dimensionsSchema.optional(),
    })
    .optional(),
  digitalProperties: z.record(z.string(), z.unknown()).optional(),
  media: productMediaSchema.optional(),
  inventoryStatus: z.object({ inStock: z.boolean(), preorderEnabled: z.boolean() }),
});
export type VariantV3 = z.infer<typeof variantV3Schema>;

const categoriesInfoSchema = z.object({
  categories: z.array(z.object({ id: z.string(), index: z.number().optional() })),
});

/**
 * A product as the v3 clients read it. Fields that the clients' `fields` ask for (`CURRENCY`,
 * `PLAIN_DESCRIPTION`, `MERCHANT_DATA`, ...) appear only when asked; `variantsInfo` only on single reads
 * and writes (lists carry `variantSummary`).
 */
export const productV3Schema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.object({ relativePath: z.string(), url: z.string() }).optional(),
  description: richContentSchema.optional(),
  plainDescription: z.string().optional(),
  visible: z.boolean(),
  visibleInPos: z.boolean(),
  media: z.object({
    main: productMediaSchema.optional(),
    itemsInfo: z.object({ items: z.array(productMediaSchema) }).optional(),
  }),
  seoData: z.record(z.string(), z.unknown()),
  taxGroupId: z.string().optional(),
  options: z.array(connectedOptionSchema),
  modifiers: z.array(connectedModifierSchema),
  brand: z.object({ id: z.string(), name: z.string() }).optional(),
  ribbon: z.object({ id: z.string(), name: z.string() }).optional(),
  infoSections: z.array(
    z.object({
      id: z.string(),
      uniqueName: z.string().optional(),
      title: z.string().optional(),
      description: richContentSchema.optional(),
      plainDescription: z.string().optional(),
    }),
  ),
  directCategoriesInfo: categoriesInfoSchema.optional(),
  allCategoriesInfo: categoriesInfoSchema.optional(),
  mainCategoryId: z.string().optional(),
  costRange: rangeOut.optional(),
  inventory: z.object({
    availabilityStatus: z.enum(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']),
    preorderStatus: z.enum(['ENABLED', 'DISABLED', 'PARTIALLY_ENABLED']),
    preorderAvailability: z.enum(['ALL_VARIANTS', 'NO_VARIANTS', 'SOME_VARIANTS']),
  }),
  productType: z.enum(['PHYSICAL', 'DIGITAL']),
  handle: z.string().optional(),
  currency: z.string().optional(),
  breadcrumbsInfo: z
    .object({
      breadcrumbs: z.array(
        z.object({ categoryId: z.string(), categoryName: z.string(), categorySlug: z.string() }),
      ),
    })
    .optional(),
  actualPriceRange: rangeOut,
  compareAtPriceRange: rangeOut,
  physicalProperties: z
    .object({
      pricePerUnit: pricePerUnitSettingsSchema.optional(),
      fulfillerId: z.string().optional(),
      deliveryProfileId: z.string().optional(),
      shippingWeightRange: z.object({ minValue: z.number(), maxValue: z.number() }),
      weightMeasurementUnitInfo: z.object({ weightMeasurementUnit: z.enum(['KG', 'LB']) }).optional(),
    })
    .optional(),
  variantsInfo: z.object({ variants: z.array(variantV3Schema) }).optional(),
  subscriptionDetails: z.record(z.string(), z.unknown()).optional(),
  purchaseEligibility: z.object({ userCriteria: z.string() }).optional(),
  additionalRibbons: z.array(z.object({ id: z.string(), name: z.string() })),
  extendedFields: z.record(z.string(), z.unknown()).optional(),
  tags: z.object({
    privateTags: z.object({ tagIds: z.array(z.string()) }),
    publicTags: z.object({ tagIds: z.array(z.string()) }),
  }),
  variantSummary: z.object({ variantCount: z.number().int(), minPriceVariant: variantV3Schema.optional() }),
});
export type ProductV3 = z.infer<typeof productV3Schema>;

/** The v1 price-per-unit data a v3 write keeps for both views (base from the product, total from a variant). */
export type StoredPricePerUnit = z.infer<typeof pricePerUnitDataSchema>;

// ----- Requests and answers -----

const fields = productV3FieldsSchema;
const bulkOf = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(productV3Limits.bulk);

export const productV3ResponseSchema = z.object({ product: productV3Schema });
/** `POST /stores/v3/products`: `variantsInfo.variants` required. */
export const createProductV3RequestSchema = z.object({ product: productV3InputSchema, fields });
export const getProductV3QuerySchema = z.object({ fields });
/** `PATCH /stores/v3/products/{id}`: `product.revision` is the one the change is based on (required). */
export const updateProductV3RequestSchema = z.object({ product: productV3InputSchema, fields });

/** Free-text search: `expression` over names and descriptions (all words with mode AND). */
export const searchDetailsSchema = z.object({
  mode: z.enum(['OR', 'AND']).nullish(),
  expression: z.string().max(200).nullish(),
  fields: z.array(z.string().max(100)).max(20).nullish(),
  fuzzy: z.boolean().nullish(),
});

/**
 * An aggregation of search: VALUE counts per value of `fieldPath`, SCALAR gives MIN, MAX or COUNT_DISTINCT.
 * @example {"name":"brands","type":"VALUE","fieldPath":"brand.id"}
 */
export const productAggregationSchema = z.object({
  name: z.string().max(100).nullish(),
  type: z.enum(['VALUE', 'RANGE', 'SCALAR', 'DATE_HISTOGRAM', 'NESTED']).nullish(),
  fieldPath: z.string().max(200),
  value: z.looseObject({ limit: z.number().int().min(1).max(100).nullish() }).nullish(),
  scalar: z.object({ type: z.enum(['COUNT_DISTINCT', 'MIN', 'MAX']) }).nullish(),
});

export const queryProductsV3RequestSchema = z.object({
  query: querySchema.nullish().transform((query) => query ?? {}),
  fields,
});
export const queryProductsV3ResponseSchema = z.object({
  products: z.array(productV3Schema),
  pagingMetadata: cursorPagingMetadataSchema,
});
export const searchProductsV3RequestSchema = z.object({
  search: querySchema
    .pick({ filter: true, sort: true, cursorPaging: true })
    .extend({
      search: searchDetailsSchema.nullish(),
      aggregations: z.array(productAggregationSchema).max(10).nullish(),
      timeZone: z.string().max(100).nullish(),
    })
    .nullish()
    .transform((search) => search ?? {}),
  fields,
});
const aggregationResultSchema = z.object({
  name: z.string(),
  type: z.string(),
  fieldPath: z.string(),
  values: z.object({ results: z.array(z.object({ value: z.string(), count: z.number().int() })) }).optional(),
  scalar: z.object({ type: z.string(), value: z.number() }).optional(),
});
export const searchProductsV3ResponseSchema = queryProductsV3ResponseSchema.extend({
  aggregationData: z.object({ results: z.array(aggregationResultSchema) }),
});
export const countProductsV3RequestSchema = z.object({
  filter: z.record(z.string(), z.unknown()).nullish(),
  search: searchDetailsSchema.nullish(),
  /** The business may count hidden products too; shoppers never. */
  returnNonVisibleProducts: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .nullish(),
});
export const countProductsV3ResponseSchema = z.object({ count: z.number().int() });

const bulkProductResultsSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: productV3Schema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema.required(),
});
export const bulkProductsV3ResponseSchema = bulkProductResultsSchema;
export const bulkCreateProductsV3RequestSchema = z.object({
  products: bulkOf(productV3InputSchema),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkUpdateProductsV3RequestSchema = z.object({
  products: bulkOf(z.object({ product: productV3InputSchema })),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkDeleteProductsV3RequestSchema = z.object({
  productIds: z.array(z.string().max(100)).min(1).max(productV3Limits.bulk),
});

/** The inventory items a products-with-inventory call wrote, one result per variant. */
export const inventoryResultsSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema, item: inventoryItemV3Schema.optional() })),
  bulkActionMetadata: bulkActionMetadataSchema.required(),
});
export const productWithInventoryRequestSchema = z.object({
  product: productV3InputSchema,
  returnEntity: z.boolean().nullish(),
  fields,
});
export const productWithInventoryResponseSchema = z.object({
  product: productV3Schema.optional(),
  inventoryResults: inventoryResultsSchema,
});
export const bulkCreateProductsWithInventoryRequestSchema = z.object({
  products: bulkOf(productV3InputSchema),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkUpdateProductsWithInventoryRequestSchema = z.object({
  products: bulkOf(z.object({ product: productV3InputSchema })),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkProductsWithInventoryResponseSchema = z.object({
  productResults: bulkProductResultsSchema,
  inventoryResults: inventoryResultsSchema,
});

const infoSectionIds = z.array(z.uuid()).min(1).max(productV3Limits.infoSections);
export const bulkInfoSectionsV3RequestSchema = z.object({
  products: bulkOf(z.object({ productId: z.string().max(100), revision: v3RevisionInputSchema })),
  infoSectionIds,
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkUpdateProductTagsRequestSchema = z.object({
  productIds: z.array(z.string().max(100)).min(1).max(productV3Limits.bulk),
  assignTags: productTagsSchema.nullish(),
  unassignTags: productTagsSchema.nullish(),
});
export const bulkResultsOnlyResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema })),
  bulkActionMetadata: bulkActionMetadataSchema.required(),
});

const byFilter = {
  filter: z.record(z.string(), z.unknown()).nullish(),
  search: searchDetailsSchema.nullish(),
};
export const productsByFilterRequestSchema = z.object(byFilter);
export const updateProductsByFilterRequestSchema = z.object({ ...byFilter, product: productV3InputSchema });
export const infoSectionsByFilterRequestSchema = z.object({ ...byFilter, infoSectionIds });
export const categoriesByFilterRequestSchema = z.object({
  ...byFilter,
  categoryIds: z.array(z.string().max(100)).min(1).max(100),
});
export const tagsByFilterRequestSchema = z.object({
  ...byFilter,
  assignTags: productTagsSchema.nullish(),
  unassignTags: productTagsSchema.nullish(),
});
export const updateVariantsByFilterRequestSchema = z.object({
  ...byFilter,
  variant: variantV3InputSchema.omit({ choices: true, inventoryItem: true, id: true }),
});
/** An adjustment by an amount (may be negative) or a percentage (-100 to 10000). */
export const adjustValueSchema = z
  .object({
    amount: z
      .string()
      .regex(/^-?\d{1,9}(\.\d{1,6})?$/, 'must be a decimal amount such as "-2.50"')
      .nullish(),
    percentage: z.number().min(-100).max(10_000).finite().nullish(),
  })
  .refine((value) => (value.amount == null) !== (value.percentage == null), {
    message: 'give exactly one of amount and percentage',
  });
export const adjustVariantsByFilterRequestSchema = z.object({
  ...byFilter,
  cost: adjustValueSchema.nullish(),
  actualPrice: adjustValueSchema.nullish(),
  compareAtPrice: adjustValueSchema.nullish(),
  /** Sets each actual price to the compare-at price less this amount or percentage. */
  compareAtPriceDiscount: adjustValueSchema.nullish(),
  rounding: z.enum(['NO_ROUNDING', 'CURRENCY_PRECISION', 'NEAREST_WHOLE_NUMBER']).nullish(),
});
/** A by-filter call runs in the request; the job id names it (there is nothing left to wait for). */
export const productsJobResponseSchema = z.object({ jobId: z.string() });

export const allProductsCategoryResponseSchema = z.object({
  categoryId: z.string(),
  treeReference: z.object({ appNamespace: z.string(), treeKey: z.string().nullable() }),
});
