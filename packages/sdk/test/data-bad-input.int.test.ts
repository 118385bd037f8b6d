import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filter } from '@atrium/contract/query';
import { fieldNameMessages, setFieldNameWarningSink, type DataItem } from '../src/modules/data/index.ts';
import { failure, startDataServer, type DataClient, type DataServer } from './data-fixtures.ts';

// Bad input through the SDK against the real server: the SDK's own checks (nothing sent), the server's
// refusals (a clear error, nothing written), oversized payloads and unknown collections.
let server: DataServer;
let owner: DataClient;

beforeAll(async () => {
  server = await startDataServer();
  owner = server.clients.owner;
  await owner.collections.createDataCollection({ id: 'People', fields: [{ key: 'name', type: 'TEXT' }] });
  await owner.collections.createDataCollection({
    id: 'Posts',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'slug', type: 'TEXT' },
      { key: 'views', type: 'NUMBER' },
      { key: 'tags', type: 'ARRAY_STRING' },
      {
        key: 'authors',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: 'People' } },
      },
    ],
  });
  await owner.indexes.createIndex('Posts', { name: 'bySlug', fields: [{ path: 'slug' }], unique: true });
  await owner.items.bulkInsert('People', [
    { _id: 'p1', name: 'Ada' },
    { _id: 'p2', name: 'Grace' },
  ]);
  await owner.items.insert('Posts', { _id: 'taken', title: 'Taken', slug: 'taken', views: 1 });
});
afterAll(() => server?.close());

/** Calls a builder method with arguments of the wrong number or type, as JavaScript callers can. */
function loosely<T>(builder: T, method: keyof T, ...args: unknown[]): T {
  return (builder[method] as (...parameters: unknown[]) => T).apply(builder, args);
}

describe('the SDK’s own checks: every WDE code, before anything is sent', () => {
  const many = Array.from({ length: 1001 }, (_, index) => ({ _id: `m${index}` }));
  const cases: Array<[code: string, call: (client: DataClient) => Promise<unknown>]> = [
    ['WDE0001', (c) => c.items.get(5 as never, 'x')],
    ['WDE0002', (c) => c.items.get('Posts', 5 as never)],
    ['WDE0003', (c) => c.items.distinct('Posts', 3 as never)],
    ['WDE0004', (c) => c.items.insert('Posts', 'text' as never)],
    ['WDE0005', (c) => c.items.bulkSave('Posts', [{ _id: 1 }] as never)],
    ['WDE0006', (c) => c.items.bulkInsert('Posts', many)],
    ['WDE0007', (c) => c.items.update('Posts', { title: 'no id' } as never)],
    ['WDE0008', (c) => (c.items.get as (...args: unknown[]) => Promise<unknown>)('Posts')],
    [
      'WDE0011',
      (c) =>
        c.items
          .aggregate('Posts')
          .filter({ views: 1 } as never)
          .count()
          .run(),
    ],
    [
      'WDE0012',
      (c) => c.items.aggregate('Posts').filter(c.items.filter()).filter(c.items.filter()).count().run(),
    ],
    ['WDE0013', (c) => c.items.aggregate('Posts').group('title').group('slug').count().run()],
    ['WDE0016', (c) => c.items.distinct('Posts', 'title', { filter: 'x' as never })],
    ['WDE0018', (c) => c.items.get('Posts', 'x', { bogus: true } as never)],
    ['WDE0019', (c) => c.items.isReferenced('Posts', 'authors', 5 as never, 'p1')],
    ['WDE0021', (c) => c.items.insertReference('Posts', [{ relationshipName: 'authors' } as never])],
    [
      'WDE0032',
      (c) =>
        c.items
          .query('Posts')
          .limit('x' as never)
          .find(),
    ],
    ['WDE0033', (c) => c.items.query('Posts').limit(0).find()],
    ['WDE0034', (c) => c.items.query('Posts').skip(-1).find()],
    ['WDE0035', (c) => c.items.query('Posts').limit(2.5).find()],
    ['WDE0036', (c) => c.items.query('Posts').limit(1001).find()],
    ['WDE0038', (c) => loosely(c.items.search('Posts').expression('x'), 'fuzzy', true).run()],
    ['WDE0039', (c) => loosely(c.items.query('Posts'), 'limit').find()],
    ['WDE0040', (c) => loosely(c.items.query('Posts'), 'eq', 'title').find()],
    ['WDE0041', (c) => loosely(c.items.query('Posts'), 'between', 'views', 1).find()],
    ['WDE0042', (c) => loosely(c.items.query('Posts'), 'in', 'tags').find()],
    ['WDE0043', (c) => loosely(c.items.query('Posts'), 'and').find()],
    [
      'WDE0044',
      (c) =>
        c.items
          .query('Posts')
          .startsWith('title', 5 as never)
          .find(),
    ],
    [
      'WDE0045',
      (c) =>
        c.items
          .query('Posts')
          .gt('views', true as never)
          .find(),
    ],
    [
      'WDE0046',
      (c) =>
        c.items
          .query('Posts')
          .between('views', 1, 'a' as never)
          .find(),
    ],
    [
      'WDE0047',
      (c) =>
        c.items
          .query('Posts')
          .hasSome('tags', {} as never)
          .find(),
    ],
    [
      'WDE0048',
      (c) =>
        c.items
          .query('Posts')
          .ne(3 as never, 'x')
          .find(),
    ],
    [
      'WDE0049',
      (c) =>
        c.items
          .query('Posts')
          .or({ title: 'x' } as never)
          .find(),
    ],
    ['WDE0050', (c) => c.items.query('Posts').or(c.items.query('People')).find()],
    [
      'WDE0051',
      (c) =>
        c.items
          .query('Posts')
          .descending('a', 3 as never)
          .find(),
    ],
    [
      'WDE0056',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ title: { $not: 'x' } } as never)
          .find(),
    ],
    [
      'WDE0057',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ $and: { a: 1 } } as never)
          .find(),
    ],
    [
      'WDE0058',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ views: { $gt: [1] } } as never)
          .find(),
    ],
    [
      'WDE0059',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ title: { $startsWith: 1 } } as never)
          .find(),
    ],
    [
      'WDE0060',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ tags: { $in: [{}] } } as never)
          .find(),
    ],
    [
      'WDE0061',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ $where: 'x' } as never)
          .find(),
    ],
    [
      'WDE0062',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ title: { $matches: { spec: [] } } } as never)
          .find(),
    ],
    [
      'WDE0063',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ title: { $matches: { ignoreCase: false, spec: [] } } } as never)
          .find(),
    ],
    [
      'WDE0064',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({
            title: { $matches: { ignoreCase: true, spec: [{ type: 'regex', value: '.' }] } },
          } as never)
          .find(),
    ],
    [
      'WDE0065',
      (c) =>
        c.items
          .query('Posts')
          .setSortModel('title' as never)
          .find(),
    ],
    [
      'WDE0066',
      (c) =>
        c.items
          .query('Posts')
          .setSortModel(['title'] as never)
          .find(),
    ],
    [
      'WDE0067',
      (c) =>
        c.items
          .query('Posts')
          .setSortModel([{ title: 'up' }] as never)
          .find(),
    ],
    ['WDE0068', (c) => c.items.bulkRemove('Posts', [1] as never)],
    [
      'WDE0069',
      (c) =>
        c.items.bulkRemove(
          'Posts',
          many.map((item) => item._id),
        ),
    ],
    [
      'WDE0070',
      (c) =>
        c.items
          .query('Posts')
          .setFilterModel({ title: { $regex: '^a' } } as never)
          .find(),
    ],
    ['WDE0080', (c) => c.items.query('Posts').cursorPaging().skip(5).find()],
    ['WDE0094', (c) => c.items.queryReferenced('Posts', 'taken', '')],
  ];

  it.each(cases)('%s', async (code, call) => {
    const before = server.sent.length;
    const error = await failure(call(owner));
    expect(error.code).toBe('WD_VALIDATION_ERROR');
    expect(error.message).toMatch(new RegExp(`(^|\\n)${code}: `));
    expect(server.sent.length).toBe(before);
  });
});

describe('oversized items (413 → WDE0109), nothing written', () => {
  const huge = 'x'.repeat(10 * 1024 * 1024);
  it.each([
    ['insert', (c: DataClient) => c.items.insert('Posts', { _id: 'big', body: huge })],
    ['update', (c: DataClient) => c.items.update('Posts', { _id: 'taken', title: 'Taken', body: huge })],
    ['save', (c: DataClient) => c.items.save('Posts', { _id: 'taken', body: huge })],
    ['bulkInsert', (c: DataClient) => c.items.bulkInsert('Posts', [{ _id: 'big', body: huge }])],
    ['patch', (c: DataClient) => c.items.patch('Posts', 'taken').setField('body', huge).run()],
  ])('%s of 10 MB', async (_name, call) => {
    const error = await failure(call(owner));
    expect([error.code, error.wdeCode, error.status]).toEqual(['WDE0109', 'WDE0109', 413]);
    expect(error.message).toBe('WDE0109: Payload is too large.');
    expect(await owner.items.get('Posts', 'big')).toBeNull();
    expect((await owner.items.get('Posts', 'taken'))?.body).toBeUndefined();
  });
});

describe('filters the server refuses, with the path of the mistake', () => {
  function nested(depth: number): Filter {
    let filter: Filter = { views: { $gt: 0 } };
    for (let level = 0; level < depth; level += 1) filter = { $and: [filter] };
    return filter;
  }

  it('a filter nested 30 levels deep or with 600 conditions', async () => {
    const deep = await failure(owner.items.query('Posts').setFilterModel(nested(30)).find());
    expect([deep.code, deep.status]).toEqual(['WD_VALIDATION_ERROR', 400]);
    expect(deep.message).toContain('nested more than 10 levels deep');
    const wide = { $or: Array.from({ length: 600 }, (_, index) => ({ views: index })) };
    const tooMany = await failure(owner.items.query('Posts').setFilterModel(wide).count());
    expect(tooMany.message).toContain('more than 500 conditions');
    // Nine levels are fine.
    expect(await owner.items.query('Posts').setFilterModel(nested(8)).count()).toBe(1);
  });

  it('a $-prefixed field name in query, count, distinct, aggregate, search, export and a condition', async () => {
    const calls: Array<() => Promise<unknown>> = [
      () => owner.items.query('Posts').eq('$where', 1).find(),
      () => owner.items.query('Posts').eq('$where', 1).count(),
      () => owner.items.distinct('Posts', 'title', { filter: owner.items.filter().eq('$where', 1) }),
      () => owner.items.aggregate('Posts').filter(owner.items.filter().gt('$x', 1)).count().run(),
      () => owner.items.search('Posts').expression('x').eq('$x', 1).run(),
      () => owner.jobs.exportItems('Posts', { format: 'CSV', filter: { $x: 1 } }),
      () =>
        owner.items.update(
          'Posts',
          { _id: 'taken', title: 'changed' },
          { condition: owner.items.filter().eq('$x', 1) },
        ),
    ];
    for (const call of calls) {
      const error = await failure(call());
      expect([error.code, error.status], error.message).toEqual(['WD_VALIDATION_ERROR', 400]);
      expect(error.message).toContain('$');
    }
    expect((await owner.items.get('Posts', 'taken'))?.title).toBe('Taken');
  });

  it('unknown operators and operand types name the operator and field', async () => {
    const error = await failure(
      owner.items
        .query('Posts')
        .setFilterModel({ views: { $near: 1 } } as never)
        .find(),
    );
    expect(error.message).toMatch(/WDE0061: Unknown operator views\.\$near/);
    const wrongType = await failure(
      owner.items.query('Posts').startsWith('views', 'x').eq('tags', { a: 1 }).find(),
    );
    expect(wrongType.code).toBe('WD_VALIDATION_ERROR');
    expect(wrongType.violations.map((violation) => violation.field).join(' ')).toContain('tags');
  });
});

describe('unknown collections: WDE0025 from every call', () => {
  const calls: Array<[string, (c: DataClient) => Promise<unknown>]> = [
    ['get', (c) => c.items.get('Nowhere', 'x')],
    ['insert', (c) => c.items.insert('Nowhere', { a: 1 })],
    ['update', (c) => c.items.update('Nowhere', { _id: 'x' })],
    ['save', (c) => c.items.save('Nowhere', { _id: 'x' })],
    ['patch', (c) => c.items.patch('Nowhere', 'x').setField('a', 1).run()],
    ['remove', (c) => c.items.remove('Nowhere', 'x')],
    ['truncate', (c) => c.items.truncate('Nowhere')],
    ['count', (c) => c.items.query('Nowhere').count()],
    ['query', (c) => c.items.query('Nowhere').find()],
    ['distinct', (c) => c.items.distinct('Nowhere', 'a')],
    ['aggregate', (c) => c.items.aggregate('Nowhere').count().run()],
    ['search', (c) => c.items.search('Nowhere').expression('x').run()],
    ['queryReferenced', (c) => c.items.queryReferenced('Nowhere', 'x', 'refs')],
    ['isReferenced', (c) => c.items.isReferenced('Nowhere', 'refs', 'x', 'y')],
    ['insertReference', (c) => c.items.insertReference('Nowhere', 'refs', 'x', 'y')],
    ['removeReference', (c) => c.items.removeReference('Nowhere', 'refs', 'x', 'y')],
    ['replaceReferences', (c) => c.items.replaceReferences('Nowhere', 'refs', 'x', ['y'])],
    ['bulkInsert', (c) => c.items.bulkInsert('Nowhere', [{ a: 1 }])],
    ['bulkUpdate', (c) => c.items.bulkUpdate('Nowhere', [{ _id: 'x' }])],
    ['bulkSave', (c) => c.items.bulkSave('Nowhere', [{ _id: 'x' }])],
    ['bulkPatch', (c) => c.items.bulkPatch('Nowhere', ['x']).setField('a', 1).run()],
    ['bulkRemove', (c) => c.items.bulkRemove('Nowhere', ['x'])],
    ['getDataCollection', (c) => c.collections.getDataCollection('Nowhere')],
    ['updateDataCollection', (c) => c.collections.updateDataCollection({ id: 'Nowhere', fields: [] })],
    ['deleteDataCollection', (c) => c.collections.deleteDataCollection('Nowhere')],
    ['createIndex', (c) => c.indexes.createIndex('Nowhere', { name: 'i', fields: [{ path: 'a' }] })],
    ['listIndexes', (c) => c.indexes.listIndexes('Nowhere')],
    ['importFile', (c) => c.jobs.importFile('Nowhere', '_id\na\n', { format: 'CSV', mode: 'OVERWRITE' })],
    ['exportItems', (c) => c.jobs.exportItems('Nowhere', { format: 'JSONL' })],
  ];
  it.each(calls)('%s', async (_name, call) => {
    const error = await failure(call(owner));
    expect([error.code, error.status], error.message).toEqual(['WDE0025', 404]);
    expect(error.message).toContain('Nowhere');
  });
});

describe('a failed single-item call writes nothing', () => {
  async function snapshot(id: string) {
    const item = await owner.items.get('Posts', id);
    const authors = item ? (await owner.items.queryReferenced('Posts', id, 'authors')).items : [];
    return {
      item,
      authors: authors.map((author: DataItem) => author._id),
      count: await owner.items.query('Posts').count(),
    };
  }

  const logged: string[] = [];
  let previousSink: ReturnType<typeof setFieldNameWarningSink>;
  afterAll(() => {
    setFieldNameWarningSink(previousSink);
    // The `$where` field of the refused save was logged as an error before it was sent (spec §5).
    expect(logged).toEqual([`error:${fieldNameMessages.dollar}`]);
  });

  beforeAll(async () => {
    previousSink = setFieldNameWarningSink({
      error: (message) => logged.push(`error:${message}`),
      warn: (message) => logged.push(`warn:${message}`),
    });
    await owner.items.insert('Posts', {
      _id: 'stable',
      title: 'Stable',
      slug: 'stable',
      views: 5,
      tags: ['a'],
      authors: ['p1'],
    });
  });

  it.each([
    [
      'insert with a bad field and multi-references',
      () => owner.items.insert('Posts', { _id: 'new', views: 'many', authors: ['p1'] }),
      'WD_VALIDATION_ERROR',
    ],
    [
      'insert of an existing _id',
      () => owner.items.insert('Posts', { _id: 'stable', title: 'dup', authors: ['p2'] }),
      'WDE0074',
    ],
    [
      'insert breaking a unique index',
      () => owner.items.insert('Posts', { _id: 'new', slug: 'taken', authors: ['p2'] }),
      'UNIQUE_INDEX_VIOLATION',
    ],
    [
      'update with a bad field',
      () => owner.items.update('Posts', { _id: 'stable', title: 'x', views: 'many', authors: [] }),
      'WD_VALIDATION_ERROR',
    ],
    [
      'update breaking a unique index',
      () => owner.items.update('Posts', { _id: 'stable', slug: 'taken', authors: ['p2'] }),
      'UNIQUE_INDEX_VIOLATION',
    ],
    [
      'update whose condition is not met',
      () =>
        owner.items.update(
          'Posts',
          { _id: 'stable', title: 'x', authors: [] },
          { condition: owner.items.filter().gt('views', 100) },
        ),
      'CONDITION_NOT_MET',
    ],
    [
      'save with a bad field',
      () => owner.items.save('Posts', { _id: 'stable', tags: 'not an array', authors: [] }),
      'WD_VALIDATION_ERROR',
    ],
    [
      'save of a new item with a $ field',
      () => owner.items.save('Posts', { _id: 'new', bad: { $where: 1 } }),
      'WD_VALIDATION_ERROR',
    ],
    [
      'patch whose second change cannot apply',
      () => owner.items.patch('Posts', 'stable').setField('title', 'changed').incrementField('tags', 1).run(),
      'WD_VALIDATION_ERROR',
    ],
    [
      'patch whose result breaks the schema',
      () => owner.items.patch('Posts', 'stable').incrementField('views', 1).setField('views', 'many').run(),
      'WD_VALIDATION_ERROR',
    ],
    [
      'patch of a missing item',
      () => owner.items.patch('Posts', 'ghost').setField('title', 'x').run(),
      'WDE0073',
    ],
    [
      'remove whose condition is not met',
      () => owner.items.remove('Posts', 'stable', { condition: owner.items.filter().eq('views', 0) }),
      'CONDITION_NOT_MET',
    ],
    [
      'references from a missing item',
      () => owner.items.replaceReferences('Posts', 'authors', 'ghost', ['p2']),
      'WDE0073',
    ],
    [
      'references on a field that is not one',
      () => owner.items.replaceReferences('Posts', 'title', 'stable', ['p2']),
      'WD_VALIDATION_ERROR',
    ],
  ] as const)('%s', async (_name, call, code) => {
    const before = await snapshot('stable');
    const error = await failure(call());
    expect(error.code, error.message).toBe(code);
    expect(await snapshot('stable')).toEqual(before);
    expect(await owner.items.get('Posts', 'new')).toBeNull();
  });
});
