import { ActionIcon, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconX } from '@tabler/icons-react';
import { t } from './strings.ts';
import { weekdays, type Weekday } from './format.ts';

export interface Period {
  weekday: Weekday;
  startTime: string;
  endTime: string;
}

/** Problems a person can fix before saving: an end before its start, or two periods of a day overlapping. */
export function hoursProblem(periods: Period[]): string | undefined {
  for (const day of weekdays) {
    const list = periods
      .filter((period) => period.weekday === day)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    for (const [index, period] of list.entries()) {
      if (period.endTime <= period.startTime) return t.hours.endBeforeStart(t.weekdays[day]);
      const next = list[index + 1];
      if (next && next.startTime < period.endTime) return t.hours.overlap(t.weekdays[day]);
    }
  }
  return undefined;
}

/** A week of working periods: each day on or off, with one or more from–to ranges. */
export function WorkingHoursEditor({
  value,
  onChange,
}: {
  value: Period[];
  onChange: (next: Period[]) => void;
}) {
  const s = t.hours;
  const update = (index: number, change: Partial<Period>) =>
    onChange(value.map((period, at) => (at === index ? { ...period, ...change } : period)));
  return (
    <Stack gap="xs">
      {weekdays.map((day) => {
        const entries = value
          .map((period, index) => ({ period, index }))
          .filter(({ period }) => period.weekday === day);
        const open = entries.length > 0;
        return (
          <Group key={day} align="flex-start" wrap="nowrap" gap="md">
            <Switch
              w={130}
              mt={6}
              label={t.weekdays[day]}
              checked={open}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...value, { weekday: day, startTime: '09:00', endTime: '17:00' }]
                    : value.filter((period) => period.weekday !== day),
                )
              }
            />
            {open ? (
              <Stack gap={6}>
                {entries.map(({ period, index }) => (
                  <Group key={index} gap="xs" wrap="nowrap">
                    <TimeInput
                      aria-label={s.from(t.weekdays[day])}
                      value={period.startTime}
                      onChange={(event) => update(index, { startTime: event.currentTarget.value })}
                      w={110}
                    />
                    <Text size="sm">–</Text>
                    <TimeInput
                      aria-label={s.to(t.weekdays[day])}
                      value={period.endTime}
                      onChange={(event) => update(index, { endTime: event.currentTarget.value })}
                      w={110}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={s.removePeriod}
                      onClick={() => onChange(value.filter((_, at) => at !== index))}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                ))}
                <Button
                  variant="subtle"
                  size="compact-xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => {
                    const last = entries.at(-1)?.period.endTime ?? '12:00';
                    onChange([
                      ...value,
                      { weekday: day, startTime: last, endTime: last < '20:00' ? '20:00' : '23:59' },
                    ]);
                  }}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {s.addPeriod}
                </Button>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" mt={6}>
                {s.closed}
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
