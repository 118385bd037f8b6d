import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInventoryLocationId } from '@atrium/contract/stores/inventory-items-v3';
import { defaultVariantId } from '@atrium/contract/stores/products-v1';
import { storesEvents } from '../src/modules/stores/index.ts';
import { identityKit } from './identity-helpers.ts';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { caller, dotR, unknownId } from './stores-v3-entities-helpers.ts';
import { code, createProduct, simple, tee, type WireProduct } from './stores-products-v3-helpers.ts';

/**
 * Catalog v3 inventory items through the real app: every inventoryItemsV3 call, stock that never goes
 * below zero, preorder limits, the v1 view of the same stock, and who may read and write.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let stranger: Record<string, string>;
const visitor = as('ANONYMOUS_VISITOR');
const received: Array<{ name: string; data: unknown }> = [];

beforeAll(async () => {
  t = await createTestApp({
    withEvents: (bus) => {
      for (const name of [
        storesEvents.inventoryItemCreated,
        storesEvents.inventoryItemUpdated,
        storesEvents.inventoryItemDeleted,
      ]) {
        bus.subscribe(name, 'stores-inventory-v3-test', async (event) => {
          received.push({ name, data: event.data });
        });
      }
    },
  });
  call = caller(t);
  stranger = as('WIX_USER:OWNER', (await identityKit(t).newSite('Other shop')).site.id);
});
afterAll(async () => {
  await t?.close();
});

const base = '/stores/v3/inventory-items';
const bulk = '/stores/v3/bulk/inventory-items';

interface WireItem {
  id: string;
  revision: string;
  productId: string;
  variantId: string;
  locationId: string;
  trackQuantity: boolean;
  quantity: number;
  inStock: boolean;
  availabilityStatus: string;
  preorderInfo: { enabled: boolean; limit?: number | null; counter?: number; quantity?: number };
  product: { name: string; variantName?: string; variantSku?: string; variantVisible: boolean };
}

/** The inventory items of a product, in variant order. */
async function itemsOf(product: WireProduct): Promise<WireItem[]> {
  const answer = await call('GET', dotR(`${base}/query`, { query: { filter: { productId: product.id } } }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const order = product.variantsInfo.variants.map((variant) => variant.id);
  return (answer.body.inventoryItems as WireItem[]).sort(
    (a, b) => order.indexOf(a.variantId) - order.indexOf(b.variantId),
  );
}

async function tracked(name: string, quantity: number) {
  const product = await createProduct(call, simple(name));
  const [item] = await itemsOf(product);
  const updated = await call('PATCH', `${base}/${item!.id}`, {
    inventoryItem: { id: item!.id, revision: item!.revision, trackQuantity: true, quantity },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return { product, item: updated.body.inventoryItem as WireItem };
}

describe('one item per variant', () => {
  it('gives every variant of a product an item, untracked and in stock, at the one location', async () => {
    const product = await createProduct(call, tee('Stock tee'));
    const items = await itemsOf(product);
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({
      productId: product.id,
      variantId: product.variantsInfo.variants[0]!.id,
      locationId: defaultInventoryLocationId,
      trackQuantity: false,
      quantity: 0,
      inStock: true,
      availabilityStatus: 'IN_STOCK',
      preorderInfo: { enabled: false },
      product: { name: 'Stock tee', variantName: 'S / Black', variantSku: 'STO-S-B', variantVisible: true },
    });
    const got = await call('GET', `${base}/${items[0]!.id}`);
    expect(got.body.inventoryItem).toEqual(items[0]);
    expect((await call('GET', `${base}/${unknownId}`)).status).toBe(404);
  });
});

describe('POST /stores/v3/inventory-items and DELETE', () => {
  it('creates the item of a variant that has none, once', async () => {
    const product = await createProduct(call, simple('Recreated'));
    const [item] = await itemsOf(product);
    expect((await call('DELETE', `${base}/${item!.id}`)).status).toBe(200);
    expect((await call('GET', `${base}/${item!.id}`)).status).toBe(404);
    expect((await call('DELETE', `${base}/${item!.id}`)).status).toBe(404);
    const created = await call('POST', base, {
      inventoryItem: { productId: product.id, variantId: defaultVariantId, trackQuantity: true, quantity: 3 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.inventoryItem).toMatchObject({ trackQuantity: true, quantity: 3, revision: '1' });
    const again = await call('POST', base, {
      inventoryItem: { productId: product.id, variantId: defaultVariantId },
    });
    expect(again.status).toBe(409);
    expect(code(again)).toBe('ITEM_ALREADY_EXISTS');
    const noVariant = await call('POST', base, {
      inventoryItem: { productId: product.id, variantId: unknownId },
    });
    expect(noVariant.status).toBe(404);
    const noProduct = await call('POST', base, { inventoryItem: { variantId: unknownId } });
    expect(noProduct.status).toBe(400);
    expect(JSON.stringify(noProduct.body)).toContain('inventoryItem.productId');
    const elsewhere = await call('POST', base, {
      inventoryItem: { productId: product.id, variantId: defaultVariantId, locationId: unknownId },
    });
    expect(elsewhere.status).toBe(404);
    await expect
      .poll(
        () => JSON.stringify(received.filter((event) => event.name === storesEvents.inventoryItemDeleted)),
        {
          timeout: 10_000,
        },
      )
      .toContain(item!.id);
  });
});

describe('PATCH /stores/v3/inventory-items/{id}', () => {
  it('tracks a quantity, at the revision sent, which v1 and v3 products show', async () => {
    const { product, item } = await tracked('Counted', 5);
    expect(item).toMatchObject({
      trackQuantity: true,
      quantity: 5,
      inStock: true,
      availabilityStatus: 'IN_STOCK',
    });
    const v1 = await call('POST', `/stores-reader/v2/inventoryItems/${product.id}/getVariants`, {});
    expect(v1.body.inventoryItem).toMatchObject({
      trackQuantity: true,
      variants: [{ quantity: 5, inStock: true }],
    });
    const stale = await call('PATCH', `${base}/${item.id}`, {
      inventoryItem: { revision: '1', quantity: 1 },
    });
    expect(stale.status).toBe(409);
    expect(code(stale)).toBe('REVISION_MISMATCH');
    const negative = await call('PATCH', `${base}/${item.id}`, {
      inventoryItem: { revision: item.revision, quantity: -1 },
    });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('inventoryItem.quantity');
    const empty = await call('PATCH', `${base}/${item.id}`, {
      inventoryItem: { revision: item.revision, quantity: 0 },
    });
    expect(empty.body.inventoryItem).toMatchObject({
      quantity: 0,
      inStock: false,
      availabilityStatus: 'OUT_OF_STOCK',
    });
    const read = await call('GET', `/stores/v3/products/${product.id}`);
    expect(read.body.product.inventory.availabilityStatus).toBe('OUT_OF_STOCK');
    expect(read.body.product.variantsInfo.variants[0].inventoryStatus.inStock).toBe(false);
    const untracked = await call('PATCH', `${base}/${item.id}`, {
      inventoryItem: { revision: empty.body.inventoryItem.revision, inStock: true },
    });
    expect(untracked.body.inventoryItem).toMatchObject({
      trackQuantity: false,
      inStock: true,
      availabilityStatus: 'IN_STOCK',
    });
    const limit = await call('PATCH', `${base}/${item.id}`, {
      inventoryItem: {
        revision: untracked.body.inventoryItem.revision,
        preorderInfo: { enabled: true, limit: 3 },
      },
    });
    expect(limit.status).toBe(400);
    expect(code(limit)).toBe('PRE_ORDER_VALIDATION');
    expect((await call('PATCH', `${base}/${unknownId}`, { inventoryItem: { revision: '1' } })).status).toBe(
      404,
    );
  });
});

describe('increments and decrements', () => {
  it('adds and takes stock by item and by variant, never below zero', async () => {
    const { item } = await tracked('Decremented', 2);
    const taken = await call('POST', `${bulk}/decrement`, {
      decrementData: [
        { inventoryItemId: item.id, decrementBy: 3 },
        { inventoryItemId: item.id, decrementBy: 2 },
      ],
      returnEntity: true,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.results[0].itemMetadata).toMatchObject({
      success: false,
      error: { code: 'INSUFFICIENT_INVENTORY' },
    });
    expect(taken.body.results[1].item).toMatchObject({ quantity: 0, availabilityStatus: 'OUT_OF_STOCK' });
    const added = await call('POST', `${bulk}/increment`, {
      incrementData: [{ inventoryItemId: item.id, incrementBy: 4 }],
      returnEntity: true,
    });
    expect(added.body.results[0].item.quantity).toBe(4);

    const { product: other, item: otherItem } = await tracked('By variant', 1);
    const [variantId] = other.variantsInfo.variants.map((variant) => variant.id);
    expect(variantId).toBe(defaultVariantId);
    // Every product without options has the nil variant id: by variant it names no single item.
    const ambiguous = await call('POST', `${bulk}/increment-by-variant-and-location`, {
      incrementData: [{ variantId, incrementBy: 1 }],
    });
    expect(ambiguous.body.results[0].itemMetadata.success).toBe(false);
    const shirt = await createProduct(call, tee('Variant stock'));
    const [first] = await itemsOf(shirt);
    await call('PATCH', `${base}/${first!.id}`, {
      inventoryItem: { revision: first!.revision, quantity: 1 },
    });
    const byVariant = await call('POST', `${bulk}/decrement-by-variant-and-location`, {
      decrementData: [
        { variantId: first!.variantId, locationId: defaultInventoryLocationId, decrementBy: 1 },
        { variantId: first!.variantId, decrementBy: 1 },
        { variantId: unknownId, decrementBy: 1 },
      ],
      returnEntity: true,
    });
    expect(
      byVariant.body.results.map(
        (result: { itemMetadata: { success: boolean } }) => result.itemMetadata.success,
      ),
    ).toEqual([true, false, false]);
    expect(byVariant.body.results[2].itemMetadata.error.code).toBe('NOT_FOUND');
    const up = await call('POST', `${bulk}/increment-by-variant-and-location`, {
      incrementData: [{ variantId: first!.variantId, incrementBy: 6 }],
      returnEntity: true,
    });
    expect(up.body.results[0].item.quantity).toBe(6);
    const untracked = await createProduct(call, simple('Untracked'));
    const [loose] = await itemsOf(untracked);
    const refused = await call('POST', `${bulk}/decrement`, {
      decrementData: [
        { inventoryItemId: loose!.id, decrementBy: 1 },
        { inventoryItemId: 'not-an-id', decrementBy: 1 },
      ],
    });
    expect(refused.body.results[0].itemMetadata.error.code).toBe('INVENTORY_QUANTITY_NOT_TRACKED');
    expect(refused.body.results[1].itemMetadata.error.code).toBe('NOT_FOUND');
    expect(otherItem.quantity).toBe(1);
  });

  it('takes preorders past zero up to the limit', async () => {
    const { item } = await tracked('Preordered', 1);
    const open = await call('PATCH', `${base}/${item.id}`, {
      inventoryItem: {
        revision: item.revision,
        preorderInfo: { enabled: true, message: 'Ships in May', limit: 2 },
      },
    });
    expect(open.body.inventoryItem.preorderInfo).toEqual({
      enabled: true,
      message: 'Ships in May',
      limit: 2,
      counter: 0,
      quantity: 2,
    });
    const decrement = (decrementBy: number) =>
      call('POST', `${bulk}/decrement`, {
        decrementData: [{ inventoryItemId: item.id, decrementBy, preorderRequest: true }],
        returnEntity: true,
      });
    const first = await decrement(2);
    expect(first.body.results[0].item).toMatchObject({
      quantity: 0,
      availabilityStatus: 'PREORDER',
      inStock: true,
      preorderInfo: { counter: 1, quantity: 1 },
    });
    const tooMany = await decrement(2);
    expect(tooMany.body.results[0].itemMetadata.error.code).toBe('INSUFFICIENT_INVENTORY');
    const last = await decrement(1);
    expect(last.body.results[0].item).toMatchObject({
      availabilityStatus: 'OUT_OF_STOCK',
      inStock: false,
      preorderInfo: { counter: 2, quantity: 0 },
    });
    // Every view of the product agrees: past its preorder limit it is not in stock.
    const v1 = await call('GET', `/stores-reader/v1/products/${item.productId}`);
    expect(v1.body.product.stock).toMatchObject({ inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
    expect(v1.body.product.variants[0].stock.inStock).toBe(false);
    const v3 = await call('GET', `/stores/v3/products/${item.productId}`);
    expect(v3.body.product.inventory.availabilityStatus).toBe('OUT_OF_STOCK');
    expect(v3.body.product.variantsInfo.variants[0].inventoryStatus.inStock).toBe(false);
    const inventory = await call(
      'POST',
      `/stores-reader/v2/inventoryItems/${item.productId}/getVariants`,
      {},
    );
    expect(inventory.status, JSON.stringify(inventory.body)).toBe(200);
    expect(inventory.body.inventoryItem.variants[0].inStock).toBe(false);
    const plain = await call('POST', `${bulk}/decrement`, {
      decrementData: [{ inventoryItemId: item.id, decrementBy: 1 }],
    });
    expect(plain.body.results[0].itemMetadata.error.code).toBe('INSUFFICIENT_INVENTORY');
  });
});

describe('query, search and count', () => {
  it('pages items by cursor, searches their products’ names and counts them', async () => {
    for (const name of ['Listed lamp', 'Listed chair', 'Listed desk']) await tracked(name, 1);
    const first = await call(
      'GET',
      dotR(`${base}/query`, {
        query: {
          filter: { 'product.name': { $startsWith: 'Listed ' } },
          sort: [{ fieldName: 'product.name' }],
          cursorPaging: { limit: 2 },
        },
      }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.inventoryItems.map((item: WireItem) => item.product.name)).toEqual([
      'Listed chair',
      'Listed desk',
    ]);
    const next = await call('POST', `${base}/query`, {
      query: { cursorPaging: { cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(next.body.inventoryItems.map((item: WireItem) => item.product.name)).toEqual(['Listed lamp']);
    const found = await call('GET', dotR(`${base}/search`, { search: { search: { expression: 'lamp' } } }));
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.inventoryItems.map((item: WireItem) => item.product.name)).toEqual(['Listed lamp']);
    expect(found.body.aggregationData).toEqual({ results: [] });
    const count = await call(
      'GET',
      dotR(`${base}/count`, { filter: { trackQuantity: true, 'product.name': { $startsWith: 'Listed' } } }),
    );
    expect(count.body.count).toBe(3);
    const searched = await call('POST', `${base}/count`, { search: { expression: 'chair' } });
    expect(searched.body.count).toBe(1);
    expect((await call('POST', `${base}/query`, { query: { filter: { quantity: 1 } } })).status).toBe(400);
  });
});

describe('bulk calls', () => {
  it('creates, updates, upserts and deletes items, each on its own', async () => {
    const product = await createProduct(call, tee('Bulk stock'));
    const items = await itemsOf(product);
    const deleted = await call('POST', `${bulk}/delete`, {
      inventoryItemIds: [items[0]!.id, items[1]!.id, unknownId],
    });
    expect(deleted.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    const [v0, v1] = product.variantsInfo.variants;
    const created = await call('POST', `${bulk}/create`, {
      inventoryItems: [
        { productId: product.id, variantId: v0!.id, quantity: 2 },
        { productId: product.id, variantId: items[2]!.variantId },
      ],
      returnEntity: true,
    });
    expect(created.body.results[0].item).toMatchObject({
      variantId: v0!.id,
      trackQuantity: true,
      quantity: 2,
    });
    expect(created.body.results[1].itemMetadata.error.code).toBe('ITEM_ALREADY_EXISTS');
    const updated = await call('POST', `${bulk}/update`, {
      inventoryItems: [
        { inventoryItem: { id: items[2]!.id, revision: items[2]!.revision, quantity: 9 } },
        { inventoryItem: { id: items[3]!.id, revision: '99', quantity: 9 } },
      ],
      returnEntity: true,
    });
    expect(updated.body.results[0].item.quantity).toBe(9);
    expect(updated.body.results[1].itemMetadata.error.code).toBe('REVISION_MISMATCH');
    const upserted = await call('POST', `${bulk}/upsert`, {
      inventoryItems: [
        { inventoryItem: { productId: product.id, variantId: v1!.id, quantity: 1 } },
        { inventoryItem: { productId: product.id, variantId: v0!.id, quantity: 5 } },
      ],
      returnEntity: true,
    });
    expect(upserted.status, JSON.stringify(upserted.body)).toBe(200);
    expect(
      upserted.body.results.map((result: { item: WireItem }) => [
        result.item.variantId,
        result.item.quantity,
      ]),
    ).toEqual([
      [v1!.id, 1],
      [v0!.id, 5],
    ]);
    const v1View = await call('GET', `/stores-reader/v1/products/${product.id}`);
    expect(v1View.body.product.stock).toMatchObject({ trackInventory: true, quantity: 15 });
  });

  it('runs the by-filter calls in the request and answers a job id', async () => {
    const product = await createProduct(call, tee('Filter stock'));
    const filter = { productId: product.id };
    const job = async (path: string, body: Record<string, unknown>) => {
      const answer = await call('POST', `${bulk}/${path}`, { filter, ...body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.jobId).toEqual(expect.any(String));
    };
    await job('update-by-filter', { inventoryItem: { trackQuantity: true, quantity: 3 } });
    await job('adjust-by-filter', { adjustment: { incrementBy: 2 }, trackQuantity: true });
    expect((await itemsOf(product)).map((item) => item.quantity)).toEqual([5, 5, 5, 5]);
    await job('set-or-adjust-by-filter', { adjustedInventoryAction: { decrementBy: 4 } });
    expect((await itemsOf(product)).map((item) => item.quantity)).toEqual([1, 1, 1, 1]);
    await job('set-or-adjust-by-filter', { adjustedInventoryAction: { decrementBy: 4 } });
    expect((await itemsOf(product)).map((item) => item.quantity)).toEqual([1, 1, 1, 1]);
    await job('delete-by-filter', {});
    expect(await itemsOf(product)).toEqual([]);
    const recreated = await call('POST', `${bulk}/create-by-variant-filter`, {
      filter: { productId: product.id },
      locationId: defaultInventoryLocationId,
      inventoryCreationData: { quantity: 7 },
    });
    expect(recreated.status, JSON.stringify(recreated.body)).toBe(200);
    expect((await itemsOf(product)).map((item) => item.quantity)).toEqual([7, 7, 7, 7]);
    const bad = await call('POST', `${bulk}/adjust-by-filter`, {
      filter,
      adjustment: { incrementBy: 1, decrementBy: 1 },
    });
    expect(bad.status).toBe(400);
  });
});

describe('who may read and write', () => {
  it('keeps stock from shoppers and from other sites', async () => {
    const { item } = await tracked('Private stock', 3);
    const calls: Array<[Parameters<typeof call>[0], string, unknown]> = [
      ['GET', `${base}/${item.id}`, undefined],
      ['POST', `${base}/query`, {}],
      ['PATCH', `${base}/${item.id}`, { inventoryItem: { revision: item.revision, quantity: 99 } }],
      ['DELETE', `${base}/${item.id}`, undefined],
      ['POST', `${bulk}/increment`, { incrementData: [{ inventoryItemId: item.id, incrementBy: 1 }] }],
      ['POST', `${bulk}/delete-by-filter`, { filter: {} }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body, visitor)).status, `${method} ${path}`).toBe(403);
    }
    expect((await call('GET', `${base}/${item.id}`, undefined, stranger)).status).toBe(404);
    expect(
      (
        await call(
          'PATCH',
          `${base}/${item.id}`,
          { inventoryItem: { revision: item.revision, quantity: 99 } },
          stranger,
        )
      ).status,
    ).toBe(404);
    const increment = await call(
      'POST',
      `${bulk}/increment`,
      { incrementData: [{ inventoryItemId: item.id, incrementBy: 1 }] },
      stranger,
    );
    expect(increment.body.results[0].itemMetadata.success).toBe(false);
    await call('POST', `${bulk}/delete-by-filter`, { filter: {} }, stranger);
    expect(
      (await call('POST', `${base}/query`, { query: { filter: { id: item.id } } }, stranger)).body
        .inventoryItems,
    ).toEqual([]);
    expect((await call('GET', `${base}/${item.id}`)).body.inventoryItem.quantity).toBe(3);
  });
});
