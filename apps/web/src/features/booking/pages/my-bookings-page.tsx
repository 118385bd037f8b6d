import type { ExtendedBooking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../strings.ts';
import { useService } from '../../../lib/site-services.ts';
import { useRefreshAvailability, type PickableSlot } from '../api/availability-queries.ts';
import {
  useCancelBooking,
  useMyBookings,
  useRescheduleBooking,
  useServiceNames,
} from '../api/my-bookings.ts';
import { AppointmentPicker } from '../components/appointment-picker.tsx';
import { SessionList } from '../components/session-list.tsx';
import { TimeZoneSelect } from '../components/time-zone-select.tsx';
import { explainBookingError } from '../lib/booking-errors.ts';
import { downloadIcs } from '../lib/ics.ts';
import { formatTime, formatWhen, useTimeZone } from '../lib/time.ts';

type Item = WithDates<ExtendedBooking>;

const statusColors: Record<string, string> = {
  CONFIRMED: 'brand',
  PENDING: 'yellow',
  CREATED: 'yellow',
  WAITING_LIST: 'orange',
  CANCELED: 'gray',
  DECLINED: 'red',
};

function titleOf(item: Item, names: Map<string, string>): string {
  const booking = item.booking;
  const serviceId = booking.bookedEntity.slot?.serviceId ?? booking.bookedEntity.schedule?.serviceId ?? '';
  return booking.bookedEntity.title || names.get(serviceId) || t.myBookings.title;
}

function RescheduleModal({ item, onClose }: { item: Item; onClose: () => void }) {
  const reschedule = useRescheduleBooking();
  const refreshAvailability = useRefreshAvailability();
  const [timeZone, setTimeZone] = useTimeZone();
  const [slot, setSlot] = useState<PickableSlot | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const booking = item.booking;
  const current = booking.bookedEntity.slot!;
  const service = useService(current.serviceId);
  const save = async () => {
    if (!slot) return;
    setSaving(true);
    setProblem(null);
    try {
      const moved = await reschedule.mutateAsync({
        bookingId: booking.id,
        change: {
          slot: {
            serviceId: current.serviceId,
            startDate: slot.start,
            ...(current.resource?.id && service.data?.type === 'APPOINTMENT'
              ? { resource: { id: current.resource.id } }
              : {}),
            ...(slot.sessionId ? { sessionId: slot.sessionId } : {}),
            ...(slot.eventId ? { eventId: slot.eventId } : {}),
          },
          revision: booking.revision,
        },
      });
      notifications.show({
        color: 'brand',
        message: t.myBookings.rescheduled(formatWhen(moved.startDate, timeZone)),
      });
      onClose();
    } catch (error) {
      const explained = explainBookingError(error);
      setProblem(explained.message);
      setSlot(null);
      void refreshAvailability();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t.myBookings.rescheduleTitle} size="xl" fullScreen={false}>
      <Stack gap="md">
        {problem ? (
          <Alert color="orange" role="alert">
            {problem}
          </Alert>
        ) : null}
        <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
        {!service.data ? (
          <Skeleton h={240} />
        ) : service.data.type === 'CLASS' ? (
          <SessionList
            serviceId={current.serviceId}
            timeZone={timeZone}
            value={slot}
            onChange={setSlot}
            waitlist={false}
          />
        ) : (
          <AppointmentPicker
            serviceId={current.serviceId}
            staffId={current.resource?.id ?? null}
            timeZone={timeZone}
            value={slot}
            onChange={setSlot}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.booking.back}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={!slot}
            loading={saving}
            data-testid="confirm-reschedule"
          >
            {t.myBookings.reschedule}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function BookingCard({ item, names, past }: { item: Item; names: Map<string, string>; past: boolean }) {
  const cancelBooking = useCancelBooking();
  const [timeZone] = useTimeZone();
  const [confirming, setConfirming] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const booking = item.booking;
  const title = titleOf(item, names);
  const active = ['CONFIRMED', 'PENDING', 'CREATED', 'WAITING_LIST'].includes(booking.status);
  const canCancel = Boolean(item.allowedActions?.cancel) && active && !past;
  const canReschedule =
    Boolean(item.allowedActions?.reschedule) && Boolean(booking.bookedEntity.slot) && active && !past;

  const cancel = async () => {
    try {
      await cancelBooking.mutateAsync(booking);
      notifications.show({ color: 'brand', message: t.myBookings.cancelled });
    } catch {
      // useCancelBooking has told the member why.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card p="lg" data-testid="my-booking">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <Text fw={700} fz="lg">
              {title}
            </Text>
            <Badge color={statusColors[booking.status]} variant="light">
              {t.booking.statuses[booking.status]}
            </Badge>
          </Group>
          <Text data-testid="my-booking-when">
            {formatWhen(booking.startDate, timeZone)} – {formatTime(booking.endDate, timeZone)}
          </Text>
          <Text size="sm" c="dimmed">
            {[booking.bookedEntity.slot?.resource?.name, t.myBookings.participants(booking.totalParticipants)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {!past && active && !canCancel && !canReschedule ? (
            <Text size="sm" c="dimmed">
              {t.myBookings.notAllowed}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {!past && active ? (
            <Button
              variant="subtle"
              leftSection={<IconCalendarPlus size={16} />}
              onClick={() =>
                downloadIcs({ id: booking.id, title, start: booking.startDate, end: booking.endDate })
              }
            >
              {t.myBookings.addToCalendar}
            </Button>
          ) : null}
          {!past && active ? (
            <>
              <Tooltip label={t.myBookings.rescheduleRefused} disabled={canReschedule}>
                <Button variant="default" disabled={!canReschedule} onClick={() => setRescheduling(true)}>
                  {t.myBookings.reschedule}
                </Button>
              </Tooltip>
              <Tooltip label={t.myBookings.cancelRefused} disabled={canCancel}>
                <Button variant="light" color="red" disabled={!canCancel} onClick={() => setConfirming(true)}>
                  {t.myBookings.cancel}
                </Button>
              </Tooltip>
            </>
          ) : null}
        </Group>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t.myBookings.cancelTitle}
        centered
      >
        <Stack gap="md">
          <Text>{t.myBookings.cancelBody(`${title}, ${formatWhen(booking.startDate, timeZone)},`)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.myBookings.keep}
            </Button>
            <Button
              color="red"
              loading={cancelBooking.isPending}
              onClick={cancel}
              data-testid="confirm-cancel"
            >
              {t.myBookings.confirmCancel}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {rescheduling ? <RescheduleModal item={item} onClose={() => setRescheduling(false)} /> : null}
    </Card>
  );
}

function BookingList({ when }: { when: 'upcoming' | 'past' }) {
  const list = useMyBookings(when);
  const names = useServiceNames();
  if (list.isError) return <Alert color="red">{t.myBookings.loadFailed}</Alert>;
  if (!list.data) return <Skeleton h={120} radius="lg" />;
  if (list.data.length === 0) {
    return (
      <Card p="xl">
        <Stack align="center" gap="sm">
          <Text c="dimmed">{when === 'upcoming' ? t.myBookings.emptyUpcoming : t.myBookings.emptyPast}</Text>
          <Button component={Link} to="/services" variant="light">
            {t.myBookings.browse}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {list.data.map((item) => (
        <BookingCard key={item.booking.id} item={item} names={names} past={when === 'past'} />
      ))}
    </Stack>
  );
}

/** The member's bookings, upcoming and past, with cancel, reschedule and add-to-calendar. */
export function MyBookingsPage() {
  return (
    <Container size="md" py={{ base: 'xl', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t.myBookings.title}
        </Title>
        <Tabs defaultValue="upcoming" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="upcoming">{t.myBookings.upcoming}</Tabs.Tab>
            <Tabs.Tab value="past">{t.myBookings.past}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upcoming">
            <BookingList when="upcoming" />
          </Tabs.Panel>
          <Tabs.Panel value="past">
            <BookingList when="past" />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
