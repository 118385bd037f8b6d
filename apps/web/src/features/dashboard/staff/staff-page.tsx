import type { StaffMember } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  Drawer,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useSession } from '../shared/session.tsx';
import { formatDateTime, weekdays, type Weekday } from '../shared/format.ts';
import { Pager } from '../shared/paged-list.tsx';
import { EmptyState, LoadError, Loading, PageHeader } from '../shared/ui.tsx';
import { ExternalCalendarsPanel, FeedPanel } from './calendars-panel.tsx';
import { hoursProblem, WorkingHoursEditor, type Period } from '../shared/working-hours-editor.tsx';
import {
  useAddTimeOff,
  useDeleteTimeOff,
  useSaveStaffMember,
  useStaffPage,
  useTimeOff,
} from './api/staff.ts';

const s = t.staff;
const pageSize = 24;

const defaultHours: Period[] = weekdays
  .slice(0, 5)
  .map((weekday) => ({ weekday, startTime: '09:00', endTime: '17:00' }));

function summary(member: WithDates<StaffMember>): string {
  if (member.usesDefaultWorkingHours) return s.businessHours;
  const days = new Set(member.workingHours.map((period) => period.weekday));
  return weekdays
    .filter((day) => days.has(day))
    .map((day) => shared.weekdaysShort[day])
    .join(' · ');
}

function StaffForm({ member, onClose }: { member?: WithDates<StaffMember>; onClose: () => void }) {
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [phone, setPhone] = useState(member?.phone ?? '');
  const [ownHours, setOwnHours] = useState(member ? !member.usesDefaultWorkingHours : true);
  const [hours, setHours] = useState<Period[]>(
    member && !member.usesDefaultWorkingHours
      ? member.workingHours.map((period) => ({ ...period, weekday: period.weekday as Weekday }))
      : defaultHours,
  );
  const problem = ownHours ? hoursProblem(hours) : undefined;
  const save = useSaveStaffMember({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: member ? s.updated : s.created });
      onClose();
    },
  });
  const submit = () =>
    save.mutate({
      member,
      input: {
        name: name.trim(),
        email: email.trim() || null,
        phone: phone.trim() || null,
        ...(ownHours ? { workingHours: hours } : { usesDefaultWorkingHours: true }),
      },
    });
  return (
    <Stack gap="md">
      <TextInput
        label={s.name}
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Group grow>
        <TextInput
          label={s.email}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput label={s.phone} value={phone} onChange={(event) => setPhone(event.currentTarget.value)} />
      </Group>
      <Divider label={s.hours} labelPosition="left" />
      <Switch
        label={s.ownHours}
        description={ownHours ? s.ownHoursOn : s.ownHoursOff}
        checked={ownHours}
        onChange={(event) => setOwnHours(event.currentTarget.checked)}
      />
      {ownHours && <WorkingHoursEditor value={hours} onChange={setHours} />}
      {problem && <Alert color="red">{problem}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {shared.common.cancel}
        </Button>
        <Button loading={save.isPending} disabled={!name.trim() || Boolean(problem)} onClick={submit}>
          {member ? shared.common.save : s.create}
        </Button>
      </Group>
    </Stack>
  );
}

function TimeOffPanel({ member }: { member: WithDates<StaffMember> }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [title, setTitle] = useState('');
  const list = useTimeOff(member.id);
  const add = useAddTimeOff(member.id, {
    onSuccess: () => {
      setStart('');
      setEnd('');
      setTitle('');
    },
  });
  const remove = useDeleteTimeOff(member.id);
  const invalid = Boolean(start && end && new Date(end) <= new Date(start));
  return (
    <Stack gap="sm">
      <Title order={5}>{s.timeOff}</Title>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {s.noTimeOff}
        </Text>
      ) : (
        list.data.map((entry) => (
          <Group key={entry.id} justify="space-between">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {entry.title || s.timeOff}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.startDate)} – {formatDateTime(entry.endDate)}
              </Text>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={s.removeTimeOff}
              onClick={() => remove.mutate(entry.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))
      )}
      <Group grow align="flex-end">
        <TextInput
          type="datetime-local"
          label={s.from}
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label={s.until}
          value={end}
          error={invalid ? s.untilAfterFrom : undefined}
          onChange={(event) => setEnd(event.currentTarget.value)}
        />
      </Group>
      <Group align="flex-end">
        <TextInput
          label={s.reason}
          placeholder={s.reasonPlaceholder}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          disabled={!start || !end || invalid}
          loading={add.isPending}
          onClick={() =>
            add.mutate({
              startDate: new Date(start).toISOString(),
              endDate: new Date(end).toISOString(),
              title: title.trim() || null,
            })
          }
        >
          {s.addTimeOff}
        </Button>
      </Group>
    </Stack>
  );
}

/** The people who give services: their contact details, weekly hours and time off. */
export function StaffPage() {
  const session = useSession();
  const staff = useStaffPage(pageSize);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<WithDates<StaffMember>>();
  return (
    <>
      <PageHeader
        title={s.title}
        description={s.description}
        actions={
          session.canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {s.new}
            </Button>
          )
        }
      />
      {staff.isPending ? (
        <Loading />
      ) : staff.isError ? (
        <LoadError error={staff.error} />
      ) : staff.items.length === 0 ? (
        <Card>
          <EmptyState title={s.empty} body={s.emptyBody} />
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {staff.items.map((member) => (
              <Card key={member.id} style={{ cursor: 'pointer' }} onClick={() => setOpen(member)}>
                <Group wrap="nowrap">
                  <Avatar color="brand" radius="xl" size="lg">
                    {member.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {member.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {member.email ?? s.noEmail}
                    </Text>
                    <Badge
                      variant="light"
                      color={member.usesDefaultWorkingHours ? 'gray' : 'brand'}
                      size="sm"
                    >
                      {summary(member)}
                    </Badge>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Pager list={staff} />
        </>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={s.createTitle} size="lg">
        {creating && <StaffForm onClose={() => setCreating(false)} />}
      </Modal>
      <Drawer
        opened={Boolean(open)}
        onClose={() => setOpen(undefined)}
        position="right"
        size="lg"
        title={open?.name}
      >
        {open && (
          <Stack gap="lg">
            {session.canManage ? (
              <StaffForm key={open.id} member={open} onClose={() => setOpen(undefined)} />
            ) : (
              <Text size="sm">{summary(open)}</Text>
            )}
            <Divider />
            <TimeOffPanel member={open} />
            <Divider />
            <ExternalCalendarsPanel staffMemberId={open.id} />
            <Divider />
            <FeedPanel staffMemberId={open.id} />
          </Stack>
        )}
      </Drawer>
    </>
  );
}
