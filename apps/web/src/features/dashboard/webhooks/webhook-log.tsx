import { Badge, Button, Code, Stack, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDateTime } from '../shared/format.ts';
import { LoadError, Loading } from '../shared/ui.tsx';
import { useResendDelivery, useWebhookLog } from './api/webhooks.ts';
import { t } from './strings.ts';

const s = t.webhooks;
const statusColors: Record<string, string> = {
  SUCCEEDED: 'teal',
  FAILED: 'red',
  PENDING: 'yellow',
  SENDING: 'blue',
};

function DeliveryStatus({ status }: { status: string }) {
  return (
    <Badge color={statusColors[status] ?? 'gray'} variant="light">
      {s.statuses[status] ?? status}
    </Badge>
  );
}

/** One subscription's deliveries (with resend) and its attempts (answer code, latency, first KiB). */
export function WebhookLog({ subscriptionId }: { subscriptionId: string }) {
  const log = useWebhookLog(subscriptionId);
  const resend = useResendDelivery(subscriptionId, {
    onSuccess: () => notifications.show({ color: 'teal', message: s.resent }),
  });
  if (log.isPending) return <Loading />;
  if (log.isError) return <LoadError error={log.error} />;
  const { deliveries, attempts } = log.data;
  if (deliveries.length === 0) return <Text c="dimmed">{s.noDeliveries}</Text>;
  return (
    <Tabs defaultValue="deliveries">
      <Tabs.List>
        <Tabs.Tab value="deliveries">{s.deliveries}</Tabs.Tab>
        <Tabs.Tab value="attempts">{s.attempts}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="deliveries" pt="sm">
        <Table verticalSpacing="xs" data-testid="webhook-deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{s.event}</Table.Th>
              <Table.Th>{s.status}</Table.Th>
              <Table.Th>{s.tries}</Table.Th>
              <Table.Th>{s.created}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((delivery) => (
              <Table.Tr key={delivery.id} data-webhook-id={delivery.webhookId}>
                <Table.Td>
                  <Code>{delivery.eventType}</Code>
                </Table.Td>
                <Table.Td>
                  <DeliveryStatus status={delivery.status} />
                </Table.Td>
                <Table.Td>{delivery.attemptCount}</Table.Td>
                <Table.Td>{formatDateTime(delivery.createdDate)}</Table.Td>
                <Table.Td>
                  {delivery.status === 'SUCCEEDED' || delivery.status === 'FAILED' ? (
                    <Button size="xs" variant="subtle" onClick={() => resend.mutate(delivery.id)}>
                      {s.resend}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Tabs.Panel>
      <Tabs.Panel value="attempts" pt="sm">
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{s.when}</Table.Th>
              <Table.Th>{s.event}</Table.Th>
              <Table.Th>{s.response}</Table.Th>
              <Table.Th>{s.latency}</Table.Th>
              <Table.Th>{s.answer}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {attempts.map((attempt) => (
              <Table.Tr key={attempt.id}>
                <Table.Td>{formatDateTime(attempt.attemptedDate)}</Table.Td>
                <Table.Td>
                  <Code>{attempt.eventType}</Code>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <DeliveryStatus status={attempt.status} />
                    <Text size="xs">{attempt.responseCode ?? attempt.error}</Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{attempt.latencyMs} ms</Table.Td>
                <Table.Td>
                  <Text size="xs" lineClamp={3} maw={320}>
                    {attempt.responseBody}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Tabs.Panel>
    </Tabs>
  );
}
