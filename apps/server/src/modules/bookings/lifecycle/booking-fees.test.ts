import { describe, expect, it } from 'vitest';
import { bookingPrice, cancellationFee, type FeeInput } from './booking-fees.ts';

const start = Date.UTC(2030, 0, 10, 10);
const hour = 3_600_000;

const input = (fields: Partial<FeeInput>): FeeInput => ({
  enabled: true,
  windows: [{ percentage: '50' }],
  price: bookingPrice('45.00', 1),
  currency: 'USD',
  start,
  at: start - hour,
  ...fields,
});

describe('cancellationFee', () => {
  it.each([
    {
      name: 'a percentage of the price, USD',
      price: bookingPrice('33.33', 1),
      currency: 'USD',
      percentage: '50',
      fee: '16.67',
    },
    {
      name: 'a percentage of unit price × participants',
      price: bookingPrice('10.005', 3),
      currency: 'USD',
      percentage: '10',
      fee: '3.00',
    },
    {
      name: 'no minor units, JPY',
      price: bookingPrice('1555', 1),
      currency: 'JPY',
      percentage: '10',
      fee: '156',
    },
    {
      name: 'three minor units, BHD',
      price: bookingPrice('1.001', 1),
      currency: 'BHD',
      percentage: '50',
      fee: '0.501',
    },
  ])('$name: $fee', ({ price, currency, percentage, fee }) => {
    expect(cancellationFee(input({ price, currency, windows: [{ percentage }] }))).toEqual({
      amount: fee,
      currency,
    });
  });

  it('rounds a fixed amount to its currency', () => {
    const windows = [{ amount: { value: '10', currency: 'BHD' } }];
    expect(cancellationFee(input({ windows }))).toEqual({ amount: '10.000', currency: 'BHD' });
  });

  it('charges the window closest to the start, and nothing when the fee rounds to zero', () => {
    const windows = [
      { percentage: '10', startInMinutes: 24 * 60 },
      { percentage: '100', startInMinutes: 120 },
    ];
    expect(cancellationFee(input({ windows }))?.amount).toBe('45.00');
    expect(cancellationFee(input({ windows, at: start - 5 * hour }))?.amount).toBe('4.50');
    expect(cancellationFee(input({ windows, at: start - 48 * hour }))).toBeUndefined();
    expect(
      cancellationFee(input({ price: bookingPrice('0.01', 1), windows: [{ percentage: '10' }] })),
    ).toBeUndefined();
    expect(cancellationFee(input({ price: null }))).toBeUndefined();
    expect(cancellationFee(input({ enabled: false }))).toBeUndefined();
  });
});
