import { sql, type SQL } from 'drizzle-orm';
import type { Sorting } from '@atrium/contract/query';
import { invalidField } from '../errors/app-error.ts';
import { formatFieldPath } from '../http/validation.ts';
import { jsonPathValue, jsonTypeRank, typedJsonValue } from './json-path.ts';
import { queryLimits, type QueryEntity, type ResolvedField } from './query-entity.ts';

/** One ORDER BY expression. Absent values are the smallest: first ascending, last descending. */
export interface SortKey {
  expr: SQL;
  descending: boolean;
  /**
   * The key is never NULL (the id): where NULLs go changes nothing, so its order is written plainly and a
   * default btree (a primary key) serves it in either direction.
   */
  neverNull?: boolean;
}

/**
 * JSONB values of different types sort by type first (absent, number, string, boolean, date, other), then
 * within the type; each part is its own key so keyset paging can compare them one by one.
 */
function jsonKeys(field: Extract<ResolvedField, { kind: 'json' }>): SQL[] {
  const value = jsonPathValue(field);
  return [
    jsonTypeRank(value),
    typedJsonValue(value, 'number'),
    typedJsonValue(value, 'string'),
    typedJsonValue(value, 'boolean'),
    typedJsonValue(value, 'date'),
  ];
}

function columnKey(field: Extract<ResolvedField, { kind: 'column' }>): SQL {
  // Text sorts by code point on every database; a pgEnum is not collatable, so it sorts by its label.
  if (field.pgEnum) return sql`(${field.column})::text COLLATE "C"`;
  if (field.type === 'string' || field.type === 'enum') return sql`${field.column} COLLATE "C"`;
  return sql`${field.column}`;
}

export interface ParsedSort {
  sort: Sorting[];
  keys: SortKey[];
}

/** Checks `sort` against the whitelist and appends the id, so every order is total and cursors are exact. */
export function parseSort(
  entity: QueryEntity,
  raw: readonly Sorting[] | null | undefined,
  path: PropertyKey[] = ['query', 'sort'],
): ParsedSort {
  const sort: Sorting[] = [];
  const keys: SortKey[] = [];
  let hasId = false;
  const seen = new Set<string>();
  (raw ?? []).forEach((item, index) => {
    if (seen.has(item.fieldName)) return;
    seen.add(item.fieldName);
    if (sort.length >= queryLimits.maxSortFields) {
      throw invalidField(
        formatFieldPath(path),
        `at most ${queryLimits.maxSortFields} sort fields`,
        'MAX_SIZE',
      );
    }
    const field = entity.resolve(item.fieldName);
    if (!field || !field.sortable) {
      throw invalidField(
        formatFieldPath([...path, index, 'fieldName']),
        field ? `field ${item.fieldName} cannot be sorted on` : `unknown field ${item.fieldName}`,
        'FIELD_NOT_ALLOWED',
      );
    }
    sort.push({ fieldName: item.fieldName, order: item.order });
    const descending = item.order === 'DESC';
    if (field.kind === 'column') {
      const isId = field.column === entity.idColumn;
      keys.push({ expr: columnKey(field), descending, ...(isId ? { neverNull: true } : {}) });
      if (isId) hasId = true;
    } else {
      for (const expr of jsonKeys(field)) keys.push({ expr, descending });
    }
  });
  if (!hasId) keys.push({ expr: sql`${entity.idColumn}`, descending: false, neverNull: true });
  return { sort, keys };
}

/**
 * A key's direction as ORDER BY and index definitions write it: absent values first ascending, last
 * descending. An index must be built with the same words to serve the order.
 */
export function keyDirection(
  key: SortKey,
  reverse = false,
): 'ASC' | 'DESC' | 'ASC NULLS FIRST' | 'DESC NULLS LAST' {
  const descending = key.descending !== reverse;
  if (key.neverNull) return descending ? 'DESC' : 'ASC';
  return descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
}

export function orderBy(keys: readonly SortKey[], reverse = false): SQL[] {
  return keys.map((key) => sql`${key.expr} ${sql.raw(keyDirection(key, reverse))}`);
}

/** A key's value as text, the form cursors carry and PostgreSQL reads back exactly (bound untyped). */
export function keyText(key: SortKey): SQL<string | null> {
  return sql<string | null>`(${key.expr})::text`;
}

function equalTo(key: SortKey, value: string | null): SQL {
  return value === null ? sql`${key.expr} IS NULL` : sql`${key.expr} = ${value}`;
}

/** Strictly past `value` in the key's direction, where NULL is the smallest value. */
function pastValue(key: SortKey, value: string | null, reverse: boolean): SQL | undefined {
  const descending = key.descending !== reverse;
  if (!descending) return value === null ? sql`${key.expr} IS NOT NULL` : sql`${key.expr} > ${value}`;
  if (value === null) return undefined;
  return sql`(${key.expr} < ${value} OR ${key.expr} IS NULL)`;
}

/**
 * Rows after a position in sort order (before it when `reverse`): the lexicographic expansion
 * `k1 > v1 OR (k1 = v1 AND k2 > v2) OR ...`, written out because row comparison cannot mix directions
 * or order NULLs.
 */
export function keysetAfter(
  keys: readonly SortKey[],
  values: readonly (string | null)[],
  reverse: boolean,
): SQL {
  const terms: SQL[] = [];
  keys.forEach((key, index) => {
    const past = pastValue(key, values[index] ?? null, reverse);
    if (!past) return;
    const equal = keys.slice(0, index).map((previous, j) => equalTo(previous, values[j] ?? null));
    terms.push(equal.length === 0 ? past : sql`(${sql.join([...equal, past], sql` AND `)})`);
  });
  return terms.length === 0 ? sql`false` : sql`(${sql.join(terms, sql` OR `)})`;
}
