import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryProductsResponseSchema } from '@atrium/contract/stores/products-v1';
import { storesAppId } from '../src/modules/stores/index.ts';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { caller } from './stores-v3-entities-helpers.ts';

// A v1 list answer without variants (query-platformized) does not read the variants: the database sums
// them up per product (price, cost and weight ranges, stock, choices in stock). Whatever the variants and
// their stock, each product of the list must read exactly as its own page (which reads every variant) says
// it, less the variants; on PGlite and on PostgreSQL (DATABASE_URL).

let t: TestApp;
let call: ReturnType<typeof caller>;
let siteId: string;
const visitor = as('ANONYMOUS_VISITOR');
const ids: string[] = [];

type Variant = { id: string; choices: Record<string, string> };

async function create(product: Record<string, unknown>) {
  const created = await call('POST', '/stores/v1/products', { product });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  ids.push(created.body.product.id);
  return created.body.product as { id: string; variants: Variant[] };
}

async function ok(method: 'PATCH' | 'POST', url: string, body: unknown) {
  const answer = await call(method, url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const options = [
  { name: 'Size', choices: [{ description: 'S' }, { description: 'M' }, { description: 'L' }] },
  {
    name: 'Colour',
    optionType: 'color',
    choices: [
      { value: '#000000', description: 'Black' },
      { value: '#ffffff', description: 'White' },
    ],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  siteId = (await call('GET', '/sites/v1/site')).body.site.id;

  // Variants with prices, costs and weights of their own, hidden ones (size L), tracked stock (3 of each
  // black, none of white) with a live hold taking all of Black S, an expired one that no longer counts
  // on Black M, and a live one leaving Black M its last unit.
  const tee = await create({
    name: 'Summary tee',
    priceData: { price: 25.5 },
    costAndProfitData: { itemCost: 10 },
    weight: 0.2,
    productOptions: options,
    ribbon: 'New',
    brand: 'Atrium Basics',
  });
  await ok('PATCH', `/stores/v1/products/${tee.id}/variants`, {
    variants: [
      { choices: { Size: 'M' }, price: 30, cost: 12.25, weight: 0.5 },
      { choices: { Colour: 'White' }, price: 19.99 },
      { choices: { Size: 'L' }, visible: false },
    ],
  });
  const variant = (size: string, colour: string) =>
    tee.variants.find((candidate) => candidate.choices.Size === size && candidate.choices.Colour === colour)!;
  await ok('PATCH', `/stores/v2/inventoryItems/product/${tee.id}`, {
    inventoryItem: {
      trackQuantity: true,
      variants: tee.variants.map((candidate) => ({
        variantId: candidate.id,
        quantity: candidate.choices.Colour === 'Black' ? 3 : 0,
      })),
    },
  });
  const line = (size: string, quantity = 3) => ({
    reference: {
      appId: storesAppId,
      catalogItemId: tee.id,
      options: { variantId: variant(size, 'Black').id },
    },
    quantity,
  });
  const now = Date.now();
  const live = await t.app.database.transaction((tx) =>
    t.app.stores.catalog.hold(tx, {
      siteId,
      owner: 'cart:live',
      lines: [line('S')],
      expiresAt: new Date(now + 15 * 60_000),
      now: new Date(now),
    }),
  );
  const expired = await t.app.database.transaction((tx) =>
    t.app.stores.catalog.hold(tx, {
      siteId,
      owner: 'cart:gone',
      lines: [line('M')],
      expiresAt: new Date(now - 1000),
      now: new Date(now - 60_000),
    }),
  );
  const lastUnitLeft = await t.app.database.transaction((tx) =>
    t.app.stores.catalog.hold(tx, {
      siteId,
      owner: 'cart:most',
      lines: [line('M', 2)],
      expiresAt: new Date(now + 15 * 60_000),
      now: new Date(now),
    }),
  );
  expect([live.ok, expired.ok, lastUnitLeft.ok]).toEqual([true, true, true]);

  // Tracked, none on hand, preorders open.
  const preorder = await create({ name: 'Summary preorder', priceData: { price: 9 } });
  await ok('PATCH', `/stores/v2/inventoryItems/product/${preorder.id}`, {
    inventoryItem: { trackQuantity: true, variants: [{ variantId: preorder.variants[0]!.id, quantity: 0 }] },
  });
  const items = await ok('POST', '/stores/v3/inventory-items/query', {
    query: { filter: { productId: preorder.id } },
  });
  const [item] = items.inventoryItems;
  await ok('PATCH', `/stores/v3/inventory-items/${item.id}`, {
    inventoryItem: { revision: item.revision, preorderInfo: { enabled: true, limit: 5 } },
  });
  // Tracked, none on hand, preorders open but their limit all taken: not in stock.
  const spent = await create({ name: 'Summary preorder spent', priceData: { price: 9 } });
  await ok('PATCH', `/stores/v2/inventoryItems/product/${spent.id}`, {
    inventoryItem: { trackQuantity: true, variants: [{ variantId: spent.variants[0]!.id, quantity: 0 }] },
  });
  const [spentItem] = (
    await ok('POST', '/stores/v3/inventory-items/query', { query: { filter: { productId: spent.id } } })
  ).inventoryItems;
  await ok('PATCH', `/stores/v3/inventory-items/${spentItem.id}`, {
    inventoryItem: { revision: spentItem.revision, preorderInfo: { enabled: true, limit: 1 } },
  });
  await ok('POST', '/stores/v3/bulk/inventory-items/decrement', {
    decrementData: [{ inventoryItemId: spentItem.id, decrementBy: 1, preorderRequest: true }],
  });
  // No options, stock not tracked and marked out of stock.
  const card = await create({ name: 'Summary gift card', priceData: { price: 50 }, productType: 'digital' });
  await ok('PATCH', `/stores/v2/inventoryItems/product/${card.id}`, {
    inventoryItem: { trackQuantity: false, variants: [{ variantId: card.variants[0]!.id, inStock: false }] },
  });
  // Tracked with nothing on hand; a discount; a hidden product only the business lists.
  const empty = await create({ name: 'Summary empty', priceData: { price: 12 }, productOptions: options });
  await ok('PATCH', `/stores/v2/inventoryItems/product/${empty.id}`, {
    inventoryItem: {
      trackQuantity: true,
      variants: empty.variants.map((v) => ({ variantId: v.id, quantity: 0 })),
    },
  });
  await create({
    name: 'Summary sale',
    priceData: { price: 80 },
    discount: { type: 'PERCENT', value: 25 },
    customTextFields: [{ title: 'Engraving', maxLength: 20, mandatory: true }],
    additionalInfoSections: [{ title: 'Returns', description: '<p>30 days</p>' }],
  });
  await create({ name: 'Summary hidden', priceData: { price: 5 }, visible: false, productOptions: options });
});
afterAll(async () => {
  await t.close();
});

async function list(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const answer = await call(
    'POST',
    '/stores-reader/v1/products/query-platformized',
    { query: { filter: { id: { $in: ids } }, paging: { limit: 100 } }, ...body },
    headers,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(queryProductsResponseSchema.encode(answer.body)).toEqual(answer.body);
  return answer.body.products as Array<Record<string, unknown> & { id: string }>;
}

async function page(id: string, headers: Record<string, string>, merchant: boolean) {
  const answer = await call(
    'GET',
    `/stores-reader/v1/products/${id}${merchant ? '?includeMerchantSpecificData=true' : ''}`,
    undefined,
    headers,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { variants, ...rest } = answer.body.product;
  expect(variants.length).toBeGreaterThan(0);
  return rest;
}

describe('the stock filters of a products query', () => {
  const ownerCaller = as('WIX_USER:OWNER');
  async function filtered(filter: Record<string, unknown>) {
    const products = await list(ownerCaller, {
      query: { filter: { id: { $in: ids }, ...filter }, paging: { limit: 100 } },
    });
    return products.map((product) => product.name).sort();
  }

  it('filter on the stock status every product shows, at the time of the request', async () => {
    const all = await list(ownerCaller);
    const statusOf = (product: Record<string, unknown>) =>
      (product.stock as { inventoryStatus: string }).inventoryStatus;
    for (const status of ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK']) {
      const expected = all.filter((product) => statusOf(product) === status).map((p) => p.name);
      expect(expected.length).toBeGreaterThan(0);
      expect(await filtered({ 'stock.inventoryStatus': status })).toEqual(expected.sort());
    }
    expect(await filtered({ 'stock.inventoryStatus': 'OUT_OF_STOCK' })).toContain('Summary preorder spent');
    const inStock = (product: Record<string, unknown>) => (product.stock as { inStock: boolean }).inStock;
    expect(await filtered({ 'stock.inStock': false })).toEqual(
      all
        .filter((product) => !inStock(product))
        .map((p) => p.name)
        .sort(),
    );
    expect(await filtered({ 'stock.inStock': true })).toEqual(
      all
        .filter(inStock)
        .map((p) => p.name)
        .sort(),
    );
  });

  it('filter on the lowest quantity on hand of a product’s tracked variants (low stock)', async () => {
    const withVariants = await list(ownerCaller, { includeVariants: true });
    const lowest = (product: Record<string, unknown>) => {
      const tracked = (
        product.variants as Array<{ stock: { trackQuantity: boolean; quantity: number | null } }>
      ).filter((variant) => variant.stock.trackQuantity);
      return tracked.length === 0 ? null : Math.min(...tracked.map((variant) => variant.stock.quantity ?? 0));
    };
    for (const threshold of [0, 3]) {
      const expected = withVariants
        .filter((product) => lowest(product) !== null && lowest(product)! <= threshold)
        .map((product) => product.name)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(await filtered({ 'stock.lowestVariantQuantity': { $lte: threshold } })).toEqual(expected);
    }
  });

  it('refuses a stock filter of the wrong type, and sorting on one', async () => {
    const wrong = await call('POST', '/stores/v1/products/query-platformized', {
      query: { filter: { 'stock.inventoryStatus': 'SOMETIMES' } },
    });
    expect(wrong.status).toBe(400);
    const sorted = await call('POST', '/stores/v1/products/query-platformized', {
      query: { sort: [{ fieldName: 'stock.inStock' }] },
    });
    expect(sorted.status).toBe(400);
  });
});

/** Every product of a list reads as its own page says, less the variants, for every kind of caller. */
async function expectListsAsPages() {
  for (const [headers, merchant] of [
    [visitor, false],
    [as('WIX_USER:OWNER'), false],
    [as('WIX_USER:OWNER'), true],
  ] as const) {
    const products = await list(headers, merchant ? { includeMerchantSpecificData: true } : {});
    // Every product but the hidden one for a visitor.
    expect(products).toHaveLength(headers === visitor ? ids.length - 1 : ids.length);
    for (const product of products) {
      expect(product.variants).toBeUndefined();
      expect(product).toEqual(await page(product.id, headers, merchant));
    }
    // The same list with its variants (read and mapped one by one) agrees too.
    const withVariants = await list(headers, {
      includeVariants: true,
      ...(merchant ? { includeMerchantSpecificData: true } : {}),
    });
    expect(withVariants.map(({ variants: _, ...rest }) => rest)).toEqual(products);
  }
}

/** The figures the set-up's stock, holds and prices make, as the list shows them. */
async function expectSetUpFigures() {
  const byName = new Map(
    (await list(as('WIX_USER:OWNER'), { includeMerchantSpecificData: true })).map((p) => [p.name, p]),
  );
  const tee = byName.get('Summary tee')!;
  expect(tee).toMatchObject({
    stock: { trackInventory: true, quantity: 9, inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' },
    priceRange: { minValue: 19.99, maxValue: 30 },
    costRange: { minValue: 10, maxValue: 12.25 },
    weightRange: { minValue: 0.2, maxValue: 0.5 },
    ribbon: 'New',
    brand: 'Atrium Basics',
  });
  const choices = (tee.productOptions as Array<{ choices: Array<{ description: string; inStock: boolean }> }>)
    .flatMap((option) => option.choices)
    .map((choice) => [choice.description, choice.inStock]);
  // S: Black S is all held; M: Black M's hold expired; L: its variants are hidden; White: none on hand.
  expect(choices).toEqual([
    ['S', false],
    ['M', true],
    ['L', false],
    ['Black', true],
    ['White', false],
  ]);
  expect(byName.get('Summary preorder')!.stock).toEqual({
    trackInventory: true,
    quantity: 0,
    inStock: true,
    inventoryStatus: 'IN_STOCK',
  });
  expect(byName.get('Summary preorder spent')!.stock).toEqual({
    trackInventory: true,
    quantity: 0,
    inStock: false,
    inventoryStatus: 'OUT_OF_STOCK',
  });
  expect(byName.get('Summary gift card')!.stock).toEqual({
    trackInventory: false,
    quantity: null,
    inStock: false,
    inventoryStatus: 'OUT_OF_STOCK',
  });
  expect(byName.get('Summary empty')!.stock).toMatchObject({
    quantity: 0,
    inventoryStatus: 'OUT_OF_STOCK',
  });
  expect(byName.get('Summary sale')!).toMatchObject({
    priceRange: { minValue: 80, maxValue: 80 },
    costRange: { minValue: 0, maxValue: 0 },
    stock: { inventoryStatus: 'IN_STOCK', inStock: true },
    customTextFields: [{ title: 'Engraving', maxLength: 20, mandatory: true }],
    additionalInfoSections: [{ title: 'Returns', description: '<p>30 days</p>' }],
  });
}

async function keptFigures(): Promise<Array<{ product_id: string; valid_until: Date | string | null }>> {
  return t.app.database.query(
    'SELECT product_id, valid_until FROM stores_product_figures WHERE site_id = $1',
    [siteId],
  );
}

describe.each([
  ['summed up from the variants (the queued products)', false],
  ['read from the figures kept per product', true],
])('v1 list answers without variants, %s', (_, kept) => {
  beforeAll(async () => {
    if (kept) expect(await t.app.stores.figures.drain()).toBeGreaterThanOrEqual(ids.length);
    expect((await keptFigures()).length).toBe(kept ? ids.length : 0);
  });

  it('say of every product what its page says, stock, holds and ranges included', expectListsAsPages);
  it('count live holds and preorders, and not holds past their expiry', expectSetUpFigures);
});

describe('the figures kept per product', () => {
  const owner = as('WIX_USER:OWNER');
  const tee = async () => (await list(owner)).find((product) => product.name === 'Summary tee')!;
  const quantityOf = (product: Record<string, unknown>) => (product.stock as { quantity: number }).quantity;

  it('are what a list reads while nothing changed', async () => {
    await t.app.stores.figures.drain();
    const before = await tee();
    // Only a read of the kept row can show this: the variants still say otherwise.
    await t.app.database.query(
      'UPDATE stores_product_figures SET quantity = quantity + 1000 WHERE site_id = $1 AND product_id = $2',
      [siteId, before.id],
    );
    expect(quantityOf(await tee())).toBe(quantityOf(before) + 1000);
    // Any write to its stock queues it: the list sums its variants up again until the next upkeep.
    const [tracked] = (await variantsOf(before.id)).filter((variant) => variant.stock.trackQuantity);
    await ok('POST', '/stores/v2/inventoryItems/increment', {
      incrementData: [{ productId: before.id, variantId: tracked!.id, incrementBy: 2 }],
    });
    expect(quantityOf(await tee())).toBe(quantityOf(before) + 2);
    await t.app.stores.figures.drain();
    expect(quantityOf(await tee())).toBe(quantityOf(before) + 2);
    await expectListsAsPages();
  });

  it('are vacuumed and analyzed, with their queue, after a long drain (an import)', async () => {
    const statements: string[] = [];
    const database = t.app.database;
    const query = database.query;
    database.query = ((text: string, values?: unknown[]) => {
      statements.push(text);
      return query.call(database, text, values);
    }) as typeof query;
    try {
      const queueOne = async (price: number) => {
        const before = await tee();
        await ok('PATCH', `/stores/v1/products/${before.id}`, { product: { priceData: { price } } });
      };
      await queueOne(31);
      expect(await t.app.stores.figures.drain()).toBe(1);
      expect(statements.some((text) => text.startsWith('VACUUM'))).toBe(false);
      await queueOne(32);
      expect(await t.app.stores.figures.drain({ vacuumAfter: 1 })).toBe(1);
      expect(statements).toContain('VACUUM (ANALYZE) stores_figures_queue, stores_product_figures');
      await expectListsAsPages();
    } finally {
      database.query = query;
    }
  });

  /** A new product with two units on hand, all held by a cart until `expiresAt`, its figures kept before. */
  async function heldProduct(name: string, expiresAt: Date) {
    const product = await create({ name, priceData: { price: 14 } });
    const [variant] = product.variants;
    await ok('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: variant!.id, quantity: 2 }] },
    });
    await t.app.stores.figures.drain();
    expect((await listed(product.id)).stock).toMatchObject({ quantity: 2, inStock: true });
    const held = await t.app.database.transaction((tx) =>
      t.app.stores.catalog.hold(tx, {
        siteId,
        owner: `cart:${name}`,
        lines: [
          {
            reference: { appId: storesAppId, catalogItemId: product.id, options: { variantId: variant!.id } },
            quantity: 2,
          },
        ],
        expiresAt,
        now: new Date(),
      }),
    );
    expect(held.ok).toBe(true);
    return product;
  }
  const listed = async (id: string) => (await list(owner)).find((product) => product.id === id)!;

  it('give way to the variants when a hold or a price changes after the upkeep', async () => {
    const product = await heldProduct('Summary held', new Date(Date.now() + 15 * 60_000));
    // The hold queued the product: the list sums it up again and sees the stock taken.
    expect((await listed(product.id)).stock).toMatchObject({ quantity: 2, inStock: false });
    await expectListsAsPages();
    await t.app.stores.figures.drain();
    expect((await listed(product.id)).stock).toMatchObject({ quantity: 2, inStock: false });
    await ok('PATCH', `/stores/v1/products/${product.id}`, { product: { priceData: { price: 27 } } });
    expect((await listed(product.id)).priceRange).toEqual({ minValue: 27, maxValue: 27 });
    await t.app.stores.figures.drain();
    expect((await listed(product.id)).priceRange).toEqual({ minValue: 27, maxValue: 27 });
    await expectListsAsPages();
  });

  it('stop answering when a hold they counted runs out', async () => {
    const expiresAt = new Date(Date.now() + 1500);
    const product = await heldProduct('Summary held briefly', expiresAt);
    await t.app.stores.figures.drain();
    const row = (await keptFigures()).find((figures) => figures.product_id === product.id)!;
    expect(new Date(row.valid_until!).getTime()).toBe(expiresAt.getTime());
    expect((await listed(product.id)).stock).toMatchObject({ inStock: false });
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    // Nothing was written since: only the expiry the row carries tells the list to look again.
    expect(await t.app.stores.figures.drain()).toBe(0);
    expect((await listed(product.id)).stock).toMatchObject({ quantity: 2, inStock: true });
    await expectListsAsPages();
  });

  it('stay exact while holds, stock writes and upkeeps run side by side', async () => {
    const stocked = [];
    for (const name of ['Race A', 'Race B', 'Race C']) {
      const product = await create({ name, priceData: { price: 8 }, productOptions: [options[1]] });
      await ok('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
        inventoryItem: {
          trackQuantity: true,
          variants: product.variants.map((variant) => ({ variantId: variant.id, quantity: 3 })),
        },
      });
      stocked.push(product);
    }
    const lines = stocked.flatMap((product) =>
      product.variants.map((variant) => ({ productId: product.id, variantId: variant.id })),
    );
    let writing = true;
    const upkeeps = (async () => {
      let passes = 0;
      while (writing || passes === 0) {
        await t.app.stores.figures.drain();
        passes += 1;
        // A worker's upkeep runs once a second; a pass right after the last leaves PGlite's one
        // connection no time for the writes.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return passes;
    })();
    const now = Date.now();
    const writes = lines.flatMap((line, index) => [
      ...[1, 2].map((n) =>
        t.app.database.transaction((tx) =>
          t.app.stores.catalog.hold(tx, {
            siteId,
            owner: `cart:race-${index}-${n}`,
            lines: [
              {
                reference: {
                  appId: storesAppId,
                  catalogItemId: line.productId,
                  options: { variantId: line.variantId },
                },
                quantity: 1 + (index % 2),
              },
            ],
            expiresAt: new Date(now + 15 * 60_000),
            now: new Date(now),
          }),
        ),
      ),
      call('POST', '/stores/v2/inventoryItems/increment', {
        incrementData: [{ productId: line.productId, variantId: line.variantId, incrementBy: 1 }],
      }),
    ]);
    await Promise.all(writes);
    writing = false;
    expect(await upkeeps).toBeGreaterThan(0);
    await expectListsAsPages();
    await t.app.stores.figures.drain();
    await expectListsAsPages();
  });

  it('go with their product', async () => {
    const gone = await create({ name: 'Summary short-lived', priceData: { price: 3 } });
    await t.app.stores.figures.drain();
    expect((await keptFigures()).some((row) => row.product_id === gone.id)).toBe(true);
    const removed = await call('DELETE', `/stores/v1/products/${gone.id}`);
    expect(removed.status).toBe(200);
    ids.splice(ids.indexOf(gone.id), 1);
    await t.app.stores.figures.drain();
    expect((await keptFigures()).some((row) => row.product_id === gone.id)).toBe(false);
    expect(await t.app.stores.figures.drain()).toBe(0);
  });
});

type PageVariant = { id: string; stock: { quantity: number; trackQuantity: boolean } };

async function variantsOf(productId: string): Promise<PageVariant[]> {
  const answer = await call('GET', `/stores-reader/v1/products/${productId}`);
  expect(answer.status).toBe(200);
  return answer.body.product.variants as PageVariant[];
}
