import { Temporal } from 'temporal-polyfill';

/**
 * A time zone's rules over one window, asked of Temporal once.
 *
 * Why not one Temporal call per slot: temporal-polyfill takes 30-90 µs per zoned conversion on this
 * machine, and a 31-day window on a 30-minute grid has ~1,500 grid points per zone plus one formatted
 * date per returned slot, which alone would blow the 50 ms budget. So the timeline asks Temporal for
 * the offset at the window's start and for every transition inside it (a handful of calls), and within
 * each transition-free stretch converts by the offset Temporal reported there. No zone rule is ever
 * written here: offsets and transition instants come only from Temporal, and a property test checks
 * every conversion against Temporal's own ZonedDateTime across DST days.
 *
 * "Wall" times are local wall-clock readings encoded as if they were UTC epoch milliseconds
 * (2026-03-08T02:30 local is Date.UTC(2026, 2, 8, 2, 30)); "instants" are real epoch milliseconds.
 */
export interface ZoneTimeline {
  readonly timeZone: string;
  /** The local wall-clock reading of an instant. */
  toWall(instant: number): number;
  /**
   * The instants at which the local wall-clock shows `wall`: none inside a spring-forward gap, two inside
   * a fall-back overlap (earlier first), otherwise one.
   */
  instantsOfWall(wall: number): number[];
  /** `wall` as an instant with Temporal's 'compatible' rule: a gap moves later, an overlap takes the earlier. */
  fromWallCompatible(wall: number): number;
  /** RFC 3339 with this zone's offset, `2026-03-08T03:00:00-04:00`. */
  formatOffset(instant: number): string;
  /** Local date-time without offset, `2026-03-08T03:00:00`. */
  formatLocal(instant: number): string;
}

interface Segment {
  /** First instant of the stretch (inclusive). */
  start: number;
  /** Instant of the next transition (exclusive); Infinity for the last stretch. */
  end: number;
  offsetMs: number;
  offsetText: string;
}

const dayMs = 86_400_000;

/** Margin around the window so conversions just outside it (buffers, a day's start) stay exact. */
const marginMs = 3 * dayMs;

export function isValidTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function createZoneTimeline(timeZone: string, fromInstant: number, toInstant: number): ZoneTimeline {
  // Whole UTC days, so windows within the same days (every booking of a day) share one reading.
  const coverStart = Math.floor((fromInstant - marginMs) / dayMs) * dayMs;
  const segments = cachedSegments(timeZone, coverStart, Math.ceil((toInstant + marginMs) / dayMs) * dayMs);
  const coverEnd = segments[segments.length - 1]!.end;
  let cursor = 0;

  function segmentAt(instant: number): Segment {
    // Calls come mostly in increasing order, so start from the last segment found.
    if (instant < segments[cursor]!.start) cursor = 0;
    while (cursor < segments.length - 1 && instant >= segments[cursor]!.end) cursor += 1;
    const segment = segments[cursor]!;
    if (instant < coverStart || instant >= segment.end) return exactSegment(timeZone, instant);
    return segment;
  }

  function instantsOfWall(wall: number): number[] {
    // Outside the covered stretch (offsets never exceed a day) ask Temporal directly.
    if (wall - dayMs < coverStart || wall + dayMs >= coverEnd) return exactInstantsOfWall(timeZone, wall);
    const found: number[] = [];
    for (const segment of segments) {
      const instant = wall - segment.offsetMs;
      if (instant >= segment.start && instant < segment.end) found.push(instant);
    }
    return found.sort((a, b) => a - b);
  }

  return {
    timeZone,
    toWall: (instant) => instant + segmentAt(instant).offsetMs,
    instantsOfWall,
    fromWallCompatible(wall) {
      const found = instantsOfWall(wall);
      if (found.length > 0) return found[0]!;
      // Inside a gap: Temporal's 'compatible' reads the wall time with the offset before the gap,
      // which lands after the transition, the same as moving the clock forward by the gap's length.
      return Temporal.PlainDateTime.from(wallToIso(wall)).toZonedDateTime(timeZone, {
        disambiguation: 'compatible',
      }).epochMilliseconds;
    },
    formatOffset(instant) {
      const segment = segmentAt(instant);
      return `${wallToIso(instant + segment.offsetMs)}${segment.offsetText}`;
    },
    formatLocal(instant) {
      return wallToIso(instant + segmentAt(instant).offsetMs);
    },
  };
}

/** Readings of recent windows; a zone's rules do not change while the process runs. */
const segmentCache = new Map<string, readonly Segment[]>();
const segmentCacheSize = 512;

function cachedSegments(timeZone: string, from: number, to: number): readonly Segment[] {
  const key = `${timeZone} ${from} ${to}`;
  let segments = segmentCache.get(key);
  if (!segments) {
    segments = readSegments(timeZone, from, to);
    if (segmentCache.size >= segmentCacheSize) segmentCache.delete(segmentCache.keys().next().value!);
    segmentCache.set(key, segments);
  }
  return segments;
}

function readSegments(timeZone: string, from: number, to: number): Segment[] {
  const segments: Segment[] = [];
  let zoned = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(timeZone);
  let start = from;
  for (;;) {
    const next = zoned.getTimeZoneTransition('next');
    const end = next ? next.epochMilliseconds : Infinity;
    segments.push({
      start,
      end,
      offsetMs: zoned.offsetNanoseconds / 1e6,
      offsetText: zoned.offset === '+00:00' ? 'Z' : zoned.offset,
    });
    if (!next || end > to) break;
    zoned = next;
    start = end;
  }
  return segments;
}

function exactSegment(timeZone: string, instant: number): Segment {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
  return {
    start: instant,
    end: instant + 1,
    offsetMs: zoned.offsetNanoseconds / 1e6,
    offsetText: zoned.offset === '+00:00' ? 'Z' : zoned.offset,
  };
}

function exactInstantsOfWall(timeZone: string, wall: number): number[] {
  const local = Temporal.PlainDateTime.from(wallToIso(wall));
  const earlier = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  const later = local.toZonedDateTime(timeZone, { disambiguation: 'later' });
  if (!earlier.toPlainDateTime().equals(local)) return [];
  return earlier.epochMilliseconds === later.epochMilliseconds
    ? [earlier.epochMilliseconds]
    : [earlier.epochMilliseconds, later.epochMilliseconds];
}

/** `2026-03-08T02:30:00` from a wall time. */
export function wallToIso(wall: number): string {
  return new Date(wall).toISOString().slice(0, 19);
}

/** Wall time of a local `YYYY-MM-DDTHH:mm[:ss]` (or a date alone, its midnight); undefined when malformed. */
export function isoToWall(local: string): number | undefined {
  try {
    const dateTime = Temporal.PlainDateTime.from(local);
    return Date.UTC(
      dateTime.year,
      dateTime.month - 1,
      dateTime.day,
      dateTime.hour,
      dateTime.minute,
      dateTime.second,
      dateTime.millisecond,
    );
  } catch {
    return undefined;
  }
}

export const wallDayMs = dayMs;

/** Midnight (wall) of the day holding `wall`. */
export function startOfWallDay(wall: number): number {
  return Math.floor(wall / dayMs) * dayMs;
}

/** ISO weekday of a wall time: 1 = Monday ... 7 = Sunday. */
export function wallWeekday(wall: number): number {
  const day = new Date(wall).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The instant that shows in `to` the local wall-clock time `instant` showed in `from`: what a session keeps when
 * the business moves to another time zone (10:00 stays 10:00).
 */
export function sameWallTime(instant: Date, from: string, to: string): Date {
  const wall = createZoneTimeline(from, instant.getTime(), instant.getTime()).toWall(instant.getTime());
  return new Date(createZoneTimeline(to, wall - dayMs, wall + dayMs).fromWallCompatible(wall));
}
