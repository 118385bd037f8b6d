import type { FieldType } from './query-entity.ts';

/**
 * A plain in-memory evaluator of the filter language, written independently of the SQL compiler: the
 * property tests hold the two to the same answers. It trusts its input (the parser is what rejects bad
 * filters) and implements the semantics of README.md directly on the wire JSON.
 */

/** How the evaluator reads a field: its type (`jsonb` for dynamically typed values) and its value. */
export interface EvaluationSchema {
  typeOf(fieldName: string): FieldType;
  valueOf(row: unknown, fieldName: string): unknown;
}

type Value =
  | { t: 'absent' }
  | { t: 'string'; v: string }
  | { t: 'number'; v: number }
  | { t: 'boolean'; v: boolean }
  | { t: 'date'; v: string }
  | { t: 'array'; v: Value[] }
  | { t: 'other' };

const absent: Value = { t: 'absent' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toDate(text: string): Value {
  // Date-times without a zone are UTC, as the parser reads them.
  const zoned = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  const clipped = zoned.replace(/(\.\d{3})\d+/, '$1');
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : clipped);
  return { t: 'date', v: date.toISOString() };
}

/**
 * How the items of an array value read. A `jsonElements` value is the list of the non-null values found
 * in the elements (absent when there are none), as `EvaluationSchema.valueOf` returns it.
 */
const elementType: Partial<Record<FieldType, FieldType>> = {
  stringArray: 'string',
  uuidArray: 'uuid',
  jsonElements: 'jsonb',
};

/** Stored values and operands alike: the field's type says what a bare string means. */
function normalize(raw: unknown, type: FieldType): Value {
  if (raw === null || raw === undefined) return absent;
  if (raw instanceof Date) return { t: 'date', v: raw.toISOString() };
  if (isObject(raw)) {
    const keys = Object.keys(raw);
    if (keys.length === 1 && typeof raw.$date === 'string') return toDate(raw.$date);
    return { t: 'other' };
  }
  if (Array.isArray(raw))
    return { t: 'array', v: raw.map((item) => normalize(item, elementType[type] ?? type)) };
  if (typeof raw === 'string') {
    if (type === 'date') return toDate(raw);
    if (type === 'uuid' || type === 'uuidArray') return { t: 'string', v: raw.toLowerCase() };
    return { t: 'string', v: raw };
  }
  if (typeof raw === 'number') return { t: 'number', v: raw };
  if (typeof raw === 'boolean') return { t: 'boolean', v: raw };
  return { t: 'other' };
}

/** Code-point order, which is what `COLLATE "C"` gives on UTF-8 (JavaScript's `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = left[index]!.codePointAt(0)! - right[index]!.codePointAt(0)!;
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
}

/** Simple (one code point to one) lower-casing, as PostgreSQL's lower() does character by character. */
export function foldCase(text: string): string {
  return Array.from(text, (character) => (character === '\u0130' ? 'i' : character.toLowerCase())).join('');
}

function equal(a: Value, b: Value): boolean {
  if (a.t !== b.t) return false;
  if (a.t === 'array' && b.t === 'array') {
    return a.v.length === b.v.length && a.v.every((item, index) => equal(item, b.v[index]!));
  }
  if (a.t === 'absent' || a.t === 'other') return false;
  return (a as { v: unknown }).v === (b as { v: unknown }).v;
}

/** Undefined when the two cannot be ordered (different types, or types without an order). */
function compare(a: Value, b: Value): number | undefined {
  if (a.t !== b.t) return undefined;
  if (a.t === 'number' && b.t === 'number') return a.v === b.v ? 0 : a.v < b.v ? -1 : 1;
  if ((a.t === 'string' && b.t === 'string') || (a.t === 'date' && b.t === 'date'))
    return compareCodePoints(a.v, b.v);
  return undefined;
}

/** `$eq` with a scalar also matches an array holding it; with an array, only an equal array. */
function matchesEquality(value: Value, operand: Value): boolean {
  if (operand.t === 'absent') return value.t === 'absent';
  if (operand.t !== 'array' && value.t === 'array') return value.v.some((item) => equal(item, operand));
  return equal(value, operand);
}

type MatchesSpec = Array<{ type: 'literal' | 'anyOf'; value: string }>;

/** `$matches`: the whole text is the segments in order, a literal as it is, an any-of as one of its characters. */
function matchesSpec(text: string, spec: MatchesSpec): boolean {
  const characters = Array.from(foldCase(text));
  let at = 0;
  for (const segment of spec) {
    const wanted = Array.from(foldCase(segment.value));
    if (segment.type === 'literal') {
      if (characters.slice(at, at + wanted.length).join('') !== wanted.join('')) return false;
      at += wanted.length;
    } else {
      if (at >= characters.length || !wanted.includes(characters[at]!)) return false;
      at += 1;
    }
  }
  return at === characters.length;
}

function matchesOperator(value: Value, operator: string, raw: unknown, type: FieldType): boolean {
  const operand = () => normalize(raw, type);
  const list = () => (raw as unknown[]).map((item) => normalize(item, type));
  const ordered = (test: (order: number) => boolean) => {
    if (value.t === 'array') return false;
    const order = compare(value, operand());
    return order !== undefined && test(order);
  };
  const text = (test: (value: string, operand: string) => boolean) =>
    value.t === 'string' && test(foldCase(value.v), foldCase(raw as string));
  switch (operator) {
    case '$eq':
      return matchesEquality(value, operand());
    case '$ne':
      return !matchesEquality(value, operand());
    case '$gt':
      return ordered((order) => order > 0);
    case '$gte':
      return ordered((order) => order >= 0);
    case '$lt':
      return ordered((order) => order < 0);
    case '$lte':
      return ordered((order) => order <= 0);
    case '$between': {
      const [from, to] = raw as [unknown, unknown];
      return matchesOperator(value, '$gte', from, type) && matchesOperator(value, '$lt', to, type);
    }
    case '$startsWith':
      return text((v, o) => v.startsWith(o));
    case '$endsWith':
      return text((v, o) => v.endsWith(o));
    case '$contains':
      return text((v, o) => v.includes(o));
    case '$matches':
      return value.t === 'string' && matchesSpec(value.v, (raw as { spec: MatchesSpec }).spec);
    case '$in':
    case '$hasSome':
      return list().some((item) => matchesEquality(value, item));
    case '$hasAll':
      return value.t !== 'absent' && list().every((item) => matchesEquality(value, item));
    case '$exists':
      return (value.t !== 'absent') === raw;
    default:
      throw new Error(`unknown operator ${operator}`);
  }
}

function matchesField(
  row: unknown,
  fieldName: string,
  condition: unknown,
  schema: EvaluationSchema,
): boolean {
  const type = schema.typeOf(fieldName);
  const value = normalize(schema.valueOf(row, fieldName), type);
  const isOperatorObject =
    isObject(condition) && !('$date' in condition && Object.keys(condition).length === 1);
  if (!isOperatorObject) return matchesEquality(value, normalize(condition, type));
  return Object.entries(condition).every(([operator, raw]) => matchesOperator(value, operator, raw, type));
}

/** True when the row matches the wire filter. */
export function evaluateFilter(filter: unknown, row: unknown, schema: EvaluationSchema): boolean {
  if (filter === null || filter === undefined) return true;
  return Object.entries(filter as Record<string, unknown>).every(([key, condition]) => {
    if (key === '$and') return (condition as unknown[]).every((child) => evaluateFilter(child, row, schema));
    if (key === '$or') return (condition as unknown[]).some((child) => evaluateFilter(child, row, schema));
    if (key === '$not') return !evaluateFilter(condition, row, schema);
    return matchesField(row, key, condition, schema);
  });
}

const typeRank: Record<Value['t'], number> = {
  absent: 0,
  number: 1,
  string: 2,
  boolean: 3,
  date: 4,
  array: 5,
  other: 5,
};

function compareForSort(a: Value, b: Value): number {
  const rank = typeRank[a.t] - typeRank[b.t];
  if (rank !== 0) return rank < 0 ? -1 : 1;
  if (a.t === 'boolean' && b.t === 'boolean') return Number(a.v) - Number(b.v);
  return compare(a, b) ?? 0;
}

/**
 * The order of `sort` followed by the id: absent values first ascending and last descending, values of
 * different types by type (number, string, boolean, date, other).
 */
export function compareRowsForSort(
  a: unknown,
  b: unknown,
  sort: ReadonlyArray<{ fieldName: string; order: 'ASC' | 'DESC' }>,
  schema: EvaluationSchema,
  idField = 'id',
): number {
  for (const { fieldName, order } of sort) {
    const type = schema.typeOf(fieldName);
    const result = compareForSort(
      normalize(schema.valueOf(a, fieldName), type),
      normalize(schema.valueOf(b, fieldName), type),
    );
    if (result !== 0) return order === 'DESC' ? -result : result;
  }
  return compareCodePoints(
    String(schema.valueOf(a, idField)).toLowerCase(),
    String(schema.valueOf(b, idField)).toLowerCase(),
  );
}
