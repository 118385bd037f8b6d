import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { escapeLike, likePattern } from './like-pattern.ts';
import { canonicalDate, parseFilter } from './parse-filter.ts';
import { projectFields } from './project-fields.ts';
import { defineQueryEntity } from './query-entity.ts';
import { parseSort } from './sort-keys.ts';

const things = pgTable('things', {
  id: uuid('id').primaryKey(),
  name: text('name'),
  price: integer('price'),
  createdDate: timestamp('created_date', { withTimezone: true }),
  visible: boolean('visible'),
  status: text('status', { enum: ['DRAFT', 'LIVE'] }),
  tags: text('tags').array(),
  extra: jsonb('extra'),
  secret: text('secret'),
});

const entity = defineQueryEntity({
  name: 'things',
  table: things,
  idColumn: things.id,
  fields: {
    id: things.id,
    name: things.name,
    price: things.price,
    createdDate: things.createdDate,
    visible: things.visible,
    status: things.status,
    tags: things.tags,
    extra: things.extra,
  },
});

function violation(filter: unknown): { field: string; description: string } {
  try {
    parseFilter(entity, filter);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    const [first] = (error as AppError).options.fieldViolations ?? [];
    return { field: first!.field, description: first!.description };
  }
  throw new Error(`accepted ${JSON.stringify(filter)}`);
}

function nested(depth: number): Record<string, unknown> {
  let filter: Record<string, unknown> = { name: 'x' };
  for (let level = 1; level < depth; level += 1) filter = { $and: [filter] };
  return filter;
}

describe('parseFilter rejects', () => {
  it.each([
    [
      'an unknown operator',
      { name: { $regex: '^a' } },
      'query.filter.name.$regex',
      'unknown operator $regex',
    ],
    ['an unknown top-level operator', { $where: '1=1' }, 'query.filter.$where', 'unknown operator $where'],
    ['an unknown field', { secret: 'x' }, 'query.filter.secret', 'unknown field secret'],
    [
      'a field hidden in $or',
      { $or: [{ name: 'a' }, { nope: 1 }] },
      'query.filter.$or[1].nope',
      'unknown field nope',
    ],
    ['an integer past the column type', { price: { $lt: 2 ** 31 } }, 'query.filter.price.$lt', 'between'],
    ['a string for a number', { price: { $gt: '5' } }, 'query.filter.price.$gt', 'must be a number'],
    ['a fraction for an integer field', { price: 1.5 }, 'query.filter.price', 'must be an integer'],
    [
      'a number for a string',
      { name: { $startsWith: 5 } },
      'query.filter.name.$startsWith',
      'must be a string',
    ],
    [
      'a text operator on a number',
      { price: { $contains: '1' } },
      'query.filter.price.$contains',
      'not supported on number',
    ],
    [
      'a comparison on a boolean',
      { visible: { $gt: true } },
      'query.filter.visible.$gt',
      'not supported on boolean',
    ],
    ['an unknown enum value', { status: 'GONE' }, 'query.filter.status', 'must be one of DRAFT, LIVE'],
    ['a malformed uuid', { id: "1' OR '1'='1" }, 'query.filter.id', 'must be a UUID'],
    ['a malformed date', { createdDate: { $gte: 'yesterday' } }, 'query.filter.createdDate.$gte', 'ISO-8601'],
    [
      'a malformed $date',
      { createdDate: { $date: '2026-13-45T99:00:00Z' } },
      'query.filter.createdDate',
      'ISO-8601',
    ],
    ['$in without an array', { name: { $in: 'a' } }, 'query.filter.name.$in', 'must be an array'],
    ['null inside $in', { name: { $in: ['a', null] } }, 'query.filter.name.$in[1]', 'must not be null'],
    ['$exists with a string', { name: { $exists: 'yes' } }, 'query.filter.name.$exists', 'true or false'],
    ['$between with one value', { price: { $between: [1] } }, 'query.filter.price.$between', 'two values'],
    [
      '$between of mixed types',
      { extra: { $between: [1, 'b'] } },
      'query.filter.extra.$between',
      'same type',
    ],
    ['$and that is not an array', { $and: { name: 'a' } }, 'query.filter.$and', 'array of filters'],
    ['$not that is not an object', { $not: [] }, 'query.filter.$not', 'filter object'],
    ['a filter that is an array', [], 'query.filter', 'filter object'],
    ['an object without operators', { name: { first: 'a' } }, 'query.filter.name', 'object of operators'],
    ['an empty operator object', { name: {} }, 'query.filter.name', 'object of operators'],
    ['an array for a scalar field', { name: ['a', 'b'] }, 'query.filter.name', 'use $in'],
    ['a NUL character', { name: 'a\u0000b' }, 'query.filter.name', 'NUL'],
    ['a lone surrogate', { name: { $contains: '\uD800' } }, 'query.filter.name.$contains', 'well-formed'],
    [
      'a boolean comparison on JSONB',
      { 'extra.flag': { $gt: true } },
      'query.filter.extra.flag.$gt',
      'string, number',
    ],
    ['an empty JSONB path segment', { 'extra..x': 1 }, 'query.filter.extra..x', 'unknown field'],
    [
      'nesting deeper than 10 levels',
      nested(11),
      'query.filter' + '.$and[0]'.repeat(10),
      'nested more than 10',
    ],
  ])('%s', (_label, filter, field, description) => {
    const found = violation(filter);
    expect(found.field).toBe(field);
    expect(found.description).toContain(description);
  });

  it('rejects a filter of more than 500 conditions', () => {
    const filter = { $or: Array.from({ length: 501 }, (_, index) => ({ price: index })) };
    expect(violation(filter).description).toContain('more than 500 conditions');
  });

  it('rejects an $in list longer than 1000 values', () => {
    expect(
      violation({ price: { $in: Array.from({ length: 1001 }, (_, index) => index) } }).description,
    ).toContain('at most 1000');
  });
});

describe('parseFilter accepts', () => {
  it('nesting of exactly 10 levels', () => {
    expect(() => parseFilter(entity, nested(10))).not.toThrow();
  });

  it('an empty or absent filter as match-all', () => {
    expect(parseFilter(entity, {})).toEqual({ kind: 'and', children: [] });
    expect(parseFilter(entity, undefined)).toEqual({ kind: 'and', children: [] });
  });

  it('$ne, $eq null and $exists false as negations', () => {
    expect(parseFilter(entity, { name: { $ne: 'a' } })).toMatchObject({
      kind: 'not',
      child: { kind: 'condition', condition: { op: 'eq', value: { t: 'string', v: 'a' } } },
    });
    expect(parseFilter(entity, { name: null })).toMatchObject({
      kind: 'not',
      child: { condition: { op: 'exists' } },
    });
    expect(parseFilter(entity, { name: { $exists: false } })).toMatchObject({ kind: 'not' });
  });

  it('dates as ISO strings or {"$date"}, normalised to UTC milliseconds', () => {
    expect(parseFilter(entity, { createdDate: { $date: '2026-11-22T12:00:00+02:00' } })).toMatchObject({
      condition: { op: 'eq', value: { t: 'date', v: '2026-11-22T10:00:00.000Z' } },
    });
    expect(parseFilter(entity, { createdDate: { $lt: '2026-11-22' } })).toMatchObject({
      condition: { op: 'lt', value: { t: 'date', v: '2026-11-22T00:00:00.000Z' } },
    });
  });

  it('uuids in any case, compared in lower case', () => {
    expect(parseFilter(entity, { id: 'ABCDEF00-0000-4000-8000-000000000000' })).toMatchObject({
      condition: { value: { v: 'abcdef00-0000-4000-8000-000000000000' } },
    });
  });

  it('JSONB operands of any type, {"$date"} as a date and strings as strings', () => {
    expect(parseFilter(entity, { 'extra.when': { $gte: { $date: '2026-01-01T00:00:00Z' } } })).toMatchObject({
      field: { kind: 'json', path: ['when'] },
      condition: { op: 'gte', value: { t: 'date' } },
    });
    expect(parseFilter(entity, { 'extra.when': { $gte: '2026-01-01' } })).toMatchObject({
      condition: { value: { t: 'string', v: '2026-01-01' } },
    });
  });

  it('$between as gte and lt', () => {
    expect(parseFilter(entity, { price: { $between: [1, 5] } })).toMatchObject({
      kind: 'and',
      children: [{ condition: { op: 'gte' } }, { condition: { op: 'lt' } }],
    });
  });
});

describe('parseSort', () => {
  it('appends the id as the tie-breaker and drops repeated fields', () => {
    const parsed = parseSort(entity, [
      { fieldName: 'price', order: 'DESC' },
      { fieldName: 'price', order: 'ASC' },
    ]);
    expect(parsed.sort).toEqual([{ fieldName: 'price', order: 'DESC' }]);
    expect(parsed.keys).toHaveLength(2);
  });

  it('rejects more than five sort fields', () => {
    const fields = ['id', 'name', 'price', 'createdDate', 'visible', 'status'];
    expect(() =>
      parseSort(
        entity,
        fields.map((fieldName) => ({ fieldName, order: 'ASC' as const })),
      ),
    ).toThrow(/at most 5/);
  });
});

describe('canonicalDate', () => {
  it.each([
    ['2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00:00.123456Z', '2026-11-22T10:00:00.123Z'],
    ['2026-11-22T10:00', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T10:00:00+0530', '2026-11-22T04:30:00.000Z'],
    ['2026-11-22', '2026-11-22T00:00:00.000Z'],
    ['22/11/2026', undefined],
    ['2026-11-22T25:00:00Z', undefined],
    ['0000-01-01T00:00:00Z', undefined],
    ['', undefined],
  ])('%j becomes %j', (input, expected) => {
    expect(canonicalDate(input)).toBe(expected);
  });
});

describe('LIKE patterns', () => {
  it('escape the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(likePattern('startsWith', 'a%')).toBe('a\\%%');
    expect(likePattern('endsWith', '_')).toBe('%\\_');
    expect(likePattern('contains', '')).toBe('%%');
  });
});

describe('projectFields', () => {
  it('keeps the id and the requested paths only', () => {
    const service = { id: '1', name: 'Yoga', price: { amount: '10', currency: 'EUR' }, hidden: true };
    expect(projectFields(service, ['price.amount'])).toEqual({ id: '1', price: { amount: '10' } });
    expect(projectFields(service, ['name', 'missing.path'])).toEqual({ id: '1', name: 'Yoga' });
    expect(projectFields(service, [])).toBe(service);
  });
});
