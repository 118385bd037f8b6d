import type { Resource, ResourceType } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBox, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useAllResourceTypes } from '../shared/api/catalogue.ts';
import { errorCode, errorMessage } from '../shared/errors.ts';
import { useSession } from '../shared/session.tsx';
import { ConfirmModal } from '../shared/confirm-modal.tsx';
import { formatDay } from '../shared/format.ts';
import { Pager } from '../shared/paged-list.tsx';
import { EmptyState, LoadError, Loading, PageHeader } from '../shared/ui.tsx';
import {
  useDeleteResource,
  useDeleteResourceType,
  useResourceCounts,
  useResourcesPage,
  useResourceTypesPage,
  useSaveResource,
  useSaveResourceType,
} from './api/resources.ts';

const s = t.resources;
const pageSize = 20;
type TypeRow = WithDates<ResourceType>;
type ResourceRow = WithDates<Resource>;

function TypeForm({ type, onClose }: { type?: TypeRow; onClose: () => void }) {
  const [name, setName] = useState(type?.name ?? '');
  const save = useSaveResourceType({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: type ? s.typeSaved : s.typeCreated });
      onClose();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) save.mutate({ type, name: name.trim() });
      }}
    >
      <Stack>
        <TextInput
          label={s.typeName}
          placeholder={s.typeNamePlaceholder}
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {shared.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
            {type ? shared.common.save : s.createType}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ResourceForm({
  resource,
  defaultTypeId,
  onClose,
}: {
  resource?: ResourceRow;
  defaultTypeId?: string;
  onClose: () => void;
}) {
  const types = useAllResourceTypes();
  const [name, setName] = useState(resource?.name ?? '');
  const [typeId, setTypeId] = useState<string | null>(resource?.typeId ?? defaultTypeId ?? null);
  const save = useSaveResource({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: resource ? s.saved : s.created });
      onClose();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() && typeId) save.mutate({ resource, name: name.trim(), typeId });
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
        <Select
          label={s.type}
          placeholder={s.typePlaceholder}
          required
          allowDeselect={false}
          data={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          value={typeId}
          onChange={setTypeId}
        />
        <Text size="xs" c="dimmed">
          {s.availabilityHint}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {shared.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim() || !typeId}>
            {resource ? shared.common.save : s.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Resource types, each with how many resources it has; picking one filters the resources beside it. */
function TypesCard({
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  selected: string | null;
  onSelect: (id: string | null) => void;
  onEdit: (type: TypeRow) => void;
  onDelete: (type: TypeRow) => void;
}) {
  const session = useSession();
  const list = useResourceTypesPage(pageSize);
  const counts = useResourceCounts(list.items.map((type) => type.id));
  const item = (id: string | null, label: string, extra?: ReactNode) => (
    <UnstyledButton
      key={id ?? 'all'}
      onClick={() => onSelect(id)}
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: selected === id ? 'var(--mantine-color-brand-light)' : undefined,
        flex: 1,
      }}
      aria-pressed={selected === id}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={selected === id ? 600 : 500} truncate>
          {label}
        </Text>
        {extra}
      </Group>
    </UnstyledButton>
  );
  return (
    <Card p="sm">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4} pb="xs">
        {s.types}
      </Text>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : (
        <Stack gap={2}>
          {item(null, s.allTypes)}
          {list.items.map((type) => (
            <Group key={type.id} gap={4} wrap="nowrap">
              {item(
                type.id,
                type.name,
                <Badge variant="light" color="gray" size="sm">
                  {counts.data?.get(type.id) ?? '·'}
                </Badge>,
              )}
              {session.canManage && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={s.typeActions(type.name)}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(type)}>
                      {s.rename}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDelete(type)}
                    >
                      {s.delete}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          ))}
          {list.items.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {s.noTypes}
            </Text>
          )}
        </Stack>
      )}
      <Pager list={list} />
    </Card>
  );
}

/** Rooms, equipment and anything else a service needs one of per booking, grouped by type. */
export function ResourcesPage() {
  const session = useSession();
  const types = useAllResourceTypes();
  const typeNames = new Map((types.data ?? []).map((type) => [type.id, type.name]));
  const [typeId, setTypeId] = useState<string | null>(null);
  const [typeEditing, setTypeEditing] = useState<{ type?: TypeRow }>();
  const [editing, setEditing] = useState<{ resource?: ResourceRow }>();
  const [deletingType, setDeletingType] = useState<TypeRow>();
  const [deleting, setDeleting] = useState<ResourceRow>();
  const list = useResourcesPage(typeId, pageSize);

  const removeType = useDeleteResourceType({
    onSuccess: (_answer, type) => {
      notifications.show({ color: 'teal', message: s.typeDeleted });
      if (typeId === type.id) setTypeId(null);
      setDeletingType(undefined);
    },
    failure: {
      message: (error) => (errorCode(error) === 'RESOURCE_TYPE_IN_USE' ? s.typeInUse : errorMessage(error)),
    },
  });
  const remove = useDeleteResource({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.deleted });
      setDeleting(undefined);
    },
  });

  const noTypes = types.isSuccess && types.data.length === 0;
  return (
    <>
      <PageHeader
        title={s.title}
        description={s.description}
        actions={
          session.canManage && (
            <>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setTypeEditing({})}
              >
                {s.newType}
              </Button>
              <Button leftSection={<IconPlus size={16} />} disabled={noTypes} onClick={() => setEditing({})}>
                {s.new}
              </Button>
            </>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <TypesCard
            selected={typeId}
            onSelect={setTypeId}
            onEdit={(type) => setTypeEditing({ type })}
            onDelete={setDeletingType}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Card p={0}>
            <Group px="md" py="sm" justify="space-between">
              <Title order={5}>{typeId ? (typeNames.get(typeId) ?? s.title) : s.allResources}</Title>
            </Group>
            {list.isPending ? (
              <Loading />
            ) : list.isError ? (
              <LoadError error={list.error} />
            ) : list.items.length === 0 ? (
              <EmptyState
                title={noTypes ? s.emptyTypes : s.empty}
                body={noTypes ? s.emptyTypesBody : s.emptyBody}
                action={
                  session.canManage &&
                  (noTypes ? (
                    <Button variant="light" onClick={() => setTypeEditing({})}>
                      {s.newType}
                    </Button>
                  ) : (
                    <Button variant="light" onClick={() => setEditing({})}>
                      {s.new}
                    </Button>
                  ))
                }
              />
            ) : (
              <>
                <Table verticalSpacing="sm" highlightOnHover aria-label={s.title}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{s.name}</Table.Th>
                      <Table.Th>{s.type}</Table.Th>
                      <Table.Th>{s.added}</Table.Th>
                      <Table.Th w={60} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.items.map((resource) => (
                      <Table.Tr key={resource.id}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <ThemeIcon variant="light" radius="md" size="md">
                              <IconBox size={16} />
                            </ThemeIcon>
                            <Text fw={500} size="sm">
                              {resource.name}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light">{typeNames.get(resource.typeId) ?? '—'}</Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed">
                            {formatDay(resource.createdDate)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {session.canManage && (
                            <Menu position="bottom-end">
                              <Menu.Target>
                                <ActionIcon
                                  variant="subtle"
                                  color="gray"
                                  aria-label={s.actions(resource.name)}
                                >
                                  <IconDots size={18} />
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                <Menu.Item
                                  leftSection={<IconPencil size={16} />}
                                  onClick={() => setEditing({ resource })}
                                >
                                  {s.edit}
                                </Menu.Item>
                                <Menu.Item
                                  color="red"
                                  leftSection={<IconTrash size={16} />}
                                  onClick={() => setDeleting(resource)}
                                >
                                  {s.delete}
                                </Menu.Item>
                              </Menu.Dropdown>
                            </Menu>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Pager list={list} />
              </>
            )}
          </Card>
        </Grid.Col>
      </Grid>
      <Modal
        opened={Boolean(typeEditing)}
        onClose={() => setTypeEditing(undefined)}
        title={typeEditing?.type ? s.renameType : s.newType}
      >
        {typeEditing && (
          <TypeForm
            key={typeEditing.type?.id ?? 'new'}
            type={typeEditing.type}
            onClose={() => setTypeEditing(undefined)}
          />
        )}
      </Modal>
      <Modal
        opened={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        title={editing?.resource ? s.editTitle : s.new}
      >
        {editing && (
          <ResourceForm
            key={editing.resource?.id ?? 'new'}
            resource={editing.resource}
            defaultTypeId={typeId ?? undefined}
            onClose={() => setEditing(undefined)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={Boolean(deletingType)}
        title={s.deleteTypeTitle}
        body={s.deleteTypeBody(deletingType?.name ?? '')}
        confirmLabel={s.delete}
        loading={removeType.isPending}
        onConfirm={() => deletingType && removeType.mutate(deletingType)}
        onClose={() => setDeletingType(undefined)}
      />
      <ConfirmModal
        opened={Boolean(deleting)}
        title={s.deleteTitle}
        body={s.deleteBody(deleting?.name ?? '')}
        confirmLabel={s.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
