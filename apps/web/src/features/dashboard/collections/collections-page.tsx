import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Menu,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconArchive,
  IconDatabase,
  IconDots,
  IconExternalLink,
  IconPlugConnected,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { formatDateTime } from '../shared/format.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, NotAllowed, PageHeader } from '../shared/ui.tsx';
import { useCollections, type CollectionSummary } from './api/collections-queries.ts';
import { CollectionsBoundary } from './components/collections-boundary.tsx';
import { CreateCollectionModal } from './components/create-collection-modal.tsx';
import { DeleteCollectionModal } from './components/delete-collection-modal.tsx';
import { fieldLabel } from './lib/field-types.ts';
import { DataLoadError } from './components/data-load-error.tsx';

const s = t.collections;
const shownFields = 4;

function FieldBadges({ summary }: { summary: CollectionSummary }) {
  const fields = summary.collection.fields.filter((field) => !field.systemField);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {s.noFields}
      </Text>
    );
  return (
    <Group gap={6}>
      {fields.slice(0, shownFields).map((field) => (
        <Badge key={field.key} variant="default" radius="sm" tt="none" fw={500}>
          {fieldLabel(field)}
          <Text span size="xs" c="dimmed" ml={6}>
            {s.types[field.type]}
          </Text>
        </Badge>
      ))}
      {fields.length > shownFields && (
        <Text size="xs" c="dimmed">
          {s.moreFields(fields.length - shownFields)}
        </Text>
      )}
    </Group>
  );
}

function LoadingRows() {
  return (
    <Stack p="md" gap="md" aria-busy="true" aria-label={shared.common.loading}>
      {[0, 1, 2].map((row) => (
        <Group key={row} gap="lg" wrap="nowrap">
          <Skeleton h={36} w={36} radius="md" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="30%" />
            <Skeleton h={10} w="18%" />
          </Stack>
          <Skeleton h={20} w="35%" />
        </Group>
      ))}
    </Stack>
  );
}

/** Every data collection with its item count and fields; create and delete. */
export function CollectionsPage() {
  return (
    <CollectionsBoundary>
      <CollectionsList />
    </CollectionsBoundary>
  );
}

function CollectionsList() {
  const session = useSession();
  const navigate = useNavigate();
  const list = useCollections();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CollectionSummary>();

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
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArchive size={16} />}
              component={Link}
              to="/dashboard/data-backups"
            >
              {t.backups.title}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} />}
              component={Link}
              to="/dashboard/data-connections"
            >
              {t.connections.title}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {s.new}
            </Button>
          </Group>
        }
      />
      <Card p={0}>
        {list.isPending ? (
          <LoadingRows />
        ) : list.isError ? (
          <Stack p="md">
            <DataLoadError error={list.error} onRetry={() => void list.refetch()} />
          </Stack>
        ) : list.data.length === 0 ? (
          <EmptyState
            title={s.empty}
            body={s.emptyBody}
            action={
              <Button
                mt="sm"
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setCreating(true)}
              >
                {s.new}
              </Button>
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={s.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{s.name}</Table.Th>
                  <Table.Th ta="right">{s.items}</Table.Th>
                  <Table.Th>{s.fields}</Table.Th>
                  <Table.Th>{s.permissions}</Table.Th>
                  <Table.Th>{s.updated}</Table.Th>
                  <Table.Th w={56} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((summary) => {
                  const { collection } = summary;
                  const name = collection.displayName || collection.id;
                  const href = `/dashboard/collections/${encodeURIComponent(collection.id)}`;
                  return (
                    <Table.Tr
                      key={collection.id}
                      style={{ cursor: 'pointer' }}
                      onClick={(event) => {
                        if ((event.target as HTMLElement).closest('a,button,[role="menu"]')) return;
                        void navigate(href);
                      }}
                    >
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <ThemeIcon variant="light" size={36} radius="md">
                            <IconDatabase size={18} />
                          </ThemeIcon>
                          <Stack gap={0}>
                            <Anchor component={Link} to={href} fw={600} size="sm" c="inherit">
                              {name}
                            </Anchor>
                            <Code fz="xs" bg="transparent" p={0} c="dimmed">
                              {collection.id}
                            </Code>
                          </Stack>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" fw={500} data-testid={`item-count-${collection.id}`}>
                          {summary.itemCount ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <FieldBadges summary={summary} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{s.roles[collection.permissions.read]}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatDateTime(collection.updatedDate)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={s.actions(name)}>
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconExternalLink size={16} />}
                              onClick={() => void navigate(href)}
                            >
                              {s.open}
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={16} />}
                              onClick={() => setDeleting(summary)}
                            >
                              {s.delete}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <CreateCollectionModal opened={creating} onClose={() => setCreating(false)} />
      <DeleteCollectionModal summary={deleting} onClose={() => setDeleting(undefined)} />
    </>
  );
}
