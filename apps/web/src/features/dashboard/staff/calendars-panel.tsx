import type { ExternalCalendar } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarShare,
  IconCheck,
  IconCopy,
  IconLink,
  IconPlugConnectedX,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { formatDateTime } from '../shared/format.ts';
import { LoadError, Loading } from '../shared/ui.tsx';
import {
  useConnectCalendar,
  useCreateFeed,
  useDisconnectCalendar,
  useExternalCalendars,
  useRotateFeed,
  useStaffFeed,
  useSyncCalendar,
} from './api/calendars.ts';

const s = t.calendars;

const statusColors: Record<ExternalCalendar['status'], string> = {
  CONNECTED: 'blue',
  SYNC_IN_PROGRESS: 'blue',
  SYNCED: 'teal',
  DISCONNECTED: 'gray',
  ERROR: 'red',
};

function urlProblem(value: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.replace(/^webcals?:\/\//i, 'https://'));
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : s.badUrl;
  } catch {
    return s.badUrl;
  }
}

function CalendarRow({ calendar }: { calendar: WithDates<ExternalCalendar> }) {
  const sync = useSyncCalendar({
    onSuccess: (answer) =>
      notifications.show(
        answer.status === 'ERROR'
          ? { color: 'red', message: s.syncFailed(answer.lastSyncError?.message ?? '') }
          : { color: 'teal', message: s.synced },
      ),
  });
  const disconnect = useDisconnectCalendar({
    onSuccess: () => notifications.show({ color: 'teal', message: s.disconnected }),
  });
  const active = calendar.status !== 'DISCONNECTED';
  return (
    <Card withBorder radius="md" p="sm" aria-label={calendar.name ?? calendar.url}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {calendar.name || s.unnamed}
            </Text>
            <Badge size="sm" variant="light" color={statusColors[calendar.status]}>
              {s.statuses[calendar.status]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {calendar.url}
          </Text>
          <Text size="xs" c="dimmed">
            {!calendar.lastSyncDate
              ? s.neverSynced
              : calendar.status === 'ERROR'
                ? s.lastTried(formatDateTime(calendar.lastSyncDate))
                : s.lastSync(formatDateTime(calendar.lastSyncDate), calendar.busyIntervalCount)}
          </Text>
          {calendar.status === 'ERROR' && calendar.lastSyncError && (
            <Text size="xs" c="red" fw={500} title={calendar.lastSyncError.message}>
              {(s.errors as Record<string, string>)[calendar.lastSyncError.code] ??
                calendar.lastSyncError.code}
            </Text>
          )}
          {calendar.disconnectReason && (
            <Text size="xs" c="orange">
              {s.disconnectReasons[calendar.disconnectReason]}
            </Text>
          )}
        </Stack>
        {active && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={s.syncNow}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={s.syncOf(calendar.name ?? calendar.url)}
                loading={sync.isPending}
                onClick={() => sync.mutate(calendar.id)}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={s.disconnect}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={s.disconnectOf(calendar.name ?? calendar.url)}
                loading={disconnect.isPending}
                onClick={() => disconnect.mutate(calendar.id)}
              >
                <IconPlugConnectedX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/** iCal (ICS) calendars whose busy time blocks this person's availability; imported every 15 minutes. */
export function ExternalCalendarsPanel({ staffMemberId }: { staffMemberId: string }) {
  const [showDisconnected, setShowDisconnected] = useState(false);
  const calendars = useExternalCalendars(staffMemberId, showDisconnected);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const problem = urlProblem(url.trim());
  const connect = useConnectCalendar({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.connected });
      setUrl('');
      setName('');
    },
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={5}>{s.title}</Title>
        <Switch
          size="xs"
          label={s.showDisconnected}
          checked={showDisconnected}
          onChange={(event) => setShowDisconnected(event.currentTarget.checked)}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {s.intro}
      </Text>
      {calendars.isPending ? (
        <Loading />
      ) : calendars.isError ? (
        <LoadError error={calendars.error} />
      ) : calendars.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {s.none}
        </Text>
      ) : (
        calendars.data.map((calendar) => <CalendarRow key={calendar.id} calendar={calendar} />)
      )}
      <Group align="flex-start" grow>
        <TextInput
          label={s.url}
          placeholder="https://calendar.example.com/basic.ics"
          leftSection={<IconLink size={16} />}
          value={url}
          error={problem}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <TextInput
          label={s.name}
          placeholder={s.namePlaceholder}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={connect.isPending}
          disabled={!url.trim() || Boolean(problem)}
          onClick={() =>
            connect.mutate({ staffMemberId, url: url.trim(), ...(name.trim() ? { name: name.trim() } : {}) })
          }
        >
          {s.connect}
        </Button>
      </Group>
    </Stack>
  );
}

/** The person's private feed of their bookings, to subscribe to from Google, Outlook or Apple Calendar. */
export function FeedPanel({ staffMemberId }: { staffMemberId: string }) {
  const feed = useStaffFeed(staffMemberId);
  const create = useCreateFeed(staffMemberId);
  const rotate = useRotateFeed(staffMemberId, {
    onSuccess: () => notifications.show({ color: 'teal', message: s.rotated }),
  });
  return (
    <Stack gap="sm">
      <Title order={5}>{s.feedTitle}</Title>
      <Text size="sm" c="dimmed">
        {s.feedIntro}
      </Text>
      {feed.isPending ? (
        <Loading />
      ) : feed.isError ? (
        <LoadError error={feed.error} />
      ) : feed.data ? (
        <>
          <TextInput
            readOnly
            aria-label={s.feedUrl}
            value={feed.data.url}
            leftSection={<IconCalendarShare size={16} />}
            onFocus={(event) => event.currentTarget.select()}
            rightSectionWidth={90}
            rightSection={
              <CopyButton value={feed.data.url}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant={copied ? 'light' : 'filled'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                    onClick={copy}
                  >
                    {copied ? s.copied : s.copy}
                  </Button>
                )}
              </CopyButton>
            }
          />
          <Group justify="space-between">
            <Button component="a" href={feed.data.webcalUrl} variant="subtle" size="xs">
              {s.openInApp}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              {s.rotate}
            </Button>
          </Group>
          <Alert color="gray" variant="light" p="xs">
            <Text size="xs">{s.feedSecret}</Text>
          </Alert>
        </>
      ) : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconCalendarShare size={16} />}
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            {s.createFeed}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
