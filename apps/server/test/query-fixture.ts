import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Database } from '../src/platform/db/database.ts';
import type { EvaluationSchema } from '../src/platform/query/evaluate-filter.ts';
import { defineQueryEntity, type FieldType } from '../src/platform/query/query-entity.ts';

/**
 * A table made by the query tests themselves (not a migration): every field type of the engine as a typed
 * column, and the same values again inside `data` JSONB, so one filter can be checked both ways.
 */
export const statusEnum = pgEnum('query_test_status', ['LIVE', 'ARCHIVED', 'DRAFT']);

export const queryItems = pgTable('query_test_items', {
  id: uuid('id').primaryKey(),
  siteId: text('site_id').notNull(),
  s: text('s'),
  n: doublePrecision('n'),
  i: integer('i'),
  d: timestamp('d', { withTimezone: true, mode: 'string' }),
  b: boolean('b'),
  e: text('e', { enum: ['DRAFT', 'LIVE', 'ARCHIVED'] }),
  st: statusEnum('st'),
  u: uuid('u'),
  tags: text('tags').array(),
  uids: uuid('uids').array(),
  locs: jsonb('locs'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
});

export async function createQueryItemsTable(database: Database): Promise<void> {
  await database.query(`CREATE TYPE query_test_status AS ENUM ('LIVE', 'ARCHIVED', 'DRAFT')`);
  await database.query(`
    CREATE TABLE query_test_items (
      id uuid PRIMARY KEY,
      site_id text NOT NULL,
      s text, n double precision, i integer, d timestamptz, b boolean, e text,
      st query_test_status, u uuid, tags text[], uids uuid[], locs jsonb,
      data jsonb NOT NULL
    )`);
}

export const typedFieldTypes: Record<string, FieldType> = {
  id: 'uuid',
  s: 'string',
  n: 'number',
  i: 'number',
  d: 'date',
  b: 'boolean',
  e: 'enum',
  st: 'enum',
  u: 'uuid',
  tags: 'stringArray',
};

export const typedEntity = defineQueryEntity({
  name: 'query-test-typed',
  table: queryItems,
  idColumn: queryItems.id,
  fields: {
    id: queryItems.id,
    s: queryItems.s,
    n: queryItems.n,
    i: queryItems.i,
    d: queryItems.d,
    b: queryItems.b,
    e: queryItems.e,
    st: queryItems.st,
    u: queryItems.u,
    tags: queryItems.tags,
  },
  maxLimit: 1000,
});

/** The data-collections shape: `id` is a column, every other name a path into `data`. */
export const dynamicEntity = defineQueryEntity({
  name: 'query-test-dynamic',
  table: queryItems,
  idColumn: queryItems.id,
  fields: { id: queryItems.id },
  dynamicRoot: queryItems.data,
  maxLimit: 1000,
});

export interface TestRow {
  id: string;
  siteId: string;
  s: string | null;
  n: number | null;
  i: number | null;
  d: string | null;
  b: boolean | null;
  e: 'DRAFT' | 'LIVE' | 'ARCHIVED' | null;
  st: 'LIVE' | 'ARCHIVED' | 'DRAFT' | null;
  u: string | null;
  tags: string[] | null;
  /** Only the array/element/expression tests fill these. */
  uids?: string[] | null;
  locs?: unknown;
  data: Record<string, unknown>;
}

export const typedSchema: EvaluationSchema = {
  typeOf: (field) => typedFieldTypes[field] ?? 'jsonb',
  valueOf: (row, field) => (row as Record<string, unknown>)[field],
};

export const dynamicSchema: EvaluationSchema = {
  typeOf: (field) => (field === 'id' ? 'uuid' : 'jsonb'),
  valueOf: (row, field) => {
    if (field === 'id') return (row as TestRow).id;
    let value: unknown = (row as TestRow).data;
    for (const key of field.split('.')) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return value;
  },
};

export async function replaceRows(database: Database, rows: readonly TestRow[]): Promise<void> {
  await database.db.execute(sql`DELETE FROM query_test_items`);
  if (rows.length > 0) await database.db.insert(queryItems).values([...rows]);
}

/** Array, JSONB-element and expression fields over the same table, with their types for the evaluator. */
export const extendedFieldTypes: Record<string, FieldType> = {
  ...typedFieldTypes,
  uids: 'uuidArray',
  'locs.kind': 'jsonElements',
  sx: 'string',
};

export const extendedEntity = defineQueryEntity({
  name: 'query-test-extended',
  table: queryItems,
  idColumn: queryItems.id,
  fields: {
    ...typedEntity.fieldNames.reduce<Record<string, (typeof queryItems)['id']>>((fields, name) => {
      fields[name] = queryItems[name as 'id'];
      return fields;
    }, {}),
    uids: queryItems.uids,
    'locs.kind': { column: queryItems.locs, arrayPath: [], elementPath: ['kind'] },
    sx: { expression: sql`(${queryItems.s} || '!')`, type: 'string' },
  },
  maxLimit: 1000,
});

/** What the evaluator reads: the element values present in `locs`, and `s` with the expression applied. */
export const extendedSchema: EvaluationSchema = {
  typeOf: (field) => extendedFieldTypes[field] ?? 'jsonb',
  valueOf: (row, field) => {
    const record = row as TestRow;
    if (field === 'sx') return record.s === null ? null : `${record.s}!`;
    if (field === 'locs.kind') {
      if (!Array.isArray(record.locs)) return undefined;
      const values = record.locs
        .filter(
          (element): element is Record<string, unknown> =>
            typeof element === 'object' && element !== null && !Array.isArray(element),
        )
        .map((element) => element.kind)
        .filter((value) => value !== null && value !== undefined);
      return values.length > 0 ? values : undefined;
    }
    return (record as unknown as Record<string, unknown>)[field];
  },
};
