import { describe, expect, it } from 'vitest';
import { strictestPolicy } from '../src/modules/bookings/booking-policy-rules.ts';
import { computePrice, PriceError, type PricedService } from '../src/modules/bookings/price.ts';
import { scheduleBounds } from '../src/modules/bookings/session-bounds.ts';
import { nextFreeSlug, normaliseCustomSlug, slugify } from '../src/platform/slugs/slugs.ts';
import { parseWorkingPeriods } from '../src/modules/bookings/working-hours.ts';

describe('parseWorkingPeriods', () => {
  it.each([
    {
      name: 'touching periods are fine',
      periods: [
        ['MON', '09:00', '12:00'],
        ['MON', '12:00', '17:00'],
      ],
      fields: [],
    },
    {
      name: 'the same hours on different days are fine',
      periods: [
        ['MON', '09:00', '17:00'],
        ['TUE', '09:00', '17:00'],
      ],
      fields: [],
    },
    { name: 'an end before the start', periods: [['WED', '17:00', '09:00']], fields: ['h[0].endTime'] },
    { name: 'an empty period', periods: [['WED', '09:00', '09:00']], fields: ['h[0].endTime'] },
    {
      name: 'overlapping periods',
      periods: [
        ['FRI', '13:00', '18:00'],
        ['FRI', '08:00', '14:00'],
      ],
      fields: ['h[0]'],
    },
    { name: 'a period starting at 24:00', periods: [['SUN', '24:00', '24:00']], fields: ['h[0].startTime'] },
  ] as const)('$name', ({ periods, fields }) => {
    const result = parseWorkingPeriods(
      periods.map(([weekday, startTime, endTime]) => ({ weekday, startTime, endTime })),
      'h',
    );
    expect(result.violations.map((violation) => violation.field)).toEqual(fields);
  });

  it('converts to ISO weekdays and minutes, sorted', () => {
    const result = parseWorkingPeriods(
      [
        { weekday: 'SUN', startTime: '10:00', endTime: '24:00' },
        { weekday: 'MON', startTime: '08:30', endTime: '12:00' },
      ],
      'h',
    );
    expect(result.periods).toEqual([
      { weekday: 1, startMinute: 510, endMinute: 720 },
      { weekday: 7, startMinute: 600, endMinute: 1440 },
    ]);
  });
});

describe('strictestPolicy', () => {
  it('takes the tightest limit and grants a permission only when all grant it', () => {
    const result = strictestPolicy([
      {
        limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 60 * 24 * 30 },
        participantsPolicy: { maxParticipantsPerBooking: 4 },
      },
      {
        limitEarlyBookingPolicy: { enabled: true, earliestBookingInMinutes: 60 * 24 * 7 },
        limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 180 },
        reschedulePolicy: { enabled: false },
        waitlistPolicy: { enabled: true, capacity: 2 },
        participantsPolicy: { maxParticipantsPerBooking: 2 },
      },
      {
        limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 60 },
        cancellationPolicy: {
          enabled: true,
          limitLatestCancellation: true,
          latestCancellationInMinutes: 720,
        },
      },
    ]);
    expect(result.limitEarlyBookingPolicy).toEqual({ enabled: true, earliestBookingInMinutes: 10080 });
    expect(result.limitLateBookingPolicy).toEqual({ enabled: true, latestBookingInMinutes: 180 });
    expect(result.reschedulePolicy.enabled).toBe(false);
    expect(result.cancellationPolicy).toMatchObject({
      enabled: true,
      limitLatestCancellation: true,
      latestCancellationInMinutes: 720,
    });
    expect(result.waitlistPolicy.enabled).toBe(false);
    expect(result.participantsPolicy.maxParticipantsPerBooking).toBe(1);
  });

  it('is the default policy for no policies and the policy itself for one', () => {
    expect(strictestPolicy([]).participantsPolicy.maxParticipantsPerBooking).toBe(1);
    const one = strictestPolicy([
      { waitlistPolicy: { enabled: true, capacity: 5, reservationTimeInMinutes: 15 } },
    ]);
    expect(one.waitlistPolicy).toEqual({ enabled: true, capacity: 5, reservationTimeInMinutes: 15 });
  });
});

describe('computePrice', () => {
  const service = (fields: Partial<PricedService>): PricedService => ({
    id: 's',
    rateType: 'FIXED',
    price: '10.00',
    deposit: null,
    depositEnabled: false,
    customDescription: null,
    variants: [],
    ...fields,
  });
  it.each([
    {
      name: 'fixed rate times participants',
      lines: [{ service: service({ price: '0.10' }), numberOfParticipants: 3 }],
      currency: 'USD',
      total: '0.30',
    },
    {
      name: 'no fee',
      lines: [{ service: service({ rateType: 'NO_FEE', price: null }) }],
      currency: 'USD',
      total: '0.00',
    },
    {
      name: 'currencies without minor units',
      lines: [{ service: service({ price: '1500' }), numberOfParticipants: 2 }],
      currency: 'JPY',
      total: '3000',
    },
    {
      name: 'a variant per participant group',
      lines: [
        {
          service: service({
            rateType: 'VARIED',
            variants: [{ choices: [{ optionId: 'o', custom: 'L' }], price: '0.20' }],
          }),
          serviceChoices: [
            { numberOfParticipants: 1, choices: [{ optionId: 'o', custom: 'L' }] },
            { numberOfParticipants: 2, choices: [] },
          ],
        },
      ],
      currency: 'USD',
      total: '20.20',
    },
  ])('$name', ({ lines, currency, total }) => {
    expect(computePrice(lines, currency).calculatedPrice).toBe(total);
  });

  it('refuses choices no variant has, and describes a custom rate instead of pricing it', () => {
    expect(() =>
      computePrice(
        [{ service: service({ rateType: 'VARIED' }), choices: [{ optionId: 'x', custom: 'y' }] }],
        'USD',
      ),
    ).toThrow(PriceError);
    const custom = computePrice(
      [{ service: service({ rateType: 'CUSTOM', customDescription: 'Ask us' }) }],
      'USD',
    );
    expect(custom).toMatchObject({ priceDescription: 'Ask us' });
    expect(custom.calculatedPrice).toBeUndefined();
  });

  it('rounds each participant group half-up to the currency, and the total is the sum of those lines', () => {
    const varied = service({
      rateType: 'VARIED',
      price: '0.125',
      variants: [{ choices: [{ optionId: 'o', custom: 'L' }], price: '0.125' }],
    });
    const info = computePrice(
      [
        {
          service: varied,
          serviceChoices: [
            { numberOfParticipants: 1, choices: [{ optionId: 'o', custom: 'L' }] },
            { numberOfParticipants: 1, choices: [] },
          ],
        },
      ],
      'USD',
    );
    expect(info.bookingLineItems.map((line) => line.pricePerParticipant)).toEqual(['0.13', '0.13']);
    expect(info.calculatedPrice).toBe('0.26');
  });

  it('answers deposits in the places of the currency: BHD 3, JPY 0', () => {
    const withDeposit = (price: string, deposit: string) => service({ price, deposit, depositEnabled: true });
    expect(
      computePrice([{ service: withDeposit('12.5', '2.5'), numberOfParticipants: 3 }], 'BHD'),
    ).toMatchObject({ calculatedPrice: '37.500', deposit: '7.500' });
    expect(
      computePrice([{ service: withDeposit('1500', '500'), numberOfParticipants: 2 }], 'JPY'),
    ).toMatchObject({ calculatedPrice: '3000', deposit: '1000' });
  });
});

describe('slugs', () => {
  it.each([
    ['Deep Tissue Massage', 'deep-tissue-massage'],
    ['Café crème & co.', 'cafe-creme-co'],
    ['!!!', 'service'],
  ])('slugify(%s) = %s', (name, slug) => {
    expect(slugify(name, 'service')).toBe(slug);
  });
  it.each([
    ['Best-Cut', 'best-cut'],
    ['best cut', undefined],
    ['best--cut', undefined],
    ['-cut', undefined],
    ['cut/2', undefined],
  ])('normaliseCustomSlug(%s) = %s', (slug, expected) => {
    expect(normaliseCustomSlug(slug)).toBe(expected);
  });
  it('numbers taken slugs', () => {
    expect(nextFreeSlug('cut', new Set(['cut', 'cut-2']))).toBe('cut-3');
    expect(nextFreeSlug('cut', new Set())).toBe('cut');
  });
});

describe('scheduleBounds', () => {
  it('computes local times across a DST change (New York, March 2030)', () => {
    // Weekly Sunday 09:00 from 2030-03-03 to 2030-03-17; clocks go forward on 2030-03-10.
    const bounds = scheduleBounds(
      [{ weekday: 7, startMinute: 540, durationMinutes: 60, startDate: '2030-03-03', endDate: '2030-03-17' }],
      [],
      'America/New_York',
    );
    expect(bounds.first?.toISOString()).toBe('2030-03-03T14:00:00.000Z');
    expect(bounds.last?.toISOString()).toBe('2030-03-17T14:00:00.000Z');
  });
  it('has no last end while a weekly session is open-ended, and none at all without sessions', () => {
    expect(
      scheduleBounds(
        [{ weekday: 1, startMinute: 0, durationMinutes: 30, startDate: '2030-01-01', endDate: null }],
        [],
        'UTC',
      ).last,
    ).toBeNull();
    expect(scheduleBounds([], [], 'UTC')).toEqual({ first: null, last: null });
  });
});
