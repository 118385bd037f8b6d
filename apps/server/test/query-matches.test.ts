import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { evaluateFilter, type EvaluationSchema } from '../src/platform/query/evaluate-filter.ts';
import type { QueryEntity } from '../src/platform/query/query-entity.ts';
import { runQuery } from '../src/platform/query/run-query.ts';
import { rowsArb, stringPool } from './query-arbitraries.ts';
import {
  createQueryItemsTable,
  dynamicEntity,
  dynamicSchema,
  queryItems,
  replaceRows,
  typedEntity,
  typedSchema,
  type TestRow,
} from './query-fixture.ts';
import { createTestDatabase } from './test-app.ts';

// `$matches` (data spec §5) in SQL against the in-memory evaluator's independent implementation, on typed
// text columns and on JSONB values, with operands full of regular-expression and LIKE characters.
let database: Database;
let drop: () => Promise<void>;
const cursorKey = randomBytes(32);

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createQueryItemsTable(database);
}, 180_000);
afterAll(async () => drop());

const characters = [
  'a',
  'A',
  'b',
  'é',
  'É',
  'Σ',
  'σ',
  '😀',
  "'",
  '\\',
  '%',
  '_',
  '.',
  '*',
  '[',
  '(',
  '$',
  '^',
  '-',
  ' ',
];
const segmentArb = fc.oneof(
  fc.record({
    type: fc.constant('literal' as const),
    value: fc.oneof(
      fc.constantFrom(...stringPool.filter((text) => text !== '')),
      fc.string({ unit: fc.constantFrom(...characters), minLength: 1, maxLength: 3 }),
    ),
  }),
  fc.record({
    type: fc.constant('anyOf' as const),
    value: fc.oneof(
      fc.constant(' \t\n-'),
      fc.string({ unit: fc.constantFrom(...characters), minLength: 1, maxLength: 4 }),
    ),
  }),
);
/** A spec, sometimes made from a row's own value so that it matches. */
const filterArb = (rows: readonly TestRow[]) =>
  fc.oneof(
    fc.array(segmentArb, { minLength: 1, maxLength: 4 }),
    fc
      .constantFrom(...rows.map((row) => row.s).filter((value): value is string => !!value), 'x')
      .map((value) => [{ type: 'literal' as const, value: value.toUpperCase() }]),
  );

async function agree(
  entity: QueryEntity<typeof queryItems>,
  schema: EvaluationSchema,
  rows: TestRow[],
  specs: unknown[],
) {
  await replaceRows(database, rows);
  for (const spec of specs) {
    const filter = {
      $or: [{ s: { $matches: { ignoreCase: true, spec } } }, { $not: { s: { $exists: true } } }],
    };
    const result = await runQuery(
      database.db,
      entity,
      { filter, sort: [{ fieldName: 'id', order: 'ASC' }], paging: { limit: 1000 } },
      { cursorKey, baseWhere: eq(queryItems.siteId, 'S1') },
    );
    const expected = rows
      .filter((row) => row.siteId === 'S1' && evaluateFilter(filter, row, schema))
      .map((row) => row.id)
      .sort();
    expect(
      result.rows.map((row) => row.id),
      JSON.stringify(spec),
    ).toEqual(expected);
  }
}

describe('$matches against the evaluator', () => {
  it('agrees on typed text columns and JSONB values', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb.chain((rows) =>
          fc.tuple(fc.constant(rows), fc.array(filterArb(rows), { minLength: 1, maxLength: 6 })),
        ),
        async ([rows, specs]) => {
          await agree(typedEntity, typedSchema, rows, specs);
          await agree(dynamicEntity, dynamicSchema, rows, specs);
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);

  it('matches whole values with separators', () => {
    const spec = [
      { type: 'literal', value: 'hello' },
      { type: 'anyOf', value: ' -' },
      { type: 'literal', value: 'World' },
    ];
    const row = (s: string) => ({ s }) as unknown as TestRow;
    const test = (s: string) =>
      evaluateFilter({ s: { $matches: { ignoreCase: true, spec } } }, row(s), typedSchema);
    expect(
      ['HELLO world', 'hello-world', 'hello  world', 'say hello world', 'hello_world'].map(test),
    ).toEqual([true, true, false, false, false]);
  });
});
