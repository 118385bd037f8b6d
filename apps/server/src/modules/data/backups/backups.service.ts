import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  dataBackupErrorCodes,
  type BackupStatus,
  type BackupType,
  type DataBackup,
  type DataRestoration,
  type RestorationStatus,
} from '@atrium/contract/data-backups';
import type { RequestContext } from '../../../platform/context.ts';
import type { Database, Tx } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import { AppError, conflict, forbidden } from '../../../platform/errors/app-error.ts';
import { canManageSchema } from '../data-permissions.ts';
import type { BackupsRepository } from './backups.repository.ts';
import type { DataBackupRow, DataRestorationRow } from './backups.tables.ts';

export const backupJobNames = {
  backup: 'data.backup',
  restore: 'data.restore',
  autoBackups: 'data.auto-backups',
} as const;

/** How long automatic backups are kept (days), and how many days apart they are taken. */
export const autoBackupRetentionDays = 7;

type RestorationCollections = DataRestorationRow['collections'];

export function toWireBackup(row: DataBackupRow): DataBackup {
  return {
    id: row.id,
    status: row.status as BackupStatus,
    type: row.type as BackupType,
    requestedDate: row.requestedDate.toISOString(),
    startedDate: row.startedDate?.toISOString() ?? null,
    finishedDate: row.finishedDate?.toISOString() ?? null,
    deletedDate: row.deletedDate?.toISOString() ?? null,
    sizeInBytes: row.sizeInBytes === null ? null : String(row.sizeInBytes),
    collections: row.collections,
  };
}

function toWireRestoration(row: DataRestorationRow, backup: DataBackupRow): DataRestoration {
  return {
    id: row.id,
    backup: toWireBackup(backup),
    status: row.status as RestorationStatus,
    requestedDate: row.requestedDate.toISOString(),
    startedDate: row.startedDate?.toISOString() ?? null,
    finishedDate: row.finishedDate?.toISOString() ?? null,
    restorationCollections: row.collections.map((entry) => ({
      dataCollectionId: entry.dataCollectionId,
      restoreDestination: entry.restoreDestination ?? null,
    })),
  };
}

/** Kept deleted collections are backups too, but only `restoreDataCollection` sees them. */
function isListed(backup: DataBackupRow): boolean {
  return backup.type === 'ON_DEMAND' || backup.type === 'AUTO';
}

function backupNotFound(backupId: string): AppError {
  return new AppError(404, dataBackupErrorCodes.backupNotFound, `Backup ${backupId} does not exist`, {
    data: { backupId },
  });
}

function describeFailure(error: unknown) {
  return {
    code: error instanceof AppError ? error.code : 'BACKUP_FAILED',
    description: error instanceof AppError ? error.message : 'The job failed; see the server log',
  };
}

export function createBackupsService(deps: {
  database: Database;
  repository: BackupsRepository;
  events: Pick<EventBus, 'defineJob' | 'schedule' | 'cron'>;
  log?: FastifyBaseLogger;
  /** Whether the daily automatic backups run (`DATA_AUTO_BACKUPS`). */
  autoBackups: boolean;
}) {
  const { repository, database } = deps;

  function requireManager(ctx: RequestContext) {
    if (!canManageSchema(ctx.caller)) throw forbidden('Only the site owner, admins and apps manage backups');
  }

  async function readyBackup(ctx: RequestContext, backupId: string): Promise<DataBackupRow> {
    const backup = await repository.findBackup(ctx.site.id, backupId);
    if (!backup || backup.status === 'DELETED' || !isListed(backup)) throw backupNotFound(backupId);
    if (backup.status !== 'READY') {
      throw conflict(
        dataBackupErrorCodes.backupNotReady,
        `Backup ${backupId} is ${backup.status}, not READY`,
        {
          backupId,
          status: backup.status,
        },
      );
    }
    return backup;
  }

  async function requestBackup(siteId: string, type: BackupType): Promise<DataBackupRow> {
    return database.transaction(async (tx) => {
      const row = await repository.insertBackup({ id: randomUUID(), siteId, status: 'PENDING', type }, tx);
      await deps.events.schedule(tx, { name: backupJobNames.backup, siteId, data: { backupId: row.id } });
      return row;
    });
  }

  /**
   * Copies the site's collections at one instant: one REPEATABLE READ transaction, whose statements all
   * read the snapshot taken at its first query. Writers are not blocked (MVCC); what they commit later is
   * simply not in the backup. Re-running after a crash starts the copy over.
   */
  async function runBackup(backupId: string): Promise<void> {
    const backup = await repository.findBackupById(backupId);
    if (!backup || backup.status !== 'PENDING') return;
    await repository.updateBackup(backupId, { startedDate: new Date() });
    try {
      const result = await database.transaction(
        (tx) => repository.snapshotSite(backupId, backup.siteId, tx),
        { isolationLevel: 'repeatable read' },
      );
      await repository.updateBackup(
        backupId,
        {
          status: 'READY',
          collections: result.collections,
          sizeInBytes: result.sizeInBytes,
          finishedDate: new Date(),
        },
        ['PENDING'],
      );
    } catch (error) {
      deps.log?.error({ err: error, backupId }, 'data backup failed');
      await repository.updateBackup(
        backupId,
        { status: 'FAILED', failure: describeFailure(error), finishedDate: new Date() },
        ['PENDING'],
      );
    }
  }

  /** Each collection in its own transaction: a restored collection is whole, never half-replaced. */
  async function runRestore(restorationId: string): Promise<void> {
    const restoration = await repository.findRestorationById(restorationId);
    if (!restoration || restoration.status !== 'PENDING') return;
    await repository.updateRestoration(restorationId, { startedDate: new Date() });
    try {
      const backup = await repository.findBackupById(restoration.backupId);
      if (!backup || backup.status !== 'READY' || backup.siteId !== restoration.siteId) {
        throw new AppError(
          409,
          dataBackupErrorCodes.backupNotReady,
          `Backup ${restoration.backupId} is no longer READY`,
        );
      }
      const wanted: RestorationCollections =
        restoration.collections.length > 0
          ? restoration.collections
          : (await repository.backupCollectionIds(backup.id)).map((id) => ({ dataCollectionId: id }));
      for (const entry of wanted) {
        const saved = await repository.backupCollection(backup.id, entry.dataCollectionId);
        if (!saved) continue;
        await database.transaction((tx) =>
          repository.restoreCollection(
            {
              backupId: backup.id,
              siteId: restoration.siteId,
              source: entry.dataCollectionId,
              target: entry.restoreDestination?.dataCollectionId ?? entry.dataCollectionId,
              displayName: entry.restoreDestination?.displayName,
              collection: saved.collection as Record<string, unknown>,
            },
            tx,
          ),
        );
      }
      await repository.updateRestoration(restorationId, { status: 'COMPLETED', finishedDate: new Date() });
    } catch (error) {
      deps.log?.error({ err: error, restorationId }, 'data restore failed');
      await repository.updateRestoration(restorationId, {
        status: 'FAILED',
        failure: describeFailure(error),
        finishedDate: new Date(),
      });
    }
  }

  /** The daily automatic backup of every site with collections, and the end of those past retention. */
  async function runAutoBackups(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - autoBackupRetentionDays * 24 * 3600 * 1000);
    for (const expired of await repository.expiredAutoBackups(cutoff)) {
      await database.transaction(async (tx) => {
        await repository.clearBackupContent(expired.id, tx);
        await repository.updateBackup(expired.id, { status: 'DELETED', deletedDate: now }, undefined, tx);
      });
    }
    for (const siteId of await repository.sitesWithCollections()) await requestBackup(siteId, 'AUTO');
  }

  deps.events.defineJob<{ backupId: string }>(backupJobNames.backup, (job) => runBackup(job.data.backupId), {
    retryLimit: 1,
    expireInSeconds: 3600,
  });
  deps.events.defineJob<{ restorationId: string }>(
    backupJobNames.restore,
    (job) => runRestore(job.data.restorationId),
    { retryLimit: 1, expireInSeconds: 3600 },
  );
  if (deps.autoBackups) deps.events.cron(backupJobNames.autoBackups, '30 3 * * *', () => runAutoBackups());

  async function startRestore(ctx: RequestContext, backupId: string, collections: RestorationCollections) {
    requireManager(ctx);
    const backup = await readyBackup(ctx, backupId);
    const held = new Set(backup.collections.map((collection) => collection.id));
    const missing = collections.find((entry) => !held.has(entry.dataCollectionId));
    if (missing) {
      throw new AppError(
        404,
        dataBackupErrorCodes.collectionNotInBackup,
        `Backup ${backupId} holds no collection ${missing.dataCollectionId}`,
        { data: { backupId, dataCollectionId: missing.dataCollectionId } },
      );
    }
    const row = await database.transaction(async (tx) => {
      const inserted = await repository.insertRestoration(
        { id: randomUUID(), siteId: ctx.site.id, backupId, status: 'PENDING', collections },
        tx,
      );
      await deps.events.schedule(tx, {
        name: backupJobNames.restore,
        siteId: ctx.site.id,
        data: { restorationId: inserted.id },
      });
      return inserted;
    });
    return { restoration: toWireRestoration(row, backup) };
  }

  return {
    runAutoBackups,

    /**
     * Keeps a collection being deleted (schema, items, references) as a hidden backup of type
     * DELETED_COLLECTION, in the deletion's transaction, for `restoreDeleted` during the retention.
     */
    async keepDeleted(siteId: string, collectionId: string, tx: Tx): Promise<void> {
      const row = await repository.insertBackup(
        { id: randomUUID(), siteId, status: 'PENDING', type: 'DELETED_COLLECTION', startedDate: new Date() },
        tx,
      );
      const result = await repository.snapshotSite(row.id, siteId, tx, collectionId);
      await repository.updateBackup(
        row.id,
        {
          status: 'READY',
          collections: result.collections,
          sizeInBytes: result.sizeInBytes,
          finishedDate: new Date(),
        },
        undefined,
        tx,
      );
    },

    /** Brings back the newest kept copy of a deleted collection; false when none is kept. */
    async restoreDeleted(ctx: RequestContext, collectionId: string): Promise<boolean> {
      requireManager(ctx);
      return database.transaction(async (tx) => {
        const kept = await repository.keptDeletedCollection(ctx.site.id, collectionId, tx);
        if (!kept) return false;
        if (await repository.collectionExists(ctx.site.id, collectionId, tx)) {
          throw conflict(
            'COLLECTION_ALREADY_EXISTS',
            `Collection ${collectionId} exists; delete it or restore under another name`,
            {
              dataCollectionId: collectionId,
            },
          );
        }
        const saved = await repository.backupCollection(kept.id, collectionId, tx);
        await repository.restoreCollection(
          {
            backupId: kept.id,
            siteId: ctx.site.id,
            source: collectionId,
            target: collectionId,
            collection: saved!.collection as Record<string, unknown>,
          },
          tx,
        );
        await repository.clearBackupContent(kept.id, tx);
        await repository.updateBackup(kept.id, { status: 'DELETED', deletedDate: ctx.now() }, undefined, tx);
        return true;
      });
    },

    async create(ctx: RequestContext) {
      requireManager(ctx);
      return { backup: toWireBackup(await requestBackup(ctx.site.id, 'ON_DEMAND')) };
    },

    async list(
      ctx: RequestContext,
      query: { status?: BackupStatus[]; type?: BackupType[]; limit?: number; offset?: number },
    ) {
      requireManager(ctx);
      const paging = { limit: query.limit ?? 50, offset: query.offset ?? 0 };
      const { rows, total } = await repository.listBackups(
        ctx.site.id,
        { statuses: query.status, types: query.type },
        paging,
      );
      return {
        backups: rows.map(toWireBackup),
        pagingMetadata: { count: rows.length, offset: paging.offset, total },
      };
    },

    async remove(ctx: RequestContext, backupId: string) {
      requireManager(ctx);
      const backup = await repository.findBackup(ctx.site.id, backupId);
      if (!backup || backup.status === 'DELETED' || !isListed(backup)) throw backupNotFound(backupId);
      await database.transaction(async (tx) => {
        await repository.clearBackupContent(backupId, tx);
        // A backup still PENDING is CANCELED: its job finds it no longer PENDING and does nothing.
        const status = backup.status === 'PENDING' ? 'CANCELED' : 'DELETED';
        await repository.updateBackup(backupId, { status, deletedDate: ctx.now() }, undefined, tx);
      });
      return {};
    },

    restore: (ctx: RequestContext, backupId: string) => startRestore(ctx, backupId, []),

    restorePartial: (ctx: RequestContext, backupId: string, collections: RestorationCollections) =>
      startRestore(ctx, backupId, collections),

    async listRestorations(
      ctx: RequestContext,
      query: { status?: RestorationStatus[]; limit?: number; offset?: number },
    ) {
      requireManager(ctx);
      const paging = { limit: query.limit ?? 50, offset: query.offset ?? 0 };
      const { rows, total } = await repository.listRestorations(ctx.site.id, query.status, paging);
      const backups = new Map(
        (await repository.findBackups([...new Set(rows.map((row) => row.backupId))])).map((b) => [b.id, b]),
      );
      return {
        restorations: rows.flatMap((row) => {
          const backup = backups.get(row.backupId);
          return backup ? [toWireRestoration(row, backup)] : [];
        }),
        pagingMetadata: { count: rows.length, offset: paging.offset, total },
      };
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
