import { Badge, Button, Card, Code, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { SecretShownOnce } from '../shared/secret-shown-once.tsx';
import { useSession } from '../shared/session.tsx';
import { formatDateTime } from '../shared/format.ts';
import { EmptyState, LoadError, Loading, NotAllowed, PageHeader } from '../shared/ui.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys.ts';

const s = t.apiKeys;

/** Keys for servers and scripts: created with a name and scopes, the secret shown once, revoked at once. */
export function ApiKeysPage() {
  const session = useSession();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState('*');
  const [secret, setSecret] = useState<string>();
  const keys = useApiKeys(session.isOwner);
  const create = useCreateApiKey({
    onSuccess: (answer) => {
      setSecret(answer.key);
      setName('');
    },
  });
  const revoke = useRevokeApiKey({
    onSuccess: () => notifications.show({ color: 'teal', message: s.revoked }),
  });
  if (!session.isOwner)
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
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {s.new}
          </Button>
        }
      />
      <Card p={0}>
        {keys.isPending ? (
          <Loading />
        ) : keys.isError ? (
          <LoadError error={keys.error} />
        ) : keys.data.length === 0 ? (
          <EmptyState title={s.empty} body={s.emptyBody} />
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{s.name}</Table.Th>
                <Table.Th>{s.prefix}</Table.Th>
                <Table.Th>{s.scopes}</Table.Th>
                <Table.Th>{s.created}</Table.Th>
                <Table.Th>{s.lastUsed}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((apiKey) => (
                <Table.Tr key={apiKey.id} opacity={apiKey.revokedDate ? 0.55 : 1}>
                  <Table.Td fw={500}>{apiKey.name}</Table.Td>
                  <Table.Td>
                    <Code>{apiKey.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>{apiKey.scopes.join(', ')}</Table.Td>
                  <Table.Td>{formatDateTime(apiKey.createdDate)}</Table.Td>
                  <Table.Td>{apiKey.lastUsedDate ? formatDateTime(apiKey.lastUsedDate) : s.never}</Table.Td>
                  <Table.Td>
                    {apiKey.revokedDate ? (
                      <Badge color="gray" variant="light">
                        {s.revokedBadge}
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          if (window.confirm(s.revokeConfirm(apiKey.name))) revoke.mutate(apiKey.id);
                        }}
                      >
                        {s.revoke}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Modal
        opened={creating}
        onClose={() => {
          setCreating(false);
          setSecret(undefined);
        }}
        title={secret ? s.createdTitle : s.new}
      >
        {secret ? (
          <SecretShownOnce
            secret={secret}
            warning={s.shownOnce}
            testId="api-key-secret"
            onDone={() => {
              setCreating(false);
              setSecret(undefined);
            }}
          />
        ) : (
          <Stack>
            <TextInput
              label={s.name}
              placeholder={s.namePlaceholder}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <TextInput
              label={s.scopes}
              description={s.scopesHint}
              value={scopes}
              onChange={(event) => setScopes(event.currentTarget.value)}
            />
            <Text size="xs" c="dimmed">
              {s.scopesExample}
            </Text>
            <Group justify="flex-end">
              <Button
                loading={create.isPending}
                disabled={!name.trim() || !scopes.trim()}
                onClick={() =>
                  create.mutate({
                    name: name.trim(),
                    scopes: scopes
                      .split(/[\s,]+/)
                      .map((scope) => scope.trim())
                      .filter(Boolean),
                  })
                }
              >
                {s.create}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
