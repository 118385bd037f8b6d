import type { Service, TimeSlot } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconCalendarOff,
  IconCalendarPlus,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { t } from './strings.ts';
import { t as shared } from '../shared/strings.ts';
import { useStaffMembers } from '../shared/api/catalogue.ts';
import { errorCode, errorMessage } from '../shared/errors.ts';
import { formatDateTime, formatDay, localDay, weekdays, type Weekday } from '../shared/format.ts';
import { LoadError, Loading } from '../shared/ui.tsx';
import {
  useAddSession,
  useAddWeeklySession,
  useCancelOccurrence,
  useDeleteSession,
  useDeleteWeeklySession,
  useRestoreOccurrence,
  useServiceSchedule,
  useUpcomingSessions,
} from './api/schedule.ts';

const s = t.schedule;
const previewDays = 28;
const previewLimit = 12;
// Occurrences of weekly sessions are `<weekly session id>_<local start>`; one-off sessions are plain ids.
const occurrenceId = /^[0-9a-f-]{36}_\d{8}T\d{6}$/;

const timeOf = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayOf = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

function staffOf(slot: TimeSlot): string | undefined {
  return slot.availableResources
    .flatMap((group) => group.resources.map((resource) => resource.name))
    .filter(Boolean)
    .join(', ');
}

function WeeklyForm({ service }: { service: WithDates<Service> }) {
  const staff = useStaffMembers();
  const [weekday, setWeekday] = useState<Weekday>('MON');
  const [startTime, setStartTime] = useState('18:00');
  const [duration, setDuration] = useState<number | ''>(60);
  const [capacity, setCapacity] = useState<number | ''>(service.defaultCapacity ?? 10);
  const [staffMemberId, setStaffMemberId] = useState<string | null>(service.staffMemberIds[0] ?? null);
  const [startDate, setStartDate] = useState(localDay(new Date()));
  const [endDate, setEndDate] = useState('');
  const endProblem = endDate && endDate < startDate ? s.endBeforeStart : undefined;
  const add = useAddWeeklySession(service.id, {
    onSuccess: () => notifications.show({ color: 'teal', message: s.weeklyAdded }),
  });
  const staffOptions = (staff.data ?? [])
    .filter((member) => service.staffMemberIds.length === 0 || service.staffMemberIds.includes(member.id))
    .map((member) => ({ value: member.id, label: member.name }));
  return (
    <Card withBorder radius="md" p="md">
      <Group gap="xs" mb="sm">
        <IconRepeat size={18} />
        <Text fw={600} size="sm">
          {s.addWeekly}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        <Select
          label={s.weekday}
          allowDeselect={false}
          data={weekdays.map((day) => ({ value: day, label: shared.weekdays[day] }))}
          value={weekday}
          onChange={(value) => value && setWeekday(value as Weekday)}
        />
        <TimeInput
          label={s.startTime}
          value={startTime}
          onChange={(event) => setStartTime(event.currentTarget.value)}
        />
        <NumberInput
          label={s.duration}
          suffix=" min"
          min={5}
          max={1440}
          step={5}
          value={duration}
          onChange={(value) => setDuration(value === '' ? '' : Number(value))}
        />
        <NumberInput
          label={s.capacity}
          min={1}
          max={10000}
          value={capacity}
          onChange={(value) => setCapacity(value === '' ? '' : Number(value))}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={s.staff}
          placeholder={s.anyStaff}
          clearable
          data={staffOptions}
          value={staffMemberId}
          onChange={setStaffMemberId}
        />
        <TextInput
          type="date"
          label={s.from}
          value={startDate}
          onChange={(event) => setStartDate(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={s.until}
          placeholder={s.noEnd}
          value={endDate}
          error={endProblem}
          onChange={(event) => setEndDate(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button
          leftSection={<IconRepeat size={16} />}
          loading={add.isPending}
          disabled={!startTime || !duration || !startDate || Boolean(endProblem)}
          onClick={() =>
            add.mutate({
              weekday,
              startTime,
              durationInMinutes: Number(duration),
              ...(capacity ? { capacity: Number(capacity) } : {}),
              staffMemberId,
              startDate,
              endDate: endDate || null,
            })
          }
        >
          {s.addWeeklyButton}
        </Button>
      </Group>
    </Card>
  );
}

function OneOffForm({ service }: { service: WithDates<Service> }) {
  const staff = useStaffMembers();
  const [start, setStart] = useState('');
  const [duration, setDuration] = useState<number | ''>(60);
  const [capacity, setCapacity] = useState<number | ''>(service.defaultCapacity ?? 10);
  const [staffMemberId, setStaffMemberId] = useState<string | null>(service.staffMemberIds[0] ?? null);
  const add = useAddSession(service.id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: s.oneOffAdded });
      setStart('');
    },
  });
  const submit = () => {
    const startDate = new Date(start);
    add.mutate({
      startDate: startDate.toISOString(),
      endDate: new Date(startDate.getTime() + Number(duration) * 60_000).toISOString(),
      ...(capacity ? { capacity: Number(capacity) } : {}),
      staffMemberId,
    });
  };
  const staffOptions = (staff.data ?? [])
    .filter((member) => service.staffMemberIds.length === 0 || service.staffMemberIds.includes(member.id))
    .map((member) => ({ value: member.id, label: member.name }));
  return (
    <Card withBorder radius="md" p="md">
      <Group gap="xs" mb="sm">
        <IconCalendarPlus size={18} />
        <Text fw={600} size="sm">
          {s.addOneOff}
        </Text>
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            type="datetime-local"
            label={s.startsAt}
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            label={s.duration}
            suffix=" min"
            min={5}
            max={1440}
            step={5}
            value={duration}
            onChange={(value) => setDuration(value === '' ? '' : Number(value))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberInput
            label={s.capacity}
            min={1}
            max={10000}
            value={capacity}
            onChange={(value) => setCapacity(value === '' ? '' : Number(value))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={s.staff}
            placeholder={s.anyStaff}
            clearable
            data={staffOptions}
            value={staffMemberId}
            onChange={setStaffMemberId}
          />
        </Grid.Col>
        <Grid.Col
          span={{ base: 12, sm: 6 }}
          style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'flex-end' }}
        >
          <Button
            variant="light"
            leftSection={<IconCalendarPlus size={16} />}
            loading={add.isPending}
            disabled={!start || !duration}
            onClick={submit}
          >
            {s.addOneOffButton}
          </Button>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

/**
 * The timetable of a class or course: weekly sessions (kept in the business time zone, so 18:00 stays
 * 18:00 across DST), one-off sessions, and the next sessions they produce.
 */
export function SchedulePanel({ service }: { service: WithDates<Service> }) {
  const staff = useStaffMembers();
  const staffNames = new Map((staff.data ?? []).map((member) => [member.id, member.name]));
  const schedule = useServiceSchedule(service.id);
  const upcoming = useUpcomingSessions(service.id, previewDays, previewLimit);
  const removed = { onSuccess: () => notifications.show({ color: 'teal', message: s.removed }) };
  const removeWeekly = useDeleteWeeklySession(service.id, removed);
  const cancelOccurrence = useCancelOccurrence(service.id, {
    onSuccess: () => notifications.show({ color: 'teal', message: s.occurrenceCancelled }),
    failure: {
      message: (error) => (errorCode(error) === 'SESSION_HAS_BOOKINGS' ? s.hasBookings : errorMessage(error)),
    },
  });
  const restoreOccurrence = useRestoreOccurrence(service.id, {
    onSuccess: () => notifications.show({ color: 'teal', message: s.occurrenceRestored }),
  });
  const removeOneOff = useDeleteSession(service.id, removed);

  if (schedule.isPending) return <Loading />;
  if (schedule.isError) return <LoadError error={schedule.error} />;
  const { recurringSessions, sessions, timeZone } = schedule.data;
  const now = Date.now();
  const cancelledOccurrences = sessions
    .filter((session) => session.cancelled && session.eventId && new Date(session.endDate).getTime() > now)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const futureSessions = sessions
    .filter((session) => !session.eventId && new Date(session.endDate).getTime() > now)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const sortedWeekly = [...recurringSessions].sort(
    (a, b) =>
      weekdays.indexOf(a.weekday) - weekdays.indexOf(b.weekday) || a.startTime.localeCompare(b.startTime),
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {s.intro(timeZone)}
          </Text>
          <Stack gap="xs">
            <Title order={5}>{s.weekly}</Title>
            {sortedWeekly.length === 0 ? (
              <Text size="sm" c="dimmed">
                {s.noWeekly}
              </Text>
            ) : (
              <Card withBorder p={0} radius="md">
                <Table verticalSpacing={6} aria-label={s.weekly}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{s.when}</Table.Th>
                      <Table.Th>{s.staff}</Table.Th>
                      <Table.Th>{s.capacity}</Table.Th>
                      <Table.Th>{s.period}</Table.Th>
                      <Table.Th w={40} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {sortedWeekly.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {s.weeklyAt(
                              shared.weekdays[entry.weekday],
                              entry.startTime,
                              entry.durationInMinutes,
                            )}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {entry.staffMemberId ? (staffNames.get(entry.staffMemberId) ?? '…') : '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{entry.capacity}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed">
                            {entry.endDate
                              ? `${formatDay(entry.startDate)} – ${formatDay(entry.endDate)}`
                              : s.fromOn(formatDay(entry.startDate))}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={s.removeWeekly(shared.weekdays[entry.weekday], entry.startTime)}
                            loading={removeWeekly.isPending && removeWeekly.variables === entry.id}
                            onClick={() => removeWeekly.mutate(entry.id)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            )}
            <WeeklyForm service={service} />
          </Stack>

          <Stack gap="xs">
            <Title order={5}>{s.oneOff}</Title>
            {futureSessions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {s.noOneOff}
              </Text>
            ) : (
              <Card withBorder p={0} radius="md">
                <Table verticalSpacing={6} aria-label={s.oneOff}>
                  <Table.Tbody>
                    {futureSessions.map((session) => (
                      <Table.Tr key={session.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {formatDateTime(session.startDate)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">
                            {session.staffMemberId ? (staffNames.get(session.staffMemberId) ?? '…') : '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{s.spots(session.capacity)}</Text>
                        </Table.Td>
                        <Table.Td w={40}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={s.removeOneOff(formatDateTime(session.startDate))}
                            onClick={() => removeOneOff.mutate(session.id)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            )}
            <OneOffForm service={service} />
          </Stack>
        </Stack>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder radius="md" p="md" aria-label={s.upcoming}>
          <Title order={5} mb={4}>
            {s.upcoming}
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            {s.upcomingHint(previewDays)}
          </Text>
          {upcoming.isPending ? (
            <Loading />
          ) : upcoming.isError ? (
            <LoadError error={upcoming.error} />
          ) : upcoming.data.slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              {s.noUpcoming}
            </Text>
          ) : (
            <Stack gap={6} role="list" aria-label={s.upcoming}>
              {upcoming.data.slots.map((slot) => {
                const start = new Date(slot.localStartDate);
                const cancelled = slot.nonBookableReasons.eventCancelled;
                const eventId = slot.eventInfo?.eventId;
                const full = slot.remainingCapacity <= 0;
                return (
                  <Group
                    key={slot.eventInfo?.eventId ?? slot.localStartDate}
                    role="listitem"
                    justify="space-between"
                    wrap="nowrap"
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {dayOf.format(start)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {timeOf.format(start)} – {timeOf.format(new Date(slot.localEndDate))}
                        {staffOf(slot) ? ` · ${staffOf(slot)}` : ''}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      <Badge variant="light" color={cancelled ? 'gray' : full ? 'red' : 'teal'}>
                        {cancelled ? s.cancelled : s.spotsLeft(slot.remainingCapacity, slot.totalCapacity)}
                      </Badge>
                      {!cancelled && eventId && occurrenceId.test(eventId) && (
                        <Tooltip label={s.cancelOccurrence}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            aria-label={s.cancelOccurrenceOf(dayOf.format(start), timeOf.format(start))}
                            loading={cancelOccurrence.isPending && cancelOccurrence.variables === eventId}
                            onClick={() => cancelOccurrence.mutate(eventId)}
                          >
                            <IconCalendarOff size={15} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Group>
                );
              })}
              {upcoming.data.more && (
                <Text size="xs" c="dimmed" pt={4}>
                  {s.more}
                </Text>
              )}
            </Stack>
          )}
          {cancelledOccurrences.length > 0 && (
            <Stack gap={6} mt="md" role="list" aria-label={s.cancelledTitle}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {s.cancelledTitle}
              </Text>
              {cancelledOccurrences.map((session) => (
                <Group key={session.id} role="listitem" justify="space-between" wrap="nowrap">
                  <Text size="sm" c="dimmed" td="line-through">
                    {formatDateTime(session.startDate)}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconArrowBackUp size={14} />}
                    aria-label={s.restoreOf(formatDateTime(session.startDate))}
                    loading={restoreOccurrence.isPending && restoreOccurrence.variables === session.eventId}
                    onClick={() => restoreOccurrence.mutate(session.eventId!)}
                  >
                    {s.restore}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
