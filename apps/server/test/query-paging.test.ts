import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CursorPagingMetadata, OffsetPagingMetadata } from '@atrium/contract/query';
import type { Database } from '../src/platform/db/database.ts';
import { AppError } from '../src/platform/errors/app-error.ts';
import { compareRowsForSort, evaluateFilter } from '../src/platform/query/evaluate-filter.ts';
import type { QueryEntity } from '../src/platform/query/query-entity.ts';
import { runQuery } from '../src/platform/query/run-query.ts';
import { dynamicFieldSpecs, filterArb, rowsArb, sortArb, typedFieldSpecs } from './query-arbitraries.ts';
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

let database: Database;
let drop: () => Promise<void>;
const cursorKey = randomBytes(32);
const baseWhere = eq(queryItems.siteId, 'S1');

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createQueryItemsTable(database);
  // Opening PGlite takes long on a busy machine; the default hook timeout is not enough there.
}, 180_000);
afterAll(async () => drop());

type Sort = Array<{ fieldName: string; order: 'ASC' | 'DESC' }>;
type Query = Parameters<typeof runQuery>[2];

function run(
  entity: QueryEntity<typeof queryItems>,
  query: Query,
  options: { key?: Uint8Array; scope?: string } = {},
) {
  return runQuery(database.db, entity, query, {
    cursorKey: options.key ?? cursorKey,
    cursorScope: options.scope,
    baseWhere,
  });
}

const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((row) => row.id);

/** Follows `next` cursors from the first page to the end, then `prev` cursors back to the start. */
async function walk(
  entity: QueryEntity<typeof queryItems>,
  filter: Record<string, unknown>,
  sort: Sort,
  limit: number,
) {
  const forward: string[][] = [];
  let page = await run(entity, { filter, sort, cursorPaging: { limit } });
  for (;;) {
    forward.push(ids(page.rows));
    const meta = page.pagingMetadata as CursorPagingMetadata;
    expect(meta.count).toBe(page.rows.length);
    if (!meta.cursors.next) {
      expect(meta.hasNext).toBe(false);
      break;
    }
    expect(forward.length).toBeLessThan(200);
    page = await run(entity, { cursorPaging: { cursor: meta.cursors.next, limit } });
  }
  const backward: string[][] = [];
  let prev = (page.pagingMetadata as CursorPagingMetadata).cursors.prev;
  while (prev) {
    page = await run(entity, { cursorPaging: { cursor: prev, limit } });
    backward.unshift(ids(page.rows));
    expect((page.pagingMetadata as CursorPagingMetadata).hasNext).toBe(true);
    prev = (page.pagingMetadata as CursorPagingMetadata).cursors.prev;
  }
  return { forward, backward };
}

async function expectAppError(promise: Promise<unknown>, status: number, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

describe('cursor paging', () => {
  for (const [label, entity, specs, schema, sortable] of [
    ['typed columns', typedEntity, typedFieldSpecs, typedSchema, ['s', 'n', 'd', 'b', 'st', 'u']],
    ['JSONB paths', dynamicEntity, dynamicFieldSpecs, dynamicSchema, ['s', 'n', 'd', 'b', 'st', 'tags']],
  ] as const) {
    it(`walks forward and back over exactly the rows of offset paging, on ${label}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          rowsArb,
          filterArb(specs),
          sortArb(sortable),
          fc.integer({ min: 1, max: 7 }),
          async (rows, filter, sort, limit) => {
            await replaceRows(database, rows);
            const all = await run(entity, { filter, sort, paging: { limit: 1000 } });
            const expected = rows
              .filter((row: TestRow) => row.siteId === 'S1' && evaluateFilter(filter, row, schema))
              .sort((a, b) => compareRowsForSort(a, b, sort, schema))
              .map((row) => row.id);
            expect(ids(all.rows)).toEqual(expected);

            const { forward, backward } = await walk(entity, filter, sort, limit);
            expect(forward.flat()).toEqual(expected);
            expect(forward.slice(0, -1).every((page) => page.length === limit)).toBe(true);
            // Going back re-reads the full pages before the last one.
            expect(backward.flat()).toEqual(expected.slice(0, backward.flat().length));
            expect(backward.every((page) => page.length === limit)).toBe(true);

            for (let offset = 0; offset < expected.length; offset += limit) {
              const page = await run(entity, { filter, sort, paging: { limit, offset } });
              expect(ids(page.rows)).toEqual(expected.slice(offset, offset + limit));
              expect(page.pagingMetadata).toEqual({
                count: Math.min(limit, expected.length - offset),
                offset,
                total: expected.length,
                tooManyToCount: false,
                hasNext: offset + limit < expected.length,
              } satisfies OffsetPagingMetadata);
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  it('keeps filter and sort in the cursor, so the next page needs only the cursor', async () => {
    const rows = fc.sample(rowsArb, { numRuns: 1, seed: 7 })[0]!;
    await replaceRows(database, rows);
    const first = await run(typedEntity, {
      filter: { n: { $exists: true } },
      sort: [{ fieldName: 'n', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    });
    const next = (first.pagingMetadata as CursorPagingMetadata).cursors.next!;
    const second = await run(typedEntity, { cursorPaging: { cursor: next, limit: 2 } });
    const all = await run(typedEntity, {
      filter: { n: { $exists: true } },
      sort: [{ fieldName: 'n', order: 'DESC' }],
    });
    expect(ids(second.rows)).toEqual(ids(all.rows).slice(2, 4));
  });
});

describe('cursor tampering', () => {
  let cursor: string;
  beforeAll(async () => {
    await replaceRows(database, fc.sample(rowsArb, { numRuns: 1, seed: 3 })[0]!);
    const page = await run(typedEntity, { filter: { s: { $exists: true } }, cursorPaging: { limit: 1 } });
    cursor = (page.pagingMetadata as CursorPagingMetadata).cursors.next!;
    expect(cursor).toEqual(expect.any(String));
  });

  const flip = (text: string, index: number) =>
    text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);

  it('accepts the untouched cursor', async () => {
    const page = await run(typedEntity, { cursorPaging: { cursor, limit: 1 } });
    expect(page.rows).toHaveLength(1);
  });

  it.each([
    ['a changed body', (c: string) => flip(c, 3)],
    ['a changed signature', (c: string) => flip(c, c.length - 2)],
    ['a changed last character', (c: string) => flip(c, c.length - 1)],
    ['a truncated cursor', (c: string) => c.slice(0, c.length - 5)],
    ['the body alone', (c: string) => c.slice(0, c.lastIndexOf('.'))],
    ['a cursor of random text', () => 'not-a-cursor'],
    ['a dot only', () => '.'],
    [
      'a body of garbage with a made-up signature',
      () => `${Buffer.from('{"v":1}').toString('base64url')}.AAAA`,
    ],
  ])('rejects %s with 400 INVALID_CURSOR', async (_label, forge) => {
    await expectAppError(
      run(typedEntity, { cursorPaging: { cursor: forge(cursor), limit: 1 } }),
      400,
      'INVALID_CURSOR',
    );
  });

  it('rejects a cursor signed with another key (another deployment)', async () => {
    await expectAppError(
      run(typedEntity, { cursorPaging: { cursor, limit: 1 } }, { key: randomBytes(32) }),
      400,
      'INVALID_CURSOR',
    );
  });

  it('rejects a cursor of another entity or another scope', async () => {
    await expectAppError(run(dynamicEntity, { cursorPaging: { cursor, limit: 1 } }), 400, 'INVALID_CURSOR');
    await expectAppError(
      run(typedEntity, { cursorPaging: { cursor, limit: 1 } }, { scope: 'site-2' }),
      400,
      'INVALID_CURSOR',
    );
  });

  it('rejects a cursor sent together with a new filter', async () => {
    const error = await expectAppError(
      run(typedEntity, { filter: { s: 'a' }, cursorPaging: { cursor, limit: 1 } }),
      400,
      'INVALID_REQUEST',
    );
    expect(error.options.fieldViolations?.[0]?.field).toBe('query.cursorPaging.cursor');
  });
});

describe('limits', () => {
  it('uses 50 rows when no limit is given', async () => {
    const rows = Array.from({ length: 60 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      siteId: 'S1',
      s: null,
      n: index,
      i: null,
      d: null,
      b: null,
      e: null,
      st: null,
      u: null,
      tags: null,
      data: { n: index },
    })) satisfies TestRow[];
    await replaceRows(database, rows);
    const page = await run(typedEntity, {});
    expect(page.rows).toHaveLength(50);
    expect(page.pagingMetadata).toMatchObject({ count: 50, total: 60, hasNext: true });
    const cursorPage = await run(typedEntity, { cursorPaging: {} });
    expect(cursorPage.rows).toHaveLength(50);
  });

  it('reports tooManyToCount past the entity counting cap', async () => {
    const small = { ...typedEntity, countLimit: 10 };
    const page = await run(small, { paging: { limit: 5, offset: 5 } });
    expect(page.pagingMetadata).toMatchObject({ total: 10, tooManyToCount: true, hasNext: true });
  });

  it.each([
    [{ paging: { limit: 1001 } }, 'query.paging.limit', 'at most 1000'],
    [{ cursorPaging: { limit: 5000 } }, 'query.cursorPaging.limit', 'at most 1000'],
    [{ paging: { limit: 0 } }, 'query.paging.limit', 'positive'],
    [{ paging: { offset: -1 } }, 'query.paging.offset', 'non-negative'],
    [{ paging: { limit: 1 }, cursorPaging: { limit: 1 } }, 'query', 'either paging or cursorPaging'],
    [{ sort: [{ fieldName: 'tags', order: 'ASC' as const }] }, 'query.sort[0].fieldName', 'cannot be sorted'],
    [
      { sort: [{ fieldName: 'nope', order: 'ASC' as const }] },
      'query.sort[0].fieldName',
      'unknown field nope',
    ],
    [{ fields: ['s', 'secret'] }, 'query.fields[1]', 'unknown field secret'],
  ])('rejects %j with a 400 on %s', async (query, field, description) => {
    const error = await expectAppError(run(typedEntity, query), 400, 'INVALID_REQUEST');
    expect(error.options.fieldViolations?.[0]?.field).toBe(field);
    expect(error.options.fieldViolations?.[0]?.description).toContain(description);
  });
});
