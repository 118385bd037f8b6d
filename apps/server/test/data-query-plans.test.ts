import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataItemsEntity } from '../src/modules/data/data.repository.ts';
import { dataItems } from '../src/modules/data/data.tables.ts';
import { compileFilter } from '../src/platform/query/compile-filter.ts';
import { parseFilter } from '../src/platform/query/parse-filter.ts';
import { orderBy, parseSort } from '../src/platform/query/sort-keys.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createCollection, post } from './data-helpers.ts';

// How queries over a larger collection are answered: which counts run, and whether a user's index bounds a
// range scan (README "Indexes, search and counting").
let t: TestApp;
let siteId: string;
const items = 3000;

beforeAll(async () => {
  t = await createTestApp();
  await createCollection(t, {
    id: 'Plans',
    fields: [
      { key: 'price', type: 'NUMBER' },
      { key: 'category', type: 'TEXT' },
    ],
  });
  for (let start = 0; start < items; start += 1000) {
    const response = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: 'Plans',
      returnEntity: false,
      dataItems: Array.from({ length: 1000 }, (_, offset) => ({
        data: {
          _id: `p-${start + offset}`,
          price: start + offset,
          category: (start + offset) % 2 ? 'odd' : 'even',
        },
      })),
    });
    expect(response.body.bulkActionMetadata).toEqual({ totalSuccesses: 1000, totalFailures: 0 });
  }
  const index = await post(t, '/data/v2/indexes', {
    dataCollectionId: 'Plans',
    index: { name: 'byPrice', fields: [{ path: 'price', order: 'ASC' }] },
  });
  expect(index.body.index.status).toBe('ACTIVE');
  await t.app.database.query('ANALYZE data_items');
  const [row] = await t.app.database.query<{ site_id: string }>(
    "SELECT site_id FROM data_items WHERE collection_id = 'Plans' LIMIT 1",
  );
  siteId = row!.site_id;
}, 240_000);

afterAll(async () => t?.close(), 60_000);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** EXPLAIN ANALYZE of the page query the engine builds for this filter and sort (site and collection first). */
async function explainPage(filter: unknown, sort: Array<{ fieldName: string; order: 'ASC' | 'DESC' }>) {
  const { keys } = parseSort(dataItemsEntity, sort);
  const { sql, params } = t.app.database.db
    .select({ id: dataItems.itemId })
    .from(dataItems)
    .where(
      and(
        eq(dataItems.siteId, siteId),
        eq(dataItems.collectionId, 'Plans'),
        compileFilter(parseFilter(dataItemsEntity, filter)),
      ),
    )
    .orderBy(...orderBy(keys))
    .limit(2)
    .toSQL();
  const [result] = await t.app.database.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
    params,
  );
  const plan = result!['QUERY PLAN'][0]!.Plan;
  const blocks = nodes(plan).reduce(
    (sum, node) => Math.max(sum, node['Shared Hit Blocks'] + node['Shared Read Blocks']),
    0,
  );
  return { indexes: nodes(plan).flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])), blocks };
}

describe('query plans', () => {
  it('bounds a range scan of a user index by the range, not the whole index', async () => {
    // The last prices: an index scan that filtered instead of seeking would read the whole index first
    // (10 pages here; a seek reads the root, one leaf and the pages of the rows).
    const { indexes, blocks } = await explainPage({ price: { $gte: items - 3, $lt: items } }, [
      { fieldName: 'price', order: 'ASC' },
    ]);
    expect(indexes.some((name) => name.startsWith('data_idx_'))).toBe(true);
    expect(blocks).toBeLessThan(7);
  });

  it('pages through the range in index order over HTTP', async () => {
    const page = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Plans',
      query: {
        filter: { price: { $gte: 100.5, $lt: 110 } },
        sort: [{ fieldName: 'price', order: 'DESC' }],
        paging: { limit: 3 },
      },
    });
    expect(page.body.dataItems.map((item: { id: string }) => item.id)).toEqual(['p-109', 'p-108', 'p-107']);
  });
});

describe('counting', () => {
  const query = (extra: Record<string, unknown>, filter: unknown = { category: 'odd' }) =>
    post(t, '/data/v2/items/query', {
      dataCollectionId: 'Plans',
      query: { filter, paging: { limit: 10, offset: 10 } },
      ...extra,
    });

  it('leaves total out of a page over many matches unless returnTotalCount asks for it', async () => {
    const uncounted = await query({});
    expect(uncounted.body.pagingMetadata).toEqual({ count: 10, offset: 10, hasNext: true });
    const counted = await query({ returnTotalCount: true });
    expect(counted.body.pagingMetadata).toEqual({
      count: 10,
      offset: 10,
      total: items / 2,
      tooManyToCount: false,
      hasNext: true,
    });
  });

  it('tells the total of a last page without being asked, and counts no other page', async () => {
    // A few matches are not counted either: a second statement for a number the client shows only to
    // returnTotalCount.
    const few = await query({}, { price: { $lt: 50 } });
    expect(few.body.pagingMetadata).toEqual({ count: 10, offset: 10, hasNext: true });
    const last = await post(t, '/data/v2/items/query', {
      dataCollectionId: 'Plans',
      query: { filter: { category: 'even' }, paging: { limit: 50, offset: items / 2 - 5 } },
    });
    expect(last.body.pagingMetadata).toEqual({
      count: 5,
      offset: items / 2 - 5,
      total: items / 2,
      tooManyToCount: false,
      hasNext: false,
    });
  });
});
