import type { Service, TimeSlot } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  Alert,
  Anchor,
  Badge,
  Divider,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { t } from './strings.ts';
import { contactName, formatRange } from '../shared/format.ts';
import { LoadError, Loading, StatusBadge } from '../shared/ui.tsx';
import { AddParticipantForm } from './add-participant-form.tsx';
import { useSessionParticipants, type SessionRef } from './api/session-participants.ts';

const s = t.calendarSession;
// Bookings that no longer take a place; the list counts them but does not show them.
const closedStatuses = new Set(['CANCELED', 'DECLINED']);

/** Whether someone can be added, and if not, why (the form then stays closed). */
function bookability(session: TimeSlot, now: number) {
  const waitlist = session.eventInfo?.waitingList;
  const full = session.remainingCapacity <= 0;
  if (session.nonBookableReasons.eventCancelled) return { blocked: s.cancelled, waitlisting: false };
  if (new Date(session.localStartDate).getTime() <= now) return { blocked: s.started, waitlisting: false };
  if (!full) return { blocked: undefined, waitlisting: false };
  if (!waitlist) return { blocked: s.fullNoWaitlist, waitlisting: false };
  if (waitlist.remainingCapacity <= 0) return { blocked: s.fullWaitlistFull, waitlisting: false };
  return { blocked: undefined, waitlisting: true };
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * One class or course session from the calendar: when, who teaches, its spots, the people booked into it
 * (each opens its booking) and a form that adds one more.
 */
export function SessionPanel({
  session,
  service,
  staffName,
  onClose,
  onOpenBooking,
}: {
  session: TimeSlot | undefined;
  service: WithDates<Service> | undefined;
  staffName: string | undefined;
  onClose: () => void;
  onOpenBooking: (bookingId: string) => void;
}) {
  const ref: SessionRef | undefined = !session
    ? undefined
    : service?.type === 'COURSE'
      ? { kind: 'COURSE', serviceId: service.id }
      : { kind: 'CLASS', eventId: session.eventInfo?.eventId ?? '' };
  const participants = useSessionParticipants(ref);
  const course = service?.type === 'COURSE';

  return (
    <Drawer
      opened={Boolean(session)}
      onClose={onClose}
      position="right"
      size="lg"
      title={course ? s.courseTitle : s.title}
    >
      {session && service && (
        <SessionDetails
          session={session}
          service={service}
          staffName={staffName}
          participants={participants}
          onOpenBooking={onOpenBooking}
        />
      )}
    </Drawer>
  );
}

function SessionDetails({
  session,
  service,
  staffName,
  participants,
  onOpenBooking,
}: {
  session: TimeSlot;
  service: WithDates<Service>;
  staffName: string | undefined;
  participants: ReturnType<typeof useSessionParticipants>;
  onOpenBooking: (bookingId: string) => void;
}) {
  const course = service.type === 'COURSE';
  const waitlist = session.eventInfo?.waitingList;
  const { blocked, waitlisting } = bookability(session, Date.now());
  const booked = session.totalCapacity - session.remainingCapacity;
  const full = session.remainingCapacity <= 0;
  const everyone = participants.data ?? [];
  const shown = everyone.filter(({ booking }) => !closedStatuses.has(booking.status));
  const closed = everyone.length - shown.length;
  const people = (status: 'booked' | 'waiting') =>
    shown
      .filter(({ booking }) => (booking.status === 'WAITING_LIST') === (status === 'waiting'))
      .reduce((sum, { booking }) => sum + booking.totalParticipants, 0);
  const waiting = people('waiting');

  return (
    <Stack gap="lg" data-testid="session-panel">
      <Stack gap={4}>
        <Title order={3}>{service.name}</Title>
        <Text size="sm" c="dimmed">
          {formatRange(session.localStartDate, session.localEndDate)}
          {staffName ? ` · ${staffName}` : ''}
        </Text>
        <Group gap="xs">
          {full ? (
            <Badge color="red" variant="light">
              {s.fullBadge}
            </Badge>
          ) : (
            <Badge color="teal" variant="light">
              {s.booked(booked, session.totalCapacity)}
            </Badge>
          )}
          {course && (
            <Badge color="violet" variant="outline">
              {s.courseTitle}
            </Badge>
          )}
        </Group>
      </Stack>

      <SimpleGrid cols={waitlist ? 3 : 2} spacing="sm">
        <Figure
          label={s.spotsLeft}
          value={s.spots(Math.max(session.remainingCapacity, 0), session.totalCapacity)}
          testId="session-spots-left"
        />
        <Figure label={s.staff} value={staffName ?? '—'} />
        {waitlist && (
          <Figure
            label={s.waitlist}
            value={s.waitlistPlaces(waitlist.remainingCapacity, waitlist.totalCapacity)}
            testId="session-waitlist"
          />
        )}
      </SimpleGrid>

      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{s.participants}</Text>
          {shown.length > 0 && (
            <Text size="sm" c="dimmed">
              {s.participantCount(people('booked'))}
              {waiting > 0 ? ` · ${s.waiting(waiting)}` : ''}
            </Text>
          )}
        </Group>
        {participants.isPending ? (
          <Loading />
        ) : participants.isError ? (
          <LoadError error={participants.error} />
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {s.noParticipants}
          </Text>
        ) : (
          <Table withTableBorder verticalSpacing="xs" data-testid="session-participants">
            <Table.Tbody>
              {shown.map(({ booking }) => (
                <Table.Tr key={booking.id}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      fw={500}
                      onClick={() => onOpenBooking(booking.id)}
                    >
                      {contactName(booking.contactDetails)}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {booking.contactDetails?.email ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td w={70} ta="center">
                    <Text size="sm">×{booking.totalParticipants}</Text>
                  </Table.Td>
                  <Table.Td w={170} ta="right">
                    <StatusBadge status={booking.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {closed > 0 && (
          <Text size="xs" c="dimmed">
            {s.canceledCount(closed)}
          </Text>
        )}
      </Stack>

      <Divider />
      <Stack gap="sm">
        <Text fw={600}>{waitlisting ? s.addToWaitlist : s.addParticipant}</Text>
        {course && !blocked && (
          <Text size="sm" c="dimmed">
            {s.courseHint}
          </Text>
        )}
        {waitlisting && waitlist && (
          <Alert color="grape" variant="light">
            {s.fullWithWaitlist(waitlist.remainingCapacity)}
          </Alert>
        )}
        <AddParticipantForm session={session} service={service} waitlisting={waitlisting} blocked={blocked} />
      </Stack>
    </Stack>
  );
}
