import { filterOperators, type FilterOperator } from '@atrium/contract/query';
import type { ViolatedRule } from '@atrium/contract/errors';
import { invalidField } from '../errors/app-error.ts';
import { formatFieldPath } from '../http/validation.ts';
import type { Condition, ComparisonOp, FilterNode, Scalar, TextOp } from './filter-ast.ts';
import { matchesPattern, type MatchesSegment } from './matches-pattern.ts';
import { arrayFieldTypes, queryLimits, type QueryEntity, type ResolvedField } from './query-entity.ts';

type Path = PropertyKey[];

function fail(path: Path, description: string, rule: ViolatedRule = 'VALIDATION'): never {
  throw invalidField(formatFieldPath(path), description, rule);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"$date": "..."}` is a date literal, not an operator object. */
export function isDateLiteral(value: unknown): value is { $date: unknown } {
  return isPlainObject(value) && Object.keys(value).length === 1 && '$date' in value;
}

const lonelySurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text cannot hold NUL, and a lone surrogate would be silently replaced on the way in. */
export function checkText(value: string, path: Path): string {
  if (value.includes('\u0000')) fail(path, 'must not contain the NUL character', 'FORMAT');
  if (lonelySurrogate.test(value)) fail(path, 'must be well-formed Unicode text', 'FORMAT');
  return value;
}

const isoDate =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const canonicalIso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Canonical `YYYY-MM-DDTHH:mm:ss.sssZ`, or undefined. A date-time without a zone is taken as UTC, so the
 * answer never depends on the server's time zone.
 */
export function canonicalDate(text: string): string | undefined {
  // Already canonical, as this server writes dates and most clients send them: one round trip checks it.
  if (canonicalIso.test(text) && !text.startsWith('0000')) {
    const time = Date.parse(text);
    if (!Number.isNaN(time) && new Date(time).toISOString() === text) return text;
  }
  const match = isoDate.exec(text);
  if (!match) return undefined;
  const [, day, time, zone] = match;
  let normalized: string;
  if (time) {
    let offset = (zone ?? 'Z').toUpperCase();
    if (/^[+-]\d{2}$/.test(offset)) offset += ':00';
    else if (/^[+-]\d{4}$/.test(offset)) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
    // JavaScript dates carry milliseconds: finer fractions are cut, not rounded, as PostgreSQL would keep them.
    const clipped = time.replace(/(\.\d{3})\d+$/, '$1');
    normalized = `${day}T${clipped}${offset}`;
  } else {
    normalized = `${day}T00:00:00Z`;
  }
  const date = new Date(normalized);
  if (Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  // PostgreSQL has no year 0 and JavaScript writes years past 9999 with a sign.
  return /^\d{4}-/.test(iso) && !iso.startsWith('0000') ? iso : undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const comparisonOps: Record<string, ComparisonOp> = { $gt: 'gt', $gte: 'gte', $lt: 'lt', $lte: 'lte' };
const textOps: Record<string, TextOp> = {
  $startsWith: 'startsWith',
  $endsWith: 'endsWith',
  $contains: 'contains',
};

const notText = (op: FilterOperator) => !(op in textOps) && op !== '$matches';

/** Which operators each field type takes; anything else is a 400 naming operator and field. */
const operatorsByType: Record<string, ReadonlySet<FilterOperator>> = {
  string: new Set(filterOperators),
  number: new Set(filterOperators.filter(notText)),
  date: new Set(filterOperators.filter(notText)),
  uuid: new Set(filterOperators.filter(notText)),
  boolean: new Set<FilterOperator>(['$eq', '$ne', '$in', '$hasSome', '$hasAll', '$exists']),
  enum: new Set<FilterOperator>(['$eq', '$ne', '$in', '$hasSome', '$hasAll', '$exists']),
  stringArray: new Set<FilterOperator>(['$eq', '$ne', '$in', '$hasSome', '$hasAll', '$exists']),
  uuidArray: new Set<FilterOperator>(['$eq', '$ne', '$in', '$hasSome', '$hasAll', '$exists']),
  jsonElements: new Set<FilterOperator>(['$eq', '$ne', '$in', '$hasSome', '$hasAll', '$exists']),
  json: new Set(filterOperators),
};

function typeName(field: ResolvedField): string {
  return field.kind === 'json' ? 'json' : field.type;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (isDateLiteral(value)) return 'a date';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function parseDate(raw: unknown, path: Path): Scalar {
  const text = isDateLiteral(raw) ? raw.$date : raw;
  const date = typeof text === 'string' ? canonicalDate(text) : undefined;
  if (!date) fail(path, 'must be an ISO-8601 date such as 2026-11-22T10:00:00.000Z', 'FORMAT');
  return { t: 'date', v: date };
}

/** One operand value, checked against the field's type. */
function parseScalar(field: ResolvedField, raw: unknown, path: Path, purpose: 'any' | 'ordered'): Scalar {
  if (field.kind === 'json') {
    // JSONB values carry their own types: the operand's type chooses the comparison (README, "JSONB fields").
    if (typeof raw === 'string') return { t: 'string', v: checkText(raw, path) };
    if (typeof raw === 'number' && Number.isFinite(raw)) return { t: 'number', v: raw };
    if (typeof raw === 'boolean' && purpose === 'any') return { t: 'boolean', v: raw };
    if (isDateLiteral(raw)) return parseDate(raw, path);
    fail(
      path,
      purpose === 'ordered'
        ? `must be a string, number or {"$date": ...}, not ${describeType(raw)}`
        : `must be a string, number, boolean or {"$date": ...}, not ${describeType(raw)}`,
    );
  }
  switch (field.type) {
    case 'string':
    case 'stringArray':
      if (typeof raw !== 'string') fail(path, `must be a string, not ${describeType(raw)}`);
      return { t: 'string', v: checkText(raw, path) };
    case 'enum':
      if (typeof raw !== 'string' || !field.enumValues!.includes(raw)) {
        fail(path, `must be one of ${field.enumValues!.join(', ')}`, 'INVALID_ENUM_VALUE');
      }
      return { t: 'string', v: raw };
    case 'jsonElements':
      // Element values are JSON: the operand's own type is what an element value must equal.
      if (typeof raw === 'string') return { t: 'string', v: checkText(raw, path) };
      if (typeof raw === 'number' && Number.isFinite(raw)) return { t: 'number', v: raw };
      if (typeof raw === 'boolean') return { t: 'boolean', v: raw };
      return fail(path, `must be a string, number or boolean, not ${describeType(raw)}`);
    case 'uuid':
    case 'uuidArray':
      if (typeof raw !== 'string' || !uuidPattern.test(raw)) fail(path, 'must be a UUID', 'FORMAT');
      return { t: 'string', v: raw.toLowerCase() };
    case 'number':
      if (typeof raw !== 'number' || !Number.isFinite(raw))
        fail(path, `must be a number, not ${describeType(raw)}`);
      if (field.integer && !Number.isSafeInteger(raw)) {
        fail(path, 'must be an integer (the field holds integers)');
      }
      if (field.range && (raw < field.range[0] || raw > field.range[1])) {
        fail(
          path,
          `must be between ${field.range[0]} and ${field.range[1]}`,
          raw < field.range[0] ? 'MIN' : 'MAX',
        );
      }
      return { t: 'number', v: raw };
    case 'boolean':
      if (typeof raw !== 'boolean') fail(path, `must be a boolean, not ${describeType(raw)}`);
      return { t: 'boolean', v: raw };
    case 'date':
      return parseDate(raw, path);
  }
}

function parseList(field: ResolvedField, raw: unknown, path: Path): Scalar[] {
  if (!Array.isArray(raw)) fail(path, `must be an array, not ${describeType(raw)}`);
  if (raw.length > queryLimits.maxArrayLength) {
    fail(path, `must have at most ${queryLimits.maxArrayLength} values`, 'MAX_SIZE');
  }
  return raw.map((item, index) => {
    if (item === null) fail([...path, index], 'must not be null: use $exists to match absent values');
    return parseScalar(field, item, [...path, index], 'any');
  });
}

const not = (child: FilterNode): FilterNode => ({ kind: 'not', child });
const leaf = (field: ResolvedField, condition: Condition): FilterNode => ({
  kind: 'condition',
  field,
  condition,
});

function parseEquality(field: ResolvedField, raw: unknown, path: Path): FilterNode {
  if (raw === null) return not(leaf(field, { op: 'exists' }));
  if (Array.isArray(raw)) {
    // A set of element values has no order, so only real array columns take a whole array.
    if (field.kind === 'column' && (!arrayFieldTypes.has(field.type) || field.type === 'jsonElements')) {
      fail(path, `must be a single value, not an array: use $in to match one of several`);
    }
    return leaf(field, { op: 'eqArray', values: parseList(field, raw, path) });
  }
  return leaf(field, { op: 'eq', value: parseScalar(field, raw, path, 'any') });
}

function ensureOrdered(field: ResolvedField, value: Scalar, path: Path): Scalar {
  if (value.t === 'boolean') fail(path, 'must be a string, number or date');
  if (field.kind === 'column' && field.type === 'string' && value.t !== 'string')
    fail(path, 'must be a string');
  return value;
}

function parseOperator(field: ResolvedField, operator: string, raw: unknown, path: Path): FilterNode {
  if (!(filterOperators as readonly string[]).includes(operator)) {
    fail(path, `unknown operator ${operator}; supported: ${filterOperators.join(' ')}`);
  }
  const op = operator as FilterOperator;
  if (!operatorsByType[typeName(field)]!.has(op)) {
    fail(path, `operator ${op} is not supported on ${typeName(field)} field ${field.name}`);
  }
  if (op === '$eq') return parseEquality(field, raw, path);
  if (op === '$ne') return not(parseEquality(field, raw, path));
  if (op === '$exists') {
    if (typeof raw !== 'boolean') fail(path, `must be true or false, not ${describeType(raw)}`);
    const exists = leaf(field, { op: 'exists' });
    return raw ? exists : not(exists);
  }
  const comparison = comparisonOps[op];
  if (comparison) {
    const value = ensureOrdered(field, parseScalar(field, raw, path, 'ordered'), path);
    return leaf(field, { op: comparison, value });
  }
  if (op === '$matches') return leaf(field, { op: 'matches', pattern: parseMatches(raw, path) });
  const text = textOps[op];
  if (text) {
    if (typeof raw !== 'string') fail(path, `must be a string, not ${describeType(raw)}`);
    return leaf(field, { op: text, value: checkText(raw, path) });
  }
  if (op === '$between') {
    if (!Array.isArray(raw) || raw.length !== 2) fail(path, 'must be an array of two values [from, to)');
    const from = ensureOrdered(field, parseScalar(field, raw[0], [...path, 0], 'ordered'), [...path, 0]);
    const to = ensureOrdered(field, parseScalar(field, raw[1], [...path, 1], 'ordered'), [...path, 1]);
    if (from.t !== to.t) fail(path, 'both values must have the same type');
    return {
      kind: 'and',
      children: [leaf(field, { op: 'gte', value: from }), leaf(field, { op: 'lt', value: to })],
    };
  }
  // $in, $hasSome, $hasAll
  const values = parseList(field, raw, path);
  return leaf(field, { op: op === '$hasAll' ? 'hasAll' : 'in', values });
}

const maxMatchesSegments = 100;

/** `{"ignoreCase": true, "spec": [{"type": "literal" | "anyOf", "value": "..."}]}` (data spec §5). */
function parseMatches(raw: unknown, path: Path): string {
  if (!isPlainObject(raw))
    fail(path, `must be {"ignoreCase": true, "spec": [...]}, not ${describeType(raw)}`);
  if (raw.ignoreCase !== true) fail([...path, 'ignoreCase'], 'must be true (matching ignores case)');
  const spec = raw.spec;
  if (!Array.isArray(spec) || spec.length === 0)
    fail([...path, 'spec'], 'must be a non-empty array of segments');
  if (spec.length > maxMatchesSegments) {
    fail([...path, 'spec'], `must have at most ${maxMatchesSegments} segments`, 'MAX_SIZE');
  }
  const segments = spec.map((segment: unknown, index): MatchesSegment => {
    const at = [...path, 'spec', index];
    if (
      !isPlainObject(segment) ||
      (segment.type !== 'literal' && segment.type !== 'anyOf') ||
      typeof segment.value !== 'string' ||
      segment.value === ''
    ) {
      fail(at, 'must be {"type": "literal" or "anyOf", "value": a non-empty string}');
    }
    return { type: segment.type, value: checkText(segment.value, [...at, 'value']) };
  });
  return matchesPattern(segments);
}

interface ParseState {
  entity: QueryEntity;
  nodes: number;
}

function count(state: ParseState, path: Path): void {
  state.nodes += 1;
  if (state.nodes > queryLimits.maxNodes) {
    fail(path, `the filter has more than ${queryLimits.maxNodes} conditions`, 'MAX_SIZE');
  }
}

function parseFieldCondition(state: ParseState, fieldName: string, raw: unknown, path: Path): FilterNode {
  const field = state.entity.resolve(fieldName);
  if (!field || !field.filterable) {
    const known =
      state.entity.fieldNames.length > 0 ? `; filterable fields: ${state.entity.fieldNames.join(', ')}` : '';
    fail(path, `unknown field ${fieldName}${known}`, 'FIELD_NOT_ALLOWED');
  }
  if (!isPlainObject(raw) || isDateLiteral(raw)) return parseEquality(field, raw, path);
  const keys = Object.keys(raw);
  const operatorKeys = keys.filter((key) => key.startsWith('$'));
  if (operatorKeys.length !== keys.length || keys.length === 0) {
    fail(path, 'must be a value or an object of operators such as {"$gt": 5}');
  }
  const children = keys.map((key) => {
    count(state, [...path, key]);
    return parseOperator(field, key, raw[key], [...path, key]);
  });
  return children.length === 1 ? children[0]! : { kind: 'and', children };
}

function parseLogicalList(state: ParseState, raw: unknown, path: Path, depth: number): FilterNode[] {
  if (!Array.isArray(raw)) fail(path, `must be an array of filters, not ${describeType(raw)}`);
  return raw.map((item, index) => parseObject(state, item, [...path, index], depth + 1));
}

function parseObject(state: ParseState, raw: unknown, path: Path, depth: number): FilterNode {
  if (depth > queryLimits.maxDepth) {
    fail(path, `the filter is nested more than ${queryLimits.maxDepth} levels deep`, 'MAX');
  }
  if (!isPlainObject(raw)) fail(path, `must be a filter object, not ${describeType(raw)}`);
  const children: FilterNode[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const keyPath = [...path, key];
    count(state, keyPath);
    if (key === '$and' || key === '$or') {
      const list = parseLogicalList(state, value, keyPath, depth);
      children.push(key === '$and' ? { kind: 'and', children: list } : { kind: 'or', children: list });
    } else if (key === '$not') {
      children.push(not(parseObject(state, value, keyPath, depth + 1)));
    } else if (key.startsWith('$')) {
      fail(keyPath, `unknown operator ${key}; a filter level takes $and, $or, $not or field names`);
    } else {
      children.push(parseFieldCondition(state, key, value, keyPath));
    }
  }
  return children.length === 1 ? children[0]! : { kind: 'and', children };
}

/**
 * Checks a wire filter against the entity's whitelist and turns it into the tree the compiler takes.
 * Every mistake is a 400 whose field path names where it is (`query.filter.$and[1].price.$gt`).
 */
export function parseFilter(entity: QueryEntity, raw: unknown, path: Path = ['query', 'filter']): FilterNode {
  if (raw === undefined || raw === null) return { kind: 'and', children: [] };
  return parseObject({ entity, nodes: 0 }, raw, path, 1);
}
