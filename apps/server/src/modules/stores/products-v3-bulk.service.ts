import { randomUUID } from 'node:crypto';
import { allProductsCollectionId, storesErrorCodes } from '@atrium/contract/stores/products-v1';
import {
  productV3ErrorCodes as codes,
  productV3Limits,
  type ProductV3Input,
  type VariantV3Input,
} from '@atrium/contract/stores/products-v3';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { bulkActionMetadataOf, bulkResults } from '../../platform/bulk/bulk-results.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { AppError, badRequest, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import {
  add,
  compare,
  max,
  money,
  percentOf,
  roundToCurrency,
  roundToWhole,
  toDecimalString,
  zero,
  type Money,
} from '../../platform/money/money.ts';
import type { CollectionsRepository } from './collections.repository.ts';
import { variantPrices } from './products-v1.wire.ts';
import type { Fields, ProductsV3Deps, ProductsV3Service } from './products-v3.service.ts';
import type { StoresProductRow, StoresVariantRow } from './stores.tables.ts';

/**
 * The v3 calls over many products: bulk info sections and tags, bulk deletes, and the by-filter calls,
 * which run in the request over every product the filter selects (a refused product is skipped) and
 * answer a job id, since nothing is left to wait for.
 */

type Tags = NonNullable<ProductV3Input['tags']>;
type Adjust = { amount?: string | null; percentage?: number | null } | null | undefined;
type Search = { expression?: string | null; mode?: 'AND' | 'OR' | null } | null | undefined;

/** The most products a by-filter call touches in one request. */
const byFilterLimit = 10_000;

/** A variant as a v3 write names it again: its id and its choices by id. */
function variantRef(product: StoresProductRow, variant: StoresVariantRow): VariantV3Input {
  return {
    id: variant.id,
    choices: product.options.flatMap((option) =>
      variant.choices[option.id]
        ? [{ optionChoiceIds: { optionId: option.id, choiceId: variant.choices[option.id]! } }]
        : [],
    ),
  };
}

function adjusted(current: Money, by: Adjust, rounding: string | null | undefined): Money {
  let next = current;
  if (by?.amount != null) next = add(current, money(by.amount, current.currency));
  else if (by?.percentage != null) next = add(current, percentOf(current, String(by.percentage)));
  next = rounding === 'NEAREST_WHOLE_NUMBER' ? roundToWhole(next) : roundToCurrency(next);
  return next;
}

export function createProductsV3BulkService(
  deps: ProductsV3Deps & { collections: CollectionsRepository },
  products: ProductsV3Service,
) {
  const { repository, core } = deps;
  const tagKeys = ['privateTags', 'publicTags'] as const;

  async function lockAt(tx: Tx, ctx: RequestContext, id: string, revision?: string | null) {
    if (!isUuid(id)) throw notFound('Product', id, storesErrorCodes.productNotFound);
    const before = await core.lockProduct(tx, ctx, id);
    if (revision != null && Number(revision) !== before.revision) {
      throw staleRevision('Product', id, revision, before.revision);
    }
    return before;
  }

  /** Writes `doc` changes of one product (a new revision, an update event). */
  async function editDoc(
    tx: Tx,
    ctx: RequestContext,
    before: StoresProductRow,
    edit: (doc: Record<string, unknown>) => Record<string, unknown>,
  ) {
    const product = (await repository.updateProduct(
      ctx.site.id,
      before.id,
      { doc: edit({ ...before.doc }) },
      tx,
    ))!;
    await core.publishUpdated(tx, ctx, product, false);
    return product;
  }

  async function checkInfoSections(tx: Tx, ctx: RequestContext, ids: readonly string[]) {
    const found = await deps.v3.infoSectionsByIds(ctx.site.id, ids, tx);
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      throw badRequest(codes.infoSectionNotFound, `There is no info section ${missing.join(', ')}`, {
        ids: missing,
      });
    }
  }

  function infoSectionsEdit(ids: readonly string[], add: boolean, productId: string) {
    return (doc: Record<string, unknown>) => {
      const current = (doc.infoSectionIds as string[] | undefined) ?? [];
      const next = add
        ? [...current, ...ids.filter((id) => !current.includes(id))]
        : current.filter((id) => !ids.includes(id));
      if (next.length > productV3Limits.infoSections) {
        throw badRequest(
          codes.tooManyInfoSections,
          `Product ${productId} would have ${next.length} info sections; at most ${productV3Limits.infoSections}`,
        );
      }
      return { ...doc, infoSectionIds: next };
    };
  }

  function tagsEdit(assign: Tags | null | undefined, unassign: Tags | null | undefined) {
    return (doc: Record<string, unknown>) => {
      const current = (doc.tags as Tags | undefined) ?? {};
      const tags: Record<string, { tagIds: string[] }> = {};
      for (const key of tagKeys) {
        const ids = current[key]?.tagIds ?? [];
        const added = assign?.[key]?.tagIds ?? [];
        const removed = new Set(unassign?.[key]?.tagIds ?? []);
        tags[key] = {
          tagIds: [...ids, ...added.filter((id) => !ids.includes(id))].filter((id) => !removed.has(id)),
        };
      }
      return { ...doc, tags };
    };
  }

  function checkTagLists(assign: Tags | null | undefined, unassign: Tags | null | undefined) {
    const count = (tags: Tags | null | undefined) =>
      tagKeys.reduce((sum, key) => sum + (tags?.[key]?.tagIds?.length ?? 0), 0);
    if (count(assign) + count(unassign) === 0) {
      throw badRequest(codes.emptyTagLists, 'Give tags to assign or to unassign (both lists are empty)');
    }
  }

  async function perProduct<I>(
    inputs: readonly I[],
    idOf: (input: I) => string,
    work: (tx: Tx, input: I) => Promise<StoresProductRow | undefined>,
    options: { returnEntity: boolean; fields?: Fields },
    ctx: RequestContext,
  ) {
    const results = await bulkResults(
      inputs,
      async (input) => {
        const product = await products.inTransaction((tx) => work(tx, input));
        return product && options.returnEntity
          ? await products.wireOne(ctx, product, options.fields)
          : undefined;
      },
      (input) => idOf(input),
    );
    return {
      results: results.map(({ itemMetadata, item }) => ({ itemMetadata, ...(item ? { item } : {}) })),
      bulkActionMetadata: bulkActionMetadataOf(results),
    };
  }

  /** Runs `work` on every product the filter and search select, each in its own transaction. */
  async function byFilter(
    ctx: RequestContext,
    filter: unknown,
    search: Search,
    work: (tx: Tx, product: StoresProductRow) => Promise<unknown>,
  ) {
    const where = deps.v3.where(repository.siteProducts(ctx.site.id, { hidden: true }), filter, search);
    const ids = await deps.v3.idsWhere(where, byFilterLimit);
    for (const id of ids) {
      try {
        await products.inTransaction(async (tx) => work(tx, await core.lockProduct(tx, ctx, id)));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
      }
    }
    return { ids, jobId: randomUUID() };
  }

  async function checkCollections(ctx: RequestContext, ids: readonly string[]) {
    const wanted = ids.filter((id) => id !== allProductsCollectionId);
    for (const id of wanted) {
      if (!isUuid(id) || !(await deps.collections.find(ctx.site.id, id))) {
        throw notFound('Category', id);
      }
    }
    return wanted;
  }

  /** The prices and cost of one variant after an adjustment, or a refusal when they leave their range. */
  function adjustVariant(
    product: StoresProductRow,
    variant: StoresVariantRow,
    currency: string,
    request: {
      cost?: Adjust;
      actualPrice?: Adjust;
      compareAtPrice?: Adjust;
      compareAtPriceDiscount?: Adjust;
      rounding?: string | null;
    },
  ): VariantV3Input {
    const { price, paid } = variantPrices(product, variant, currency);
    let list = request.compareAtPrice ? adjusted(price, request.compareAtPrice, request.rounding) : price;
    let actual = request.actualPrice ? adjusted(paid, request.actualPrice, request.rounding) : paid;
    if (request.compareAtPriceDiscount) {
      const off = request.compareAtPriceDiscount;
      actual = adjusted(
        list,
        off.amount != null
          ? { amount: `-${off.amount.replace(/^-/, '')}` }
          : { percentage: -Math.abs(off.percentage ?? 0) },
        request.rounding,
      );
    }
    // A variant without a compare-at price keeps none: its list price follows the price to pay.
    if (compare(price, paid) === 0 && !request.compareAtPrice) list = actual;
    if (compare(actual, zero(currency)) < 0 || compare(list, actual) < 0) {
      throw badRequest(
        codes.adjustedPriceOutOfRange,
        `Variant ${variant.id} of product ${product.id} would cost ${toDecimalString(actual)} against a compare-at price of ${toDecimalString(list)}`,
      );
    }
    const cost = variant.cost ?? product.cost;
    const nextCost =
      request.cost && cost !== null
        ? max(zero(currency), adjusted(money(cost, currency), request.cost, request.rounding))
        : undefined;
    return {
      ...variantRef(product, variant),
      price: {
        actualPrice: { amount: toDecimalString(actual) },
        ...(compare(list, actual) > 0 ? { compareAtPrice: { amount: toDecimalString(list) } } : {}),
      },
      ...(nextCost ? { revenueDetails: { cost: { amount: toDecimalString(nextCost) } } } : {}),
    };
  }

  async function rewriteVariants(
    tx: Tx,
    ctx: RequestContext,
    before: StoresProductRow,
    patch: (variant: StoresVariantRow) => VariantV3Input,
  ) {
    const variants = await repository.variantsOf(ctx.site.id, [before.id], tx);
    const result = await products.write(tx, ctx, { variantsInfo: { variants: variants.map(patch) } }, before);
    await core.publishUpdated(tx, ctx, result.product, true);
  }

  return {
    async bulkDelete(ctx: RequestContext, ids: readonly string[]) {
      const results = await bulkResults(
        ids,
        async (id) => {
          if (!isUuid(id)) throw notFound('Product', id, storesErrorCodes.productNotFound);
          await core.remove(ctx, id);
          return undefined;
        },
        (id) => id,
      );
      return {
        results: results.map(({ itemMetadata }) => ({ itemMetadata })),
        bulkActionMetadata: bulkActionMetadataOf(results),
      };
    },

    async bulkInfoSections(
      ctx: RequestContext,
      request: {
        products: ReadonlyArray<{ productId: string; revision?: string | null }>;
        infoSectionIds: readonly string[];
        returnEntity?: boolean | null;
        fields?: Fields;
      },
      add: boolean,
    ) {
      return perProduct(
        request.products,
        (item) => item.productId,
        async (tx, item) => {
          const before = await lockAt(tx, ctx, item.productId, item.revision);
          if (add) await checkInfoSections(tx, ctx, request.infoSectionIds);
          return editDoc(tx, ctx, before, infoSectionsEdit(request.infoSectionIds, add, before.id));
        },
        { returnEntity: request.returnEntity ?? false, fields: request.fields },
        ctx,
      );
    },

    async bulkUpdateTags(
      ctx: RequestContext,
      request: { productIds: readonly string[]; assignTags?: Tags | null; unassignTags?: Tags | null },
    ) {
      checkTagLists(request.assignTags, request.unassignTags);
      const answer = await perProduct(
        request.productIds,
        (id) => id,
        async (tx, id) =>
          editDoc(tx, ctx, await lockAt(tx, ctx, id), tagsEdit(request.assignTags, request.unassignTags)),
        { returnEntity: false },
        ctx,
      );
      return {
        results: answer.results.map(({ itemMetadata }) => ({ itemMetadata })),
        bulkActionMetadata: answer.bulkActionMetadata,
      };
    },

    async updateByFilter(ctx: RequestContext, filter: unknown, search: Search, input: ProductV3Input) {
      const {
        id: _id,
        revision: _revision,
        slug: _slug,
        options: _options,
        variantsInfo: _variants,
        ...patch
      } = input;
      const { jobId } = await byFilter(ctx, filter, search, async (tx, before) => {
        const result = await products.write(tx, ctx, patch, before);
        await core.publishUpdated(tx, ctx, result.product, false);
      });
      return { jobId };
    },

    async deleteByFilter(ctx: RequestContext, filter: unknown, search: Search) {
      const where = deps.v3.where(repository.siteProducts(ctx.site.id, { hidden: true }), filter, search);
      for (const id of await deps.v3.idsWhere(where, byFilterLimit)) await core.remove(ctx, id);
      return { jobId: randomUUID() };
    },

    async infoSectionsByFilter(
      ctx: RequestContext,
      filter: unknown,
      search: Search,
      ids: readonly string[],
      add: boolean,
    ) {
      if (add) await products.inTransaction((tx) => checkInfoSections(tx, ctx, ids));
      const { jobId } = await byFilter(ctx, filter, search, (tx, before) =>
        editDoc(tx, ctx, before, infoSectionsEdit(ids, add, before.id)),
      );
      return { jobId };
    },

    async tagsByFilter(
      ctx: RequestContext,
      filter: unknown,
      search: Search,
      assign?: Tags | null,
      unassign?: Tags | null,
    ) {
      checkTagLists(assign, unassign);
      const { jobId } = await byFilter(ctx, filter, search, (tx, before) =>
        editDoc(tx, ctx, before, tagsEdit(assign, unassign)),
      );
      return { jobId };
    },

    /** Categories are the catalog's collections; "All products" holds every product already. */
    async categoriesByFilter(
      ctx: RequestContext,
      filter: unknown,
      search: Search,
      categoryIds: readonly string[],
      add: boolean,
    ) {
      const collectionIds = await checkCollections(ctx, categoryIds);
      const where = deps.v3.where(repository.siteProducts(ctx.site.id, { hidden: true }), filter, search);
      const ids = await deps.v3.idsWhere(where, byFilterLimit);
      await products.inTransaction(async (tx) => {
        for (const collectionId of collectionIds) {
          if (add) await repository.addToCollection(ctx.site.id, collectionId, ids, tx);
          else await repository.removeFromCollection(ctx.site.id, collectionId, ids, tx);
        }
      });
      return { jobId: randomUUID() };
    },

    async updateVariantsByFilter(
      ctx: RequestContext,
      filter: unknown,
      search: Search,
      variant: VariantV3Input,
    ) {
      const { jobId } = await byFilter(ctx, filter, search, (tx, before) =>
        rewriteVariants(tx, ctx, before, (row) => ({ ...variant, ...variantRef(before, row) })),
      );
      return { jobId };
    },

    async adjustVariantsByFilter(
      ctx: RequestContext,
      request: {
        filter?: unknown;
        search?: Search;
        cost?: Adjust;
        actualPrice?: Adjust;
        compareAtPrice?: Adjust;
        compareAtPriceDiscount?: Adjust;
        rounding?: string | null;
      },
    ) {
      if (
        !request.cost &&
        !request.actualPrice &&
        !request.compareAtPrice &&
        !request.compareAtPriceDiscount
      ) {
        throw badRequest(
          codes.noVariantAdjustments,
          'Give at least one of cost, actualPrice, compareAtPrice and compareAtPriceDiscount',
        );
      }
      if (request.actualPrice && request.compareAtPriceDiscount) {
        throw badRequest(
          codes.noVariantAdjustments,
          'actualPrice and compareAtPriceDiscount both set the actual price: give one',
        );
      }
      const { jobId } = await byFilter(ctx, request.filter, request.search, (tx, before) =>
        rewriteVariants(tx, ctx, before, (row) => adjustVariant(before, row, ctx.site.currency, request)),
      );
      return { jobId };
    },

    allProductsCategory() {
      return {
        categoryId: allProductsCollectionId,
        treeReference: { appNamespace: '@wix/stores', treeKey: null },
      };
    },
  };
}

export type ProductsV3BulkService = ReturnType<typeof createProductsV3BulkService>;
