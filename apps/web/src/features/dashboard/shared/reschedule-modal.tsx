import type { Booking } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { Button, Checkbox, Chip, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from './strings.ts';
import { useFreeTimes, useMoveToFreeTime, type FreeTime } from './api/reschedule-booking.ts';
import { formatDateTime, formatTime, localDay } from './format.ts';

const s = t.booking.rescheduleModal;

/** The owner moves a booking from its drawer: a day, one of its free times, and whether to tell the customer. */
export function RescheduleModal({ booking, onClose }: { booking: WithDates<Booking>; onClose: () => void }) {
  const [day, setDay] = useState<string | null>(localDay(booking.startDate));
  const [chosen, setChosen] = useState<FreeTime | null>(null);
  const [notify, setNotify] = useState(true);
  const times = useFreeTimes(booking, day);
  const move = useMoveToFreeTime({
    onSuccess: (_data, { to }) => {
      notifications.show({ color: 'brand', message: s.moved(formatDateTime(to.start)) });
      onClose();
    },
    onError: () => {
      setChosen(null);
      void times.refetch();
    },
  });
  return (
    <Modal opened onClose={onClose} title={s.title} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {s.now(formatDateTime(booking.startDate))}
        </Text>
        <DatePickerInput
          label={s.day}
          value={day}
          onChange={(value) => {
            setDay(value);
            setChosen(null);
          }}
          minDate={localDay(new Date())}
          valueFormat="dddd D MMMM YYYY"
        />
        {!day ? null : times.isPending ? (
          <Skeleton h={72} />
        ) : times.isError ? (
          <Text c="red" size="sm">
            {s.loadFailed}
          </Text>
        ) : times.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {s.noTimes}
          </Text>
        ) : (
          <Chip.Group
            value={chosen ? String(chosen.start.getTime()) : null}
            onChange={(value) =>
              setChosen(times.data.find((time) => String(time.start.getTime()) === value) ?? null)
            }
          >
            <Group gap="xs" role="group" aria-label={s.times} data-testid="free-times">
              {times.data.map((time) => (
                <Chip key={time.start.getTime()} value={String(time.start.getTime())} variant="outline">
                  {formatTime(time.start)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        <Checkbox
          label={s.notify}
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {s.keep}
          </Button>
          <Button
            disabled={!chosen}
            loading={move.isPending}
            onClick={() => chosen && move.mutate({ booking, to: chosen, notify })}
          >
            {s.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
