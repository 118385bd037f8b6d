import { ApplicationError } from '@atrium/sdk';
import type { GuestBooking } from '@atrium/sdk/modules/bookings';
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
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useParams } from 'react-router';
import { t } from '../strings.ts';
import { formatMoney } from '../../../lib/money.ts';
import { priceLabel } from '../../../lib/service-format.ts';
import type { SiteService } from '../../../lib/site-services.ts';
import { useCancelGuestBooking, useGuestBooking, useRescheduleGuestBooking } from '../api/guest-booking.ts';
import { RescheduleModal } from '../components/reschedule-modal.tsx';
import { explainBookingError } from '../lib/booking-errors.ts';
import { formatTime, formatWhen } from '../lib/time.ts';

type Opened = WithDates<GuestBooking> & { service: SiteService };

const activeStatuses = ['CONFIRMED', 'PENDING', 'CREATED', 'WAITING_LIST'];

/** Label and value lines of the booking, times in the zone the customer booked in. */
function detailsOf(opened: Opened, timeZone: string): Array<[string, string]> {
  const { booking, service } = opened;
  const slot = booking.bookedEntity.slot;
  const location = slot?.location ?? booking.bookedEntity.schedule?.location;
  const place = location?.formattedAddress || location?.name;
  return [
    [t.guest.service, booking.bookedEntity.title || service.name],
    [t.guest.when, `${formatWhen(booking.startDate, timeZone)} – ${formatTime(booking.endDate, timeZone)}`],
    ...(slot?.resource?.name ? [[t.guest.with, slot.resource.name] as [string, string]] : []),
    ...(place ? [[t.guest.where, place] as [string, string]] : []),
    [t.guest.participants, String(booking.totalParticipants)],
    [t.guest.price, priceLabel(service)],
    [t.guest.reference, booking.id],
  ];
}

/** Why the holder cannot change the booking here, or nothing when they can do both. */
function refusalOf(opened: Opened, past: boolean): string | null {
  const { booking, allowedAnonymousActions: allowed } = opened;
  if (!activeStatuses.includes(booking.status) || past) return t.guest.ended;
  if (!allowed.cancel && !allowed.reschedule) return t.guest.noChangesOnline;
  if (!allowed.cancel) return t.guest.cannotCancel;
  if (!allowed.reschedule) return t.guest.cannotReschedule;
  return null;
}

function GuestBookingCard({ token, opened }: { token: string; opened: Opened }) {
  const cancel = useCancelGuestBooking(token);
  const reschedule = useRescheduleGuestBooking(token);
  const [confirming, setConfirming] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { booking, allowedAnonymousActions: allowed, bookingFee } = opened;
  const timeZone = booking.bookedEntity.slot?.timezone ?? booking.bookedEntity.schedule?.timezone ?? 'UTC';
  const past = booking.endDate.getTime() <= Date.now();
  const active = activeStatuses.includes(booking.status) && !past;
  const refusal = refusalOf(opened, past);
  const slot = booking.bookedEntity.slot;
  const fee = bookingFee?.cancellationFee?.price;

  const confirmCancel = async () => {
    setProblem(null);
    try {
      await cancel.mutateAsync(booking.revision);
      notifications.show({ color: 'brand', message: t.guest.cancelled });
    } catch (error) {
      setProblem(
        error instanceof ApplicationError && error.code === 'BOOKING_CANNOT_BE_CANCELLED'
          ? t.guest.cannotCancel
          : explainBookingError(error).message,
      );
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card p="lg" data-testid="guest-booking">
      <Stack gap="md">
        <Group gap="xs">
          <Text fw={700} fz="lg">
            {booking.bookedEntity.title || opened.service.name}
          </Text>
          <Badge variant="light" data-testid="guest-booking-status">
            {t.booking.statuses[booking.status]}
          </Badge>
        </Group>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 }}>
          {detailsOf(opened, timeZone).map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text component="dt" c="dimmed" size="sm">
                {label}
              </Text>
              <Text
                component="dd"
                size="sm"
                m={0}
                data-testid={`guest-${label.toLowerCase().replace(/\s+/g, '-')}`}
              >
                {value}
              </Text>
            </div>
          ))}
        </dl>
        <Text size="sm" c="dimmed">
          {t.guest.timeZoneNote(timeZone)}
        </Text>
        {active && allowed.cancel && fee && Number(fee.value) > 0 ? (
          <Text size="sm">{t.guest.fee(formatMoney(fee.value, fee.currency ?? undefined))}</Text>
        ) : null}
        {problem ? (
          <Alert color="orange" role="alert">
            {problem}
          </Alert>
        ) : null}
        {refusal ? (
          <Alert color="gray" data-testid="guest-booking-refusal">
            {refusal}
          </Alert>
        ) : null}
        {active ? (
          <Group gap="xs">
            {allowed.reschedule && slot ? (
              <Button variant="default" onClick={() => setRescheduling(true)}>
                {t.myBookings.reschedule}
              </Button>
            ) : null}
            {allowed.cancel ? (
              <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                {t.myBookings.cancel}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t.myBookings.cancelTitle}
        centered
      >
        <Stack gap="md">
          <Text>
            {t.myBookings.cancelBody(
              `${booking.bookedEntity.title || opened.service.name}, ${formatWhen(booking.startDate, timeZone)},`,
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t.myBookings.keep}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={confirmCancel}
              data-testid="confirm-cancel"
            >
              {t.myBookings.confirmCancel}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {rescheduling && slot ? (
        <RescheduleModal
          current={slot}
          move={(to) => reschedule.mutateAsync({ slot: to, revision: booking.revision })}
          onClose={() => setRescheduling(false)}
        />
      ) : null}
    </Card>
  );
}

/**
 * The guest page of a booking (`/bookings/manage/:token`, the link in every mail to the customer): the
 * booking the token opens, with cancel and reschedule as far as the booking policy lets guests act, and
 * plain words when it does not.
 */
export function GuestBookingPage() {
  const { token = '' } = useParams();
  const opened = useGuestBooking(token);
  const invalid = opened.error instanceof ApplicationError && opened.error.code === 'INVALID_TOKEN';
  return (
    <Container size="sm" py={{ base: 'xl', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {invalid ? t.guest.invalidTitle : t.guest.title}
        </Title>
        {invalid ? (
          <Alert color="orange">{t.guest.invalid}</Alert>
        ) : opened.isError ? (
          <Alert color="red">{t.guest.loadFailed}</Alert>
        ) : !opened.data ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <>
            <Text c="dimmed">{t.guest.intro}</Text>
            <GuestBookingCard token={token} opened={opened.data as Opened} />
          </>
        )}
      </Stack>
    </Container>
  );
}
