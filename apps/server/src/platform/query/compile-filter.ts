import { sql, type SQL } from 'drizzle-orm';
import type { Condition, FilterNode, Scalar } from './filter-ast.ts';
import { jsonCondition } from './json-path.ts';
import { likePattern } from './like-pattern.ts';
import type { ResolvedField } from './query-entity.ts';

type ColumnField = Extract<ResolvedField, { kind: 'column' }>;

const comparisonSql = { gt: sql.raw('>'), gte: sql.raw('>='), lt: sql.raw('<'), lte: sql.raw('<=') } as const;

function bind(value: Scalar): SQL {
  return sql`${value.v}`;
}

/** An array operand of the column's own element type, so `@>`, `&&` and `=` can use the column's index. */
function arrayOperand(field: ColumnField, values: Scalar[]): SQL {
  const type = field.type === 'uuidArray' ? sql.raw('uuid[]') : sql.raw('text[]');
  if (values.length === 0) return sql`'{}'::${type}`;
  return sql`ARRAY[${sql.join(values.map(bind), sql`, `)}]::${type}`;
}

/** `{"a": [{"b": value}]}` for arrayPath ['a'] and elementPath ['b']: the containment the GIN index answers. */
function elementDocument(field: ColumnField, value: Scalar): string {
  const { arrayPath, elementPath } = field.elements!;
  let element: unknown = value.v;
  for (const key of [...elementPath].reverse()) element = { [key]: element };
  let document: unknown = [element];
  for (const key of [...arrayPath].reverse()) document = { [key]: document };
  return JSON.stringify(document);
}

/**
 * A JSONB-array element field is the set of JSON scalars found at the element path: `eq` is "some element
 * holds it", by containment, so a value of another JSON type never matches and keys stay in the bound value.
 */
function elementsCondition(field: ColumnField, condition: Condition): SQL {
  const column = field.column;
  const holds = (value: Scalar) => sql`${column} @> ${elementDocument(field, value)}::jsonb`;
  switch (condition.op) {
    case 'exists': {
      // Present when some element has a non-null value there; bound keys, as everywhere.
      const array = field.elements!.arrayPath.reduce<SQL>(
        (value, key) => sql`${value} -> ${key}::text`,
        sql`${column}`,
      );
      const value = field.elements!.elementPath.reduce<SQL>(
        (inner, key) => sql`${inner} -> ${key}::text`,
        sql`element`,
      );
      return sql`(jsonb_typeof(${array}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(${array}) AS element WHERE jsonb_typeof(${value}) <> 'null'))`;
    }
    case 'eq':
      return holds(condition.value);
    case 'in':
      if (condition.values.length === 0) return sql`false`;
      return sql`(${sql.join(condition.values.map(holds), sql` OR `)})`;
    case 'hasAll':
      if (condition.values.length === 0) return elementsCondition(field, { op: 'exists' });
      return sql`(${sql.join(condition.values.map(holds), sql` AND `)})`;
    default:
      throw new Error(`${condition.op} reached a JSONB-elements field`);
  }
}

/** Strings compare by code point (`COLLATE "C"`), the same on every database whatever its locale. */
function ordered(field: ColumnField): SQL {
  return field.type === 'string' ? sql`${field.column} COLLATE "C"` : sql`${field.column}`;
}

function arrayCondition(field: ColumnField, condition: Condition): SQL {
  const column = field.column;
  switch (condition.op) {
    case 'exists':
      return sql`${column} IS NOT NULL`;
    case 'eq':
      return sql`${column} @> ${arrayOperand(field, [condition.value])}`;
    case 'eqArray':
      return sql`${column} = ${arrayOperand(field, condition.values)}`;
    case 'in':
      return condition.values.length === 0
        ? sql`false`
        : sql`${column} && ${arrayOperand(field, condition.values)}`;
    case 'hasAll':
      return sql`${column} @> ${arrayOperand(field, condition.values)}`;
    default:
      throw new Error(`${condition.op} reached an array field`);
  }
}

function columnCondition(field: ColumnField, condition: Condition): SQL {
  if (field.type === 'stringArray' || field.type === 'uuidArray') return arrayCondition(field, condition);
  if (field.type === 'jsonElements') return elementsCondition(field, condition);
  const column = field.column;
  switch (condition.op) {
    case 'exists':
      return sql`${column} IS NOT NULL`;
    case 'eq':
      return sql`${column} = ${bind(condition.value)}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return sql`${ordered(field)} ${comparisonSql[condition.op]} ${bind(condition.value)}`;
    case 'startsWith':
    case 'endsWith':
    case 'contains':
      // Both sides go through the database's lower(), so the folding is the same on both sides.
      return sql`lower(${column}) LIKE lower(${likePattern(condition.op, condition.value)})`;
    case 'matches':
      return sql`lower(${column}) ~ lower(${condition.pattern})`;
    case 'in':
      if (condition.values.length === 0) return sql`false`;
      return sql`${column} IN (${sql.join(condition.values.map(bind), sql`, `)})`;
    case 'hasAll':
      // A single value holds all of the list only when every entry equals it; an empty list asks only presence.
      if (condition.values.length === 0) return sql`${column} IS NOT NULL`;
      return sql`(${sql.join(
        condition.values.map((value) => sql`${column} = ${bind(value)}`),
        sql` AND `,
      )})`;
    case 'eqArray':
      throw new Error('array equality reached a scalar field');
  }
}

interface Compiled {
  sql: SQL;
  /** True when the SQL is never NULL, so NOT may negate it directly. */
  twoValued: boolean;
}

function compileCondition(field: ResolvedField, condition: Condition): Compiled {
  if (field.kind === 'json') return jsonCondition(field, condition);
  // Element conditions are containment or EXISTS over a non-null document: never NULL unless the column is.
  return {
    sql: columnCondition(field, condition),
    twoValued: condition.op === 'exists' && field.type !== 'jsonElements',
  };
}

/**
 * Negations are pushed down to the conditions (De Morgan), so positive conditions stay index-friendly
 * (`price > $1`) while a negated one is `(...) IS NOT TRUE`: a NULL, that is an absent value, then counts
 * as "not matching", which makes `$not` and `$ne` two-valued (README, "Absent values").
 */
function compileNode(node: FilterNode, negated: boolean): SQL {
  switch (node.kind) {
    case 'not':
      return compileNode(node.child, !negated);
    case 'and':
    case 'or': {
      const conjunction = (node.kind === 'and') !== negated;
      if (node.children.length === 0) return conjunction ? sql`true` : sql`false`;
      const parts = node.children.map((child) => compileNode(child, negated));
      if (parts.length === 1) return parts[0]!;
      return sql`(${sql.join(parts, conjunction ? sql` AND ` : sql` OR `)})`;
    }
    case 'condition': {
      const compiled = compileCondition(node.field, node.condition);
      if (!negated) return compiled.sql;
      return compiled.twoValued ? sql`NOT (${compiled.sql})` : sql`(${compiled.sql}) IS NOT TRUE`;
    }
  }
}

/** The WHERE clause of a parsed filter: field names come from the whitelist, every value is a bound parameter. */
export function compileFilter(node: FilterNode): SQL {
  return compileNode(node, false);
}
