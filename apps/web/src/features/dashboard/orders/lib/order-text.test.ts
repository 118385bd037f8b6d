import { describe, expect, it } from 'vitest';
import type { OrderActivity } from '@atrium/sdk/modules/ecom';
import { addressLines, customerName, describeActivity } from './order-text.ts';

const activity = (type: string, extra: Record<string, unknown> = {}): OrderActivity => ({
  id: 'a',
  type,
  createdDate: new Date('2030-01-01T00:00:00Z'),
  ...extra,
});

describe('order text', () => {
  it('names the customer from billing, else from the shipping destination', () => {
    expect(
      customerName({ billingInfo: { contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } } }),
    ).toBe('Ada Lovelace');
    expect(
      customerName({
        shippingInfo: { logistics: { shippingDestination: { contactDetails: { firstName: 'Bo' } } } },
      }),
    ).toBe('Bo');
    expect(customerName({})).toBe('');
  });

  it('writes an address as label lines, skipping what is empty', () => {
    expect(
      addressLines({
        address: { addressLine: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      }),
    ).toEqual(['1 Main St', '12345 Springfield', 'US']);
    expect(addressLines(undefined)).toEqual([]);
  });

  it.each([
    [activity('ORDER_PLACED'), { title: 'Order placed' }],
    [
      activity('MERCHANT_COMMENT', { merchantComment: { message: 'Wrapped' } }),
      { title: 'Comment', detail: 'Wrapped' },
    ],
    [
      activity('ORDER_REFUNDED', { orderRefunded: { amount: '10', reason: 'Damaged' } }),
      { title: 'Refund issued', detail: '$10.00 · Reason: Damaged' },
    ],
    [
      activity('ORDER_REFUNDED', { orderRefunded: { amount: '78.00', reason: '' } }),
      { title: 'Refund issued', detail: '$78.00' },
    ],
    [activity('SOME_NEW_TYPE'), { title: 'Some new type' }],
    [activity('TRACKING_NUMBER_ADDED'), { title: 'Tracking number added' }],
  ])('describes %j', (given, expected) => {
    expect(describeActivity(given, 'USD')).toEqual(expected);
  });
});
