import { Column, is, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * What a queryable field holds. `jsonb` is dynamically typed: operands decide how values compare
 * (see README.md, "JSONB fields").
 */
export type FieldType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'date'
  | 'uuid'
  | 'enum'
  | 'stringArray'
  | 'uuidArray'
  | 'jsonElements'
  | 'jsonb';

/** Array-valued field types: `$eq: x` means "holds x", they take only set operators and cannot be sorted. */
export const arrayFieldTypes: ReadonlySet<FieldType> = new Set(['stringArray', 'uuidArray', 'jsonElements']);

export interface QueryFieldOptions {
  /** Inferred from the drizzle column when absent. */
  type?: FieldType;
  /** Allowed values of an enum field; taken from the column (pgEnum or `text({enum})`) when absent. */
  enumValues?: readonly string[];
  /** False keeps the field out of `sort` (it can still be filtered). */
  sortable?: boolean;
  /** False keeps the field out of `filter` (it can still be sorted on). */
  filterable?: boolean;
}

export interface QueryFieldDefinition extends QueryFieldOptions {
  column: PgColumn;
}

/**
 * A computed field: any SQL expression over the entity's row (a subquery on another table, `doc ->> 'x'`).
 * Its type cannot be inferred, so it is given; `integer` makes number operands refuse fractions.
 */
export interface QueryExpressionDefinition extends Omit<QueryFieldOptions, 'type'> {
  expression: SQL;
  type: Exclude<FieldType, 'jsonb' | 'jsonElements' | 'stringArray' | 'uuidArray'>;
  integer?: boolean;
}

/**
 * The values at `elementPath` inside each object of the JSONB array at `arrayPath` of `column`
 * (`locations.type` over `doc -> 'locations'`): filtered as a set of JSON scalars, like an array field.
 */
export interface QueryElementsDefinition extends Pick<QueryFieldOptions, 'filterable'> {
  column: PgColumn;
  arrayPath: readonly string[];
  elementPath: readonly string[];
}

export type QueryFieldInput =
  PgColumn | QueryFieldDefinition | QueryExpressionDefinition | QueryElementsDefinition;

export interface QueryEntityOptions<TTable extends PgTable> {
  /** Goes into cursors, so a cursor of one entity is refused by another. */
  name: string;
  table: TTable;
  /** The unique, non-null tie-breaker of every sort; also the keyset position of cursors. */
  idColumn: PgColumn;
  /** The whitelist: wire field name (`createdDate`, `location.name`) to column. */
  fields: Record<string, QueryFieldInput>;
  /**
   * Data collections: a field name that is not whitelisted is a path into this JSONB column
   * (`address.city` is `data -> 'address' -> 'city'`, keys bound as parameters).
   */
  dynamicRoot?: PgColumn;
  defaultLimit?: number;
  maxLimit?: number;
  /** Offset paging counts at most this many rows; past it `tooManyToCount` is true. */
  countLimit?: number;
  /**
   * The columns a result row carries, by property name (all of the table's by default): leave out large
   * ones no caller reads, such as a search vector. Rows are still typed as whole table rows.
   */
  columns?: Record<string, PgColumn>;
}

export type ColumnFieldType = Exclude<FieldType, 'jsonb'>;

/** A field name resolved against an entity: either a typed column or a JSONB path. */
export type ResolvedField =
  | {
      kind: 'column';
      name: string;
      /** A table column, or the SQL of an expression field. */
      column: PgColumn | SQL;
      type: ColumnFieldType;
      /** jsonElements: where the array sits in `column` and where the value sits in each element. */
      elements?: { arrayPath: readonly string[]; elementPath: readonly string[] };
      enumValues?: readonly string[];
      /** Integer columns reject fractional operands, which PostgreSQL could not bind. */
      integer: boolean;
      /** What the column type can hold: an operand outside it would fail to bind (a 500), so it is a 400. */
      range?: readonly [number, number];
      /** A pgEnum column is not collatable: it sorts through a text cast. */
      pgEnum: boolean;
      sortable: boolean;
      filterable: boolean;
    }
  | {
      kind: 'json';
      name: string;
      column: PgColumn;
      path: string[];
      sortable: boolean;
      filterable: boolean;
    };

export interface QueryEntity<TTable extends PgTable = PgTable> {
  readonly name: string;
  readonly table: TTable;
  readonly idColumn: PgColumn;
  readonly defaultLimit: number;
  readonly maxLimit: number;
  readonly countLimit: number;
  readonly columns?: Record<string, PgColumn>;
  /** The field's definition, or undefined when the name is neither whitelisted nor a valid dynamic path. */
  resolve(fieldName: string): ResolvedField | undefined;
  /** Whitelisted names, for error messages. */
  readonly fieldNames: readonly string[];
}

export const queryLimits = {
  maxDepth: 10,
  maxNodes: 500,
  maxArrayLength: 1000,
  maxSortFields: 5,
  maxPathSegments: 10,
  maxPathSegmentLength: 200,
} as const;

const integerSqlTypes = new Set(['integer', 'smallint', 'bigint', 'serial', 'smallserial', 'bigserial']);
const numberRanges: Record<string, readonly [number, number]> = {
  smallint: [-32768, 32767],
  smallserial: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  serial: [-2147483648, 2147483647],
  real: [-3.4028234663852886e38, 3.4028234663852886e38],
};

function inferType(column: PgColumn): FieldType {
  const columnType = column.columnType;
  if (columnType === 'PgUUID') return 'uuid';
  if (columnType === 'PgEnumColumn' || (column.enumValues && column.enumValues.length > 0)) return 'enum';
  if (columnType === 'PgArray') return column.getSQLType() === 'uuid[]' ? 'uuidArray' : 'stringArray';
  if (columnType === 'PgJsonb' || columnType === 'PgJson') return 'jsonb';
  if (/^PgTimestamp|^PgDate/.test(columnType)) return 'date';
  switch (column.dataType) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    default:
      throw new Error(`Cannot infer the query type of column ${column.name} (${columnType}); give one`);
  }
}

/** Splits `a.b.c` into path keys, or undefined when a segment is empty or too long. */
export function splitFieldPath(fieldName: string): string[] | undefined {
  const parts = fieldName.split('.');
  if (parts.length > queryLimits.maxPathSegments) return undefined;
  if (parts.some((part) => part.length === 0 || part.length > queryLimits.maxPathSegmentLength)) {
    return undefined;
  }
  return parts;
}

function resolveExpression(name: string, definition: QueryExpressionDefinition): ResolvedField {
  if (definition.type === 'enum' && !definition.enumValues?.length) {
    throw new Error(`Enum field ${name} needs enumValues`);
  }
  return {
    kind: 'column',
    name,
    column: definition.expression,
    type: definition.type,
    enumValues: definition.type === 'enum' ? definition.enumValues : undefined,
    integer: definition.integer ?? false,
    pgEnum: false,
    sortable: definition.sortable ?? true,
    filterable: definition.filterable ?? true,
  };
}

function resolveElements(name: string, definition: QueryElementsDefinition): ResolvedField {
  const keys = [...definition.arrayPath, ...definition.elementPath];
  if (definition.elementPath.length === 0 || keys.some((key) => key.length === 0)) {
    throw new Error(`Element field ${name} needs non-empty arrayPath and elementPath keys`);
  }
  return {
    kind: 'column',
    name,
    column: definition.column,
    type: 'jsonElements',
    elements: { arrayPath: [...definition.arrayPath], elementPath: [...definition.elementPath] },
    integer: false,
    pgEnum: false,
    sortable: false,
    filterable: definition.filterable ?? true,
  };
}

function resolveField(name: string, value: QueryFieldInput): ResolvedField {
  if (is(value, Column)) return resolveColumn(name, { column: value as PgColumn });
  if ('expression' in value) return resolveExpression(name, value);
  if ('elementPath' in value) return resolveElements(name, value);
  return resolveColumn(name, value);
}

function resolveColumn(name: string, definition: QueryFieldDefinition): ResolvedField {
  const type = definition.type ?? inferType(definition.column);
  if (type === 'jsonElements')
    throw new Error(`Field ${name}: give arrayPath and elementPath for JSONB elements`);
  const sortable = definition.sortable ?? !arrayFieldTypes.has(type);
  const filterable = definition.filterable ?? true;
  if (type === 'jsonb')
    return { kind: 'json', name, column: definition.column, path: [], sortable, filterable };
  const enumValues =
    type === 'enum'
      ? (definition.enumValues ?? (definition.column.enumValues as string[] | undefined))
      : undefined;
  if (type === 'enum' && (!enumValues || enumValues.length === 0)) {
    throw new Error(`Enum field ${name} needs enumValues`);
  }
  const arrayType = { stringArray: 'text[]', uuidArray: 'uuid[]' }[type as string];
  if (arrayType && definition.column.getSQLType() !== arrayType) {
    // The compiler builds `ARRAY[...]::text[]` / `::uuid[]` operands; other element types need casts of their own.
    throw new Error(`Field ${name} of type ${type} must be a ${arrayType} column`);
  }
  return {
    kind: 'column',
    name,
    column: definition.column,
    type,
    enumValues,
    integer: integerSqlTypes.has(definition.column.getSQLType()),
    range: numberRanges[definition.column.getSQLType()],
    pgEnum: definition.column.columnType === 'PgEnumColumn',
    sortable: arrayFieldTypes.has(type) ? false : sortable,
    filterable,
  };
}

/**
 * Declares what callers may filter and sort an entity by. Field names are wire names; only these reach SQL.
 * @example defineQueryEntity({ name: 'services', table: services, idColumn: services.id,
 *   fields: { id: services.id, name: services.name, createdDate: services.createdDate }, maxLimit: 100 })
 */
export function defineQueryEntity<TTable extends PgTable>(
  options: QueryEntityOptions<TTable>,
): QueryEntity<TTable> {
  const resolved = new Map<string, ResolvedField>();
  for (const [name, value] of Object.entries(options.fields)) resolved.set(name, resolveField(name, value));
  const jsonFields = [...resolved.values()].filter((field) => field.kind === 'json');
  const defaultLimit = options.defaultLimit ?? 50;
  const maxLimit = options.maxLimit ?? 100;

  function resolve(fieldName: string): ResolvedField | undefined {
    const exact = resolved.get(fieldName);
    if (exact) return exact;
    // `address.city` under a whitelisted JSONB field `address`.
    for (const field of jsonFields) {
      if (!fieldName.startsWith(`${field.name}.`)) continue;
      const rest = splitFieldPath(fieldName.slice(field.name.length + 1));
      if (!rest) return undefined;
      return { ...field, name: fieldName, path: [...field.path, ...rest] };
    }
    if (!options.dynamicRoot) return undefined;
    const path = splitFieldPath(fieldName);
    if (!path) return undefined;
    return {
      kind: 'json',
      name: fieldName,
      column: options.dynamicRoot,
      path,
      sortable: true,
      filterable: true,
    };
  }

  return {
    name: options.name,
    table: options.table,
    idColumn: options.idColumn,
    defaultLimit,
    maxLimit,
    countLimit: options.countLimit ?? 10_000,
    columns: options.columns,
    resolve,
    fieldNames: [...resolved.keys()],
  };
}
