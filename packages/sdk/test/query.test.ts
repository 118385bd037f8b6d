import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, defineModule } from '../src/client.ts';
import { PagingError } from '../src/errors.ts';
import { createQuery, defaultPageSize, filter, type QueryPage, type WireQuery } from '../src/query.ts';
import { startFakeServer, type RecordedRequest } from './fake-server.ts';

interface Thing {
  id: string;
  rank: number;
}

const noop = async (): Promise<QueryPage<Thing>> => ({ items: [] });

describe('filter building', () => {
  it.each([
    ['eq', filter<Thing>().eq('id', 'a'), { id: { $eq: 'a' } }],
    ['ne', filter<Thing>().ne('id', 'a'), { id: { $ne: 'a' } }],
    ['gt', filter<Thing>().gt('rank', 1), { rank: { $gt: 1 } }],
    ['ge', filter<Thing>().ge('rank', 1), { rank: { $gte: 1 } }],
    ['lt', filter<Thing>().lt('rank', 1), { rank: { $lt: 1 } }],
    ['le', filter<Thing>().le('rank', 1), { rank: { $lte: 1 } }],
    ['startsWith', filter<Thing>().startsWith('id', 'a'), { id: { $startsWith: 'a' } }],
    ['endsWith', filter<Thing>().endsWith('id', 'a'), { id: { $endsWith: 'a' } }],
    ['contains', filter<Thing>().contains('id', 'a'), { id: { $contains: 'a' } }],
    ['in (array)', filter<Thing>().in('id', ['a', 'b']), { id: { $in: ['a', 'b'] } }],
    ['in (arguments)', filter<Thing>().in('id', 'a', 'b'), { id: { $in: ['a', 'b'] } }],
    ['hasSome', filter().hasSome('tags', ['x']), { tags: { $hasSome: ['x'] } }],
    ['hasAll', filter().hasAll('tags', 'x', 'y'), { tags: { $hasAll: ['x', 'y'] } }],
    ['exists', filter().exists('image'), { image: { $exists: true } }],
    ['exists false', filter().exists('image', false), { image: { $exists: false } }],
    [
      'between',
      filter<Thing>().between('rank', 1, 5),
      { $and: [{ rank: { $gte: 1 } }, { rank: { $lt: 5 } }] },
    ],
    [
      'several conditions',
      filter<Thing>().eq('id', 'a').gt('rank', 2),
      { $and: [{ id: { $eq: 'a' } }, { rank: { $gt: 2 } }] },
    ],
    ['none', filter(), {}],
  ])('%s', (_name, builder, expected) => {
    expect(builder.build()).toEqual(expected);
  });

  it('combines filters with and, or and not', () => {
    const cheap = filter().lt('price', 10);
    const vip = filter().hasSome('tags', ['vip']);
    expect(filter().eq('status', 'A').and(cheap).build()).toEqual({
      $and: [{ status: { $eq: 'A' } }, { price: { $lt: 10 } }],
    });
    expect(filter().eq('status', 'A').or(cheap, vip).build()).toEqual({
      $or: [{ status: { $eq: 'A' } }, { price: { $lt: 10 } }, { tags: { $hasSome: ['vip'] } }],
    });
    expect(filter().or(cheap, vip).build()).toEqual({
      $or: [{ price: { $lt: 10 } }, { tags: { $hasSome: ['vip'] } }],
    });
    expect(filter().eq('status', 'A').not(cheap).build()).toEqual({
      $and: [{ status: { $eq: 'A' } }, { $not: { price: { $lt: 10 } } }],
    });
    expect(
      filter()
        .and({ raw: { $eq: 1 } })
        .build(),
    ).toEqual({ raw: { $eq: 1 } });
  });

  it('is immutable: every call returns a new builder and leaves the old one as it was', () => {
    const base = createQuery<Thing>({ execute: noop }).eq('id', 'a');
    const narrowed = base.gt('rank', 3).ascending('rank').limit(5).skip(10);
    expect(narrowed).not.toBe(base);
    expect(base.toWire()).toEqual({ filter: { id: { $eq: 'a' } }, paging: { limit: 50, offset: 0 } });
    expect(narrowed.toWire()).toEqual({
      filter: { $and: [{ id: { $eq: 'a' } }, { rank: { $gt: 3 } }] },
      sort: [{ fieldName: 'rank', order: 'ASC' }],
      paging: { limit: 5, offset: 10 },
    });
  });

  it('sorts, projects and pages as asked, with a default page size of 50', () => {
    const query = createQuery<Thing>({ execute: noop })
      .descending('rank')
      .ascending('id')
      .fields('id', 'rank');
    expect(defaultPageSize).toBe(50);
    expect(query.toWire()).toEqual({
      sort: [
        { fieldName: 'rank', order: 'DESC' },
        { fieldName: 'id', order: 'ASC' },
      ],
      paging: { limit: 50, offset: 0 },
      fields: ['id', 'rank'],
    });
    expect(createQuery<Thing>({ execute: noop, paging: 'cursor' }).limit(7).toWire()).toEqual({
      cursorPaging: { limit: 7 },
    });
  });

  it('encodes values through the module encoder (data items send dates as $date)', () => {
    const encodeValue = (value: unknown) => (value instanceof Date ? { $date: value.toISOString() } : value);
    const when = new Date('2026-01-01T00:00:00.000Z');
    expect(filter({ encodeValue }).ge('_createdDate', when).build()).toEqual({
      _createdDate: { $gte: { $date: '2026-01-01T00:00:00.000Z' } },
    });
  });

  it.each([
    [
      'a limit that is not a positive integer',
      () => createQuery({ execute: noop }).limit(0),
      'limit must be a positive integer',
    ],
    [
      'a fractional limit',
      () => createQuery({ execute: noop }).limit(1.5),
      'limit must be a positive integer',
    ],
    ['a negative skip', () => createQuery({ execute: noop }).skip(-1), 'skip must be a non-negative integer'],
    [
      'skip in cursor paging',
      () => createQuery({ execute: noop, paging: 'cursor' }).skip(1),
      'skip is not supported in cursor paging',
    ],
    [
      'between of two types',
      () => filter().between('rank', 1, 'z'),
      'between needs two values of the same type',
    ],
    ['startsWith without a string', () => filter().startsWith('id', 3 as never), 'startsWith needs a string'],
    ['in without values', () => filter().in('id'), 'in needs at least one value'],
    [
      'ascending without a field',
      () => createQuery({ execute: noop }).ascending(),
      'ascending needs at least one field name',
    ],
    ['an empty field name', () => filter().eq('', 1), 'Field name must be a non-empty string'],
  ])('rejects %s', (_name, build, message) => {
    expect(build).toThrow(message);
  });
});

// A fake query endpoint over 7 items: offset paging at /offset, cursor paging at /cursor (the cursor is
// base64 JSON holding the offset, the filter and the page size, as a real cursor must).
const all: Thing[] = Array.from({ length: 7 }, (_, index) => ({ id: `t${index}`, rank: index }));

function answerQuery(request: RecordedRequest) {
  const query = (request.body as { query: WireQuery }).query;
  if (request.url === '/offset') {
    const limit = query.paging?.limit ?? 50;
    const offset = query.paging?.offset ?? 0;
    const items = all.slice(offset, offset + limit);
    return {
      body: {
        things: items,
        pagingMetadata: { count: items.length, offset, total: all.length, tooManyToCount: false },
      },
    };
  }
  const cursor = query.cursorPaging?.cursor;
  const state = cursor
    ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { offset: number; limit: number })
    : { offset: 0, limit: query.cursorPaging?.limit ?? 50 };
  const items = all.slice(state.offset, state.offset + state.limit);
  const encode = (offset: number) => Buffer.from(JSON.stringify({ ...state, offset })).toString('base64url');
  const hasNext = state.offset + state.limit < all.length;
  return {
    body: {
      things: items,
      pagingMetadata: {
        count: items.length,
        cursors: {
          next: hasNext ? encode(state.offset + state.limit) : null,
          prev: state.offset > 0 ? encode(Math.max(0, state.offset - state.limit)) : null,
        },
        hasNext,
      },
    },
  };
}

let server: Awaited<ReturnType<typeof startFakeServer>>;
beforeAll(async () => {
  server = await startFakeServer(answerQuery);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const things = defineModule({
  queryThings:
    (context) =>
    (paging: 'offset' | 'cursor' = 'offset') =>
      createQuery<Thing>({
        paging,
        execute: async (query) => {
          const answer = await context.request<{
            things: Thing[];
            pagingMetadata: QueryPage<Thing>['pagingMetadata'];
          }>({
            method: 'POST',
            path: `/${paging}`,
            body: { query },
          });
          return { items: answer.things, pagingMetadata: answer.pagingMetadata };
        },
      }),
});

function sentQueries(): WireQuery[] {
  return server.requests.map((request) => (request.body as { query: WireQuery }).query);
}

describe('offset paging', () => {
  it('pages forward and back through a fake server', async () => {
    const client = createClient({ baseUrl: server.baseUrl, modules: { things } });
    const first = await client.things.queryThings().eq('kind', 'x').limit(3).find();
    expect(first.items.map((thing) => thing.id)).toEqual(['t0', 't1', 't2']);
    expect(first.totalCount).toBe(7);
    expect(first.totalPages).toBe(3);
    expect(first.currentPage).toBe(0);
    expect(first.pageSize).toBe(3);
    expect(first.hasPrev()).toBe(false);
    expect(first.hasNext()).toBe(true);

    const second = await first.next();
    const third = await second.next();
    expect(third.items.map((thing) => thing.id)).toEqual(['t6']);
    expect(third.currentPage).toBe(2);
    expect(third.hasNext()).toBe(false);
    await expect(third.next()).rejects.toThrow('No next page to fetch');
    await expect(third.next()).rejects.toBeInstanceOf(PagingError);

    const back = await third.prev();
    expect(back.items.map((thing) => thing.id)).toEqual(['t3', 't4', 't5']);
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');

    // Every page keeps the filter: offset paging resends the whole query.
    expect(sentQueries().map((query) => query.paging)).toEqual([
      { limit: 3, offset: 0 },
      { limit: 3, offset: 3 },
      { limit: 3, offset: 6 },
      { limit: 3, offset: 3 },
    ]);
    expect(sentQueries().every((query) => JSON.stringify(query.filter) === '{"kind":{"$eq":"x"}}')).toBe(
      true,
    );
  });

  it('uses 50 as the page size when none is given', async () => {
    const client = createClient({ baseUrl: server.baseUrl, modules: { things } });
    const page = await client.things.queryThings().find();
    expect(page.items).toHaveLength(7);
    expect(page.hasNext()).toBe(false);
    expect(sentQueries()[0]!.paging).toEqual({ limit: 50, offset: 0 });
  });
});

describe('cursor paging', () => {
  it('pages forward and back sending only the cursor after the first page', async () => {
    const client = createClient({ baseUrl: server.baseUrl, modules: { things } });
    const first = await client.things.queryThings('cursor').eq('kind', 'x').ascending('rank').limit(4).find();
    expect(first.items.map((thing) => thing.id)).toEqual(['t0', 't1', 't2', 't3']);
    expect(first.hasNext()).toBe(true);
    expect(first.hasPrev()).toBe(false);
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');

    const second = await first.next();
    expect(second.items.map((thing) => thing.id)).toEqual(['t4', 't5', 't6']);
    expect(second.hasNext()).toBe(false);
    expect(second.hasPrev()).toBe(true);
    await expect(second.next()).rejects.toThrow('No next page to fetch');

    const back = await second.prev();
    expect(back.items.map((thing) => thing.id)).toEqual(['t0', 't1', 't2', 't3']);

    const [firstQuery, nextQuery, prevQuery] = sentQueries();
    expect(firstQuery).toEqual({
      filter: { kind: { $eq: 'x' } },
      sort: [{ fieldName: 'rank', order: 'ASC' }],
      cursorPaging: { limit: 4 },
    });
    expect(nextQuery).toEqual({ cursorPaging: { limit: 4, cursor: first.cursors.next } });
    expect(prevQuery).toEqual({ cursorPaging: { limit: 4, cursor: second.cursors.prev } });
  });
});

describe('paging metadata without totals', () => {
  it('guesses a next page from a full page and trusts hasNext when the server sends it', async () => {
    let metadata: QueryPage<Thing>['pagingMetadata'] = { count: 2, offset: 0 };
    const query = createQuery<Thing>({
      execute: async () => ({ items: all.slice(0, 2), pagingMetadata: metadata }),
    }).limit(2);
    expect((await query.find()).hasNext()).toBe(true);
    metadata = { count: 2, offset: 0, hasNext: false };
    expect((await query.find()).hasNext()).toBe(false);
    metadata = { count: 2, offset: 0, total: 2, tooManyToCount: true };
    const capped = await query.find();
    expect(capped.hasNext()).toBe(true);
    expect(capped.totalPages).toBeUndefined();
  });
});
