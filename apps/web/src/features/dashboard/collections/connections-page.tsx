import { externalConnectionInputSchema } from '@atrium/contract/data-external-connections';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Code,
  Group,
  Modal,
  PasswordInput,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconPlugConnected,
  IconPlus,
  IconRefresh,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, NotAllowed, PageHeader } from '../shared/ui.tsx';
import {
  useConnectionCollections,
  useConnections,
  useCreateConnection,
  useDeleteConnection,
  useRecheckConnection,
  type ExternalConnection,
} from './api/connections.ts';
import { CollectionsBoundary } from './components/collections-boundary.tsx';
import { DataLoadError } from './components/data-load-error.tsx';
import { dataErrorMessage, violationMap } from './lib/data-errors.ts';

const c = t.connections;

function ConnectionStatus({ connection }: { connection: ExternalConnection }) {
  const { successful, causeOfFailure } = connection.connectionStatus;
  if (successful)
    return (
      <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} />}>
        {c.connected}
      </Badge>
    );
  return (
    <Stack gap={4} maw={360}>
      <Group gap={6}>
        <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
          {c.failing}
        </Badge>
        <Code fz="xs">{causeOfFailure}</Code>
      </Group>
      <Text size="xs" c="dimmed">
        {c.causes[causeOfFailure] ?? causeOfFailure}
      </Text>
    </Stack>
  );
}

function AddConnectionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [checked, setChecked] = useState(false);
  const close = () => {
    setName('');
    setEndpoint('');
    setSecretKey('');
    setChecked(false);
    create.reset();
    onClose();
  };
  const create = useCreateConnection({
    failure: false,
    onSuccess: (connection) => {
      if (connection.connectionStatus.successful)
        notifications.show({ color: 'teal', message: c.created(connection.name) });
      else notifications.show({ color: 'orange', message: c.createdFailing(connection.name) });
      close();
    },
  });
  // The contract schema the server validates with; its wording is replaced by words for this form.
  const parsed = externalConnectionInputSchema.safeParse({
    name: name.trim(),
    endpoint: endpoint.trim(),
    configuration: secretKey ? { secretKey } : undefined,
  });
  const local: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      local[field] ??=
        field === 'name' ? c.nameInvalid : field === 'endpoint' ? c.endpointInvalid : issue.message;
    }
  const server = violationMap(create.error, ['externalDatabaseConnection.']);
  const errors = { ...(checked ? local : {}), ...server };
  const general =
    create.error && Object.keys(server).length === 0 ? dataErrorMessage(create.error) : undefined;

  return (
    <Modal opened={opened} onClose={close} title={c.addTitle}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (Object.keys(local).length === 0)
            create.mutate({ name: name.trim(), endpoint: endpoint.trim(), secretKey });
        }}
      >
        <Stack>
          {general && (
            <Alert color="red" variant="light" role="alert">
              {general}
            </Alert>
          )}
          <TextInput
            label={c.name}
            description={c.nameHint}
            value={name}
            error={errors.name}
            required
            data-autofocus
            onChange={(event) => {
              setName(event.currentTarget.value);
              create.reset();
            }}
          />
          <TextInput
            label={c.endpoint}
            placeholder={c.endpointPlaceholder}
            value={endpoint}
            error={errors.endpoint}
            required
            type="url"
            onChange={(event) => {
              setEndpoint(event.currentTarget.value);
              create.reset();
            }}
          />
          <PasswordInput
            label={c.secret}
            description={c.secretHint}
            value={secretKey}
            error={errors.configuration ?? errors['configuration.secretKey']}
            autoComplete="new-password"
            onChange={(event) => setSecretKey(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" leftSection={<IconPlugConnected size={16} />} loading={create.isPending}>
              {c.connect}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CollectionsModal({ name, onClose }: { name: string | undefined; onClose: () => void }) {
  const collections = useConnectionCollections(name);
  return (
    <Modal opened={Boolean(name)} onClose={onClose} title={name ? c.collectionsTitle(name) : ''} size="lg">
      {collections.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={shared.common.loading}>
          <Skeleton h={18} />
          <Skeleton h={18} />
        </Stack>
      ) : collections.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={c.collectionsFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{dataErrorMessage(collections.error)}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void collections.refetch()}>
              {shell.errors.retry}
            </Button>
          </Stack>
        </Alert>
      ) : collections.data.length === 0 ? (
        <EmptyState title={c.collectionsEmpty} />
      ) : (
        <Table verticalSpacing="xs" aria-label={name ? c.collectionsTitle(name) : undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.collections.name}</Table.Th>
              <Table.Th>{t.collections.fields}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {collections.data.map((collection) => (
              <Table.Tr key={collection.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {collection.displayName || collection.id}
                    </Text>
                    <Code fz="xs" bg="transparent" p={0} c="dimmed">
                      {c.collectionId(name ?? '', collection.id)}
                    </Code>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {collection.fields.map((field) => (
                      <Badge key={field.key} variant="default" radius="sm" tt="none" fw={500}>
                        {field.key}
                        {field.type && (
                          <Text span size="xs" c="dimmed" ml={6}>
                            {field.type}
                          </Text>
                        )}
                      </Badge>
                    ))}
                    {collection.fields.length === 0 && (
                      <Text size="sm" c="dimmed">
                        {c.fieldCount(0)}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

function ConnectionsList() {
  const session = useSession();
  const connections = useConnections();
  const [adding, setAdding] = useState(false);
  const [showing, setShowing] = useState<string>();
  const [deleting, setDeleting] = useState<string>();
  const recheck = useRecheckConnection({
    onSuccess: () => notifications.show({ color: 'teal', message: c.rechecked }),
  });
  const remove = useDeleteConnection({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: c.removed });
      setDeleting(undefined);
    },
  });
  if (!session.canManage)
    return (
      <>
        <PageHeader title={c.title} />
        <NotAllowed />
      </>
    );
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      {c.add}
    </Button>
  );
  return (
    <>
      <Breadcrumbs separatorMargin={6} mb="xs">
        <Anchor component={Link} to="/dashboard/collections" size="sm">
          {t.collections.back}
        </Anchor>
        <Text size="sm" c="dimmed">
          {c.title}
        </Text>
      </Breadcrumbs>
      <PageHeader title={c.title} description={c.description} actions={addButton} />
      <Card p={0}>
        {connections.isPending ? (
          <Stack p="md" gap="md" aria-busy="true" aria-label={shared.common.loading}>
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : connections.isError ? (
          <Stack p="md">
            <DataLoadError error={connections.error} onRetry={() => void connections.refetch()} />
          </Stack>
        ) : connections.data.length === 0 ? (
          <EmptyState
            title={c.empty}
            body={c.emptyBody}
            action={
              <Button
                mt="sm"
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
              >
                {c.add}
              </Button>
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" aria-label={c.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{c.name}</Table.Th>
                  <Table.Th>{c.endpoint}</Table.Th>
                  <Table.Th>{c.status}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {connections.data.map((connection) => (
                  <Table.Tr key={connection.name}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {connection.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Code fz="xs">{connection.endpoint ?? '—'}</Code>
                    </Table.Td>
                    <Table.Td>
                      <ConnectionStatus connection={connection} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconTable size={14} />}
                          aria-label={c.showCollections(connection.name)}
                          onClick={() => setShowing(connection.name)}
                        >
                          {c.collections}
                        </Button>
                        <Tooltip label={c.recheck(connection.name)} openDelay={300}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={c.recheck(connection.name)}
                            loading={recheck.isPending && recheck.variables === connection.name}
                            onClick={() => recheck.mutate(connection.name)}
                          >
                            <IconRefresh size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={c.remove(connection.name)} openDelay={300}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={c.remove(connection.name)}
                            onClick={() => setDeleting(connection.name)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <AddConnectionModal opened={adding} onClose={() => setAdding(false)} />
      <CollectionsModal name={showing} onClose={() => setShowing(undefined)} />
      <Modal opened={Boolean(deleting)} onClose={() => setDeleting(undefined)} title={c.removeTitle}>
        <Stack>
          <Alert color="red" variant="light">
            {deleting && c.removeBody(deleting)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(undefined)}>
              {shared.common.cancel}
            </Button>
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              {c.removeConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** External database connections: their status (with the cause of a failure), add, check again, delete, and their collections. */
export function ConnectionsPage() {
  return (
    <CollectionsBoundary>
      <ConnectionsList />
    </CollectionsBoundary>
  );
}
