import { Stack, Text, Timeline } from '@mantine/core';
import { t } from './strings.ts';
import { useBookingHistory } from './api/bookings.ts';
import { formatDateTime, formatRange } from './format.ts';
import { LoadError } from './ui.tsx';

const s = t.bookingHistory;

/** What happened to one booking, oldest first, as the server recorded it with each change. */
export function BookingHistory({ bookingId }: { bookingId: string }) {
  const history = useBookingHistory(bookingId);
  if (history.isError) return <LoadError error={history.error} />;
  const entries = history.data ?? [];
  return (
    <Stack gap={6} data-testid="booking-history">
      <Text fw={600} size="sm">
        {s.title}
      </Text>
      {history.isPending ? null : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {s.empty}
        </Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={12} lineWidth={2} color="brand">
          {entries.map((entry) => {
            // The SDK may already have turned the ISO string into a Date.
            const previousStart = entry.details?.previousStartDate as Date | string | undefined;
            const attendance = entry.details?.attendanceStatus;
            const what =
              entry.event === 'bookings.booking.rescheduled' && previousStart
                ? `${formatRange(entry.startDate, entry.endDate)} ${s.movedFrom(formatDateTime(previousStart))}`
                : entry.event === 'bookings.booking.number_of_participants_updated'
                  ? s.participants(entry.totalParticipants)
                  : typeof attendance === 'string'
                    ? (t.attendance as Record<string, string>)[attendance]
                    : (t.statuses as Record<string, string>)[entry.status];
            return (
              <Timeline.Item
                key={entry.id}
                title={<Text size="sm">{s.events[entry.event] ?? entry.event}</Text>}
              >
                <Text size="xs" c="dimmed">
                  {what} · {formatDateTime(entry.createdDate)} {s.by[entry.actor.identityType] ?? ''}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Stack>
  );
}
