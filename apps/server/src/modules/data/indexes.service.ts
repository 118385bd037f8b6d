import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { dataErrorCodes, type DataIndex } from '@atrium/contract/data';
import type { RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError, conflict, forbidden, invalidField } from '../../platform/errors/app-error.ts';
import { parseSort } from '../../platform/query/sort-keys.ts';
import type { CollectionsService } from './collections.service.ts';
import { indexLimits } from './collections.service.ts';
import { canManageSchema } from './data-permissions.ts';
import { dataItemsEntity, type DataRepository } from './data.repository.ts';
import type { DataIndexRow } from './data.tables.ts';

const dialect = new PgDialect();
const pathSegment = /^[A-Za-z0-9_]{1,100}$/;

function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * DDL cannot take bound parameters, so the engine's expressions are rendered with their parameters as
 * quoted literals. Only field-path keys reach here, and those were checked against `pathSegment`.
 */
export function inlineParameters(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));
}

function sqlNameOf(siteId: string, collectionId: string, name: string): string {
  return `data_idx_${createHash('sha256').update(`${siteId}\u0000${collectionId}\u0000${name}`).digest('hex').slice(0, 24)}`;
}

export function toWireIndex(row: DataIndexRow): DataIndex {
  return {
    name: row.name,
    fields: row.fields as DataIndex['fields'],
    status: row.status as DataIndex['status'],
    failure: (row.failure as DataIndex['failure']) ?? null,
    unique: row.unique,
    caseInsensitive: row.caseInsensitive,
    source: 'USER',
  };
}

/**
 * The index's key columns. Regular indexes use exactly the sort keys the query engine orders by (so a
 * sorted, limited query reads the index in order, and range conditions are checked inside it); unique
 * indexes compare whole values (case-folded text when `caseInsensitive`).
 */
function keyColumns(index: { fields: Array<{ path: string; order: 'ASC' | 'DESC' }>; unique: boolean; caseInsensitive: boolean }): string[] {
  if (index.unique) {
    return index.fields.map((field) => {
      const resolved = dataItemsEntity.resolve(field.path)!;
      if (resolved.kind === 'column') return `(${inlineParameters(sql`${resolved.column}`)})`;
      const value = resolved.path.reduce<SQL>((inner, key) => sql`${inner} -> ${key}::text`, sql`${resolved.column}`);
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
  // The engine orders ASC NULLS FIRST / DESC NULLS LAST; the index must be built the same way to serve it.
  return keys.map((key) => `(${inlineParameters(key.expr)}) ${key.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`);
}

export function createIndexesService(deps: {
  database: Database;
  repository: DataRepository;
  collections: CollectionsService;
  log?: { error(object: unknown, message: string): void };
}) {
  const { database, repository } = deps;
  // PostgreSQL builds without blocking writes; PGlite has one connection and no concurrent builds.
  const concurrently = database.kind === 'postgres' ? 'CONCURRENTLY ' : '';

  function requireManager(ctx: RequestContext) {
    if (!canManageSchema(ctx.caller)) throw forbidden('Only the site owner, admins and apps manage indexes');
  }

  async function build(row: DataIndexRow): Promise<void> {
    const fields = row.fields as Array<{ path: string; order: 'ASC' | 'DESC' }>;
    const columns = keyColumns({ fields, unique: row.unique, caseInsensitive: row.caseInsensitive });
    // The WHERE already holds the collection to its rows. Site and collection as leading keys would also be
    // redundant, and harmful: PostgreSQL drops conditions a partial index implies, so those keys would go
    // unconstrained and a range on the field could no longer bound the scan.
    const ddl =
      `CREATE ${row.unique ? 'UNIQUE ' : ''}INDEX ${concurrently}IF NOT EXISTS "${row.sqlName}" ` +
      `ON data_items (${columns.join(', ')}) ` +
      `WHERE site_id = ${literal(row.siteId)} AND collection_id = ${literal(row.collectionId)}`;
    try {
      await database.query(ddl);
      await repository.setIndexStatus(row.sqlName, 'ACTIVE', null);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A failed concurrent build leaves an INVALID index behind; it serves nothing, so it goes.
      await database.query(`DROP INDEX ${concurrently}IF EXISTS "${row.sqlName}"`).catch(() => undefined);
      await repository.setIndexStatus(row.sqlName, 'FAILED', {
        code: code === '23505' ? 'DUPLICATE_KEY' : 'BUILD_FAILED',
        description:
          code === '23505'
            ? 'Existing items hold duplicate values, so the unique index cannot be built'
            : 'The index could not be built',
      });
      if (code !== '23505') deps.log?.error({ err: error, index: row.sqlName }, 'data index build failed');
    }
  }

  return {
    async create(
      ctx: RequestContext,
      collectionId: string,
      index: { name: string; fields: Array<{ path: string; order: 'ASC' | 'DESC' }>; unique?: boolean; caseInsensitive?: boolean },
    ): Promise<DataIndex> {
      requireManager(ctx);
      await deps.collections.schemaOf(ctx, collectionId);
      index.fields.forEach((field, position) => {
        if (!field.path.split('.').every((segment) => pathSegment.test(segment)) || !dataItemsEntity.resolve(field.path)) {
          throw invalidField(`index.fields[${position}].path`, 'must be a field path of letters, digits and "_" segments');
        }
      });
      const existing = (await repository.listIndexes(ctx.site.id, collectionId)).filter((row) => row.status !== 'DROPPED');
      const unique = index.unique ?? false;
      if (existing.length >= indexLimits.total || (unique && existing.filter((row) => row.unique).length >= indexLimits.unique)) {
        throw new AppError(400, 'INDEX_LIMIT_REACHED', `Collection ${collectionId} has reached its index limit`, {
          data: { ...indexLimits },
        });
      }
      const row = await repository.insertIndex({
        siteId: ctx.site.id,
        collectionId,
        name: index.name,
        sqlName: sqlNameOf(ctx.site.id, collectionId, index.name),
        fields: index.fields,
        unique,
        caseInsensitive: index.caseInsensitive ?? false,
        status: 'BUILDING',
      });
      if (!row) {
        throw conflict(dataErrorCodes.indexAlreadyExists, `Collection ${collectionId} already has an index named ${index.name}`, {
          dataCollectionId: collectionId,
          indexName: index.name,
        });
      }
      // Built before answering: callers see ACTIVE or FAILED, never an index they cannot yet rely on.
      await build(row);
      const [built] = (await repository.listIndexes(ctx.site.id, collectionId)).filter((candidate) => candidate.name === index.name);
      return toWireIndex(built ?? row);
    },

    async list(ctx: RequestContext, collectionId: string) {
      requireManager(ctx);
      await deps.collections.schemaOf(ctx, collectionId);
      const indexes = (await repository.listIndexes(ctx.site.id, collectionId)).map(toWireIndex);
      return { indexes, pagingMetadata: { count: indexes.length, offset: 0, total: indexes.length, tooManyToCount: false } };
    },

    async drop(ctx: RequestContext, collectionId: string, indexName: string): Promise<void> {
      requireManager(ctx);
      await deps.collections.schemaOf(ctx, collectionId);
      const row = (await repository.listIndexes(ctx.site.id, collectionId)).find((candidate) => candidate.name === indexName);
      if (!row) {
        throw new AppError(404, dataErrorCodes.indexNotFound, `Collection ${collectionId} has no index named ${indexName}`, {
          data: { dataCollectionId: collectionId, indexName },
        });
      }
      await repository.setIndexStatus(row.sqlName, 'DROPPING', null);
      await database.query(`DROP INDEX ${concurrently}IF EXISTS "${row.sqlName}"`);
      await repository.deleteIndexRow(ctx.site.id, collectionId, indexName);
    },

    /** Drops every index of a collection (before the collection itself is deleted). */
    async dropAll(siteId: string, collectionId: string): Promise<void> {
      for (const row of await repository.listIndexes(siteId, collectionId)) {
        await database.query(`DROP INDEX ${concurrently}IF EXISTS "${row.sqlName}"`);
        await repository.deleteIndexRow(siteId, collectionId, row.name);
      }
    },
  };
}

export type IndexesService = ReturnType<typeof createIndexesService>;
