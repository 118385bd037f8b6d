import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './database.ts';

/**
 * Statements built once per process for hot paths. Drizzle builds a query's SQL text anew on every
 * call, which costs more CPU than a small insert takes in the database; a prepared query (built with
 * `sql.placeholder` values) keeps the text and the result mapping, and on PostgreSQL its name lets each
 * connection parse and plan it once. Drizzle binds a prepared query to the connection it was built on,
 * so `run` hands it the executor's own connection first: the pool's, or the transaction's.
 */
interface PreparedLike<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

export interface StatementCache {
  /**
   * The statement `build` makes (once per `name`) run on `executor`'s connection. `name` must change
   * whenever the text would (e.g. with the number of rows inserted).
   */
  run<Result>(
    name: string,
    executor: Executor,
    build: (executor: Executor, name: string) => PreparedLike<Result>,
    values: Record<string, unknown>,
  ): Promise<Result>;
  /**
   * A short statement name for one of a family of texts (`prefix`, then a number per `shape`):
   * PostgreSQL cuts names at 63 bytes, so a shape cannot be spelled out in the name.
   */
  nameFor(prefix: string, shape: string): string;
}

export function createStatementCache(): StatementCache {
  const statements = new Map<string, PreparedLike<unknown>>();
  const names = new Map<string, string>();
  return {
    nameFor(prefix: string, shape: string) {
      const key = `${prefix}\u0000${shape}`;
      let name = names.get(key);
      if (!name) {
        name = `${prefix}_${names.size}`;
        names.set(key, name);
      }
      return name;
    },
    run<Result>(
      name: string,
      executor: Executor,
      build: (executor: Executor, name: string) => PreparedLike<Result>,
      values: Record<string, unknown>,
    ) {
      let prepared = statements.get(name) as PreparedLike<Result> | undefined;
      if (!prepared) {
        prepared = build(executor, name);
        statements.set(name, prepared);
      }
      // Drizzle's sessions keep their driver connection in `client`, and so do its prepared queries
      // (node-postgres and PGlite alike); the lifecycle tests on both databases cover this coupling.
      const client = (executor as unknown as { session: { client: unknown } }).session.client;
      const bound = Object.create(prepared, { client: { value: client } }) as PreparedLike<Result>;
      return bound.execute(values);
    },
  };
}

/**
 * A raw statement (`sql` with `sql.placeholder` values) as a prepared query for `run`: its rows come
 * back as the driver gives them, under the statement's own column aliases.
 */
export function prepareRaw<Row>(
  executor: Executor,
  name: string,
  statement: SQL,
): PreparedLike<{ rows: Row[] }> {
  // Drizzle's own `execute` does this with an unnamed query; the name is what lets PostgreSQL keep the plan.
  const { dialect, session } = executor as unknown as {
    dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        query: unknown,
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): PreparedLike<{ rows: Row[] }>;
    };
  };
  return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
}

/**
 * A row for an insert prepared once: each value a named placeholder (`prefix` + key), which Drizzle
 * fills and encodes as the column's value. A column's encoding does not take null, so null values
 * are written as NULL into the text instead; `rowShape` names which, for the statement's name.
 */
export function rowPlaceholders<Row extends object>(row: Row, prefix: string): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value === null || value === undefined ? sql`null` : sql.placeholder(`${prefix}${key}`),
    ]),
  ) as Row;
}

/** The values `rowPlaceholders` asks for, added to `into`. */
export function rowValues(row: object, prefix: string, into: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(row)) {
    if (value !== null && value !== undefined) into[`${prefix}${key}`] = value;
  }
}

/** What makes `rowPlaceholders`' text differ between two rows: their keys and which values are null. */
export function rowShape(row: object): string {
  return Object.entries(row)
    .map(([key, value]) => (value === null || value === undefined ? `${key}=null` : key))
    .join(',');
}

/**
 * `row` without its undefined values: for an insert, a column left to its default; for an update, one
 * left as it is (`rowPlaceholders` writes undefined as NULL).
 */
export function definedValues<Row extends object>(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as Row;
}

/**
 * A one-row insert through `statements`: prepared once per shape of the row (which values it has, which
 * are null), named `prefix` and a number. `build` makes the statement from the row's placeholders; the
 * row's undefined values are left to their column defaults.
 */
export function runRowInsert<Row extends object, Result>(
  statements: StatementCache,
  prefix: string,
  executor: Executor,
  row: Row,
  build: (executor: Executor, placeholders: Row, name: string) => PreparedLike<Result>,
): Promise<Result> {
  const values = definedValues(row);
  const parameters: Record<string, unknown> = {};
  rowValues(values, 'v_', parameters);
  return statements.run(
    statements.nameFor(prefix, rowShape(values)),
    executor,
    (x, name) => build(x, rowPlaceholders(values, 'v_'), name),
    parameters,
  );
}
