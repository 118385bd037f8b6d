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
import {
  useCancelBooking,
  useMyBookings,
  useRescheduleBooking,
  useServiceNames,
} from '../api/my-bookings.ts';
import { RescheduleModal } from '../components/reschedule-modal.tsx';
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

function BookingCard({ item, names, past }: { item: Item; names: Map<string, string>; past: boolean }) {
  const cancelBooking = useCancelBooking();
  const reschedule = useRescheduleBooking();
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
      {rescheduling && booking.bookedEntity.slot ? (
        <RescheduleModal
          current={booking.bookedEntity.slot}
          move={(slot) =>
            reschedule.mutateAsync({ bookingId: booking.id, change: { slot, revision: booking.revision } })
          }
          onClose={() => setRescheduling(false)}
        />
      ) : null}
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
