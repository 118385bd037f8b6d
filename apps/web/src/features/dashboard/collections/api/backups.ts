import type { WithDates } from '@atrium/sdk';
import type { DataBackup, DataRestoration } from '@atrium/sdk/modules/data';
import { useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../shared/use-action-mutation.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';
import { data } from './data-client.ts';

export type Backup = WithDates<DataBackup>;
export type Restoration = WithDates<DataRestoration>;

const backupsKey = ['dashboard', 'data', 'backups'] as const;
const restorationsKey = ['dashboard', 'data', 'restorations'] as const;

/** Backups, newest first; polled while one is still being taken. */
export function useBackups() {
  return useQuery({
    queryKey: backupsKey,
    queryFn: async () => (await data.backups.listBackups({ paging: { limit: 50 } })).backups,
    refetchInterval: (current) =>
      current.state.data?.some((backup) => backup.status === 'PENDING') ? 700 : false,
  });
}

/** Restorations, newest first; polled while one is running. */
export function useRestorations() {
  return useQuery({
    queryKey: restorationsKey,
    queryFn: async () => (await data.backups.listRestorations({ paging: { limit: 20 } })).restorations,
    refetchInterval: (current) =>
      current.state.data?.some((restoration) => restoration.status === 'PENDING') ? 700 : false,
  });
}

export function useCreateBackup() {
  return useActionMutation({
    mutationFn: () => data.backups.createBackup(),
    invalidates: [backupsKey],
    failure: { message: dataErrorMessage },
  });
}

export function useRestore() {
  return useActionMutation({
    mutationFn: (input: { backupId: string; collectionIds: string[] }) =>
      data.backups.restorePartialBackup(
        input.backupId,
        input.collectionIds.map((dataCollectionId) => ({ dataCollectionId })),
      ),
    invalidates: [restorationsKey, ['dashboard', 'data']],
    failure: { message: dataErrorMessage },
  });
}

export function useDeleteBackup() {
  return useActionMutation({
    mutationFn: (backupId: string) => data.backups.deleteBackup(backupId),
    invalidates: [backupsKey],
    failure: { message: dataErrorMessage },
  });
}
