import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataCollections } from '../src/modules/data/data-seed.ts';
import { secretSealerFor } from '../src/platform/secrets/sealing.ts';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import {
  alice,
  app1,
  createCollection,
  get,
  insertItem,
  ownerCaller,
  post,
  staff,
  visitor,
} from './data-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);

// Starting the app (migrations, queue schema) can take a minute on a busy machine.
afterAll(async () => t?.close(), 60_000);

function put(payload: unknown, caller: Record<string, string> = ownerCaller) {
  return inject(t.app, {
    method: 'PUT',
    url: '/data/v2/collections',
    payload: payload as object,
    headers: caller,
  });
}

function del(url: string, caller: Record<string, string> = ownerCaller) {
  return inject(t.app, { method: 'DELETE', url, headers: caller });
}

describe('/data/v2/collections', () => {
  it('creates a collection with defaults and system fields', async () => {
    const collection = await createCollection(t, { id: 'Books', fields: [{ key: 'title', type: 'TEXT' }] });
    expect(collection).toMatchObject({
      id: 'Books',
      displayName: 'Books',
      collectionType: 'NATIVE',
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      pagingModes: ['OFFSET', 'CURSOR'],
      revision: '1',
    });
    expect(collection.fields.map((field: { key: string }) => field.key)).toEqual([
      '_id',
      '_createdDate',
      '_updatedDate',
      '_owner',
      'title',
    ]);
  });

  it('refuses a duplicate name (409), unknown types, system and duplicate keys, references without a target', async () => {
    expect((await post(t, '/data/v2/collections', { collection: { id: 'Books' } })).status).toBe(409);
    const badType = await post(t, '/data/v2/collections', {
      collection: { id: 'X1', fields: [{ key: 'a', type: 'COLOR' }] },
    });
    expect(badType.status).toBe(400);
    const system = await post(t, '/data/v2/collections', {
      collection: { id: 'X2', fields: [{ key: '_owner', type: 'TEXT' }] },
    });
    expect(system.status).toBe(400);
    const twice = await post(t, '/data/v2/collections', {
      collection: {
        id: 'X3',
        fields: [
          { key: 'a', type: 'TEXT' },
          { key: 'a', type: 'NUMBER' },
        ],
      },
    });
    expect(twice.status).toBe(400);
    const reference = await post(t, '/data/v2/collections', {
      collection: { id: 'X4', fields: [{ key: 'a', type: 'REFERENCE' }] },
    });
    expect(reference.body.details.validationError.fieldViolations[0].field).toBe(
      'collection.fields[0].typeMetadata.reference.referencedCollectionId',
    );
    const badId = await post(t, '/data/v2/collections', { collection: { id: 'has space' } });
    expect(badId.status).toBe(400);
  });

  it('gets and lists collections', async () => {
    const got = await get(t, '/data/v2/collections/Books');
    expect(got.body.collection.id).toBe('Books');
    expect((await get(t, '/data/v2/collections/Nope')).status).toBe(404);
    await createCollection(t, { id: 'Authors' });
    const list = await get(t, '/data/v2/collections?paging.limit=1');
    expect(list.body.collections).toHaveLength(1);
    expect(list.body.pagingMetadata).toMatchObject({ count: 1, total: 2, hasNext: true });
  });

  it('replaces the schema with revision checks', async () => {
    const updated = await put({
      collection: {
        id: 'Books',
        revision: '1',
        fields: [
          { key: 'title', type: 'TEXT' },
          { key: 'pages', type: 'NUMBER' },
        ],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.collection.revision).toBe('2');
    const stale = await put({ collection: { id: 'Books', revision: '1', fields: [] } });
    expect(stale.status).toBe(409);
    const typed = await post(t, '/data/v2/items', {
      dataCollectionId: 'Books',
      dataItem: { data: { pages: 'many' } },
    });
    expect(typed.status).toBe(400);
  });

  it('deletes a collection with its items', async () => {
    await createCollection(t, { id: 'Temp' });
    await insertItem(t, 'Temp', { a: 1 });
    expect((await del('/data/v2/collections/Temp')).status).toBe(200);
    expect((await post(t, '/data/v2/items/count', { dataCollectionId: 'Temp' })).status).toBe(404);
    await createCollection(t, { id: 'Temp' });
    expect((await post(t, '/data/v2/items/count', { dataCollectionId: 'Temp' })).body.totalCount).toBe(0);
    expect((await del('/data/v2/collections/Temp-missing')).status).toBe(404);
  });

  it('only the owner, admins and apps manage schemas', async () => {
    for (const caller of [visitor, alice, staff]) {
      expect((await post(t, '/data/v2/collections', { collection: { id: 'Nope' } }, caller)).status).toBe(
        403,
      );
      expect((await get(t, '/data/v2/collections/Books', caller)).status).toBe(403);
      expect((await del('/data/v2/collections/Books', caller)).status).toBe(403);
    }
    expect((await get(t, '/data/v2/collections/Books', app1)).status).toBe(200);
  });
});

describe('/data/v2/indexes', () => {
  beforeAll(async () => {
    await createCollection(t, {
      id: 'Products',
      fields: [
        { key: 'sku', type: 'TEXT' },
        { key: 'price', type: 'NUMBER' },
      ],
    });
    for (const [sku, price] of [
      ['a', 3],
      ['b', 1],
      ['c', 2],
    ] as const)
      await insertItem(t, 'Products', { sku, price });
  });

  it('creates a real expression index that queries use, and lists it ACTIVE', async () => {
    const created = await post(t, '/data/v2/indexes', {
      dataCollectionId: 'Products',
      index: { name: 'byPrice', fields: [{ path: 'price', order: 'DESC' }] },
    });
    expect(created.status).toBe(200);
    expect(created.body.index).toMatchObject({
      name: 'byPrice',
      status: 'ACTIVE',
      unique: false,
      source: 'USER',
    });
    const rows = await t.app.database.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'data_items' AND indexname LIKE 'data_idx_%'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.indexdef).toContain("'price'::text");
    const list = await get(t, '/data/v2/indexes?dataCollectionId=Products');
    expect(list.body.indexes.map((index: { name: string }) => index.name)).toEqual(['byPrice']);
    const sorted = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Products',
      query: { sort: [{ fieldName: 'price', order: 'DESC' }] },
    });
    expect(sorted.body.dataItems.map((item: { data: { sku: string } }) => item.data.sku)).toEqual([
      'a',
      'c',
      'b',
    ]);
    expect(
      (
        await post(t, '/data/v2/indexes', {
          dataCollectionId: 'Products',
          index: { name: 'byPrice', fields: [{ path: 'sku' }] },
        })
      ).status,
    ).toBe(409);
  });

  it('a unique index refuses duplicates with 409, and fails to build over existing duplicates', async () => {
    const unique = await post(t, '/data/v2/indexes', {
      dataCollectionId: 'Products',
      index: { name: 'uniqueSku', fields: [{ path: 'sku' }], unique: true },
    });
    expect(unique.body.index.status).toBe('ACTIVE');
    const duplicate = await post(t, '/data/v2/items', {
      dataCollectionId: 'Products',
      dataItem: { data: { sku: 'a' } },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details.applicationError.code).toBe('UNIQUE_INDEX_VIOLATION');
    const bulk = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Products',
      dataItems: [{ data: { sku: 'z' } }, { data: { sku: 'b' } }],
    });
    expect(bulk.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1 });

    await insertItem(t, 'Products', { price: 3 });
    const failed = await post(t, '/data/v2/indexes', {
      dataCollectionId: 'Products',
      index: { name: 'uniquePrice', fields: [{ path: 'price' }], unique: true },
    });
    expect(failed.body.index).toMatchObject({ status: 'FAILED', failure: { code: 'DUPLICATE_KEY' } });
  });

  it('drops an index', async () => {
    expect((await del('/data/v2/indexes?dataCollectionId=Products&indexName=byPrice')).status).toBe(200);
    const list = await get(t, '/data/v2/indexes?dataCollectionId=Products');
    expect(list.body.indexes.map((index: { name: string }) => index.name)).not.toContain('byPrice');
    expect((await del('/data/v2/indexes?dataCollectionId=Products&indexName=byPrice')).status).toBe(404);
  });

  it('refuses bad paths, members and unknown collections', async () => {
    const badPath = await post(t, '/data/v2/indexes', {
      dataCollectionId: 'Products',
      index: { name: 'bad', fields: [{ path: "price'); DROP TABLE data_items; --" }] },
    });
    expect(badPath.status).toBe(400);
    const member = await post(
      t,
      '/data/v2/indexes',
      { dataCollectionId: 'Products', index: { name: 'm', fields: [{ path: 'sku' }] } },
      alice,
    );
    expect(member.status).toBe(403);
    const unknown = await post(t, '/data/v2/indexes', {
      dataCollectionId: 'Nope',
      index: { name: 'm', fields: [{ path: 'sku' }] },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('demo data', () => {
  it('seeds Posts and Team once, with references that resolve', async () => {
    const site = (await get(t, '/sites/v1/site')).body.site;
    expect(await seedDataCollections(t.app.database, site, secretSealerFor(t.config))).toBe(true);
    expect(await seedDataCollections(t.app.database, site, secretSealerFor(t.config))).toBe(false);
    const posts = await post(
      t,
      '/data/v2/items/query',
      {
        dataCollectionId: 'Posts',
        query: { sort: [{ fieldName: 'published', order: 'DESC' }], paging: { limit: 2 } },
        referencedItemOptions: [{ fieldName: 'author' }],
        returnTotalCount: true,
      },
      visitor,
    );
    expect(posts.body.pagingMetadata.total).toBe(12);
    expect(posts.body.dataItems[0].data).toMatchObject({
      _id: 'post-winter-timetable',
      author: { name: 'Léa Moreau' },
    });
  });
});
