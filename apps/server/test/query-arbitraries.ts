import fc from 'fast-check';
import type { TestRow } from './query-fixture.ts';

/**
 * fast-check generators of rows and filters for the query tests. Values come from small pools plus random
 * ones, so filters hit rows often; strings mix quotes, LIKE wildcards, backslashes, case pairs and
 * characters outside the Basic Multilingual Plane (code-point order differs from UTF-16 order there).
 */
export const stringPool = [
  '',
  'a',
  'A',
  'ab',
  'Ab',
  "O'Brien",
  'é',
  'É',
  'straße',
  'ΣΑΣ',
  'σας',
  '日本',
  '😀',
  'Ａ',
  "'; DROP TABLE query_test_items; --",
  '50%_off',
  'back\\slash',
  '$eq',
  'a.b',
  '"quoted"',
];
const alphabet = [
  'a',
  'A',
  'b',
  'B',
  'é',
  'É',
  'Σ',
  'σ',
  '日',
  '😀',
  'Ａ',
  'ａ',
  "'",
  '"',
  '\\',
  '%',
  '_',
  ';',
  '-',
  '$',
  '.',
  ' ',
];

export const stringArb = fc.oneof(
  fc.constantFrom(...stringPool),
  fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 5 }),
);
export const numberArb = fc.oneof(
  fc.constantFrom(-1.5, 0, 1, 2.25, -3, 100, 0.1, 0.2, 0.30000000000000004, 1e-7),
  fc.integer({ min: -20, max: 20 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
);
export const intArb = fc.oneof(fc.constantFrom(-1, 0, 1, 7), fc.integer({ min: -1000, max: 1000 }));
const datePool = [
  '2024-01-01T00:00:00.000Z',
  '2024-01-01T00:00:00.001Z',
  '1969-12-31T23:59:59.999Z',
  '2100-06-15T12:30:00.000Z',
];
export const dateArb = fc.oneof(
  fc.constantFrom(...datePool),
  fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2200-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
);
const uuidPool = [
  '00000000-0000-4000-8000-000000000001',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  '7d1e8f7a-4b1c-4e6a-9a3e-2c1f0b9d8e7f',
];
export const uuidArb = fc.oneof(fc.constantFrom(...uuidPool), fc.uuid());
export const tagPool = ['red', 'Red', 'green', "it's", 'a,b', '{x}', '"q"', 'NULL'];
export const tagsArb = fc.array(fc.constantFrom(...tagPool), { maxLength: 3 });
export const enumValues = ['DRAFT', 'LIVE', 'ARCHIVED'] as const;

const MISSING = Symbol('missing');
type Maybe<T> = T | null | typeof MISSING;

function maybe<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Maybe<T>> {
  return fc.oneof(
    { weight: 4, arbitrary: arb },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  );
}

/** A row: typed columns hold NULL for both null and missing; `data` leaves a missing key out. */
export const rowArb: fc.Arbitrary<TestRow> = fc
  .record({
    id: fc.uuid(),
    siteId: fc.constantFrom('S1', 'S1', 'S1', 'S2'),
    s: maybe(stringArb),
    n: maybe(numberArb),
    i: maybe(intArb),
    d: maybe(dateArb),
    b: maybe(fc.boolean()),
    e: maybe(fc.constantFrom(...enumValues)),
    st: maybe(fc.constantFrom(...enumValues)),
    u: maybe(uuidArb),
    tags: maybe(tagsArb),
  })
  .map((raw) => {
    const data: Record<string, unknown> = {};
    const typed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (key === 'id' || key === 'siteId') continue;
      typed[key] = value === MISSING ? null : value;
      if (value === MISSING) continue;
      data[key] = key === 'd' && value !== null ? { $date: value } : value;
    }
    return { id: raw.id, siteId: raw.siteId, ...typed, data } as unknown as TestRow;
  });

export const rowsArb = fc.uniqueArray(rowArb, { selector: (row) => row.id, minLength: 6, maxLength: 30 });

interface FieldSpec {
  operators: string[];
  value: fc.Arbitrary<unknown>;
  /** Extra shapes of `$eq` operands (a whole array for string arrays). */
  equality?: fc.Arbitrary<unknown>;
  /** JSONB: comparisons may also meet operands of other types. */
  mixed?: boolean;
}

const ordered = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$exists',
  '$between',
];
const textual = ['$startsWith', '$endsWith', '$contains'];
const discrete = ['$eq', '$ne', '$in', '$hasSome', '$hasAll', '$exists'];
const dateOperand = dateArb.map(($date) => ({ $date }));

/** A UUID operand in any letter case: the uuid type ignores it. */
const uuidOperand = fc.tuple(uuidArb, fc.boolean()).map(([id, upper]) => (upper ? id.toUpperCase() : id));

export const typedFieldSpecs: Record<string, FieldSpec> = {
  id: { operators: ordered, value: uuidOperand },
  s: { operators: [...ordered, ...textual], value: stringArb },
  n: { operators: ordered, value: numberArb },
  i: { operators: ordered, value: intArb },
  d: { operators: ordered, value: fc.oneof(dateOperand, dateArb) },
  b: { operators: discrete, value: fc.boolean() },
  e: { operators: discrete, value: fc.constantFrom(...enumValues) },
  st: { operators: discrete, value: fc.constantFrom(...enumValues) },
  u: { operators: ordered, value: uuidOperand },
  tags: { operators: discrete, value: fc.constantFrom(...tagPool), equality: tagsArb },
};

/** JSONB values are dynamically typed, so any field may meet an operand of another type. */
const anyOrdered = fc.oneof(stringArb, numberArb, dateOperand);
const anyScalar = fc.oneof(stringArb, numberArb, dateOperand, fc.boolean());
export const dynamicFieldSpecs: Record<string, FieldSpec> = {
  id: { operators: ordered, value: uuidOperand },
  ...Object.fromEntries(
    Object.entries(typedFieldSpecs)
      .filter(([name]) => name !== 'id')
      .map(([name, spec]) => [
        name,
        {
          operators: [...ordered, ...textual],
          value: fc.oneof({ weight: 3, arbitrary: name === 'd' ? dateOperand : spec.value }, anyScalar),
          equality: tagsArb,
          mixed: true,
        },
      ]),
  ),
};

function operandFor(spec: FieldSpec, operator: string): fc.Arbitrary<unknown> {
  const dynamic = spec.mixed === true;
  switch (operator) {
    case '$eq':
    case '$ne':
      return fc.oneof(
        { weight: 5, arbitrary: spec.value },
        { weight: 1, arbitrary: fc.constant(null) },
        ...(spec.equality ? [{ weight: 1, arbitrary: spec.equality }] : []),
      );
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return dynamic
        ? fc.oneof({ weight: 3, arbitrary: spec.value.filter((v) => typeof v !== 'boolean') }, anyOrdered)
        : spec.value;
    case '$between': {
      const value = dynamic ? spec.value.filter((v) => typeof v !== 'boolean') : spec.value;
      // Both ends of one type: the second is drawn again until it matches the first's type.
      return value.chain((from) =>
        value
          .filter((to) => typeof to === typeof from && (typeof to !== 'object' || typeof from === 'object'))
          .map((to) => [from, to]),
      );
    }
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      return stringArb;
    case '$exists':
      return fc.boolean();
    default:
      return fc.array(spec.value, { maxLength: 3 });
  }
}

function conditionArb(specs: Record<string, FieldSpec>): fc.Arbitrary<[string, unknown]> {
  return fc.constantFrom(...Object.keys(specs)).chain((field) => {
    const spec = specs[field]!;
    const operator = fc.constantFrom(...spec.operators);
    const single = operator.chain((op) => operandFor(spec, op).map((operand) => ({ [op]: operand })));
    return fc
      .oneof(
        { weight: 1, arbitrary: operandFor(spec, '$eq') },
        { weight: 4, arbitrary: single },
        { weight: 1, arbitrary: fc.tuple(single, single).map(([a, b]) => ({ ...a, ...b })) },
      )
      .map((condition) => [field, condition] as [string, unknown]);
  });
}

/** Random filters with nested $and, $or and $not over the given fields. */
export function filterArb(specs: Record<string, FieldSpec>): fc.Arbitrary<Record<string, unknown>> {
  const leaf = fc
    .array(conditionArb(specs), { minLength: 1, maxLength: 2 })
    .map((entries) => Object.fromEntries(entries));
  const { filter } = fc.letrec<{ filter: Record<string, unknown> }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('filter'), { maxLength: 3 }).map(($and) => ({ $and })) },
      { weight: 1, arbitrary: fc.array(tie('filter'), { maxLength: 3 }).map(($or) => ({ $or })) },
      { weight: 1, arbitrary: tie('filter').map(($not) => ({ $not })) },
    ),
  }));
  return fc.oneof({ weight: 1, arbitrary: fc.constant({}) }, { weight: 6, arbitrary: filter });
}

export function sortArb(fields: readonly string[]) {
  return fc.array(
    fc.record({
      fieldName: fc.constantFrom(...fields),
      order: fc.constantFrom('ASC' as const, 'DESC' as const),
    }),
    { maxLength: 3 },
  );
}

/** Element values of `locs`: JSON scalars of several types, nulls, and an array that must not match its item. */
const kindPool = ['BUSINESS', 'CUSTOM', 'business', '1', 1, true, false];
const elementArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constantFrom(...kindPool) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant(null) }) },
  { weight: 1, arbitrary: fc.constant({ other: 'x' }) },
  { weight: 1, arbitrary: fc.constant({ kind: ['BUSINESS'] }) },
  { weight: 1, arbitrary: fc.constant('BUSINESS') },
);

/** Rows with the array and element columns filled as well. */
export const extendedRowsArb = fc
  .tuple(
    rowsArb,
    fc.array(
      fc.record({
        uids: fc.oneof(
          fc.constant(null),
          fc.array(
            uuidArb.map((id) => id.toLowerCase()),
            { maxLength: 3 },
          ),
        ),
        locs: fc.oneof(
          { weight: 1, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constant({ kind: 'BUSINESS' }) },
          { weight: 5, arbitrary: fc.array(elementArb, { maxLength: 3 }) },
        ),
      }),
      { minLength: 30, maxLength: 30 },
    ),
  )
  .map(([rows, extras]) => rows.map((row, index) => ({ ...row, ...extras[index]! })));

export const extendedFieldSpecs: Record<string, FieldSpec> = {
  ...typedFieldSpecs,
  uids: {
    operators: discrete,
    value: uuidOperand,
    equality: fc.array(
      uuidArb.map((id) => id.toLowerCase()),
      { maxLength: 3 },
    ),
  },
  'locs.kind': { operators: discrete, value: fc.constantFrom(...kindPool) },
  sx: { operators: [...ordered, ...textual], value: stringArb.map((text) => `${text}!`) },
};
