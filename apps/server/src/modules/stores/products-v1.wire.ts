import type { ProductV1, StoresDiscount, StoresVariant } from '@atrium/contract/stores/products-v1';
import type { Site } from '@atrium/contract/sites';
import { toCatalogV1PriceData } from '../../platform/money/wire.ts';
import { format } from '../../platform/money/format.ts';
import {
  max,
  min,
  money,
  proportion,
  toDecimalString,
  zero,
  type Money,
} from '../../platform/money/money.ts';
import { infoSectionHtml, type ModifierDoc } from './product-connections.ts';
import { costAndProfit, discountedPrice } from './product-pricing.ts';
import { choiceNames } from './product-variants.ts';
import { inventoryStatusFrom, type StockLevel } from './stock.ts';
import type {
  MediaItemDoc,
  ProductOptionDoc,
  StoresInfoSectionRow,
  StoresInventoryItemRow,
  StoresProductRow,
  StoresVariantRow,
} from './stores.tables.ts';

/** Everything one product's wire needs, read in batches for a page of products. */
export interface ProductAggregate {
  product: StoresProductRow;
  variants: StoresVariantRow[];
  inventoryItems: StoresInventoryItemRow[];
  stock: Map<string, StockLevel>;
  /** The product's info sections in its order (read only where the wire shows them). */
  infoSections?: StoresInfoSectionRow[];
  brandName?: string;
  ribbonName?: string;
}

export interface WireOptions {
  /** Cost and profit are the business's: only with `includeMerchantSpecificData` from the business. */
  merchant: boolean;
  includeVariants: boolean;
}

/** A variant's prices: list price (its own or the product's) and what a buyer pays. */
export function variantPrices(
  product: StoresProductRow,
  variant: StoresVariantRow | undefined,
  currency: string,
) {
  const price = money(variant?.price ?? product.price, currency);
  const paid = variant?.actualPrice
    ? money(variant.actualPrice, currency)
    : discountedPrice(price, discountOf(product));
  return { price, paid };
}

export function discountOf(product: StoresProductRow): StoresDiscount {
  return { type: product.discountType as StoresDiscount['type'], value: Number(product.discountValue) };
}

function number(value: Money): number {
  return Number(toDecimalString(value));
}

export function mediaItemWire(item: MediaItemDoc) {
  const size = {
    url: item.url,
    width: item.width ?? 0,
    height: item.height ?? 0,
    altText: item.altText ?? null,
  };
  return {
    id: item.id,
    mediaType: item.mediaType,
    title: item.title ?? '',
    ...(item.mediaType === 'video'
      ? { video: { files: [size], stillFrameMediaId: '' } }
      : {
          image: size,
          thumbnail: { ...size, width: Math.min(size.width, 50), height: Math.min(size.height, 50) },
        }),
  };
}

export function mediaWire(items: readonly MediaItemDoc[]) {
  const wire = items.map(mediaItemWire);
  return { ...(wire[0] ? { mainMedia: wire[0] } : {}), items: wire };
}

function costWire(paid: Money, cost: Money | undefined, locale: string) {
  const itemCost = cost ?? zero(paid.currency);
  const result = costAndProfit(paid, itemCost);
  return {
    itemCost: cost ? number(cost) : null,
    formattedItemCost: cost ? format(cost, locale) : '',
    profit: number(result.profit),
    formattedProfit: format(result.profit, locale),
    profitMargin: result.profitMargin,
  };
}

function levelOf(aggregate: ProductAggregate, variantId: string): StockLevel {
  const item = aggregate.inventoryItems.find((candidate) => candidate.variantId === variantId);
  return (
    (item && aggregate.stock.get(item.id)) ?? {
      trackQuantity: false,
      quantity: null,
      available: null,
      inStock: true,
      preorderEnabled: false,
    }
  );
}

export function variantWire(
  aggregate: ProductAggregate,
  variant: StoresVariantRow,
  site: Pick<Site, 'currency' | 'locale'>,
  merchant: boolean,
): StoresVariant {
  const { product } = aggregate;
  const { price, paid } = variantPrices(product, variant, site.currency);
  const priceData = toCatalogV1PriceData(price, site.locale, paid);
  const cost = variant.cost ?? product.cost;
  const level = levelOf(aggregate, variant.id);
  return {
    id: variant.id,
    choices: choiceNames(product.options, variant.choices),
    variant: {
      priceData,
      convertedPriceData: priceData,
      ...(merchant
        ? { costAndProfitData: costWire(paid, cost ? money(cost, site.currency) : undefined, site.locale) }
        : {}),
      weight: Number(variant.weight ?? product.weight ?? 0),
      sku: variant.sku ?? product.sku ?? '',
      visible: variant.visible,
    },
    stock: { trackQuantity: level.trackQuantity, quantity: level.quantity, inStock: level.inStock },
  };
}

/**
 * What a product's answer shows of its variants as a whole: worked out from the variants (a product page)
 * or summed up by the database (a list answer, `product-aggregates.ts` `loadListEntries`).
 */
export interface VariantFigures {
  count: number;
  /** How many can be bought now. */
  inStock: number;
  /** On hand, over the variants that track their quantity. */
  quantity: number;
  /** List prices (a variant's own, else the product's); undefined without variants. */
  price?: { min: Money; max: Money };
  cost?: { min: number; max: number };
  weight?: { min: number; max: number };
  /** Whether some visible variant with this choice can be bought now. */
  choiceInStock(optionId: string, choiceId: string): boolean;
}

/** A product of a list answer: its row, label names and the figures of its variants (no variant rows). */
export interface ProductListEntry {
  product: StoresProductRow;
  figures: VariantFigures;
  infoSections?: StoresInfoSectionRow[];
  brandName?: string;
  ribbonName?: string;
}

function rangeOf(values: readonly number[]) {
  return values.length === 0 ? undefined : { min: Math.min(...values), max: Math.max(...values) };
}

/** The figures of a product whose variants were read. */
export function figuresOf(aggregate: ProductAggregate, currency: string): VariantFigures {
  const { product, variants } = aggregate;
  const levels = variants.map((variant) => levelOf(aggregate, variant.id));
  const prices = variants.map((variant) => variantPrices(product, variant, currency).price);
  const costs = variants.map((variant) => variant.cost ?? product.cost).filter((cost) => cost !== null);
  return {
    count: variants.length,
    inStock: levels.filter((level) => level.inStock).length,
    quantity: levels
      .filter((level) => level.trackQuantity)
      .reduce((sum, level) => sum + (level.quantity ?? 0), 0),
    ...(prices.length > 0
      ? { price: { min: min(prices[0]!, ...prices), max: max(prices[0]!, ...prices) } }
      : {}),
    ...(costs.length > 0 ? { cost: rangeOf(costs.map((cost) => Number(cost))) } : {}),
    ...(variants.length > 0
      ? { weight: rangeOf(variants.map((variant) => Number(variant.weight ?? product.weight ?? 0))) }
      : {}),
    choiceInStock: (optionId, choiceId) =>
      variants.some(
        (variant, index) =>
          variant.visible && variant.choices[optionId] === choiceId && levels[index]!.inStock,
      ),
  };
}

function optionsWire(product: StoresProductRow, figures: VariantFigures) {
  const media = product.media;
  return product.options.map((option: ProductOptionDoc) => ({
    optionType: option.optionType,
    name: option.name,
    choices: option.choices.map((choice) => {
      const choiceMedia = choice.mediaIds.flatMap((id) => media.filter((item) => item.id === id));
      return {
        value: choice.value,
        description: choice.name,
        inStock: figures.choiceInStock(option.id, choice.id),
        visible: choice.visible,
        ...(choiceMedia.length > 0 ? { media: mediaWire(choiceMedia) } : {}),
      };
    }),
  }));
}

function range(values: { min: number; max: number } | undefined) {
  return values ? { minValue: values.min, maxValue: values.max } : { minValue: 0, maxValue: 0 };
}

/** A product as catalog v1 clients read it. */
export function productV1Wire(
  aggregate: ProductAggregate,
  site: Pick<Site, 'currency' | 'locale'>,
  options: WireOptions,
): ProductV1 {
  return productWire(
    { ...aggregate, figures: figuresOf(aggregate, site.currency) },
    site,
    options.merchant,
    options.includeVariants
      ? () => aggregate.variants.map((variant) => variantWire(aggregate, variant, site, options.merchant))
      : undefined,
  );
}

/** A product of a list answer without variants: the same answer as `productV1Wire` gives. */
export function productV1ListWire(
  entry: ProductListEntry,
  site: Pick<Site, 'currency' | 'locale'>,
  merchant: boolean,
): ProductV1 {
  return productWire(entry, site, merchant, undefined);
}

function productWire(
  entry: ProductListEntry,
  site: Pick<Site, 'currency' | 'locale'>,
  merchant: boolean,
  variantsWire: (() => StoresVariant[]) | undefined,
): ProductV1 {
  const { product, figures } = entry;
  const { currency, locale } = site;
  const { price, paid } = variantPrices(product, undefined, currency);
  const priceData = toCatalogV1PriceData(price, locale, paid);
  const prices = figures.price ?? { min: price, max: price };
  const doc = product.doc as {
    pricePerUnitData?: ProductV1['pricePerUnitData'];
    modifiers?: ModifierDoc[];
    seoData?: Record<string, unknown>;
  };
  const pricePerUnit = pricePerUnitOf(paid, doc.pricePerUnitData);
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    visible: product.visible,
    productType: product.productType as ProductV1['productType'],
    description: product.description,
    sku: product.sku ?? '',
    weight: Number(product.weight ?? 0),
    weightRange: range(figures.weight),
    stock: {
      trackInventory: product.trackInventory,
      quantity: product.trackInventory ? figures.quantity : null,
      inStock: figures.count === 0 || figures.inStock > 0,
      inventoryStatus: inventoryStatusFrom(figures.inStock, figures.count),
    },
    price: { ...priceData, ...pricePerUnit },
    priceData: { ...priceData, ...pricePerUnit },
    convertedPriceData: { ...priceData, ...pricePerUnit },
    priceRange: { minValue: number(prices.min), maxValue: number(prices.max) },
    ...(merchant
      ? {
          costAndProfitData: costWire(paid, product.cost ? money(product.cost, currency) : undefined, locale),
          costRange: range(figures.cost),
        }
      : {}),
    ...(doc.pricePerUnitData ? { pricePerUnitData: doc.pricePerUnitData } : {}),
    additionalInfoSections: (entry.infoSections ?? []).map((section) => ({
      title: section.title,
      description: infoSectionHtml(section),
    })),
    ribbons: entry.ribbonName ? [{ text: entry.ribbonName }] : [],
    media: mediaWire(product.media),
    customTextFields: customTextFieldsOf(doc.modifiers ?? []),
    manageVariants: product.manageVariants,
    productOptions: optionsWire(product, figures),
    productPageUrl: { base: '/', path: `/product-page/${product.slug}` },
    numericId: String(product.numericId),
    inventoryItemId: product.id,
    discount: discountOf(product),
    collectionIds: product.collectionIds,
    ...(variantsWire ? { variants: variantsWire() } : {}),
    lastUpdated: product.updatedDate.toISOString(),
    createdDate: product.createdDate.toISOString(),
    ...(doc.seoData ? { seoData: doc.seoData } : {}),
    ...(entry.ribbonName ? { ribbon: entry.ribbonName } : {}),
    ...(entry.brandName ? { brand: entry.brandName } : {}),
  };
}

/** The product's FREE_TEXT modifiers as v1 shows them: custom text fields. */
function customTextFieldsOf(modifiers: readonly ModifierDoc[]): ProductV1['customTextFields'] {
  return modifiers.flatMap((modifier) =>
    modifier.freeText
      ? [
          {
            title: modifier.freeText.title,
            maxLength: modifier.freeText.maxCharCount,
            mandatory: modifier.mandatory,
          },
        ]
      : [],
  );
}

/** The price per base unit (`pricePerUnit`), e.g. 2.50 per 100 g for 10.00 a 400 g pack. */
function pricePerUnitOf(paid: Money, data: ProductV1['pricePerUnitData']) {
  if (!data) return {};
  return { pricePerUnit: number(proportion(paid, String(data.baseQuantity), String(data.totalQuantity))) };
}
