import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRequestSchema } from '@atrium/contract/query';
import { buildApp, type App } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import type { Database } from '../src/platform/db/database.ts';
import { AppError } from '../src/platform/errors/app-error.ts';
import type { QueryEntity } from '../src/platform/query/query-entity.ts';
import { runQuery } from '../src/platform/query/run-query.ts';
import {
  createQueryItemsTable,
  dynamicEntity,
  queryItems,
  replaceRows,
  typedEntity,
  type TestRow,
} from './query-fixture.ts';
import { createTestDatabase, inject, owner } from './test-app.ts';

let database: Database;
let drop: () => Promise<void>;
let app: App;
const cursorKey = randomBytes(32);

const evilStrings = [
  "'; DROP TABLE query_test_items; --",
  '"); DELETE FROM query_test_items; --',
  "O'Brien",
  'back\\slash',
  "\\'",
  '50%_off',
  '%',
  '_',
  '$where',
  'a.b',
  '--',
  ';',
  '$1',
  'semi;colon',
];

const evilKeys = ["we'ird", 'semi;colon', '--', 'back\\slash', 'quote"key', '$1', ') OR 1=1 --'];

function row(index: number, s: string | null, data: Record<string, unknown>): TestRow {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    siteId: 'S1',
    s,
    n: index,
    i: null,
    d: null,
    b: null,
    e: null,
    st: null,
    u: null,
    tags: [s ?? 'none'],
    data,
  };
}

const rows = [
  ...evilStrings.map((value, index) =>
    row(index, value, { s: value, [evilKeys[index % evilKeys.length]!]: value }),
  ),
  row(100, 'plain', { s: 'plain', nested: { "we'ird": { 'semi;colon': 'deep' } } }),
];

function run(entity: QueryEntity<typeof queryItems>, query: Parameters<typeof runQuery>[2]) {
  return runQuery(database.db, entity, query, { cursorKey, baseWhere: eq(queryItems.siteId, 'S1') });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectTableIntact() {
  const [counted] = await database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM query_test_items',
  );
  expect(counted?.count).toBe(rows.length);
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  app = await buildApp({
    config: testConfig(database.connectionString ? { DATABASE_URL: database.connectionString } : {}),
    database,
    plugins: [queryTestRoutes],
  });
  await app.ready();
  await createQueryItemsTable(database);
  await replaceRows(database, rows);
  // Opening PGlite takes long on a busy machine; the default hook timeout is not enough there.
}, 180_000);
afterAll(async () => {
  await app?.close();
  await drop();
});

/** A fixture route shaped like every module's `.../query` endpoint. */
async function queryTestRoutes(instance: FastifyInstance) {
  instance
    .withTypeProvider<ZodTypeProvider>()
    .post('/query-test/v1/items/query', { schema: { body: queryRequestSchema } }, async (request) => {
      const result = await run(typedEntity, request.body.query);
      return {
        items: result.rows.map((item) => ({ id: item.id, s: item.s })),
        pagingMetadata: result.pagingMetadata,
      };
    });
}

describe('SQL injection through values', () => {
  it.each(evilStrings)('matches %j literally with $eq and the text operators', async (value) => {
    const expected = rows.filter((item) => item.s === value).map((item) => item.id);
    for (const entity of [typedEntity, dynamicEntity]) {
      expect((await run(entity, { filter: { s: value } })).rows.map((item) => item.id)).toEqual(expected);
      const contains = (await run(entity, { filter: { s: { $contains: value } } })).rows.map(
        (item) => item.s,
      );
      expect(contains).toEqual(rows.filter((item) => item.s!.includes(value)).map((item) => item.s));
      const startsWith = await run(entity, { filter: { s: { $startsWith: value } } });
      expect(startsWith.rows.every((item) => item.s!.startsWith(value))).toBe(true);
    }
    const tagged = await run(typedEntity, { filter: { tags: { $hasSome: [value] } } });
    expect(tagged.rows.map((item) => item.id)).toEqual(expected);
    await expectTableIntact();
  });

  it('treats LIKE wildcards as literal characters', async () => {
    const percent = await run(typedEntity, { filter: { s: { $contains: '%' } } });
    expect(percent.rows.map((item) => item.s).sort()).toEqual(['%', '50%_off']);
    const underscore = await run(typedEntity, { filter: { s: { $endsWith: '_' } } });
    expect(underscore.rows.map((item) => item.s)).toEqual(['_']);
  });
});

describe('SQL injection through field names', () => {
  it.each(['s; DROP TABLE query_test_items', 's" --', "s'", 's.x', 'query_test_items.s', '1=1'])(
    'rejects the unknown typed field %j with a 400 naming it',
    async (field) => {
      const error = await rejection(run(typedEntity, { filter: { [field]: 'x' } }));
      expect(error.status).toBe(400);
      expect(error.options.fieldViolations?.[0]?.description).toContain(`unknown field ${field}`);
      const sortError = await rejection(run(typedEntity, { sort: [{ fieldName: field, order: 'ASC' }] }));
      expect(sortError.status).toBe(400);
      await expectTableIntact();
    },
  );

  it.each(['$where', '$regex', '$1'])('rejects %j at filter level as an unknown operator', async (key) => {
    const error = await rejection(run(dynamicEntity, { filter: { [key]: 'x' } }));
    expect(error.status).toBe(400);
    expect(error.message).toContain(`unknown operator ${key}`);
  });

  it.each(evilKeys.filter((key) => !key.startsWith('$')))(
    'binds the JSONB key %j as a parameter and matches it literally',
    async (key) => {
      const expected = rows.filter((item) => key in item.data).map((item) => item.id);
      const present = await run(dynamicEntity, { filter: { [key]: { $exists: true } } });
      expect(present.rows.map((item) => item.id)).toEqual(expected);
      const sorted = await run(dynamicEntity, { sort: [{ fieldName: key, order: 'DESC' }] });
      expect(sorted.rows).toHaveLength(rows.length);
      await expectTableIntact();
    },
  );

  it('walks nested JSONB paths whose keys hold quotes and semicolons', async () => {
    const found = await run(dynamicEntity, { filter: { "nested.we'ird.semi;colon": 'deep' } });
    expect(found.rows.map((item) => item.s)).toEqual(['plain']);
  });

  it('leaves the table and its rows as they were', async () => {
    await expectTableIntact();
    const [table] = await database.query<{ exists: boolean }>(
      `SELECT to_regclass('query_test_items') IS NOT NULL AS exists`,
    );
    expect(table?.exists).toBe(true);
    const stored = await database.db
      .select({ s: queryItems.s })
      .from(queryItems)
      .where(sql`true`);
    expect(stored.map((item) => item.s).sort()).toEqual(rows.map((item) => item.s).sort());
  });
});

describe('POST /query-test/v1/items/query (a query endpoint end to end)', () => {
  const post = (body: unknown) =>
    inject(app, {
      method: 'POST',
      url: '/query-test/v1/items/query',
      headers: owner,
      payload: body as object,
    });

  it('answers a filtered, sorted page with paging metadata', async () => {
    const response = await post({
      query: {
        filter: { s: { $startsWith: 'semi' } },
        sort: [{ fieldName: 's', order: 'DESC' }],
        paging: { limit: 5 },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { s: string }) => item.s)).toEqual(['semi;colon']);
    expect(response.body.pagingMetadata).toEqual({
      count: 1,
      offset: 0,
      total: 1,
      tooManyToCount: false,
      hasNext: false,
    });
  });

  it('answers $regex with a 400 naming the operator', async () => {
    const response = await post({ query: { filter: { s: { $regex: '.*' } } } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('$regex');
    expect(response.body.details.validationError.fieldViolations[0].field).toBe('query.filter.s.$regex');
  });

  it.each([
    ['a huge limit', { paging: { limit: 1_000_000 } }, 'query.paging.limit'],
    ['a negative offset', { paging: { offset: -5 } }, 'query.paging.offset'],
    ['a wrong operand type', { filter: { n: { $gt: 'five' } } }, 'query.filter.n.$gt'],
    ['a filter that is not an object', { filter: [] }, 'query.filter'],
    ['deep nesting', { filter: JSON.parse('{"$not":'.repeat(40) + '{}' + '}'.repeat(40)) }, 'query.filter'],
    ['a forged cursor', { cursorPaging: { cursor: 'abc.def' } }, undefined],
  ])('answers %s with a 400 in the error shape', async (_label, query, field) => {
    const response = await post({ query });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
    if (field) {
      expect(response.body.details.validationError.fieldViolations[0].field).toMatch(
        new RegExp(`^${field.replace(/[.$[\]]/g, '\\$&')}`),
      );
    } else {
      expect(response.body.details.applicationError.code).toBe('INVALID_CURSOR');
    }
  });

  it('follows cursors through HTTP to the last page', async () => {
    const seen: string[] = [];
    let response = await post({
      query: { sort: [{ fieldName: 'n', order: 'ASC' }], cursorPaging: { limit: 4 } },
    });
    for (;;) {
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item: { id: string }) => item.id));
      const next = response.body.pagingMetadata.cursors.next;
      if (!next) break;
      response = await post({ query: { cursorPaging: { cursor: next, limit: 4 } } });
    }
    expect(seen).toEqual(rows.map((item) => item.id));
  });

  it('documents the query body in /openapi.json', async () => {
    const response = await inject(app, { method: 'GET', url: '/openapi.json' });
    expect(response.status).toBe(200);
    const operation = response.body.paths['/query-test/v1/items/query'].post;
    expect(JSON.stringify(operation.requestBody)).toContain('cursorPaging');
  });
});
