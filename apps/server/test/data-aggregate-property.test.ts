import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareCodePoints,
  compareRowsForSort,
  evaluateFilter,
  type EvaluationSchema,
} from '../src/platform/query/evaluate-filter.ts';
import { createCollection, post } from './data-helpers.ts';
import {
  dateArb,
  dynamicFieldSpecs,
  filterArb,
  numberArb,
  rowArb,
  stringArb,
  tagsArb,
} from './query-arbitraries.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Aggregations through the real API against a plain in-memory reference, on random items: unicode text,
// nulls and missing fields, arrays, and a field (`m`) whose values are of every type at once.

let t: TestApp;
const collectionId = 'AggregateProperty';
/** Declared types decide what min and max compare: TEXT strings, DATETIME dates, anything else numbers. */
const declared: Record<string, 'TEXT' | 'NUMBER' | 'DATETIME'> = { s: 'TEXT', n: 'NUMBER', d: 'DATETIME' };

beforeAll(async () => {
  t = await createTestApp();
  await createCollection(t, {
    id: collectionId,
    fields: Object.entries(declared).map(([key, type]) => ({ key, type })),
  });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

type Item = { _id: string } & Record<string, unknown>;

const MISSING = Symbol('missing');
const mixedArb = fc.oneof(
  stringArb,
  numberArb,
  fc.boolean(),
  dateArb.map(($date) => ({ $date })),
  tagsArb,
  fc.constant(null),
  fc.constant(MISSING),
);

const itemsArb = fc
  .uniqueArray(fc.tuple(rowArb, mixedArb), { selector: ([row]) => row.id, minLength: 5, maxLength: 25 })
  .map((pairs) =>
    pairs.map(([row, mixed]) => {
      const item: Item = { _id: row.id, ...(row.data as Record<string, unknown>) };
      if (mixed !== MISSING) item.m = mixed;
      return item;
    }),
  );

const groupable = ['s', 'n', 'i', 'b', 'e', 'd', 'tags', 'm'];
const measurable = ['s', 'n', 'i', 'd', 'm'];
type Kind = 'average' | 'min' | 'max' | 'sum' | 'itemCount';

const operationsArb = fc
  .uniqueArray(
    fc.tuple(
      fc.constantFrom<Kind>('average', 'min', 'max', 'sum', 'itemCount'),
      fc.constantFrom(...measurable),
    ),
    { minLength: 1, maxLength: 4, selector: ([kind, field]) => `${kind}-${field}` },
  )
  .map((pairs) =>
    pairs.map(([kind, field]) => ({
      resultFieldName: `${kind}_${field}`,
      ...(kind === 'itemCount' ? { itemCount: {} } : { [kind]: { itemFieldName: field } }),
    })),
  );

const { id: _itemId, ...itemFieldSpecs } = dynamicFieldSpecs;
const aggregationArb = fc.record({
  initialFilter: fc.option(filterArb(itemFieldSpecs), { nil: undefined }),
  groupingFields: fc.uniqueArray(fc.constantFrom(...groupable), { maxLength: 2 }),
  operations: operationsArb,
  finalCountAtLeast: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  sortDescending: fc.boolean(),
});
type Aggregation = typeof aggregationArb extends fc.Arbitrary<infer A> ? A : never;

const itemSchema: EvaluationSchema = {
  typeOf: () => 'jsonb',
  valueOf: (row, field) => (row as Record<string, unknown>)[field],
};

/** JSONB equality: object keys in any order, numbers by value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => compareCodePoints(a, b));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonical(child)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function isDateValue(value: unknown): value is { $date: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { $date?: unknown }).$date === 'string'
  );
}

/** min or max over the values of the kind the field's declared type names; null when there are none. */
function extreme(values: unknown[], field: string, kind: 'min' | 'max'): unknown {
  const type = declared[field];
  const better = (a: number) => (kind === 'min' ? a < 0 : a > 0);
  if (type === 'DATETIME' || type === 'TEXT') {
    const texts = values.flatMap((value) =>
      type === 'TEXT' ? (typeof value === 'string' ? [value] : []) : isDateValue(value) ? [value.$date] : [],
    );
    if (texts.length === 0) return null;
    const best = texts.reduce((a, b) => (better(compareCodePoints(b, a)) ? b : a));
    return type === 'DATETIME' ? { $date: best } : best;
  }
  const numbers = values.filter((value): value is number => typeof value === 'number');
  if (numbers.length === 0) return null;
  return kind === 'min' ? Math.min(...numbers) : Math.max(...numbers);
}

/** What the aggregation should answer, as result documents in no particular order. */
function expectedResults(items: readonly Item[], aggregation: Aggregation): Record<string, unknown>[] {
  const chosen = items.filter(
    (item) =>
      aggregation.initialFilter === undefined || evaluateFilter(aggregation.initialFilter, item, itemSchema),
  );
  const groups = new Map<string, Item[]>();
  for (const item of chosen) {
    // A missing field and a null one fall in the same group, shown as null.
    const key = canonical(aggregation.groupingFields.map((field) => item[field] ?? null));
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  if (aggregation.groupingFields.length === 0 && groups.size === 0) groups.set('all', []);
  const results = [...groups.values()].map((members) => {
    const values = Object.fromEntries(
      aggregation.groupingFields.map((field) => [field, members[0]![field] ?? null]),
    );
    const document: Record<string, unknown> = {
      _id: aggregation.groupingFields.length > 0 ? values : null,
      ...values,
    };
    for (const operation of aggregation.operations) {
      const [kind, spec] = Object.entries(operation).find(([key]) => key !== 'resultFieldName')! as [
        Kind,
        { itemFieldName?: string },
      ];
      const field = spec.itemFieldName!;
      const fieldValues = members.map((member) => member[field]);
      const numbers = fieldValues.filter((value): value is number => typeof value === 'number');
      const sum = numbers.reduce((total, value) => total + value, 0);
      document[operation.resultFieldName] =
        kind === 'itemCount'
          ? members.length
          : kind === 'sum'
            ? sum
            : kind === 'average'
              ? numbers.length === 0
                ? null
                : sum / numbers.length
              : extreme(fieldValues, field, kind);
    }
    return document;
  });
  return results.filter(
    (result) =>
      aggregation.finalCountAtLeast === undefined || Number(result.count) >= aggregation.finalCountAtLeast,
  );
}

/** Numbers agree to rounding: the database adds exact decimals, JavaScript adds doubles. */
function close(actual: unknown, expected: unknown, scale: number): boolean {
  if (typeof expected === 'number' && typeof actual === 'number') {
    return Math.abs(actual - expected) <= 1e-9 * scale + 1e-12;
  }
  return canonical(actual) === canonical(expected);
}

function sameDocument(actual: Record<string, unknown>, expected: Record<string, unknown>, scale: number) {
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  return [...keys].every((key) => close(actual[key], expected[key], scale));
}

const resultSchema: EvaluationSchema = {
  typeOf: () => 'jsonb',
  valueOf: (row, field) =>
    field === 'id' ? canonical((row as { _id: unknown })._id) : (row as Record<string, unknown>)[field],
};

async function check(items: Item[], aggregations: Aggregation[]) {
  expect((await post(t, '/data/v2/items/truncate', { dataCollectionId: collectionId })).status).toBe(200);
  const inserted = await post(t, '/data/v2/bulk/items/insert', {
    dataCollectionId: collectionId,
    dataItems: items.map((data) => ({ data })),
  });
  expect(inserted.body.bulkActionMetadata, JSON.stringify(inserted.body)).toMatchObject({ totalFailures: 0 });
  // Magnitudes of everything summed, for the rounding allowance.
  const scale = items.reduce(
    (total, item) =>
      total +
      measurable.reduce(
        (sum, field) => sum + (typeof item[field] === 'number' ? Math.abs(item[field]) : 0),
        0,
      ),
    1,
  );
  for (const aggregation of aggregations) {
    const operations = [...aggregation.operations];
    if (aggregation.finalCountAtLeast !== undefined)
      operations.push({ resultFieldName: 'count', itemCount: {} });
    const sortField = operations[0]!.resultFieldName;
    const request = {
      dataCollectionId: collectionId,
      ...(aggregation.initialFilter !== undefined ? { initialFilter: aggregation.initialFilter } : {}),
      aggregation: { groupingFields: aggregation.groupingFields, operations },
      ...(aggregation.finalCountAtLeast !== undefined
        ? { finalFilter: { count: { $gte: aggregation.finalCountAtLeast } } }
        : {}),
      sort: [{ fieldName: sortField, order: aggregation.sortDescending ? 'DESC' : 'ASC' }],
      paging: { limit: 1000 },
      returnTotalCount: true,
    };
    const response = await post(t, '/data/v2/items/aggregate', request);
    const context = JSON.stringify({ request, items });
    expect(response.status, `${context} → ${JSON.stringify(response.body)}`).toBe(200);
    const actual = response.body.results as Record<string, unknown>[];
    const expected = expectedResults(items, { ...aggregation, operations });
    expect(response.body.pagingMetadata.total, context).toBe(expected.length);
    // Every expected group once, with its values.
    const unmatched = [...actual];
    for (const document of expected) {
      const index = unmatched.findIndex((candidate) => sameDocument(candidate, document, scale));
      expect(
        index,
        `${context}\nmissing ${JSON.stringify(document)}\nin ${JSON.stringify(actual)}`,
      ).toBeGreaterThanOrEqual(0);
      unmatched.splice(index, 1);
    }
    expect(unmatched, context).toEqual([]);
    // In the order asked for (groups with equal sort values in either order).
    const sort = [
      { fieldName: sortField, order: aggregation.sortDescending ? ('DESC' as const) : ('ASC' as const) },
    ];
    for (let index = 1; index < actual.length; index += 1) {
      const order = compareRowsForSort(actual[index - 1], actual[index], sort, {
        ...resultSchema,
        valueOf: (row, field) => (field === 'id' ? '' : resultSchema.valueOf(row, field)),
      });
      expect(order, `${context}\nout of order at ${index}: ${JSON.stringify(actual)}`).toBeLessThanOrEqual(0);
    }
  }
}

describe('aggregate against the in-memory reference', () => {
  it('groups, counts, sums, averages and finds extremes as the reference does', async () => {
    await fc.assert(
      fc.asyncProperty(itemsArb, fc.array(aggregationArb, { minLength: 1, maxLength: 6 }), check),
      { numRuns: 80 },
    );
  });
});
