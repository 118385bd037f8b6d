import type { Category } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBarToDown,
  IconArrowBarToUp,
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconPencil,
  IconPlus,
  IconTrash,
  IconTransferIn,
} from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useAllCategories, useServiceCountsByCategory } from '../shared/api/catalogue.ts';
import { useSession } from '../shared/session.tsx';
import { ConfirmModal } from '../shared/confirm-modal.tsx';
import { Pager } from '../shared/paged-list.tsx';
import { EmptyState, LoadError, Loading, PageHeader } from '../shared/ui.tsx';
import {
  useCategoriesPage,
  useDeleteCategory,
  useMoveCategory,
  useSaveCategory,
  type CategoryMove as Move,
} from './api/categories.ts';

const s = t.categories;
const pageSize = 20;
type Row = WithDates<Category>;

function NameModal({ category, onClose }: { category?: Row; onClose: () => void }) {
  const [name, setName] = useState(category?.name ?? '');
  const save = useSaveCategory({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: category ? s.renamed : s.created });
      onClose();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) save.mutate({ category, name: name.trim() });
      }}
    >
      <Stack>
        <TextInput
          label={s.name}
          placeholder={s.namePlaceholder}
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {category ? s.renameHint : s.createHint}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {shared.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
            {category ? shared.common.save : s.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MoveAfterModal({
  category,
  onMove,
  onClose,
}: {
  category: Row;
  onMove: (move: Move) => void;
  onClose: () => void;
}) {
  const all = useAllCategories();
  const [afterId, setAfterId] = useState<string | null>(null);
  const others = (all.data ?? []).filter((entry) => entry.id !== category.id);
  return (
    <Stack>
      <Select
        label={s.placeAfter}
        placeholder={s.placeAfterPlaceholder}
        searchable
        data={others.map((entry) => ({ value: entry.id, label: entry.name }))}
        value={afterId}
        onChange={setAfterId}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {shared.common.cancel}
        </Button>
        <Button
          disabled={!afterId}
          onClick={() => {
            const after = others.find((entry) => entry.id === afterId);
            if (after) onMove({ category, position: 'AFTER_CATEGORY', after });
          }}
        >
          {s.move}
        </Button>
      </Group>
    </Stack>
  );
}

/** Categories group services on the site; their order here is the order customers see. */
export function CategoriesPage() {
  const session = useSession();
  const list = useCategoriesPage(pageSize);
  const counts = useServiceCountsByCategory();
  const [editing, setEditing] = useState<{ category?: Row }>();
  const [placing, setPlacing] = useState<Row>();
  const [deleting, setDeleting] = useState<Row>();

  const move = useMoveCategory({ onSuccess: () => setPlacing(undefined) });
  const remove = useDeleteCategory({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.deleted });
      setDeleting(undefined);
    },
  });

  const rows = list.items;
  // Up and down need the neighbours: the one above is placed after the one two above (or first).
  const moveUp = (index: number): Move | undefined => {
    const category = rows[index]!;
    if (index === 1 && list.page === 0) return { category, position: 'FIRST' };
    if (index >= 2) return { category, position: 'AFTER_CATEGORY', after: rows[index - 2] };
    return undefined;
  };
  const moveDown = (index: number): Move | undefined => {
    const below = rows[index + 1];
    return below ? { category: rows[index]!, position: 'AFTER_CATEGORY', after: below } : undefined;
  };

  return (
    <>
      <PageHeader
        title={s.title}
        description={s.description}
        actions={
          session.canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
              {s.new}
            </Button>
          )
        }
      />
      <Card p={0}>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError error={list.error} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={s.empty}
            body={s.emptyBody}
            action={
              session.canManage && (
                <Button variant="light" onClick={() => setEditing({})}>
                  {s.new}
                </Button>
              )
            }
          />
        ) : (
          <>
            <Table verticalSpacing="sm" highlightOnHover aria-label={s.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{s.position}</Table.Th>
                  <Table.Th>{s.name}</Table.Th>
                  <Table.Th w={160}>{s.services}</Table.Th>
                  <Table.Th w={150} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((category, index) => {
                  const up = moveUp(index);
                  const down = moveDown(index);
                  const count = counts.data?.get(category.id) ?? 0;
                  return (
                    <Table.Tr key={category.id}>
                      <Table.Td>
                        <Badge variant="light" color="gray" radius="sm">
                          {category.sortOrder + 1}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text fw={500} size="sm">
                          {category.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={count ? undefined : 'dimmed'}>
                          {s.serviceCount(count)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {session.canManage && (
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Tooltip label={s.moveUp}>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={s.moveUpOf(category.name)}
                                disabled={!up || move.isPending}
                                onClick={() => up && move.mutate(up)}
                              >
                                <IconArrowUp size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={s.moveDown}>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={s.moveDownOf(category.name)}
                                disabled={!down || move.isPending}
                                onClick={() => down && move.mutate(down)}
                              >
                                <IconArrowDown size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Menu position="bottom-end">
                              <Menu.Target>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  aria-label={s.actions(category.name)}
                                >
                                  <IconDots size={18} />
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                <Menu.Item
                                  leftSection={<IconPencil size={16} />}
                                  onClick={() => setEditing({ category })}
                                >
                                  {s.rename}
                                </Menu.Item>
                                <Menu.Item
                                  leftSection={<IconArrowBarToUp size={16} />}
                                  onClick={() => move.mutate({ category, position: 'FIRST' })}
                                >
                                  {s.moveFirst}
                                </Menu.Item>
                                <Menu.Item
                                  leftSection={<IconArrowBarToDown size={16} />}
                                  onClick={() => move.mutate({ category, position: 'LAST' })}
                                >
                                  {s.moveLast}
                                </Menu.Item>
                                <Menu.Item
                                  leftSection={<IconTransferIn size={16} />}
                                  onClick={() => setPlacing(category)}
                                >
                                  {s.placeAfter}…
                                </Menu.Item>
                                <Menu.Divider />
                                <Menu.Item
                                  color="red"
                                  leftSection={<IconTrash size={16} />}
                                  onClick={() => setDeleting(category)}
                                >
                                  {s.delete}
                                </Menu.Item>
                              </Menu.Dropdown>
                            </Menu>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Pager list={list} />
          </>
        )}
      </Card>
      <Modal
        opened={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        title={editing?.category ? s.renameTitle : s.createTitle}
      >
        {editing && (
          <NameModal
            key={editing.category?.id ?? 'new'}
            category={editing.category}
            onClose={() => setEditing(undefined)}
          />
        )}
      </Modal>
      <Modal
        opened={Boolean(placing)}
        onClose={() => setPlacing(undefined)}
        title={s.moveTitle(placing?.name ?? '')}
      >
        {placing && (
          <MoveAfterModal
            category={placing}
            onMove={(next) => move.mutate(next)}
            onClose={() => setPlacing(undefined)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={Boolean(deleting)}
        title={s.deleteTitle}
        body={s.deleteBody(deleting?.name ?? '', counts.data?.get(deleting?.id ?? '') ?? 0)}
        confirmLabel={s.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
