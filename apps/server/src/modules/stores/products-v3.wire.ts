import type { Site } from '@atrium/contract/sites';
import { allProductsCollectionId } from '@atrium/contract/stores/products-v1';
import type { ProductV3, ProductV3RequestedField, VariantV3 } from '@atrium/contract/stores/products-v3';
import { max, min, money, proportion, toDecimalString, type Money } from '../../platform/money/money.ts';
import { toFormattedAmount } from '../../platform/money/wire.ts';
import type { ModifierDoc } from './product-connections.ts';
import { costAndProfit } from './product-pricing.ts';
import { richDescriptionOf, type VariantExtrasDoc } from './product-v3-input.ts';
import { variantPrices, type ProductAggregate } from './products-v1.wire.ts';
import { inventoryStatusOf, type StockLevel } from './stock.ts';
import type {
  MediaItemDoc,
  ProductOptionDoc,
  StoresInfoSectionRow,
  StoresVariantRow,
} from './stores.tables.ts';

/** A product as the catalog v3 clients read it, from the same rows v1 reads. */

export interface V3WireOptions {
  fields: ReadonlySet<ProductV3RequestedField>;
  /** Cost and profit: only to the business that asks (`MERCHANT_DATA`). */
  merchant: boolean;
  /** Every variant on single reads and writes; lists carry `variantSummary` only. */
  includeVariants: boolean;
  /** The info sections the page shows, loaded when `INFO_SECTION` is asked for. */
  infoSections?: ReadonlyMap<string, StoresInfoSectionRow>;
}

interface ProductDocV3 {
  modifiers?: ModifierDoc[];
  infoSectionIds?: string[];
  seoData?: Record<string, unknown>;
  taxGroupId?: string;
  visibleInPos?: boolean;
  handle?: string;
  subscriptionDetails?: Record<string, unknown>;
  purchaseEligibility?: { userCriteria: string };
  extendedFields?: Record<string, unknown>;
  tags?: {
    privateTags?: { tagIds?: string[] | null } | null;
    publicTags?: { tagIds?: string[] | null } | null;
  };
  mainCategoryId?: string;
  fulfillerId?: string;
  deliveryProfileId?: string;
  additionalRibbons?: Array<{ id: string; name: string }>;
  pricePerUnitData?: {
    totalQuantity: number;
    totalMeasurementUnit: string;
    baseQuantity: number;
    baseMeasurementUnit: string;
  };
  variantExtras?: Record<string, VariantExtrasDoc>;
}

const noStock: StockLevel = {
  trackQuantity: false,
  quantity: null,
  available: null,
  inStock: true,
  preorderEnabled: false,
};

export function variantStockLevel(aggregate: ProductAggregate, variantId: string): StockLevel {
  const item = aggregate.inventoryItems.find((candidate) => candidate.variantId === variantId);
  return (item && aggregate.stock.get(item.id)) ?? noStock;
}

function amount(value: Money, locale: string) {
  return toFormattedAmount(value, locale);
}

export function mediaV3(item: MediaItemDoc, withThumbnail: boolean) {
  const size = { url: item.url, width: item.width ?? 0, height: item.height ?? 0 };
  return {
    id: item.id,
    url: item.url,
    ...(item.mediaType === 'image' ? { image: { ...size, altText: item.altText ?? null } } : {}),
    altText: item.altText ?? null,
    displayName: item.title ?? null,
    mediaType: item.mediaType === 'video' ? ('VIDEO' as const) : ('IMAGE' as const),
    ...(withThumbnail ? { thumbnail: { ...size, altText: item.altText ?? null } } : {}),
    uploadId: '',
  };
}

function optionsV3(aggregate: ProductAggregate, thumbnails: boolean): ProductV3['options'] {
  const { product, variants } = aggregate;
  return product.options.map((option: ProductOptionDoc) => ({
    id: option.id,
    name: option.name,
    optionRenderType: option.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
    key: option.name,
    choicesSettings: {
      choices: option.choices.map((choice) => {
        const linked = choice.mediaIds.flatMap((id) => product.media.filter((item) => item.id === id));
        return {
          choiceId: choice.id,
          choiceType: option.optionType === 'color' ? 'ONE_COLOR' : 'CHOICE_TEXT',
          key: choice.name,
          name: choice.name,
          ...(option.optionType === 'color' ? { colorCode: choice.value } : {}),
          inStock: variants.some(
            (variant) =>
              variant.visible &&
              variant.choices[option.id] === choice.id &&
              variantStockLevel(aggregate, variant.id).inStock,
          ),
          visible: choice.visible,
          ...(linked.length > 0 ? { linkedMedia: linked.map((item) => mediaV3(item, thumbnails)) } : {}),
        };
      }),
    },
  }));
}

function modifiersV3(doc: ProductDocV3): ProductV3['modifiers'] {
  return (doc.modifiers ?? []).map((modifier) => ({
    id: modifier.id,
    name: modifier.name,
    modifierRenderType: modifier.renderType,
    key: modifier.name,
    mandatory: modifier.mandatory,
    toBeRemovedMandatory: false,
    ...(modifier.freeText
      ? { freeTextSettings: { ...modifier.freeText, key: modifier.freeText.title } }
      : {}),
    ...(modifier.choices
      ? {
          choicesSettings: {
            choices: modifier.choices.map((choice) => ({
              choiceId: choice.id,
              choiceType: choice.choiceType,
              key: choice.name,
              name: choice.name,
              ...(choice.colorCode ? { colorCode: choice.colorCode } : {}),
              addedPrice: choice.addedPrice ?? null,
            })),
          },
        }
      : {}),
  }));
}

export function variantV3Wire(
  aggregate: ProductAggregate,
  variant: StoresVariantRow,
  site: Pick<Site, 'currency' | 'locale'>,
  options: Pick<V3WireOptions, 'fields' | 'merchant'>,
): VariantV3 {
  const { product } = aggregate;
  const { locale, currency } = site;
  const doc = product.doc as ProductDocV3;
  const { price, paid } = variantPrices(product, variant, currency);
  const names = options.fields.has('VARIANT_OPTION_CHOICE_NAMES');
  const extras = doc.variantExtras?.[variant.id] ?? {};
  const sku = variant.sku ?? product.sku;
  const weight = variant.weight ?? product.weight;
  const cost = variant.cost ?? product.cost;
  const media = variant.mediaId ? product.media.find((item) => item.id === variant.mediaId) : undefined;
  const level = variantStockLevel(aggregate, variant.id);
  const perUnit = extras.pricePerUnit ?? perUnitTotal(doc);
  const base = doc.pricePerUnitData;
  return {
    id: variant.id,
    visible: variant.visible,
    ...(sku ? { sku } : {}),
    ...(variant.barcode ? { barcode: variant.barcode } : {}),
    choices: product.options.flatMap((option) => {
      const choice = option.choices.find((candidate) => candidate.id === variant.choices[option.id]);
      if (!choice) return [];
      return [
        {
          optionChoiceIds: { optionId: option.id, choiceId: choice.id },
          ...(names
            ? {
                optionChoiceNames: {
                  optionName: option.name,
                  choiceName: choice.name,
                  renderType: option.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
                },
              }
            : {}),
        },
      ];
    }),
    price: {
      actualPrice: amount(paid, locale),
      ...(toDecimalString(price) !== toDecimalString(paid) ? { compareAtPrice: amount(price, locale) } : {}),
    },
    ...(options.merchant
      ? (() => {
          const result = costAndProfit(paid, money(cost ?? '0', currency));
          return {
            revenueDetails: {
              ...(cost !== null ? { cost: amount(result.cost, locale) } : {}),
              profit: amount(result.profit, locale),
              profitMargin: result.profitMargin,
            },
          };
        })()
      : {}),
    ...(product.productType === 'physical'
      ? {
          physicalProperties: {
            ...(weight !== null ? { weight: Number(weight) } : {}),
            ...(perUnit && base
              ? {
                  pricePerUnit: {
                    settings: perUnit as { quantity: number; measurementUnit: 'G' },
                    value: toDecimalString(
                      proportion(paid, String(base.baseQuantity), String(perUnit.quantity)),
                    ),
                    description: `per ${base.baseQuantity} ${base.baseMeasurementUnit.toLowerCase()}`,
                  },
                }
              : {}),
            ...(extras.productDimensions ? { productDimensions: extras.productDimensions as never } : {}),
            ...(extras.packageDimensions ? { packageDimensions: extras.packageDimensions as never } : {}),
          },
        }
      : extras.digitalProperties
        ? { digitalProperties: extras.digitalProperties as Record<string, unknown> }
        : {}),
    ...(media ? { media: mediaV3(media, options.fields.has('THUMBNAIL')) } : {}),
    inventoryStatus: { inStock: level.inStock, preorderEnabled: level.preorderEnabled },
  };
}

/** The total a v1 write gave in `pricePerUnitData` (the quantity of one item). */
function perUnitTotal(doc: ProductDocV3) {
  const data = doc.pricePerUnitData;
  return data ? { quantity: data.totalQuantity, measurementUnit: data.totalMeasurementUnit } : undefined;
}

function rangeOf(values: readonly Money[], locale: string) {
  return {
    minValue: amount(min(values[0]!, ...values), locale),
    maxValue: amount(max(values[0]!, ...values), locale),
  };
}

function inventoryV3(levels: readonly StockLevel[]): ProductV3['inventory'] {
  const preorder = levels.filter((level) => level.preorderEnabled).length;
  return {
    availabilityStatus: inventoryStatusOf(levels),
    preorderStatus:
      preorder === 0 ? 'DISABLED' : preorder === levels.length ? 'ENABLED' : 'PARTIALLY_ENABLED',
    preorderAvailability:
      preorder === 0 ? 'NO_VARIANTS' : preorder === levels.length ? 'ALL_VARIANTS' : 'SOME_VARIANTS',
  };
}

/** A product as v3 clients read it; `fields` adds what is only sent when asked for. */
export function productV3Wire(
  aggregate: ProductAggregate,
  site: Pick<Site, 'currency' | 'locale'>,
  options: V3WireOptions,
): ProductV3 {
  const { product, variants } = aggregate;
  const { currency, locale } = site;
  const doc = product.doc as ProductDocV3;
  const wants = (field: ProductV3RequestedField) => options.fields.has(field);
  const shown = variants.filter((variant) => variant.visible);
  const priced = (shown.length > 0 ? shown : variants).map((variant) =>
    variantPrices(product, variant, currency),
  );
  const prices = priced.length > 0 ? priced : [variantPrices(product, undefined, currency)];
  const costs = variants.flatMap((variant) => {
    const cost = variant.cost ?? product.cost;
    return cost === null ? [] : [money(cost, currency)];
  });
  const weights = variants.map((variant) => Number(variant.weight ?? product.weight ?? 0));
  const levels = variants.map((variant) => variantStockLevel(aggregate, variant.id));
  const variantWires = () => variants.map((variant) => variantV3Wire(aggregate, variant, site, options));
  const cheapest = variants.reduce<StoresVariantRow | undefined>((best, variant) => {
    if (!best) return variant;
    const a = variantPrices(product, variant, currency).paid;
    const b = variantPrices(product, best, currency).paid;
    return a.amount.lessThan(b.amount) ? variant : best;
  }, undefined);
  const thumbnails = wants('THUMBNAIL');
  const collections = product.collectionIds;
  const tagIds = (list: { tagIds?: string[] | null } | null | undefined) => ({ tagIds: list?.tagIds ?? [] });
  return {
    id: product.id,
    revision: String(product.revision),
    createdDate: product.createdDate.toISOString(),
    updatedDate: product.updatedDate.toISOString(),
    name: product.name,
    slug: product.slug,
    ...(wants('URL')
      ? { url: { relativePath: `/product-page/${product.slug}`, url: `/product-page/${product.slug}` } }
      : {}),
    ...(wants('DESCRIPTION') && richDescriptionOf(product)
      ? { description: richDescriptionOf(product) as ProductV3['description'] }
      : {}),
    ...(wants('PLAIN_DESCRIPTION') ? { plainDescription: product.description } : {}),
    visible: product.visible,
    visibleInPos: doc.visibleInPos ?? product.productType === 'physical',
    media: {
      ...(product.media[0] ? { main: mediaV3(product.media[0], thumbnails) } : {}),
      ...(wants('MEDIA_ITEMS_INFO')
        ? { itemsInfo: { items: product.media.map((item) => mediaV3(item, thumbnails)) } }
        : {}),
    },
    seoData: doc.seoData ?? { tags: [], settings: { preventAutoRedirect: false, keywords: [] } },
    ...(doc.taxGroupId ? { taxGroupId: doc.taxGroupId } : {}),
    options: optionsV3(aggregate, thumbnails),
    modifiers: modifiersV3(doc),
    ...(product.brandId && aggregate.brandName
      ? { brand: { id: product.brandId, name: aggregate.brandName } }
      : {}),
    ...(product.ribbonId && aggregate.ribbonName
      ? { ribbon: { id: product.ribbonId, name: aggregate.ribbonName } }
      : {}),
    infoSections: infoSectionsV3(doc, options),
    ...(wants('DIRECT_CATEGORIES_INFO')
      ? { directCategoriesInfo: { categories: collections.map((id) => ({ id })) } }
      : {}),
    ...(wants('ALL_CATEGORIES_INFO')
      ? { allCategoriesInfo: { categories: [allProductsCollectionId, ...collections].map((id) => ({ id })) } }
      : {}),
    ...(doc.mainCategoryId ? { mainCategoryId: doc.mainCategoryId } : {}),
    ...(options.merchant && costs.length > 0 ? { costRange: rangeOf(costs, locale) } : {}),
    inventory: inventoryV3(levels),
    productType: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
    ...(doc.handle ? { handle: doc.handle } : {}),
    ...(wants('CURRENCY') ? { currency } : {}),
    ...(wants('BREADCRUMBS_INFO') ? { breadcrumbsInfo: { breadcrumbs: [] } } : {}),
    actualPriceRange: rangeOf(
      prices.map((price) => price.paid),
      locale,
    ),
    compareAtPriceRange: rangeOf(
      prices.map((price) => price.price),
      locale,
    ),
    ...(product.productType === 'physical'
      ? {
          physicalProperties: {
            ...(doc.pricePerUnitData
              ? {
                  pricePerUnit: {
                    quantity: doc.pricePerUnitData.baseQuantity,
                    measurementUnit: doc.pricePerUnitData.baseMeasurementUnit as 'G',
                  },
                }
              : {}),
            ...(doc.fulfillerId ? { fulfillerId: doc.fulfillerId } : {}),
            ...(doc.deliveryProfileId ? { deliveryProfileId: doc.deliveryProfileId } : {}),
            shippingWeightRange: {
              minValue: weights.length > 0 ? Math.min(...weights) : 0,
              maxValue: weights.length > 0 ? Math.max(...weights) : 0,
            },
            ...(wants('WEIGHT_MEASUREMENT_UNIT_INFO')
              ? { weightMeasurementUnitInfo: { weightMeasurementUnit: 'KG' as const } }
              : {}),
          },
        }
      : {}),
    ...(options.includeVariants ? { variantsInfo: { variants: variantWires() } } : {}),
    ...(doc.subscriptionDetails ? { subscriptionDetails: doc.subscriptionDetails } : {}),
    ...(doc.purchaseEligibility?.userCriteria ? { purchaseEligibility: doc.purchaseEligibility } : {}),
    additionalRibbons: doc.additionalRibbons ?? [],
    ...(doc.extendedFields ? { extendedFields: doc.extendedFields } : {}),
    tags: { privateTags: tagIds(doc.tags?.privateTags), publicTags: tagIds(doc.tags?.publicTags) },
    variantSummary: {
      variantCount: variants.length,
      ...(wants('MIN_PRICE_VARIANT') && cheapest
        ? { minPriceVariant: variantV3Wire(aggregate, cheapest, site, options) }
        : {}),
    },
  };
}

function infoSectionsV3(doc: ProductDocV3, options: V3WireOptions): ProductV3['infoSections'] {
  const ids = doc.infoSectionIds ?? [];
  if (!options.fields.has('INFO_SECTION') || !options.infoSections) return ids.map((id) => ({ id }));
  return ids.flatMap((id) => {
    const row = options.infoSections!.get(id);
    if (!row) return [];
    const text = row.doc as { description?: Record<string, unknown>; plainDescription?: string };
    return [
      {
        id,
        uniqueName: row.uniqueName,
        title: row.title,
        ...(options.fields.has('INFO_SECTION_DESCRIPTION') && text.description
          ? { description: text.description }
          : {}),
        ...(options.fields.has('INFO_SECTION_PLAIN_DESCRIPTION') && text.plainDescription !== undefined
          ? { plainDescription: text.plainDescription }
          : {}),
      },
    ];
  });
}
