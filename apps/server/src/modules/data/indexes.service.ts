import { createHash } from 'node:crypto';
import { dataErrorCodes, type DataIndex } from '@atrium/contract/data';
import type { RequestContext } from '../../platform/context.ts';
import { AppError, conflict, forbidden, invalidField } from '../../platform/errors/app-error.ts';
import type { CollectionsService } from './collections.service.ts';
import { indexLimits } from './collections.service.ts';
import { canManageSchema } from './data-permissions.ts';
import { dataItemsEntity, type DataRepository } from './data.repository.ts';
import type { DataIndexRow } from './data.tables.ts';
import type { IndexesRepository } from './indexes.repository.ts';
import { createRowCache, type RowChanges } from '../../platform/db/row-changes.ts';
import type { OrderedIndex } from '../../platform/query/run-query.ts';

const pathSegment = /^[A-Za-z0-9_]{1,100}$/;

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

export function createIndexesService(deps: {
  repository: DataRepository;
  indexesRepository: IndexesRepository;
  collections: CollectionsService;
  /** The built regular indexes are kept per process, and forgotten when any process changes them (0041). */
  rowChanges: RowChanges;
  log?: { error(object: unknown, message: string): void };
}) {
  const { repository, indexesRepository } = deps;
  const ordered = createRowCache<OrderedIndex[]>(deps.rowChanges, 'data_indexes');
  // A change made here is forgotten at once; the notice reaches this process a moment after the commit.
  const changed = (siteId: string, collectionId: string) => ordered.forget(`${siteId}/${collectionId}`);

  function requireManager(ctx: RequestContext) {
    if (!canManageSchema(ctx.caller)) throw forbidden('Only the site owner, admins and apps manage indexes');
  }

  async function build(row: DataIndexRow): Promise<void> {
    const create = indexesRepository.prepareCreate({
      sqlName: row.sqlName,
      siteId: row.siteId,
      collectionId: row.collectionId,
      fields: row.fields as Array<{ path: string; order: 'ASC' | 'DESC' }>,
      unique: row.unique,
      caseInsensitive: row.caseInsensitive,
    });
    try {
      await create();
      // Without statistics on its expressions the planner cannot tell what the new index is good for.
      await repository
        .analyzeItems()
        .catch((error: unknown) => deps.log?.error({ err: error }, 'could not analyze data items'));
      await repository.setIndexStatus(row.sqlName, 'ACTIVE', null);
      changed(row.siteId, row.collectionId);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A failed concurrent build leaves an INVALID index behind; it serves nothing, so it goes.
      await indexesRepository.dropIndex(row.sqlName).catch(() => undefined);
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
      index: {
        name: string;
        fields: Array<{ path: string; order: 'ASC' | 'DESC' }>;
        unique?: boolean;
        caseInsensitive?: boolean;
      },
    ): Promise<DataIndex> {
      requireManager(ctx);
      await deps.collections.schemaOf(ctx, collectionId);
      index.fields.forEach((field, position) => {
        if (
          !field.path.split('.').every((segment) => pathSegment.test(segment)) ||
          !dataItemsEntity.resolve(field.path)
        ) {
          throw invalidField(
            `index.fields[${position}].path`,
            'must be a field path of letters, digits and "_" segments',
          );
        }
      });
      const existing = (await repository.listIndexes(ctx.site.id, collectionId)).filter(
        (row) => row.status !== 'DROPPED',
      );
      const unique = index.unique ?? false;
      if (
        existing.length >= indexLimits.total ||
        (unique && existing.filter((row) => row.unique).length >= indexLimits.unique)
      ) {
        throw new AppError(
          400,
          'INDEX_LIMIT_REACHED',
          `Collection ${collectionId} has reached its index limit`,
          {
            data: { ...indexLimits },
          },
        );
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
        throw conflict(
          dataErrorCodes.indexAlreadyExists,
          `Collection ${collectionId} already has an index named ${index.name}`,
          {
            dataCollectionId: collectionId,
            indexName: index.name,
          },
        );
      }
      // Built before answering: callers see ACTIVE or FAILED, never an index they cannot yet rely on.
      await build(row);
      const [built] = (await repository.listIndexes(ctx.site.id, collectionId)).filter(
        (candidate) => candidate.name === index.name,
      );
      return toWireIndex(built ?? row);
    },

    async list(ctx: RequestContext, collectionId: string) {
      requireManager(ctx);
      await deps.collections.schemaOf(ctx, collectionId);
      const indexes = (await repository.listIndexes(ctx.site.id, collectionId)).map(toWireIndex);
      return {
        indexes,
        pagingMetadata: { count: indexes.length, offset: 0, total: indexes.length, tooManyToCount: false },
      };
    },

    /** How many more indexes the collection may get, of each kind (the quota of `indexLimits`). */
    async available(ctx: RequestContext, collectionId: string) {
      requireManager(ctx);
      await deps.collections.schemaOf(ctx, collectionId);
      const existing = await repository.listIndexes(ctx.site.id, collectionId);
      const unique = existing.filter((row) => row.unique).length;
      const total = Math.max(0, indexLimits.total - existing.length);
      const regular = Math.min(total, Math.max(0, indexLimits.regular - (existing.length - unique)));
      return {
        regular1Field: regular,
        regular3Field: regular,
        unique1Field: Math.min(total, Math.max(0, indexLimits.unique - unique)),
        total,
      };
    },

    async drop(ctx: RequestContext, collectionId: string, indexName: string): Promise<void> {
      requireManager(ctx);
      await deps.collections.schemaOf(ctx, collectionId);
      const row = (await repository.listIndexes(ctx.site.id, collectionId)).find(
        (candidate) => candidate.name === indexName,
      );
      if (!row) {
        throw new AppError(
          404,
          dataErrorCodes.indexNotFound,
          `Collection ${collectionId} has no index named ${indexName}`,
          {
            data: { dataCollectionId: collectionId, indexName },
          },
        );
      }
      await repository.setIndexStatus(row.sqlName, 'DROPPING', null);
      changed(ctx.site.id, collectionId);
      await indexesRepository.dropIndex(row.sqlName);
      await repository.deleteIndexRow(ctx.site.id, collectionId, indexName);
    },

    /** Drops every index of a collection (before the collection itself is deleted). */
    async dropAll(siteId: string, collectionId: string): Promise<void> {
      for (const row of await repository.listIndexes(siteId, collectionId)) {
        await indexesRepository.dropIndex(row.sqlName);
        await repository.deleteIndexRow(siteId, collectionId, row.name);
      }
      changed(siteId, collectionId);
    },

    /** The collection's built regular indexes, which order by the engine's sort keys (indexes.repository.ts). */
    orderedIndexes: async (siteId: string, collectionId: string): Promise<OrderedIndex[]> =>
      (await ordered.get(`${siteId}/${collectionId}`, async () => {
        const rows = await repository.listIndexes(siteId, collectionId);
        return rows
          .filter((row) => !row.unique && row.status === 'ACTIVE')
          .map((row) => ({
            fields: (row.fields as Array<{ path: string; order: 'ASC' | 'DESC' }>).map((field) => ({
              name: field.path,
              descending: field.order === 'DESC',
            })),
            sqlName: row.sqlName,
          }));
      })) ?? [],
  };
}

export type IndexesService = ReturnType<typeof createIndexesService>;
