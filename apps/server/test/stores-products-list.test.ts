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
  await create({ name: 'Summary sale', priceData: { price: 80 }, discount: { type: 'PERCENT', value: 25 } });
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

describe('v1 list answers without variants', () => {
  it('say of every product what its page says, stock, holds and ranges included', async () => {
    for (const [headers, merchant] of [
      [visitor, false],
      [as('WIX_USER:OWNER'), false],
      [as('WIX_USER:OWNER'), true],
    ] as const) {
      const products = await list(headers, merchant ? { includeMerchantSpecificData: true } : {});
      expect(products).toHaveLength(headers === visitor ? 5 : 6);
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
  });

  it('count live holds and preorders, and not holds past their expiry', async () => {
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
    const choices = (
      tee.productOptions as Array<{ choices: Array<{ description: string; inStock: boolean }> }>
    )
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
    });
  });
});
