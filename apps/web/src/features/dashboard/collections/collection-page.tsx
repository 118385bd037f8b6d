import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Code,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAdjustments,
  IconArrowsTransferUpDown,
  IconDatabase,
  IconForms,
  IconShieldLock,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { errorCode } from '../shared/errors.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, NotAllowed } from '../shared/ui.tsx';
import { useCollection, useItemCount, type Collection } from './api/collections-queries.ts';
import { CollectionsBoundary } from './components/collections-boundary.tsx';
import { DeleteCollectionModal } from './components/delete-collection-modal.tsx';
import { ItemsTable } from './components/items-table.tsx';
import { SchemaEditor } from './components/schema-editor.tsx';
import { FieldsPanel } from './components/fields-panel.tsx';
import { PermissionsPanel } from './components/permissions-panel.tsx';
import { TransferPanel } from './components/transfer-panel.tsx';
import { DataLoadError } from './components/data-load-error.tsx';

const s = t.collections;
const tabs = ['items', 'fields', 'permissions', 'schema', 'transfer'] as const;
type Tab = (typeof tabs)[number];

function Header({ collection }: { collection: Collection }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const count = useItemCount(collection.id);
  const fieldCount = collection.fields.filter((field) => !field.systemField).length;
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="md">
      <Stack gap={6}>
        <Breadcrumbs separatorMargin={6}>
          <Anchor component={Link} to="/dashboard/collections" size="sm">
            {s.back}
          </Anchor>
          <Text size="sm" c="dimmed">
            {collection.displayName || collection.id}
          </Text>
        </Breadcrumbs>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {collection.displayName || collection.id}
          </Title>
          <Code>{collection.id}</Code>
        </Group>
        <Group gap="xs">
          <Badge variant="light" leftSection={<IconDatabase size={12} />}>
            {count.data === undefined ? '…' : s.itemCount(count.data)}
          </Badge>
          <Badge variant="light" color="gray">
            {s.fieldCount(fieldCount)}
          </Badge>
        </Group>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => setDeleting(true)}
      >
        {s.delete}
      </Button>
      <DeleteCollectionModal
        summary={deleting ? { collection, itemCount: count.data } : undefined}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/dashboard/collections')}
      />
    </Group>
  );
}

/** One collection as tabs: its items (with drafts), fields, permissions, the whole schema at once, imports and exports. */
export function CollectionPage() {
  const { collectionId = '' } = useParams();
  return (
    <CollectionsBoundary key={collectionId}>
      <CollectionView collectionId={collectionId} />
    </CollectionsBoundary>
  );
}

function CollectionView({ collectionId }: { collectionId: string }) {
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const collection = useCollection(collectionId);
  const tab: Tab = tabs.includes(search.get('tab') as Tab) ? (search.get('tab') as Tab) : 'items';

  if (!session.canManage) return <NotAllowed />;
  if (collection.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label={shared.common.loading}>
        <Skeleton h={14} w={180} />
        <Skeleton h={30} w={320} />
        <Skeleton h={40} w="100%" mt="md" />
        <Skeleton h={320} w="100%" />
      </Stack>
    );
  if (collection.isError) {
    if (errorCode(collection.error) === 'WDE0025')
      return (
        <EmptyState
          title={s.notFound}
          body={s.notFoundBody}
          action={
            <Button component={Link} to="/dashboard/collections" variant="light" mt="sm">
              {s.back}
            </Button>
          }
        />
      );
    return <DataLoadError error={collection.error} onRetry={() => void collection.refetch()} />;
  }

  return (
    <>
      <Header collection={collection.data} />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          const next = new URLSearchParams(search);
          if (value === 'items') next.delete('tab');
          else next.set('tab', value ?? 'items');
          setSearch(next, { replace: true });
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="items" leftSection={<IconTable size={16} />}>
            {s.tabs.items}
          </Tabs.Tab>
          <Tabs.Tab value="fields" leftSection={<IconForms size={16} />}>
            {s.tabs.fields}
          </Tabs.Tab>
          <Tabs.Tab value="permissions" leftSection={<IconShieldLock size={16} />}>
            {s.tabs.permissions}
          </Tabs.Tab>
          <Tabs.Tab value="schema" leftSection={<IconAdjustments size={16} />}>
            {s.tabs.schema}
          </Tabs.Tab>
          <Tabs.Tab value="transfer" leftSection={<IconArrowsTransferUpDown size={16} />}>
            {s.tabs.transfer}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="items">
          <ItemsTable collection={collection.data} />
        </Tabs.Panel>
        <Tabs.Panel value="fields">
          <FieldsPanel collection={collection.data} />
        </Tabs.Panel>
        <Tabs.Panel value="permissions">
          <PermissionsPanel collection={collection.data} />
        </Tabs.Panel>
        <Tabs.Panel value="schema">
          <SchemaEditor key={collection.data.revision} collection={collection.data} />
        </Tabs.Panel>
        <Tabs.Panel value="transfer">
          <TransferPanel collection={collection.data} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
