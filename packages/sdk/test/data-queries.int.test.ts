import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataItem, DataSearch } from '../src/modules/data/index.ts';
import { failure, startDataServer, type DataClient, type DataServer } from './data-fixtures.ts';

// Read calls through the SDK against the real server: $matches, search modes, referenced items in the GET
// form, aggregate paging and index statuses.
let server: DataServer;
let owner: DataClient;

const separators = ' \t\n-';
const matches = (...spec: Array<['literal' | 'anyOf', string]>) => ({
  $matches: { ignoreCase: true, spec: spec.map(([type, value]) => ({ type, value })) },
});

beforeAll(async () => {
  server = await startDataServer();
  owner = server.clients.owner;
  await owner.collections.createDataCollection({ id: 'Authors', fields: [{ key: 'name', type: 'TEXT' }] });
  await owner.collections.createDataCollection({
    id: 'Notes',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'body', type: 'TEXT' },
      { key: 'score', type: 'NUMBER' },
      { key: 'group', type: 'TEXT' },
      {
        key: 'writers',
        type: 'MULTI_REFERENCE',
        typeMetadata: { multiReference: { referencedCollectionId: 'Authors' } },
      },
    ],
  });
  await owner.items.bulkInsert('Authors', [
    { _id: 'a1', name: 'Ada' },
    { _id: 'a2', name: 'Grace' },
  ]);
  await owner.items.bulkInsert('Notes', [
    { _id: 'n1', title: 'Hello World', body: 'garden roses bloom', score: 1, group: 'x' },
    { _id: 'n2', title: 'hello-world', body: 'kitchen knives', score: 2, group: 'x' },
    { _id: 'n3', title: 'HELLO\tWORLD', body: 'garden tools', score: 3, group: 'y' },
    { _id: 'n4', title: 'Hello  World', body: 'rosemary bush', score: 4, group: 'y' },
    { _id: 'n5', title: 'say hello world', body: 'gardening tips', score: 5, group: 'z' },
    { _id: 'n6', title: 'Hello_World', body: 'Ünïcødé façade', score: 6, group: 'z' },
    { _id: 'n7', title: 'Straße', score: 7, group: 'z' },
  ]);
  await owner.items.replaceReferences('Notes', 'writers', 'n1', ['a2', 'a1']);
});
afterAll(() => server?.close());

describe('$matches', () => {
  it('matches the whole value, case-insensitively, a literal as it is and an any-of as one character', async () => {
    const hello = matches(['literal', 'hello'], ['anyOf', separators], ['literal', 'WORLD']);
    const page = await owner.items.query('Notes').setFilterModel({ title: hello }).ascending('_id').find();
    expect(page.items.map((item) => item._id)).toEqual(['n1', 'n2', 'n3']);
    expect(
      await owner.items
        .query('Notes')
        .setFilterModel({ $not: { title: hello } })
        .count(),
    ).toBe(4);
    const either = {
      $or: [
        { title: hello },
        { title: matches(['literal', 'STRASSE']) },
        { title: matches(['literal', 'straße']) },
      ],
    };
    expect(
      (await owner.items.query('Notes').setFilterModel(either).ascending('_id').find()).items.map(
        (item) => item._id,
      ),
    ).toEqual(['n1', 'n2', 'n3', 'n7']);
    // Regular-expression characters in a literal are plain text.
    expect(
      await owner.items
        .query('Notes')
        .setFilterModel({ title: matches(['literal', 'hello.world']) })
        .count(),
    ).toBe(0);
    // System columns take it too.
    expect(
      await owner.items
        .query('Notes')
        .setFilterModel({ _id: matches(['literal', 'N1']) })
        .count(),
    ).toBe(1);
  });

  it('matches no number, and a malformed operand is refused naming the place', async () => {
    expect(
      await owner.items
        .query('Notes')
        .setFilterModel({ score: matches(['literal', '1']) })
        .count(),
    ).toBe(0);
    const empty = await failure(
      owner.items
        .query('Notes')
        .setFilterModel({ title: { $matches: { ignoreCase: true, spec: [] } } })
        .find(),
    );
    expect([empty.code, empty.status]).toEqual(['WD_VALIDATION_ERROR', 400]);
    expect(empty.message).toContain('query.filter.title.$matches.spec');
    // Operands the SDK itself refuses, sent through its raw pipeline.
    for (const [operand, place] of [
      [
        { ignoreCase: false, spec: [{ type: 'literal', value: 'x' }] },
        'query.filter.title.$matches.ignoreCase',
      ],
      [{ ignoreCase: true, spec: [{ type: 'anyOf', value: '' }] }, 'query.filter.title.$matches.spec[0]'],
      [{ ignoreCase: true, spec: [{ type: 'regex', value: '.*' }] }, 'query.filter.title.$matches.spec[0]'],
      ['hello', 'query.filter.title.$matches'],
    ] as const) {
      const refused = await owner
        .request({
          method: 'POST',
          path: '/data/v2/items/query',
          body: { dataCollectionId: 'Notes', query: { filter: { title: { $matches: operand } } } },
        })
        .then(
          () => undefined,
          (error: unknown) => error as { status: number; message: string },
        );
      expect(refused?.status, place).toBe(400);
      expect(refused?.message).toContain(place);
    }
  });
});

describe('search', () => {
  it('AND needs every word, OR any; words match as prefixes; fuzzy forgives typos after the third letter', async () => {
    const ids = async (search: DataSearch<DataItem>) =>
      (await search.ascending('_id').run()).items.map((item) => item._id);
    expect(await ids(owner.items.search('Notes').expression('garden roses').andMode())).toEqual(['n1']);
    expect(await ids(owner.items.search('Notes').expression('garden rosemary').orMode())).toEqual([
      'n1',
      'n3',
      'n4',
      'n5',
    ]);
    expect(await ids(owner.items.search('Notes').expression('rose').orMode())).toEqual(['n1', 'n4']);
    expect(await ids(owner.items.search('Notes').expression('kitchn'))).toEqual([]);
    expect(await ids(owner.items.search('Notes').expression('kitchn').fuzzy())).toEqual(['n2']);
    expect(await ids(owner.items.search('Notes').expression('gardens').fuzzy())).toEqual(['n1', 'n3', 'n5']);
    expect(await ids(owner.items.search('Notes').expression('xitchen').fuzzy())).toEqual([]);
    expect(await ids(owner.items.search('Notes').expression('unicode facade'))).toEqual([]);
    expect(await ids(owner.items.search('Notes').expression('ünïcødé FAÇADE'))).toEqual(['n6']);
    const filtered = await owner.items
      .search('Notes')
      .expression('garden')
      .orMode()
      .gt('score', 2)
      .fields('title')
      .run();
    expect(filtered.items.map((item) => Object.keys(item).sort())).toEqual([
      ['_id', 'title'],
      ['_id', 'title'],
    ]);
    const paged = await owner.items.search('Notes').expression('garden').ascending('score').limit(2).run();
    expect(paged.items.map((item) => item._id)).toEqual(['n1', 'n3']);
    expect((await paged.next()).items.map((item) => item._id)).toEqual(['n5']);
  });
});

describe('queries', () => {
  it('sends a query with referenced items as a GET and answers the referenced items in place', async () => {
    const page = await owner.items.query('Notes').eq('_id', 'n1').include('writers').find();
    const request = server.sent.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url.length).toBeLessThanOrEqual(2048);
    expect((page.items[0]!.writers as Array<{ name: string }>).map((writer) => writer.name)).toEqual([
      'Grace',
      'Ada',
    ]);
    const limited = await owner.items.query('Notes').eq('_id', 'n1').include('writers', 1).find();
    expect((limited.items[0]!.writers as Array<{ name: string }>).map((writer) => writer.name)).toEqual([
      'Grace',
    ]);
    const plain = await owner.items.query('Notes').eq('_id', 'n1').find();
    expect(plain.items[0]!.writers).toBeUndefined();
  });

  it('returns the total when asked, and pages by cursor with projected fields', async () => {
    const counted = await owner.items.query('Notes').limit(3).find({ returnTotalCount: true });
    expect(counted.totalCount).toBe(7);
    expect(counted.totalPages).toBe(3);
    const first = await owner.items
      .query('Notes')
      .fields('score')
      .ascending('score')
      .limit(4)
      .cursorPaging()
      .find();
    expect(first.items.map((item) => Object.keys(item).sort())).toEqual(Array(4).fill(['_id', 'score']));
    const second = await first.next();
    expect(second.items.map((item) => item.score)).toEqual([5, 6, 7]);
    expect(second.items.every((item) => item.title === undefined)).toBe(true);
  });

  it('aggregates with grouping, a final filter, sort and paging', async () => {
    const first = await owner.items
      .aggregate('Notes')
      .group('group')
      .sum('score', 'total')
      .min('score', 'lowest')
      .count()
      .having(owner.items.filter().gt('total', 3))
      .descending('total')
      .limit(1)
      .run();
    expect(first.items.map((row) => [row._id, row.total, row.lowest, row.count])).toEqual([['z', 18, 5, 3]]);
    const second = await first.next();
    expect(second.items.map((row) => [row._id, row.total])).toEqual([['y', 7]]);
    expect(second.hasNext()).toBe(false);
  });

  it('lists distinct values with a filter and paging', async () => {
    const first = await owner.items.distinct('Notes', 'group', {
      filter: owner.items.filter().gt('score', 1),
      paging: { limit: 2 },
    });
    expect(first.items).toEqual(['x', 'y']);
    expect((await first.next()).items).toEqual(['z']);
  });
});

describe('indexes', () => {
  it('an index over existing duplicates is FAILED with DUPLICATE_KEY; a good one is ACTIVE; both are listed', async () => {
    const failed = await owner.indexes.createIndex('Notes', {
      name: 'uniqueGroup',
      fields: [{ path: 'group' }],
      unique: true,
    });
    expect(failed.status).toBe('FAILED');
    expect(failed.failure?.code).toBe('DUPLICATE_KEY');
    const active = await owner.indexes.createIndex('Notes', {
      name: 'byScore',
      fields: [
        { path: 'group', order: 'ASC' },
        { path: 'score', order: 'DESC' },
      ],
    });
    expect(active.status).toBe('ACTIVE');
    const listed = await owner.indexes.listIndexes('Notes');
    expect(Object.fromEntries(listed.indexes.map((index) => [index.name, index.status]))).toMatchObject({
      uniqueGroup: 'FAILED',
      byScore: 'ACTIVE',
    });
    const duplicate = await failure(
      owner.indexes.createIndex('Notes', { name: 'byScore', fields: [{ path: 'score' }] }),
    );
    expect(duplicate.status).toBe(409);
    await owner.indexes.dropIndex('Notes', 'uniqueGroup');
    expect((await owner.indexes.listIndexes('Notes')).indexes.map((index) => index.name)).toEqual([
      'byScore',
    ]);
    const badPath = await failure(
      owner.indexes.createIndex('Notes', { name: 'bad', fields: [{ path: 'a;drop' }] }),
    );
    expect(badPath.code).toBe('WD_VALIDATION_ERROR');
  });
});
