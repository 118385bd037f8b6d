import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import {
  compareRowsForSort,
  evaluateFilter,
  type EvaluationSchema,
} from '../src/platform/query/evaluate-filter.ts';
import type { QueryEntity } from '../src/platform/query/query-entity.ts';
import { runQuery } from '../src/platform/query/run-query.ts';
import {
  dynamicFieldSpecs,
  extendedFieldSpecs,
  extendedRowsArb,
  filterArb,
  rowsArb,
  sortArb,
  typedFieldSpecs,
} from './query-arbitraries.ts';
import {
  createQueryItemsTable,
  dynamicEntity,
  dynamicSchema,
  extendedEntity,
  extendedSchema,
  queryItems,
  replaceRows,
  typedEntity,
  typedSchema,
  type TestRow,
} from './query-fixture.ts';
import { createTestDatabase } from './test-app.ts';

let database: Database;
let drop: () => Promise<void>;
const cursorKey = randomBytes(32);

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createQueryItemsTable(database);
  // Opening PGlite takes long on a busy machine; the default hook timeout is not enough there.
}, 180_000);
afterAll(async () => drop());

type Sort = Array<{ fieldName: string; order: 'ASC' | 'DESC' }>;

function expectedIds(
  rows: readonly TestRow[],
  filter: unknown,
  sort: Sort,
  schema: EvaluationSchema,
): string[] {
  return rows
    .filter((row) => row.siteId === 'S1' && evaluateFilter(filter, row, schema))
    .sort((a, b) => compareRowsForSort(a, b, sort, schema))
    .map((row) => row.id);
}

async function checkAgainstEvaluator(
  entity: QueryEntity<typeof queryItems>,
  schema: EvaluationSchema,
  rows: readonly TestRow[],
  queries: ReadonlyArray<{ filter: Record<string, unknown>; sort: Sort }>,
) {
  await replaceRows(database, rows);
  for (const { filter, sort } of queries) {
    const result = await runQuery(
      database.db,
      entity,
      { filter, sort, paging: { limit: 1000 } },
      { cursorKey, baseWhere: eq(queryItems.siteId, 'S1') },
    );
    const expected = expectedIds(rows, filter, sort, schema);
    const context = JSON.stringify({ filter, sort });
    expect(
      result.rows.map((row) => row.id),
      context,
    ).toEqual(expected);
    expect(result.pagingMetadata, context).toMatchObject({ total: expected.length, count: expected.length });
  }
}

/** Bare ISO strings are dates only on a typed date field; in JSONB a date is `{"$date": ...}`. */
function withDateLiterals(filter: unknown, inDateField = false): unknown {
  if (typeof filter === 'string') return inDateField ? { $date: filter } : filter;
  if (Array.isArray(filter)) return filter.map((item) => withDateLiterals(item, inDateField));
  if (typeof filter !== 'object' || filter === null || '$date' in filter) return filter;
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => [key, withDateLiterals(value, inDateField || key === 'd')]),
  );
}

const typedSortable = ['id', 's', 'n', 'i', 'd', 'b', 'e', 'st', 'u'];
const dynamicSortable = ['id', 's', 'n', 'i', 'd', 'b', 'e', 'st', 'u', 'tags'];

describe('query engine against the in-memory evaluator', () => {
  it('returns the rows and order the evaluator gives, on typed columns', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.array(fc.record({ filter: filterArb(typedFieldSpecs), sort: sortArb(typedSortable) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (rows, queries) => checkAgainstEvaluator(typedEntity, typedSchema, rows, queries),
      ),
      { numRuns: 60 },
    );
  });

  it('returns the rows and order the evaluator gives, on uuid arrays, JSONB elements and expressions', async () => {
    await fc.assert(
      fc.asyncProperty(
        extendedRowsArb,
        fc.array(
          fc.record({ filter: filterArb(extendedFieldSpecs), sort: sortArb([...typedSortable, 'sx']) }),
          { minLength: 1, maxLength: 8 },
        ),
        (rows, queries) => checkAgainstEvaluator(extendedEntity, extendedSchema, rows, queries),
      ),
      { numRuns: 60 },
    );
  });

  it('returns the rows and order the evaluator gives, on JSONB paths with mixed operand types', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.array(fc.record({ filter: filterArb(dynamicFieldSpecs), sort: sortArb(dynamicSortable) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (rows, queries) => checkAgainstEvaluator(dynamicEntity, dynamicSchema, rows, queries),
      ),
      { numRuns: 60 },
    );
  });

  it('agrees between typed columns and the same values in JSONB for type-correct filters', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        filterArb(typedFieldSpecs),
        sortArb(typedSortable),
        async (rows, filter, sort) => {
          // Uppercase UUIDs equal lowercase ones only in a uuid column; in JSONB they are other strings.
          const uuids = JSON.stringify(filter).match(/[0-9a-fA-F]{8}-[0-9a-fA-F-]{27}/g) ?? [];
          fc.pre(!uuids.some((id) => /[A-F]/.test(id)));
          await replaceRows(database, rows);
          const jsonFilter = withDateLiterals(filter) as Record<string, unknown>;
          const options = { cursorKey, baseWhere: eq(queryItems.siteId, 'S1') };
          const typed = await runQuery(
            database.db,
            typedEntity,
            { filter, sort, paging: { limit: 1000 } },
            options,
          );
          const dynamic = await runQuery(
            database.db,
            dynamicEntity,
            { filter: jsonFilter, sort, paging: { limit: 1000 } },
            options,
          );
          expect(dynamic.rows.map((row) => row.id)).toEqual(typed.rows.map((row) => row.id));
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('text ordering and case folding', () => {
  const texts = ['😀', 'Ａ', 'a', 'A', 'é', 'É', 'Z', '', 'ab'];
  const textRows = texts.map((s, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    siteId: 'S1',
    s,
    n: null,
    i: null,
    d: null,
    b: null,
    e: null,
    st: null,
    u: null,
    tags: null,
    data: { s },
  })) satisfies TestRow[];
  const options = { cursorKey, baseWhere: eq(queryItems.siteId, 'S1') };

  it.each([typedEntity, dynamicEntity])(
    'sorts and compares by code point, not by locale or UTF-16 unit',
    async (entity) => {
      await replaceRows(database, textRows);
      const sorted = await runQuery(
        database.db,
        entity,
        { sort: [{ fieldName: 's', order: 'ASC' }] },
        options,
      );
      const codePointOrder = ['', 'A', 'Z', 'a', 'ab', 'É', 'é', 'Ａ', '😀'];
      expect(sorted.rows.map((row) => row.s)).toEqual(codePointOrder);
      const sort = [{ fieldName: 's', order: 'ASC' as const }];
      const evaluated = [...textRows].sort((a, b) => compareRowsForSort(a, b, sort, typedSchema));
      expect(evaluated.map((row) => row.s)).toEqual(codePointOrder);
      const above = await runQuery(database.db, entity, { filter: { s: { $gt: 'Ａ' } } }, options);
      expect(above.rows.map((row) => row.s)).toEqual(['😀']);
    },
  );

  it.each([typedEntity, dynamicEntity])(
    'matches text operators regardless of case, beyond ASCII',
    async (entity) => {
      await replaceRows(database, textRows);
      const found = await runQuery(database.db, entity, { filter: { s: { $contains: 'É' } } }, options);
      expect(found.rows.map((row) => row.s)).toEqual(['é', 'É']);
      const exact = await runQuery(database.db, entity, { filter: { s: 'É' } }, options);
      expect(exact.rows.map((row) => row.s)).toEqual(['É']);
    },
  );
});
