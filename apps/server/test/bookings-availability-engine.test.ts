import { describe, expect, it } from 'vitest';
import { computeAppointmentSlots } from '../src/modules/bookings/availability/compute-slots.ts';
import {
  openPolicy,
  type AppointmentAvailabilityInput,
  type BusyInterval,
  type ServiceInput,
  type StaffInput,
  type WeeklyRange,
} from '../src/modules/bookings/availability/availability.types.ts';
import { startableRanges } from '../src/modules/bookings/availability/intervals.ts';
import { computeChainedSlots } from '../src/modules/bookings/availability/multi-service.ts';

// Wednesday 2026-06-03 in UTC: every literal below is a UTC time (vitest runs with TZ=UTC).
const at = (iso: string) => Date.parse(iso);
const hhmm = (instant: number) => new Date(instant).toISOString().slice(11, 16);

const weekdayHours = (start: string, end: string): WeeklyRange[] =>
  (['MON', 'TUE', 'WED', 'THU', 'FRI'] as const).map((weekday) => ({ weekday, start, end }));

function service(overrides: Partial<ServiceInput> = {}): ServiceInput {
  return {
    id: 'svc',
    scheduleId: 'sch',
    type: 'APPOINTMENT',
    durationMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    capacity: 1,
    staffMemberIds: ['ann', 'bob'],
    resourcePools: [],
    locations: [],
    policy: openPolicy,
    ...overrides,
  };
}

function staff(id: string, overrides: Partial<StaffInput> = {}): StaffInput {
  return { id, name: id, workingHours: null, timeOff: [], ...overrides };
}

function input(overrides: Partial<AppointmentAvailabilityInput> = {}): AppointmentAvailabilityInput {
  return {
    business: { timeZone: 'UTC', hours: weekdayHours('09:00', '12:00') },
    service: service(),
    staff: [staff('ann'), staff('bob')],
    resources: [],
    busy: [],
    window: { start: at('2026-06-03T00:00:00Z'), end: at('2026-06-04T00:00:00Z') },
    now: at('2026-06-01T00:00:00Z'),
    ...overrides,
  };
}

/** `09:00 ann,bob` for each slot: compact literal expectations. */
function describeSlots(slots: ReturnType<typeof computeAppointmentSlots>): string[] {
  return slots.map((slot) => {
    const resources = slot.availableResources.map((pool) => pool.resourceIds.join('+')).join(' ');
    return `${hhmm(slot.start)}-${hhmm(slot.end)} ${slot.staffMemberIds.join(',')}${resources ? ` [${resources}]` : ''}${slot.bookable ? '' : ' (not bookable)'}`;
  });
}

const busy = (staffMemberId: string | null, from: string, to: string, extra: Partial<BusyInterval> = {}) => ({
  staffMemberId,
  start: at(`2026-06-03T${from}:00Z`),
  end: at(`2026-06-03T${to}:00Z`),
  ...extra,
});

describe('computeAppointmentSlots', () => {
  const cases: Array<{ name: string; input: AppointmentAvailabilityInput; expected: string[] }> = [
    {
      name: 'fills business hours on a 30-minute grid with every staff member',
      input: input(),
      expected: [
        '09:00-10:00 ann,bob',
        '09:30-10:30 ann,bob',
        '10:00-11:00 ann,bob',
        '10:30-11:30 ann,bob',
        '11:00-12:00 ann,bob',
      ],
    },
    {
      name: 'leaves out the starts that overlap a staff member’s booking of any service',
      input: input({ busy: [busy('ann', '10:00', '10:30')] }),
      expected: [
        '09:00-10:00 ann,bob',
        '09:30-10:30 bob',
        '10:00-11:00 bob',
        '10:30-11:30 ann,bob',
        '11:00-12:00 ann,bob',
      ],
    },
    {
      name: 'keeps the buffer before and after clear of other bookings',
      input: input({
        service: service({ bufferBeforeMinutes: 15, bufferAfterMinutes: 30, staffMemberIds: ['ann'] }),
        busy: [busy('ann', '11:45', '12:00')],
      }),
      // 10:30 would end at 11:30 and its 30-minute buffer would reach 12:00, over the 11:45 booking;
      // the 09:00 start's buffer before may lie outside the hours (buffers only avoid busy time).
      expected: ['09:00-10:00 ann', '09:30-10:30 ann', '10:00-11:00 ann'],
    },
    {
      name: 'applies time off and external calendar busy time like bookings',
      input: input({
        staff: [
          staff('ann', { timeOff: [{ start: at('2026-06-03T09:00:00Z'), end: at('2026-06-03T11:00:00Z') }] }),
          staff('bob'),
        ],
        busy: [busy('bob', '09:15', '10:15', { source: 'EXTERNAL_CALENDAR' })],
      }),
      expected: ['10:30-11:30 bob', '11:00-12:00 ann,bob'],
    },
    {
      name: 'keeps to a staff member’s own hours (in their zone), even outside the business hours',
      input: input({
        staff: [
          staff('ann', { timeZone: 'Europe/Paris', workingHours: weekdayHours('12:00', '18:00') }),
          staff('bob', { workingHours: weekdayHours('06:00', '10:00') }),
        ],
      }),
      // Paris is UTC+2 in June: Ann works 10:00-16:00 UTC, Bob 06:00-10:00; the business (9-12) sets
      // neither's hours.
      expected: [
        '06:00-07:00 bob',
        '06:30-07:30 bob',
        '07:00-08:00 bob',
        '07:30-08:30 bob',
        '08:00-09:00 bob',
        '08:30-09:30 bob',
        '09:00-10:00 bob',
        '10:00-11:00 ann',
        '10:30-11:30 ann',
        '11:00-12:00 ann',
        '11:30-12:30 ann',
        '12:00-13:00 ann',
        '12:30-13:30 ann',
        '13:00-14:00 ann',
        '13:30-14:30 ann',
        '14:00-15:00 ann',
        '14:30-15:30 ann',
        '15:00-16:00 ann',
      ],
    },
    {
      name: 'gives staff members without hours of their own the business hours',
      input: input({
        staff: [staff('ann', { workingHours: weekdayHours('13:00', '15:00') }), staff('bob')],
      }),
      expected: [
        '09:00-10:00 bob',
        '09:30-10:30 bob',
        '10:00-11:00 bob',
        '10:30-11:30 bob',
        '11:00-12:00 bob',
        '13:00-14:00 ann',
        '13:30-14:30 ann',
        '14:00-15:00 ann',
      ],
    },
    {
      name: 'blocks everyone with business-wide blocked time',
      input: input({ busy: [busy(null, '09:00', '11:00', { source: 'BLOCKED' })] }),
      expected: ['11:00-12:00 ann,bob'],
    },
    {
      name: 'marks slots outside the booking window of the policy as not bookable',
      input: input({
        now: at('2026-06-03T08:00:00Z'),
        service: service({
          policy: { ...openPolicy, latestBookingInMinutes: 120, earliestBookingInMinutes: 180 },
        }),
      }),
      // 09:00 and 09:30 are within two hours of now (too late); 11:30+ would be more than three hours ahead.
      expected: [
        '09:00-10:00 ann,bob (not bookable)',
        '09:30-10:30 ann,bob (not bookable)',
        '10:00-11:00 ann,bob',
        '10:30-11:30 ann,bob',
        '11:00-12:00 ann,bob',
      ],
    },
    {
      name: 'leaves out slots that have already started',
      input: input({ now: at('2026-06-03T10:10:00Z') }),
      expected: ['10:30-11:30 ann,bob', '11:00-12:00 ann,bob'],
    },
    {
      name: 'needs one free resource of each pool and names the free ones',
      input: input({
        service: service({ resourcePools: [{ resourceTypeId: 'room', resourceIds: ['r1', 'r2'] }] }),
        busy: [
          { resourceId: 'r1', start: at('2026-06-03T09:00:00Z'), end: at('2026-06-03T10:00:00Z') },
          { resourceId: 'r2', start: at('2026-06-03T09:00:00Z'), end: at('2026-06-03T11:00:00Z') },
        ],
      }),
      expected: ['10:00-11:00 ann,bob [r1]', '10:30-11:30 ann,bob [r1]', '11:00-12:00 ann,bob [r1+r2]'],
    },
    {
      name: 'uses a 15-minute grid for services shorter than 30 minutes',
      input: input({
        business: { timeZone: 'UTC', hours: weekdayHours('09:00', '10:00') },
        service: service({ durationMinutes: 20, staffMemberIds: ['ann'] }),
      }),
      expected: ['09:00-09:20 ann', '09:15-09:35 ann', '09:30-09:50 ann'],
    },
    {
      name: 'honours the service’s own grid step and a customer’s choice of staff member',
      input: input({
        service: service({ slotIntervalMinutes: 60 }),
        staffMemberIds: ['bob'],
      }),
      expected: ['09:00-10:00 bob', '10:00-11:00 bob', '11:00-12:00 bob'],
    },
    {
      name: 'gives nothing on a closed day',
      input: input({ window: { start: at('2026-06-06T00:00:00Z'), end: at('2026-06-08T00:00:00Z') } }),
      expected: [],
    },
    {
      name: 'ignores staff members who do not give the service',
      input: input({ service: service({ staffMemberIds: ['ann'] }), staff: [staff('ann'), staff('carl')] }),
      expected: [
        '09:00-10:00 ann',
        '09:30-10:30 ann',
        '10:00-11:00 ann',
        '10:30-11:30 ann',
        '11:00-12:00 ann',
      ],
    },
  ];

  it.each(cases)('$name', ({ input: given, expected }) => {
    expect(describeSlots(computeAppointmentSlots(given))).toEqual(expected);
  });

  it('returns slots whose start lies in the window, even when they end after it', () => {
    const slots = computeAppointmentSlots(
      input({ window: { start: at('2026-06-03T10:00:00Z'), end: at('2026-06-03T11:00:00Z') } }),
    );
    expect(describeSlots(slots)).toEqual(['10:00-11:00 ann,bob', '10:30-11:30 ann,bob']);
  });

  it('reports when a too-early slot opens for booking', () => {
    const [slot] = computeAppointmentSlots(
      input({
        now: at('2026-06-01T09:00:00Z'),
        service: service({ policy: { ...openPolicy, earliestBookingInMinutes: 24 * 60 } }),
      }),
    );
    expect(slot!.violations).toEqual({
      tooEarlyToBook: true,
      tooLateToBook: false,
      bookOnlineDisabled: false,
      earliestBookingDate: at('2026-06-02T09:00:00Z'),
    });
  });
});

describe('startableRanges', () => {
  it('keeps starts that end exactly where a busy span begins and begin where it ends', () => {
    const ranges = startableRanges([{ start: 0, end: 100 }], [{ start: 40, end: 60 }], 10, 0, 0);
    expect(ranges).toEqual([
      { first: 0, last: 30 },
      { first: 60, last: 90 },
    ]);
  });
});

describe('computeChainedSlots', () => {
  it('chains services back to back with a free staff member for each part', () => {
    const cut = input({ service: service({ id: 'cut', durationMinutes: 30, staffMemberIds: ['ann'] }) });
    const colour = input({
      service: service({ id: 'colour', durationMinutes: 60, staffMemberIds: ['bob'] }),
      busy: [busy('bob', '10:00', '10:30')],
    });
    const slots = computeChainedSlots([cut, colour]);
    const described = slots.map((slot) =>
      slot.parts
        .map((part) => `${hhmm(part.start)} ${part.serviceId} ${part.staffMemberIds.join(',')}`)
        .join(' | '),
    );
    // 09:00 and 09:30 cuts would put the colour into Bob's 10:00 booking; a colour from 11:30 would end
    // after closing time.
    expect(described).toEqual(['10:00 cut ann | 10:30 colour bob', '10:30 cut ann | 11:00 colour bob']);
    expect(slots[0]).toMatchObject({ start: at('2026-06-03T10:00:00Z'), end: at('2026-06-03T11:30:00Z') });
  });
});
