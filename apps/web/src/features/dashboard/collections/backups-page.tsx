import { Badge, Button, Card, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconArchive, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t as shared } from '../shared/strings.ts';
import { formatDateTime } from '../shared/format.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, NotAllowed, PageHeader } from '../shared/ui.tsx';
import {
  useBackups,
  useCreateBackup,
  useDeleteBackup,
  useRestorations,
  useRestore,
  type Backup,
} from './api/backups.ts';
import { CollectionsBoundary } from './components/collections-boundary.tsx';
import { DataLoadError } from './components/data-load-error.tsx';
import { t } from './strings.ts';

const s = t.backups;
const statusColors: Record<string, string> = {
  PENDING: 'yellow',
  READY: 'green',
  FAILED: 'red',
  DELETED: 'gray',
  CANCELED: 'gray',
  COMPLETED: 'green',
};

/** Restores the collections picked from a backup (all of them ticked to begin with). */
function RestoreModal({ backup, onClose }: { backup: Backup | undefined; onClose: () => void }) {
  const restore = useRestore();
  const [picked, setPicked] = useState<string[] | null>(null);
  const all = backup?.collections.map((collection) => collection.id) ?? [];
  const chosen = picked ?? all;
  return (
    <Modal opened={Boolean(backup)} onClose={onClose} title={s.restoreTitle}>
      <Stack>
        <Text size="sm">{s.restoreBody}</Text>
        <Checkbox.Group label={s.collectionsLabel} value={chosen} onChange={setPicked}>
          <Stack gap="xs" mt="xs">
            {backup?.collections.map((collection) => (
              <Checkbox
                key={collection.id}
                value={collection.id}
                label={collection.displayName || collection.id}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {shared.common.cancel}
          </Button>
          <Button
            leftSection={<IconRestore size={16} />}
            disabled={chosen.length === 0}
            loading={restore.isPending}
            onClick={() =>
              backup &&
              restore.mutate(
                { backupId: backup.id, collectionIds: chosen },
                {
                  onSuccess: () => {
                    setPicked(null);
                    onClose();
                  },
                },
              )
            }
          >
            {s.restore}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Restorations() {
  const restorations = useRestorations();
  if (!restorations.data?.length) return null;
  return (
    <Card p={0} mt="lg">
      <Table verticalSpacing="sm" aria-label={s.restorationsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{s.restorationsTitle}</Table.Th>
            <Table.Th>{s.status}</Table.Th>
            <Table.Th>{s.collectionsLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {restorations.data.map((restoration) => (
            <Table.Tr key={restoration.id}>
              <Table.Td>{formatDateTime(restoration.requestedDate)}</Table.Td>
              <Table.Td>
                <Badge color={statusColors[restoration.status]} variant="light">
                  {s.statuses[restoration.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {restoration.restorationCollections.length === 0
                  ? s.allCollections
                  : restoration.restorationCollections.map((entry) => entry.dataCollectionId).join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function BackupsList() {
  const session = useSession();
  const backups = useBackups();
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const [restoring, setRestoring] = useState<Backup>();
  if (!session.canManage)
    return (
      <>
        <PageHeader title={s.title} />
        <NotAllowed />
      </>
    );
  return (
    <>
      <PageHeader
        title={s.title}
        description={s.description}
        actions={
          <Button
            leftSection={<IconArchive size={16} />}
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            {s.create}
          </Button>
        }
      />
      <Card p={0}>
        {backups.isError ? (
          <Stack p="md">
            <DataLoadError error={backups.error} onRetry={() => void backups.refetch()} />
          </Stack>
        ) : backups.data?.length === 0 ? (
          <EmptyState title={s.empty} body={s.emptyBody} />
        ) : (
          <Table verticalSpacing="sm" aria-label={s.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{s.taken}</Table.Th>
                <Table.Th>{s.type}</Table.Th>
                <Table.Th>{s.status}</Table.Th>
                <Table.Th>{s.collectionsLabel}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {backups.data?.map((backup) => (
                <Table.Tr key={backup.id}>
                  <Table.Td>{formatDateTime(backup.requestedDate)}</Table.Td>
                  <Table.Td>{s.types[backup.type]}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColors[backup.status]} variant="light">
                      {s.statuses[backup.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {backup.collections.map((collection) => collection.id).join(', ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRestore size={14} />}
                        disabled={backup.status !== 'READY'}
                        onClick={() => setRestoring(backup)}
                      >
                        {s.restore}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={s.deleteLabel(formatDateTime(backup.requestedDate))}
                        disabled={backup.status === 'DELETED'}
                        onClick={() => remove.mutate(backup.id)}
                      >
                        <IconTrash size={14} />
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Restorations />
      <RestoreModal backup={restoring} onClose={() => setRestoring(undefined)} />
    </>
  );
}

/** Backups of every collection: take one, restore some or all of its collections, and watch both. */
export function BackupsPage() {
  return (
    <CollectionsBoundary>
      <BackupsList />
    </CollectionsBoundary>
  );
}
