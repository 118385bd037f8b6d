import { sql, type SQL } from 'drizzle-orm';
import { platformErrorCodes } from '@atrium/contract/errors';
import { AppError, invalidField } from '../../platform/errors/app-error.ts';

/**
 * The query language of platform.md compiled to parameterised SQL over a whitelist of fields.
 *
 * This is the catalogue's stand-in for the shared engine in platform/query, which was being written at the
 * same time: repositories only hand a `FieldMap` and a request to `compileFilter` / `compileSort` /
 * the paging helpers, so swapping in the platform engine touches this file alone. Values are always bound;
 * field names only select entries of the map and never reach the SQL text.
 */

export type FieldKind = 'text' | 'number' | 'boolean' | 'date' | 'uuid' | 'uuidArray' | 'jsonObjects';

export interface QueryField {
  kind: FieldKind;
  /** The SQL expression of the field; for `jsonObjects`, the JSONB array whose elements are matched. */
  expr: SQL;
  /** For `jsonObjects`: the key path inside each element (`locations.business.id` → ['business', 'id']). */
  elementPath?: readonly string[];
  sortable?: boolean;
}

export type FieldMap = Readonly<Record<string, QueryField>>;

export const defaultPageSize = 50;
export const maxPageSize = 100;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fail(field: string, description: string): never {
  throw invalidField(field, description);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function coerce(field: QueryField, value: unknown, where: string): unknown {
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string') fail(where, 'must be a string');
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(where, 'must be a number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') fail(where, 'must be true or false');
      return value;
    case 'date': {
      const raw = isPlainObject(value) && typeof value.$date === 'string' ? value.$date : value;
      const parsed = typeof raw === 'string' ? new Date(raw) : undefined;
      if (!parsed || Number.isNaN(parsed.getTime())) fail(where, 'must be an ISO-8601 date');
      return parsed.toISOString();
    }
    case 'uuid':
    case 'uuidArray':
      if (typeof value !== 'string' || !uuidPattern.test(value)) fail(where, 'must be a UUID');
      return value.toLowerCase();
    case 'jsonObjects':
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        fail(where, 'must be a string, number or boolean');
      }
      return value;
  }
}

function typed(field: QueryField, value: unknown): SQL {
  if (field.kind === 'date') return sql`${value}::timestamptz`;
  if (field.kind === 'uuid' || field.kind === 'uuidArray') return sql`${value}::uuid`;
  if (field.kind === 'number') return sql`${value}::numeric`;
  return sql`${value}`;
}

function uuidArray(values: unknown[]): SQL {
  if (values.length === 0) return sql`ARRAY[]::uuid[]`;
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}::uuid`),
    sql`, `,
  )}]`;
}

function elementContains(field: QueryField, value: unknown): SQL {
  let element: unknown = value;
  for (const key of [...(field.elementPath ?? [])].reverse()) element = { [key]: element };
  return sql`coalesce(${field.expr}, '[]'::jsonb) @> ${JSON.stringify([element])}::jsonb`;
}

function arrayOf(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail(where, 'must be an array');
  if (value.length > 500) fail(where, 'must have at most 500 values');
  return value;
}

function compileOperator(field: QueryField, op: string, operand: unknown, where: string): SQL {
  const values = () =>
    arrayOf(operand, where).map((value, index) => coerce(field, value, `${where}[${index}]`));
  if (op === '$exists') {
    if (typeof operand !== 'boolean') fail(where, 'must be true or false');
    if (field.kind === 'uuidArray') {
      return operand ? sql`cardinality(${field.expr}) > 0` : sql`cardinality(${field.expr}) = 0`;
    }
    if (field.kind === 'jsonObjects') {
      return operand
        ? sql`jsonb_array_length(coalesce(${field.expr}, '[]'::jsonb)) > 0`
        : sql`jsonb_array_length(coalesce(${field.expr}, '[]'::jsonb)) = 0`;
    }
    return operand ? sql`${field.expr} IS NOT NULL` : sql`${field.expr} IS NULL`;
  }
  if (field.kind === 'uuidArray') {
    switch (op) {
      case '$eq':
        return sql`${coerce(field, operand, where)}::uuid = ANY(${field.expr})`;
      case '$ne':
        return sql`NOT (${coerce(field, operand, where)}::uuid = ANY(${field.expr}))`;
      case '$in':
      case '$hasSome':
        return sql`${field.expr} && ${uuidArray(values())}`;
      case '$hasAll':
        return sql`${field.expr} @> ${uuidArray(values())}`;
      default:
        return fail(where, `operator ${op} is not supported on this field`);
    }
  }
  if (field.kind === 'jsonObjects') {
    switch (op) {
      case '$eq':
        return elementContains(field, coerce(field, operand, where));
      case '$ne':
        return sql`NOT ${elementContains(field, coerce(field, operand, where))}`;
      case '$in':
      case '$hasSome': {
        const list = values();
        if (list.length === 0) return sql`FALSE`;
        return sql`(${sql.join(
          list.map((value) => elementContains(field, value)),
          sql` OR `,
        )})`;
      }
      case '$hasAll': {
        const list = values();
        if (list.length === 0) return sql`TRUE`;
        return sql`(${sql.join(
          list.map((value) => elementContains(field, value)),
          sql` AND `,
        )})`;
      }
      default:
        return fail(where, `operator ${op} is not supported on this field`);
    }
  }
  switch (op) {
    case '$eq':
      if (operand === null) return sql`${field.expr} IS NULL`;
      return sql`${field.expr} = ${typed(field, coerce(field, operand, where))}`;
    case '$ne':
      if (operand === null) return sql`${field.expr} IS NOT NULL`;
      return sql`${field.expr} IS DISTINCT FROM ${typed(field, coerce(field, operand, where))}`;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (field.kind === 'boolean' || field.kind === 'uuid')
        fail(where, `operator ${op} is not supported on this field`);
      const value = typed(field, coerce(field, operand, where));
      const sign = { $gt: sql`>`, $gte: sql`>=`, $lt: sql`<`, $lte: sql`<=` }[op];
      return sql`${field.expr} ${sign} ${value}`;
    }
    case '$in': {
      const list = values();
      if (list.length === 0) return sql`FALSE`;
      return sql`${field.expr} IN (${sql.join(
        list.map((value) => typed(field, value)),
        sql`, `,
      )})`;
    }
    case '$nin': {
      const list = values();
      if (list.length === 0) return sql`TRUE`;
      return sql`${field.expr} NOT IN (${sql.join(
        list.map((value) => typed(field, value)),
        sql`, `,
      )})`;
    }
    case '$startsWith':
    case '$endsWith':
    case '$contains': {
      if (field.kind !== 'text') fail(where, `operator ${op} applies to text fields only`);
      const text = escapeLike(coerce(field, operand, where) as string);
      const pattern = op === '$startsWith' ? `${text}%` : op === '$endsWith' ? `%${text}` : `%${text}%`;
      // Text matching is case-insensitive (platform.md, queries).
      return sql`${field.expr} ILIKE ${pattern}`;
    }
    default:
      return fail(where, `unknown operator ${op}`);
  }
}

/** Compiles a filter object; `undefined` when it is empty. Unknown fields and operators are 400s. */
export function compileFilter(
  filter: unknown,
  fields: FieldMap,
  where = 'query.filter',
  depth = 0,
): SQL | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (!isPlainObject(filter)) fail(where, 'must be an object');
  if (depth > 8) fail(where, 'is nested too deeply');
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const at = `${where}.${key}`;
    if (key === '$and' || key === '$or') {
      const list = arrayOf(value, at);
      const compiled = list
        .map((item, index) => compileFilter(item, fields, `${at}[${index}]`, depth + 1))
        .filter((part): part is SQL => part !== undefined);
      if (compiled.length === 0) continue;
      parts.push(sql`(${sql.join(compiled, key === '$and' ? sql` AND ` : sql` OR `)})`);
      continue;
    }
    if (key === '$not') {
      const inner = compileFilter(value, fields, at, depth + 1);
      if (inner) parts.push(sql`NOT (${inner})`);
      continue;
    }
    const field = fields[key];
    if (!field) fail(at, `cannot filter on ${key}`);
    const operators =
      isPlainObject(value) && Object.keys(value).some((name) => name.startsWith('$')) && !('$date' in value)
        ? Object.entries(value)
        : [['$eq', value] as const];
    for (const [op, operand] of operators) parts.push(compileOperator(field, op, operand, `${at}.${op}`));
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` AND `)})`;
}

export interface SortInput {
  fieldName: string;
  order?: 'ASC' | 'DESC';
}

/** ORDER BY parts from a sort list; the tie-breaker keeps pages stable. */
export function compileSort(
  sort: readonly SortInput[] | undefined,
  fields: FieldMap,
  tieBreaker: SQL,
  where = 'query.sort',
): SQL[] {
  const parts: SQL[] = [];
  for (const [index, item] of (sort ?? []).entries()) {
    const field = fields[item.fieldName];
    if (!field || field.sortable === false || field.kind === 'uuidArray' || field.kind === 'jsonObjects') {
      fail(`${where}[${index}].fieldName`, `cannot sort by ${item.fieldName}`);
    }
    parts.push(
      item.order === 'DESC' ? sql`${field.expr} DESC NULLS LAST` : sql`${field.expr} ASC NULLS LAST`,
    );
  }
  parts.push(tieBreaker);
  return parts;
}

export function pageLimit(limit: number | null | undefined, where: string): number {
  if (limit === undefined || limit === null) return defaultPageSize;
  if (limit > maxPageSize) fail(where, `must be at most ${maxPageSize}`);
  return limit;
}

interface CursorState {
  filter?: unknown;
  sort?: SortInput[];
  offset: number;
}

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

/** A cursor carries the filter, the sort and the position, so a next-page request needs nothing else. */
export function decodeCursor(cursor: string): CursorState {
  try {
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorState;
    if (!isPlainObject(state) || typeof state.offset !== 'number' || state.offset < 0) throw new Error('bad');
    return state;
  } catch {
    throw new AppError(
      400,
      platformErrorCodes.invalidCursor,
      'The paging cursor is not valid: start the query again',
    );
  }
}

export interface CursorQueryInput {
  filter?: unknown;
  sort?: SortInput[];
  cursorPaging?: { limit?: number | null; cursor?: string | null };
  paging?: { limit?: number | null; offset?: number | null };
}

/** Resolves a cursor query into filter, sort, offset and limit. */
export function resolveCursorQuery(
  query: CursorQueryInput,
  where = 'query',
): Required<Pick<CursorState, 'offset'>> & {
  filter: unknown;
  sort: SortInput[] | undefined;
  limit: number;
} {
  const cursor = query.cursorPaging?.cursor;
  const limit = pageLimit(query.cursorPaging?.limit ?? query.paging?.limit, `${where}.cursorPaging.limit`);
  if (cursor) {
    const state = decodeCursor(cursor);
    return { filter: state.filter, sort: state.sort, offset: state.offset, limit };
  }
  return { filter: query.filter ?? undefined, sort: query.sort, offset: query.paging?.offset ?? 0, limit };
}

export function cursorMetadata(
  state: { filter: unknown; sort: SortInput[] | undefined; offset: number; limit: number },
  count: number,
  hasNext: boolean,
) {
  const next = hasNext
    ? encodeCursor({ filter: state.filter, sort: state.sort, offset: state.offset + count })
    : null;
  const prev =
    state.offset > 0
      ? encodeCursor({
          filter: state.filter,
          sort: state.sort,
          offset: Math.max(0, state.offset - state.limit),
        })
      : null;
  return { count, cursors: { next, prev }, hasNext };
}
