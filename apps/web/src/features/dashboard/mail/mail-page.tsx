import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { MailMessage, MailStatus } from '@atrium/contract/mail';
import type { WithDates } from '@atrium/sdk';
import { formatDateTime } from '../shared/format.ts';
import { useSession } from '../shared/session.tsx';
import { EmptyState, LoadError, Loading, NotAllowed, PageHeader } from '../shared/ui.tsx';
import { useMailLog, useResendMail } from './api/mail.ts';
import { t } from './strings.ts';

const s = t.mail;
type Message = WithDates<MailMessage>;
const statusColors: Record<MailStatus, string> = {
  SENT: 'teal',
  FAILED: 'red',
  PENDING: 'yellow',
  KEPT: 'gray',
};

function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <Badge color={statusColors[status]} variant="light">
      {s.statuses[status] ?? status}
    </Badge>
  );
}

/** One mail as its recipient sees it (the HTML in a sandboxed frame that runs nothing), and its text. */
function MailView({ message, onClose }: { message: Message; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={message.subject} size="xl">
      <Stack gap="xs" mb="sm">
        <Text size="sm">
          {s.to}: {message.to}
        </Text>
        <Group gap="xs">
          <MailStatusBadge status={message.status} />
          <Code>{message.kind}</Code>
        </Group>
        {message.lastError ? (
          <Alert color="red" title={s.why}>
            {message.lastError}
          </Alert>
        ) : null}
      </Stack>
      <Tabs defaultValue={message.html ? 'html' : 'text'}>
        <Tabs.List>
          {message.html ? <Tabs.Tab value="html">{s.htmlVersion}</Tabs.Tab> : null}
          <Tabs.Tab value="text">{s.textVersion}</Tabs.Tab>
        </Tabs.List>
        {message.html ? (
          <Tabs.Panel value="html" pt="sm">
            <iframe
              title={message.subject}
              sandbox=""
              srcDoc={message.html}
              style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-default-border)' }}
            />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="text" pt="sm">
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
      {message.attachments.length > 0 ? (
        <Text size="sm" mt="sm">
          {s.attachments}: {message.attachments.map((attachment) => attachment.filename).join(', ')}
        </Text>
      ) : null}
    </Modal>
  );
}

/** The mail log: what was sent, what failed and why, each mail readable and sendable again. */
export function MailPage() {
  const session = useSession();
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [debouncedTo] = useDebouncedValue(to.trim(), 300);
  const [viewing, setViewing] = useState<Message>();
  const log = useMailLog(
    { ...(debouncedTo ? { to: debouncedTo } : {}), ...(status ? { status } : {}) },
    session.isOwner,
  );
  const resend = useResendMail({ onSuccess: () => notifications.show({ color: 'teal', message: s.resent }) });
  if (!session.isOwner)
    return (
      <>
        <PageHeader title={s.title} />
        <NotAllowed />
      </>
    );
  const filtered = Boolean(debouncedTo || status);
  const messages = log.data ?? [];
  return (
    <>
      <PageHeader title={s.title} description={s.description} />
      <Group mb="md" align="flex-end">
        <TextInput
          label={s.filterTo}
          type="email"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          w={280}
        />
        <Select
          label={s.filterStatus}
          placeholder={s.anyStatus}
          clearable
          data={(['SENT', 'FAILED', 'PENDING', 'KEPT'] as const).map((value) => ({
            value,
            label: s.statuses[value] ?? value,
          }))}
          value={status}
          onChange={(value) => setStatus(value as MailStatus | null)}
          w={200}
        />
      </Group>
      {messages.some((message) => message.status === 'KEPT') ? (
        <Alert color="gray" mb="md">
          {s.kept}
        </Alert>
      ) : null}
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadError error={log.error} />
      ) : messages.length === 0 ? (
        <EmptyState title={filtered ? s.emptyFiltered : s.empty} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" data-testid="mail-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{s.to}</Table.Th>
                <Table.Th>{s.subject}</Table.Th>
                <Table.Th miw={110}>{s.status}</Table.Th>
                <Table.Th>{s.created}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => (
                <Table.Tr key={message.id} data-mail-id={message.id}>
                  <Table.Td>{message.to}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{message.subject}</Text>
                      <Text size="xs" c="dimmed">
                        {message.kind}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <MailStatusBadge status={message.status} />
                      {message.lastError ? (
                        <Text size="xs" c="red.8" lineClamp={2} maw={260} title={message.lastError}>
                          {message.lastError}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{formatDateTime(message.sentDate ?? message.createdDate)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => setViewing(message)}>
                        {s.view}
                      </Button>
                      {message.status !== 'PENDING' ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          loading={resend.isPending && resend.variables === message.id}
                          onClick={() => resend.mutate(message.id)}
                        >
                          {s.resend}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {viewing ? <MailView message={viewing} onClose={() => setViewing(undefined)} /> : null}
    </>
  );
}
