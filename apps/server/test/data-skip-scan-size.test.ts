import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { createCollection, post, statementsOf } from './data-helpers.ts';

// A sort by a user index's second field is read as a skip scan only through an index of some size
// (`DATA_SKIP_SCAN_MIN_INDEX_BYTES`, 2 MiB by default): a small collection sorts its matches, which costs less
// than walking the groups. data-index-order.test.ts reads every size as a skip scan and holds its answers.
let t: TestApp;
const items = Array.from({ length: 60 }, (_, index) => ({
  _id: `p-${index}`,
  category: `shelf-${index % 6}`,
  price: (index * 13) % 41,
}));

beforeAll(async () => {
  t = await createTestApp();
  await createCollection(t, { id: 'Pantry', fields: [] });
  await post(t, '/data/v2/bulk/items/insert', {
    dataCollectionId: 'Pantry',
    returnEntity: false,
    dataItems: items.map((data) => ({ data })),
  });
  const index = await post(t, '/data/v2/indexes', {
    dataCollectionId: 'Pantry',
    index: {
      name: 'byShelfPrice',
      fields: [
        { path: 'category', order: 'ASC' },
        { path: 'price', order: 'ASC' },
      ],
    },
  });
  expect(index.body.index.status).toBe('ACTIVE');
}, 120_000);

afterAll(async () => t?.close(), 60_000);

describe("a small collection sorted by its index's second field", () => {
  it('sorts its matches instead of walking the groups, and lists them in order', async () => {
    let answer: { status: number; body: { dataItems: Array<{ id: string }> } } | undefined;
    const statements = await statementsOf(t, async () => {
      answer = await post(t, '/data/v2/items/query', {
        dataCollectionId: 'Pantry',
        query: {
          filter: { price: { $lt: 30 } },
          sort: [{ fieldName: 'price', order: 'ASC' }],
          paging: { limit: 10 },
        },
      });
    });
    expect(answer!.status).toBe(200);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some(({ text }) => /WITH RECURSIVE|CROSS JOIN LATERAL/.test(text))).toBe(false);
    const expected = items
      .filter((item) => item.price < 30)
      .sort((a, b) => a.price - b.price || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
      .slice(0, 10)
      .map((item) => item._id);
    expect(answer!.body.dataItems.map((item) => item.id)).toEqual(expected);
  });
});
