import type { DataItem } from '@atrium/sdk/modules/data';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarDown,
  IconCalendarOff,
  IconCalendarUp,
  IconChevronDown,
  IconEye,
  IconEyeOff,
  IconFileDots,
} from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { formatDateTime } from '../../shared/format.ts';
import type { Collection } from '../api/collections-queries.ts';
import { useAddPublishPlugin, useDeletePlugin } from '../api/collection-fields.ts';
import { usePublishChange } from '../api/publishing.ts';
import { publishPluginOf, publishStateOf, type PublishChange } from '../lib/publish-state.ts';

const p = t.publishing;

/** Published / Draft / Scheduled, with the date of the next scheduled change. */
export function PublishStatus({ item }: { item: DataItem }) {
  const state = publishStateOf(item, new Date());
  if (state.kind === 'SCHEDULED')
    return (
      <Stack gap={2}>
        <Badge color="blue" variant="light">
          {p.scheduled}
        </Badge>
        <Text size="xs" c="dimmed">
          {p.publishesAt(formatDateTime(state.publishesAt))}
        </Text>
      </Stack>
    );
  if (state.kind === 'DRAFT')
    return (
      <Badge color="gray" variant="light">
        {p.draft}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge color="teal" variant="light">
        {p.published}
      </Badge>
      {state.unpublishesAt && (
        <Text size="xs" c="dimmed">
          {p.unpublishesAt(formatDateTime(state.unpublishesAt))}
        </Text>
      )}
    </Stack>
  );
}

/** `YYYY-MM-DDTHH:mm` in local time, the value a datetime-local input takes. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface ScheduleRequest {
  item: DataItem;
  label: string;
  operation: 'SCHEDULE_PUBLISH' | 'SCHEDULE_UNPUBLISH';
}

/** The schedule dialog of the items grid (one for the whole table). */
export function ScheduleDialog({
  collectionId,
  request,
  onClose,
}: {
  collectionId: string;
  request: ScheduleRequest | undefined;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [checked, setChecked] = useState(false);
  const close = () => {
    setValue('');
    setChecked(false);
    onClose();
  };
  const change = usePublishChange(collectionId, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: p.changed });
      close();
    },
  });
  const at = value ? new Date(value) : undefined;
  const error =
    !at || Number.isNaN(at.getTime()) ? p.whenRequired : at <= new Date() ? p.whenPast : undefined;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Modal opened={Boolean(request)} onClose={close} title={request ? p.scheduleTitle(request.label) : ''}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (!request || error || !at) return;
          change.mutate({ itemId: request.item._id, change: { operation: request.operation, at } });
        }}
      >
        <Stack>
          <Text size="sm">
            {request?.operation === 'SCHEDULE_UNPUBLISH' ? p.scheduleUnpublishBody : p.schedulePublishBody}
          </Text>
          <TextInput
            type="datetime-local"
            label={p.when}
            description={p.whenHint(zone)}
            value={value}
            min={localInputValue(new Date())}
            error={checked ? error : undefined}
            data-autofocus
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {p.schedule}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One item's publishing actions (a menu in its row). */
export function PublishMenu({
  collectionId,
  item,
  label,
  onSchedule,
}: {
  collectionId: string;
  item: DataItem;
  label: string;
  onSchedule: (request: ScheduleRequest) => void;
}) {
  const change = usePublishChange(collectionId, {
    onSuccess: () => notifications.show({ color: 'teal', message: p.changed }),
  });
  const state = publishStateOf(item, new Date());
  const scheduled = state.kind === 'SCHEDULED' || (state.kind === 'PUBLISHED' && state.unpublishesAt);
  const run = (operation: PublishChange) => change.mutate({ itemId: item._id, change: operation });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={p.actions(label)} openDelay={400}>
          <ActionIcon variant="subtle" color="gray" aria-label={p.actions(label)} loading={change.isPending}>
            <IconFileDots size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {state.kind !== 'PUBLISHED' && (
          <Menu.Item leftSection={<IconEye size={16} />} onClick={() => run({ operation: 'PUBLISH' })}>
            {p.publishNow}
          </Menu.Item>
        )}
        {state.kind === 'PUBLISHED' && (
          <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={() => run({ operation: 'UNPUBLISH' })}>
            {p.unpublish}
          </Menu.Item>
        )}
        {state.kind !== 'PUBLISHED' && (
          <Menu.Item
            leftSection={<IconCalendarUp size={16} />}
            onClick={() => onSchedule({ item, label, operation: 'SCHEDULE_PUBLISH' })}
          >
            {p.schedulePublish}
          </Menu.Item>
        )}
        {state.kind === 'PUBLISHED' && (
          <Menu.Item
            leftSection={<IconCalendarDown size={16} />}
            onClick={() => onSchedule({ item, label, operation: 'SCHEDULE_UNPUBLISH' })}
          >
            {p.scheduleUnpublish}
          </Menu.Item>
        )}
        {scheduled && (
          <Menu.Item
            leftSection={<IconCalendarOff size={16} />}
            onClick={() => run({ operation: 'CANCEL_SCHEDULE' })}
          >
            {p.cancelSchedule}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Whether the collection has drafts, and the control that turns them on or off. */
export function PublishingToggle({ collection }: { collection: Collection }) {
  const plugin = publishPluginOf(collection);
  const [enabling, setEnabling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [defaultStatus, setDefaultStatus] = useState<'PUBLISHED' | 'DRAFT'>('DRAFT');
  const add = useAddPublishPlugin(collection.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: p.enabled });
      setEnabling(false);
    },
  });
  const remove = useDeletePlugin(collection.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: p.disabled });
      setDisabling(false);
    },
  });
  const statusName = (status: 'PUBLISHED' | 'DRAFT') => (status === 'DRAFT' ? p.draft : p.published);

  return (
    <>
      {plugin ? (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="light"
              color="teal"
              rightSection={<IconChevronDown size={14} />}
              aria-label={`${p.menu}: ${p.on}`}
            >
              {p.on}
            </Button>
          </Menu.Target>
          <Menu.Dropdown maw={300}>
            <Menu.Label style={{ whiteSpace: 'normal' }}>
              {p.onHint(statusName(plugin.defaultStatus).toLowerCase())}
            </Menu.Label>
            <Menu.Item color="red" leftSection={<IconEyeOff size={16} />} onClick={() => setDisabling(true)}>
              {p.disable}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Tooltip label={p.offHint} openDelay={300}>
          <Button variant="default" leftSection={<IconEyeOff size={16} />} onClick={() => setEnabling(true)}>
            {p.enable}
          </Button>
        </Tooltip>
      )}
      <Modal opened={enabling} onClose={() => setEnabling(false)} title={p.enableTitle}>
        <Stack>
          <Text size="sm">{p.enableBody}</Text>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="publish-default-status">
              {p.defaultStatus}
            </Text>
            <SegmentedControl
              aria-labelledby="publish-default-status"
              value={defaultStatus}
              onChange={(value) => setDefaultStatus(value as 'PUBLISHED' | 'DRAFT')}
              data={[
                { value: 'DRAFT', label: p.draft },
                { value: 'PUBLISHED', label: p.published },
              ]}
            />
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnabling(false)}>
              {shared.common.cancel}
            </Button>
            <Button loading={add.isPending} onClick={() => add.mutate(defaultStatus)}>
              {p.enableConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={disabling} onClose={() => setDisabling(false)} title={p.disableTitle}>
        <Stack>
          <Alert color="orange" variant="light">
            {p.disableBody}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDisabling(false)}>
              {shared.common.cancel}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate('PUBLISH')}>
              {p.disableConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
