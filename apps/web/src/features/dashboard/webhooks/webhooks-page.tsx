import { Badge, Button, Card, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { WebhookSubscription } from '@atrium/sdk/modules/webhooks';
import type { WithDates } from '@atrium/sdk';
import { SecretShownOnce } from '../shared/secret-shown-once.tsx';
import { useSession } from '../shared/session.tsx';
import { EmptyState, LoadError, Loading, NotAllowed, PageHeader } from '../shared/ui.tsx';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhookSubscriptions,
} from './api/webhooks.ts';
import { t } from './strings.ts';
import { WebhookForm } from './webhook-form.tsx';
import { WebhookLog } from './webhook-log.tsx';

const s = t.webhooks;
type Subscription = WithDates<WebhookSubscription>;

/** Webhooks: subscriptions with test send, on/off, secret rotation, and each one's delivery log with resend. */
export function WebhooksPage() {
  const session = useSession();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean }>();
  const [logOf, setLogOf] = useState<Subscription>();
  const subscriptions = useWebhookSubscriptions(session.isOwner);
  const create = useCreateWebhook({
    onSuccess: (answer) => setSecret({ value: answer.secret, rotated: false }),
  });
  const rotate = useRotateWebhookSecret({
    onSuccess: (answer) => setSecret({ value: answer.secret, rotated: true }),
  });
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestWebhook({
    onSuccess: () => notifications.show({ color: 'teal', message: s.testSent }),
  });
  if (!session.isOwner)
    return (
      <>
        <PageHeader title={s.title} />
        <NotAllowed />
      </>
    );
  const closeSecret = () => {
    setCreating(false);
    setSecret(undefined);
  };
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
        {subscriptions.isPending ? (
          <Loading />
        ) : subscriptions.isError ? (
          <LoadError error={subscriptions.error} />
        ) : subscriptions.data.length === 0 ? (
          <EmptyState title={s.empty} body={s.emptyBody} />
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{s.url}</Table.Th>
                <Table.Th>{s.eventTypes}</Table.Th>
                <Table.Th>{s.status}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscriptions.data.map((subscription) => (
                <Table.Tr key={subscription.id} data-testid="webhook-row">
                  <Table.Td>
                    <Stack gap={2}>
                      <Code>{subscription.url}</Code>
                      {subscription.description ? (
                        <Text size="xs" c="dimmed">
                          {subscription.description}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{subscription.eventTypes.join(', ')}</Table.Td>
                  <Table.Td>
                    {subscription.enabled ? (
                      <Badge color="teal" variant="light">
                        {s.enabled}
                      </Badge>
                    ) : (
                      <Stack gap={2}>
                        <Badge color="gray" variant="light">
                          {s.disabled}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {s.disabledReasons[subscription.disabledReason ?? ''] ?? ''}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => setLogOf(subscription)}>
                        {s.log}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        disabled={!subscription.enabled}
                        onClick={() => test.mutate(subscription.id)}
                      >
                        {s.test}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() =>
                          update.mutate({ id: subscription.id, change: { enabled: !subscription.enabled } })
                        }
                      >
                        {subscription.enabled ? s.disable : s.enable}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => {
                          if (window.confirm(s.rotateConfirm)) rotate.mutate(subscription.id);
                        }}
                      >
                        {s.rotate}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          if (window.confirm(s.removeConfirm(subscription.url)))
                            remove.mutate(subscription.id);
                        }}
                      >
                        {s.remove}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Modal
        opened={creating || Boolean(secret)}
        onClose={closeSecret}
        title={secret ? (secret.rotated ? s.rotatedTitle : s.createdTitle) : s.new}
      >
        {secret ? (
          <SecretShownOnce
            secret={secret.value}
            warning={s.shownOnce}
            testId="webhook-secret"
            onDone={closeSecret}
          />
        ) : (
          <WebhookForm pending={create.isPending} onSubmit={(input) => create.mutate(input)} />
        )}
      </Modal>
      <Modal
        opened={Boolean(logOf)}
        onClose={() => setLogOf(undefined)}
        title={logOf ? s.logTitle(logOf.url) : ''}
        size="xl"
      >
        {logOf ? <WebhookLog subscriptionId={logOf.id} /> : null}
      </Modal>
    </>
  );
}
