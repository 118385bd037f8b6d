import type { z } from 'zod';
import { storesErrorCodes, type StoresDiscount } from '@atrium/contract/stores/products-v1';
import {
  productV3ErrorCodes as codes,
  type ProductV3,
  type ProductV3Input,
  type ProductV3RequestedField,
  type searchProductsV3RequestSchema,
} from '@atrium/contract/stores/products-v3';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { bulkActionMetadataOf, bulkResults } from '../../platform/bulk/bulk-results.ts';
import { conflict, invalidField, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import { max, min, money } from '../../platform/money/money.ts';
import { cursorPagingOf, type QueryInput } from '../../platform/query/run-query.ts';
import { nextFreeSlug, normaliseCustomSlug, slugify } from '../../platform/slugs/slugs.ts';
import type { InventoryItemV3 } from '@atrium/contract/stores/inventory-items-v3';
import type { InventoryItemsV3Service } from './inventory-items-v3.service.ts';
import { toStored } from './product-pricing.ts';
import {
  actualPriceColumn,
  descriptionsOf,
  discountFor,
  docFromV3,
  mediaIdIn,
  mediaOf,
  priceOfVariant,
  type VariantExtrasDoc,
  type VariantPrice,
} from './product-v3-input.ts';
import { planV3Variants, type PlannedV3Variant } from './product-v3-variants.ts';
import { discountOf, productV1Wire } from './products-v1.wire.ts';
import {
  productsV3QueryEntity,
  textSearchWhere,
  type ProductsV3Repository,
} from './products-v3.repository.ts';
import { productV3Wire } from './products-v3.wire.ts';
import type { ProductChanges } from './products.repository.ts';
import type { ProductsCore, ProductsServiceDeps } from './products.service.ts';
import { isBusinessCaller } from './stores-access.ts';
import { storesEvents } from './stores-events.ts';
import { preorderKey, stockKey } from './stock.ts';
import type { StoresProductRow, StoresVariantRow } from './stores.tables.ts';

/**
 * Catalog v3 products: writes map the v3 wire onto the rows v1 reads (options are the connected
 * customizations, variants exactly those listed, prices kept as list price plus a price to pay), and reads
 * map the rows back. Bulk and by-filter calls are in products-v3-bulk.service.ts.
 */

export type Fields = readonly ProductV3RequestedField[] | undefined;
type SearchRequest = z.output<typeof searchProductsV3RequestSchema>['search'];

export interface ProductsV3Deps extends ProductsServiceDeps {
  core: ProductsCore;
  v3: ProductsV3Repository;
  inventory: InventoryItemsV3Service;
}

export interface V3Write {
  product: StoresProductRow;
  /** The variants the write listed, in request order (undefined when it listed none). */
  planned?: PlannedV3Variant[];
}

const entity = 'Product';
const none: StoresDiscount = { type: 'NONE', value: 0 };

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return (candidate?.cause?.code ?? candidate?.code) === '23505';
}

export function createProductsV3Service(deps: ProductsV3Deps) {
  const { database, repository, core, connections, holds } = deps;

  async function toWire(
    ctx: RequestContext,
    rows: readonly StoresProductRow[],
    options: { fields: Fields; includeVariants: boolean; executor?: Tx },
  ): Promise<ProductV3[]> {
    const fields = new Set(options.fields ?? []);
    const aggregates = await core.aggregates(ctx, rows, options.executor);
    const sections = aggregates.flatMap((aggregate) => aggregate.infoSections ?? []);
    const merchant = fields.has('MERCHANT_DATA') && isBusinessCaller(ctx.caller.identityType);
    return aggregates.map((aggregate) =>
      productV3Wire(aggregate, ctx.site, {
        fields,
        merchant,
        includeVariants: options.includeVariants,
        infoSections: new Map(sections.map((row) => [row.id, row])),
      }),
    );
  }

  /** One product with every variant (single reads and writes). */
  async function wireOne(ctx: RequestContext, row: StoresProductRow, fields: Fields, executor?: Tx) {
    return (await toWire(ctx, [row], { fields, includeVariants: true, executor }))[0]!;
  }

  async function slugFor(
    tx: Tx,
    ctx: RequestContext,
    name: string,
    given: string | null | undefined,
    selfId?: string,
  ) {
    if (given === undefined || given === null) {
      const base = slugify(name, 'product');
      return nextFreeSlug(base, await repository.slugsLike(ctx.site.id, base, tx));
    }
    const slug = normaliseCustomSlug(given);
    if (!slug)
      throw invalidField(
        'product.slug',
        `"${given}" is not a valid slug: a-z, 0-9 and single hyphens (INVALID_SLUG_FORMAT)`,
        'FORMAT',
      );
    const owner = await repository.findBySlug(ctx.site.id, slug, tx);
    if (owner && owner.id !== selfId) {
      throw conflict(codes.duplicateSlug, `Another product already has the slug "${slug}"`, { slug });
    }
    return slug;
  }

  /** The variant rows a v3 write ends with; new variants get an inventory item like v1's. */
  async function writeVariants(
    tx: Tx,
    ctx: RequestContext,
    product: StoresProductRow,
    plan: { variants: PlannedV3Variant[]; removed: string[] },
    prices: VariantPrice[] | undefined,
    discount: StoresDiscount,
    mediaIdOf: (variant: PlannedV3Variant) => string | null | undefined,
  ) {
    const siteId = ctx.site.id;
    const gone = (await repository.inventoryItemsOf(siteId, [product.id], tx)).filter((item) =>
      plan.removed.includes(item.variantId),
    );
    await holds.deleteCapacities(
      tx,
      siteId,
      gone.flatMap((item) => [stockKey(item.id), preorderKey(item.id)]),
    );
    await repository.deleteVariants(product.id, plan.removed, tx);
    const created: StoresVariantRow[] = [];
    for (const [index, planned] of plan.variants.entries()) {
      const input = planned.input;
      const price = prices?.[index];
      const values = {
        position: planned.position,
        choices: planned.choices,
        ...(price ? { price: toStored(price.list), actualPrice: actualPriceColumn(price, discount) } : {}),
        ...(input.revenueDetails?.cost !== undefined
          ? {
              cost: input.revenueDetails.cost
                ? toStored(money(input.revenueDetails.cost.amount, ctx.site.currency))
                : null,
            }
          : {}),
        ...(input.physicalProperties?.weight !== undefined
          ? {
              weight:
                input.physicalProperties.weight === null ? null : String(input.physicalProperties.weight),
            }
          : {}),
        ...(input.sku !== undefined ? { sku: input.sku || null } : {}),
        ...(input.barcode !== undefined ? { barcode: input.barcode || null } : {}),
        ...(input.visible != null ? { visible: input.visible } : {}),
        ...(input.media !== undefined ? { mediaId: mediaIdOf(planned) ?? null } : {}),
      };
      if (planned.existing) await repository.updateVariant(product.id, planned.id, values, tx);
      else created.push({ siteId, productId: product.id, id: planned.id, ...values } as StoresVariantRow);
    }
    await repository.insertVariants(created, tx);
    const items = await repository.insertInventoryItems(
      created.map((variant) => ({
        siteId,
        productId: product.id,
        variantId: variant.id,
        trackQuantity: product.trackInventory,
      })),
      tx,
    );
    for (const item of items.filter((candidate) => candidate.trackQuantity)) {
      await holds.setOnHand(tx, siteId, stockKey(item.id), 0);
    }
  }

  /** Per-variant settings without a column, merged into `doc.variantExtras`. */
  function variantExtras(before: StoresProductRow | undefined, planned: PlannedV3Variant[] | undefined) {
    if (!planned) return undefined;
    const previous =
      (before?.doc as { variantExtras?: Record<string, VariantExtrasDoc> })?.variantExtras ?? {};
    const extras: Record<string, VariantExtrasDoc> = {};
    for (const variant of planned) {
      const physical = variant.input.physicalProperties;
      const next: VariantExtrasDoc = { ...(previous[variant.id] ?? {}) };
      if (physical?.productDimensions !== undefined)
        next.productDimensions = physical.productDimensions ?? undefined;
      if (physical?.packageDimensions !== undefined)
        next.packageDimensions = physical.packageDimensions ?? undefined;
      if (physical?.pricePerUnit !== undefined)
        next.pricePerUnit = physical.pricePerUnit?.settings ?? undefined;
      if (variant.input.digitalProperties !== undefined)
        next.digitalProperties = variant.input.digitalProperties ?? undefined;
      if (Object.values(next).some((value) => value !== undefined)) extras[variant.id] = next;
    }
    return extras;
  }

  /** v1's `pricePerUnitData` from the product's base unit and the first variant's total. */
  function pricePerUnitData(
    input: ProductV3Input,
    before: StoresProductRow | undefined,
    planned?: PlannedV3Variant[],
  ) {
    const previous = (before?.doc as { pricePerUnitData?: Record<string, unknown> })?.pricePerUnitData;
    const base = input.physicalProperties?.pricePerUnit;
    if (base === null) return undefined;
    const total = planned?.[0]?.input.physicalProperties?.pricePerUnit?.settings;
    if (!base && !total) return previous;
    const baseQuantity = base?.quantity ?? (previous?.baseQuantity as number | undefined);
    const baseUnit = base?.measurementUnit ?? (previous?.baseMeasurementUnit as string | undefined);
    const totalQuantity = total?.quantity ?? (previous?.totalQuantity as number | undefined);
    const totalUnit = total?.measurementUnit ?? (previous?.totalMeasurementUnit as string | undefined);
    if (!baseQuantity || !baseUnit || !totalQuantity || !totalUnit) return previous;
    return {
      totalQuantity,
      totalMeasurementUnit: totalUnit,
      baseQuantity,
      baseMeasurementUnit: baseUnit,
    };
  }

  /** Creates (no `before`) or updates a product from a v3 write, inside the caller's transaction. */
  async function write(
    tx: Tx,
    ctx: RequestContext,
    input: ProductV3Input,
    before: StoresProductRow | undefined,
  ): Promise<V3Write> {
    const siteId = ctx.site.id;
    if (!before && !input.name) throw invalidField('product.name', 'is required', 'REQUIRED_FIELD');
    if (!before && !input.variantsInfo) {
      throw invalidField(
        'product.variantsInfo',
        'is required: a product has at least one variant',
        'REQUIRED_FIELD',
      );
    }
    if (before && input.options && !input.variantsInfo) {
      throw invalidField(
        'product.variantsInfo',
        'is required when options change: list the variants of the new options (MISSING_OPTIONS_ON_UPDATE_VARIANTS)',
        'REQUIRED_FIELD',
      );
    }
    const media = input.media ? mediaOf(input.media) : [...(before?.media ?? [])];
    const mediaCount = media.length;
    const options = input.options
      ? await connections.resolveOptions(tx, ctx, input.options, before?.options ?? [], (linked) =>
          (linked ?? []).map((item, index) =>
            mediaIdIn(media, item, `product.options.linkedMedia[${index}]`),
          ),
        )
      : (before?.options ?? []);
    const modifiers = input.modifiers
      ? await connections.resolveModifiers(tx, ctx, input.modifiers)
      : undefined;
    const existing = before ? await repository.variantsOf(siteId, [before.id], tx) : [];
    const plan = input.variantsInfo
      ? planV3Variants(options, input.variantsInfo.variants, existing)
      : undefined;
    const variantMedia = new Map(
      (plan?.variants ?? []).flatMap((variant) =>
        variant.input.media
          ? [
              [
                variant.id,
                mediaIdIn(
                  media,
                  variant.input.media,
                  `product.variantsInfo.variants[${variant.index}].media`,
                ),
              ] as const,
            ]
          : [],
      ),
    );

    const changes: ProductChanges = {};
    if (input.name) changes.name = input.name;
    if (input.visible != null) changes.visible = input.visible;
    if (input.productType) changes.productType = input.productType === 'DIGITAL' ? 'digital' : 'physical';
    const text = descriptionsOf(input);
    if (text.description !== undefined) changes.description = text.description;
    if (input.options) {
      changes.options = options;
      changes.manageVariants = options.length > 0;
    }
    if (input.media || media.length !== mediaCount) changes.media = media;
    if (input.brand !== undefined) changes.brandId = await connections.brandId(tx, ctx, input.brand);
    if (input.ribbon !== undefined) changes.ribbonId = await connections.ribbonId(tx, ctx, input.ribbon);

    let discount = before ? discountOf(before) : none;
    let prices: VariantPrice[] | undefined;
    if (plan) {
      const byId = new Map(existing.map((variant) => [variant.id, variant]));
      prices = plan.variants.map((variant) =>
        priceOfVariant(
          variant.input,
          before && byId.get(variant.id) ? { product: before, variant: byId.get(variant.id)! } : undefined,
          ctx.site.currency,
          `product.variantsInfo.variants[${variant.index}]`,
        ),
      );
      discount = discountFor(discount, prices[0]!);
      changes.discountType = discount.type;
      changes.discountValue = String(discount.value);
      changes.price = toStored(prices[0]!.list);
      // The price range the row keeps (as refreshPriceRange would), so the write is one revision.
      const shown = plan.variants.flatMap((variant, index) =>
        (variant.input.visible ?? byId.get(variant.id)?.visible ?? true) ? [prices![index]!.paid] : [],
      );
      const paid = shown.length > 0 ? shown : prices.map((price) => price.paid);
      changes.minPrice = toStored(min(paid[0]!, ...paid));
      changes.maxPrice = toStored(max(paid[0]!, ...paid));
      const firstCost = plan.variants[0]!.input.revenueDetails?.cost;
      if (!before && firstCost) changes.cost = toStored(money(firstCost.amount, ctx.site.currency));
    }
    const extras = variantExtras(before, plan?.variants);
    const richChanged = input.description !== undefined || input.plainDescription !== undefined;
    changes.doc = docFromV3(input, before?.doc ?? {}, {
      ...(richChanged ? { richDescription: text.richDescription } : {}),
      ...(modifiers ? { modifiers } : {}),
      ...(input.infoSections !== undefined
        ? { infoSectionIds: await connections.infoSectionIds(tx, ctx, input.infoSections ?? []) }
        : {}),
      ...(extras ? { variantExtras: extras } : {}),
      pricePerUnitData: pricePerUnitData(input, before, plan?.variants),
    });

    let row: StoresProductRow;
    if (before) {
      if (input.slug !== undefined && input.slug !== null)
        changes.slug = await slugFor(tx, ctx, before.name, input.slug, before.id);
      row = (await repository.updateProduct(siteId, before.id, changes, tx))!;
    } else {
      row = await repository.insertProduct(
        { ...changes, siteId, name: input.name!, slug: await slugFor(tx, ctx, input.name!, input.slug) },
        tx,
      );
    }
    if (plan) {
      await writeVariants(tx, ctx, row, plan, prices, discount, (variant) => variantMedia.get(variant.id));
      if (plan.variants.some((variant) => variant.input.sku)) await core.checkSkus(tx, ctx, row);
    }
    return { product: await core.refreshPriceRange(tx, ctx, row), planned: plan?.variants };
  }

  /** Runs `work` in a transaction; a unique index refusing the slug (a race) is the clients' 409. */
  async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await database.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(codes.duplicateSlug, 'Another product was just given the same slug; try again');
      }
      throw error;
    }
  }

  async function updated(tx: Tx, ctx: RequestContext, id: string, input: ProductV3Input): Promise<V3Write> {
    if (input.id && input.id !== id)
      throw invalidField('product.id', `must match the id in the path (${id})`);
    const before = await core.lockProduct(tx, ctx, id);
    if (input.revision === undefined || input.revision === null) {
      throw invalidField(
        'product.revision',
        'is required: send the revision the change is based on',
        'REQUIRED_FIELD',
      );
    }
    if (Number(input.revision) !== before.revision)
      throw staleRevision(entity, id, input.revision, before.revision);
    const result = await write(tx, ctx, input, before);
    await core.publishUpdated(tx, ctx, result.product, Boolean(result.planned));
    return result;
  }

  /** `products-with-inventory`: each listed variant's `inventoryItem` written with the product. */
  async function withInventory(tx: Tx, ctx: RequestContext, result: V3Write, returnEntity: boolean) {
    const items = await repository.inventoryItemsOf(ctx.site.id, [result.product.id], tx);
    const written = [];
    for (const variant of result.planned ?? []) {
      const stock = variant.input.inventoryItem;
      const item = items.find((candidate) => candidate.variantId === variant.id);
      if (!stock || !item) continue;
      written.push(
        await deps.inventory.applyStock(
          tx,
          ctx,
          item,
          stock,
          `product.variantsInfo.variants[${variant.index}].inventoryItem`,
        ),
      );
    }
    const wires = await deps.inventory.wire(ctx, written, tx);
    const results = wires.map((item, index) => ({
      itemMetadata: { id: item.id, originalIndex: index, success: true },
      ...(returnEntity ? { item } : {}),
    }));
    return { results, bulkActionMetadata: bulkActionMetadataOf(results) };
  }

  return {
    toWire,
    write,
    inTransaction,

    wireOne,

    async create(ctx: RequestContext, input: ProductV3Input): Promise<StoresProductRow> {
      return (await inTransaction((tx) => createAndAnnounce(tx, ctx, input))).product;
    },

    async get(ctx: RequestContext, id: string, fields: Fields) {
      const row = await core.findVisible(ctx, id);
      return wireOne(ctx, row, fields);
    },

    async getBySlug(ctx: RequestContext, slug: string, fields: Fields) {
      const row = await repository.findBySlug(ctx.site.id, slug.toLowerCase());
      if (!row || (!row.visible && !isBusinessCaller(ctx.caller.identityType))) {
        throw notFound(entity, slug, storesErrorCodes.productNotFound);
      }
      return wireOne(ctx, row, fields);
    },

    async update(ctx: RequestContext, id: string, input: ProductV3Input): Promise<StoresProductRow> {
      return (await inTransaction((tx) => updated(tx, ctx, id, input))).product;
    },

    async delete(ctx: RequestContext, id: string) {
      await core.remove(ctx, id);
    },

    async createWithInventory(ctx: RequestContext, input: ProductV3Input, returnEntity: boolean) {
      return inTransaction(async (tx) => {
        const result = await createAndAnnounce(tx, ctx, input);
        return {
          product: result.product,
          inventoryResults: await withInventory(tx, ctx, result, returnEntity),
        };
      });
    },

    async updateWithInventory(ctx: RequestContext, id: string, input: ProductV3Input, returnEntity: boolean) {
      return inTransaction(async (tx) => {
        const result = await updated(tx, ctx, id, input);
        return {
          product: result.product,
          inventoryResults: await withInventory(tx, ctx, result, returnEntity),
        };
      });
    },

    /** Each product in its own transaction: a refused one fails alone. */
    async bulkWrite(
      ctx: RequestContext,
      inputs: readonly ProductV3Input[],
      options: { update: boolean; returnEntity: boolean; fields: Fields; inventory?: boolean },
    ) {
      const inventoryResults: Array<{
        itemMetadata: { id: string | null; originalIndex: number; success: boolean };
        item?: InventoryItemV3;
      }> = [];
      const results = await bulkResults(
        inputs,
        async (input) => {
          const product = await inTransaction(async (tx) => {
            if (options.update && !input.id)
              throw invalidField('product.id', 'is required', 'REQUIRED_FIELD');
            const result = options.update
              ? await updated(tx, ctx, input.id!, input)
              : await createAndAnnounce(tx, ctx, input);
            if (options.inventory) {
              const written = await withInventory(tx, ctx, result, options.returnEntity);
              for (const entry of written.results) {
                inventoryResults.push({
                  ...entry,
                  itemMetadata: { ...entry.itemMetadata, originalIndex: inventoryResults.length },
                });
              }
            }
            return result.product;
          });
          return options.returnEntity
            ? { id: product.id, wire: await wireOne(ctx, product, options.fields) }
            : { id: product.id };
        },
        (input, result) => result?.id ?? input.id ?? null,
      );
      const productResults = {
        results: results.map(({ itemMetadata, item }) => ({
          itemMetadata,
          ...(item && 'wire' in item ? { item: item.wire } : {}),
        })),
        bulkActionMetadata: bulkActionMetadataOf(results),
      };
      return {
        productResults,
        inventoryResults: {
          results: inventoryResults,
          bulkActionMetadata: bulkActionMetadataOf(inventoryResults),
        },
      };
    },

    async query(ctx: RequestContext, query: QueryInput, fields: Fields) {
      const business = isBusinessCaller(ctx.caller.identityType);
      const result = await deps.queries.run(database.db, productsV3QueryEntity, query, {
        baseWhere: repository.siteProducts(ctx.site.id, { hidden: business }),
        cursorScope: ctx.site.id,
        paging: 'cursor',
        path: ['query'],
        defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
      });
      return {
        products: await toWire(ctx, result.rows as StoresProductRow[], { fields, includeVariants: false }),
        pagingMetadata: cursorPagingOf(result.pagingMetadata),
      };
    },

    /** Free text over names and descriptions, the query's filters and paging, and cheap aggregations. */
    async search(ctx: RequestContext, search: SearchRequest, fields: Fields) {
      const business = isBusinessCaller(ctx.caller.identityType);
      const text = search.search?.expression
        ? { expression: search.search.expression, mode: search.search.mode ?? 'AND' }
        : undefined;
      const result = await deps.queries.run(database.db, productsV3QueryEntity, search, {
        baseWhere: repository.siteProducts(ctx.site.id, { hidden: business }),
        cursorScope: ctx.site.id,
        paging: 'cursor',
        path: ['search'],
        defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
        ...(text
          ? { carried: { value: text, where: (value) => textSearchWhere(value as typeof text) } }
          : {}),
      });
      const [products, aggregations] = await Promise.all([
        toWire(ctx, result.rows as StoresProductRow[], { fields, includeVariants: false }),
        deps.v3.aggregate(result.where, search.aggregations ?? []),
      ]);
      return {
        products,
        pagingMetadata: cursorPagingOf(result.pagingMetadata),
        aggregationData: { results: aggregations },
      };
    },

    async count(
      ctx: RequestContext,
      request: {
        filter?: unknown;
        search?: { expression?: string | null; mode?: 'AND' | 'OR' | null } | null;
        returnNonVisibleProducts?: boolean | null;
      },
    ) {
      const hidden = isBusinessCaller(ctx.caller.identityType) && request.returnNonVisibleProducts === true;
      return deps.v3.count(
        deps.v3.where(repository.siteProducts(ctx.site.id, { hidden }), request.filter, request.search),
      );
    },
  };

  async function createAndAnnounce(tx: Tx, ctx: RequestContext, input: ProductV3Input): Promise<V3Write> {
    const result = await write(tx, ctx, input, undefined);
    const [aggregate] = await core.aggregates(ctx, [result.product], tx);
    await deps.publish(tx, ctx.site.id, storesEvents.productCreated, {
      product: productV1Wire(aggregate!, ctx.site, { merchant: false, includeVariants: false }),
    });
    return result;
  }
}

export type ProductsV3Service = ReturnType<typeof createProductsV3Service>;
