import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { OAuthStrategy } from '../src/auth/oauth.ts';
import { createClient, type FetchLike } from '../src/client.ts';
import {
  collections,
  DataError,
  fieldNameMessages,
  indexes,
  items,
  setFieldNameWarningSink,
  type DataItem,
} from '../src/modules/data/index.ts';

// The real server on a real database (PGlite, or PostgreSQL with DATABASE_URL), reached over HTTP through
// the SDK's data module exactly as an app would.
let testApp: TestApp;
let baseUrl: string;
const sent: Array<{ method: string; url: string }> = [];
const recordingFetch: FetchLike = (input, init) => {
  sent.push({ method: init.method ?? 'GET', url: input });
  return globalThis.fetch(input, init);
};

function clientAs(caller: string) {
  return createClient({
    baseUrl,
    headers: { 'x-atrium-dev-caller': caller },
    fetch: recordingFetch,
    modules: { items, collections, indexes },
  });
}

let owner: ReturnType<typeof clientAs>;

async function failure(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = clientAs('WIX_USER:OWNER');
  await owner.collections.createDataCollection({
    id: 'Team',
    fields: [{ key: 'name', type: 'TEXT' }],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  });
  await owner.collections.createDataCollection({
    id: 'Posts',
    displayField: 'title',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'views', type: 'NUMBER' },
      { key: 'category', type: 'TEXT' },
      { key: 'publishedAt', type: 'DATETIME' },
      { key: 'tags', type: 'ARRAY_STRING' },
      {
        key: 'authors',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: 'Team' } },
      },
      {
        key: 'mainAuthor',
        type: 'REFERENCE',
        typeMetadata: { reference: { referencedCollectionId: 'Team' } },
      },
    ],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  });
});
afterAll(() => testApp.close());

describe('single items', () => {
  it('inserts with a date and reads it back as a Date, through $date on the wire', async () => {
    const publishedAt = new Date('2026-03-01T09:30:00.000Z');
    const inserted = await owner.items.insert('Posts', {
      title: 'First',
      views: 1,
      publishedAt,
      nested: { at: publishedAt },
    });
    expect(inserted._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(inserted.publishedAt).toEqual(publishedAt);
    expect(inserted._createdDate).toBeInstanceOf(Date);
    expect((inserted.nested as { at: Date }).at).toEqual(publishedAt);
    const read = await owner.items.get('Posts', inserted._id);
    expect(read?.publishedAt).toBeInstanceOf(Date);
    expect((read?.publishedAt as Date).toISOString()).toBe('2026-03-01T09:30:00.000Z');
    expect(read?.title).toBe('First');
  });

  it('answers null for get and remove of a missing item (WDE0073 is an empty result)', async () => {
    expect(await owner.items.get('Posts', 'no-such-item')).toBeNull();
    expect(await owner.items.remove('Posts', 'no-such-item')).toBeNull();
  });

  it('updates, saves, patches and removes', async () => {
    const item = await owner.items.insert('Posts', { _id: 'crud-1', title: 'Draft', views: 5, tags: ['a'] });
    expect(item._id).toBe('crud-1');
    const updated = await owner.items.update('Posts', {
      _id: 'crud-1',
      title: 'Final',
      views: 6,
      tags: ['a'],
    });
    expect(updated.title).toBe('Final');
    const saved = await owner.items.save('Posts', { _id: 'crud-2', title: 'Saved' });
    expect(saved._id).toBe('crud-2');
    const resaved = await owner.items.save('Posts', { _id: 'crud-2', title: 'Saved again' });
    expect(resaved.title).toBe('Saved again');
    const patched = await owner.items
      .patch('Posts', 'crud-1')
      .incrementField('views', 4)
      .appendToArray('tags', 'b')
      .setField('category', 'news')
      .removeField('title')
      .run();
    expect(patched).toMatchObject({ views: 10, tags: ['a', 'b'], category: 'news' });
    expect(patched.title).toBeUndefined();
    const shrunk = await owner.items.patch('Posts', 'crud-1').removeFromArray('tags', 'a').run();
    expect(shrunk.tags).toEqual(['b']);
    const removed = await owner.items.remove('Posts', 'crud-1');
    expect(removed?._id).toBe('crud-1');
    expect(await owner.items.get('Posts', 'crud-1')).toBeNull();
  });

  it('fails an update of a missing item with WDE0073 and a duplicate insert with WDE0074', async () => {
    const missing = await failure(owner.items.update('Posts', { _id: 'ghost', title: 'x' }));
    expect(missing.code).toBe('WDE0073');
    expect(missing.wdeCode).toBe('WDE0073');
    expect(missing.status).toBe(404);
    expect(missing.operation).toBe('items.update');
    await owner.items.insert('Posts', { _id: 'dup', title: 'once' });
    const duplicate = await failure(owner.items.insert('Posts', { _id: 'dup', title: 'twice' }));
    expect(duplicate.code).toBe('WDE0074');
    expect(duplicate.status).toBe(409);
  });

  it('fails a call on an unknown collection with WDE0025', async () => {
    const error = await failure(owner.items.insert('Nowhere', { title: 'x' }));
    expect(error.code).toBe('WDE0025');
    expect(error.status).toBe(404);
  });

  it('checks arguments before sending: nothing reaches the server', async () => {
    const before = sent.length;
    const error = await failure(owner.items.update('Posts', { title: 'no id' } as never));
    expect(error.code).toBe('WD_VALIDATION_ERROR');
    expect(error.message).toBe('WDE0007: Invalid update. Updated object must have a string _id property.');
    const many = Array.from({ length: 1001 }, (_, index) => ({ title: `t${index}` }));
    expect((await failure(owner.items.bulkInsert('Posts', many))).wdeCode).toBe('WDE0006');
    expect(sent.length).toBe(before);
  });

  it('logs a $-prefixed field as an error but sends it, and the server refuses it (WD_VALIDATION_ERROR lines)', async () => {
    const logged: string[] = [];
    const previous = setFieldNameWarningSink({
      error: (m) => logged.push(`error:${m}`),
      warn: (m) => logged.push(`warn:${m}`),
    });
    try {
      const error = await failure(owner.items.insert('Posts', { title: 'x', bad: { $where: 1 } }));
      expect(logged).toEqual([`error:${fieldNameMessages.dollar}`]);
      expect(error.code).toBe('WD_VALIDATION_ERROR');
      expect(error.status).toBe(400);
      expect(error.violations.length).toBeGreaterThan(0);
      const [first] = error.violations;
      expect(error.message.split('\n')).toContain(`${first!.field}: ${first!.description}`);
    } finally {
      setFieldNameWarningSink(previous);
    }
  });

  it('maps a 413 (an item of 11 MB) to WDE0109', async () => {
    const error = await failure(
      owner.items.insert('Posts', { title: 'huge', body: 'x'.repeat(11 * 1024 * 1024) }),
    );
    expect(error.code).toBe('WDE0109');
    expect(error.message).toBe('WDE0109: Payload is too large.');
    expect(error.status).toBe(413);
    const count = await owner.items.query('Posts').eq('title', 'huge').count();
    expect(count).toBe(0);
  });
});

describe('queries and paging', () => {
  const base = Date.UTC(2026, 0, 1);
  beforeAll(async () => {
    const list = Array.from({ length: 25 }, (_, index) => ({
      _id: `q-${String(index).padStart(2, '0')}`,
      title: `Query item ${index}`,
      category: index % 3 === 0 ? 'garden' : index % 3 === 1 ? 'kitchen' : 'tools',
      views: index * 10,
      publishedAt: new Date(base + index * 86_400_000),
      tags: index % 2 === 0 ? ['even'] : ['odd'],
    }));
    const result = await owner.items.bulkInsert('Paged', list).catch(async (error: unknown) => {
      if (!(error instanceof DataError) || error.code !== 'WDE0025') throw error;
      await owner.collections.createDataCollection({
        id: 'Paged',
        fields: [
          { key: 'title', type: 'TEXT' },
          { key: 'views', type: 'NUMBER' },
          { key: 'publishedAt', type: 'DATETIME' },
        ],
      });
      return owner.items.bulkInsert('Paged', list);
    });
    expect(result.inserted).toBe(25);
  });

  it('pages by offset forward and back, with WDE0165 and WDE0159 past the ends', async () => {
    const first = await owner.items
      .query('Paged')
      .ascending('views')
      .limit(10)
      .find({ returnTotalCount: true });
    expect(first.items.map((item) => item._id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `q-${String(i).padStart(2, '0')}`),
    );
    expect(first.totalCount).toBe(25);
    expect(first.totalPages).toBe(3);
    expect(first.currentPage).toBe(0);
    expect(first.hasPrev()).toBe(false);
    const noPrev = await failure(first.prev());
    expect(noPrev.code).toBe('WD_VALIDATION_ERROR');
    expect(noPrev.message).toBe('WDE0159: Invalid query on [Paged].\nThere is no prev page.');
    const second = await first.next();
    expect(second.currentPage).toBe(1);
    expect(second.items[0]?._id).toBe('q-10');
    const third = await second.next();
    expect(third.items).toHaveLength(5);
    expect(third.hasNext()).toBe(false);
    const noNext = await failure(third.next());
    expect(noNext.wdeCode).toBe('WDE0165');
    expect(noNext.message).toBe('WDE0165: Invalid query on [Paged].\nThere is no next page.');
    const back = await third.prev();
    expect(back.items[0]?._id).toBe('q-10');
    const skipped = await owner.items.query('Paged').ascending('views').skip(20).limit(10).find();
    expect(skipped.items.map((item) => item._id)).toEqual(['q-20', 'q-21', 'q-22', 'q-23', 'q-24']);
    expect(skipped.currentPage).toBe(2);
  });

  it('pages by cursor forward and back, sending only the cursor after the first page', async () => {
    const first = await owner.items
      .query('Paged')
      .ge('views', 50)
      .descending('views')
      .limit(8)
      .cursorPaging()
      .find();
    expect(first.items.map((item) => item.views)).toEqual([240, 230, 220, 210, 200, 190, 180, 170]);
    expect(first.hasPrev()).toBe(false);
    expect(first.cursors.next).toBeTruthy();
    const second = await first.next();
    expect(second.items.map((item) => item.views)).toEqual([160, 150, 140, 130, 120, 110, 100, 90]);
    expect(second.currentPage).toBe(1);
    const third = await second.next();
    expect(third.items.map((item) => item.views)).toEqual([80, 70, 60, 50]);
    expect(third.hasNext()).toBe(false);
    expect((await failure(third.next())).wdeCode).toBe('WDE0165');
    const backAgain = await third.prev();
    expect(backAgain.items.map((item) => item.views)).toEqual([160, 150, 140, 130, 120, 110, 100, 90]);
    const resumed = await owner.items.fetch('Paged', first.cursors.next!, 8);
    expect(resumed.items.map((item) => item.views)).toEqual(second.items.map((item) => item.views));
  });

  it('filters date ranges through $date and returns dates as Date objects', async () => {
    const page = await owner.items
      .query('Paged')
      .ge('publishedAt', new Date(base + 3 * 86_400_000))
      .lt('publishedAt', new Date(base + 6 * 86_400_000))
      .ascending('publishedAt')
      .find();
    expect(page.items.map((item) => item._id)).toEqual(['q-03', 'q-04', 'q-05']);
    expect(page.items[0]!.publishedAt).toEqual(new Date(base + 3 * 86_400_000));
    const between = await owner.items.query('Paged').between('views', 100, 130).count();
    expect(between).toBe(3);
  });

  it('combines or/not/in/hasSome/startsWith filters and projects fields', async () => {
    const filter = owner.items.filter();
    const page = await owner.items
      .query('Paged')
      .startsWith('title', 'query item 1')
      .or(owner.items.query('Paged').in('views', [200, 210]))
      .not(filter.hasSome('tags', 'odd'))
      .fields('title')
      .ascending('title')
      .find();
    expect(page.items.map((item) => item.title)).toEqual([
      'Query item 10',
      'Query item 12',
      'Query item 14',
      'Query item 16',
      'Query item 18',
      'Query item 20',
    ]);
    expect(Object.keys(page.items[0]!).sort()).toEqual(['_id', 'title']);
  });

  it('sends a short query as a GET and a long one as a POST, with the same answer', async () => {
    sent.length = 0;
    await owner.items.query('Paged').eq('category', 'garden').find();
    expect(sent.at(-1)?.method).toBe('GET');
    expect(sent.at(-1)?.url).toContain('.r=');
    const long = 'x'.repeat(3000);
    const page = await owner.items.query('Paged').ne('title', long).eq('category', 'garden').find();
    expect(sent.at(-1)?.method).toBe('POST');
    expect(page.items).toHaveLength(9);
  });

  it('counts, lists distinct values and aggregates', async () => {
    expect(await owner.items.query('Paged').eq('category', 'tools').count()).toBe(8);
    const distinct = await owner.items.query('Paged').ascending('category').distinct('category');
    expect(distinct.items).toEqual(['garden', 'kitchen', 'tools']);
    const direct = await owner.items.distinct('Paged', 'category', {
      filter: owner.items.filter().gt('views', 200),
      order: 'DESC',
    });
    expect(direct.items).toEqual(['tools', 'kitchen', 'garden']);
    const rows = await owner.items
      .aggregate('Paged')
      .filter(owner.items.filter().ge('views', 0))
      .group('category')
      .sum('views', 'total')
      .avg('views')
      .max('publishedAt', 'latest')
      .count()
      .having(owner.items.filter().gt('total', 950))
      .descending('total')
      .run();
    expect(rows.items.map((row) => [row._id, row.total, row.count])).toEqual([
      ['garden', 1080, 9],
      ['tools', 1000, 8],
    ]);
    expect(rows.items[0]!.viewsAvg).toBe(120);
    expect(rows.items[0]!.latest).toEqual(new Date(base + 24 * 86_400_000));
  });

  it('searches full text', async () => {
    const hits = await owner.items.search('Paged').expression('item 7').andMode().run();
    expect(hits.items.map((item) => item._id)).toContain('q-07');
    const fuzzy = await owner.items
      .search('Paged')
      .expression('itme')
      .fuzzy()
      .eq('category', 'garden')
      .limit(3)
      .run();
    expect(fuzzy.pageSize).toBe(3);
  });

  it('reports server refusals of a query as WD_VALIDATION_ERROR', async () => {
    const error = await failure(owner.items.query('Paged').eq('$weird', 1).find());
    expect(error.code).toBe('WD_VALIDATION_ERROR');
    expect(error.status).toBe(400);
  });
});

describe('bulk calls', () => {
  it('inserts, skips existing ids, updates, saves, patches and removes', async () => {
    const inserted = await owner.items.bulkInsert('Posts', [
      { _id: 'b1', title: 'one' },
      { _id: 'b2', title: 'two' },
      { _id: 'dup', title: 'exists' },
    ]);
    expect(inserted).toMatchObject({ inserted: 2, skipped: 1, errors: [], insertedItemIds: ['b1', 'b2'] });
    const overridden = await owner.items.bulkInsert('Posts', [{ _id: 'dup', title: 'replaced' }], {
      overrideExisting: true,
    });
    expect(overridden.updated).toBe(1);
    const updated = await owner.items.bulkUpdate('Posts', [
      { _id: 'b1', title: 'uno' },
      { _id: 'missing', title: '?' },
    ]);
    expect(updated).toMatchObject({ updated: 1, skipped: 1, errors: [], updatedItemIds: ['b1'] });
    const saved = await owner.items.bulkSave('Posts', [
      { _id: 'b2', title: 'dos' },
      { _id: 'b3', title: 'tres' },
    ]);
    expect(saved).toMatchObject({ inserted: 1, updated: 1, insertedItemIds: ['b3'], updatedItemIds: ['b2'] });
    const patched = await owner.items
      .bulkPatch('Posts', ['b1', 'b2', 'nope'])
      .incrementField('views', 2)
      .run();
    expect(patched).toMatchObject({ updated: 2, skipped: 1 });
    expect((await owner.items.get('Posts', 'b2'))?.views).toBe(2);
    const removed = await owner.items.bulkRemove('Posts', ['b1', 'b2', 'b3', 'never']);
    expect(removed).toMatchObject({ removed: 3, skipped: 1, removedItemIds: ['b1', 'b2', 'b3'] });
  });

  it('reports invalid items of a bulk call as errors with their index', async () => {
    const result = await owner.items.bulkInsert('Posts', [
      { title: 'fine' },
      { title: 'bad', views: 'many' },
    ]);
    expect(result.inserted).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.originalIndex).toBe(1);
    expect(result.errors[0]!.item).toEqual({ title: 'bad', views: 'many' });
    expect(result.errors[0]!.code).toBe('WD_VALIDATION_ERROR');
  });
});

describe('references', () => {
  it('inserts, checks, queries, replaces and removes references', async () => {
    await owner.items.bulkInsert('Team', [
      { _id: 'ann', name: 'Ann' },
      { _id: 'bob', name: 'Bob' },
      { _id: 'cy', name: 'Cy' },
    ]);
    await owner.items.insert('Posts', { _id: 'ref-post', title: 'With authors' });
    await owner.items.insertReference('Posts', 'authors', 'ref-post', ['ann', { _id: 'bob' }]);
    expect(await owner.items.isReferenced('Posts', 'authors', 'ref-post', 'ann')).toBe(true);
    expect(await owner.items.isReferenced('Posts', 'authors', { _id: 'ref-post' }, 'cy')).toBe(false);
    const referenced = await owner.items.queryReferenced('Posts', 'ref-post', 'authors');
    expect(referenced.items.map((item) => item.name)).toEqual(['Ann', 'Bob']);
    await owner.items.replaceReferences('Posts', 'authors', 'ref-post', ['cy', 'ann']);
    const replaced = await owner.items.queryReferenced('Posts', { _id: 'ref-post' }, 'authors', { limit: 1 });
    expect(replaced.items.map((item) => item.name)).toEqual(['Cy']);
    expect(replaced.hasNext()).toBe(true);
    expect((await replaced.next()).items.map((item) => item.name)).toEqual(['Ann']);
    await owner.items.removeReference('Posts', 'authors', 'ref-post', 'cy');
    expect(await owner.items.isReferenced('Posts', 'authors', 'ref-post', 'cy')).toBe(false);
    await owner.items.insertReference('Posts', [
      { relationshipName: 'authors', left: 'ref-post', right: 'bob' },
    ]);
    expect(await owner.items.isReferenced('Posts', 'authors', 'ref-post', 'bob')).toBe(true);
  });

  it('fails a reference on a single-reference field with WDE0020 and on a plain field as invalid', async () => {
    const single = await failure(owner.items.insertReference('Posts', 'mainAuthor', 'ref-post', 'ann'));
    expect(single.code).toBe('WDE0020');
    expect(single.wdeCode).toBe('WDE0020');
    const plain = await failure(owner.items.insertReference('Posts', 'title', 'ref-post', 'ann'));
    expect(plain.code).toBe('WD_VALIDATION_ERROR');
    expect(plain.message).toContain('title is not a reference field');
  });

  it('fails when the referring item does not exist, with the per-reference error code WDE0073', async () => {
    const error = await failure(owner.items.insertReference('Posts', 'authors', 'no-post', 'ann'));
    expect(error.code).toBe('WDE0073');
    expect(error.operation).toBe('items.insertReference');
    const removal = await failure(owner.items.removeReference('Posts', 'authors', 'no-post', 'ann'));
    expect(removal.code).toBe('WDE0073');
  });
});

describe('permissions through the SDK', () => {
  it('lets an anonymous visitor (OAuth anonymous token) read a public collection but not write it (WDE0027)', async () => {
    const clients = (await (
      await fetch(`${baseUrl}/identity/v1/oauth-clients`, {
        headers: { 'x-atrium-dev-caller': 'WIX_USER:OWNER' },
      })
    ).json()) as { clients: Array<{ clientId: string; isDefault: boolean }> };
    const clientId = clients.clients.find((client) => client.isDefault)!.clientId;
    const visitor = createClient({ baseUrl, auth: OAuthStrategy({ clientId }), modules: { items } });
    const page = await visitor.items.query('Paged').eq('category', 'garden').find();
    expect(page.items).toHaveLength(9);
    const error = await failure(visitor.items.insert('Paged', { title: 'visitor' }));
    expect(error.code).toBe('WDE0027');
    expect(error.status).toBe(403);
  });

  it('keeps a member author to their own items', async () => {
    await owner.collections.createDataCollection({
      id: 'Notes',
      fields: [{ key: 'text', type: 'TEXT' }],
      permissions: {
        read: 'SITE_MEMBER_AUTHOR',
        insert: 'SITE_MEMBER',
        update: 'SITE_MEMBER_AUTHOR',
        remove: 'SITE_MEMBER_AUTHOR',
      },
    });
    const ann = clientAs('MEMBER:member-ann');
    const bob = clientAs('MEMBER:member-bob');
    const note = await ann.items.insert('Notes', { text: 'mine' });
    expect(note._owner).toBe('member-ann');
    expect(await bob.items.get('Notes', note._id)).toBeNull();
    expect(await bob.items.query('Notes').count()).toBe(0);
    expect(
      (await failure(bob.items.update('Notes', { _id: note._id, text: 'theirs' }))).status,
    ).toBeGreaterThanOrEqual(403);
    expect((await ann.items.query('Notes').find()).items.map((item: DataItem) => item.text)).toEqual([
      'mine',
    ]);
  });
});

describe('collections and indexes', () => {
  it('gets, lists, replaces and deletes a collection', async () => {
    const created = await owner.collections.createDataCollection({
      id: 'Scratch',
      fields: [{ key: 'a', type: 'TEXT' }],
    });
    expect(created.createdDate).toBeInstanceOf(Date);
    const got = await owner.collections.getDataCollection('Scratch');
    expect(got.fields.map((field) => field.key)).toContain('a');
    const list = await owner.collections.listDataCollections();
    expect(list.collections.map((collection) => collection.id)).toEqual(
      expect.arrayContaining(['Posts', 'Scratch']),
    );
    const updated = await owner.collections.updateDataCollection({
      id: 'Scratch',
      fields: [
        { key: 'a', type: 'TEXT' },
        { key: 'b', type: 'NUMBER' },
      ],
      revision: got.revision,
    });
    expect(updated.fields.map((field) => field.key)).toContain('b');
    await owner.collections.deleteDataCollection('Scratch');
    expect((await failure(owner.collections.getDataCollection('Scratch'))).code).toBe('WDE0025');
  });

  it('creates, lists and drops an index', async () => {
    const index = await owner.indexes.createIndex('Paged', {
      name: 'byViews',
      fields: [{ path: 'views', order: 'DESC' }],
    });
    expect(index.status).toBe('ACTIVE');
    const listed = await owner.indexes.listIndexes('Paged');
    expect(listed.indexes.map((entry) => entry.name)).toContain('byViews');
    await owner.indexes.dropIndex('Paged', 'byViews');
    expect((await owner.indexes.listIndexes('Paged')).indexes.map((entry) => entry.name)).not.toContain(
      'byViews',
    );
  });

  it('truncates a collection', async () => {
    await owner.items.bulkInsert('Team', [{ name: 'Temp' }]);
    await owner.items.truncate('Team');
    expect(await owner.items.query('Team').count()).toBe(0);
  });
});
