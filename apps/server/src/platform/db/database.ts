import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { pgliteRowChanges, postgresRowChanges, type RowChanges } from './row-changes.ts';

/**
 * Drizzle without its relational query API (`db.query.<table>`): nothing uses it, and with a schema
 * Drizzle builds a query builder for every table on each transaction it opens (a tenth of a booking's
 * CPU time in the booking benchmark).
 */
type NoSchema = Record<string, never>;
export type AppDb = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** A piece of SQL a repository or the query engine built, which services hand on without reading. */
export type SqlFragment = SQL;

/** Anything a repository can run a query on: the database itself or an open transaction. */
export type Executor = AppDb | Tx;

/** `repeatable read`: every statement of the transaction reads one snapshot (a consistent backup). */
export interface TransactionOptions {
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: AppDb;
  /** Runs raw parameterised SQL ($1, $2 ...) outside any transaction; used by infrastructure such as the job queue. */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** The connection string when on PostgreSQL (for tools that open their own pool). */
  readonly connectionString?: string;
  readonly pglite?: PGlite;
  /** Committed changes of the tables that per-process caches keep (row-changes.ts). */
  readonly rowChanges: RowChanges;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** An in-memory embedded database starts as a copy of this dump (`dumpDataDir`) instead of an empty one. */
  pgliteDump?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.pgliteDump);
}

async function openPglite(dataDir: string | undefined, dump: Blob | undefined): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = await acquireDataDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, 'pglite') } : {}),
      ...(dump && !dataDir ? { loadDataDir: dump } : {}),
      extensions: { btree_gist, pg_trgm },
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as AppDb;
  const rowChanges = pgliteRowChanges(client);
  return {
    kind: 'pglite',
    db,
    pglite: client,
    rowChanges,
    async query<Row>(text: string, values: unknown[] = []) {
      const result = await client.query<Row>(text, values);
      return result.rows;
    },
    transaction: (work, options) => db.transaction(work, options),
    async close() {
      await rowChanges.close();
      await client.close();
      await lock?.release();
    },
  };
}

async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  // No JIT: Atrium's statements are short, and when an estimate goes wrong (statistics just dropped by a
  // migration, a table just imported) JIT compiles a 5 ms read for half a second. An `options` parameter
  // of the connection string replaces this one.
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c jit=off' });
  // An idle client that loses its server would otherwise crash the process with an unhandled 'error'.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool) as unknown as AppDb;
  const rowChanges = postgresRowChanges(connectionString);
  return {
    kind: 'postgres',
    db,
    connectionString,
    rowChanges,
    async query<Row>(text: string, values: unknown[] = []) {
      const result = await pool.query(text, values);
      return result.rows as Row[];
    },
    transaction: (work, options) => db.transaction(work, options),
    async close() {
      await rowChanges.close();
      await pool.end();
    },
  };
}

/** Applies the committed SQL migrations; on PostgreSQL an advisory lock lets several processes start at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['atrium:migrations']);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client
      .query('SELECT pg_advisory_unlock(hashtext($1))', ['atrium:migrations'])
      .catch(() => undefined);
    await client.end();
  }
}

/**
 * Independent reads side by side on the pool's connections; inside a transaction, which is one
 * connection, one after another (node-postgres queues a query sent while another runs on its client,
 * deprecated and gone in pg@9).
 */
export async function readSideBySide<Reads extends readonly (() => Promise<unknown>)[]>(
  executor: Executor | undefined,
  ...reads: Reads
): Promise<{ [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> }> {
  type Results = { [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> };
  const inTransaction = executor instanceof PgTransaction;
  if (!inTransaction) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/** Runs a drizzle SQL fragment and returns its rows, the same on both drivers. */
export async function executeRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
