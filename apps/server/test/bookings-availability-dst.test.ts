import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeAppointmentSlots } from '../src/modules/bookings/availability/compute-slots.ts';
import { computeClassSlots } from '../src/modules/bookings/availability/class-sessions.ts';
import {
  openPolicy,
  weekdays,
  type AppointmentAvailabilityInput,
  type ServiceInput,
} from '../src/modules/bookings/availability/availability.types.ts';
import { createZoneTimeline, wallToIso } from '../src/modules/bookings/availability/zone-timeline.ts';

const allDay = weekdays.map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));

function service(overrides: Partial<ServiceInput> = {}): ServiceInput {
  return {
    id: 'svc',
    scheduleId: 'sch',
    type: 'APPOINTMENT',
    durationMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    capacity: 1,
    staffMemberIds: ['ann'],
    resourcePools: [],
    locations: [],
    policy: openPolicy,
    ...overrides,
  };
}

/** The appointment slots of one local day in `timeZone`, as local `HH:mm±offset` strings. */
function localDaySlots(timeZone: string, date: string, hours = allDay): string[] {
  const day = Temporal.PlainDate.from(date);
  const start = day.toZonedDateTime({ timeZone }).epochMilliseconds;
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds;
  const input: AppointmentAvailabilityInput = {
    business: { timeZone, hours },
    service: service(),
    staff: [{ id: 'ann', name: 'Ann', workingHours: null, timeOff: [] }],
    resources: [],
    busy: [],
    window: { start, end },
    now: start - 86_400_000,
  };
  const timeline = createZoneTimeline(timeZone, start, end);
  return computeAppointmentSlots(input).map((slot) => timeline.formatOffset(slot.start).slice(11));
}

/** Every half hour of a day, `00:00` to `23:30`, minus the given local times. */
function halfHoursExcept(missing: string[], offsetOf: (time: string) => string): string[] {
  const out: string[] = [];
  for (let minutes = 0; minutes < 1440; minutes += 30) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    if (!missing.includes(time)) out.push(`${time}:00${offsetOf(time)}`);
  }
  return out;
}

describe('a 30-minute grid on days the clocks change', () => {
  const cases = [
    {
      name: 'America/New_York, spring forward (02:00 → 03:00): no 02:00 or 02:30',
      timeZone: 'America/New_York',
      date: '2026-03-08',
      expected: halfHoursExcept(['02:00', '02:30'], (time) => (time < '02:00' ? '-05:00' : '-04:00')),
    },
    {
      name: 'America/New_York, fall back (02:00 → 01:00): 01:00 and 01:30 once, at their first occurrence',
      timeZone: 'America/New_York',
      date: '2026-11-01',
      expected: halfHoursExcept([], (time) => (time < '02:00' ? '-04:00' : '-05:00')),
    },
    {
      name: 'Europe/London, spring forward (01:00 → 02:00): no 01:00 or 01:30',
      timeZone: 'Europe/London',
      date: '2026-03-29',
      expected: halfHoursExcept(['01:00', '01:30'], (time) => (time < '01:00' ? 'Z' : '+01:00')),
    },
    {
      name: 'Europe/London, fall back (02:00 → 01:00): 01:00 and 01:30 once',
      timeZone: 'Europe/London',
      date: '2026-10-25',
      expected: halfHoursExcept([], (time) => (time < '02:00' ? '+01:00' : 'Z')),
    },
    {
      name: 'Australia/Lord_Howe, spring forward by half an hour (02:00 → 02:30): only 02:00 missing',
      timeZone: 'Australia/Lord_Howe',
      date: '2026-10-04',
      expected: halfHoursExcept(['02:00'], (time) => (time < '02:00' ? '+10:30' : '+11:00')),
    },
    {
      name: 'Australia/Lord_Howe, fall back by half an hour (02:00 → 01:30): 01:30 once',
      timeZone: 'Australia/Lord_Howe',
      date: '2026-04-05',
      expected: halfHoursExcept([], (time) => (time < '02:00' ? '+11:00' : '+10:30')),
    },
  ];

  it.each(cases)('$name', ({ timeZone, date, expected }) => {
    const slots = localDaySlots(timeZone, date);
    expect(slots).toEqual(expected);
    expect(new Set(slots.map((slot) => slot.slice(0, 5))).size).toBe(slots.length);
  });

  it('keeps 09:00-17:00 business hours at 09:00-17:00 local on both sides of a change', () => {
    const hours = weekdays.map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
    for (const date of ['2026-03-07', '2026-03-08', '2026-03-09']) {
      const slots = localDaySlots('America/New_York', date, hours);
      expect(slots[0]!.slice(0, 5)).toBe('09:00');
      expect(slots[slots.length - 1]!.slice(0, 5)).toBe('16:30');
      expect(slots).toHaveLength(16);
    }
  });

  it('gives a slot across a change its real length: 01:30 EDT + 60 minutes ends at 01:30 EST', () => {
    const timeZone = 'America/New_York';
    const start = Temporal.ZonedDateTime.from('2026-11-01T00:00[America/New_York]').epochMilliseconds;
    const slots = computeAppointmentSlots({
      business: { timeZone, hours: allDay },
      service: service({ durationMinutes: 60, slotIntervalMinutes: 30 }),
      staff: [{ id: 'ann', name: 'Ann', workingHours: null, timeOff: [] }],
      resources: [],
      busy: [],
      window: { start, end: start + 3 * 3_600_000 },
      now: 0,
    });
    const timeline = createZoneTimeline(timeZone, start, start + 86_400_000);
    const described = slots.map(
      (slot) => `${timeline.formatOffset(slot.start)} → ${timeline.formatOffset(slot.end)}`,
    );
    expect(described).toContain('2026-11-01T01:30:00-04:00 → 2026-11-01T01:30:00-05:00');
  });

  it('keeps a weekly 10:00 class at 10:00 local across a change', () => {
    const timeZone = 'Europe/London';
    const from = Temporal.ZonedDateTime.from('2026-03-22T00:00[Europe/London]').epochMilliseconds;
    const to = Temporal.ZonedDateTime.from('2026-04-06T00:00[Europe/London]').epochMilliseconds;
    const slots = computeClassSlots({
      business: { timeZone, hours: [] },
      service: service({ type: 'CLASS', capacity: 10 }),
      rules: [
        { id: 'rule-0000-0000-0000-000000000000', weekday: 'SUN', startTime: '10:00', durationMinutes: 60 },
      ],
      sessions: [],
      bookedBySession: new Map(),
      enrolled: 0,
      window: { start: from, end: to },
      now: 0,
    });
    const timeline = createZoneTimeline(timeZone, from, to);
    expect(slots.map((slot) => timeline.formatOffset(slot.start))).toEqual([
      '2026-03-22T10:00:00Z',
      '2026-03-29T10:00:00+01:00',
      '2026-04-05T10:00:00+01:00',
    ]);
  });
});

describe('zone timeline', () => {
  const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'UTC', 'Asia/Kolkata'];
  const yearStart = Date.UTC(2026, 0, 1);
  const yearMs = 365 * 86_400_000;

  it('reads the same local time as Temporal for any instant of the year', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: yearMs / 60_000 }),
        (timeZone, minute) => {
          const instant = yearStart + minute * 60_000;
          const timeline = createZoneTimeline(timeZone, yearStart, yearStart + yearMs);
          const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone);
          expect(wallToIso(timeline.toWall(instant))).toBe(zoned.toPlainDateTime().toString().slice(0, 19));
          expect(timeline.formatOffset(instant)).toBe(
            zoned.toString({ timeZoneName: 'never' }).replace('+00:00', 'Z'),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the instants of a local time exactly as Temporal disambiguates it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: yearMs / 1_800_000 }),
        (timeZone, step) => {
          const wall = yearStart + step * 1_800_000;
          const timeline = createZoneTimeline(timeZone, yearStart, yearStart + yearMs);
          const local = Temporal.PlainDateTime.from(wallToIso(wall));
          const earlier = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
          const later = local.toZonedDateTime(timeZone, { disambiguation: 'later' });
          const exists = earlier.toPlainDateTime().equals(local);
          const expected = !exists
            ? []
            : earlier.epochMilliseconds === later.epochMilliseconds
              ? [earlier.epochMilliseconds]
              : [earlier.epochMilliseconds, later.epochMilliseconds];
          expect(timeline.instantsOfWall(wall)).toEqual(expected);
          const compatible = local.toZonedDateTime(timeZone, { disambiguation: 'compatible' });
          expect(timeline.fromWallCompatible(wall)).toBe(compatible.epochMilliseconds);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees with Temporal on every half hour of the DST days of the three zones', () => {
    const days = [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Europe/London', '2026-03-29'],
      ['Europe/London', '2026-10-25'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['Australia/Lord_Howe', '2026-10-04'],
    ] as const;
    for (const [timeZone, date] of days) {
      const timeline = createZoneTimeline(
        timeZone,
        Date.parse(`${date}T00:00:00Z`),
        Date.parse(`${date}T00:00:00Z`) + 86_400_000,
      );
      for (let minutes = 0; minutes < 1440; minutes += 30) {
        const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
        const local = Temporal.PlainDateTime.from(wallToIso(wall));
        const compatible = local.toZonedDateTime(timeZone, {
          disambiguation: 'compatible',
        }).epochMilliseconds;
        expect(timeline.fromWallCompatible(wall), `${timeZone} ${wallToIso(wall)}`).toBe(compatible);
      }
    }
  });
});
