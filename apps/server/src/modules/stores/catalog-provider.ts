import type {
  CatalogHoldOutcome,
  CatalogItemDescription,
  CatalogLine,
  CatalogProvider,
  CatalogReference,
} from '../../platform/catalog/catalog-provider.ts';
import type { Executor, Tx } from '../../platform/db/database.ts';
import type { HoldsService, HoldItem, Shortfall } from '../../platform/holds/holds.service.ts';
import { toDecimalString } from '../../platform/money/money.ts';
import type { ProductLabels } from './product-aggregates.ts';
import type { ModifierDoc } from './product-connections.ts';
import { loadAggregates } from './product-aggregates.ts';
import { choiceIdsByName, choiceNames, matchesPartial } from './product-variants.ts';
import { variantPrices } from './products-v1.wire.ts';
import type { ProductsRepository } from './products.repository.ts';
import { stockHoldKind, stockKey } from './stock.ts';
import type { StoresInventoryItemRow, StoresProductRow, StoresVariantRow } from './stores.tables.ts';
import { isUuid } from '../../platform/db/ids.ts';

/** The app id the official clients put in `catalogReference.appId` for store products. */
export const storesAppId = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** What resolving a reference needs of a product: its options, and its variants with their stock items. */
interface ResolvableProduct {
  product: Pick<StoresProductRow, 'id' | 'visible' | 'options'>;
  variants: ReadonlyArray<Pick<StoresVariantRow, 'id' | 'choices' | 'visible'>>;
  inventoryItems: ReadonlyArray<Pick<StoresInventoryItemRow, 'id' | 'variantId' | 'trackQuantity'>>;
}

/** A product as `stockLayout` reads it, gathered row by row. */
interface LaidOutProduct extends ResolvableProduct {
  variants: Array<ResolvableProduct['variants'][number]>;
  inventoryItems: Array<ResolvableProduct['inventoryItems'][number]>;
}

interface Resolved<P extends ResolvableProduct> {
  aggregate: P;
  variant: P['variants'][number];
  /** The inventory item whose stock counts, when it tracks quantity. */
  trackedItemId?: string;
}

/** What describing a line resolved for holding it: the stock item that counts, when it tracks quantity. */
interface StockHolding {
  trackedItemId?: string;
}

/** A line's `holding` as this provider's describe made it (anything else: resolve the reference). */
function holdingOf(holding: unknown): StockHolding | undefined {
  if (!holding || typeof holding !== 'object') return undefined;
  const { trackedItemId } = holding as { trackedItemId?: unknown };
  if (trackedItemId !== undefined && typeof trackedItemId !== 'string') return undefined;
  return trackedItemId === undefined ? {} : { trackedItemId };
}

/** The stock items of the lines (undefined: a line that names nothing), summed per item by the holds. */
function itemsOf(lines: readonly CatalogLine[], resolved: ReadonlyArray<StockHolding | undefined>) {
  const items: HoldItem[] = [];
  const keyToReference = new Map<string, CatalogReference>();
  const missing: CatalogLine[] = [];
  lines.forEach((line, index) => {
    const found = resolved[index];
    if (!found) missing.push(line);
    else if (found.trackedItemId) {
      const key = stockKey(found.trackedItemId);
      items.push({ key, quantity: line.quantity });
      keyToReference.set(key, line.reference);
    }
  });
  return { items, keyToReference, missing };
}

/** The variant a reference names: `options.variantId`, or `options.options` (option name → choice). */
function resolve<P extends ResolvableProduct>(
  products: readonly P[],
  reference: CatalogReference,
): Resolved<P> | undefined {
  const aggregate = products.find((candidate) => candidate.product.id === reference.catalogItemId);
  if (!aggregate || !aggregate.product.visible) return undefined;
  const options = (reference.options ?? {}) as { variantId?: unknown; options?: unknown };
  let variant: P['variants'][number] | undefined;
  if (typeof options.variantId === 'string') {
    variant = aggregate.variants.find((candidate) => candidate.id === options.variantId);
  } else if (options.options && typeof options.options === 'object') {
    const partial = choiceIdsByName(aggregate.product.options, options.options as Record<string, string>);
    variant =
      partial && Object.keys(partial).length === aggregate.product.options.length
        ? aggregate.variants.find((candidate) => matchesPartial(candidate.choices, partial))
        : undefined;
  } else if (aggregate.product.options.length === 0) {
    variant = aggregate.variants[0];
  }
  if (!variant || !variant.visible) return undefined;
  const item = aggregate.inventoryItems.find((candidate) => candidate.variantId === variant.id);
  return { aggregate, variant, trackedItemId: item?.trackQuantity ? item.id : undefined };
}

/**
 * Why the buyer's texts (`options.customTextFields`: title → text) do not fit the product's text fields
 * (its FREE_TEXT modifiers, v1 `customTextFields`): a mandatory one left empty, one too long or too short,
 * one the product does not have. Undefined when they fit.
 */
function customTextProblem(product: StoresProductRow, reference: CatalogReference): string | undefined {
  const given = (reference.options ?? {}).customTextFields ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) return 'customTextFields must map titles to texts';
  const fields = ((product.doc as { modifiers?: ModifierDoc[] }).modifiers ?? []).flatMap((modifier) =>
    modifier.freeText ? [{ ...modifier.freeText, mandatory: modifier.mandatory }] : [],
  );
  for (const [title, text] of Object.entries(given as Record<string, unknown>)) {
    const field = fields.find((candidate) => candidate.title === title);
    if (!field) return `"${product.name}" has no text field "${title}"`;
    if (typeof text !== 'string') return `The text for "${title}" must be a string`;
    if (text.length > field.maxCharCount) {
      return `The text for "${title}" is ${text.length} characters; at most ${field.maxCharCount} are allowed`;
    }
    if (text.length > 0 && text.length < field.minCharCount) {
      return `The text for "${title}" needs at least ${field.minCharCount} characters`;
    }
  }
  const missing = fields.find(
    (field) => field.mandatory && !String((given as Record<string, unknown>)[field.title] ?? '').trim(),
  );
  return missing ? `"${product.name}" needs a text for "${missing.title}"` : undefined;
}

/** The texts a buyer wrote for the product's text fields (checked by `customTextProblem`), non-blank ones. */
function customTextsOf(reference: CatalogReference): Record<string, string> {
  const given = (reference.options ?? {}).customTextFields;
  if (!given || typeof given !== 'object' || Array.isArray(given)) return {};
  return Object.fromEntries(
    Object.entries(given as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    ),
  );
}

function productIdsOf(references: readonly CatalogReference[]): string[] {
  return [...new Set(references.map((reference) => reference.catalogItemId).filter((id) => isUuid(id)))];
}

/**
 * The store's catalog provider for commerce: describes products and variants by reference in batches,
 * and holds, commits and restocks their stock through the platform's holds (stock.ts).
 */
export function createStoresCatalogProvider(deps: {
  repository: ProductsRepository;
  holds: HoldsService;
  labels: ProductLabels;
  findCurrency: (siteId: string) => Promise<string>;
}): CatalogProvider {
  const { repository, holds } = deps;

  async function resolveAll(
    siteId: string,
    references: readonly CatalogReference[],
    now: Date,
    executor?: Executor,
  ) {
    const rows = await repository.findProducts(siteId, productIdsOf(references), executor);
    const aggregates = await loadAggregates(deps, siteId, rows, now, executor);
    return references.map((reference) =>
      reference.appId === storesAppId ? resolve(aggregates, reference) : undefined,
    );
  }

  /**
   * The stock items of the lines that track quantity, summed per item (the order locks are taken in),
   * from one light read of the products' layout: holding and selling need no prices, names or levels.
   */
  async function stockItems(tx: Tx, siteId: string, lines: readonly CatalogLine[]) {
    const described = lines.map((line) => holdingOf(line.holding));
    if (described.every((holding) => holding !== undefined)) return itemsOf(lines, described);
    const references = lines.map((line) => line.reference);
    const layout = await repository.stockLayout(siteId, productIdsOf(references), tx);
    const products = new Map<string, LaidOutProduct>();
    for (const row of layout) {
      let product = products.get(row.productId);
      if (!product) {
        product = {
          product: { id: row.productId, visible: row.productVisible, options: row.options },
          variants: [],
          inventoryItems: [],
        };
        products.set(row.productId, product);
      }
      product.variants.push({ id: row.variantId, choices: row.choices, visible: row.variantVisible });
      if (row.itemId) {
        product.inventoryItems.push({
          id: row.itemId,
          variantId: row.variantId,
          trackQuantity: row.trackQuantity ?? false,
        });
      }
    }
    const resolved = references.map((reference) =>
      reference.appId === storesAppId ? resolve([...products.values()], reference) : undefined,
    );
    return itemsOf(
      lines,
      resolved.map((found) => (found ? { trackedItemId: found.trackedItemId } : undefined)),
    );
  }

  /**
   * A hold or commit of the lines' stock, as the provider answers it: lines that name nothing are a
   * shortfall of everything; lines that count no stock need nothing held.
   */
  async function outcomeOf(
    lines: Awaited<ReturnType<typeof stockItems>>,
    take: (items: HoldItem[]) => Promise<{ ok: true } | { ok: false; shortfalls: Shortfall[] }>,
  ): Promise<CatalogHoldOutcome> {
    if (lines.missing.length > 0) {
      return {
        ok: false,
        shortfalls: lines.missing.map((line) => ({
          reference: line.reference,
          requested: line.quantity,
          available: 0,
        })),
      };
    }
    if (lines.items.length === 0) return { ok: true };
    const outcome = await take(lines.items);
    if (outcome.ok) return { ok: true };
    return {
      ok: false,
      shortfalls: outcome.shortfalls.map((shortfall) => ({
        reference: lines.keyToReference.get(shortfall.key)!,
        requested: shortfall.requested,
        available: shortfall.available,
      })),
    };
  }

  return {
    appId: storesAppId,

    async describe(siteId, references, now): Promise<CatalogItemDescription[]> {
      const currency = await deps.findCurrency(siteId);
      const resolved = await resolveAll(siteId, references, now);
      return references.map((reference, index) => {
        const found = resolved[index];
        if (!found) return { reference, availability: { status: 'NOT_FOUND' } };
        const { aggregate, variant, trackedItemId } = found;
        const { product } = aggregate;
        const { price, paid } = variantPrices(product, variant, currency);
        const item = aggregate.inventoryItems.find((candidate) => candidate.variantId === variant.id);
        const level = item ? aggregate.stock.get(item.id) : undefined;
        const available = level?.available ?? null;
        const media = product.media[0];
        const textProblem = customTextProblem(product, reference);
        return {
          reference,
          holding: (trackedItemId ? { trackedItemId } : {}) satisfies StockHolding,
          availability: textProblem
            ? { status: 'NOT_AVAILABLE', reason: textProblem }
            : level && !level.inStock
              ? { status: 'NOT_AVAILABLE', quantityAvailable: 0 }
              : { status: 'AVAILABLE', ...(available !== null ? { quantityAvailable: available } : {}) },
          item: {
            name: product.name,
            itemType: product.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
            price: toDecimalString(paid),
            fullPrice: toDecimalString(price),
            currency,
            ...(media
              ? { media: { url: media.url, ...(media.altText ? { altText: media.altText } : {}) } }
              : {}),
            ...((variant.sku ?? product.sku) ? { sku: (variant.sku ?? product.sku)! } : {}),
            ...((variant.weight ?? product.weight) ? { weight: (variant.weight ?? product.weight)! } : {}),
            // The buyer's texts are part of what was bought: the line's description and the order keep them.
            options: { ...choiceNames(product.options, variant.choices), ...customTextsOf(reference) },
            variantId: variant.id,
          },
        };
      });
    },

    async hold(tx, request) {
      const lines = await stockItems(tx, request.siteId, request.lines);
      return outcomeOf(lines, (items) =>
        holds.hold(tx, {
          siteId: request.siteId,
          kind: stockHoldKind,
          owner: request.owner,
          items,
          expiresAt: request.expiresAt,
          now: request.now,
        }),
      );
    },

    async release(tx, request) {
      await holds.release(tx, { siteId: request.siteId, owner: request.owner });
    },

    async commit(tx, request) {
      const lines = await stockItems(tx, request.siteId, request.lines);
      return outcomeOf(lines, (items) =>
        holds.commit(tx, { siteId: request.siteId, owner: request.owner, items, now: request.now }),
      );
    },

    async restock(tx, request) {
      const { items } = await stockItems(tx, request.siteId, request.lines);
      if (items.length > 0) await holds.uncommit(tx, { siteId: request.siteId, items });
    },
  };
}
