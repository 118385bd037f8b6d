import { sql, type SQL } from 'drizzle-orm';
import type { Condition, Scalar } from './filter-ast.ts';
import { likePattern } from './like-pattern.ts';
import type { ResolvedField } from './query-entity.ts';

type JsonField = Extract<ResolvedField, { kind: 'json' }>;

const comparisonSql = { gt: sql.raw('>'), gte: sql.raw('>='), lt: sql.raw('<'), lte: sql.raw('<=') } as const;

/**
 * `data -> $1 -> $2`: the value at a path, keys bound as text parameters (an untyped parameter would make
 * `->` ambiguous between its text and integer forms).
 */
export function jsonPathValue(field: JsonField): SQL {
  return field.path.reduce<SQL>((value, key) => sql`${value} -> ${key}::text`, sql`${field.column}`);
}

/** How a scalar is stored in a JSONB document; dates as `{"$date": "<canonical ISO>"}` (platform.md). */
export function toJsonValue(value: Scalar): unknown {
  return value.t === 'date' ? { $date: value.v } : value.v;
}

/** `{"a": {"b": value}}` for the path `a.b`: the containment probe GIN indexes on the column can answer. */
function nest(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

function containment(field: JsonField, value: unknown): SQL {
  return sql`${field.column} @> ${JSON.stringify(nest(field.path, value))}::jsonb`;
}

/**
 * Equal to the scalar, or an array holding it: `@>` with the value and with `[value]`. Containment is
 * structural, so a path never reaches through an array (`a.b` does not look inside `a: [{b: 1}]`), the
 * same as `->`.
 */
function equals(field: JsonField, value: Scalar): SQL {
  const json = toJsonValue(value);
  return sql`(${containment(field, json)} OR ${containment(field, [json])})`;
}

const scalarTypes = ['number', 'string', 'boolean', 'date'] as const;
const typeRanks = { number: 1, string: 2, boolean: 3, date: 4 } as const;

interface EqualityHalf {
  where: SQL;
  /** The path's sort keys the half leaves NULL, in the index's order. */
  nullKeys: SQL[];
}

/**
 * `equals` as two disjoint halves, for a query that reads a user index whose leading keys are this path's
 * in order, or counts through it (run-query.ts): the value itself, not in an array, and an array holding it. Each half also states
 * the sort keys it implies (the type rank, the typed value, the other typed keys NULL), so the btree can seek
 * to it and give the order of the keys after them; without them the GIN index finds both halves' rows at
 * once (`jsonb_path_ops` hashes `"v"` and `["v"]` alike), and the arrays' half would recheck every row of
 * the value. The planner cannot see that `IS NULL` makes a key constant, so a query orders each half by its
 * `nullKeys` first (which changes no order) to let it read the index in order.
 */
export function equalityHalves(
  field: JsonField,
  value: Scalar,
): { scalar: EqualityHalf; array: EqualityHalf } {
  const json = toJsonValue(value);
  const path = jsonPathValue(field);
  const typed = (type: Scalar['t']) => typedJsonValue(path, type);
  const half = (conditions: SQL[], nullKeys: SQL[]): EqualityHalf => ({
    where: sql`(${sql.join([...conditions, ...nullKeys.map((key) => sql`${key} IS NULL`)], sql` AND `)})`,
    nullKeys,
  });
  const otherTypes = scalarTypes.filter((type) => type !== value.t);
  return {
    // The type rank (never an array's) and the typed value say exactly what containment of the scalar
    // would, from the index's own keys alone: no condition left to check on each match's document.
    scalar: half(
      [
        sql`${jsonTypeRank(path)} = ${sql.raw(String(typeRanks[value.t]))}`,
        sql`${typed(value.t)} = ${bindTyped(value)}`,
      ],
      otherTypes.map(typed),
    ),
    array: half(
      [containment(field, [json]), sql`jsonb_typeof(${path}) = 'array'`, sql`${jsonTypeRank(path)} = 5`],
      scalarTypes.map(typed),
    ),
  };
}

/**
 * The groups of a path's values a user index holds in order, by `jsonTypeRank`: absent (0) and other (5,
 * arrays and objects) are one group each, with every typed key NULL; each number, string, boolean or date
 * (ranks 1-4) is a group of its own, the value in the typed key of that rank (its SQL type for casts).
 * `keys` are the path's sort keys in `jsonKeys` order: the rank, then the typed keys in rank order.
 */
export const valueGroupRanks = [0, 5] as const;
export const typedGroupRanks = [
  { rank: 1, type: 'numeric' },
  { rank: 2, type: 'text' },
  { rank: 3, type: 'boolean' },
  { rank: 4, type: 'text' },
] as const;

/** The rows of one group: its rank, `value` in the typed key of that rank (if any), the other keys NULL. */
export function valueGroupWhere(keys: readonly SQL[], rank: number, value?: SQL): SQL {
  const conditions = [sql`${keys[0]} = ${sql.raw(String(rank))}`];
  for (let typed = 1; typed < keys.length; typed += 1)
    conditions.push(typed === rank && value ? sql`${keys[typed]} = ${value}` : sql`${keys[typed]} IS NULL`);
  return sql`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * The typed view of a JSONB value when it has the operand's type, else NULL. Ordering relies on dates
 * being stored as canonical ISO text, so `->> '$date'` compares as time and an expression index on
 * `((data -> 'field' ->> '$date') COLLATE "C")` can serve it.
 */
export function typedJsonValue(value: SQL, type: Scalar['t']): SQL {
  switch (type) {
    case 'number':
      return sql`(CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${value})::numeric END)`;
    case 'string':
      return sql`${jsonText(value)} COLLATE "C"`;
    case 'boolean':
      return sql`(CASE WHEN jsonb_typeof(${value}) = 'boolean' THEN (${value})::boolean END)`;
    case 'date':
      return sql`(CASE WHEN jsonb_typeof(${value} -> '$date') = 'string' THEN ${value} ->> '$date' END) COLLATE "C"`;
  }
}

/**
 * The rank of a JSONB value's type in sort order: absent 0, number 1, string 2, boolean 3, date 4, other 5.
 * It is the first sort key of a JSONB path, so user indexes lead with it (indexes.repository.ts).
 */
export function jsonTypeRank(value: SQL): SQL {
  return sql`(CASE jsonb_typeof(${value}) WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'boolean' THEN 3
    WHEN 'object' THEN (CASE WHEN jsonb_typeof(${value} -> '$date') = 'string' THEN 4 ELSE 5 END)
    WHEN 'array' THEN 5 ELSE 0 END)`;
}

const orderedRanks = { number: 1, string: 2, date: 4 } as const;

/**
 * A JSONB string as text in the database's own collation: lower() folds by the collation's character
 * type, and `COLLATE "C"` would fold ASCII letters only.
 */
function jsonText(value: SQL): SQL {
  return sql`(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${value} #>> '{}' END)`;
}

function bindTyped(value: Scalar): SQL {
  return value.t === 'number' ? sql`${value.v}::numeric` : sql`${value.v}`;
}

function conditionSql(field: JsonField, condition: Condition): SQL {
  const value = jsonPathValue(field);
  switch (condition.op) {
    case 'exists':
      return sql`coalesce(jsonb_typeof(${value}), 'null') <> 'null'`;
    case 'eq':
      return equals(field, condition.value);
    case 'eqArray':
      return sql`${value} = ${JSON.stringify(condition.values.map(toJsonValue))}::jsonb`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const type = condition.value.t;
      const comparison = sql`${typedJsonValue(value, type)} ${comparisonSql[condition.op]} ${bindTyped(condition.value)}`;
      if (type === 'boolean') return comparison;
      // Implied by the comparison (the typed value is NULL for other types), but it pins an index's leading
      // key, so the range bounds the scan of a user index instead of filtering all of it.
      return sql`(${jsonTypeRank(value)} = ${sql.raw(String(orderedRanks[type]))} AND ${comparison})`;
    }
    case 'startsWith':
    case 'endsWith':
    case 'contains':
      return sql`lower(${jsonText(value)}) LIKE lower(${likePattern(condition.op, condition.value)})`;
    case 'matches':
      return sql`lower(${jsonText(value)}) ~ lower(${condition.pattern})`;
    case 'in':
      if (condition.values.length === 0) return sql`false`;
      return sql`(${sql.join(
        condition.values.map((item) => equals(field, item)),
        sql` OR `,
      )})`;
    case 'hasAll':
      if (condition.values.length === 0) return sql`coalesce(jsonb_typeof(${value}), 'null') <> 'null'`;
      return sql`(${sql.join(
        condition.values.map((item) => equals(field, item)),
        sql` AND `,
      )})`;
  }
}

/** A condition on a JSONB path; NULL only where the value is absent, which the compiler's negation handles. */
export function jsonCondition(field: JsonField, condition: Condition): { sql: SQL; twoValued: boolean } {
  return { sql: conditionSql(field, condition), twoValued: condition.op === 'exists' };
}
