import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemResponseSchema, queryItemsResponseSchema } from '@atrium/contract/data';
import { encodeDotR } from '../src/platform/http/wire-rules.ts';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import {
  alice,
  app1,
  bob,
  createCollection,
  date,
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
  await createCollection(t, {
    id: 'Posts',
    displayName: 'Blog posts',
    displayField: 'title',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'views', type: 'NUMBER' },
      { key: 'published', type: 'DATETIME' },
      { key: 'draft', type: 'BOOLEAN' },
      { key: 'tags', type: 'ARRAY_STRING' },
      { key: 'author', type: 'REFERENCE', typeMetadata: { reference: { referencedCollectionId: 'Team' } } },
      {
        key: 'related',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: 'Team' } },
      },
    ],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  });
  await createCollection(t, { id: 'Team', fields: [{ key: 'name', type: 'TEXT' }] });
}, 180_000);

// Starting the app (migrations, queue schema) can take a minute on a busy machine.
afterAll(async () => t?.close(), 60_000);

async function count(dataCollectionId: string, filter?: unknown) {
  const response = await post(t, '/data/v2/items/count', { dataCollectionId, filter });
  return response.body.totalCount as number;
}

describe('POST /data/v2/items (insert) and GET /data/v2/items/:id', () => {
  it('stores an item with system fields and dates as {"$date"}', async () => {
    const item = await insertItem(t, 'Posts', {
      _id: 'first-post',
      title: 'Hello',
      views: 3,
      published: date('2026-01-02T10:00:00+02:00'),
      extra: { nested: date('2026-03-01T00:00:00Z') },
    });
    expect(item).toMatchObject({ id: 'first-post', dataCollectionId: 'Posts' });
    expect(item.data).toMatchObject({
      _id: 'first-post',
      _owner: 'dev-owner',
      title: 'Hello',
      published: { $date: '2026-01-02T08:00:00.000Z' },
      extra: { nested: { $date: '2026-03-01T00:00:00.000Z' } },
    });
    expect(item.data._createdDate).toEqual({ $date: expect.stringMatching(/Z$/) });
    const fetched = await get(t, '/data/v2/items/first-post?dataCollectionId=Posts', visitor);
    expect(fetched.status).toBe(200);
    expect(fetched.body.dataItem.data).toEqual(item.data);
  });

  it('answers gets and queries exactly as the schema says, though they are not encoded by zod', async () => {
    await insertItem(t, 'Team', { _id: 'schema-ann', name: 'Ann' });
    await insertItem(t, 'Posts', {
      _id: 'schema-post',
      title: 'Schema',
      tags: ['a', 'b'],
      author: 'schema-ann',
      published: date('2026-02-02T10:00:00Z'),
    });
    const reads = [
      [itemResponseSchema, await get(t, '/data/v2/items/schema-post?dataCollectionId=Posts', visitor)],
      [itemResponseSchema, await get(t, '/data/v2/items/nothing-here?dataCollectionId=Posts', visitor)],
      [
        queryItemsResponseSchema,
        await post(t, '/data/v2/items/query', {
          dataCollectionId: 'Posts',
          query: { filter: { title: 'Schema' }, paging: { limit: 5 } },
          includeReferencedItems: ['author'],
          returnTotalCount: true,
        }),
      ],
      [
        queryItemsResponseSchema,
        await post(t, '/data/v2/items/query', {
          dataCollectionId: 'Posts',
          query: { cursorPaging: { limit: 1 } },
        }),
      ],
    ] as const;
    for (const [schema, read] of reads) {
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(schema.encode(read.body)).toEqual(read.body);
    }
    expect(reads[2][1].body.dataItems[0].data.author).toMatchObject({ _id: 'schema-ann', name: 'Ann' });
    expect(reads[3][1].body.pagingMetadata.cursors.next).toEqual(expect.any(String));
  });

  it('answers an empty result for an item that does not exist (WDE0073)', async () => {
    const response = await get(t, '/data/v2/items/nope?dataCollectionId=Posts');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
  });

  it('refuses a second item with the same _id (WDE0074)', async () => {
    await insertItem(t, 'Posts', { _id: 'dup', title: 'a' });
    const response = await post(t, '/data/v2/items', {
      dataCollectionId: 'Posts',
      dataItem: { data: { _id: 'dup' } },
    });
    expect(response.status).toBe(409);
    expect(response.body.details.applicationError.code).toBe('WDE0074');
  });

  it('checks declared field types and names the field, writing nothing', async () => {
    const before = await count('Posts');
    const response = await post(t, '/data/v2/items', {
      dataCollectionId: 'Posts',
      dataItem: { data: { title: 5, views: 'many', published: 'yesterday' } },
    });
    expect(response.status).toBe(400);
    const fields = response.body.details.validationError.fieldViolations.map(
      (violation: { field: string }) => violation.field,
    );
    expect(fields).toEqual(
      expect.arrayContaining(['dataItem.data.title', 'dataItem.data.views', 'dataItem.data.published']),
    );
    expect(await count('Posts')).toBe(before);
  });

  it('refuses $-prefixed field names and malformed dates', async () => {
    const dollar = await post(t, '/data/v2/items', {
      dataCollectionId: 'Posts',
      dataItem: { data: { $where: 'x' } },
    });
    expect(dollar.status).toBe(400);
    expect(dollar.body.details.validationError.fieldViolations[0].field).toBe('dataItem.data.$where');
    const badDate = await post(t, '/data/v2/items', {
      dataCollectionId: 'Posts',
      dataItem: { data: { when: { $date: 'soon' } } },
    });
    expect(badDate.status).toBe(400);
  });

  it('answers 404 WDE0025 for an unknown collection', async () => {
    const response = await post(t, '/data/v2/items', { dataCollectionId: 'Nope', dataItem: { data: {} } });
    expect(response.status).toBe(404);
    expect(response.body.details.applicationError.code).toBe('WDE0025');
    const query = await post(t, '/data/v2/items/query', { dataCollectionId: 'Nope' });
    expect(query.status).toBe(404);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await post(t, '/data/v2/items', {
      dataCollectionId: 'Posts',
      dataItem: { data: { title: 'x'.repeat(11 * 1024 * 1024) } },
    });
    expect(response.status).toBe(413);
  });

  it('answers 413 WDE0109 for an item whose text overflows the search index', async () => {
    const words = Array.from({ length: 200_000 }, (_, index) => `w${index}`).join(' ');
    const response = await post(t, '/data/v2/items', {
      dataCollectionId: 'Posts',
      dataItem: { data: { body: words } },
    });
    expect(response.status).toBe(413);
    expect(response.body.details.applicationError.code).toBe('WDE0109');
  });

  it('is reachable under the official client prefix /wix-data/v2', async () => {
    const response = await post(t, '/wix-data/v2/items/count', { dataCollectionId: 'Posts' });
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBeGreaterThan(0);
  });
});

describe('update, save, patch, remove, truncate', () => {
  it('update replaces the document and keeps _createdDate and _owner', async () => {
    const created = await insertItem(t, 'Posts', { _id: 'u1', title: 'Old', views: 1 });
    const response = await post(t, '/data/v2/items/update', {
      dataCollectionId: 'Posts',
      dataItem: { id: 'u1', data: { _id: 'u1', title: 'New' } },
    });
    expect(response.status).toBe(200);
    expect(response.body.dataItem.data).toMatchObject({ title: 'New', _owner: 'dev-owner' });
    expect(response.body.dataItem.data.views).toBeUndefined();
    expect(response.body.dataItem.data._createdDate).toEqual(created.data._createdDate);
  });

  it('update of a missing item is 404 WDE0073, and update without _id is 400', async () => {
    const missing = await post(t, '/data/v2/items/update', {
      dataCollectionId: 'Posts',
      dataItem: { data: { _id: 'ghost' } },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.details.applicationError.code).toBe('WDE0073');
    const noId = await post(t, '/data/v2/items/update', {
      dataCollectionId: 'Posts',
      dataItem: { data: { title: 'x' } },
    });
    expect(noId.status).toBe(400);
    expect(noId.body.details.validationError.fieldViolations[0].field).toBe('dataItem.data._id');
  });

  it('save inserts then updates', async () => {
    const first = await post(t, '/data/v2/items/save', {
      dataCollectionId: 'Posts',
      dataItem: { data: { _id: 's1', title: 'a' } },
    });
    expect(first.body.action).toBe('INSERTED');
    const second = await post(t, '/data/v2/items/save', {
      dataCollectionId: 'Posts',
      dataItem: { data: { _id: 's1', title: 'b' } },
    });
    expect(second.body).toMatchObject({ action: 'UPDATED', dataItem: { data: { title: 'b' } } });
  });

  it('patch applies every action in order', async () => {
    await insertItem(t, 'Posts', { _id: 'p1', title: 'T', views: 10, tags: ['a', 'b', 'a'], meta: { x: 1 } });
    const response = await post(t, '/data/v2/items/patch', {
      dataCollectionId: 'Posts',
      patch: {
        dataItemId: 'p1',
        fieldModifications: [
          {
            action: 'SET_FIELD',
            fieldPath: 'meta.y',
            setFieldOptions: { value: date('2026-05-01T00:00:00Z') },
          },
          { action: 'REMOVE_FIELD', fieldPath: 'title' },
          { action: 'INCREMENT_FIELD', fieldPath: 'views', incrementFieldOptions: { value: -3 } },
          { action: 'APPEND_TO_ARRAY', fieldPath: 'tags', appendToArrayOptions: { value: 'c' } },
          { action: 'REMOVE_FROM_ARRAY', fieldPath: 'tags', removeFromArrayOptions: { value: 'a' } },
        ],
      },
    });
    expect(response.status).toBe(200);
    const data = response.body.dataItem.data;
    expect(data.title).toBeUndefined();
    expect(data).toMatchObject({
      views: 7,
      tags: ['b', 'c'],
      meta: { x: 1, y: { $date: '2026-05-01T00:00:00.000Z' } },
    });
  });

  it('a patch that cannot apply writes nothing', async () => {
    await insertItem(t, 'Posts', { _id: 'p2', title: 'T', views: 1 });
    const response = await post(t, '/data/v2/items/patch', {
      dataCollectionId: 'Posts',
      patch: {
        dataItemId: 'p2',
        fieldModifications: [
          { action: 'SET_FIELD', fieldPath: 'views', setFieldOptions: { value: 99 } },
          { action: 'INCREMENT_FIELD', fieldPath: 'title', incrementFieldOptions: { value: 1 } },
        ],
      },
    });
    expect(response.status).toBe(400);
    const item = await get(t, '/data/v2/items/p2?dataCollectionId=Posts');
    expect(item.body.dataItem.data.views).toBe(1);
  });

  it('remove answers the removed item, then an empty result', async () => {
    await insertItem(t, 'Posts', { _id: 'r1', title: 'bye' });
    const removed = await post(t, '/data/v2/items/remove', { dataCollectionId: 'Posts', dataItemId: 'r1' });
    expect(removed.body.dataItem.data.title).toBe('bye');
    const again = await post(t, '/data/v2/items/remove', { dataCollectionId: 'Posts', dataItemId: 'r1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({});
  });

  it('truncate empties only its collection', async () => {
    await createCollection(t, { id: 'Scratch' });
    await insertItem(t, 'Scratch', { a: 1 });
    await insertItem(t, 'Scratch', { a: 2 });
    const postsBefore = await count('Posts');
    const response = await post(t, '/data/v2/items/truncate', { dataCollectionId: 'Scratch' });
    expect(response.status).toBe(200);
    expect(await count('Scratch')).toBe(0);
    expect(await count('Posts')).toBe(postsBefore);
  });
});

describe('POST /data/v2/items/query', () => {
  beforeAll(async () => {
    await createCollection(t, {
      id: 'Events',
      fields: [
        { key: 'at', type: 'DATETIME' },
        { key: 'price', type: 'NUMBER' },
      ],
    });
    const items = Array.from({ length: 12 }, (_, index) => ({
      data: {
        _id: `e${String(index).padStart(2, '0')}`,
        name: `Event ${index}`,
        at: date(new Date(Date.UTC(2026, 0, 1 + index, 9)).toISOString()),
        price: index % 4,
        kind: index % 2 === 0 ? 'even' : 'odd',
        labels: index % 3 === 0 ? ['x', 'y'] : ['y'],
      },
    }));
    const response = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Events',
      dataItems: items,
    });
    expect(response.body.bulkActionMetadata.totalSuccesses).toBe(12);
  });

  it('filters by date range and sorts by date descending', async () => {
    const response = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Events',
      query: {
        filter: { at: { $gte: date('2026-01-03T00:00:00Z'), $lt: date('2026-01-06T00:00:00Z') } },
        sort: [{ fieldName: 'at', order: 'DESC' }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.dataItems.map((item: { id: string }) => item.id)).toEqual(['e04', 'e03', 'e02']);
    expect(response.body.pagingMetadata).toMatchObject({ count: 3, offset: 0, total: 3, hasNext: false });
  });

  it('supports $in, $hasSome, $hasAll, $contains, $ne, $exists, $or and $not', async () => {
    const ids = async (filter: unknown) =>
      (
        await post(t, '/data/v2/items/query', {
          dataCollectionId: 'Events',
          query: { filter, sort: [{ fieldName: '_id' }] },
        })
      ).body.dataItems.map((item: { id: string }) => item.id);
    expect(await ids({ price: { $in: [3] } })).toEqual(['e03', 'e07', 'e11']);
    expect(await ids({ labels: { $hasAll: ['x', 'y'] }, kind: 'even' })).toEqual(['e00', 'e06']);
    expect(await ids({ labels: { $hasSome: ['x'] }, price: { $ne: 0 } })).toEqual(['e03', 'e06', 'e09']);
    expect(await ids({ name: { $contains: 'EVENT 1' } })).toEqual(['e01', 'e10', 'e11']);
    expect(await ids({ $or: [{ price: 2 }, { _id: 'e00' }], $not: { kind: 'odd' } })).toEqual([
      'e00',
      'e02',
      'e06',
      'e10',
    ]);
    expect(await ids({ missing: { $exists: true } })).toEqual([]);
  });

  it('pages by offset with total and hasNext, and by cursor', async () => {
    const first = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Events',
      query: { sort: [{ fieldName: 'price' }, { fieldName: '_id' }], paging: { limit: 5, offset: 5 } },
      returnTotalCount: true,
    });
    expect(first.body.pagingMetadata).toMatchObject({ count: 5, offset: 5, total: 12, hasNext: true });

    const seen: string[] = [];
    let request: unknown = {
      dataCollectionId: 'Events',
      query: { filter: { kind: 'even' }, cursorPaging: { limit: 4 } },
    };
    for (let page = 0; page < 5; page += 1) {
      const response = await post(t, '/data/v2/items/query', request);
      expect(response.status).toBe(200);
      seen.push(...response.body.dataItems.map((item: { id: string }) => item.id));
      const cursor: string | null = response.body.pagingMetadata.cursors.next;
      if (!cursor) break;
      request = { dataCollectionId: 'Events', query: { cursorPaging: { limit: 4, cursor } } };
    }
    expect(seen).toEqual(['e00', 'e02', 'e04', 'e06', 'e08', 'e10']);
  });

  it('projects fields, keeping _id', async () => {
    const response = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Events',
      query: { filter: { _id: 'e01' }, fields: ['name'] },
    });
    expect(response.body.dataItems[0].data).toEqual({ _id: 'e01', name: 'Event 1' });
  });

  it('answers the GET form with the query in .r', async () => {
    const encoded = encodeDotR({
      dataCollectionId: 'Events',
      query: { filter: { price: 1 }, sort: [{ fieldName: '_id' }] },
    });
    const response = await get(t, `/data/v2/items/query?.r=${encoded}`);
    expect(response.status).toBe(200);
    expect(response.body.dataItems.map((item: { id: string }) => item.id)).toEqual(['e01', 'e05', 'e09']);
  });

  it('refuses bad filters with the path of the mistake', async () => {
    const cases: unknown[] = [
      { $where: 'x' },
      { $regex: 'x' },
      { name: { $regex: '.*' } },
      { price: { $gt: [1] } },
      { name: { $startsWith: 5 } },
      { '$bad.field': 1 },
    ];
    for (const filter of cases) {
      const response = await post(t, '/data/v2/items/query', {
        dataCollectionId: 'Events',
        query: { filter },
      });
      expect(response.status, JSON.stringify(filter)).toBe(400);
      expect(response.body.details.validationError.fieldViolations[0].field).toMatch(/^query\.filter/);
    }
    let deep: Record<string, unknown> = { price: 1 };
    for (let level = 0; level < 40; level += 1) deep = { $and: [deep] };
    const tooDeep = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Events',
      query: { filter: deep },
    });
    expect(tooDeep.status).toBe(400);
    const tooMany = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Events',
      query: { paging: { limit: 1001 } },
    });
    expect(tooMany.status).toBe(400);
  });

  it('counts with a filter', async () => {
    expect(await count('Events', { kind: 'odd' })).toBe(6);
  });
});

describe('distinct values, aggregate and search', () => {
  it('lists distinct values in order', async () => {
    const response = await post(t, '/data/v2/items/query-distinct-values', {
      dataCollectionId: 'Events',
      fieldName: 'price',
      order: 'DESC',
      returnTotalCount: true,
    });
    expect(response.body.distinctValues).toEqual([3, 2, 1, 0]);
    expect(response.body.pagingMetadata.total).toBe(4);
  });

  it('groups, aggregates, filters the groups and sorts them', async () => {
    const response = await post(t, '/data/v2/items/aggregate', {
      dataCollectionId: 'Events',
      initialFilter: { price: { $gte: 1 } },
      aggregation: {
        groupingFields: ['kind'],
        operations: [
          { resultFieldName: 'n', itemCount: {} },
          { resultFieldName: 'total', sum: { itemFieldName: 'price' } },
          { resultFieldName: 'avg', average: { itemFieldName: 'price' } },
          { resultFieldName: 'low', min: { itemFieldName: 'price' } },
          { resultFieldName: 'last', max: { itemFieldName: 'at' } },
        ],
      },
      finalFilter: { n: { $gt: 2 } },
      sort: [{ fieldName: 'total', order: 'DESC' }],
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      {
        _id: { kind: 'odd' },
        kind: 'odd',
        n: 6,
        total: 12,
        avg: 2,
        low: 1,
        last: { $date: '2026-01-12T09:00:00.000Z' },
      },
      {
        _id: { kind: 'even' },
        kind: 'even',
        n: 3,
        total: 6,
        avg: 2,
        low: 2,
        last: { $date: '2026-01-11T09:00:00.000Z' },
      },
    ]);
  });

  it('aggregates without grouping', async () => {
    const response = await post(t, '/data/v2/items/aggregate', {
      dataCollectionId: 'Events',
      aggregation: { operations: [{ resultFieldName: 'max', max: { itemFieldName: 'price' } }] },
    });
    expect(response.body.results).toEqual([{ _id: null, max: 3 }]);
  });

  it('refuses an operation naming two calculations', async () => {
    const response = await post(t, '/data/v2/items/aggregate', {
      dataCollectionId: 'Events',
      aggregation: {
        operations: [
          { resultFieldName: 'x', min: { itemFieldName: 'price' }, max: { itemFieldName: 'price' } },
        ],
      },
    });
    expect(response.status).toBe(400);
  });

  it('searches words by prefix, AND/OR, and fuzzily', async () => {
    await createCollection(t, { id: 'Articles' });
    for (const title of ['Gentle yoga for beginners', 'Advanced pilates', 'Yoga and pilates retreat']) {
      await insertItem(t, 'Articles', { title });
    }
    const search = async (search: Record<string, unknown>) =>
      (
        await post(t, '/data/v2/items/search', { dataCollectionId: 'Articles', search: { search } })
      ).body.dataItems
        .map((item: { data: { title: string } }) => item.data.title)
        .sort();
    expect(await search({ expression: 'yog' })).toEqual([
      'Gentle yoga for beginners',
      'Yoga and pilates retreat',
    ]);
    expect(await search({ expression: 'yoga pilates', mode: 'AND' })).toEqual(['Yoga and pilates retreat']);
    expect(await search({ expression: 'yoga pilates', mode: 'OR' })).toHaveLength(3);
    expect(await search({ expression: 'pilatse', fuzzy: true })).toEqual([
      'Advanced pilates',
      'Yoga and pilates retreat',
    ]);
    expect(await search({ expression: 'pilatse' })).toEqual([]);
  });
});

describe('references', () => {
  beforeAll(async () => {
    await insertItem(t, 'Team', { _id: 'ann', name: 'Ann' });
    await insertItem(t, 'Team', { _id: 'ben', name: 'Ben' });
    await insertItem(t, 'Posts', {
      _id: 'ref-post',
      title: 'With refs',
      author: 'ann',
      related: ['ben', 'ann'],
    });
  });

  it('includes referenced items in queries', async () => {
    const response = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Posts',
      query: { filter: { _id: 'ref-post' } },
      referencedItemOptions: [{ fieldName: 'author' }, { fieldName: 'related', limit: 5 }],
    });
    const data = response.body.dataItems[0].data;
    expect(data.author).toMatchObject({ _id: 'ann', name: 'Ann' });
    expect(data.related.map((item: { _id: string }) => item._id)).toEqual(['ben', 'ann']);
  });

  it('queries referenced items, checks, replaces and edits references', async () => {
    const referenced = await post(t, '/data/v2/items/query-referenced', {
      dataCollectionId: 'Posts',
      referringItemId: 'ref-post',
      referringItemFieldName: 'related',
      returnTotalCount: true,
    });
    expect(referenced.body.results.map((result: { dataItem: { id: string } }) => result.dataItem.id)).toEqual(
      ['ben', 'ann'],
    );
    expect(referenced.body.pagingMetadata.total).toBe(2);

    const triple = {
      referringItemFieldName: 'related',
      referringItemId: 'ref-post',
      referencedItemId: 'ben',
    };
    expect(
      (await post(t, '/data/v2/items/is-referenced', { dataCollectionId: 'Posts', ...triple })).body
        .isReferenced,
    ).toBe(true);

    const replaced = await post(t, '/data/v2/items/replace-references', {
      dataCollectionId: 'Posts',
      referringItemFieldName: 'related',
      referringItemId: 'ref-post',
      newReferencedItemIds: ['ann'],
    });
    expect(replaced.body.dataItemReferences).toHaveLength(1);
    expect(
      (await post(t, '/data/v2/items/is-referenced', { dataCollectionId: 'Posts', ...triple })).body
        .isReferenced,
    ).toBe(false);

    const inserted = await post(t, '/data/v2/bulk/items/insert-references', {
      dataCollectionId: 'Posts',
      dataItemReferences: [triple, { ...triple, referringItemId: 'ghost' }],
    });
    expect(inserted.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1 });
    expect(inserted.body.results[1].referenceMetadata.error.code).toBe('WDE0073');
    const removed = await post(t, '/data/v2/bulk/items/remove-references', {
      dataCollectionId: 'Posts',
      dataItemReferences: [triple],
    });
    expect(removed.body.bulkActionMetadata.totalSuccesses).toBe(1);
    expect(
      (await post(t, '/data/v2/items/is-referenced', { dataCollectionId: 'Posts', ...triple })).body
        .isReferenced,
    ).toBe(false);
  });

  it('refuses reference calls on a field that is not a reference', async () => {
    const response = await post(t, '/data/v2/items/replace-references', {
      dataCollectionId: 'Posts',
      referringItemFieldName: 'title',
      referringItemId: 'ref-post',
      newReferencedItemIds: [],
    });
    expect(response.status).toBe(400);
  });
});

describe('bulk calls', () => {
  it('reports per-item metadata: inserted, skipped as WDE0074, invalid', async () => {
    const response = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Posts',
      dataItems: [
        { data: { _id: 'b1', title: 'one' } },
        { data: { _id: 'first-post' } },
        { data: { views: 'x' } },
        { data: { _id: 'b1' } },
      ],
    });
    expect(response.status).toBe(200);
    const metadata = response.body.results.map(
      (result: { itemMetadata: { success: boolean; error?: { code: string } } }) =>
        result.itemMetadata.success ? 'ok' : result.itemMetadata.error!.code,
    );
    expect(metadata).toEqual(['ok', 'WDE0074', 'WD_VALIDATION_ERROR', 'WDE0074']);
    expect(response.body.results[0].itemMetadata.originalIndex).toBe(0);
    expect(response.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 3 });
  });

  it('overrideExisting turns existing ids into updates', async () => {
    const response = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Posts',
      overrideExisting: true,
      dataItems: [{ data: { _id: 'b1', title: 'one again' } }],
    });
    expect(response.body.results[0]).toMatchObject({ action: 'UPDATE', itemMetadata: { success: true } });
  });

  it('updates, saves, patches and removes in bulk', async () => {
    const update = await post(t, '/data/v2/bulk/items/update', {
      dataCollectionId: 'Posts',
      dataItems: [{ data: { _id: 'b1', title: 'u' } }, { data: { _id: 'ghost', title: 'u' } }],
    });
    expect(update.body.results[1].itemMetadata.error.code).toBe('WDE0073');
    const save = await post(t, '/data/v2/bulk/items/save', {
      dataCollectionId: 'Posts',
      dataItems: [{ data: { _id: 'b1', title: 's' } }, { data: { _id: 'b2', title: 'new' } }],
    });
    expect(save.body.results.map((result: { action: string }) => result.action)).toEqual([
      'UPDATE',
      'INSERT',
    ]);
    const patch = await post(t, '/data/v2/bulk/items/patch', {
      dataCollectionId: 'Posts',
      patches: [
        {
          dataItemId: 'b1',
          fieldModifications: [
            { action: 'INCREMENT_FIELD', fieldPath: 'views', incrementFieldOptions: { value: 2 } },
          ],
        },
        {
          dataItemId: 'b1',
          fieldModifications: [
            { action: 'INCREMENT_FIELD', fieldPath: 'views', incrementFieldOptions: { value: 2 } },
          ],
        },
      ],
    });
    expect(patch.body.results[1].dataItem.data.views).toBe(4);
    const remove = await post(t, '/data/v2/bulk/items/remove', {
      dataCollectionId: 'Posts',
      dataItemIds: ['b1', 'b2', 'ghost'],
    });
    expect(remove.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1 });
    expect((await get(t, '/data/v2/items/b2?dataCollectionId=Posts')).body).toEqual({});
  });

  it('refuses more than 1000 items with WDE0006 and 1001 ids with WDE0069, writing nothing', async () => {
    const before = await count('Posts');
    const items = Array.from({ length: 1001 }, (_, index) => ({ data: { title: `n${index}` } }));
    const insert = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Posts',
      dataItems: items,
    });
    expect(insert.status).toBe(400);
    expect(insert.body.details.applicationError.code).toBe('WDE0006');
    const remove = await post(t, '/data/v2/bulk/items/remove', {
      dataCollectionId: 'Posts',
      dataItemIds: Array.from({ length: 1001 }, (_, index) => `id${index}`),
    });
    expect(remove.body.details.applicationError.code).toBe('WDE0069');
    expect(await count('Posts')).toBe(before);
  });
});

describe('permissions by caller', () => {
  beforeAll(async () => {
    await createCollection(t, {
      id: 'Notes',
      permissions: {
        read: 'SITE_MEMBER_AUTHOR',
        insert: 'SITE_MEMBER',
        update: 'SITE_MEMBER_AUTHOR',
        remove: 'SITE_MEMBER_AUTHOR',
      },
    });
    await createCollection(t, {
      id: 'Guestbook',
      permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'PRIVILEGED', remove: 'CMS_EDITOR' },
    });
  });

  it('a visitor reads public collections but cannot write admin ones', async () => {
    expect((await post(t, '/data/v2/items/query', { dataCollectionId: 'Posts' }, visitor)).status).toBe(200);
    const insert = await post(
      t,
      '/data/v2/items',
      { dataCollectionId: 'Posts', dataItem: { data: {} } },
      visitor,
    );
    expect(insert.status).toBe(403);
    expect(insert.body.details.applicationError.code).toBe('WDE0027');
    expect((await post(t, '/data/v2/items/query', { dataCollectionId: 'Notes' }, visitor)).status).toBe(403);
  });

  it('members see and change only their own items under SITE_MEMBER_AUTHOR', async () => {
    const mine = await insertItem(t, 'Notes', { text: 'alice note' }, alice);
    expect(mine.data._owner).toBe('alice');
    await insertItem(t, 'Notes', { text: 'bob note' }, bob);

    const aliceView = await post(t, '/data/v2/items/query', { dataCollectionId: 'Notes' }, alice);
    expect(aliceView.body.dataItems.map((item: { data: { text: string } }) => item.data.text)).toEqual([
      'alice note',
    ]);
    expect((await post(t, '/data/v2/items/count', { dataCollectionId: 'Notes' }, bob)).body.totalCount).toBe(
      1,
    );
    expect((await get(t, `/data/v2/items/${mine.id}?dataCollectionId=Notes`, bob)).body).toEqual({});

    const bobUpdate = await post(
      t,
      '/data/v2/items/update',
      { dataCollectionId: 'Notes', dataItem: { data: { _id: mine.id, text: 'hacked' } } },
      bob,
    );
    // Another member's item answers as a missing one does (404 on update, an empty answer on remove).
    expect(bobUpdate.status).toBe(404);
    const bobRemove = await post(
      t,
      '/data/v2/items/remove',
      { dataCollectionId: 'Notes', dataItemId: mine.id },
      bob,
    );
    expect([bobRemove.status, bobRemove.body]).toEqual([200, {}]);
    const aliceUpdate = await post(
      t,
      '/data/v2/items/update',
      { dataCollectionId: 'Notes', dataItem: { data: { _id: mine.id, text: 'edited', _owner: 'bob' } } },
      alice,
    );
    expect(aliceUpdate.body.dataItem.data).toMatchObject({ text: 'edited', _owner: 'alice' });
    const truncate = await post(t, '/data/v2/items/truncate', { dataCollectionId: 'Notes' }, alice);
    expect(truncate.status).toBe(403);
  });

  it('staff and apps see every item', async () => {
    for (const caller of [staff, app1, ownerCaller]) {
      const response = await post(t, '/data/v2/items/count', { dataCollectionId: 'Notes' }, caller);
      expect(response.body.totalCount).toBe(2);
    }
  });

  it('PRIVILEGED admits the owner and apps but not staff; CMS_EDITOR admits staff but not members', async () => {
    const entry = await insertItem(t, 'Guestbook', { text: 'hi' }, visitor);
    const update = (caller: Record<string, string>) =>
      post(
        t,
        '/data/v2/items/update',
        { dataCollectionId: 'Guestbook', dataItem: { data: { _id: entry.id, text: 'x' } } },
        caller,
      );
    expect((await update(staff)).status).toBe(403);
    expect((await update(app1)).status).toBe(200);
    expect((await update(ownerCaller)).status).toBe(200);
    expect(
      (await post(t, '/data/v2/items/remove', { dataCollectionId: 'Guestbook', dataItemId: entry.id }, alice))
        .status,
    ).toBe(403);
    expect(
      (await post(t, '/data/v2/items/remove', { dataCollectionId: 'Guestbook', dataItemId: entry.id }, staff))
        .status,
    ).toBe(200);
  });

  it('requests without credentials are 401', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/data/v2/items/query',
      payload: { dataCollectionId: 'Posts' },
    });
    expect(response.status).toBe(401);
  });
});
