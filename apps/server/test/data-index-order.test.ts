import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { createCollection, post, statementsOf } from './data-helpers.ts';

// A query with an equality on the first field of a user index, sorted by its second (a category's page by
// price), reads that index in order (run-query.ts `leadingEquality`). It must answer exactly what the same
// query answers without the index: the values in arrays, other types, missing and tied prices included.
let t: TestApp;

const categories = ['tea', 'coffee', 'cocoa'];

function shelfItems() {
  const items: Array<Record<string, unknown>> = [];
  for (let index = 0; index < 240; index += 1) {
    items.push({ _id: `s-${index}`, category: categories[index % 3], price: (index * 7) % 50 });
  }
  // An array holding the value matches $eq too, and is read apart from the plain values.
  for (let index = 0; index < 12; index += 1)
    items.push({ _id: `arr-${index}`, category: ['tea', 'herbs'], price: (index * 11) % 50 });
  items.push({ _id: 'arr-coffee', category: ['coffee'], price: 3 });
  // No price, a price of another type, a category of another type.
  for (let index = 0; index < 4; index += 1) items.push({ _id: `noprice-${index}`, category: 'tea' });
  items.push({ _id: 'text-price', category: 'tea', price: '12' });
  items.push({ _id: 'number-category', category: 7, price: 5 });
  items.push({ _id: 'object-category', category: { name: 'tea' }, price: 5 });
  // Every other type of category, and none: the index orders each type's values apart.
  items.push({ _id: 'no-category', price: 4 });
  items.push({ _id: 'boolean-category', category: true, price: 6 });
  items.push({ _id: 'date-category', category: { $date: '2026-01-01T00:00:00.000Z' }, price: 7 });
  items.push({ _id: 'other-number-category', category: 2.5, price: 31 });
  return items;
}

type Query = Record<string, unknown>;
const queries: Array<[string, Query]> = [
  ['by price', { filter: { category: 'tea' }, sort: [{ fieldName: 'price', order: 'ASC' }] }],
  [
    'by price in a range',
    {
      filter: { category: 'tea', price: { $gte: 10, $lt: 30 } },
      sort: [{ fieldName: 'price', order: 'ASC' }],
    },
  ],
  [
    'by price, then by title',
    {
      filter: { $and: [{ category: 'coffee' }, { price: { $gt: 2 } }] },
      sort: [
        { fieldName: 'price', order: 'ASC' },
        { fieldName: 'title', order: 'DESC' },
      ],
    },
  ],
  [
    'a value only arrays hold',
    { filter: { category: 'herbs' }, sort: [{ fieldName: 'price', order: 'ASC' }] },
  ],
  ['a number', { filter: { category: 7 }, sort: [{ fieldName: 'price', order: 'ASC' }] }],
  ['against the index', { filter: { category: 'tea' }, sort: [{ fieldName: 'price', order: 'DESC' }] }],
  // No equality on the category: read as a skip scan, each category's prices in the index's order.
  [
    'a price range, any category',
    { filter: { price: { $gte: 10, $lt: 30 } }, sort: [{ fieldName: 'price', order: 'ASC' }] },
  ],
  ['by price alone', { sort: [{ fieldName: 'price', order: 'ASC' }] }],
  [
    'priced or not, by price, then by title',
    {
      filter: { $and: [{ price: { $exists: true } }, { price: { $lt: 40 } }] },
      sort: [
        { fieldName: 'price', order: 'ASC' },
        { fieldName: 'title', order: 'DESC' },
      ],
    },
  ],
  // A condition on another field, or a sort against the index: no skip scan.
  [
    'a price range and a title, any category',
    {
      filter: { price: { $gte: 10 }, title: { $startsWith: 'Item s-1' } },
      sort: [{ fieldName: 'price', order: 'ASC' }],
    },
  ],
  ['by price descending, any category', { sort: [{ fieldName: 'price', order: 'DESC' }] }],
  [
    'by price, then by title, other categories',
    {
      filter: { category: { $ne: 'tea' } },
      sort: [
        { fieldName: 'price', order: 'ASC' },
        { fieldName: 'title', order: 'DESC' },
      ],
    },
  ],
  [
    'by price, two categories',
    { filter: { category: { $in: ['coffee', 'cocoa'] } }, sort: [{ fieldName: 'price', order: 'ASC' }] },
  ],
];

/** Every id the query lists, page by page: offset pages of 9, then cursor pages of 7. */
async function allIds(query: Query): Promise<{ offset: string[]; cursor: string[]; total: number }> {
  const offset: string[] = [];
  let total = -1;
  for (let skip = 0; ; skip += 9) {
    const page = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Shelf',
      query: { ...query, paging: { limit: 9, offset: skip } },
      // The first page's total is counted (a later page may tell it for free).
      ...(skip === 0 ? { returnTotalCount: true } : {}),
    });
    expect(page.status).toBe(200);
    if (skip === 0) total = page.body.pagingMetadata.total;
    offset.push(...page.body.dataItems.map((item: { id: string }) => item.id));
    if (!page.body.pagingMetadata.hasNext) break;
  }
  const cursor: string[] = [];
  let next: Query = { ...query, cursorPaging: { limit: 7 } };
  for (;;) {
    const page = await post(t, '/data/v2/items/query', { dataCollectionId: 'Shelf', query: next });
    expect(page.status).toBe(200);
    cursor.push(...page.body.dataItems.map((item: { id: string }) => item.id));
    const nextCursor = page.body.pagingMetadata.cursors?.next;
    if (!nextCursor) break;
    next = { cursorPaging: { limit: 7, cursor: nextCursor } };
  }
  return { offset, cursor, total };
}

const withoutIndex = new Map<string, { offset: string[]; cursor: string[]; total: number }>();

// Counts with an equality on the index's first field count its two halves through the index.
const counted: Array<[string, Query]> = [
  ['a text value', { category: 'tea' }],
  ['a value only arrays hold', { category: 'herbs' }],
  ['a value plain and in an array', { category: 'coffee' }],
  ['a number', { category: 7 }],
  ['with a range beside it', { category: 'tea', price: { $gte: 10, $lt: 30 } }],
  ['inside an $and', { $and: [{ category: 'tea' }, { price: { $exists: false } }] }],
  ['a value no item has', { category: 'mate' }],
];
const countsWithoutIndex = new Map<string, number>();

async function countOf(filter: Query): Promise<number> {
  const answer = await post(t, '/data/v2/items/count', { dataCollectionId: 'Shelf', filter });
  expect(answer.status).toBe(200);
  return answer.body.totalCount as number;
}

beforeAll(async () => {
  // Every size of index is read as a skip scan here; data-skip-scan-size.test.ts holds the default's limit.
  t = await createTestApp({ config: { DATA_SKIP_SCAN_MIN_INDEX_BYTES: '0' } });
  await createCollection(t, {
    id: 'Shelf',
    // Fields the schema leaves untyped hold anything: the index must not change what $eq finds in them.
    fields: [{ key: 'title', type: 'TEXT' }],
  });
  const inserted = await post(t, '/data/v2/bulk/items/insert', {
    dataCollectionId: 'Shelf',
    returnEntity: false,
    dataItems: shelfItems().map((data) => ({ data: { ...data, title: `Item ${data._id as string}` } })),
  });
  expect(inserted.body.bulkActionMetadata.totalFailures).toBe(0);
  for (const [name, query] of queries) withoutIndex.set(name, await allIds(query));
  for (const [name, filter] of counted) countsWithoutIndex.set(name, await countOf(filter));
  const index = await post(t, '/data/v2/indexes', {
    dataCollectionId: 'Shelf',
    index: {
      name: 'byCategoryPrice',
      fields: [
        { path: 'category', order: 'ASC' },
        { path: 'price', order: 'ASC' },
      ],
    },
  });
  expect(index.body.index.status).toBe('ACTIVE');
}, 240_000);

afterAll(async () => t?.close(), 60_000);

describe('an equality and a sort that a user index leads with', () => {
  it('lists what the query lists without the index (the baseline holds arrays and other types)', () => {
    const tea = withoutIndex.get('by price')!.offset;
    expect(tea).toContain('arr-3');
    expect(tea).toContain('noprice-0');
    expect(tea).toContain('text-price');
    expect(tea).not.toContain('object-category');
    // Absent prices first, then numbers, then text: the engine's order of types.
    expect(tea.slice(0, 4).sort()).toEqual(['noprice-0', 'noprice-1', 'noprice-2', 'noprice-3']);
    expect(tea.at(-1)).toBe('text-price');
    expect(withoutIndex.get('a value only arrays hold')!.offset).toHaveLength(12);
  });

  it.each(queries)('answers "%s" the same, in offset and cursor pages', async (name, query) => {
    const expected = withoutIndex.get(name)!;
    expect(expected.offset.length).toBeGreaterThan(0);
    expect(expected.cursor).toEqual(expected.offset);
    expect(expected.total).toBe(expected.offset.length);
    expect(await allIds(query)).toEqual(expected);
  });

  it.each(counted)('counts "%s" the same', async (name, filter) => {
    expect(await countOf(filter)).toBe(countsWithoutIndex.get(name));
  });

  it('counts through the index, in two disjoint parts', async () => {
    const statements = await statementsOf(t, () => countOf({ category: 'tea' }));
    const counting = statements.find((statement) => statement.text.includes('count(*)'));
    expect(counting?.text).toMatch(/\(select count\(\*\).*\) \+ \(select count\(\*\)/s);
    const [result] = await t.app.database.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (FORMAT JSON) ${counting!.text}`,
      counting!.params,
    );
    const scans = nodes(result!['QUERY PLAN'][0]!.Plan).filter((node) => node['Index Name']);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.every((node) => node['Index Name']!.startsWith('data_idx_'))).toBe(true);
  });

  it('reads the index in order: no sort of the matching rows', async () => {
    const merged = await mergedStatement();
    expect(merged).toBeDefined();
    const [result] = await t.app.database.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (FORMAT JSON) ${merged!.text}`,
      merged!.params,
    );
    const plan = result!['QUERY PLAN'][0]!.Plan;
    // The plain values' half: a scan of the user index under its LIMIT, with nothing sorting in between.
    const halves = nodes(plan)
      .filter((node) => node['Node Type'] === 'Limit')
      .slice(1);
    const scalarHalf = nodes(halves[0]!);
    expect(scalarHalf.some((node) => node['Index Name']?.startsWith('data_idx_'))).toBe(true);
    expect(scalarHalf.some((node) => node['Node Type'] === 'Sort')).toBe(false);
  });

  it("reads a sort by the index's second field as a skip scan: each category in the index's order", async () => {
    const statements = await statementsOf(t, () =>
      idsOf(queries.find(([name]) => name === 'a price range, any category')![1]),
    );
    const page = statements.find((statement) => /CROSS JOIN LATERAL/.test(statement.text));
    expect(page).toBeDefined();
    const [result] = await t.app.database.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (FORMAT JSON) ${page!.text}`,
      page!.params,
    );
    // Under each group's own LIMIT (the innermost ones), a scan of the user index with no sort in between.
    const groupReads = nodes(result!['QUERY PLAN'][0]!.Plan).filter(
      (node) =>
        node['Node Type'] === 'Limit' &&
        !nodes(node)
          .slice(1)
          .some((inner) => inner['Node Type'] === 'Limit'),
    );
    expect(groupReads.length).toBeGreaterThan(0);
    for (const read of groupReads) {
      expect(nodes(read).some((node) => node['Index Name']?.startsWith('data_idx_'))).toBe(true);
      expect(nodes(read).some((node) => node['Node Type'] === 'Sort')).toBe(false);
    }
    for (const other of ['a price range and a title, any category', 'by price descending, any category']) {
      const plain = await statementsOf(t, () => idsOf(queries.find(([name]) => name === other)![1]));
      expect(plain.some((statement) => /CROSS JOIN LATERAL/.test(statement.text))).toBe(false);
    }
  });

  it('reads no skip scan past 100 categories, and lists the same', async () => {
    await createCollection(t, { id: 'Bazaar', fields: [] });
    const items = Array.from({ length: 130 }, (_, index) => ({
      _id: `b-${index}`,
      category: `stall-${index}`,
      price: (index * 17) % 60,
    }));
    await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Bazaar',
      returnEntity: false,
      dataItems: items.map((data) => ({ data })),
    });
    const index = await post(t, '/data/v2/indexes', {
      dataCollectionId: 'Bazaar',
      index: {
        name: 'byStallPrice',
        fields: [
          { path: 'category', order: 'ASC' },
          { path: 'price', order: 'ASC' },
        ],
      },
    });
    expect(index.body.index.status).toBe('ACTIVE');
    let answer: { status: number; body: { dataItems: Array<{ id: string }> } } | undefined;
    const statements = await statementsOf(t, async () => {
      answer = await post(t, '/data/v2/items/query', {
        dataCollectionId: 'Bazaar',
        query: { sort: [{ fieldName: 'price', order: 'ASC' }], paging: { limit: 20 } },
      });
    });
    expect(answer!.status).toBe(200);
    expect(statements.some((statement) => /CROSS JOIN LATERAL/.test(statement.text))).toBe(false);
    // The groups were walked once; for a while the same list is read the ordinary way without walking them.
    expect(statements.some((statement) => /WITH RECURSIVE/.test(statement.text))).toBe(true);
    const again = await statementsOf(t, () =>
      post(t, '/data/v2/items/query', {
        dataCollectionId: 'Bazaar',
        query: { sort: [{ fieldName: 'price', order: 'ASC' }], paging: { limit: 20, offset: 20 } },
      }),
    );
    expect(again.length).toBeGreaterThan(0);
    expect(again.some((statement) => /WITH RECURSIVE/.test(statement.text))).toBe(false);
    const expected = [...items]
      .sort((a, b) => a.price - b.price || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
      .slice(0, 20)
      .map((item) => item._id);
    expect(answer!.body.dataItems.map((item) => item.id)).toEqual(expected);
  });

  it('reads no skip scan when another index leads with the sorted field', async () => {
    const [name, query] = queries.find(([entry]) => entry === 'a price range, any category')!;
    const byPrice = await post(t, '/data/v2/indexes', {
      dataCollectionId: 'Shelf',
      index: { name: 'byPrice', fields: [{ path: 'price', order: 'ASC' }] },
    });
    expect(byPrice.body.index.status).toBe('ACTIVE');
    const statements = await statementsOf(t, () => idsOf(query));
    expect(statements.some((statement) => /CROSS JOIN LATERAL/.test(statement.text))).toBe(false);
    expect(await allIds(query)).toEqual(withoutIndex.get(name));
  });

  it('forgets an index that another process removed', async () => {
    // SQL the app does not see: only the database's notice (migration 0041) can tell this process.
    await t.app.database.query(`DELETE FROM data_indexes WHERE collection_id = 'Shelf'`);
    await expect.poll(async () => (await mergedStatement()) === undefined, { timeout: 1_500 }).toBe(true);
  });
});

/** The first page of a query on the shelf. */
async function idsOf(query: Query): Promise<string[]> {
  const page = await post(t, '/data/v2/items/query', {
    dataCollectionId: 'Shelf',
    query: { ...query, paging: { limit: 5 } },
  });
  expect(page.status).toBe(200);
  return page.body.dataItems.map((item: { id: string }) => item.id);
}

/** The statement of a category's price range read in two merged halves, if the query was read so. */
async function mergedStatement(): Promise<{ text: string; params: unknown[] } | undefined> {
  const statements = await statementsOf(t, async () => {
    const page = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Shelf',
      query: { ...queries[1]![1], paging: { limit: 5 } },
    });
    expect(page.status).toBe(200);
  });
  return statements.find((statement) => statement.text.includes('union all'));
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}
