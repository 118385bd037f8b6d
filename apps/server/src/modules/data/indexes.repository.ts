import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database.ts';
import { keyDirection, parseSort } from '../../platform/query/sort-keys.ts';
import { dataItemsEntity } from './data.repository.ts';

const dialect = new PgDialect();

export interface IndexDefinition {
  /** The SQL name of the index (`data_idx_…`). */
  sqlName: string;
  siteId: string;
  collectionId: string;
  fields: Array<{ path: string; order: 'ASC' | 'DESC' }>;
  unique: boolean;
  caseInsensitive: boolean;
}

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * DDL cannot take bound parameters, so the engine's expressions are rendered with their parameters as
 * quoted literals. Only field-path keys reach here, and those were checked by the indexes service.
 */
export function inlineParameters(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));
}

/**
 * The index's key columns. Regular indexes use exactly the sort keys the query engine orders by (so a
 * sorted, limited query reads the index in order, and range conditions are checked inside it); unique
 * indexes compare whole values (case-folded text when `caseInsensitive`).
 */
function keyColumns(index: Pick<IndexDefinition, 'fields' | 'unique' | 'caseInsensitive'>): string[] {
  if (index.unique) {
    return index.fields.map((field) => {
      const resolved = dataItemsEntity.resolve(field.path)!;
      if (resolved.kind === 'column') return `(${inlineParameters(sql`${resolved.column}`)})`;
      const value = resolved.path.reduce<SQL>(
        (inner, key) => sql`${inner} -> ${key}::text`,
        sql`${resolved.column}`,
      );
      return index.caseInsensitive
        ? `(lower(${inlineParameters(sql`(${value}) #>> '{}'`)}))`
        : `(${inlineParameters(value)})`;
    });
  }
  const { keys } = parseSort(
    dataItemsEntity,
    index.fields.map((field) => ({ fieldName: field.path, order: field.order })),
    ['index', 'fields'],
  );
  // Built in the engine's own directions, so the index serves its ORDER BY.
  return keys.map((key) => `(${inlineParameters(key.expr)}) ${keyDirection(key)}`);
}

/** User indexes as real expression indexes over `data_items`: their DDL. */
export function createIndexesRepository(database: Database) {
  // PostgreSQL builds without blocking writes; PGlite has one connection and no concurrent builds.
  const concurrently = database.kind === 'postgres' ? 'CONCURRENTLY ' : '';

  return {
    /**
     * Renders the index's DDL now (so a field the engine cannot sort by fails here, not in the build) and
     * returns the build.
     */
    prepareCreate(index: IndexDefinition): () => Promise<void> {
      // The WHERE already holds the collection to its rows. Site and collection as leading keys would also be
      // redundant, and harmful: PostgreSQL drops conditions a partial index implies, so those keys would go
      // unconstrained and a range on the field could no longer bound the scan.
      const ddl =
        `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${concurrently}IF NOT EXISTS "${index.sqlName}" ` +
        `ON data_items (${keyColumns(index).join(', ')}) ` +
        `WHERE site_id = ${literal(index.siteId)} AND collection_id = ${literal(index.collectionId)}`;
      return async () => {
        await database.query(ddl);
      };
    },

    async dropIndex(sqlName: string): Promise<void> {
      await database.query(`DROP INDEX ${concurrently}IF EXISTS "${sqlName}"`);
    },
  };
}

export type IndexesRepository = ReturnType<typeof createIndexesRepository>;
