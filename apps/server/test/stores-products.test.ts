import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allProductsCollectionId,
  defaultVariantId,
  productResponseSchema,
  queryProductsResponseSchema,
} from '@atrium/contract/stores/products-v1';
import { storesEvents } from '../src/modules/stores/index.ts';
import { identityKit } from './identity-helpers.ts';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { caller, dotR } from './stores-v3-entities-helpers.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
let otherSiteOwner: Record<string, string>;
const visitor = as('ANONYMOUS_VISITOR');
const received: Array<{ name: string; data: unknown }> = [];

beforeAll(async () => {
  t = await createTestApp({
    withEvents: (bus) => {
      for (const name of [
        storesEvents.productCreated,
        storesEvents.productDeleted,
        storesEvents.inventoryItemUpdated,
      ]) {
        bus.subscribe(name, 'stores-test', async (event) => {
          received.push({ name, data: event.data });
        });
      }
    },
  });
  call = caller(t);
  otherSiteOwner = as('WIX_USER:OWNER', (await identityKit(t).newSite('Other shop')).site.id);
});
afterAll(async () => {
  await t.close();
});

const tee = {
  name: 'Linen T-shirt',
  priceData: { price: 25.5 },
  costAndProfitData: { itemCost: 10 },
  description: '<p>Soft linen</p>',
  weight: 0.2,
  productOptions: [
    {
      name: 'Size',
      choices: [{ description: 'S' }, { description: 'M' }, { description: 'L' }],
    },
    {
      name: 'Colour',
      optionType: 'color',
      choices: [
        { value: '#000000', description: 'Black' },
        { value: '#ffffff', description: 'White' },
      ],
    },
  ],
  ribbon: 'New',
  brand: 'Atrium Basics',
};

let tees = 0;
/** A tee of its own SKU (SKUs are unique per site). */
async function createTee(overrides: Record<string, unknown> = {}) {
  tees += 1;
  const created = await call('POST', '/stores/v1/products', {
    product: { ...tee, sku: `TEE-${tees}`, ...overrides },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.product;
}

describe('catalog v1 products', () => {
  it('creates a product with the variant matrix of its options, prices rounded to the currency', async () => {
    const product = await createTee({ priceData: { price: 25.505 } });
    expect(product.slug).toBe('linen-t-shirt');
    expect(product.priceData).toMatchObject({ currency: 'USD', price: 25.51, discountedPrice: 25.51 });
    expect(product.priceData.formatted.price).toBe('$25.51');
    expect(product.variants).toHaveLength(6);
    expect(product.variants.map((variant: { choices: object }) => variant.choices)).toContainEqual({
      Size: 'M',
      Colour: 'White',
    });
    expect(product.productOptions[1]).toMatchObject({ optionType: 'color', name: 'Colour' });
    expect(product.productOptions[1].choices[0]).toMatchObject({
      value: '#000000',
      description: 'Black',
      inStock: true,
    });
    expect(product.ribbons).toEqual([{ text: 'New' }]);
    expect(product.brand).toBe('Atrium Basics');
    expect(product.costAndProfitData).toMatchObject({ itemCost: 10, profit: 15.51 });
    expect(product.stock).toMatchObject({
      trackInventory: false,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
    });
    const again = await createTee();
    expect(again.slug).toBe('linen-t-shirt-2');
  });

  it('shows cost and profit only to the business that asks for them', async () => {
    const product = await createTee({ name: 'Cost check' });
    const asOwner = await call(
      'GET',
      `/stores-reader/v1/products/${product.id}?includeMerchantSpecificData=true`,
    );
    expect(asOwner.body.product.costAndProfitData.itemCost).toBe(10);
    const asVisitor = await call(
      'GET',
      `/stores-reader/v1/products/${product.id}?includeMerchantSpecificData=true`,
      undefined,
      visitor,
    );
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.body.product.costAndProfitData).toBeUndefined();
  });

  it('answers reads exactly as the schema says, with nothing more, though they are not encoded by zod', async () => {
    const product = await createTee({
      name: 'Schema check',
      discount: { type: 'AMOUNT', value: 2 },
      manageVariants: true,
      media: { items: [{ image: { url: 'https://images.example.com/tee.jpg' } }] },
    });
    const reads = [
      await call('GET', `/stores-reader/v1/products/${product.id}?includeMerchantSpecificData=true`),
      await call('GET', `/stores-reader/v1/products/${product.id}`, undefined, visitor),
      await call('POST', '/stores-reader/v1/products/query-platformized', {
        query: { filter: { name: 'Schema check' } },
        includeVariants: true,
        includeMerchantSpecificData: true,
      }),
      await call('POST', '/stores-reader/v1/products/query-platformized', { query: {} }, visitor),
    ];
    const schemas = [productResponseSchema, productResponseSchema, queryProductsResponseSchema];
    reads.forEach((read, index) => {
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      const schema = schemas[index] ?? queryProductsResponseSchema;
      expect(schema.encode(read.body)).toEqual(read.body);
    });
    expect(reads[2]!.body.products[0].variants).toHaveLength(6);
  });

  it('a product without options has the one default variant', async () => {
    const product = await createTee({ name: 'Gift card', productOptions: [] });
    expect(product.variants.map((variant: { id: string }) => variant.id)).toEqual([defaultVariantId]);
  });

  it('keeps the variants of unchanged combinations when the options change', async () => {
    const product = await createTee({ name: 'Matrix' });
    const medium = product.variants.find(
      (variant: { choices: Record<string, string> }) =>
        variant.choices.Size === 'M' && variant.choices.Colour === 'Black',
    );
    const priced = await call('PATCH', `/stores/v1/products/${product.id}/variants`, {
      variants: [{ choices: { Size: 'M' }, price: 30 }],
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const updated = await call('PATCH', `/stores/v1/products/${product.id}`, {
      product: {
        productOptions: [
          { name: 'Size', choices: [{ description: 'M' }, { description: 'XL' }] },
          tee.productOptions[1],
        ],
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const variants = updated.body.product.variants;
    expect(variants).toHaveLength(4);
    const kept = variants.find((variant: { id: string }) => variant.id === medium.id);
    expect(kept.variant.priceData.price).toBe(30);
    expect(updated.body.product.priceRange).toEqual({ minValue: 25.5, maxValue: 30 });
  });

  it('applies a discount to every variant and reads it back through the query form', async () => {
    const product = await createTee({ name: 'Discounted', discount: { type: 'PERCENT', value: 10 } });
    expect(product.priceData).toMatchObject({ price: 25.5, discountedPrice: 22.95 });
    const query = await call(
      'GET',
      dotR('/stores-reader/v1/products/query-platformized', {
        query: { filter: { name: 'Discounted' }, paging: { limit: 10, offset: 0 } },
      }),
    );
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    expect(query.body.products).toHaveLength(1);
    expect(query.body.products[0].variants).toBeUndefined();
    expect(query.body.metadata).toMatchObject({ count: 1, offset: 0, total: 1 });
  });

  it('answers which variant a choice selects, and that a tracked variant with no stock cannot be bought', async () => {
    const product = await createTee({ name: 'Stocked' });
    const black = product.variants.filter(
      (variant: { choices: Record<string, string> }) => variant.choices.Colour === 'Black',
    );
    const stocked = await call('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
      inventoryItem: {
        trackQuantity: true,
        variants: black.map((variant: { id: string }) => ({ variantId: variant.id, quantity: 3 })),
      },
    });
    expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
    const pick = (options: Record<string, string>) =>
      call(
        'POST',
        `/stores-reader/v1/products/${product.id}/productOptionsAvailability`,
        { options },
        visitor,
      );
    const blackM = await pick({ Size: 'M', Colour: 'Black' });
    expect(blackM.body).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { inStock: true, quantity: 3 },
    });
    const whiteM = await pick({ Size: 'M', Colour: 'White' });
    expect(whiteM.body).toMatchObject({
      availableForPurchase: false,
      selectedVariant: { inStock: false, quantity: 0 },
    });
    const partial = await pick({ Size: 'M' });
    expect(partial.body.availableForPurchase).toBe(false);
    expect(partial.body.selectedVariant).toBeUndefined();
    const read = await call('GET', `/stores-reader/v1/products/${product.id}`, undefined, visitor);
    expect(read.body.product.stock).toMatchObject({
      trackInventory: true,
      quantity: 9,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });
    const white = read.body.product.productOptions[1].choices.find(
      (choice: { description: string }) => choice.description === 'White',
    );
    expect(white.inStock).toBe(false);
    const unknown = await pick({ Size: 'XXL' });
    expect(unknown.status).toBe(400);
  });

  it('never lets stock go below zero, all or nothing', async () => {
    const product = await createTee({ name: 'Decrement', productOptions: [] });
    await call('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: defaultVariantId, quantity: 2 }] },
    });
    const tooMany = await call('POST', '/stores/v2/inventoryItems/decrement', {
      decrementData: [{ productId: product.id, variantId: defaultVariantId, decrementBy: 3 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.details.applicationError.code).toBe('INSUFFICIENT_INVENTORY');
    const ok = await call('POST', '/stores/v2/inventoryItems/decrement', {
      decrementData: [{ productId: product.id, variantId: defaultVariantId, decrementBy: 2 }],
    });
    expect(ok.status).toBe(200);
    const more = await call('POST', '/stores/v2/inventoryItems/increment', {
      incrementData: [{ productId: product.id, variantId: defaultVariantId, incrementBy: 5 }],
    });
    expect(more.status).toBe(200);
    const item = await call('POST', `/stores-reader/v2/inventoryItems/${product.id}/getVariants`, {});
    expect(item.body.inventoryItem.variants[0]).toMatchObject({
      variantId: defaultVariantId,
      quantity: 5,
      inStock: true,
    });
  });

  it('bulk-adjusts prices by a percentage exactly and reports each product', async () => {
    const a = await createTee({ name: 'Bulk A', priceData: { price: 19.99 }, productOptions: [] });
    const b = await createTee({ name: 'Bulk B', priceData: { price: 0.05 }, productOptions: [] });
    const adjusted = await call('POST', '/stores/v1/bulk/products/adjust-properties', {
      ids: [a.id, b.id, '00000000-0000-4000-8000-000000000001'],
      adjust: { price: { percentage: { rate: 10 } } },
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    const after = await call('GET', `/stores-reader/v1/products/${a.id}`);
    expect(after.body.product.priceData.price).toBe(21.99);
    const small = await call('GET', `/stores-reader/v1/products/${b.id}`);
    expect(small.body.product.priceData.price).toBe(0.06);
  });

  it('bulk-hides and shows products in one call: shoppers lose them from pages, lists and counts', async () => {
    const { collection } = (
      await call('POST', '/stores/v1/collections', { collection: { name: 'Bulk seen' } })
    ).body;
    const a = await createTee({ name: 'Seen A', productOptions: [] });
    const b = await createTee({ name: 'Seen B', productOptions: [] });
    const kept = await createTee({ name: 'Seen C', productOptions: [] });
    await call('POST', `/stores/v1/collections/${collection.id}/productIds`, {
      productIds: [a.id, b.id, kept.id],
    });
    const shown = async () =>
      (
        await call(
          'POST',
          '/stores-reader/v1/products/query-platformized',
          { query: { filter: { collectionIds: { $hasSome: [collection.id] } } } },
          visitor,
        )
      ).body;
    const missing = '00000000-0000-4000-8000-000000000002';
    const hide = await call('POST', '/stores/v1/bulk/products/update', {
      ids: [a.id, b.id, missing],
      set: { visible: false },
    });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    expect(hide.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(
      hide.body.results.map((result: { itemMetadata: { id: string } }) => result.itemMetadata.id),
    ).toEqual([a.id, b.id, missing]);
    expect((await call('GET', `/stores-reader/v1/products/${a.id}`, undefined, visitor)).status).toBe(404);
    expect((await call('GET', `/stores-reader/v1/products/${b.id}`)).body.product.visible).toBe(false);
    const afterHide = await shown();
    expect(afterHide.products.map((product: { id: string }) => product.id)).toEqual([kept.id]);
    expect(afterHide.metadata.total).toBe(1);
    expect(
      (await call('GET', `/v2/collections/${collection.id}`, undefined, visitor)).body.collection
        .numberOfProducts,
    ).toBe(1);

    const show = await call('POST', '/stores/v1/bulk/products/update', {
      ids: [a.id],
      set: { visible: true },
    });
    expect(show.body.bulkActionMetadata.totalSuccesses).toBe(1);
    expect((await shown()).metadata.total).toBe(2);
    expect((await call('GET', `/stores-reader/v1/products/${kept.id}`)).body.product.visible).toBe(true);

    const bad = await call('POST', '/stores/v1/bulk/products/update', {
      ids: [a.id],
      set: { visible: 'no' },
    });
    expect(bad.status).toBe(400);
    const byVisitor = await call(
      'POST',
      '/stores/v1/bulk/products/update',
      { ids: [a.id], set: { visible: false } },
      visitor,
    );
    expect(byVisitor.status).toBe(403);
    expect((await call('GET', `/stores-reader/v1/products/${a.id}`, undefined, visitor)).status).toBe(200);
  });

  it('hides hidden products from shoppers and refuses their writes', async () => {
    const product = await createTee({ name: 'Secret', visible: false });
    expect((await call('GET', `/stores-reader/v1/products/${product.id}`, undefined, visitor)).status).toBe(
      404,
    );
    expect((await call('GET', `/stores-reader/v1/products/${product.id}`)).status).toBe(200);
    const write = await call(
      'PATCH',
      `/stores/v1/products/${product.id}`,
      { product: { name: 'Mine' } },
      visitor,
    );
    expect(write.status).toBe(403);
    const member = await call(
      'DELETE',
      `/stores/v1/products/${product.id}`,
      undefined,
      as('MEMBER:00000000-0000-4000-8000-00000000000a'),
    );
    expect(member.status).toBe(403);
  });

  it('emits product events in the write transaction', async () => {
    const product = await createTee({ name: 'Evented' });
    await call('DELETE', `/stores/v1/products/${product.id}`);
    const named = (name: string) => JSON.stringify(received.filter((event) => event.name === name));
    await expect.poll(() => named(storesEvents.productCreated), { timeout: 10_000 }).toContain(product.id);
    await expect.poll(() => named(storesEvents.productDeleted), { timeout: 10_000 }).toContain(product.id);
    expect((await call('GET', `/stores-reader/v1/products/${product.id}`)).status).toBe(404);
  });

  it('refuses a matrix over the variant limit with a clear message', async () => {
    const many = Array.from({ length: 11 }, (_, index) => ({ description: `C${index}` }));
    const refused = await call('POST', '/stores/v1/products', {
      product: {
        name: 'Too many',
        priceData: { price: 1 },
        productOptions: [
          { name: 'A', choices: many },
          { name: 'B', choices: many },
          { name: 'C', choices: many },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('1331 variants');
  });
});

describe('collections', () => {
  it('adds and removes products, filters products by collection, and counts them', async () => {
    const created = await call('POST', '/stores/v1/collections', { collection: { name: 'Summer' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const collection = created.body.collection;
    expect(collection).toMatchObject({ slug: 'summer', numberOfProducts: 0 });
    const product = await createTee({ name: 'Summer tee' });
    expect(
      (await call('POST', `/stores/v1/collections/${collection.id}/productIds`, { productIds: [product.id] }))
        .status,
    ).toBe(200);
    const bySlug = await call('GET', '/stores-reader/v1/collections/slug/summer', undefined, visitor);
    expect(bySlug.body.collection.numberOfProducts).toBe(1);
    const filtered = await call('POST', '/stores-reader/v1/products/query-platformized', {
      query: { filter: { collectionIds: { $hasSome: [collection.id] } } },
    });
    expect(filtered.body.products.map((row: { id: string }) => row.id)).toEqual([product.id]);
    const all = await call('GET', `/v2/collections/${allProductsCollectionId}`, undefined, visitor);
    expect(all.body.collection.numberOfProducts).toBeGreaterThan(1);
    const queried = await call(
      'GET',
      dotR('/v2/collections/query', { query: { paging: { limit: 10 } } }),
      undefined,
      visitor,
    );
    expect(queried.body.collections.map((row: { name: string }) => row.name)).toContain('Summer');
    await call('POST', `/stores/v1/collections/${collection.id}/productIds/delete`, {
      productIds: [product.id],
    });
    const emptied = await call('GET', `/v2/collections/${collection.id}`);
    expect(emptied.body.collection.numberOfProducts).toBe(0);
    expect((await call('DELETE', `/stores/v1/collections/${collection.id}`)).status).toBe(200);
    for (const odd of ['not-a-uuid', '%27%3B--', 'ZZZZZZZZ-0000-0000-0000-000000000000']) {
      expect((await call('GET', `/v2/collections/${odd}`)).status).toBe(404);
      expect(
        (await call('PATCH', `/stores/v1/collections/${odd}`, { collection: { name: 'x' } })).status,
      ).toBe(404);
    }
    expect((await call('GET', `/v2/collections/${collection.id}`)).status).toBe(404);
  });

  it('counts a collection page total from its counter, which follows visibility, membership and deletes', async () => {
    const { collection } = (await call('POST', '/stores/v1/collections', { collection: { name: 'Counted' } }))
      .body;
    const made = [];
    for (const name of ['Count A', 'Count B', 'Count C'])
      made.push(await createTee({ name, productOptions: [] }));
    await call('POST', `/stores/v1/collections/${collection.id}/productIds`, {
      productIds: made.map((p) => p.id),
    });
    await call('PATCH', `/stores/v1/products/${made[0].id}`, { product: { visible: false } });
    await call('DELETE', `/stores/v1/products/${made[1].id}`);
    const page = (headers?: Record<string, string>) =>
      call(
        'POST',
        '/stores-reader/v1/products/query-platformized',
        { query: { filter: { collectionIds: { $hasSome: [collection.id] } }, paging: { limit: 1 } } },
        headers,
      );
    expect((await page()).body.metadata).toMatchObject({ count: 1, total: 2 });
    expect((await page(visitor)).body.metadata).toMatchObject({ count: 1, total: 1 });
    const all = await call(
      'POST',
      '/stores-reader/v1/products/query-platformized',
      { query: { paging: { limit: 1 } } },
      visitor,
    );
    const everything = await call(
      'POST',
      '/stores-reader/v1/products/query-platformized',
      { query: { filter: { visible: true }, paging: { limit: 1 } } },
      visitor,
    );
    expect(all.body.metadata.total).toBe(everything.body.metadata.total);
    expect(
      (await call('GET', `/v2/collections/${collection.id}`, undefined, visitor)).body.collection
        .numberOfProducts,
    ).toBe(1);
  });

  it('counts products an import inserts and deletes many to a statement (the counters move per statement)', async () => {
    const { collection } = (
      await call('POST', '/stores/v1/collections', { collection: { name: 'Imported' } })
    ).body;
    const siteId = (await call('GET', '/sites/v1/site')).body.site.id as string;
    const total = async (filter?: Record<string, unknown>, headers?: Record<string, string>) =>
      (
        await call(
          'POST',
          '/stores-reader/v1/products/query-platformized',
          { query: { ...(filter ? { filter } : {}), paging: { limit: 1 } } },
          headers,
        )
      ).body.metadata.total as number;
    const inCollection = { collectionIds: { $hasSome: [collection.id] } };
    const storeBefore = await total(undefined, visitor);
    // 40 products in one statement, a quarter hidden, as a migration from another shop would write them.
    await t.app.database.query(
      `INSERT INTO stores_products (id, site_id, name, slug, price, min_price, max_price, visible, collection_ids)
       SELECT gen_random_uuid(), $1, 'Imported ' || i, 'imported-' || i, 10, 10, 10, i % 4 <> 0, ARRAY[$2::uuid]
       FROM generate_series(1, 40) i`,
      [siteId, collection.id],
    );
    expect(await total(inCollection)).toBe(40);
    expect(await total(inCollection, visitor)).toBe(30);
    expect(await total(undefined, visitor)).toBe(storeBefore + 30);
    // Half of them, hidden ones among them, deleted in one statement.
    await t.app.database.query(
      `DELETE FROM stores_products WHERE site_id = $1 AND name IN (SELECT 'Imported ' || i FROM generate_series(1, 20) i)`,
      [siteId],
    );
    expect(await total(inCollection)).toBe(20);
    expect(await total(inCollection, visitor)).toBe(15);
    expect(await total(undefined, visitor)).toBe(storeBefore + 15);
  });

  it("keeps one site out of another site's catalog", async () => {
    const product = await createTee({ name: 'Site A only' });
    const stranger = otherSiteOwner;
    expect((await call('GET', `/stores-reader/v1/products/${product.id}`, undefined, stranger)).status).toBe(
      404,
    );
    expect(
      (await call('PATCH', `/stores/v1/products/${product.id}`, { product: { name: 'Taken' } }, stranger))
        .status,
    ).toBe(404);
    const list = await call('POST', '/stores-reader/v1/products/query-platformized', {}, stranger);
    expect(list.body.products).toEqual([]);
  });
});
