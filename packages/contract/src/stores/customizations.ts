import { z } from 'zod';
import { priceMaximum } from '../money.ts';
import {
  requestedFieldsSchema,
  v3BulkResponseSchema,
  v3QueryRequestSchema,
  v3QueryResponseSchema,
  v3RevisionInputSchema,
  v3Text,
} from './v3-entities-common.ts';

/**
 * Catalog v3 customizations (`@wix/stores` customizationsV3): product options, whose choices make
 * variants (`Size`: S, M, L), and modifiers, which change an order line without a variant (a gift
 * message as free text, gift wrap as a choice). Paths under `/stores/v3/customizations` and
 * `/stores/v3/bulk/customizations`.
 */

export const customizationTypes = ['PRODUCT_OPTION', 'MODIFIER'] as const;
export type CustomizationType = (typeof customizationTypes)[number];
export const customizationRenderTypes = ['FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES'] as const;
export type CustomizationRenderType = (typeof customizationRenderTypes)[number];
/**
 * Choice types: TEXT_CHOICES take CHOICE_TEXT; SWATCH_CHOICES take ONE_COLOR (`colorCode`),
 * MULTIPLE_COLORS (`multipleColors.colorCodes`, two) or IMAGE (`image`).
 */
export const choiceTypes = ['CHOICE_TEXT', 'ONE_COLOR', 'MULTIPLE_COLORS', 'IMAGE'] as const;
export type ChoiceType = (typeof choiceTypes)[number];
export const customizationRequestedFields = ['ASSIGNED_PRODUCTS_COUNT', 'CHOICE_DISPLAY_IMAGE'] as const;

export const customizationLimits = {
  nameLength: 50,
  choices: 1000,
  freeTextMaxChars: 500,
  freeTextTitleLength: 100,
  primaryChoiceIds: 4,
} as const;

/** The application error codes of the customization calls, as the clients declare them. */
export const customizationErrorCodes = {
  invalidRenderType: 'INVALID_CUSTOMIZATION_RENDER_TYPE',
  modifierSettingsOnOption: 'MODIFIER_SETTINGS_NOT_SUPPORTED_FOR_PRODUCT_OPTION',
  invalidFreeTextSettings: 'INVALID_FREE_TEXT_SETTINGS',
  doesntSupportFreeText: 'DOESNT_SUPPORT_FREE_TEXT',
  doesntSupportChoices: 'DOESNT_SUPPORT_CHOICES',
  choicesLimitExceeded: 'CHOICES_LIMIT_EXCEEDED',
  choiceNotFound: 'CHOICE_NOT_FOUND',
  choiceIdsMismatch: 'CHOICE_IDS_MISMATCH',
  invalidChoiceType: 'INVALID_CHOICE_TYPE',
  invalidChoiceValue: 'INVALID_CHOICE_VALUE',
  duplicateChoiceName: 'DUPLICATE_CHOICE_NAME',
  unsupportedChoiceField: 'UNSUPPORTED_CHOICE_FIELD',
  withoutChoices: 'NOT_ALLOWED_CUSTOMIZATION_WITHOUT_CHOICES',
  primarySelfReference: 'PRIMARY_CHOICE_SELF_REFERENCE',
  primaryNotFound: 'PRIMARY_CHOICE_NOT_FOUND',
  primaryHierarchy: 'PRIMARY_CHOICE_HIERARCHY_VIOLATION',
  primaryReferenced: 'PRIMARY_CHOICE_DELETE_REFERENCED',
  assignedToProduct: 'NOT_ALLOWED_DELETE_CUSTOMIZATION_ASSIGNED_TO_PRODUCT',
} as const;

const fields = requestedFieldsSchema(customizationRequestedFields);

/** A colour as `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`. */
export const colorHexSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex colour such as #FF0000');

/** An amount added to the price, as a decimal string from 0 to 999999999.99 with at most 3 decimals. */
export const addedPriceSchema = z
  .string()
  .regex(/^\d{1,9}(?:\.\d{1,3})?$/, 'must be a decimal amount such as "2.50", at most 3 decimals')
  .refine((value) => Number(value) <= priceMaximum, { message: 'must be at most 999999999.99' });

/** An image as the v3 clients send it (a media id or a URL). */
export const v3ImageSchema = z.object({
  id: z.string().max(400).optional(),
  url: z.url().max(2048).optional(),
  height: z.number().int().nonnegative().optional(),
  width: z.number().int().nonnegative().optional(),
  altText: z.string().max(200).nullish(),
  filename: z.string().max(200).nullish(),
});

/**
 * A choice as the clients send it. `id` is assigned by the server (kept by set-choices when it names an
 * existing choice); `key` is derived from the name.
 * @example {"choiceType":"ONE_COLOR","name":"Red","colorCode":"#FF0000"}
 */
export const choiceInputSchema = z.object({
  id: z.string().nullish(),
  choiceType: z.enum(choiceTypes).nullish(),
  name: v3Text(customizationLimits.nameLength).nullish(),
  colorCode: colorHexSchema.nullish(),
  multipleColors: z.object({ colorCodes: z.array(colorHexSchema).length(2) }).nullish(),
  image: v3ImageSchema.nullish(),
  defaultAddedPrice: addedPriceSchema.nullish(),
  displayImage: v3ImageSchema.nullish(),
  primaryChoiceIds: z.array(z.uuid()).max(customizationLimits.primaryChoiceIds).nullish(),
});
export type ChoiceInput = z.input<typeof choiceInputSchema>;

/**
 * A free-text modifier's settings.
 * @example {"title":"Gift message","minCharCount":0,"maxCharCount":200,"defaultAddedPrice":"1.00"}
 */
export const freeTextInputSchema = z.object({
  minCharCount: z.number().int().nonnegative().nullish(),
  maxCharCount: z.number().int().positive().max(customizationLimits.freeTextMaxChars).nullish(),
  defaultAddedPrice: addedPriceSchema.nullish(),
  title: v3Text(customizationLimits.freeTextTitleLength).nullish(),
});

/**
 * A customization as the clients send it. `choicesSettings` goes with TEXT_CHOICES and SWATCH_CHOICES,
 * `freeTextInput` with FREE_TEXT (modifiers only). Type and render type cannot change once created.
 * @example {"name":"Color","customizationType":"PRODUCT_OPTION","customizationRenderType":"SWATCH_CHOICES","choicesSettings":{"choices":[{"choiceType":"ONE_COLOR","name":"Red","colorCode":"#FF0000"}]}}
 */
export const customizationInputSchema = z.object({
  id: z.string().nullish(),
  revision: v3RevisionInputSchema,
  name: v3Text(customizationLimits.nameLength).nullish(),
  customizationType: z.enum(customizationTypes).nullish(),
  customizationRenderType: z.enum(customizationRenderTypes).nullish(),
  freeTextInput: freeTextInputSchema.nullish(),
  choicesSettings: z
    .object({ choices: z.array(choiceInputSchema).max(customizationLimits.choices).nullish() })
    .nullish(),
});
export type CustomizationInput = z.input<typeof customizationInputSchema>;

export const choiceSchema = z.object({
  id: z.string(),
  choiceType: z.enum(choiceTypes),
  key: z.string(),
  name: z.string(),
  colorCode: z.string().optional(),
  multipleColors: z.object({ colorCodes: z.array(z.string()) }).optional(),
  image: v3ImageSchema.optional(),
  defaultAddedPrice: z.string().optional(),
  /** Only when `fields` asks for `CHOICE_DISPLAY_IMAGE`. */
  displayImage: v3ImageSchema.optional(),
  primaryChoiceIds: z.array(z.string()).optional(),
});
export type Choice = z.infer<typeof choiceSchema>;

export const freeTextSettingsSchema = z.object({
  minCharCount: z.number().int(),
  maxCharCount: z.number().int(),
  defaultAddedPrice: z.string().optional(),
  title: z.string(),
  key: z.string(),
});

/**
 * A customization. `assignedProductsCount` only when `fields` asks for `ASSIGNED_PRODUCTS_COUNT`.
 * @example {"id":"…","revision":"1","key":"Color","name":"Color","customizationType":"PRODUCT_OPTION","customizationRenderType":"SWATCH_CHOICES","choicesSettings":{"choices":[{"id":"…","choiceType":"ONE_COLOR","key":"Red","name":"Red","colorCode":"#FF0000"}]}}
 */
export const customizationSchema = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  key: z.string(),
  name: z.string(),
  customizationType: z.enum(customizationTypes),
  customizationRenderType: z.enum(customizationRenderTypes),
  freeTextInput: freeTextSettingsSchema.optional(),
  choicesSettings: z.object({ choices: z.array(choiceSchema) }).optional(),
  assignedProductsCount: z.number().int().optional(),
});
export type Customization = z.infer<typeof customizationSchema>;

export const customizationResponseSchema = z.object({ customization: customizationSchema });
export const createCustomizationRequestSchema = z.object({ customization: customizationInputSchema });
export const getCustomizationQuerySchema = z.object({ fields });
export const updateCustomizationRequestSchema = z.object({ customization: customizationInputSchema, fields });
export const queryCustomizationsRequestSchema = v3QueryRequestSchema(fields);
export const queryCustomizationsResponseSchema = v3QueryResponseSchema('customizations', customizationSchema);

const choices = z.array(choiceInputSchema).min(1).max(customizationLimits.choices);
/** `add-choices`: appended after the existing ones, each with a new id. */
export const addChoicesRequestSchema = z.object({ choices, fields });
/** `set-choices`: the whole list; a choice naming an existing id keeps it, others get new ids. */
export const setChoicesRequestSchema = z.object({ choices, fields });
export const removeChoicesRequestSchema = z.object({
  choiceIds: z.array(z.uuid()).min(1).max(customizationLimits.choices),
  revision: v3RevisionInputSchema,
  fields,
});
/** `update-choices`: each `choice` names its `id`; its name, colour, image, price or primaries change. */
export const updateChoicesRequestSchema = z.object({
  revision: v3RevisionInputSchema,
  choices: z
    .array(z.object({ choice: choiceInputSchema.extend({ id: z.uuid() }) }))
    .min(1)
    .max(customizationLimits.choices),
  fields,
});
/** `reorder-choices`: every choice id exactly once, in the new order. */
export const reorderChoicesRequestSchema = z.object({
  revision: v3RevisionInputSchema,
  choiceIds: z.array(z.uuid()).min(1).max(customizationLimits.choices),
  fields,
});

export const bulkCreateCustomizationsRequestSchema = z.object({
  customizations: z.array(customizationInputSchema).min(1).max(100),
  returnEntity: z.boolean().nullish(),
});
export const bulkUpdateCustomizationsRequestSchema = z.object({
  customizations: z
    .array(z.object({ customization: customizationInputSchema.extend({ id: z.uuid() }) }))
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkAddChoicesRequestSchema = z.object({
  customizationsChoices: z
    .array(z.object({ customizationId: z.uuid(), choices }))
    .min(1)
    .max(100),
  returnEntity: z.boolean().nullish(),
  fields,
});
export const bulkCustomizationsResponseSchema = v3BulkResponseSchema('customization', customizationSchema);
