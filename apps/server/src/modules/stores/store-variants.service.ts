import type { z } from 'zod';
import { storesErrorCodes, type queryStoreVariantsRequestSchema } from '@atrium/contract/stores/products-v1';
import type { RequestContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { choiceNames } from './product-variants.ts';
import type { ProductAggregate } from './products-v1.wire.ts';
import { storeVariantsQueryEntity } from './products.repository.ts';
import type { ProductsCore, ProductsServiceDeps } from './products.service.ts';
import { isBusinessCaller } from './stores-access.ts';
import type { StoresVariantRow } from './stores.tables.ts';
import { isUuid } from '../../platform/db/ids.ts';

/** The variants of the whole store (v1 `queryStoreVariants`, `getStoreVariant`): id `<productId>-<variantId>`. */
export function createStoreVariantsService(deps: ProductsServiceDeps, core: ProductsCore) {
  function toWire(aggregate: ProductAggregate, variant: StoresVariantRow) {
    const { product } = aggregate;
    const item = aggregate.inventoryItems.find((candidate) => candidate.variantId === variant.id);
    const level = item ? aggregate.stock.get(item.id) : undefined;
    const names = choiceNames(product.options, variant.choices);
    return {
      id: `${product.id}-${variant.id}`,
      variantId: variant.id,
      productId: product.id,
      variantName: Object.values(names).join(' | '),
      productName: product.name,
      managedVariant: product.manageVariants,
      sku: variant.sku ?? product.sku ?? '',
      stock: {
        trackQuantity: level?.trackQuantity ?? false,
        quantity: level?.quantity ?? null,
        inStock: level?.inStock ?? true,
      },
      choices: names,
      collectionIds: product.collectionIds,
      preorderInfo: {
        enabled: item?.preorderEnabled ?? false,
        message: item?.preorderMessage ?? null,
        limit: item?.preorderLimit ?? null,
      },
    };
  }

  async function wires(ctx: RequestContext, variants: readonly StoresVariantRow[]) {
    const productIds = [...new Set(variants.map((variant) => variant.productId))];
    const rows = (await deps.repository.findProducts(ctx.site.id, productIds)).filter(
      (row) => row.visible || isBusinessCaller(ctx.caller.identityType),
    );
    const aggregates = await core.aggregates(ctx, rows);
    return variants.flatMap((variant) => {
      const aggregate = aggregates.find((candidate) => candidate.product.id === variant.productId);
      return aggregate ? [toWire(aggregate, variant)] : [];
    });
  }

  return {
    async query(ctx: RequestContext, request: z.output<typeof queryStoreVariantsRequestSchema>) {
      const result = await deps.queries.run(deps.database.db, storeVariantsQueryEntity, request.query ?? {}, {
        baseWhere: deps.repository.siteVariants(ctx.site.id),
        cursorScope: ctx.site.id,
        defaultSort: [
          { fieldName: 'productId', order: 'ASC' },
          { fieldName: 'variantId', order: 'ASC' },
        ],
      });
      const paging = result.pagingMetadata as {
        count: number;
        offset?: number;
        total?: number;
        tooManyToCount?: boolean;
      };
      return {
        variants: await wires(ctx, result.rows as StoresVariantRow[]),
        metadata: {
          count: paging.count,
          offset: paging.offset ?? 0,
          total: paging.total ?? paging.count,
          tooManyToCount: paging.tooManyToCount ?? false,
        },
      };
    },

    async get(ctx: RequestContext, id: string) {
      const productId = id.slice(0, 36);
      const variantId = id.slice(37);
      if (!isUuid(productId) || !isUuid(variantId) || id[36] !== '-') {
        throw notFound('Variant', id, storesErrorCodes.variantNotFound);
      }
      const variants = await deps.repository.variantsOf(ctx.site.id, [productId]);
      const variant = variants.find((candidate) => candidate.id === variantId);
      const [wire] = variant ? await wires(ctx, [variant]) : [];
      if (!wire) throw notFound('Variant', id, storesErrorCodes.variantNotFound);
      return wire;
    },
  };
}

export type StoreVariantsService = ReturnType<typeof createStoreVariantsService>;
