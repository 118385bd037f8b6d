import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type FetchLike } from '../src/client.ts';
import { base64UrlDecode } from '../src/encoding.ts';
import {
  DataError,
  dataFilter,
  fieldNameMessages,
  items,
  setFieldNameWarningSink,
  validateFilterModel,
} from '../src/modules/data/index.ts';

// The client-side checks of spec data-commerce §5 with their WDE codes (§8): each one must reject before
// anything is sent, with code WD_VALIDATION_ERROR and the exact message.

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

let sent: Sent[] = [];
let answer: (request: Sent) => { status?: number; body?: unknown; text?: string } = () => ({ body: {} });

const fakeFetch: FetchLike = async (url, init) => {
  const request = {
    method: init.method ?? 'GET',
    url,
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  };
  sent.push(request);
  const { status = 200, body = {}, text } = answer(request);
  return new Response(text ?? JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' },
  });
};

const client = createClient({ baseUrl: 'http://data.test', fetch: fakeFetch, modules: { items } });
const data = client.items;

beforeEach(() => {
  sent = [];
  answer = () => ({ body: {} });
});

async function rejection(promise: Promise<unknown> | (() => Promise<unknown>)): Promise<DataError> {
  const run = typeof promise === 'function' ? promise() : promise;
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

/** The call rejects with WD_VALIDATION_ERROR and exactly this message, and sends nothing. */
async function rejectsWith(call: () => Promise<unknown>, message: string): Promise<void> {
  const error = await rejection(call);
  expect(error.message).toBe(message);
  expect(error.code).toBe('WD_VALIDATION_ERROR');
  expect(error.wdeCode).toBe(/WDE\d{4}/.exec(message)?.[0]);
  expect(sent).toEqual([]);
}

const anyCall = data as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;

describe('argument counts (WDE0008)', () => {
  it.each([
    ['get', ['Posts'], 2, 3],
    ['get', ['Posts', 'a', {}, 'extra'], 2, 3],
    ['insert', ['Posts'], 2, 3],
    ['update', ['Posts'], 2, 3],
    ['save', [], 2, 3],
    ['remove', ['Posts', 'a', {}, 1], 2, 3],
    ['truncate', [], 1, 2],
    ['bulkInsert', ['Posts'], 2, 3],
    ['bulkUpdate', ['Posts'], 2, 3],
    ['bulkSave', ['Posts'], 2, 3],
    ['bulkRemove', ['Posts'], 2, 3],
    ['distinct', ['Posts'], 2, 3],
    ['fetch', ['Posts'], 2, 4],
    ['queryReferenced', ['Posts', 'a'], 3, 4],
    ['isReferenced', ['Posts', 'rel', 'a'], 4, 5],
    ['removeReference', ['Posts', 'rel', 'a'], 4, 5],
    ['replaceReferences', ['Posts', 'rel', 'a'], 4, 5],
  ])('%s with %j', async (method, args, from, to) => {
    await rejectsWith(
      () => anyCall[method]!(...args),
      `WDE0008: items.${method} expects between ${from} and ${to} arguments, but was called with ${args.length}.`,
    );
  });

  it('insertReference counts 4 to 5 arguments in its relationship form and 2 to 3 with a list', async () => {
    await rejectsWith(
      () => anyCall.insertReference!('Posts', 'rel', 'a', 'b', {}, 'extra'),
      'WDE0008: items.insertReference expects between 4 and 5 arguments, but was called with 6.',
    );
    await rejectsWith(
      () => anyCall.insertReference!('Posts', [{ relationshipName: 'r', left: 'a', right: 'b' }], {}, 1),
      'WDE0008: items.insertReference expects between 2 and 3 arguments, but was called with 4.',
    );
  });

  it('find, count and distinct of a query, and run of an aggregate', async () => {
    const query = data.query('Posts') as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await rejectsWith(
      () => query.find!({}, 2),
      'Failed to perform query on [Posts].\nWDE0008: items.find expects between 0 and 1 arguments, but was called with 2.',
    );
    await rejectsWith(
      () => query.count!({}, 2),
      'Failed to perform query on [Posts].\nWDE0008: items.count expects between 0 and 1 arguments, but was called with 2.',
    );
    await rejectsWith(
      () => query.distinct!(),
      'Failed to perform query on [Posts].\nWDE0003: FieldName must be a string.\nWDE0008: items.distinct expects between 1 and 2 arguments, but was called with 0.',
    );
    const aggregate = data.aggregate('Posts') as unknown as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >;
    await rejectsWith(
      () => aggregate.run!({}, 2),
      'Failed to perform aggregation on [Posts].\nWDE0008: items.run expects between 0 and 1 arguments, but was called with 2.',
    );
  });
});

describe('names, ids and items (WDE0001–WDE0007, WDE0068, WDE0069)', () => {
  it.each([
    ['get', [1, 'a']],
    ['insert', [null, {}]],
    ['truncate', [{}]],
    ['bulkRemove', [7, ['a']]],
  ])('%s refuses a collection name that is not a string (WDE0001)', async (method, args) => {
    await rejectsWith(() => anyCall[method]!(...args), 'WDE0001: Collection name must be a string.');
  });

  it('get and remove refuse an item id that is not a string (WDE0002)', async () => {
    await rejectsWith(() => anyCall.get!('Posts', 5), 'WDE0002: ItemId must be a string.');
    await rejectsWith(() => anyCall.remove!('Posts', { _id: 'a' }), 'WDE0002: ItemId must be a string.');
  });

  it('distinct refuses a field name that is not a string (WDE0003)', async () => {
    await rejectsWith(() => anyCall.distinct!('Posts', 3), 'WDE0003: FieldName must be a string.');
  });

  it('insert and save refuse an item that is not an object (WDE0004)', async () => {
    await rejectsWith(
      () => anyCall.insert!('Posts', 'text'),
      'WDE0004: Failed to save [text] into [Posts].\nItems must be JavaScript objects.',
    );
    await rejectsWith(
      () => anyCall.save!('Posts', ['a']),
      'WDE0004: Failed to save [a] into [Posts].\nItems must be JavaScript objects.',
    );
  });

  it('insert takes an absent or string _id; update needs a string _id (WDE0007)', async () => {
    const message = 'WDE0007: Invalid update. Updated object must have a string _id property.';
    await rejectsWith(() => anyCall.insert!('Posts', { _id: 5 }), message);
    await rejectsWith(() => anyCall.update!('Posts', { title: 'x' }), message);
    await rejectsWith(() => anyCall.update!('Posts', { _id: 9 }), message);
    answer = () => ({ body: { dataItem: { id: 'n', dataCollectionId: 'Posts', data: { _id: 'n' } } } });
    await expect(data.insert('Posts', { title: 'no id' })).resolves.toEqual({ _id: 'n' });
  });

  it.each([
    ['bulkInsert', 'not an array'],
    ['bulkSave', [{ _id: 1 }]],
    ['bulkUpdate', ['text']],
  ])('%s refuses %j (WDE0005)', async (method, list) => {
    await rejectsWith(
      () => anyCall[method]!('Posts', list),
      'WDE0005: Failed to bulk save items into [Posts].\nItems must be an array of JavaScript objects and itemIds must be strings if present.',
    );
  });

  it('bulk insert, save and update refuse more than 1000 items (WDE0006)', async () => {
    const list = Array.from({ length: 1001 }, (_, index) => ({ _id: `i${index}` }));
    for (const method of ['bulkInsert', 'bulkSave', 'bulkUpdate']) {
      await rejectsWith(
        () => anyCall[method]!('Posts', list),
        'WDE0006: Failed to bulk save items into [Posts].\nCannot insert more than 1000 items in one request',
      );
    }
  });

  it('bulk update needs an _id on every item (WDE0007)', async () => {
    await rejectsWith(
      () => anyCall.bulkUpdate!('Posts', [{ _id: 'a' }, { title: 'b' }]),
      'WDE0007: Invalid update. Updated object must have a string _id property.',
    );
  });

  it('bulk remove takes an array of string ids (WDE0068), at most 1000 (WDE0069)', async () => {
    await rejectsWith(
      () => anyCall.bulkRemove!('Posts', ['a', 2]),
      'WDE0068: Item ids must be an array of strings',
    );
    await rejectsWith(
      () => anyCall.bulkRemove!('Posts', 'a'),
      'WDE0068: Item ids must be an array of strings',
    );
    await rejectsWith(
      () =>
        anyCall.bulkRemove!(
          'Posts',
          Array.from({ length: 1001 }, (_, index) => `i${index}`),
        ),
      'WDE0069: Failed to remove items from [Posts].\nCannot remove more than 1000 items in one request',
    );
  });
});

describe('options (WDE0018)', () => {
  const general =
    'WDE0018: Options must be an object with one or all of the following boolean properties: suppressAuth, suppressHooks, showDrafts, consistentRead, language.';
  it.each([
    ['get', ['Posts', 'a', { suppressAuth: 'yes' }], general],
    ['get', ['Posts', 'a', { language: '' }], general],
    ['get', ['Posts', 'a', 'options'], general],
    ['insert', ['Posts', {}, { unknownKey: true }], general],
    ['remove', ['Posts', 'a', { consistentRead: 1 }], general],
    [
      'bulkInsert',
      ['Posts', [], { showDrafts: true }],
      'WDE0018: Options must be an object with one or all of the following boolean properties: suppressAuth, suppressHooks, overrideExisting.',
    ],
    [
      'bulkUpdate',
      ['Posts', [], { overrideExisting: true }],
      'WDE0018: Options must be an object with one or all of the following boolean properties: suppressAuth, suppressHooks, showDrafts.',
    ],
    [
      'bulkRemove',
      ['Posts', [], { consistentRead: true }],
      'WDE0018: Options must be an object with one or all of the following boolean properties: suppressAuth, suppressHooks, showDrafts.',
    ],
    [
      'truncate',
      ['Posts', { suppressHooks: true }],
      'WDE0018: Options must be an object with one or all of the following boolean properties: suppressAuth.',
    ],
  ])('%s refuses %j', async (method, args, message) => {
    await rejectsWith(() => anyCall[method]!(...args), message);
  });

  it('accepts the listed flags, a language and the call-specific keys', async () => {
    answer = () => ({ body: {} });
    await expect(
      data.get('Posts', 'a', {
        suppressAuth: true,
        consistentRead: false,
        language: 'en',
        fields: ['title'],
      }),
    ).resolves.toBeNull();
    await expect(data.truncate('Posts', { suppressAuth: true })).resolves.toBeUndefined();
  });

  it('a query find refuses bad options inside the query message', async () => {
    await rejectsWith(
      () => data.query('Posts').find({ showDrafts: 'no' } as never),
      `Failed to perform query on [Posts].\n${general}`,
    );
  });
});

describe('references (WDE0019, WDE0021, WDE0094)', () => {
  const parameter = 'WDE0019: Reference operation takes a string ID or an object with an ID to be connected.';
  it.each([
    ['queryReferenced', ['Posts', 5, 'authors']],
    ['queryReferenced', ['Posts', { id: 'a' }, 'authors']],
    ['isReferenced', ['Posts', 'authors', 'a', '']],
    ['replaceReferences', ['Posts', 'authors', 'a', [1]]],
    ['removeReference', ['Posts', 'authors', null, 'b']],
  ])('%s refuses %j (WDE0019)', async (method, args) => {
    await rejectsWith(() => anyCall[method]!(...args), parameter);
  });

  it('insertReference needs relationship name, left and right on every reference (WDE0021)', async () => {
    await rejectsWith(
      () => anyCall.insertReference!('Posts', [{ relationshipName: 'authors', left: 'a' }]),
      'WDE0021: Invalid reference',
    );
    await rejectsWith(
      () => anyCall.insertReference!('Posts', [{ left: 'a', right: 'b' }]),
      'WDE0021: Invalid reference',
    );
  });

  it('the relationship name and the cursor are non-empty strings (WDE0094)', async () => {
    await rejectsWith(
      () => anyCall.queryReferenced!('Posts', 'a', ''),
      'WDE0094: Invalid relationshipName parameter. relationshipName parameter must be non-empty string.',
    );
    await rejectsWith(
      () => anyCall.isReferenced!('Posts', 3, 'a', 'b'),
      'WDE0094: Invalid relationshipName parameter. relationshipName parameter must be non-empty string.',
    );
    await rejectsWith(
      () => anyCall.fetch!('Posts', ''),
      'WDE0094: Invalid cursor parameter. cursor parameter must be non-empty string.',
    );
  });

  it('queryReferenced checks limit and skip', async () => {
    await rejectsWith(
      () => data.queryReferenced('Posts', 'a', 'authors', { limit: 0 }),
      'WDE0033: Invalid limit parameter [0]. limit parameter must be a positive number.',
    );
    await rejectsWith(
      () => data.queryReferenced('Posts', 'a', 'authors', { skip: -1 }),
      'WDE0034: Invalid skip parameter [-1]. skip parameter must be a non-negative number.',
    );
  });
});

describe('query limit and skip (WDE0032–WDE0036, WDE0039, WDE0080)', () => {
  const query = (text: string) => `Failed to perform query on [Posts].\n${text}`;
  it.each([
    [
      (q: ReturnType<typeof data.query>) => q.limit('5' as never),
      'WDE0032: Invalid .limit parameter [String]. .limit parameter must be a positive number.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.limit(0),
      'WDE0033: Invalid .limit parameter [0]. .limit parameter must be a positive number.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.limit(-3),
      'WDE0033: Invalid .limit parameter [-3]. .limit parameter must be a positive number.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.limit(2.5),
      'WDE0035: Invalid .limit parameter [2.5]. .limit parameter must be an integer.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.limit(2 ** 53 - 1),
      'WDE0035: Invalid .limit parameter [9007199254740991]. .limit parameter must be an integer.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.limit(1001),
      'WDE0036: Invalid .limit parameter [1001]. .limit parameter cannot exceed 1000.',
    ],
    [
      (q: ReturnType<typeof data.query>) => (q.limit as (...a: unknown[]) => unknown)(1, 2) as typeof q,
      'WDE0039: Invalid .limit usage. .limit requires one parameter.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.skip(null as never),
      'WDE0032: Invalid .skip parameter [Null]. .skip parameter must be a non-negative number.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.skip(-1),
      'WDE0034: Invalid .skip parameter [-1]. .skip parameter must be a non-negative number.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.skip(1.5),
      'WDE0035: Invalid .skip parameter [1.5]. .skip parameter must be an integer.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.skip(-(2 ** 53 - 1)),
      'WDE0034: Invalid .skip parameter [-9007199254740991]. .skip parameter must be a non-negative number.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.cursorPaging().skip(10),
      'WDE0080: Skip is not supported in cursor paging.',
    ],
    [
      (q: ReturnType<typeof data.query>) => q.skip(10).cursorPaging(),
      'WDE0080: Skip is not supported in cursor paging.',
    ],
  ])('%#: %s', async (build, message) => {
    await rejectsWith(() => build(data.query('Posts')).find(), query(message));
  });

  it('accepts the extremes inside the range: limit 1 and 1000, skip 0 and 2^53 − 2', async () => {
    answer = () => ({
      body: { dataItems: [], pagingMetadata: { count: 0, offset: 0, total: 0, hasNext: false } },
    });
    await data.query('Posts').limit(1).skip(0).find();
    await data
      .query('Posts')
      .limit(1000)
      .skip(2 ** 53 - 2)
      .find();
    expect(sent).toHaveLength(2);
  });

  it('lists every problem of a query, in the order written', async () => {
    await rejectsWith(
      () => data.query('Posts').limit(0).skip(-1).find(),
      query(
        'WDE0033: Invalid .limit parameter [0]. .limit parameter must be a positive number.\nWDE0034: Invalid .skip parameter [-1]. .skip parameter must be a non-negative number.',
      ),
    );
  });
});

describe('filter operands (WDE0040–WDE0050, WDE0070)', () => {
  type Q = ReturnType<typeof data.query>;
  const call = (q: Q, method: string, ...args: unknown[]) =>
    (q as unknown as Record<string, (...a: unknown[]) => Q>)[method]!(...args);
  it.each([
    ['eq', ['title'], 'WDE0040: Invalid .eq usage. .eq requires two parameters.'],
    ['ne', [3, 'x'], 'WDE0048: Invalid .ne field value [Number]. .ne field must be a String.'],
    [
      'gt',
      ['views', true],
      'WDE0045: Invalid .gt parameter value [Boolean]. Valid .gt parameter types are String, Number or Date.',
    ],
    [
      'ge',
      ['views', null],
      'WDE0045: Invalid .ge parameter value [Null]. Valid .ge parameter types are String, Number or Date.',
    ],
    [
      'lt',
      ['views', {}],
      'WDE0045: Invalid .lt parameter value [Object]. Valid .lt parameter types are String, Number or Date.',
    ],
    [
      'le',
      ['views', [1]],
      'WDE0045: Invalid .le parameter value [Array]. Valid .le parameter types are String, Number or Date.',
    ],
    [
      'startsWith',
      ['title', 5],
      'WDE0044: Invalid .startsWith parameter value [Number]. .startsWith parameter must be a String.',
    ],
    [
      'endsWith',
      ['title', null],
      'WDE0044: Invalid .endsWith parameter value [Null]. .endsWith parameter must be a String.',
    ],
    [
      'contains',
      ['title', new Date(0)],
      'WDE0044: Invalid .contains parameter value [Date]. .contains parameter must be a String.',
    ],
    ['in', ['tags'], 'WDE0042: Invalid .in usage. .in requires at least two parameters.'],
    [
      'hasSome',
      ['tags', [true]],
      'WDE0047: Invalid .hasSome usage. .hasSome supports only Number, String or Date items.',
    ],
    [
      'hasAll',
      ['tags', 'a', {}],
      'WDE0047: Invalid .hasAll usage. .hasAll supports only Number, String or Date items.',
    ],
    ['between', ['views', 1], 'WDE0041: Invalid .between usage. .between requires three parameters.'],
    [
      'between',
      ['views', 1, '9'],
      'WDE0046: Invalid .between parameter values [Number] and [String]. Both parameters must be of the same type.',
    ],
    [
      'between',
      ['views', true, false],
      'WDE0045: Invalid .between parameter value [Boolean]. Valid .between parameter types are String, Number or Date.',
    ],
    ['or', [{ title: 'x' }], 'WDE0049: Invalid .or parameter [Object]. .or expects DataQuery only.'],
    ['and', [], 'WDE0043: Invalid .and usage. .and requires at least one parameter.'],
    ['ascending', [], 'WDE0043: Invalid .ascending usage. .ascending requires at least one parameter.'],
    [
      'descending',
      ['title', 3],
      'WDE0051: Invalid .descending parameters [String,Number]. Valid .descending values are String, Array of String or varargs String.',
    ],
    ['exists', [], 'WDE0039: Invalid .exists usage. .exists requires one parameter.'],
  ])('%s(%j)', async (method, args, message) => {
    await rejectsWith(
      () => call(data.query('Posts'), method, ...args).find(),
      `Failed to perform query on [Posts].\n${message}`,
    );
  });

  it('accepts any value for eq and ne, and strings, numbers and dates for comparisons', async () => {
    answer = () => ({
      body: { dataItems: [], pagingMetadata: { count: 0, offset: 0, total: 0, hasNext: false } },
    });
    await data
      .query('Posts')
      .eq('a', { nested: [1] })
      .ne('b', null)
      .gt('c', 'x')
      .ge('d', 1)
      .lt('e', new Date(0))
      .between('f', new Date(0), new Date(1))
      .find();
    expect(sent).toHaveLength(1);
  });

  it('refuses a query of another collection in or/and/not (WDE0050)', async () => {
    await rejectsWith(
      () => data.query('Posts').or(data.query('Team').eq('a', 1)).find(),
      'Failed to perform query on [Posts].\nWDE0050: Invalid .or parameter query for [Team]. .or accepts DataQuery for the same collection only.',
    );
  });

  it('carries the problems of a filter combined into a query', async () => {
    await rejectsWith(
      () =>
        data
          .query('Posts')
          .and(dataFilter().gt('views', false as never))
          .find(),
      'Failed to perform query on [Posts].\nWDE0045: Invalid .gt parameter value [Boolean]. Valid .gt parameter types are String, Number or Date.',
    );
  });

  it('a stand-alone filter reports its problems from build()', () => {
    expect(() =>
      dataFilter()
        .startsWith('a', 1 as never)
        .build(),
    ).toThrow(
      'Failed to build a filter.\nWDE0044: Invalid .startsWith parameter value [Number]. .startsWith parameter must be a String..',
    );
    expect(dataFilter().eq('a', 1).build()).toEqual({ a: { $eq: 1 } });
  });
});

describe('filter models (WDE0016, WDE0056–WDE0064, WDE0070) and sort models (WDE0065–WDE0067)', () => {
  it.each([
    [{ title: { $regex: '^a' } }, ['WDE0070: $regex keyword is not allowed.']],
    [{ $and: [{ $or: [{ title: { $regex: 'x' } }] }] }, ['WDE0070: $regex keyword is not allowed.']],
    [{ $and: { a: 1 } }, ['WDE0057: $and should be an Array. Got {"a":1} instead']],
    [
      { $not: [{ a: 1 }, { b: 2 }] },
      ['WDE0057: [{"a":1},{"b":2}].length is 2. $not Array should have length 1'],
    ],
    [{ a: { $gt: [1] } }, ['WDE0058: a.$gt should be a Date, Number, String, or Boolean. Got [1] instead']],
    [{ a: { $startsWith: 1 } }, ['WDE0059: a.$startsWith should be a String. Got 1 instead']],
    [
      { a: { $in: [{}] } },
      [
        'WDE0060: a.$in Array should only contain values of types Date, Number, String, and Boolean. Got [{}] instead',
      ],
    ],
    [{ a: { $hasSome: 'x' } }, ['WDE0057: a.$hasSome should be an Array. Got "x" instead']],
    [{ a: { $like: 'x' } }, ['WDE0061: Unknown operator a.$like']],
    [{ $where: 'x' }, ['WDE0061: Unknown operator $where']],
    [
      { a: { $matches: { spec: [] } } },
      ['WDE0062: $matches value {"spec":[]} does not have property ignoreCase'],
    ],
    [
      { a: { $matches: { ignoreCase: false, spec: [] } } },
      ['WDE0063: $matches.ignoreCase should equal true. Got false instead'],
    ],
    [
      { a: { $matches: { ignoreCase: true, spec: [{ type: 'regex', value: '.*' }] } } },
      [
        'WDE0064: $matches.spec Array values should be either {"type":"anyOf","value":" \\t\\n-"} or {"type":"literal","value":String}. Got {"type":"regex","value":".*"} instead',
      ],
    ],
    [
      {
        a: { $matches: { ignoreCase: true, spec: [{ type: 'literal', value: 'x' }] } },
        b: { $date: '2026-01-01' },
      },
      [],
    ],
    [{ a: 1, b: { $gte: { $date: '2026-01-01T00:00:00Z' } }, $or: [{ c: { $exists: true } }] }, []],
  ])('%j', (model, problems) => {
    expect(validateFilterModel(model)).toEqual(problems);
  });

  it('a filter model that is not an object is WDE0056 (setFilterModel) or WDE0016 (distinct)', async () => {
    expect(validateFilterModel('x')).toEqual(['WDE0056: Filter Model should be an Object. Got "x" instead']);
    await rejectsWith(
      () =>
        data
          .query('Posts')
          .setFilterModel({ a: { $regex: 'x' } })
          .find(),
      'Failed to perform query on [Posts].\nWDE0070: $regex keyword is not allowed.',
    );
    await rejectsWith(
      () => data.distinct('Posts', 'a', { filter: 'x' as never }),
      'WDE0016: Filter must be an object.',
    );
    await rejectsWith(
      () => data.distinct('Posts', 'a', { filter: { a: { $regex: 'x' } } }),
      'WDE0070: $regex keyword is not allowed.',
    );
  });

  it.each([
    ['not an array', 'WDE0065: Sort Model should be an Array. Got "not an array" instead'],
    [['title'], 'WDE0066: Sort Model Array should contain values of type Object only. Got "title" instead'],
    [
      [{ title: 'up' }],
      'WDE0067: Sort Model Array items should have a single property with value "asc" or "desc". Got {"title":"up"} instead',
    ],
    [
      [{ a: 'asc', b: 'desc' }],
      'WDE0067: Sort Model Array items should have a single property with value "asc" or "desc". Got {"a":"asc","b":"desc"} instead',
    ],
  ])('setSortModel(%j)', async (model, message) => {
    await rejectsWith(
      () =>
        data
          .query('Posts')
          .setSortModel(model as never)
          .find(),
      `Failed to perform query on [Posts].\n${message}`,
    );
  });
});

describe('aggregation (WDE0011–WDE0013)', () => {
  const failed = (text: string) => `Failed to perform aggregation on [Orders].\n${text}`;
  it('filter, group and having may be set only once', async () => {
    const filter = data.filter().eq('status', 'PAID');
    await rejectsWith(
      () => data.aggregate('Orders').filter(filter).filter(filter).run(),
      failed('WDE0012: Invalid .filter usage. Filter is already set.'),
    );
    await rejectsWith(
      () => data.aggregate('Orders').eq('a', 1).filter(filter).run(),
      failed('WDE0012: Invalid .filter usage. Filter is already set.'),
    );
    await rejectsWith(
      () => data.aggregate('Orders').having(filter).having(filter).run(),
      failed('WDE0012: Invalid .having usage. Filter is already set.'),
    );
    await rejectsWith(
      () => data.aggregate('Orders').group('city').group('country').run(),
      failed('WDE0013: Invalid .group usage. Group is already set.'),
    );
  });

  it('filter and having must be filter builders', async () => {
    await rejectsWith(
      () =>
        data
          .aggregate('Orders')
          .filter({ status: 'PAID' } as never)
          .run(),
      failed('WDE0011: Invalid .filter usage. .filter requires a data filter.'),
    );
    await rejectsWith(
      () =>
        data
          .aggregate('Orders')
          .having(data.query('Orders') as never)
          .run(),
      failed('WDE0011: Invalid .having usage. .having requires a data filter.'),
    );
  });

  it('accumulators need a string field; group needs at least one field', async () => {
    await rejectsWith(
      () =>
        data
          .aggregate('Orders')
          .sum(3 as never)
          .run(),
      failed('WDE0044: Invalid .sum parameter value [Number]. .sum parameter must be a String.'),
    );
    await rejectsWith(
      () => data.aggregate('Orders').group().run(),
      failed('WDE0043: Invalid .group usage. .group requires at least one parameter.'),
    );
    await rejectsWith(
      () => data.aggregate('Orders').limit(0).run(),
      failed('WDE0033: Invalid .limit parameter [0]. .limit parameter must be a positive number.'),
    );
  });

  it('sends the stages in their wire form and unwraps a single group id', async () => {
    answer = () => ({
      body: {
        results: [{ _id: { city: 'Oslo' }, city: 'Oslo', revenue: 10, count: 2 }],
        pagingMetadata: { count: 1, offset: 0, hasNext: false },
      },
    });
    const rows = await data
      .aggregate('Orders')
      .filter(data.filter().ge('paidAt', new Date('2026-01-01T00:00:00Z')))
      .group('city')
      .sum('total', 'revenue')
      .avg('total')
      .count()
      .having(data.filter().gt('revenue', 5))
      .descending('revenue')
      .limit(5)
      .run();
    expect(rows.items).toEqual([{ _id: 'Oslo', city: 'Oslo', revenue: 10, count: 2 }]);
    expect(sent[0]!.body).toEqual({
      dataCollectionId: 'Orders',
      initialFilter: { paidAt: { $gte: { $date: '2026-01-01T00:00:00.000Z' } } },
      aggregation: {
        groupingFields: ['city'],
        operations: [
          { resultFieldName: 'revenue', sum: { itemFieldName: 'total' } },
          { resultFieldName: 'totalAvg', average: { itemFieldName: 'total' } },
          { resultFieldName: 'count', itemCount: {} },
        ],
      },
      finalFilter: { revenue: { $gt: 5 } },
      sort: [{ fieldName: 'revenue', order: 'DESC' }],
      paging: { limit: 5, offset: 0 },
    });
  });
});

describe('patch (WDE0003, WDE0032, WDE0039, WDE0040)', () => {
  const failed = (text: string) => `Failed to patch items of [Posts].\n${text}`;
  it('incrementField needs a number; the other changes their arguments', async () => {
    await rejectsWith(
      () =>
        data
          .patch('Posts', 'a')
          .incrementField('views', '1' as never)
          .run(),
      failed(
        'WDE0032: Invalid .incrementField parameter [String]. .incrementField parameter must be a number.',
      ),
    );
    const patch = data.patch('Posts', 'a') as unknown as Record<
      string,
      (...args: unknown[]) => { run(): Promise<unknown> }
    >;
    await rejectsWith(
      () => patch.setField!('title').run(),
      failed('WDE0040: Invalid .setField usage. .setField requires two parameters.'),
    );
    await rejectsWith(
      () => patch.appendToArray!('tags').run(),
      failed('WDE0040: Invalid .appendToArray usage. .appendToArray requires two parameters.'),
    );
    await rejectsWith(
      () => patch.removeFromArray!('tags').run(),
      failed('WDE0040: Invalid .removeFromArray usage. .removeFromArray requires two parameters.'),
    );
    await rejectsWith(
      () => patch.removeField!('a', 'b').run(),
      failed('WDE0039: Invalid .removeField usage. .removeField requires one parameter.'),
    );
    await rejectsWith(() => patch.setField!(5, 'x').run(), failed('WDE0003: FieldName must be a string.'));
  });

  it('checks the collection and the ids when it runs', async () => {
    await rejectsWith(
      () =>
        data
          .patch(5 as never, 'a')
          .setField('a', 1)
          .run(),
      'Failed to patch items of [5].\nWDE0001: Collection name must be a string.',
    );
    await rejectsWith(
      () =>
        data
          .patch('Posts', 5 as never)
          .setField('a', 1)
          .run(),
      failed('WDE0002: ItemId must be a string.'),
    );
    await rejectsWith(
      () =>
        data
          .bulkPatch('Posts', ['a', 1] as never)
          .setField('a', 1)
          .run(),
      failed('WDE0068: Item ids must be an array of strings'),
    );
  });

  it('sends the field modifications', async () => {
    answer = () => ({
      body: { dataItem: { id: 'a', dataCollectionId: 'Posts', data: { _id: 'a', views: 2 } } },
    });
    await data
      .patch('Posts', 'a')
      .incrementField('views', 1)
      .setField('at', new Date(0))
      .removeField('old')
      .run();
    expect(sent[0]!.body).toEqual({
      dataCollectionId: 'Posts',
      patch: {
        dataItemId: 'a',
        fieldModifications: [
          { fieldPath: 'views', action: 'INCREMENT_FIELD', incrementFieldOptions: { value: 1 } },
          {
            fieldPath: 'at',
            action: 'SET_FIELD',
            setFieldOptions: { value: { $date: '1970-01-01T00:00:00.000Z' } },
          },
          { fieldPath: 'old', action: 'REMOVE_FIELD' },
        ],
      },
    });
  });
});

describe('field names with $ and dots (logged, never blocking)', () => {
  const logged: string[] = [];
  let previous: ReturnType<typeof setFieldNameWarningSink>;
  beforeEach(() => {
    logged.length = 0;
    previous = setFieldNameWarningSink({
      error: (m) => logged.push(`error ${m}`),
      warn: (m) => logged.push(`warn ${m}`),
    });
    answer = () => ({ body: { dataItem: { id: 'a', dataCollectionId: 'Posts', data: { _id: 'a' } } } });
  });
  afterEach(() => setFieldNameWarningSink(previous));

  it('logs a $-prefixed name as an error and a dotted name as a warning, and still sends', async () => {
    await data.insert('Posts', { $price: 1, nested: { 'a.b': 2 } });
    expect(logged).toEqual([`error ${fieldNameMessages.dollar}`, `warn ${fieldNameMessages.dot}`]);
    expect(sent).toHaveLength(1);
  });

  it('does not log plain names or dates', async () => {
    await data.insert('Posts', { title: 'x', at: new Date(0) });
    expect(logged).toEqual([]);
  });
});

describe('the wire: dates, GET form, paging and error translation', () => {
  const page = (dataItems: unknown[], pagingMetadata: Record<string, unknown>) => ({
    body: {
      dataItems: dataItems.map((data) => ({
        id: (data as { _id: string })._id,
        dataCollectionId: 'Posts',
        data,
      })),
      pagingMetadata,
    },
  });

  it('sends dates as $date in items and filters and returns Date objects', async () => {
    answer = () => ({
      body: {
        dataItem: {
          id: 'a',
          dataCollectionId: 'Posts',
          data: {
            _id: 'a',
            at: { $date: '2026-02-03T04:05:06.000Z' },
            list: [{ $date: '2026-01-01T00:00:00.000Z' }],
          },
        },
      },
    });
    const item = await data.insert('Posts', {
      at: new Date('2026-02-03T04:05:06Z'),
      deep: { list: [new Date(0)] },
    });
    expect(sent[0]!.body).toEqual({
      dataCollectionId: 'Posts',
      dataItem: {
        data: {
          at: { $date: '2026-02-03T04:05:06.000Z' },
          deep: { list: [{ $date: '1970-01-01T00:00:00.000Z' }] },
        },
      },
    });
    expect(item.at).toEqual(new Date('2026-02-03T04:05:06Z'));
    expect((item.list as Date[])[0]).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('sends a query without a cursor as a GET with .r, and the next cursor page as a POST with only the cursor', async () => {
    answer = (request) =>
      request.method === 'GET'
        ? page([{ _id: 'a' }], { count: 1, cursors: { next: 'c2', prev: null }, hasNext: true })
        : page([{ _id: 'b' }], { count: 1, cursors: { next: null, prev: 'c1' }, hasNext: false });
    const first = await data
      .query('Posts')
      .gt('at', new Date(0))
      .descending('at')
      .limit(1)
      .cursorPaging()
      .find();
    expect(sent[0]!.method).toBe('GET');
    const encoded = new URL(sent[0]!.url).searchParams.get('.r')!;
    expect(JSON.parse(base64UrlDecode(encoded))).toEqual({
      dataCollectionId: 'Posts',
      query: {
        filter: { at: { $gt: { $date: '1970-01-01T00:00:00.000Z' } } },
        sort: [{ fieldName: 'at', order: 'DESC' }],
        cursorPaging: { limit: 1 },
      },
    });
    const second = await first.next();
    expect(sent[1]).toMatchObject({
      method: 'POST',
      body: { dataCollectionId: 'Posts', query: { cursorPaging: { limit: 1, cursor: 'c2' } } },
    });
    expect(second.items).toEqual([{ _id: 'b' }]);
    expect(second.hasPrev()).toBe(true);
    await expect(second.next()).rejects.toThrow('WDE0165: Invalid query on [Posts].\nThere is no next page.');
  });

  it('sends a query whose URL would pass 2048 characters as a POST', async () => {
    answer = () => page([], { count: 0, offset: 0, total: 0, hasNext: false });
    await data.query('Posts').eq('title', 'y'.repeat(2100)).find();
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toMatchObject({
      query: { filter: { title: { $eq: 'y'.repeat(2100) } }, paging: { limit: 50, offset: 0 } },
    });
  });

  it('pages by offset with the default page size of 50', async () => {
    answer = (request) => {
      const query =
        request.method === 'GET'
          ? JSON.parse(base64UrlDecode(new URL(request.url).searchParams.get('.r')!)).query
          : (request.body as { query: { paging: { offset: number } } }).query;
      const offset = query.paging.offset as number;
      return page([{ _id: `at-${offset}` }], {
        count: 1,
        offset,
        total: 120,
        tooManyToCount: false,
        hasNext: offset + 50 < 120,
      });
    };
    const first = await data.query('Posts').find();
    expect(first.pageSize).toBe(50);
    expect(first.totalPages).toBe(3);
    const third = await (await first.next()).next();
    expect(third.items[0]!._id).toBe('at-100');
    expect(third.currentPage).toBe(2);
    await expect(third.next()).rejects.toMatchObject({ code: 'WD_VALIDATION_ERROR', wdeCode: 'WDE0165' });
    const second = await third.prev();
    expect(second.items[0]!._id).toBe('at-50');
    await expect(first.prev()).rejects.toMatchObject({
      code: 'WD_VALIDATION_ERROR',
      wdeCode: 'WDE0159',
      message: 'WDE0159: Invalid query on [Posts].\nThere is no prev page.',
    });
  });

  it('maps a 413 to WDE0109', async () => {
    answer = () => ({ status: 413, body: { message: 'Request body is too large' } });
    const error = await rejection(data.insert('Posts', { a: 1 }));
    expect(error).toMatchObject({
      code: 'WDE0109',
      wdeCode: 'WDE0109',
      message: 'WDE0109: Payload is too large.',
      status: 413,
    });
  });

  it('turns field violations into WD_VALIDATION_ERROR with field: description lines', async () => {
    answer = () => ({
      status: 400,
      body: {
        message: 'Invalid request',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'dataItem.data.views', description: 'must be a number', violatedRule: 'VALIDATION' },
            ],
          },
        },
      },
    });
    const error = await rejection(data.insert('Posts', { views: 'x' }));
    expect(error.code).toBe('WD_VALIDATION_ERROR');
    expect(error.message).toBe('Invalid request\ndataItem.data.views: must be a number');
    expect(error.violations).toHaveLength(1);
    expect(error.operation).toBe('items.insert');
  });

  it('keeps application codes, answers null for WDE0073 on get and remove', async () => {
    answer = () => ({
      status: 403,
      body: {
        message: 'no',
        details: { applicationError: { code: 'WDE0027', description: 'You may not insert' } },
      },
    });
    const error = await rejection(data.insert('Posts', {}));
    expect(error).toMatchObject({
      code: 'WDE0027',
      wdeCode: 'WDE0027',
      message: 'You may not insert',
      status: 403,
    });
    answer = () => ({
      status: 404,
      body: { message: 'x', details: { applicationError: { code: 'WDE0073', description: 'missing' } } },
    });
    await expect(data.get('Posts', 'a')).resolves.toBeNull();
    await expect(data.remove('Posts', 'a')).resolves.toBeNull();
    await expect(data.update('Posts', { _id: 'a' })).rejects.toMatchObject({ code: 'WDE0073' });
  });

  it('re-raises the error a hook threw (WDE0078)', async () => {
    answer = () => ({
      status: 400,
      body: {
        message: 'hook failed',
        details: {
          applicationError: {
            code: 'WDE0078',
            description: 'hook failed',
            data: { jsErrorValue: { name: 'QuotaError', message: 'Too many posts', code: 'QUOTA' } },
          },
        },
      },
    });
    const error = await rejection(data.insert('Posts', {}));
    expect(error).toMatchObject({
      name: 'QuotaError',
      message: 'Too many posts',
      code: 'QUOTA',
      wdeCode: 'WDE0078',
    });
  });

  it('codes failures the caller cannot fix WD_UNKNOWN_ERROR: WDE0053, or WDE0055 for an unreadable answer', async () => {
    answer = () => ({ status: 500, body: { message: 'System error occurred', requestId: 'req-1' } });
    const server = await rejection(data.query('Posts').count());
    expect(server).toMatchObject({
      code: 'WD_UNKNOWN_ERROR',
      wdeCode: 'WDE0053',
      message: 'WDE0053: Internal wixData error: request-id: req-1.',
    });
    answer = () => ({ text: 'not json' });
    const unreadable = await rejection(data.query('Posts').count());
    expect(unreadable).toMatchObject({
      code: 'WD_UNKNOWN_ERROR',
      wdeCode: 'WDE0055',
      message: 'WDE0055: Failed to parse server response.',
    });
  });

  it('counts bulk results: WDE0074 skipped on insert, WDE0073 skipped on update, others are errors', async () => {
    answer = () => ({
      body: {
        results: [
          { action: 'INSERT', itemMetadata: { id: 'a', originalIndex: 0, success: true } },
          {
            action: 'INSERT',
            itemMetadata: {
              id: 'b',
              originalIndex: 1,
              success: false,
              error: { code: 'WDE0074', description: 'exists' },
            },
          },
          {
            action: 'INSERT',
            itemMetadata: {
              id: null,
              originalIndex: 2,
              success: false,
              error: { code: 'WD_VALIDATION_ERROR', description: 'views: must be a number' },
            },
          },
        ],
        bulkActionMetadata: { totalSuccesses: 1, totalFailures: 2 },
      },
    });
    const result = await data.bulkInsert('Posts', [{ _id: 'a' }, { _id: 'b' }, { views: 'x' }]);
    expect(result).toMatchObject({ inserted: 1, skipped: 1, insertedItemIds: ['a'], updated: 0, removed: 0 });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({
      code: 'WD_VALIDATION_ERROR',
      message: 'views: must be a number',
      originalIndex: 2,
      item: { views: 'x' },
    });
  });
});
