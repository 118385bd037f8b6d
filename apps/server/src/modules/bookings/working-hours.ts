import { weekdays, type Weekday } from '@atrium/contract/bookings/common';
import type { FieldViolation } from '@atrium/contract/errors';

/** A working period as stored: ISO weekday (1 = Monday ... 7 = Sunday), minutes since local midnight. */
export interface MinutePeriod {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface WirePeriod {
  weekday: Weekday;
  startTime: string;
  endTime: string;
}

/** A new site's business hours: Monday to Friday 09:00-17:00 in the site's time zone. */
export const defaultBusinessHours: readonly MinutePeriod[] = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  startMinute: 9 * 60,
  endMinute: 17 * 60,
}));

export function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

export function toLocalTime(minute: number): string {
  const hours = Math.floor(minute / 60);
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export function toWirePeriods(periods: readonly MinutePeriod[]): WirePeriod[] {
  return [...periods]
    .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute)
    .map((period) => ({
      weekday: weekdays[period.weekday - 1]!,
      startTime: toLocalTime(period.startMinute),
      endTime: toLocalTime(period.endMinute),
    }));
}

/**
 * Checks and converts working periods: each must end after it starts, and periods of one weekday may
 * not overlap (touching is fine: 09:00-12:00 and 12:00-17:00). Returns the violations, or the periods.
 */
export function parseWorkingPeriods(
  periods: readonly WirePeriod[],
  field: string,
): { periods: MinutePeriod[]; violations: FieldViolation[] } {
  const violations: FieldViolation[] = [];
  const converted = periods.map((period, index) => ({
    index,
    weekday: weekdays.indexOf(period.weekday) + 1,
    startMinute: toMinutes(period.startTime),
    endMinute: toMinutes(period.endTime),
  }));
  for (const period of converted) {
    if (period.startMinute === 24 * 60) {
      violations.push({
        field: `${field}[${period.index}].startTime`,
        description: 'cannot be 24:00',
        violatedRule: 'VALIDATION',
      });
    } else if (period.endMinute <= period.startMinute) {
      violations.push({
        field: `${field}[${period.index}].endTime`,
        description: `must be after the start time ${toLocalTime(period.startMinute)}`,
        violatedRule: 'VALIDATION',
      });
    }
  }
  const sorted = [...converted].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.weekday === previous.weekday && current.startMinute < previous.endMinute) {
      violations.push({
        field: `${field}[${current.index}]`,
        description: `overlaps ${weekdays[current.weekday - 1]} ${toLocalTime(previous.startMinute)}-${toLocalTime(previous.endMinute)}`,
        violatedRule: 'VALIDATION',
      });
    }
  }
  return {
    periods: sorted.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
    violations,
  };
}
