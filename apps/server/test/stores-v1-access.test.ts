import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { identityKit } from './identity-helpers.ts';
import { caller, dotR, type Method } from './stores-v3-entities-helpers.ts';

/**
 * Who may call the catalog v1 routes (products, collections, inventory, abandoned carts): every route with
 * its access (a new route needs a row), shoppers never write nor read the business's stock, apps need the
 * stores scopes, and another site neither reads nor changes this site's catalog.
 */
interface RouteCase {
  method: Method;
  url: string;
  access: 'manage' | 'business' | 'read';
  body?: unknown;
}

const id = randomUUID();
const routes: RouteCase[] = [
  {
    method: 'POST',
    url: '/stores/v1/products',
    access: 'manage',
    body: { product: { name: 'x', priceData: { price: 1 } } },
  },
  { method: 'PATCH', url: `/stores/v1/products/${id}`, access: 'manage', body: { product: { name: 'x' } } },
  { method: 'DELETE', url: `/stores/v1/products/${id}`, access: 'manage' },
  { method: 'GET', url: `/stores-reader/v1/products/${id}`, access: 'read' },
  { method: 'POST', url: '/stores-reader/v1/products/query-platformized', access: 'read', body: {} },
  {
    method: 'GET',
    url: dotR('/stores-reader/v1/products/query-platformized', { query: {} }),
    access: 'read',
  },
  {
    method: 'POST',
    url: `/stores-reader/v1/products/${id}/productOptionsAvailability`,
    access: 'read',
    body: { options: {} },
  },
  { method: 'POST', url: `/stores-reader/v1/products/${id}/variants/query`, access: 'read', body: {} },
  {
    method: 'PATCH',
    url: `/stores/v1/products/${id}/variants`,
    access: 'manage',
    body: { variants: [{ price: 1 }] },
  },
  { method: 'POST', url: `/stores/v1/products/${id}/variants/resetToDefault`, access: 'manage', body: {} },
  {
    method: 'POST',
    url: `/stores/v1/products/${id}/media`,
    access: 'manage',
    body: { media: [{ mediaId: 'm' }] },
  },
  { method: 'POST', url: `/stores/v1/products/${id}/media/delete`, access: 'manage', body: {} },
  { method: 'PATCH', url: `/stores/v1/products/${id}/choices/media`, access: 'manage', body: {} },
  { method: 'POST', url: `/stores/v1/products/${id}/choices/media/delete`, access: 'manage', body: {} },
  { method: 'DELETE', url: `/stores/v1/products/${id}/options`, access: 'manage' },
  { method: 'POST', url: `/stores/v1/products/${id}/remove-brand`, access: 'manage', body: {} },
  { method: 'POST', url: `/stores/v1/products/${id}/remove-ribbon`, access: 'manage', body: {} },
  {
    method: 'POST',
    url: '/stores/v1/bulk/products/update',
    access: 'manage',
    body: { ids: [id], set: { price: 1 } },
  },
  {
    method: 'POST',
    url: '/stores/v1/bulk/products/adjust-properties',
    access: 'manage',
    body: { ids: [id], adjust: { price: { amount: 1 } } },
  },
  { method: 'POST', url: '/stores-reader/v1/variants/query', access: 'read', body: {} },
  { method: 'GET', url: `/stores-reader/v1/variants/${id}-${id}`, access: 'read' },
  { method: 'POST', url: '/stores/v1/collections', access: 'manage', body: { collection: { name: 'x' } } },
  {
    method: 'PATCH',
    url: `/stores/v1/collections/${id}`,
    access: 'manage',
    body: { collection: { name: 'x' } },
  },
  { method: 'DELETE', url: `/stores/v1/collections/${id}`, access: 'manage' },
  {
    method: 'POST',
    url: `/stores/v1/collections/${id}/productIds`,
    access: 'manage',
    body: { productIds: [id] },
  },
  {
    method: 'POST',
    url: `/stores/v1/collections/${id}/productIds/delete`,
    access: 'manage',
    body: { productIds: [id] },
  },
  { method: 'GET', url: '/stores-reader/v1/collections/slug/summer', access: 'read' },
  { method: 'GET', url: `/v2/collections/${id}`, access: 'read' },
  { method: 'GET', url: '/v2/collections/slug/summer', access: 'read' },
  { method: 'GET', url: dotR('/v2/collections/query', { query: {} }), access: 'read' },
  {
    method: 'POST',
    url: '/stores/v2/inventoryItems/decrement',
    access: 'manage',
    body: { decrementData: [{ productId: id, variantId: id, decrementBy: 1 }] },
  },
  {
    method: 'POST',
    url: '/stores/v2/inventoryItems/increment',
    access: 'manage',
    body: { incrementData: [{ productId: id, variantId: id, incrementBy: 1 }] },
  },
  { method: 'POST', url: `/stores-reader/v2/inventoryItems/${id}/getVariants`, access: 'business', body: {} },
  { method: 'POST', url: '/stores-reader/v2/inventoryItems/query', access: 'business', body: {} },
  {
    method: 'PATCH',
    url: `/stores/v2/inventoryItems/product/${id}`,
    access: 'manage',
    body: { inventoryItem: { trackQuantity: true } },
  },
  { method: 'POST', url: '/v1/abandonedCarts/query', access: 'business', body: {} },
  { method: 'GET', url: `/v1/abandonedCarts/${id}`, access: 'business' },
];

let t: TestApp;
let call: ReturnType<typeof caller>;
let kit: ReturnType<typeof identityKit>;
let otherSiteOwner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  kit = identityKit(t);
  otherSiteOwner = as('WIX_USER:OWNER', (await kit.newSite('Other shop')).site.id);
});
afterAll(async () => {
  await t?.close();
});

const send = (route: RouteCase, headers: Record<string, string>) =>
  call(route.method, route.url, route.body, headers);

describe('every catalog v1 route is listed here', () => {
  it('covers the 34 calls of the v1 products, collections, inventory and abandoned carts clients (plus the POST query form)', () => {
    const listed = routes.map((route) => `${route.method} ${route.url.split('?')[0]!.replaceAll(id, ':id')}`);
    expect(new Set(listed).size).toBe(routes.length);
    expect(routes.length).toBe(26 + 3 + 5 + 2 + 1);
  });
});

describe.each(routes)('$method $url', (route) => {
  it('answers 401 without credentials', async () => {
    expect((await send(route, {})).status).toBe(401);
  });

  it(`lets only ${route.access === 'read' ? 'anyone signed in' : 'the business'} through`, async () => {
    const refused =
      route.access === 'manage'
        ? ['ANONYMOUS_VISITOR', 'MEMBER:m-1', 'WIX_USER:STAFF']
        : route.access === 'business'
          ? ['ANONYMOUS_VISITOR', 'MEMBER:m-1']
          : [];
    for (const who of refused) {
      const response = await send(route, as(who));
      expect(response.status, who).toBe(403);
      expect(response.body.details.applicationError.code).toBe('PERMISSION_DENIED');
    }
    const allowed = await send(route, as(route.access === 'read' ? 'ANONYMOUS_VISITOR' : 'APP:integration'));
    expect([401, 403]).not.toContain(allowed.status);
    expect(allowed.status).toBeLessThan(500);
  });
});

describe('API keys', () => {
  it('read with stores.catalog.read, and write only with stores.catalog.manage', async () => {
    const { site } = await kit.defaultSite();
    const reader = { authorization: (await kit.apiKey(site.id, ['stores.catalog.read'])).key };
    const manager = { authorization: (await kit.apiKey(site.id, ['stores.catalog.manage'])).key };
    const stranger = { authorization: (await kit.apiKey(site.id, ['bookings.catalog.manage'])).key };
    const write = (headers: Record<string, string>) =>
      call('POST', '/stores/v1/collections', { collection: { name: `Keyed ${randomUUID()}` } }, headers);
    expect((await write(reader)).status).toBe(403);
    expect((await write(stranger)).status).toBe(403);
    expect((await write(manager)).status).toBe(200);
    const query = (headers: Record<string, string>) =>
      call('POST', '/stores-reader/v1/products/query-platformized', {}, headers);
    expect((await query(reader)).status).toBe(200);
    expect((await query(stranger)).status).toBe(403);
    expect((await call('POST', '/stores-reader/v2/inventoryItems/query', {}, reader)).status).toBe(403);
  });
});

describe('another site', () => {
  it('neither reads, lists nor changes this site’s products, collections and stock, which stay as they were', async () => {
    const product = (
      await call('POST', '/stores/v1/products', {
        product: {
          name: 'Private product',
          priceData: { price: 10 },
          productOptions: [{ name: 'Size', choices: [{ description: 'S' }] }],
        },
      })
    ).body.product;
    const variantId = product.variants[0].id;
    await call('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId, quantity: 4 }] },
    });
    const collection = (
      await call('POST', '/stores/v1/collections', { collection: { name: 'Private collection' } })
    ).body.collection;
    const snapshot = () =>
      t.app.database.query(
        `SELECT name, revision::text FROM stores_products WHERE id = $1
         UNION ALL SELECT name, revision::text FROM stores_collections WHERE id = $2
         UNION ALL SELECT key, (total - committed)::text FROM platform_hold_capacities WHERE key LIKE 'stores.inventory:%'`,
        [product.id, collection.id],
      );
    const before = await snapshot();
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/stores-reader/v1/products/${product.id}`],
      ['PATCH', `/stores/v1/products/${product.id}`, { product: { name: 'Taken over' } }],
      ['DELETE', `/stores/v1/products/${product.id}`],
      [
        'POST',
        `/stores-reader/v1/products/${product.id}/productOptionsAvailability`,
        { options: { Size: 'S' } },
      ],
      ['PATCH', `/stores/v1/products/${product.id}/variants`, { variants: [{ price: 0 }] }],
      ['POST', `/stores/v1/products/${product.id}/media`, { media: [{ mediaId: 'x' }] }],
      ['DELETE', `/stores/v1/products/${product.id}/options`],
      ['GET', `/stores-reader/v1/variants/${product.id}-${variantId}`],
      ['GET', `/v2/collections/${collection.id}`],
      ['PATCH', `/stores/v1/collections/${collection.id}`, { collection: { name: 'Taken over' } }],
      ['POST', `/stores/v1/collections/${collection.id}/productIds`, { productIds: [product.id] }],
      ['DELETE', `/stores/v1/collections/${collection.id}`],
      ['POST', `/stores-reader/v2/inventoryItems/${product.id}/getVariants`, {}],
      [
        'PATCH',
        `/stores/v2/inventoryItems/product/${product.id}`,
        { inventoryItem: { variants: [{ variantId, quantity: 0 }] } },
      ],
      [
        'POST',
        '/stores/v2/inventoryItems/decrement',
        { decrementData: [{ productId: product.id, variantId, decrementBy: 1 }] },
      ],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, body, otherSiteOwner);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    const bulk = await call(
      'POST',
      '/stores/v1/bulk/products/update',
      { ids: [product.id], set: { price: 0 } },
      otherSiteOwner,
    );
    expect(bulk.body.results[0].itemMetadata.success).toBe(false);
    expect(
      (await call('POST', '/stores-reader/v1/products/query-platformized', {}, otherSiteOwner)).body.products,
    ).toEqual([]);
    expect(
      (await call('POST', '/stores-reader/v1/variants/query', {}, otherSiteOwner)).body.variants,
    ).toEqual([]);
    expect(
      (await call('POST', '/stores-reader/v2/inventoryItems/query', {}, otherSiteOwner)).body.inventoryItems,
    ).toEqual([]);
    expect((await call('POST', '/v2/collections/query', {}, otherSiteOwner)).body.collections).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
