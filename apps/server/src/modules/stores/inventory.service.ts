import type { z } from 'zod';
import type {
  InventoryItemV1,
  decrementInventoryRequestSchema,
  incrementInventoryRequestSchema,
  queryInventoryRequestSchema,
  updateInventoryVariantsRequestSchema,
} from '@atrium/contract/stores/inventory-v1';
import { storesErrorCodes } from '@atrium/contract/stores/products-v1';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/errors/app-error.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { inventoryQueryEntity, type ProductsRepository } from './products.repository.ts';
import type { ProductsCore } from './products.service.ts';
import { stockKey, stockLevels } from './stock.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import type { StoresInventoryItemRow, StoresProductRow } from './stores.tables.ts';

type StockChange = { productId?: string; inventoryId?: string; variantId: string; quantity: number };

/**
 * Inventory v1: the stock of each product's variants. Quantities are hold capacities (stock.ts); a change
 * runs in one transaction and a decrement that would go below zero refuses the whole call.
 */
export function createInventoryService(deps: {
  database: Database;
  repository: ProductsRepository;
  holds: HoldsService;
  queries: QueryRunner;
  core: ProductsCore;
  publish: PublishStoresEvent;
}) {
  const { database, repository, holds } = deps;

  async function itemsV1(
    ctx: RequestContext,
    products: readonly StoresProductRow[],
    executor?: Tx,
  ): Promise<InventoryItemV1[]> {
    const items = await repository.inventoryItemsOf(
      ctx.site.id,
      products.map((product) => product.id),
      executor,
    );
    const levels = await stockLevels(holds, ctx.site.id, items, ctx.now(), executor);
    return products.map((product) => {
      const mine = items.filter((item) => item.productId === product.id);
      const first = mine[0];
      return {
        id: product.id,
        productId: product.id,
        trackQuantity: product.trackInventory,
        variants: mine.map((item) => {
          const level = levels.get(item.id)!;
          return {
            variantId: item.variantId,
            inStock: level.inStock,
            quantity: level.quantity,
            availableForPreorder: item.preorderEnabled,
          };
        }),
        lastUpdated: product.updatedDate.toISOString(),
        numericId: String(product.numericId),
        preorderInfo: {
          enabled: first?.preorderEnabled ?? false,
          message: first?.preorderMessage ?? null,
          limit: first?.preorderLimit ?? null,
        },
      };
    });
  }

  async function announce(tx: Tx, ctx: RequestContext, product: StoresProductRow) {
    const [item] = await itemsV1(ctx, [product], tx);
    await deps.publish(tx, ctx.site.id, storesEvents.inventoryItemUpdated, { inventoryItem: item });
  }

  async function itemFor(tx: Tx, ctx: RequestContext, change: StockChange): Promise<StoresInventoryItemRow> {
    const productId = change.productId ?? change.inventoryId;
    const items = productId ? await repository.inventoryItemsOf(ctx.site.id, [productId], tx) : [];
    const item = items.find((candidate) => candidate.variantId === change.variantId);
    if (!item)
      throw notFound(
        'Inventory variant',
        `${productId}/${change.variantId}`,
        storesErrorCodes.variantNotFound,
      );
    return item;
  }

  /** Adds (or with a negative quantity takes away) stock of several variants, all or nothing. */
  async function changeStock(ctx: RequestContext, changes: readonly StockChange[]) {
    await database.transaction(async (tx) => {
      const touched = new Set<string>();
      for (const change of changes) {
        const item = await itemFor(tx, ctx, change);
        if (!item.trackQuantity) {
          throw conflict(
            'INVENTORY_NOT_TRACKED',
            `Variant ${change.variantId} does not track quantity; turn on trackQuantity to count its stock`,
          );
        }
        const onHand = await holds.adjustOnHand(tx, ctx.site.id, stockKey(item.id), change.quantity);
        if (onHand === undefined) {
          throw conflict(
            storesErrorCodes.insufficientStock,
            `Variant ${change.variantId} has fewer than ${-change.quantity} in stock`,
            { variantId: change.variantId },
          );
        }
        touched.add(item.productId);
      }
      for (const product of await repository.findProducts(ctx.site.id, [...touched], tx)) {
        await announce(tx, ctx, product);
      }
    });
  }

  return {
    itemsV1,

    abandonedCartNotFound: (id: string) => notFound('Abandoned cart', id, 'ABANDONED_CART_NOT_FOUND'),

    async getVariants(
      ctx: RequestContext,
      inventoryId: string,
      variantIds?: string[],
    ): Promise<InventoryItemV1> {
      const product = await repository.findProduct(ctx.site.id, inventoryId);
      if (!product) throw notFound('Inventory item', inventoryId, storesErrorCodes.productNotFound);
      const [item] = await itemsV1(ctx, [product]);
      return variantIds && variantIds.length > 0
        ? { ...item!, variants: item!.variants.filter((variant) => variantIds.includes(variant.variantId)) }
        : item!;
    },

    async query(ctx: RequestContext, request: z.output<typeof queryInventoryRequestSchema>) {
      const result = await deps.queries.run(database.db, inventoryQueryEntity, request.query ?? {}, {
        baseWhere: repository.siteProducts(ctx.site.id, { hidden: true }),
        cursorScope: ctx.site.id,
        defaultSort: [{ fieldName: 'lastUpdated', order: 'DESC' }],
      });
      const paging = result.pagingMetadata as { count: number; offset?: number; total?: number };
      const inventoryItems = await itemsV1(ctx, result.rows as StoresProductRow[]);
      return {
        inventoryItems,
        metadata: { items: inventoryItems.length, offset: paging.offset ?? 0 },
        totalResults: paging.total ?? paging.count,
      };
    },

    /** `updateInventoryVariants`: whether to track quantity, each variant's quantity or in-stock flag, preorder. */
    async updateVariants(
      ctx: RequestContext,
      productId: string,
      input: z.output<typeof updateInventoryVariantsRequestSchema>['inventoryItem'],
    ) {
      await database.transaction(async (tx) => {
        const before = await deps.core.lockProduct(tx, ctx, productId);
        const track = input.trackQuantity ?? before.trackInventory;
        const items = await repository.inventoryItemsOf(ctx.site.id, [productId], tx);
        for (const variant of input.variants ?? []) {
          if (!items.some((item) => item.variantId === variant.variantId)) {
            throw notFound('Variant', variant.variantId, storesErrorCodes.variantNotFound);
          }
        }
        await repository.updateInventoryItems(
          ctx.site.id,
          productId,
          'all',
          {
            trackQuantity: track,
            ...(input.preorderInfo?.enabled != null ? { preorderEnabled: input.preorderInfo.enabled } : {}),
            ...(input.preorderInfo?.message !== undefined
              ? { preorderMessage: input.preorderInfo.message }
              : {}),
            ...(input.preorderInfo?.limit !== undefined ? { preorderLimit: input.preorderInfo.limit } : {}),
          },
          tx,
        );
        for (const item of items) {
          const given = input.variants?.find((variant) => variant.variantId === item.variantId);
          if (track) {
            if (given?.quantity != null)
              await holds.setOnHand(tx, ctx.site.id, stockKey(item.id), given.quantity);
            else if (!item.trackQuantity) await holds.setOnHand(tx, ctx.site.id, stockKey(item.id), 0);
          } else if (given?.inStock != null) {
            await repository.updateInventoryItems(
              ctx.site.id,
              productId,
              [item.variantId],
              { inStock: given.inStock },
              tx,
            );
          }
        }
        const product = await repository.updateProduct(ctx.site.id, productId, { trackInventory: track }, tx);
        await announce(tx, ctx, product!);
      });
    },

    async increment(
      ctx: RequestContext,
      data: z.output<typeof incrementInventoryRequestSchema>['incrementData'],
    ) {
      await changeStock(
        ctx,
        data.map((change) => ({ ...change, quantity: change.incrementBy })),
      );
    },

    async decrement(
      ctx: RequestContext,
      data: z.output<typeof decrementInventoryRequestSchema>['decrementData'],
    ) {
      await changeStock(
        ctx,
        data.map((change) => ({ ...change, quantity: -change.decrementBy })),
      );
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
