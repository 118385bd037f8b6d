import type { StoresCollection } from '@atrium/sdk/modules/stores';
import { ActionIcon, Button, Card, Group, Menu, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { ConfirmModal } from '../shared/confirm-modal.tsx';
import { EmptyState, LoadError, Loading } from '../shared/ui.tsx';
import {
  useCreateCollection,
  useDeleteCollection,
  useRenameCollection,
  useStoreCollections,
} from './api/collections.ts';
import { CollectionProductsDrawer } from './components/collection-products-drawer.tsx';
import { StoreFrame } from './components/store-frame.tsx';

const c = t.collections;

/** The name of a new or renamed collection. */
function NameModal({
  title,
  initial,
  submitLabel,
  loading,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) onSubmit(name.trim());
        }}
      >
        <Stack>
          <TextInput
            label={c.name}
            required
            maxLength={50}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" loading={loading} disabled={!name.trim() || name.trim() === initial}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The store's collections: create, rename, delete, and choose their products. */
export function StoreCollectionsPage() {
  const collections = useStoreCollections();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<StoresCollection>();
  const [deleting, setDeleting] = useState<StoresCollection>();
  const [managing, setManaging] = useState<string>();
  const create = useCreateCollection({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: c.created });
      setCreating(false);
    },
  });
  const rename = useRenameCollection({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: c.renamed });
      setRenaming(undefined);
    },
  });
  const remove = useDeleteCollection({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: c.deleted });
      setDeleting(undefined);
    },
  });
  const managed = collections.data?.find((collection) => collection.id === managing);

  return (
    <StoreFrame
      description={c.description}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {c.new}
        </Button>
      }
    >
      <Card p={0}>
        {collections.isPending ? (
          <Loading />
        ) : collections.isError ? (
          <LoadError error={collections.error} />
        ) : collections.data.length === 0 ? (
          <EmptyState title={c.empty} body={c.emptyBody} />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{c.name}</Table.Th>
                  <Table.Th>{c.slug}</Table.Th>
                  <Table.Th>{c.products}</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {collections.data.map((collection) => (
                  <Table.Tr key={collection.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {collection.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        /shop?collection={collection.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="light"
                        size="compact-sm"
                        leftSection={<IconListDetails size={14} />}
                        onClick={() => setManaging(collection.id)}
                        aria-label={`${c.manage}: ${collection.name}`}
                      >
                        {t.products.count(collection.numberOfProducts)}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={c.actions(collection.name)}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconListDetails size={16} />}
                            onClick={() => setManaging(collection.id)}
                          >
                            {c.manage}
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconPencil size={16} />}
                            onClick={() => setRenaming(collection)}
                          >
                            {c.rename}
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={16} />}
                            onClick={() => setDeleting(collection)}
                          >
                            {c.delete}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {creating ? (
        <NameModal
          title={c.createTitle}
          initial=""
          submitLabel={c.create}
          loading={create.isPending}
          onSubmit={(name) => create.mutate({ name })}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {renaming ? (
        <NameModal
          title={c.renameTitle}
          initial={renaming.name}
          submitLabel={c.save}
          loading={rename.isPending}
          onSubmit={(name) => rename.mutate({ collectionId: renaming.id, name })}
          onClose={() => setRenaming(undefined)}
        />
      ) : null}
      <ConfirmModal
        opened={Boolean(deleting)}
        title={c.deleteTitle}
        body={c.deleteBody(deleting?.name ?? '')}
        confirmLabel={c.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      />
      <CollectionProductsDrawer collection={managed} onClose={() => setManaging(undefined)} />
    </StoreFrame>
  );
}
