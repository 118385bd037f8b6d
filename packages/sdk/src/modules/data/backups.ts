import type {
  BackupStatus,
  BackupType,
  DataBackup,
  DataRestoration,
  RestorationStatus,
} from '@atrium/contract/data-backups';
import { defineModule } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { adminCall, enc } from './admin-call.ts';

export type { DataBackup, DataRestoration };

type Paging = { limit?: number; offset?: number };
const pagingQuery = (paging: Paging = {}) => ({
  ...(paging.limit !== undefined ? { 'paging.limit': paging.limit } : {}),
  ...(paging.offset !== undefined ? { 'paging.offset': paging.offset } : {}),
});

/**
 * Backups of every collection of the site, taken at one instant by a background job, and restores of all or
 * some collections. Needs the owner, an admin or an app with the `data.backups` scope.
 * @example
 * const backup = await client.backups.createBackup();
 * const ready = await client.backups.waitForBackup(backup.id);
 * await client.backups.restorePartialBackup(ready.id, [{ dataCollectionId: 'Posts' }]);
 */
export const backups = defineModule({
  createBackup: (context) => async (): Promise<WithDates<DataBackup>> =>
    (
      await adminCall<{ backup: DataBackup }>(context, 'backups.createBackup', {
        method: 'POST',
        path: '/data/v2/backups',
        body: {},
      })
    ).backup,

  listBackups:
    (context) =>
    async (options: { status?: BackupStatus[]; type?: BackupType[]; paging?: Paging } = {}) =>
      adminCall<{ backups: DataBackup[]; pagingMetadata: { count: number; offset: number; total: number } }>(
        context,
        'backups.listBackups',
        {
          method: 'GET',
          path: '/data/v2/backups',
          query: {
            ...(options.status?.length ? { status: options.status.join(',') } : {}),
            ...(options.type?.length ? { type: options.type.join(',') } : {}),
            ...pagingQuery(options.paging),
          },
        },
      ),

  /** Polls until the backup is no longer PENDING (READY, FAILED, CANCELED or DELETED). */
  waitForBackup:
    (context) =>
    async (backupId: string, options: { timeoutMs?: number } = {}): Promise<WithDates<DataBackup>> => {
      const deadline = Date.now() + (options.timeoutMs ?? 120_000);
      for (;;) {
        const page = await adminCall<{ backups: DataBackup[] }>(context, 'backups.waitForBackup', {
          method: 'GET',
          path: '/data/v2/backups',
          query: { 'paging.limit': 1000 },
        });
        const found = page.backups.find((entry) => entry.id === backupId);
        if (found && found.status !== 'PENDING') return found;
        if (Date.now() > deadline) throw new Error(`Backup ${backupId} is still pending`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

  deleteBackup: (context) => async (backupId: string) =>
    adminCall<Record<string, never>>(context, 'backups.deleteBackup', {
      method: 'DELETE',
      path: `/data/v2/backups/${enc(backupId)}`,
    }),

  restoreBackup:
    (context) =>
    async (backupId: string): Promise<WithDates<DataRestoration>> =>
      (
        await adminCall<{ restoration: DataRestoration }>(context, 'backups.restoreBackup', {
          method: 'POST',
          path: `/data/v2/backups/${enc(backupId)}/restore`,
          body: {},
        })
      ).restoration,

  restorePartialBackup:
    (context) =>
    async (
      backupId: string,
      restorationCollections: Array<{
        dataCollectionId: string;
        restoreDestination?: { dataCollectionId?: string; displayName?: string };
      }>,
    ): Promise<WithDates<DataRestoration>> =>
      (
        await adminCall<{ restoration: DataRestoration }>(context, 'backups.restorePartialBackup', {
          method: 'POST',
          path: `/data/v2/backups/${enc(backupId)}/partial-restore`,
          body: { restorationCollections },
        })
      ).restoration,

  listRestorations:
    (context) =>
    async (options: { status?: RestorationStatus[]; paging?: Paging } = {}) =>
      adminCall<{
        restorations: DataRestoration[];
        pagingMetadata: { count: number; offset: number; total: number };
      }>(context, 'backups.listRestorations', {
        method: 'GET',
        path: '/data/v2/backups/restorations',
        query: {
          ...(options.status?.length ? { status: options.status.join(',') } : {}),
          ...pagingQuery(options.paging),
        },
      }),
});
