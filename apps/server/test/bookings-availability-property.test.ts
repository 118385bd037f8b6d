import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeAppointmentSlots,
  gridMinutesOf,
} from '../src/modules/bookings/availability/compute-slots.ts';
import {
  openPolicy,
  weekdays,
  type AppointmentAvailabilityInput,
  type BusyInterval,
  type WeeklyRange,
} from '../src/modules/bookings/availability/availability.types.ts';

/**
 * The engine against a brute-force reference that uses Temporal for every conversion: no returned slot
 * overlaps (with its buffers) a busy interval of a staff member it names, and every grid start at which
 * a staff member is free for the service's length inside their hours is returned, naming that member.
 */

const staffIds = ['ann', 'bob', 'cat'];
const zones = ['UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe'] as const;
// Windows of three days around DST changes and one ordinary stretch.
const windowStarts = ['2026-03-07', '2026-03-28', '2026-10-03', '2026-11-01', '2026-06-10', '2026-04-04'];

const time = fc.integer({ min: 0, max: 47 }).map((half) => half * 30);
const toHhmm = (minutes: number) =>
  minutes === 1440
    ? '24:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const weeklyRange = fc
  .tuple(fc.constantFrom(...weekdays), time, fc.integer({ min: 1, max: 20 }))
  .map(([weekday, start, halves]): WeeklyRange => ({
    weekday,
    start: toHhmm(start),
    end: toHhmm(Math.min(1440, start + halves * 30)),
  }));

/** Ranges of one weekday that overlap are joined, as the catalogue would refuse them. */
const weeklyHours = fc.array(weeklyRange, { minLength: 1, maxLength: 8 }).map((ranges) => {
  const seen: WeeklyRange[] = [];
  for (const range of ranges) {
    if (
      seen.some(
        (other) => other.weekday === range.weekday && other.start < range.end && range.start < other.end,
      )
    )
      continue;
    seen.push(range);
  }
  return seen;
});

const scenario = fc.record({
  timeZone: fc.constantFrom(...zones),
  day: fc.constantFrom(...windowStarts),
  business: weeklyHours,
  staffHours: fc.array(fc.option(weeklyHours, { nil: null }), { minLength: 3, maxLength: 3 }),
  duration: fc.constantFrom(15, 30, 45, 60, 90),
  before: fc.constantFrom(0, 10, 15),
  after: fc.constantFrom(0, 15, 30),
  busy: fc.array(
    fc.record({
      staff: fc.constantFrom(...staffIds, null),
      offsetMinutes: fc.integer({ min: -60, max: 3 * 24 * 60 }),
      lengthMinutes: fc.integer({ min: 1, max: 240 }),
    }),
    { maxLength: 25 },
  ),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scenario): AppointmentAvailabilityInput {
  const start = Temporal.PlainDate.from(s.day).toZonedDateTime({ timeZone: s.timeZone }).epochMilliseconds;
  const end = Temporal.PlainDate.from(s.day)
    .add({ days: 3 })
    .toZonedDateTime({ timeZone: s.timeZone }).epochMilliseconds;
  const busy: BusyInterval[] = s.busy.map((b) => ({
    staffMemberId: b.staff,
    start: start + b.offsetMinutes * 60_000,
    end: start + (b.offsetMinutes + b.lengthMinutes) * 60_000,
  }));
  return {
    business: { timeZone: s.timeZone, hours: s.business },
    service: {
      id: 'svc',
      scheduleId: 'sch',
      type: 'APPOINTMENT',
      durationMinutes: s.duration,
      bufferBeforeMinutes: s.before,
      bufferAfterMinutes: s.after,
      capacity: 1,
      staffMemberIds: staffIds,
      resourcePools: [],
      locations: [],
      policy: openPolicy,
    },
    staff: staffIds.map((id, index) => ({
      id,
      name: id,
      workingHours: s.staffHours[index] ?? null,
      timeOff: [],
    })),
    resources: [],
    busy,
    window: { start, end },
    now: 0,
  };
}

/** Instants covered by weekly ranges, each end resolved by Temporal itself. */
function referenceHours(ranges: readonly WeeklyRange[], timeZone: string, from: string, days: number) {
  const out: Array<[number, number]> = [];
  for (let index = -1; index <= days; index += 1) {
    const date = Temporal.PlainDate.from(from).add({ days: index });
    for (const range of ranges) {
      if (weekdays.indexOf(range.weekday) + 1 !== date.dayOfWeek) continue;
      const at = (hhmm: string) =>
        hhmm === '24:00'
          ? date.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds
          : date.toPlainDateTime(Temporal.PlainTime.from(hhmm)).toZonedDateTime(timeZone).epochMilliseconds;
      out.push([at(range.start), at(range.end)]);
    }
  }
  return out;
}

/** True when [start, end) lies inside the union of the spans (touching spans join). */
function covered(spans: Array<[number, number]>, start: number, end: number): boolean {
  let reach = start;
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    if (a <= reach && b > reach) reach = b;
    if (reach >= end) return true;
  }
  return reach >= end;
}

/** Grid starts by Temporal: each local grid time that exists, at its first occurrence. */
function referenceGrid(
  timeZone: string,
  from: string,
  days: number,
  stepMinutes: number,
  window: { start: number; end: number },
) {
  const out: number[] = [];
  for (let index = -1; index <= days; index += 1) {
    const date = Temporal.PlainDate.from(from).add({ days: index });
    for (let minutes = 0; minutes < 1440; minutes += stepMinutes) {
      const local = date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
      const zoned = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
      if (!zoned.toPlainDateTime().equals(local)) continue;
      if (zoned.epochMilliseconds >= window.start && zoned.epochMilliseconds < window.end)
        out.push(zoned.epochMilliseconds);
    }
  }
  return out;
}

describe('appointment slots (property)', () => {
  it('never names a staff member who is busy, and misses no free grid start', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = build(s);
        const slots = computeAppointmentSlots(input);
        const durationMs = s.duration * 60_000;
        const businessHours = referenceHours(s.business, s.timeZone, s.day, 3);
        const hoursOf = input.staff.map((member) =>
          member.workingHours ? referenceHours(member.workingHours, s.timeZone, s.day, 3) : businessHours,
        );
        const freeAt = (staffIndex: number, start: number) => {
          const id = staffIds[staffIndex]!;
          const end = start + durationMs;
          // A member's own hours are theirs; the business hours are the hours of members without any.
          if (!covered(hoursOf[staffIndex]!, start, end)) return false;
          const padFrom = start - s.before * 60_000;
          const padTo = end + s.after * 60_000;
          return !input.busy.some(
            (b) => (b.staffMemberId === id || b.staffMemberId === null) && b.start < padTo && b.end > padFrom,
          );
        };

        // Soundness: every named staff member is really free.
        for (const slot of slots) {
          expect(slot.end - slot.start).toBe(durationMs);
          for (const id of slot.staffMemberIds) expect(freeAt(staffIds.indexOf(id), slot.start)).toBe(true);
        }

        // Completeness: every free grid start is there with every free member.
        const byStart = new Map(slots.map((slot) => [slot.start, slot.staffMemberIds]));
        const grid = referenceGrid(s.timeZone, s.day, 3, gridMinutesOf(input.service), input.window);
        for (const start of grid) {
          const expected = staffIds.filter((_, index) => freeAt(index, start));
          expect(byStart.get(start) ?? [], new Date(start).toISOString()).toEqual(expected);
        }
        expect(slots.length).toBe(grid.filter((start) => byStart.has(start)).length);
      }),
      { numRuns: 150 },
    );
  });
});
