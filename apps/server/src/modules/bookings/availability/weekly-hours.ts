import type { Interval } from './intervals.ts';
import { mergeIntervals } from './intervals.ts';
import { weekdays, type WeeklyRange } from './availability.types.ts';
import { startOfWallDay, wallDayMs, wallWeekday, type ZoneTimeline } from './zone-timeline.ts';

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** Minutes after local midnight of `HH:mm` (`24:00` is 1440); undefined when malformed. */
export function parseLocalTime(value: string): number | undefined {
  const match = timePattern.exec(value);
  if (!match) return undefined;
  if (value === '24:00') return 1440;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Why weekly ranges are wrong, or undefined when they are fine: a malformed time, an end not after its
 * start, or two ranges of one weekday that overlap. The catalogue answers these with a 400.
 */
export function weeklyRangesProblem(ranges: readonly WeeklyRange[]): string | undefined {
  const byDay = new Map<string, Array<[number, number]>>();
  for (const [index, range] of ranges.entries()) {
    if (!weekdays.includes(range.weekday)) return `range ${index}: unknown weekday ${range.weekday}`;
    const start = parseLocalTime(range.start);
    const end = parseLocalTime(range.end);
    if (start === undefined || start === 1440) return `range ${index}: start ${range.start} is not HH:mm`;
    if (end === undefined) return `range ${index}: end ${range.end} is not HH:mm`;
    if (end <= start) return `range ${index}: ends at ${range.end}, not after its start ${range.start}`;
    const list = byDay.get(range.weekday) ?? [];
    list.push([start, end]);
    byDay.set(range.weekday, list);
  }
  for (const [weekday, list] of byDay) {
    list.sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < list.length; index += 1) {
      if (list[index]![0] < list[index - 1]![1]) return `${weekday} ranges overlap`;
    }
  }
  return undefined;
}

/**
 * The instants covered by weekly local hours over a window (plus a day either side, so a range that
 * crosses the window's edge is whole). Each range's ends are local wall times in the timeline's zone,
 * resolved with Temporal's 'compatible' rule: an end inside a spring-forward gap moves later, and an hour
 * that repeats in the fall is worked once per occurrence of the wall clock, so the range's real length
 * follows the clocks. Malformed ranges are skipped here (the catalogue rejects them on write).
 */
export function expandWeeklyRanges(
  ranges: readonly WeeklyRange[],
  timeline: ZoneTimeline,
  window: Interval,
): Interval[] {
  const byWeekday = new Map<number, Array<[number, number]>>();
  for (const range of ranges) {
    const start = parseLocalTime(range.start);
    const end = parseLocalTime(range.end);
    if (start === undefined || end === undefined || end <= start) continue;
    const isoWeekday = weekdays.indexOf(range.weekday) + 1;
    const list = byWeekday.get(isoWeekday) ?? [];
    list.push([start, end]);
    byWeekday.set(isoWeekday, list);
  }
  const out: Interval[] = [];
  const firstDay = startOfWallDay(timeline.toWall(window.start)) - wallDayMs;
  const lastDay = startOfWallDay(timeline.toWall(window.end)) + wallDayMs;
  for (let day = firstDay; day <= lastDay; day += wallDayMs) {
    const list = byWeekday.get(wallWeekday(day));
    if (!list) continue;
    for (const [start, end] of list) {
      out.push({
        start: timeline.fromWallCompatible(day + start * 60_000),
        end: timeline.fromWallCompatible(day + end * 60_000),
      });
    }
  }
  return mergeIntervals(out);
}
