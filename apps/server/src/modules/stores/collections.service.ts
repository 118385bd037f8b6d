import type { z } from 'zod';
import type {
  StoresCollection,
  collectionInputSchema,
  queryCollectionsRequestSchema,
} from '@atrium/contract/stores/collections';
import { allProductsCollectionId, storesErrorCodes } from '@atrium/contract/stores/products-v1';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/errors/app-error.ts';
import type { QueryRunner } from '../../platform/query/run-query.ts';
import { nextFreeSlug, normaliseCustomSlug, slugify } from '../../platform/slugs/slugs.ts';
import { collectionsQueryEntity, type CollectionsRepository } from './collections.repository.ts';
import { allProductsCounter, type ProductsRepository } from './products.repository.ts';
import { mediaWire } from './products-v1.wire.ts';
import { isBusinessCaller } from './stores-access.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import type { StoresCollectionRow } from './stores.tables.ts';
import { isUuid } from '../../platform/db/ids.ts';

type CollectionInput = z.output<typeof collectionInputSchema>;

/** Collections group products; "All products" is every product of the site and is never stored. */
export function createCollectionsService(deps: {
  database: Database;
  collections: CollectionsRepository;
  products: ProductsRepository;
  queries: QueryRunner;
  publish: PublishStoresEvent;
}) {
  const { database, collections, products } = deps;

  function toWire(row: StoresCollectionRow, numberOfProducts: number): StoresCollection {
    return {
      id: row.id,
      name: row.name,
      media: mediaWire(row.media),
      numberOfProducts,
      description: row.description,
      slug: row.slug,
      visible: row.visible,
    };
  }

  async function allProducts(ctx: RequestContext): Promise<StoresCollection> {
    return {
      id: allProductsCollectionId,
      name: 'All Products',
      media: { items: [] },
      numberOfProducts:
        (
          await products.countInCollections(
            ctx.site.id,
            [allProductsCounter],
            !isBusinessCaller(ctx.caller.identityType),
          )
        ).get(allProductsCounter) ?? 0,
      description: null,
      slug: 'all-products',
      visible: true,
    };
  }

  async function withCounts(ctx: RequestContext, rows: readonly StoresCollectionRow[], executor?: Tx) {
    const counts = await products.countInCollections(
      ctx.site.id,
      rows.map((row) => row.id),
      !isBusinessCaller(ctx.caller.identityType),
      executor,
    );
    return rows.map((row) => toWire(row, counts.get(row.id) ?? 0));
  }

  function visibleTo(
    ctx: RequestContext,
    row: StoresCollectionRow | undefined,
    id: string,
  ): StoresCollectionRow {
    if (!row || (!row.visible && !isBusinessCaller(ctx.caller.identityType))) {
      throw notFound('Collection', id, storesErrorCodes.collectionNotFound);
    }
    return row;
  }

  async function slugFor(
    tx: Tx,
    ctx: RequestContext,
    name: string,
    given: string | undefined,
    selfId?: string,
  ) {
    if (given === undefined) {
      const base = slugify(name, 'collection');
      return nextFreeSlug(base, await collections.slugsLike(ctx.site.id, base, tx));
    }
    const slug = normaliseCustomSlug(given);
    const owner = slug ? await collections.findBySlug(ctx.site.id, slug, tx) : undefined;
    if (!slug || slug === 'all-products' || (owner && owner.id !== selfId)) {
      throw conflict(
        storesErrorCodes.slugTaken,
        `The slug "${given}" is taken or not valid (a-z, 0-9 and hyphens)`,
      );
    }
    return slug;
  }

  /** A stored collection by id; anything that is not a uuid names none. */
  async function find(ctx: RequestContext, id: string, executor?: Tx) {
    return isUuid(id) ? collections.find(ctx.site.id, id, executor) : undefined;
  }

  async function lockable(tx: Tx, ctx: RequestContext, id: string): Promise<StoresCollectionRow> {
    if (id === allProductsCollectionId) {
      throw conflict(
        'COLLECTION_NOT_EDITABLE',
        'The "All products" collection holds every product and cannot be changed',
      );
    }
    const row = await find(ctx, id, tx);
    if (!row) throw notFound('Collection', id, storesErrorCodes.collectionNotFound);
    return row;
  }

  return {
    async get(ctx: RequestContext, id: string): Promise<StoresCollection> {
      if (id === allProductsCollectionId) return allProducts(ctx);
      const row = visibleTo(ctx, await find(ctx, id), id);
      return (await withCounts(ctx, [row]))[0]!;
    },

    async getBySlug(ctx: RequestContext, slug: string): Promise<StoresCollection> {
      if (slug === 'all-products') return allProducts(ctx);
      const row = visibleTo(ctx, await collections.findBySlug(ctx.site.id, slug), slug);
      return (await withCounts(ctx, [row]))[0]!;
    },

    async query(ctx: RequestContext, request: z.output<typeof queryCollectionsRequestSchema>) {
      const result = await deps.queries.run(database.db, collectionsQueryEntity, request.query ?? {}, {
        baseWhere: collections.siteCollections(ctx.site.id, {
          hidden: isBusinessCaller(ctx.caller.identityType),
        }),
        cursorScope: ctx.site.id,
        defaultSort: [{ fieldName: 'name', order: 'ASC' }],
      });
      const paging = result.pagingMetadata as {
        count: number;
        offset?: number;
        total?: number;
        tooManyToCount?: boolean;
      };
      const metadata = {
        count: paging.count,
        offset: paging.offset ?? 0,
        total: paging.total ?? paging.count,
        tooManyToCount: paging.tooManyToCount ?? false,
      };
      return {
        collections: await withCounts(ctx, result.rows as StoresCollectionRow[]),
        metadata,
        totalResults: metadata.total,
      };
    },

    async create(ctx: RequestContext, input: CollectionInput & { name: string }): Promise<StoresCollection> {
      return database.transaction(async (tx) => {
        const row = await collections.insert(
          {
            siteId: ctx.site.id,
            name: input.name,
            slug: await slugFor(tx, ctx, input.name, input.slug),
            description: input.description ?? null,
            visible: input.visible ?? true,
          },
          tx,
        );
        const [wire] = await withCounts(ctx, [row], tx);
        await deps.publish(tx, ctx.site.id, storesEvents.collectionCreated, { collection: wire });
        return wire!;
      });
    },

    async update(ctx: RequestContext, id: string, input: CollectionInput): Promise<StoresCollection> {
      return database.transaction(async (tx) => {
        const before = await lockable(tx, ctx, id);
        const row = await collections.update(
          ctx.site.id,
          id,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.slug !== undefined
              ? { slug: await slugFor(tx, ctx, before.name, input.slug, id) }
              : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.visible != null ? { visible: input.visible } : {}),
          },
          tx,
        );
        const [wire] = await withCounts(ctx, [row!], tx);
        await deps.publish(tx, ctx.site.id, storesEvents.collectionUpdated, { collection: wire });
        return wire!;
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        await lockable(tx, ctx, id);
        await products.removeFromCollection(ctx.site.id, id, 'all', tx);
        await collections.remove(ctx.site.id, id, tx);
        await deps.publish(tx, ctx.site.id, storesEvents.collectionDeleted, { collectionId: id });
      });
    },

    /** Adds products to a collection; products of another site or unknown ids are a 404, nothing changes. */
    async addProducts(ctx: RequestContext, id: string, productIds: string[]): Promise<void> {
      await database.transaction(async (tx) => {
        await lockable(tx, ctx, id);
        const found = await products.findProducts(ctx.site.id, productIds, tx);
        const missing = productIds.filter((productId) => !found.some((row) => row.id === productId));
        if (missing.length > 0)
          throw notFound('Product', missing.join(', '), storesErrorCodes.productNotFound);
        await products.addToCollection(ctx.site.id, id, productIds, tx);
        await deps.publish(tx, ctx.site.id, storesEvents.collectionUpdated, {
          collectionId: id,
          addedProductIds: productIds,
        });
      });
    },

    async removeProducts(ctx: RequestContext, id: string, productIds: string[]): Promise<void> {
      await database.transaction(async (tx) => {
        await lockable(tx, ctx, id);
        await products.removeFromCollection(ctx.site.id, id, productIds, tx);
        await deps.publish(tx, ctx.site.id, storesEvents.collectionUpdated, {
          collectionId: id,
          removedProductIds: productIds,
        });
      });
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
