import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import type { CollectionSummary } from '../api/collections-queries.ts';
import { useDeleteCollection } from '../api/collection-changes.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';

const s = t.collections;

/** Deleting a collection takes its items with it, so the id must be typed to confirm. */
export function DeleteCollectionModal({
  summary,
  onClose,
  onDeleted,
}: {
  summary: CollectionSummary | undefined;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const [typed, setTyped] = useState('');
  const collection = summary?.collection;
  const remove = useDeleteCollection({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.deleted });
      close();
      onDeleted?.();
    },
    // The dialog says why, above its buttons.
    failure: false,
  });
  function close() {
    setTyped('');
    remove.reset();
    onClose();
  }
  return (
    <Modal opened={Boolean(summary)} onClose={close} title={s.deleteTitle}>
      {collection && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (typed === collection.id) remove.mutate(collection.id);
          }}
        >
          <Stack>
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {s.deleteBody(collection.displayName || collection.id, summary?.itemCount)}
            </Alert>
            <TextInput
              label={s.deleteConfirmLabel(collection.id)}
              value={typed}
              data-autofocus
              autoComplete="off"
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            {remove.error && (
              <Text c="red" size="sm" role="alert">
                {dataErrorMessage(remove.error)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {shared.common.cancel}
              </Button>
              <Button type="submit" color="red" disabled={typed !== collection.id} loading={remove.isPending}>
                {s.delete}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
