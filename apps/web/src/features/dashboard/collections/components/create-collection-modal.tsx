import { collectionInputSchema } from '@atrium/contract/data';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { useCreateCollection } from '../api/collection-changes.ts';
import { collectionIdFromName } from '../lib/field-types.ts';
import { dataErrorMessage, violationMap } from '../lib/data-errors.ts';

const s = t.collections;

/** Names a new, empty collection; its fields are added on the schema tab it opens next. */
export function CreateCollectionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [idTouched, setIdTouched] = useState(false);
  const [shown, setShown] = useState(false);
  const effectiveId = idTouched ? id : collectionIdFromName(name);
  const idCheck = collectionInputSchema.shape.id.safeParse(effectiveId);

  const create = useCreateCollection({
    onSuccess: (collection) => {
      notifications.show({ color: 'teal', message: s.created(collection.displayName || collection.id) });
      close();
      void navigate(`/dashboard/collections/${encodeURIComponent(collection.id)}?tab=schema`);
    },
    // The form puts the server's objections on its fields.
    failure: false,
  });
  const serverErrors = violationMap(create.error, ['collection.']);
  const otherError =
    create.error && Object.keys(serverErrors).length === 0 ? dataErrorMessage(create.error) : undefined;

  function close() {
    setName('');
    setId('');
    setIdTouched(false);
    setShown(false);
    create.reset();
    onClose();
  }

  const idError =
    serverErrors.id ??
    otherError ??
    (shown && !idCheck.success ? (idCheck.error.issues[0]?.message ?? s.idHint) : undefined);

  return (
    <Modal opened={opened} onClose={close} title={s.createTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setShown(true);
          if (idCheck.success)
            create.mutate({
              id: effectiveId,
              displayName: name.trim() || null,
              fields: [],
              permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
            });
        }}
      >
        <Stack>
          <TextInput
            label={s.displayName}
            placeholder={s.displayNamePlaceholder}
            value={name}
            data-autofocus
            error={serverErrors.displayName}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label={s.id}
            description={s.idHint}
            value={effectiveId}
            required
            error={idError}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            onChange={(event) => {
              setIdTouched(true);
              setId(event.currentTarget.value);
              create.reset();
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!effectiveId}>
              {s.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
