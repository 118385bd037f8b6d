import type { z } from 'zod';
import {
  allProductsCollectionId,
  storesErrorCodes,
  type ProductInput,
  type ProductV1,
  type queryProductsRequestSchema,
} from '@atrium/contract/stores/products-v1';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/errors/app-error.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import { fromJsonNumber } from '../../platform/money/money.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { nextFreeSlug, normaliseCustomSlug, slugify } from '../../platform/slugs/slugs.ts';
import {
  loadAggregates,
  levelColumnsOf,
  loadListEntries,
  priceRangeOf,
  type InfoSectionsByIds,
  type ProductLabels,
} from './product-aggregates.ts';
import type { ModifierDoc, ProductConnections } from './product-connections.ts';
import { optionsFromV1 } from './product-options.ts';
import { toStored } from './product-pricing.ts';
import { planVariants } from './product-variants.ts';
import { productV1ListWire, productV1Wire } from './products-v1.wire.ts';
import {
  allProductsCounter,
  productsQueryEntity,
  type ProductChanges,
  type ProductsRepository,
} from './products.repository.ts';
import { isBusinessCaller } from './stores-access.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import { stockKey } from './stock.ts';
import type { ProductOptionDoc, StoresProductRow } from './stores.tables.ts';
import { isUuid } from '../../platform/db/ids.ts';

/**
 * The counter row that answers a query's total: the collection of a filter that is only one collection
 * (`collectionIds` or `collections.id`, as `$hasSome`/`$in` of one id or `$eq`), or "All products" for no filter.
 */
function counterOf(filter: unknown): string | undefined {
  if (filter === undefined || filter === null) return allProductsCounter;
  if (typeof filter !== 'object' || Array.isArray(filter)) return undefined;
  const entries = Object.entries(filter);
  if (entries.length === 0) return allProductsCounter;
  if (entries.length !== 1) return undefined;
  const [field, condition] = entries[0]!;
  if (field !== 'collectionIds' && field !== 'collections.id') return undefined;
  const only = (values: unknown) =>
    Array.isArray(values) && values.length === 1 && typeof values[0] === 'string' && isUuid(values[0])
      ? values[0].toLowerCase()
      : undefined;
  if (typeof condition === 'string') return isUuid(condition) ? condition.toLowerCase() : undefined;
  if (!condition || typeof condition !== 'object' || Object.keys(condition).length !== 1) return undefined;
  const [operator, operand] = Object.entries(condition)[0]!;
  if (operator === '$hasSome' || operator === '$in') return only(operand);
  if (operator === '$eq' && typeof operand === 'string' && isUuid(operand)) return operand.toLowerCase();
  return undefined;
}

/** "All products" is every product: a top-level condition on its id filters nothing. */
function withoutAllProductsCollection(query: QueryProductsRequest['query']): QueryProductsRequest['query'] {
  const filter = query?.filter;
  if (!filter || typeof filter !== 'object') return query;
  const rest = Object.fromEntries(
    Object.entries(filter).filter(([field, condition]) => {
      if (field !== 'collectionIds' && field !== 'collections.id') return true;
      const values =
        typeof condition === 'object' && condition !== null ? Object.values(condition).flat() : [condition];
      return !(values.length === 1 && values[0] === allProductsCollectionId);
    }),
  );
  return { ...query, filter: rest };
}

export interface ProductsServiceDeps {
  database: Database;
  repository: ProductsRepository;
  holds: HoldsService;
  labels: ProductLabels;
  queries: QueryRunner;
  publish: PublishStoresEvent;
  /** Customizations and info sections: v1 custom text fields and info sections are the v3 entities. */
  connections: ProductConnections;
  infoSectionsByIds: InfoSectionsByIds;
}

type QueryProductsRequest = z.output<typeof queryProductsRequestSchema>;

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}

/**
 * The product core both catalog views share: writing products, their options and variant matrix, and
 * reading them as aggregates. v1 and v3 are answered by their own wire mappers over the same rows.
 */
export function createProductsCore(deps: ProductsServiceDeps) {
  const { database, repository, holds, labels } = deps;

  async function aggregates(ctx: RequestContext, rows: readonly StoresProductRow[], executor?: Tx) {
    return loadAggregates(deps, ctx.site.id, rows, ctx.now(), executor);
  }

  /** The product, or a 404: a shopper never sees a hidden product. */
  async function findVisible(ctx: RequestContext, id: string, executor?: Tx): Promise<StoresProductRow> {
    const row = await repository.findProduct(ctx.site.id, id, executor);
    if (!row || (!row.visible && !isBusinessCaller(ctx.caller.identityType))) {
      throw notFound('Product', id, storesErrorCodes.productNotFound);
    }
    return row;
  }

  async function lockProduct(tx: Tx, ctx: RequestContext, id: string): Promise<StoresProductRow> {
    const row = await repository.findProduct(ctx.site.id, id, tx, true);
    if (!row) throw notFound('Product', id, storesErrorCodes.productNotFound);
    return row;
  }

  async function slugFor(
    tx: Tx,
    ctx: RequestContext,
    name: string,
    given: string | undefined,
    selfId?: string,
  ) {
    if (given !== undefined) {
      const slug = normaliseCustomSlug(given);
      if (!slug)
        throw conflict(storesErrorCodes.slugTaken, `"${given}" is not a valid slug (a-z, 0-9 and hyphens)`);
      const owner = await repository.findBySlug(ctx.site.id, slug, tx);
      if (owner && owner.id !== selfId) {
        throw conflict(storesErrorCodes.slugTaken, `Another product already has the slug "${slug}"`, {
          slug,
        });
      }
      return slug;
    }
    const base = slugify(name, 'product');
    return nextFreeSlug(base, await repository.slugsLike(ctx.site.id, base, tx));
  }

  /**
   * Makes the product's variants the matrix of `options`: unchanged combinations keep their variant and
   * stock, new ones get a variant and an inventory item, the others go with their stock. Then the
   * product row's price range follows.
   */
  async function syncVariants(
    tx: Tx,
    ctx: RequestContext,
    product: StoresProductRow,
    options: ProductOptionDoc[],
  ) {
    const existing = await repository.variantsOf(ctx.site.id, [product.id], tx);
    const plan = planVariants(options, existing);
    const removedItems = (await repository.inventoryItemsOf(ctx.site.id, [product.id], tx)).filter((item) =>
      plan.removed.includes(item.variantId),
    );
    await holds.deleteCapacities(
      tx,
      ctx.site.id,
      removedItems.map((item) => stockKey(item.id)),
    );
    await repository.deleteVariants(product.id, plan.removed, tx);
    for (const variant of plan.variants.filter((candidate) => candidate.existing)) {
      await repository.updateVariant(
        product.id,
        variant.id,
        { position: variant.position, choices: variant.choices },
        tx,
      );
    }
    const created = plan.variants.filter((variant) => !variant.existing);
    await repository.insertVariants(
      created.map((variant) => ({
        siteId: ctx.site.id,
        productId: product.id,
        id: variant.id,
        position: variant.position,
        choices: variant.choices,
      })),
      tx,
    );
    const items = await repository.insertInventoryItems(
      created.map((variant) => ({
        siteId: ctx.site.id,
        productId: product.id,
        variantId: variant.id,
        trackQuantity: product.trackInventory,
      })),
      tx,
    );
    for (const item of items.filter((candidate) => candidate.trackQuantity)) {
      await holds.setOnHand(tx, ctx.site.id, stockKey(item.id), 0);
    }
    return refreshPriceRange(tx, ctx, { ...product, options });
  }

  /**
   * Refuses a write that leaves a SKU on two products: SKUs are unique per site, over products and their
   * variants. The variants of one product may share one (v1 sets a SKU on every variant a partial choice
   * selects, and a variant without its own shows the product's). A 409 `SKU_ALREADY_EXIST_ERROR` names
   * the SKU and the product that has it.
   */
  async function checkSkus(tx: Tx, ctx: RequestContext, product: StoresProductRow) {
    const variants = await repository.variantsOf(ctx.site.id, [product.id], tx);
    const skus = [
      ...new Set([product.sku, ...variants.map((variant) => variant.sku)].filter((sku) => sku !== null)),
    ];
    await repository.lockSkus(ctx.site.id, skus, tx);
    const [taken] = await repository.skuOwners(ctx.site.id, product.id, skus, tx);
    if (taken) {
      throw conflict(
        storesErrorCodes.skuTaken,
        `The SKU "${taken.sku}" is already used by product ${taken.productId}`,
        { sku: taken.sku, productId: taken.productId },
      );
    }
  }

  async function refreshPriceRange(tx: Tx, ctx: RequestContext, product: StoresProductRow) {
    const variants = await repository.variantsOf(ctx.site.id, [product.id], tx);
    const range = priceRangeOf(product, variants, ctx.site);
    if (range.minPrice === product.minPrice && range.maxPrice === product.maxPrice) return product;
    const updated = await repository.updateProduct(ctx.site.id, product.id, range, tx);
    return updated ?? product;
  }

  /** The row changes a v1 write asks for (labels resolved, amounts rounded to the currency). */
  async function changesFromV1(tx: Tx, ctx: RequestContext, input: ProductInput): Promise<ProductChanges> {
    const currency = ctx.site.currency;
    const changes: ProductChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.visible != null) changes.visible = input.visible;
    if (input.productType !== undefined) changes.productType = input.productType;
    if (input.description !== undefined) changes.description = input.description ?? '';
    if (input.sku !== undefined) changes.sku = input.sku || null;
    if (input.weight !== undefined) changes.weight = input.weight === null ? null : String(input.weight);
    if (input.priceData?.price != null)
      changes.price = toStored(fromJsonNumber(input.priceData.price, currency));
    if (input.costAndProfitData && input.costAndProfitData.itemCost !== undefined) {
      const cost = input.costAndProfitData.itemCost;
      changes.cost = cost === null ? null : toStored(fromJsonNumber(cost, currency));
    }
    if (input.discount) {
      changes.discountType = input.discount.type;
      changes.discountValue = String(input.discount.type === 'NONE' ? 0 : input.discount.value);
    }
    if (input.manageVariants != null) changes.manageVariants = input.manageVariants;
    if (input.ribbon !== undefined) {
      changes.ribbonId = input.ribbon ? await labels.ribbonIdFor(tx, ctx.site.id, input.ribbon) : null;
    }
    if (input.brand !== undefined) {
      changes.brandId = input.brand ? await labels.brandIdFor(tx, ctx.site.id, input.brand) : null;
    }
    return changes;
  }

  /**
   * The product's `doc` after a v1 write. Custom text fields are the product's FREE_TEXT modifiers and
   * info sections its v3 info sections (`doc.modifiers`, `doc.infoSectionIds`), so both views show them.
   */
  async function docFromV1(
    tx: Tx,
    ctx: RequestContext,
    input: ProductInput,
    before: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const doc = { ...before };
    for (const key of ['pricePerUnitData', 'seoData'] as const) {
      if (input[key] !== undefined) doc[key] = input[key];
    }
    if (input.customTextFields !== undefined) {
      const existing = (before.modifiers as ModifierDoc[] | undefined) ?? [];
      doc.modifiers = await deps.connections.modifiersFromV1(tx, ctx, input.customTextFields, existing);
    }
    if (input.additionalInfoSections !== undefined) {
      doc.infoSectionIds = await deps.connections.infoSectionIdsFromV1(tx, ctx, input.additionalInfoSections);
    }
    return doc;
  }

  async function publishUpdated(
    tx: Tx,
    ctx: RequestContext,
    product: StoresProductRow,
    variantsChanged: boolean,
  ) {
    const [aggregate] = await aggregates(ctx, [product], tx);
    const wire = productV1Wire(aggregate!, ctx.site, { merchant: false, includeVariants: false });
    await deps.publish(tx, ctx.site.id, storesEvents.productUpdated, { product: wire });
    if (variantsChanged)
      await deps.publish(tx, ctx.site.id, storesEvents.variantsChanged, { productId: product.id });
  }

  return {
    aggregates,
    publishUpdated,
    checkSkus,
    findVisible,
    lockProduct,
    syncVariants,
    refreshPriceRange,

    async wire(
      ctx: RequestContext,
      row: StoresProductRow,
      options: { merchant: boolean; includeVariants?: boolean },
    ) {
      const [aggregate] = await aggregates(ctx, [row]);
      return productV1Wire(aggregate!, ctx.site, {
        merchant: options.merchant && isBusinessCaller(ctx.caller.identityType),
        includeVariants: options.includeVariants ?? true,
      });
    },

    async create(ctx: RequestContext, input: ProductInput & { name: string }): Promise<StoresProductRow> {
      try {
        return await database.transaction(async (tx) => {
          const options = optionsFromV1(input.productOptions ?? [], []);
          const changes = await changesFromV1(tx, ctx, input);
          const row = await repository.insertProduct(
            {
              ...changes,
              siteId: ctx.site.id,
              name: input.name,
              slug: await slugFor(tx, ctx, input.name, input.slug),
              options,
              doc: await docFromV1(tx, ctx, input),
            },
            tx,
          );
          const product = await syncVariants(tx, ctx, row, options);
          if (row.sku) await checkSkus(tx, ctx, product);
          const [aggregate] = await aggregates(ctx, [product], tx);
          await deps.publish(tx, ctx.site.id, storesEvents.productCreated, {
            product: productV1Wire(aggregate!, ctx.site, { merchant: false, includeVariants: false }),
          });
          return product;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict(
            storesErrorCodes.slugTaken,
            'Another product was just given the same slug; try again',
          );
        }
        throw error;
      }
    },

    async update(ctx: RequestContext, id: string, input: ProductInput): Promise<StoresProductRow> {
      try {
        return await database.transaction(async (tx) => {
          const before = await lockProduct(tx, ctx, id);
          const changes = await changesFromV1(tx, ctx, input);
          if (input.slug !== undefined) changes.slug = await slugFor(tx, ctx, before.name, input.slug, id);
          changes.doc = await docFromV1(tx, ctx, input, before.doc);
          const options = input.productOptions
            ? optionsFromV1(input.productOptions, before.options)
            : undefined;
          if (options) changes.options = options;
          let product = (await repository.updateProduct(ctx.site.id, id, changes, tx))!;
          product = options
            ? await syncVariants(tx, ctx, product, options)
            : await refreshPriceRange(tx, ctx, product);
          if (input.sku) await checkSkus(tx, ctx, product);
          await publishUpdated(tx, ctx, product, Boolean(options));
          return product;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict(
            storesErrorCodes.slugTaken,
            'Another product was just given the same slug; try again',
          );
        }
        throw error;
      }
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        await lockProduct(tx, ctx, id);
        const items = await repository.inventoryItemsOf(ctx.site.id, [id], tx);
        await holds.deleteCapacities(
          tx,
          ctx.site.id,
          items.map((item) => stockKey(item.id)),
        );
        await repository.deleteProduct(ctx.site.id, id, tx);
        await deps.publish(tx, ctx.site.id, storesEvents.productDeleted, { productId: id });
      });
    },

    async query(ctx: RequestContext, request: QueryProductsRequest) {
      const business = isBusinessCaller(ctx.caller.identityType);
      const hidden = business && request.includeHiddenProducts !== false;
      // A whole collection (or the whole store) is counted by its counter row instead of a COUNT.
      const query = withoutAllProductsCollection(request.query);
      const counter = counterOf(query?.filter);
      const entity = productsQueryEntity(levelColumnsOf(holds));
      const result = await deps.queries.run(database.db, entity, query ?? {}, {
        baseWhere: repository.siteProducts(ctx.site.id, { hidden }),
        cursorScope: ctx.site.id,
        defaultSort: [{ fieldName: 'lastUpdated', order: 'DESC' }],
        ...(counter ? { countTotal: false } : {}),
      });
      const paging = result.pagingMetadata as {
        count: number;
        offset?: number;
        total?: number;
        tooManyToCount?: boolean;
      };
      const rows = result.rows as StoresProductRow[];
      const merchant = business && request.includeMerchantSpecificData === true;
      const includeVariants = request.includeVariants === true;
      // Without variants, the answer needs only per-product figures of them, summed up in SQL.
      const wire: Promise<ProductV1[]> = includeVariants
        ? aggregates(ctx, rows).then((list) =>
            list.map((aggregate) => productV1Wire(aggregate, ctx.site, { merchant, includeVariants })),
          )
        : loadListEntries(deps, ctx.site, rows, ctx.now()).then((list) =>
            list.map((entry) => productV1ListWire(entry, ctx.site, merchant)),
          );
      const [products, counted] = await Promise.all([
        wire,
        counter && paging.total === undefined
          ? repository
              .countInCollections(ctx.site.id, [counter], !hidden)
              .then((counts) => counts.get(counter))
          : Promise.resolve(undefined),
      ]);
      const metadata = {
        count: paging.count,
        offset: paging.offset ?? 0,
        total: counted ?? paging.total ?? paging.count,
        tooManyToCount: counted === undefined ? (paging.tooManyToCount ?? false) : false,
      };
      return { products, metadata, totalResults: metadata.total };
    },
  };
}

export type ProductsCore = ReturnType<typeof createProductsCore>;
