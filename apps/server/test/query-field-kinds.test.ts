import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { AppError } from '../src/platform/errors/app-error.ts';
import { defineQueryEntity } from '../src/platform/query/query-entity.ts';
import { runListQuery, runQuery, type QueryInput } from '../src/platform/query/run-query.ts';
import {
  createQueryItemsTable,
  extendedEntity,
  queryItems,
  replaceRows,
  type TestRow,
} from './query-fixture.ts';
import { createTestDatabase } from './test-app.ts';

/**
 * Array columns, JSONB-array element paths and expression fields, plus the paging options the modules
 * use (`paging: 'cursor'`, `defaultSort`, `carried`, lists paged in memory). The property test covers the
 * filter semantics at random; these pin the edges and the 400s.
 */
let database: Database;
let drop: () => Promise<void>;
const cursorKey = randomBytes(32);
const options = { cursorKey, baseWhere: eq(queryItems.siteId, 'S1') };

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function row(index: number, extra: Partial<TestRow>): TestRow {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    siteId: 'S1',
    s: null,
    n: null,
    i: null,
    d: null,
    b: null,
    e: null,
    st: null,
    u: null,
    tags: null,
    data: {},
    ...extra,
  };
}

const rows = [
  row(1, {
    s: 'alpha',
    i: 1,
    uids: [A, B],
    locs: [{ kind: 'BUSINESS', place: { id: 'p1' } }, { kind: 'CUSTOM' }],
  }),
  row(2, { s: 'beta', i: 2, uids: [A], locs: [{ kind: 'CUSTOM' }] }),
  row(3, { s: 'gamma', i: 3, uids: [], locs: [] }),
  row(4, { s: null, i: 4, uids: null, locs: [{ kind: null }, { kind: ['BUSINESS'] }, 'BUSINESS'] }),
];

async function ids(query: QueryInput, entity = extendedEntity): Promise<number[]> {
  const result = await runQuery(database.db, entity, query, options);
  return result.rows.map((item) => Number(item.id.slice(-12)));
}

async function status(query: QueryInput): Promise<{ status: number; field?: string }> {
  try {
    await runQuery(database.db, extendedEntity, query, options);
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, field: error.options.fieldViolations?.[0]?.field };
  }
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await createQueryItemsTable(database);
  await replaceRows(database, rows);
}, 180_000);
afterAll(async () => drop());

describe('uuid array fields', () => {
  it('takes $eq as "holds", exact arrays, $in and $hasAll, ignoring UUID letter case', async () => {
    expect(await ids({ filter: { uids: A.toUpperCase() } })).toEqual([1, 2]);
    expect(await ids({ filter: { uids: [A] } })).toEqual([2]);
    expect(
      await ids({ filter: { uids: { $hasSome: [B, '00000000-0000-4000-8000-0000000000ff'] } } }),
    ).toEqual([1]);
    expect(await ids({ filter: { uids: { $hasAll: [A, B] } } })).toEqual([1]);
    expect(await ids({ filter: { uids: { $ne: B } } })).toEqual([2, 3, 4]);
    expect(await ids({ filter: { uids: { $exists: false } } })).toEqual([4]);
  });

  it('answers 400 for operands that are not UUIDs, for ordering operators and for sorting', async () => {
    expect(await status({ filter: { uids: 'nope' } })).toEqual({ status: 400, field: 'query.filter.uids' });
    expect((await status({ filter: { uids: { $gt: A } } })).status).toBe(400);
    expect(await status({ sort: [{ fieldName: 'uids', order: 'ASC' }] })).toEqual({
      status: 400,
      field: 'query.sort[0].fieldName',
    });
  });
});

describe('JSONB array element fields', () => {
  it('matches when some element holds the value, by JSON type, never a nested array', async () => {
    expect(await ids({ filter: { 'locs.kind': 'BUSINESS' } })).toEqual([1]);
    expect(await ids({ filter: { 'locs.kind': { $in: ['CUSTOM', 'OTHER'] } } })).toEqual([1, 2]);
    expect(await ids({ filter: { 'locs.kind': { $hasAll: ['CUSTOM', 'BUSINESS'] } } })).toEqual([1]);
    expect(await ids({ filter: { 'locs.kind': { $ne: 'CUSTOM' } } })).toEqual([3, 4]);
    expect(await ids({ filter: { 'locs.kind': { $exists: true } } })).toEqual([1, 2, 4]);
    expect(await ids({ filter: { 'locs.kind': { $exists: false } } })).toEqual([3]);
  });

  it('binds element keys as data, whatever characters they hold', async () => {
    const evil = defineQueryEntity({
      name: 'query-test-evil-elements',
      table: queryItems,
      idColumn: queryItems.id,
      fields: {
        "k'); DROP TABLE query_test_items; --": {
          column: queryItems.locs,
          arrayPath: [],
          elementPath: ["we'ird"],
        },
      },
    });
    expect(await ids({ filter: { "k'); DROP TABLE query_test_items; --": 'x' } }, evil)).toEqual([]);
    expect(
      await ids(
        { filter: { 'place.id': 'p1' } },
        defineQueryEntity({
          name: 'query-test-nested-elements',
          table: queryItems,
          idColumn: queryItems.id,
          fields: { 'place.id': { column: queryItems.locs, arrayPath: [], elementPath: ['place', 'id'] } },
        }),
      ),
    ).toEqual([1]);
  });

  it('answers 400 for arrays, objects and ordering operators', async () => {
    expect((await status({ filter: { 'locs.kind': ['BUSINESS'] } })).status).toBe(400);
    expect((await status({ filter: { 'locs.kind': { $eq: { a: 1 } } } })).status).toBe(400);
    expect((await status({ filter: { 'locs.kind': { $startsWith: 'B' } } })).status).toBe(400);
    expect((await status({ sort: [{ fieldName: 'locs.kind', order: 'ASC' }] })).status).toBe(400);
  });
});

describe('expression fields', () => {
  it('filters and sorts on the SQL expression', async () => {
    expect(await ids({ filter: { sx: { $endsWith: 'A!' } } })).toEqual([1, 2, 3]);
    expect(await ids({ filter: { sx: 'beta!' } })).toEqual([2]);
    expect(await ids({ sort: [{ fieldName: 'sx', order: 'DESC' }] })).toEqual([3, 2, 1, 4]);
  });

  it('refuses fractions on an integer expression', async () => {
    const entity = defineQueryEntity({
      name: 'query-test-integer-expression',
      table: queryItems,
      idColumn: queryItems.id,
      fields: { twice: { expression: sql`(${queryItems.i} * 2)`, type: 'number', integer: true } },
    });
    expect(await ids({ filter: { twice: { $gte: 6 } } }, entity)).toEqual([3, 4]);
    await expect(runQuery(database.db, entity, { filter: { twice: 1.5 } }, options)).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('paging options', () => {
  it('uses defaultSort only when the query sends no sort', async () => {
    const defaultSort = [{ fieldName: 'sx', order: 'DESC' as const }];
    const run = (query: QueryInput) =>
      runQuery(database.db, extendedEntity, query, { ...options, defaultSort });
    expect((await run({})).rows.map((item) => item.s)).toEqual(['gamma', 'beta', 'alpha', null]);
    expect((await run({ sort: [{ fieldName: 'i', order: 'ASC' }] })).rows.map((item) => item.i)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it("pages by cursor with paging: 'cursor', reading paging.limit and refusing an offset", async () => {
    const first = await runQuery(
      database.db,
      extendedEntity,
      { paging: { limit: 3 } },
      { ...options, paging: 'cursor' },
    );
    expect(first.rows).toHaveLength(3);
    expect(first.pagingMetadata).toMatchObject({ count: 3, hasNext: true });
    await expect(
      runQuery(database.db, extendedEntity, { paging: { offset: 2 } }, { ...options, paging: 'cursor' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('carries conditions outside the filter in the cursor and reports the selection', async () => {
    const carried = {
      value: { prefix: 'a' },
      where: (value: unknown) => sql`${queryItems.s} >= ${(value as { prefix: string }).prefix}`,
    };
    const sort = [{ fieldName: 'i', order: 'ASC' as const }];
    const first = await runQuery(
      database.db,
      extendedEntity,
      { sort, cursorPaging: { limit: 2 } },
      { ...options, carried },
    );
    expect(first.rows.map((item) => item.s)).toEqual(['alpha', 'beta']);
    const cursor = (first.pagingMetadata as { cursors: { next: string } }).cursors.next;
    // The next page sends no carried value of its own: the cursor's is used.
    const next = await runQuery(
      database.db,
      extendedEntity,
      { cursorPaging: { cursor, limit: 2 } },
      { ...options, carried: { ...carried, value: { prefix: 'zzz' } } },
    );
    expect(next.rows.map((item) => item.s)).toEqual(['gamma']);
    const [counted] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(queryItems)
      .where(first.where);
    expect(Number(counted!.n)).toBe(3);
  });

  it('pages a list computed in memory with signed cursors that carry the filter', async () => {
    const load = async (filter: unknown) =>
      ['a', 'b', 'c', 'd', 'e'].filter((item) => !filter || item !== (filter as { skip?: string }).skip);
    const listOptions = { name: 'letters', cursorScope: 'S1', cursorKey };
    const first = await runListQuery(
      { filter: { skip: 'b' }, cursorPaging: { limit: 2 } },
      listOptions,
      load,
    );
    expect(first.items).toEqual(['a', 'c']);
    expect(first.pagingMetadata.cursors.prev).toBeNull();
    const second = await runListQuery(
      { cursorPaging: { cursor: first.pagingMetadata.cursors.next!, limit: 2 } },
      listOptions,
      load,
    );
    expect(second.items).toEqual(['d', 'e']);
    expect(second.pagingMetadata.hasNext).toBe(false);
    await expect(
      runListQuery(
        { cursorPaging: { cursor: first.pagingMetadata.cursors.next! } },
        { ...listOptions, cursorScope: 'S2' },
        load,
      ),
    ).rejects.toMatchObject({ status: 400 });
  });
});
