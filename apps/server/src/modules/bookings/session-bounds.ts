import { Temporal } from 'temporal-polyfill';
import { toLocalTime } from './working-hours.ts';

/**
 * First start and last end of a class schedule, from its weekly and one-off sessions, computed in the
 * business time zone with Temporal (so a session at 18:00 local stays at 18:00 across DST changes).
 * The last end is null while any weekly session is open-ended.
 */
export interface WeeklySession {
  weekday: number;
  startMinute: number;
  durationMinutes: number;
  startDate: string;
  endDate: string | null;
}

function occurrence(date: Temporal.PlainDate, startMinute: number, timeZone: string): Temporal.ZonedDateTime {
  return date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(toLocalTime(startMinute)) });
}

export function firstOccurrence(session: WeeklySession, timeZone: string): Date | null {
  const start = Temporal.PlainDate.from(session.startDate);
  const date = start.add({ days: (session.weekday - start.dayOfWeek + 7) % 7 });
  if (session.endDate && Temporal.PlainDate.compare(date, Temporal.PlainDate.from(session.endDate)) > 0)
    return null;
  return new Date(occurrence(date, session.startMinute, timeZone).epochMilliseconds);
}

export function lastOccurrenceEnd(session: WeeklySession, timeZone: string): Date | null {
  if (!session.endDate) return null;
  const end = Temporal.PlainDate.from(session.endDate);
  const date = end.subtract({ days: (end.dayOfWeek - session.weekday + 7) % 7 });
  if (Temporal.PlainDate.compare(date, Temporal.PlainDate.from(session.startDate)) < 0) return null;
  return new Date(
    occurrence(date, session.startMinute, timeZone).add({ minutes: session.durationMinutes })
      .epochMilliseconds,
  );
}

export function scheduleBounds(
  weekly: readonly WeeklySession[],
  oneOff: ReadonlyArray<{ startDate: Date; endDate: Date }>,
  timeZone: string,
): { first: Date | null; last: Date | null } {
  const starts = [
    ...weekly
      .map((session) => firstOccurrence(session, timeZone))
      .filter((date): date is Date => date !== null),
    ...oneOff.map((session) => session.startDate),
  ];
  const openEnded = weekly.some((session) => !session.endDate);
  const ends = [
    ...weekly
      .map((session) => lastOccurrenceEnd(session, timeZone))
      .filter((date): date is Date => date !== null),
    ...oneOff.map((session) => session.endDate),
  ];
  return {
    first: starts.length ? new Date(Math.min(...starts.map((date) => date.getTime()))) : null,
    last: openEnded || ends.length === 0 ? null : new Date(Math.max(...ends.map((date) => date.getTime()))),
  };
}
