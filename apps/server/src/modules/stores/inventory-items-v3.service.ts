import { randomUUID } from 'node:crypto';
import {
  defaultInventoryLocationId,
  inventoryItemV3ErrorCodes as codes,
  type InventoryItemV3,
  type InventoryItemV3Input,
} from '@atrium/contract/stores/inventory-items-v3';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { bulkActionMetadataOf, bulkResults } from '../../platform/bulk/bulk-results.ts';
import {
  AppError,
  badRequest,
  conflict,
  invalidField,
  notFound,
  staleRevision,
} from '../../platform/errors/app-error.ts';
import { isUuid } from '../../platform/db/ids.ts';
import type { HoldsService } from '../../platform/holds/holds.service.ts';
import { cursorPagingOf, type QueryInput, type QueryRunner } from '../../platform/query/run-query.ts';
import {
  inventoryItemsV3QueryEntity,
  inventoryTextSearchWhere,
  type InventoryItemChanges,
  type InventoryItemsV3Repository,
} from './inventory-items-v3.repository.ts';
import { inventoryItemsV3Wire, itemLevels } from './inventory-items-v3.wire.ts';
import type { ProductsRepository } from './products.repository.ts';
import { preorderKey, stockKey } from './stock.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import type { StoresInventoryItemRow } from './stores.tables.ts';
import { checkRevision } from './v3-entities-shared.ts';

/**
 * Catalog v3 inventory items: one per variant, at the one location. Quantities are hold capacities that
 * never go below zero (a decrement past zero is refused, whatever `restrictInventory` says); a preorder
 * beyond zero on hand is taken from the item's preorder allowance when it has a limit.
 */

const entity = 'Inventory item';
/** The most items a by-filter call touches in one request. */
const byFilterLimit = 10_000;

type Stock = Pick<InventoryItemV3Input, 'trackQuantity' | 'quantity' | 'inStock' | 'preorderInfo'>;
export interface StockChange {
  item: StoresInventoryItemRow;
  delta: number;
  preorderRequest?: boolean | null;
}

export function createInventoryItemsV3Service(deps: {
  database: Database;
  repository: ProductsRepository;
  items: InventoryItemsV3Repository;
  holds: HoldsService;
  queries: QueryRunner;
  publish: PublishStoresEvent;
}) {
  const { database, items, holds, publish } = deps;

  async function wire(ctx: RequestContext, rows: readonly StoresInventoryItemRow[], executor?: Tx) {
    return inventoryItemsV3Wire(deps, ctx.site.id, rows, ctx.now(), executor);
  }
  const wireOne = async (ctx: RequestContext, row: StoresInventoryItemRow, tx?: Tx) =>
    (await wire(ctx, [row], tx))[0]!;

  async function announce(tx: Tx, ctx: RequestContext, row: StoresInventoryItemRow, created = false) {
    const inventoryItem = await wireOne(ctx, row, tx);
    await publish(
      tx,
      ctx.site.id,
      created ? storesEvents.inventoryItemCreated : storesEvents.inventoryItemUpdated,
      { inventoryItem },
    );
    return inventoryItem;
  }

  async function found(tx: Tx, ctx: RequestContext, id: string) {
    const row = isUuid(id) ? await items.find(ctx.site.id, id, tx, true) : undefined;
    if (!row) throw notFound(entity, id, codes.notFound);
    return row;
  }

  /** There is one location: a request may name it or leave it out. */
  function checkLocation(locationId: string | null | undefined) {
    if (locationId && locationId !== defaultInventoryLocationId) {
      throw notFound('Location', locationId, codes.notFound);
    }
  }

  /**
   * The columns `input` sets on an item's stock: whether it tracks quantity (explicit, or a quantity
   * given means yes and an in-stock flag means no), the in-stock flag, preorder; checked first.
   */
  function stockChanges(
    item: Pick<StoresInventoryItemRow, 'trackQuantity' | 'preorderLimit'>,
    input: Stock,
    field: string,
  ): InventoryItemChanges & { trackQuantity: boolean } {
    const track =
      input.trackQuantity ??
      (input.quantity != null ? true : input.inStock != null ? false : item.trackQuantity);
    if (input.quantity != null && input.quantity < 0) {
      throw invalidField(
        `${field}.quantity`,
        'must not be negative (REQUESTED_QUANTITY_MUST_BE_NON_NEGATIVE)',
        'MIN',
      );
    }
    if (input.quantity != null && !track) {
      throw invalidField(`${field}.quantity`, 'goes with trackQuantity true', 'FIELD_NOT_ALLOWED');
    }
    const preorder = input.preorderInfo;
    const limit = preorder?.limit !== undefined ? preorder.limit : item.preorderLimit;
    if (limit !== null && !track) {
      throw badRequest(
        codes.preorderValidation,
        `${field}.preorderInfo.limit: a preorder limit needs a tracked quantity (PREORDER_LIMIT_NOT_SUPPORTED_FOR_UNTRACKED_INVENTORY)`,
      );
    }
    return {
      trackQuantity: track,
      ...(input.inStock != null ? { inStock: input.inStock } : {}),
      ...(preorder?.enabled != null ? { preorderEnabled: preorder.enabled } : {}),
      ...(preorder?.message !== undefined ? { preorderMessage: preorder.message } : {}),
      ...(preorder?.limit !== undefined ? { preorderLimit: preorder.limit } : {}),
    };
  }

  /** The capacities behind an item after its columns changed from `before` to `after`. */
  async function writeCapacities(
    tx: Tx,
    ctx: RequestContext,
    before: Pick<StoresInventoryItemRow, 'trackQuantity' | 'preorderLimit'>,
    after: StoresInventoryItemRow,
    input: Stock,
  ) {
    const key = stockKey(after.id);
    if (after.trackQuantity && input.quantity != null) {
      await holds.setOnHand(tx, ctx.site.id, key, input.quantity);
    } else if (after.trackQuantity && !before.trackQuantity) await holds.setOnHand(tx, ctx.site.id, key, 0);
    if (after.preorderLimit !== before.preorderLimit) {
      await setPreorderLimit(tx, ctx, { ...after, preorderLimit: before.preorderLimit }, after.preorderLimit);
    }
    if (after.trackQuantity !== before.trackQuantity) {
      await items.syncProductTracking(ctx.site.id, after.productId, tx);
    }
  }

  /** Writes what `input` says of an item's stock (a new revision of the item). */
  async function applyStock(
    tx: Tx,
    ctx: RequestContext,
    item: StoresInventoryItemRow,
    input: Stock,
    field: string,
    revision?: number,
  ): Promise<StoresInventoryItemRow> {
    const row = await items.update(ctx.site.id, item.id, stockChanges(item, input, field), tx, revision);
    if (!row) throw staleRevision(entity, item.id, revision ?? item.revision, item.revision + 1);
    await writeCapacities(tx, ctx, item, row, input);
    return row;
  }

  /** A new limit keeps what was preordered so far: what is left is the limit less that (never below 0). */
  async function setPreorderLimit(
    tx: Tx,
    ctx: RequestContext,
    item: StoresInventoryItemRow,
    limit: number | null,
  ) {
    const key = preorderKey(item.id);
    if (limit === null) {
      await holds.deleteCapacities(tx, ctx.site.id, [key]);
      return;
    }
    const levels = await itemLevels(holds, ctx.site.id, [item], ctx.now(), tx);
    const left = levels.preorderLeft.get(item.id);
    const taken = item.preorderLimit !== null && left !== undefined ? item.preorderLimit - left : 0;
    await holds.setOnHand(tx, ctx.site.id, key, Math.max(0, limit - taken));
  }

  async function create(tx: Tx, ctx: RequestContext, input: InventoryItemV3Input, field: string) {
    if (!input.productId) throw invalidField(`${field}.productId`, 'is required', 'REQUIRED_FIELD');
    if (!input.variantId) throw invalidField(`${field}.variantId`, 'is required', 'REQUIRED_FIELD');
    checkLocation(input.locationId);
    const [product] = isUuid(input.productId)
      ? await deps.repository.findProducts(ctx.site.id, [input.productId], tx)
      : [];
    if (!product) throw notFound('Product', input.productId, codes.notFound);
    const variants = await deps.repository.variantsOf(ctx.site.id, [product.id], tx);
    if (!variants.some((variant) => variant.id === input.variantId)) {
      throw notFound('Variant', input.variantId, codes.notFound);
    }
    const fresh = { trackQuantity: false, preorderLimit: null };
    const inserted = await items.insertIfNew(
      {
        siteId: ctx.site.id,
        productId: product.id,
        variantId: input.variantId,
        ...stockChanges(fresh, input, field),
      },
      tx,
    );
    if (!inserted) {
      throw conflict(
        codes.itemAlreadyExists,
        `Variant ${input.variantId} of product ${product.id} already has an inventory item`,
        { productId: product.id, variantId: input.variantId },
      );
    }
    await writeCapacities(tx, ctx, fresh, inserted, input);
    return announce(tx, ctx, inserted, true);
  }

  async function update(tx: Tx, ctx: RequestContext, id: string, input: InventoryItemV3Input, field: string) {
    const current = await found(tx, ctx, id);
    if (input.id && input.id !== id)
      throw invalidField(`${field}.id`, `must match the id in the path (${id})`);
    const expected = checkRevision(entity, id, input.revision, current.revision);
    checkLocation(input.locationId);
    const row = await applyStock(tx, ctx, current, input, field, expected);
    return announce(tx, ctx, row);
  }

  async function remove(tx: Tx, ctx: RequestContext, id: string) {
    await found(tx, ctx, id);
    await holds.deleteCapacities(tx, ctx.site.id, [stockKey(id), preorderKey(id)]);
    await items.delete(ctx.site.id, id, tx);
    await publish(tx, ctx.site.id, storesEvents.inventoryItemDeleted, { inventoryItemId: id });
  }

  /**
   * Adds or takes stock, never below zero. A preorder request past what is on hand takes the rest from
   * the preorder allowance (open preorder only; within its limit when it has one).
   */
  async function changeStock(tx: Tx, ctx: RequestContext, change: StockChange) {
    const { item, delta } = change;
    if (!item.trackQuantity) {
      throw conflict(
        codes.notTracked,
        `Inventory item ${item.id} does not track quantity; set trackQuantity to count its stock`,
        { id: item.id },
      );
    }
    const key = stockKey(item.id);
    if ((await holds.adjustOnHand(tx, ctx.site.id, key, delta)) === undefined) {
      const insufficient = () =>
        conflict(codes.insufficient, `Inventory item ${item.id} has fewer than ${-delta} in stock`, {
          id: item.id,
        });
      if (!change.preorderRequest || !item.preorderEnabled) throw insufficient();
      const onHand =
        (await itemLevels(holds, ctx.site.id, [item], ctx.now(), tx)).stock.get(item.id)?.onHand ?? 0;
      if (item.preorderLimit !== null) {
        const left = await holds.adjustOnHand(tx, ctx.site.id, preorderKey(item.id), delta + onHand);
        if (left === undefined) throw insufficient();
      }
      if (onHand > 0 && (await holds.adjustOnHand(tx, ctx.site.id, key, -onHand)) === undefined) {
        throw insufficient();
      }
    }
    const row = await items.update(ctx.site.id, item.id, {}, tx);
    return announce(tx, ctx, row!);
  }

  async function itemByVariant(tx: Tx, ctx: RequestContext, variantId: string, locationId?: string | null) {
    checkLocation(locationId);
    const rows = isUuid(variantId) ? await items.findByVariant(ctx.site.id, variantId, tx) : [];
    if (rows.length === 0) throw notFound('Inventory item of variant', variantId, codes.notFound);
    if (rows.length > 1) {
      throw invalidField(
        'variantId',
        `${variantId} is the default variant of several products; name the inventory item by its id`,
      );
    }
    return (await items.find(ctx.site.id, rows[0]!.id, tx, true))!;
  }

  /** A bulk call: each item in its own transaction, a refused item fails alone. */
  async function bulk<I>(
    inputs: readonly I[],
    work: (input: I, index: number, tx: Tx) => Promise<InventoryItemV3 | undefined>,
    idOf: (input: I) => string | null,
    returnEntity: boolean,
  ) {
    const results = await bulkResults(
      inputs.map((input, index) => ({ input, index })),
      ({ input, index }) => database.transaction((tx) => work(input, index, tx)),
      ({ input }, result) => result?.id ?? idOf(input),
    );
    return {
      results: results.map(({ itemMetadata, item }) => ({
        itemMetadata,
        ...(item && returnEntity ? { item } : {}),
      })),
      bulkActionMetadata: bulkActionMetadataOf(results),
    };
  }

  /** A by-filter call: runs now over every matching item (refused ones are skipped) and names a job. */
  async function byFilter(
    ctx: RequestContext,
    filter: unknown,
    search: { expression?: string | null } | null | undefined,
    work: (tx: Tx, item: StoresInventoryItemRow) => Promise<unknown>,
  ) {
    const ids = await items.idsWhere(items.where(ctx.site.id, filter, search?.expression), byFilterLimit);
    for (const id of ids) {
      try {
        await database.transaction(async (tx) => work(tx, await found(tx, ctx, id)));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
      }
    }
    return { jobId: randomUUID() };
  }

  const adjustmentDelta = (action: { incrementBy?: number | null; decrementBy?: number | null }) =>
    action.incrementBy ?? -(action.decrementBy ?? 0);

  return {
    /** Writes one variant's stock inside a product write (`products-with-inventory`). */
    applyStock,
    wire,

    async create(ctx: RequestContext, input: InventoryItemV3Input) {
      return database.transaction((tx) => create(tx, ctx, input, 'inventoryItem'));
    },

    async get(ctx: RequestContext, id: string) {
      const row = await items.find(ctx.site.id, id);
      if (!row) throw notFound(entity, id, codes.notFound);
      return wireOne(ctx, row);
    },

    async update(ctx: RequestContext, id: string, input: InventoryItemV3Input) {
      return database.transaction((tx) => update(tx, ctx, id, input, 'inventoryItem'));
    },

    async delete(ctx: RequestContext, id: string) {
      await database.transaction((tx) => remove(tx, ctx, id));
    },

    async query(ctx: RequestContext, query: QueryInput, search?: string | null) {
      const result = await deps.queries.run(database.db, inventoryItemsV3QueryEntity, query, {
        baseWhere: items.siteItems(ctx.site.id),
        cursorScope: ctx.site.id,
        paging: 'cursor',
        path: search === undefined ? ['query'] : ['search'],
        defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
        ...(search
          ? { carried: { value: search, where: (value) => inventoryTextSearchWhere(value as string) } }
          : {}),
      });
      return {
        inventoryItems: await wire(ctx, result.rows),
        pagingMetadata: cursorPagingOf(result.pagingMetadata),
      };
    },

    async count(ctx: RequestContext, filter: unknown, search?: string | null) {
      return items.count(items.where(ctx.site.id, filter, search));
    },

    async bulkCreate(ctx: RequestContext, inputs: readonly InventoryItemV3Input[], returnEntity: boolean) {
      return bulk(
        inputs,
        (input, index, tx) => create(tx, ctx, input, `inventoryItems[${index}]`),
        () => null,
        returnEntity,
      );
    },

    async bulkUpdate(ctx: RequestContext, inputs: readonly InventoryItemV3Input[], returnEntity: boolean) {
      return bulk(
        inputs,
        (input, index, tx) => {
          const field = `inventoryItems[${index}].inventoryItem`;
          if (!input.id) throw invalidField(`${field}.id`, 'is required', 'REQUIRED_FIELD');
          return update(tx, ctx, input.id, input, field);
        },
        (input) => input.id ?? null,
        returnEntity,
      );
    },

    /** Updates the item of each id (or of each product and variant), or creates it when there is none. */
    async bulkUpsert(ctx: RequestContext, inputs: readonly InventoryItemV3Input[], returnEntity: boolean) {
      return bulk(
        inputs,
        async (input, index, tx) => {
          const field = `inventoryItems[${index}].inventoryItem`;
          const existing = input.id
            ? isUuid(input.id)
              ? await items.find(ctx.site.id, input.id, tx)
              : undefined
            : input.productId && input.variantId && isUuid(input.productId) && isUuid(input.variantId)
              ? await items.findByProductVariant(ctx.site.id, input.productId, input.variantId, tx)
              : undefined;
          if (input.id && !existing) throw notFound(entity, input.id, codes.notFound);
          return existing
            ? update(tx, ctx, existing.id, { ...input, revision: input.revision ?? null }, field)
            : create(tx, ctx, input, field);
        },
        (input) => input.id ?? null,
        returnEntity,
      );
    },

    async bulkDelete(ctx: RequestContext, ids: readonly string[]) {
      return bulk(
        ids,
        async (id, _index, tx) => {
          await remove(tx, ctx, id);
          return undefined;
        },
        (id) => id,
        false,
      );
    },

    async bulkChange(
      ctx: RequestContext,
      changes: ReadonlyArray<{
        inventoryItemId?: string;
        variantId?: string;
        locationId?: string | null;
        delta: number;
        preorderRequest?: boolean | null;
      }>,
      returnEntity: boolean,
    ) {
      return bulk(
        changes,
        async (change, _index, tx) => {
          const item = change.inventoryItemId
            ? await found(tx, ctx, change.inventoryItemId)
            : await itemByVariant(tx, ctx, change.variantId!, change.locationId);
          return changeStock(tx, ctx, { item, delta: change.delta, preorderRequest: change.preorderRequest });
        },
        (change) => change.inventoryItemId ?? null,
        returnEntity,
      );
    },

    async updateByFilter(
      ctx: RequestContext,
      filter: unknown,
      search: { expression?: string | null } | null | undefined,
      input: InventoryItemV3Input,
    ) {
      return byFilter(ctx, filter, search, async (tx, item) =>
        announce(tx, ctx, await applyStock(tx, ctx, item, input, 'inventoryItem')),
      );
    },

    async deleteByFilter(
      ctx: RequestContext,
      filter: unknown,
      search: { expression?: string | null } | null | undefined,
    ) {
      return byFilter(ctx, filter, search, (tx, item) => remove(tx, ctx, item.id));
    },

    /** Adds or takes stock of every matching item (`trackQuantity: true` only counts tracked items). */
    async adjustByFilter(
      ctx: RequestContext,
      filter: unknown,
      search: { expression?: string | null } | null | undefined,
      action: { incrementBy?: number | null; decrementBy?: number | null; setQuantity?: number | null },
    ) {
      return byFilter(ctx, filter, search, async (tx, item) =>
        action.setQuantity != null
          ? announce(tx, ctx, await applyStock(tx, ctx, item, { quantity: action.setQuantity }, 'adjustment'))
          : changeStock(tx, ctx, { item, delta: adjustmentDelta(action) }),
      );
    },

    /** Creates an item for each variant the filter selects that has none; a quantity given tracks it. */
    async createByVariantFilter(
      ctx: RequestContext,
      filter: unknown,
      locationId: string | null | undefined,
      quantity: number | null | undefined,
    ) {
      checkLocation(locationId);
      const variants = await items.variantsWithoutItems(ctx.site.id, filter, byFilterLimit);
      for (const variant of variants) {
        await database.transaction((tx) =>
          create(
            tx,
            ctx,
            { ...variant, ...(quantity != null ? { trackQuantity: true, quantity } : {}) },
            'inventoryItem',
          ),
        );
      }
      return { jobId: randomUUID() };
    },
  };
}

export type InventoryItemsV3Service = ReturnType<typeof createInventoryItemsV3Service>;
