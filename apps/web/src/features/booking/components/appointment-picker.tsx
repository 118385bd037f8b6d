import { Alert, Grid, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { t } from '../strings.ts';
import { useAvailableDays, useDaySlots, type PickableSlot } from '../api/availability-queries.ts';
import { dayKey, formatDay, monthOf } from '../lib/time.ts';
import { SlotGrid } from './slot-grid.tsx';
import classes from './booking.module.css';

/**
 * A month calendar whose days without a free time are greyed out, and the free times of the chosen day
 * in the visitor's time zone. Used by the booking flow and by rescheduling.
 */
export function AppointmentPicker({
  serviceId,
  staffId,
  timeZone,
  value,
  onChange,
  initialDay = null,
}: {
  /** The day to open on when no time is chosen (after a taken slot, the day the visitor was looking at). */
  initialDay?: string | null;
  serviceId: string;
  staffId: string | null;
  timeZone: string;
  value: PickableSlot | null;
  onChange: (slot: PickableSlot | null) => void;
}) {
  const today = dayKey(new Date(), timeZone);
  const [day, setDay] = useState<string | null>(value ? dayKey(value.start, timeZone) : initialDay);
  const [month, setMonth] = useState(monthOf(day ?? today));
  const days = useAvailableDays(serviceId, month, timeZone, staffId);
  const slots = useDaySlots(serviceId, day, timeZone, staffId);
  const bookable = (slots.data ?? []).filter((slot) => slot.bookable);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 'content' }}>
        <Stack gap="xs">
          <Group gap="xs">
            <Title order={3} fz="md">
              {t.booking.pickDay}
            </Title>
            {days.isFetching ? <Loader size={14} aria-label={t.booking.loadingTimes} /> : null}
          </Group>
          <div className={classes.calendar} data-testid="booking-calendar">
            <DatePicker
              value={day}
              onChange={(next) => {
                setDay(next);
                onChange(null);
              }}
              date={month}
              onDateChange={(next) => setMonth(monthOf(next))}
              minDate={today}
              excludeDate={(date) => !days.data?.has(date)}
              nextLabel="Next month"
              previousLabel="Previous month"
              size="md"
            />
          </div>
          {days.data && days.data.size === 0 && !days.isFetching ? (
            <Text size="sm" c="dimmed">
              {t.booking.noDays}
            </Text>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 'auto' }}>
        <Stack gap="xs">
          <Title order={3} fz="md">
            {day ? t.booking.timesFor(formatDay(day)) : t.booking.slotsLabel}
          </Title>
          {!day ? (
            <Text c="dimmed" size="sm">
              {t.booking.pickDayFirst}
            </Text>
          ) : slots.isError ? (
            <Alert color="red">{t.booking.genericError}</Alert>
          ) : !slots.data ? (
            <Skeleton h={120} />
          ) : bookable.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t.booking.noTimes}
            </Text>
          ) : (
            <SlotGrid
              slots={bookable}
              timeZone={timeZone}
              value={value?.key ?? null}
              onChange={onChange}
              label={t.booking.slotsLabel}
            />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
