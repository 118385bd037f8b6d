import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '../strings.ts';
import { t as shell } from '../../../i18n/strings.ts';
import type { SiteService } from '../../../lib/site-services.ts';
import { useCourse, type PickableSlot } from '../api/availability-queries.ts';
import { formatTime, formatWhen } from '../lib/time.ts';

const sessionDay = new Map<string, Intl.DateTimeFormat>();
function weekdayOf(date: Date, timeZone: string, style: 'long' | 'short') {
  const key = `${timeZone}|${style}`;
  let format = sessionDay.get(key);
  if (!format) {
    format =
      style === 'long'
        ? new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone })
        : new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone });
    sessionDay.set(key, format);
  }
  return format.format(date);
}

/** The course's sessions as they are, in the visitor's time zone: a summary when they share a day and time. */
export function CourseStep({ service, timeZone }: { service: SiteService; timeZone: string }) {
  const course = useCourse(service, timeZone, true);
  if (!course.data) return <Skeleton h={160} />;
  const { spots, sessions } = course.data;
  const first = sessions[0];
  const minutesOf = (slot: PickableSlot) => Math.round((slot.end.getTime() - slot.start.getTime()) / 60_000);
  const sameEachWeek =
    first &&
    sessions.every(
      (slot) =>
        weekdayOf(slot.start, timeZone, 'long') === weekdayOf(first.start, timeZone, 'long') &&
        formatTime(slot.start, timeZone) === formatTime(first.start, timeZone) &&
        minutesOf(slot) === minutesOf(first),
    );
  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {t.booking.courseTitle}
      </Title>
      <Text c="dimmed">{t.booking.courseNote}</Text>
      {first && (
        <Card p="md" withBorder data-testid="course-summary">
          <Text fw={600}>
            {sameEachWeek
              ? t.booking.courseWeekly(
                  weekdayOf(first.start, timeZone, 'long'),
                  formatTime(first.start, timeZone),
                  shell.common.minutes(minutesOf(first)),
                )
              : t.booking.courseSessions(sessions.length)}
          </Text>
          <Text size="sm" c="dimmed">
            {t.booking.courseSessions(sessions.length)} · {formatWhen(first.start, timeZone)}
          </Text>
          <Stack gap={2} mt="xs" data-testid="course-session-list">
            {sessions.map((slot) => (
              <Text size="sm" key={slot.key}>
                {weekdayOf(slot.start, timeZone, 'short')} · {formatTime(slot.start, timeZone)} –{' '}
                {formatTime(slot.end, timeZone)}
              </Text>
            ))}
          </Stack>
        </Card>
      )}
      <Text fw={600} c={spots.availability.openSpots > 0 ? 'brand' : 'orange'} data-testid="course-spots">
        {spots.availability.openSpots > 0
          ? t.booking.courseSpots(spots.availability.openSpots, spots.availability.totalSpots)
          : t.booking.courseFull}
      </Text>
    </Stack>
  );
}
