import { randomUUID } from 'node:crypto';
import {
  productV3ErrorCodes as codes,
  type ProductMediaInput,
  type ProductV3Input,
  type VariantV3Input,
} from '@atrium/contract/stores/products-v3';
import type { StoresDiscount } from '@atrium/contract/stores/products-v1';
import { badRequest, invalidField } from '../../platform/errors/app-error.ts';
import {
  compare,
  money,
  roundToCurrency,
  subtract,
  toDecimalString,
  type Money,
} from '../../platform/money/money.ts';
import { htmlFromRichContent, richContentFromHtml } from './info-sections.service.ts';
import { discountedPrice } from './product-pricing.ts';
import { variantPrices } from './products-v1.wire.ts';
import type { MediaItemDoc, StoresProductRow, StoresVariantRow } from './stores.tables.ts';

/**
 * How a v3 write becomes the rows both views read: media, descriptions, the product's doc, and the
 * prices (the list price in `price`, a price to pay of its own in `actual_price`). Pure.
 */

/** What v3 keeps per variant that has no column (dimensions, price-per-unit settings, digital file). */
export interface VariantExtrasDoc {
  productDimensions?: unknown;
  packageDimensions?: unknown;
  pricePerUnit?: { quantity: number; measurementUnit: string };
  digitalProperties?: unknown;
}

/** A media item from what the client sent: its media id or URL (image or video). */
export function mediaItemOf(input: ProductMediaInput, field: string): MediaItemDoc {
  const url = input.url ?? input.image?.url ?? input.video?.url ?? undefined;
  const id = input.id ?? input.image?.id ?? input.video?.id ?? undefined;
  if (!url && !id) throw invalidField(field, 'give the media item an id or a url', 'REQUIRED_ONE_OF_FIELD');
  const location = url ?? (id!.startsWith('http') ? id! : `/media/${id}`);
  const video = input.mediaType === 'VIDEO' || Boolean(input.video) || /\.(mp4|webm|mov)$/i.test(location);
  return {
    id: id ?? randomUUID(),
    mediaType: video ? 'video' : 'image',
    url: location,
    ...(input.image?.width ? { width: input.image.width } : {}),
    ...(input.image?.height ? { height: input.image.height } : {}),
    ...((input.displayName ?? input.image?.filename)
      ? { title: (input.displayName ?? input.image?.filename)! }
      : {}),
    ...((input.altText ?? input.image?.altText) ? { altText: (input.altText ?? input.image?.altText)! } : {}),
  };
}

/** The product's media list: `main` first, then the items (an item given twice is kept once). */
export function mediaOf(input: NonNullable<ProductV3Input['media']>): MediaItemDoc[] {
  const given = [
    ...(input.main ? [mediaItemOf(input.main, 'product.media.main')] : []),
    ...(input.itemsInfo?.items ?? []).map((item, index) =>
      mediaItemOf(item, `product.media.itemsInfo.items[${index}]`),
    ),
  ];
  const seen = new Set<string>();
  return given.filter((item) => {
    const key = item.url;
    if (seen.has(key) || seen.has(item.id)) return false;
    seen.add(key);
    seen.add(item.id);
    return true;
  });
}

/** The id of a media item in `media`, added to it when new (choice and variant media). */
export function mediaIdIn(media: MediaItemDoc[], input: ProductMediaInput, field: string): string {
  const item = mediaItemOf(input, field);
  const found = media.find((candidate) => candidate.id === item.id || candidate.url === item.url);
  if (found) return found.id;
  media.push(item);
  return item.id;
}

/** v1 keeps HTML, v3 rich content: whichever the client sent, the other is derived so both views agree. */
export function descriptionsOf(input: ProductV3Input): { description?: string; richDescription?: unknown } {
  if (input.description) {
    return {
      description: input.plainDescription ?? htmlFromRichContent(input.description),
      richDescription: input.description,
    };
  }
  if (input.plainDescription !== undefined && input.plainDescription !== null) {
    return { description: input.plainDescription, richDescription: undefined };
  }
  return {};
}

export function richDescriptionOf(product: StoresProductRow): unknown {
  const doc = product.doc as { richDescription?: unknown };
  return doc.richDescription ?? (product.description ? richContentFromHtml(product.description) : undefined);
}

/** The doc keys a v3 write replaces when it sends them (the rest of the doc stays). */
const docKeys = [
  'seoData',
  'taxGroupId',
  'visibleInPos',
  'handle',
  'subscriptionDetails',
  'purchaseEligibility',
  'extendedFields',
  'tags',
  'mainCategoryId',
] as const;

export function docFromV3(
  input: ProductV3Input,
  before: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const doc: Record<string, unknown> = { ...before };
  for (const key of docKeys) {
    const value = input[key];
    if (value === null) delete doc[key];
    else if (value !== undefined) doc[key] = value;
  }
  const physical = input.physicalProperties;
  if (physical) {
    for (const key of ['fulfillerId', 'deliveryProfileId'] as const) {
      if (physical[key] !== undefined) doc[key] = physical[key] ?? undefined;
    }
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete doc[key];
    else doc[key] = value;
  }
  return doc;
}

/** A variant's list price and the price a buyer pays. */
export interface VariantPrice {
  list: Money;
  paid: Money;
}

function amountOf(value: { amount: string }, currency: string): Money {
  return roundToCurrency(money(value.amount, currency));
}

/**
 * The prices a variant ends with: those the write gives (`compareAtPrice` is the list price, the actual
 * price when absent), else those it had; a new variant must be given its actual price.
 */
export function priceOfVariant(
  input: VariantV3Input,
  existing: { product: StoresProductRow; variant: StoresVariantRow } | undefined,
  currency: string,
  field: string,
): VariantPrice {
  const given = input.price?.actualPrice;
  if (!given) {
    if (!existing)
      throw invalidField(`${field}.price.actualPrice`, 'is required for a new variant', 'REQUIRED_FIELD');
    const { price, paid } = variantPrices(existing.product, existing.variant, currency);
    return { list: price, paid };
  }
  const paid = amountOf(given, currency);
  const compareAt = input.price?.compareAtPrice;
  const list = compareAt ? amountOf(compareAt, currency) : paid;
  if (compare(list, paid) < 0) {
    throw badRequest(
      codes.compareAtPriceLower,
      `${field}.price.compareAtPrice (${toDecimalString(list)}) is lower than actualPrice (${toDecimalString(paid)})`,
    );
  }
  return { list, paid };
}

/**
 * The product's discount rule after a v3 write of prices: kept when it still turns the first variant's
 * list price into its price to pay, else the difference as an AMOUNT (or NONE), so v1 reads of the
 * product show the same `price` and `discountedPrice` as v3 shows for that variant.
 */
export function discountFor(current: StoresDiscount, first: VariantPrice): StoresDiscount {
  if (compare(discountedPrice(first.list, current), first.paid) === 0) return current;
  const difference = subtract(first.list, first.paid);
  return compare(difference, money('0', difference.currency)) > 0
    ? { type: 'AMOUNT', value: Number(toDecimalString(difference)) }
    : { type: 'NONE', value: 0 };
}

/** `actual_price`: set only when the product's rule does not already give this variant's price to pay. */
export function actualPriceColumn(price: VariantPrice, discount: StoresDiscount): string | null {
  return compare(discountedPrice(price.list, discount), price.paid) === 0
    ? null
    : toDecimalString(price.paid);
}
