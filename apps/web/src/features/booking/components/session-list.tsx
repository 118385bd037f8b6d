import { ActionIcon, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../strings.ts';
import { useMonthSessions, type PickableSlot } from '../api/availability-queries.ts';
import { dayKey, formatTime, monthOf } from '../lib/time.ts';
import classes from './booking.module.css';

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormatCache = new Map<string, Intl.DateTimeFormat>();
function dayLabel(date: Date, timeZone: string) {
  let format = dayFormatCache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone,
    });
    dayFormatCache.set(timeZone, format);
  }
  return format.format(date);
}

/** The sessions of a class, month by month, with spots left; full ones stay pickable for the waitlist. */
export function SessionList({
  serviceId,
  timeZone,
  value,
  onChange,
  waitlist,
}: {
  serviceId: string;
  timeZone: string;
  value: PickableSlot | null;
  onChange: (slot: PickableSlot) => void;
  waitlist: boolean;
}) {
  const [month, setMonth] = useState(monthOf(dayKey(new Date(), timeZone)));
  const sessions = useMonthSessions(serviceId, month, timeZone);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const list = (sessions.data ?? []).filter((slot) => slot.bookable || (waitlist && slot.openSpots === 0));
  const selected = list.findIndex((slot) => slot.key === value?.key);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + list.length) % list.length;
    refs.current[next]?.focus();
    onChange(list[next]!);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} fz="md">
          {t.booking.sessions}
        </Title>
        <Group gap="xs">
          <ActionIcon
            variant="default"
            aria-label="Previous month"
            disabled={month <= monthOf(dayKey(new Date(), timeZone))}
            onClick={() => setMonth(monthOf(month, -1))}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fw={600} miw={130} ta="center">
            {monthFormat.format(new Date(`${month}T12:00:00Z`))}
          </Text>
          <ActionIcon variant="default" aria-label="Next month" onClick={() => setMonth(monthOf(month, 1))}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {!sessions.data ? (
        <Skeleton h={160} />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t.booking.noSessions}
        </Text>
      ) : (
        <Stack gap="xs" role="radiogroup" aria-label={t.booking.sessions}>
          {list.map((slot, index) => {
            const full = slot.openSpots <= 0;
            const checked = slot.key === value?.key;
            return (
              <button
                type="button"
                key={slot.key}
                ref={(element) => {
                  refs.current[index] = element;
                }}
                role="radio"
                aria-checked={checked}
                tabIndex={index === (selected >= 0 ? selected : 0) ? 0 : -1}
                className={classes.session}
                data-checked={checked || undefined}
                onClick={() => onChange(slot)}
                onKeyDown={(event) => onKeyDown(event, index)}
                data-testid="class-session"
              >
                <Stack gap={0}>
                  <Text fw={600}>{dayLabel(slot.start, timeZone)}</Text>
                  <Text size="sm" c="dimmed">
                    {formatTime(slot.start, timeZone)} – {formatTime(slot.end, timeZone)}
                  </Text>
                </Stack>
                {full ? (
                  <Badge color="orange" variant="light">
                    {t.booking.full}
                  </Badge>
                ) : (
                  <Badge color={slot.openSpots <= 3 ? 'yellow' : 'brand'} variant="light">
                    {t.booking.spotsLeft(slot.openSpots)}
                  </Badge>
                )}
              </button>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
