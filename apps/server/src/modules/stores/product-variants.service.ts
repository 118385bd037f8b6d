import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  storesErrorCodes,
  type PropertyAdjustment,
  type bulkAdjustProductsRequestSchema,
  type bulkUpdateProductsRequestSchema,
  type choicesMediaRequestSchema,
  type mediaInputSchema,
  type queryProductVariantsRequestSchema,
  type variantOverrideSchema,
} from '@atrium/contract/stores/products-v1';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { bulkResponse, bulkResults } from '../../platform/bulk/bulk-results.ts';
import { invalidField, notFound } from '../../platform/errors/app-error.ts';
import { fromJsonNumber, money } from '../../platform/money/money.ts';
import { adjustAmount, adjustWeight, toStored } from './product-pricing.ts';
import { choiceIdsByName, matchesPartial } from './product-variants.ts';
import { mediaWire, productV1Wire, variantWire } from './products-v1.wire.ts';
import type { ProductsCore, ProductsServiceDeps } from './products.service.ts';
import { isBusinessCaller } from './stores-access.ts';
import type { MediaItemDoc, ProductOptionDoc, StoresProductRow } from './stores.tables.ts';

type VariantOverride = z.output<typeof variantOverrideSchema>;
type MediaInput = z.output<typeof mediaInputSchema>;

/**
 * Everything a v1 client does to one product besides writing it whole: its variants, media, choice media,
 * options, labels, and the bulk price, cost and weight edits.
 */
export function createProductVariantsService(deps: ProductsServiceDeps, core: ProductsCore) {
  const { database, repository } = deps;

  async function variantsMatching(
    ctx: RequestContext,
    product: StoresProductRow,
    selection: { choices?: Record<string, string>; variantIds?: string[] },
    field: string,
    executor?: Tx,
  ) {
    const variants = await repository.variantsOf(ctx.site.id, [product.id], executor);
    let chosen = variants;
    if (selection.choices && Object.keys(selection.choices).length > 0) {
      const partial = choiceIdsByName(product.options, selection.choices);
      if (!partial) {
        throw invalidField(
          `${field}.choices`,
          `The product has no such option or choice: ${JSON.stringify(selection.choices)}`,
        );
      }
      chosen = chosen.filter((variant) => matchesPartial(variant.choices, partial));
    }
    if (selection.variantIds && selection.variantIds.length > 0) {
      const unknown = selection.variantIds.filter((id) => !variants.some((variant) => variant.id === id));
      if (unknown.length > 0) {
        throw notFound('Variant', unknown.join(', '), storesErrorCodes.variantNotFound);
      }
      chosen = chosen.filter((variant) => selection.variantIds!.includes(variant.id));
    }
    return chosen;
  }

  async function editProduct(
    ctx: RequestContext,
    id: string,
    edit: (product: StoresProductRow, tx: Tx) => Promise<Partial<StoresProductRow> | undefined>,
    variantsChanged = false,
  ): Promise<StoresProductRow> {
    return database.transaction(async (tx) => {
      const before = await core.lockProduct(tx, ctx, id);
      const changes = await edit(before, tx);
      let product = changes ? (await repository.updateProduct(ctx.site.id, id, changes, tx))! : before;
      product = await core.refreshPriceRange(tx, ctx, product);
      await core.publishUpdated(tx, ctx, product, variantsChanged);
      return product;
    });
  }

  function mediaItemFrom(input: MediaInput): MediaItemDoc {
    const url = input.url ?? (input.mediaId?.startsWith('http') ? input.mediaId : `/media/${input.mediaId}`);
    return {
      id: input.mediaId ?? randomUUID(),
      mediaType: /\.(mp4|webm|mov)$/i.test(url) ? 'video' : 'image',
      url,
    };
  }

  return {
    async optionsAvailability(ctx: RequestContext, id: string, selection: Record<string, string>) {
      const row = await core.findVisible(ctx, id);
      const [aggregate] = await core.aggregates(ctx, [row]);
      const wire = productV1Wire(aggregate!, ctx.site, { merchant: false, includeVariants: false });
      const partial = choiceIdsByName(row.options, selection);
      if (!partial) {
        throw invalidField(
          'options',
          `The product has no such option or choice: ${JSON.stringify(selection)}`,
        );
      }
      const complete = Object.keys(partial).length === row.options.length;
      const variant = complete
        ? aggregate!.variants.find((candidate) => matchesPartial(candidate.choices, partial))
        : undefined;
      const chosenMedia = row.options.flatMap((option) =>
        option.choices
          .filter((choice) => partial[option.id] === choice.id)
          .flatMap((choice) => row.media.filter((item) => choice.mediaIds.includes(item.id))),
      );
      if (!variant) {
        return {
          media: mediaWire(chosenMedia.length > 0 ? chosenMedia : row.media),
          productOptions: wire.productOptions,
          availableForPurchase: false,
        };
      }
      const variantOut = variantWire(aggregate!, variant, ctx.site, false);
      return {
        selectedVariant: {
          price: variantOut.variant.priceData,
          convertedPriceData: variantOut.variant.convertedPriceData,
          weight: variantOut.variant.weight,
          sku: variantOut.variant.sku,
          quantity: variantOut.stock.quantity,
          inStock: variantOut.stock.inStock,
          visible: variant.visible,
        },
        media: mediaWire(chosenMedia.length > 0 ? chosenMedia : row.media),
        productOptions: wire.productOptions,
        availableForPurchase: variant.visible && variantOut.stock.inStock && row.visible,
      };
    },

    async queryVariants(
      ctx: RequestContext,
      id: string,
      request: z.output<typeof queryProductVariantsRequestSchema>,
    ) {
      const row = await core.findVisible(ctx, id);
      const [aggregate] = await core.aggregates(ctx, [row]);
      const chosen = await variantsMatching(ctx, row, request, 'variants');
      const offset = request.paging?.offset ?? 0;
      const limit = request.paging?.limit ?? 100;
      const merchant =
        request.includeMerchantSpecificData === true && isBusinessCaller(ctx.caller.identityType);
      const page = chosen.slice(offset, offset + limit);
      return {
        variants: page.map((variant) => variantWire(aggregate!, variant, ctx.site, merchant)),
        metadata: { items: page.length, offset },
        totalResults: chosen.length,
      };
    },

    /** `updateProductVariants`: price, cost, weight, SKU and visibility of the variants a selection names. */
    async updateVariants(ctx: RequestContext, id: string, overrides: VariantOverride[]) {
      const product = await database.transaction(async (tx) => {
        const row = await core.lockProduct(tx, ctx, id);
        for (const [index, override] of overrides.entries()) {
          const selected = await variantsMatching(ctx, row, override, `variants[${index}]`, tx);
          const currency = ctx.site.currency;
          for (const variant of selected) {
            await repository.updateVariant(
              row.id,
              variant.id,
              {
                ...(override.price !== undefined
                  ? {
                      price:
                        override.price === null ? null : toStored(fromJsonNumber(override.price, currency)),
                      actualPrice: null,
                    }
                  : {}),
                ...(override.cost !== undefined
                  ? {
                      cost: override.cost === null ? null : toStored(fromJsonNumber(override.cost, currency)),
                    }
                  : {}),
                ...(override.weight !== undefined
                  ? { weight: override.weight === null ? null : String(override.weight) }
                  : {}),
                ...(override.sku !== undefined ? { sku: override.sku || null } : {}),
                ...(override.visible != null ? { visible: override.visible } : {}),
              },
              tx,
            );
          }
        }
        const updated = (await repository.updateProduct(ctx.site.id, row.id, { manageVariants: true }, tx))!;
        if (overrides.some((override) => override.sku)) await core.checkSkus(tx, ctx, updated);
        const refreshed = await core.refreshPriceRange(tx, ctx, updated);
        await core.publishUpdated(tx, ctx, refreshed, true);
        return refreshed;
      });
      const [aggregate] = await core.aggregates(ctx, [product]);
      return {
        variants: aggregate!.variants.map((variant) => variantWire(aggregate!, variant, ctx.site, true)),
      };
    },

    /** `resetAllProductVariantData`: every variant back to the product's price, cost, weight and SKU. */
    async resetVariants(ctx: RequestContext, id: string) {
      await editProduct(
        ctx,
        id,
        async (product, tx) => {
          const variants = await repository.variantsOf(ctx.site.id, [product.id], tx);
          for (const variant of variants) {
            await repository.updateVariant(
              product.id,
              variant.id,
              { price: null, actualPrice: null, cost: null, weight: null, sku: null, visible: true },
              tx,
            );
          }
          return { manageVariants: false };
        },
        true,
      );
    },

    async addMedia(ctx: RequestContext, id: string, media: MediaInput[]) {
      await editProduct(ctx, id, async (product) => {
        const added = media.map(mediaItemFrom);
        const byChoice = media.map((item, index) => ({ choice: item.choice, mediaId: added[index]!.id }));
        const options = product.options.map((option) => ({
          ...option,
          choices: option.choices.map((choice) => ({
            ...choice,
            mediaIds: [
              ...choice.mediaIds,
              ...byChoice
                .filter((item) => item.choice?.option === option.name && item.choice.choice === choice.name)
                .map((item) => item.mediaId),
            ],
          })),
        }));
        const known = new Set(product.media.map((item) => item.id));
        return { media: [...product.media, ...added.filter((item) => !known.has(item.id))], options };
      });
    },

    /** Removes the media items named (all of them when none are named), from the choices too. */
    async removeMedia(ctx: RequestContext, id: string, mediaIds: string[] | undefined) {
      await editProduct(ctx, id, async (product) => {
        const gone = (item: string) => !mediaIds || mediaIds.length === 0 || mediaIds.includes(item);
        return {
          media: product.media.filter((item) => !gone(item.id)),
          options: product.options.map((option) => ({
            ...option,
            choices: option.choices.map((choice) => ({
              ...choice,
              mediaIds: choice.mediaIds.filter((item) => !gone(item)),
            })),
          })),
        };
      });
    },

    /** Links media already on the product to choices (`addProductMediaToChoices`) or unlinks them. */
    async choiceMedia(
      ctx: RequestContext,
      id: string,
      request: z.output<typeof choicesMediaRequestSchema>,
      mode: 'add' | 'remove',
    ) {
      await editProduct(ctx, id, async (product) => {
        const assignments = request.media ?? [];
        for (const [index, assignment] of assignments.entries()) {
          const option = product.options.find((candidate) => candidate.name === assignment.option);
          if (!option?.choices.some((choice) => choice.name === assignment.choice)) {
            throw invalidField(
              `media[${index}]`,
              `The product has no choice "${assignment.choice}" of option "${assignment.option}"`,
            );
          }
          const unknown = (assignment.mediaIds ?? []).filter(
            (mediaId) => !product.media.some((item) => item.id === mediaId),
          );
          if (mode === 'add' && unknown.length > 0) {
            throw invalidField(
              `media[${index}].mediaIds`,
              `The product has no media ${unknown.join(', ')}; add it to the product first`,
            );
          }
        }
        if (mode === 'add') refuseMediaOnSecondOption(product.options, assignments);
        return {
          options: product.options.map((option) => ({
            ...option,
            choices: option.choices.map((choice) => {
              const mine = assignments.filter(
                (item) => item.option === option.name && item.choice === choice.name,
              );
              if (mode === 'add') {
                const ids = mine.flatMap((item) => item.mediaIds ?? []);
                return { ...choice, mediaIds: [...new Set([...choice.mediaIds, ...ids])] };
              }
              if (assignments.length === 0) return { ...choice, mediaIds: [] };
              if (mine.length === 0) return choice;
              const ids = mine.flatMap((item) => item.mediaIds ?? []);
              return {
                ...choice,
                mediaIds: ids.length === 0 ? [] : choice.mediaIds.filter((item) => !ids.includes(item)),
              };
            }),
          })),
        };
      });
    },

    /** `deleteProductOptions`: the product goes back to one default variant. */
    async deleteOptions(ctx: RequestContext, id: string) {
      await database.transaction(async (tx) => {
        const before = await core.lockProduct(tx, ctx, id);
        let product = (await repository.updateProduct(
          ctx.site.id,
          id,
          { options: [], manageVariants: false },
          tx,
        ))!;
        product = await core.syncVariants(tx, ctx, product, []);
        await core.publishUpdated(tx, ctx, product, before.options.length > 0);
      });
    },

    async removeLabel(ctx: RequestContext, id: string, label: 'brand' | 'ribbon') {
      await editProduct(ctx, id, async () => (label === 'brand' ? { brandId: null } : { ribbonId: null }));
    },

    /** `bulkUpdateProductsProperty`: sets one property (or, Atrium's, visibility) on each product, each on its own. */
    async bulkSet(ctx: RequestContext, request: z.output<typeof bulkUpdateProductsRequestSchema>) {
      const { set } = request;
      const currency = ctx.site.currency;
      const results = await bulkResults(
        request.ids,
        (productId) =>
          editProduct(ctx, productId, async (_product, tx) => ({
            ...(set.price !== undefined ? { price: toStored(fromJsonNumber(set.price, currency)) } : {}),
            ...(set.cost !== undefined ? { cost: toStored(fromJsonNumber(set.cost, currency)) } : {}),
            ...(set.weight !== undefined ? { weight: String(set.weight) } : {}),
            ...(set.visible !== undefined ? { visible: set.visible } : {}),
            ...(set.ribbon !== undefined
              ? {
                  ribbonId: set.ribbon ? await deps.labels.ribbonIdFor(tx, ctx.site.id, set.ribbon) : null,
                }
              : {}),
            ...(set.brand !== undefined
              ? {
                  brandId: set.brand ? await deps.labels.brandIdFor(tx, ctx.site.id, set.brand) : null,
                }
              : {}),
          })),
        (productId) => productId,
      );
      return bulkResponse(results, false);
    },

    /** `bulkAdjustProductProperty`: price, cost or weight moved by an amount or a percentage, exactly. */
    async bulkAdjust(ctx: RequestContext, request: z.output<typeof bulkAdjustProductsRequestSchema>) {
      const { adjust } = request;
      const currency = ctx.site.currency;
      const moved = (value: string, adjustment: PropertyAdjustment | undefined) =>
        adjustment ? toStored(adjustAmount(money(value, currency), adjustment)) : undefined;
      const results = await bulkResults(
        request.ids,
        (productId) =>
          editProduct(ctx, productId, async (product) => {
            const price = moved(product.price, adjust.price);
            const cost = product.cost === null ? undefined : moved(product.cost, adjust.cost);
            const weight = adjust.weight ? adjustWeight(product.weight ?? '0', adjust.weight) : undefined;
            return {
              ...(price !== undefined ? { price } : {}),
              ...(cost !== undefined ? { cost } : {}),
              ...(weight !== undefined ? { weight } : {}),
            };
          }),
        (productId) => productId,
      );
      return bulkResponse(results, false);
    },
  };
}

export type ProductVariantsService = ReturnType<typeof createProductVariantsService>;

/**
 * Photos are linked to the choices of one option at a time (the v1 clients' rule: the Colour choices, say,
 * not also the Size ones).
 */
function refuseMediaOnSecondOption(
  options: readonly ProductOptionDoc[],
  assignments: ReadonlyArray<{ option: string; mediaIds?: string[] | null }>,
) {
  const withMedia = options.find((option) => option.choices.some((choice) => choice.mediaIds.length > 0));
  const first = withMedia?.name ?? assignments.find((item) => (item.mediaIds ?? []).length > 0)?.option;
  const index = assignments.findIndex((item) => item.option !== first && (item.mediaIds ?? []).length > 0);
  if (index >= 0) {
    throw invalidField(
      `media[${index}].option`,
      `Photos can be linked to the choices of one option only, and "${first}" has them; unlink those first`,
    );
  }
}
