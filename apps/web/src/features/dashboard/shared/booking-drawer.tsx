import {
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { t } from './strings.ts';
import { useBookingAction, useExtendedBooking, useFormLabels } from './api/bookings.ts';
import { BookingHistory } from './booking-history.tsx';
import { useNames } from './api/catalogue.ts';
import { bookingServiceId, contactName, formatDateTime, formatMoneyOf, formatRange } from './format.ts';
import { LoadError, Loading, PaymentBadge, StatusBadge } from './ui.tsx';
import { useStatusChange } from './status-change-modal.tsx';
import { RescheduleModal } from './reschedule-modal.tsx';

const s = t.booking;

/** One booking with everything the business needs: who, when, answers, payment, attendance and actions. */
export function BookingDrawer({
  bookingId,
  onClose,
}: {
  bookingId: string | undefined;
  onClose: () => void;
}) {
  return (
    <Drawer opened={Boolean(bookingId)} onClose={onClose} position="right" size="md" title={s.title}>
      {bookingId ? <BookingDetails bookingId={bookingId} /> : null}
    </Drawer>
  );
}

// Apart from the drawer so its reads (the booking, service and staff names) wait until a booking is opened:
// the pages that hold the drawer make none of them on their first load.
function BookingDetails({ bookingId }: { bookingId: string }) {
  const { serviceNames, staffNames } = useNames();
  const query = useExtendedBooking(bookingId);
  const labels = useFormLabels(query.data?.booking.formId ?? undefined);
  const action = useBookingAction();
  const statusChange = useStatusChange();
  const [participants, setParticipants] = useState<number>(1);
  const [rescheduling, setRescheduling] = useState(false);
  const extended = query.data;
  const booking = extended?.booking;
  useEffect(() => {
    if (booking) setParticipants(booking.totalParticipants);
  }, [booking]);

  const serviceId = booking ? bookingServiceId(booking) : undefined;
  const staffId = booking?.bookedEntity.slot?.resource?.id;
  const attendance = extended?.attendanceInfo?.attendanceStatus ?? extended?.attendance?.status ?? 'NOT_SET';
  const allowed = extended?.allowedActions;
  const open =
    booking?.status === 'CONFIRMED' || booking?.status === 'PENDING' || booking?.status === 'CREATED';
  const answers = Object.entries(extended?.formSubmission ?? {});

  return (
    <>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} />
      ) : !booking ? (
        <Text c="dimmed">{s.notFound}</Text>
      ) : (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3}>
              {booking.bookedEntity.title ?? serviceNames.get(serviceId ?? '') ?? s.title}
            </Title>
            <Text size="sm" c="dimmed">
              {formatRange(booking.startDate, booking.endDate)}
            </Text>
            <Group gap="xs">
              <StatusBadge status={booking.status} />
              <PaymentBadge status={booking.paymentStatus} />
            </Group>
          </Stack>
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={150}>{s.customer}</Table.Th>
                <Table.Td>{contactName(booking.contactDetails)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{s.email}</Table.Th>
                <Table.Td>{booking.contactDetails?.email ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{s.phone}</Table.Th>
                <Table.Td>{booking.contactDetails?.phone ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{s.staff}</Table.Th>
                <Table.Td>
                  {(staffId && staffNames.get(staffId)) ?? booking.bookedEntity.slot?.resource?.name ?? '—'}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{s.participants}</Table.Th>
                <Table.Td>{booking.totalParticipants}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{s.attendance}</Table.Th>
                <Table.Td>{t.attendance[attendance]}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{s.created}</Table.Th>
                <Table.Td>{formatDateTime(booking.createdDate)}</Table.Td>
              </Table.Tr>
              {extended?.bookingFeeDetails?.cancellationFee && (
                <Table.Tr>
                  <Table.Th>{s.cancellationFee}</Table.Th>
                  <Table.Td>{formatMoneyOf(extended.bookingFeeDetails.cancellationFee.amount)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>

          <Stack gap={6}>
            <Text fw={600} size="sm">
              {s.answers}
            </Text>
            {answers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {s.noAnswers}
              </Text>
            ) : (
              answers.map(([key, value]) => (
                <Group key={key} justify="space-between" gap="xs">
                  <Text size="sm" c="dimmed">
                    {labels.data?.get(key) ?? key}
                  </Text>
                  <Text size="sm">{typeof value === 'string' ? value : JSON.stringify(value)}</Text>
                </Group>
              ))
            )}
          </Stack>

          <BookingHistory bookingId={booking.id} />

          <Divider />
          {booking.status === 'PENDING' || booking.status === 'CREATED' ? (
            <Group grow>
              <Button
                loading={statusChange.isPending}
                disabled={allowed?.confirm === false}
                onClick={() => statusChange.ask('confirm', booking)}
              >
                {s.confirm}
              </Button>
              <Button
                variant="light"
                color="red"
                loading={statusChange.isPending}
                disabled={allowed?.decline === false}
                onClick={() => statusChange.ask('decline', booking)}
              >
                {s.decline}
              </Button>
            </Group>
          ) : null}

          {booking.status === 'CONFIRMED' && (
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {s.markAttendance}
              </Text>
              <SegmentedControl
                aria-label={s.markAttendance}
                value={attendance}
                onChange={(status) =>
                  action.mutate({
                    kind: 'attendance',
                    booking,
                    status: status as 'ATTENDED' | 'NOT_ATTENDED' | 'NOT_SET',
                  })
                }
                data={[
                  { value: 'NOT_SET', label: t.attendance.NOT_SET },
                  { value: 'ATTENDED', label: t.attendance.ATTENDED },
                  { value: 'NOT_ATTENDED', label: t.attendance.NOT_ATTENDED },
                ]}
              />
            </Stack>
          )}

          {open && (
            <Group align="flex-end" gap="sm">
              <NumberInput
                label={s.changeParticipants}
                min={1}
                max={1000}
                value={participants}
                onChange={(value) => setParticipants(Number(value) || 1)}
                w={160}
              />
              <Button
                variant="default"
                disabled={participants === booking.totalParticipants}
                loading={action.isPending}
                onClick={() =>
                  action.mutate({ kind: 'participants', booking, totalParticipants: participants })
                }
              >
                {s.saveParticipants}
              </Button>
            </Group>
          )}

          {open && (
            <Group grow>
              {booking.bookedEntity.slot && (
                <Button variant="default" onClick={() => setRescheduling(true)}>
                  {s.reschedule}
                </Button>
              )}
              <Button
                variant="subtle"
                color="red"
                loading={statusChange.isPending}
                onClick={() => statusChange.ask('cancel', booking)}
              >
                {s.cancel}
              </Button>
            </Group>
          )}
          {open && booking.bookedEntity.slot && (
            <Text size="xs" c="dimmed">
              {s.rescheduleHint}
            </Text>
          )}
          {rescheduling && <RescheduleModal booking={booking} onClose={() => setRescheduling(false)} />}
        </Stack>
      )}
      {statusChange.modal}
    </>
  );
}
