import { describe, expect, it } from 'vitest';
import { entityKeyOf, thinDataOf } from './webhook-message.ts';

const eventId = 'event-1';

describe('entityKeyOf', () => {
  it.each([
    ['a booking', { booking: { id: 'b1' }, previousBooking: { id: 'b1' } }, 'b1'],
    ['an order', { order: { id: 'o1', lineItems: [] } }, 'o1'],
    ['a data item', { dataCollectionId: 'Notes', dataItemId: 'i1', dataItem: { id: 'i1' } }, 'i1'],
    ['a deleted data item', { dataCollectionId: 'Notes', dataItemId: 'i1' }, 'i1'],
    ['a deleted cart', { cartId: 'c1' }, 'c1'],
    ['a stores entity', { entity: { id: 'p1' } }, 'p1'],
    ['an item keyed by _id', { item: { _id: 'x1' } }, 'x1'],
    ['a sign-in', { memberId: 'm1', visitorId: 'v1' }, 'v1'],
    ['nothing with an id', { count: 3 }, eventId],
    ['no data', null, eventId],
  ])('names %s', (_what, data, expected) => {
    expect(entityKeyOf(eventId, data)).toBe(expected);
  });
});

describe('thinDataOf', () => {
  it('keeps ids and drops everything else', () => {
    expect(
      thinDataOf({
        booking: { id: 'b1', contactDetails: { email: 'ada@example.com' } },
        dataCollectionId: 'Notes',
        lineItemIds: ['l1', 'l2'],
        message: 'hello',
        count: 3,
      }),
    ).toEqual({ booking: { id: 'b1' }, dataCollectionId: 'Notes', lineItemIds: ['l1', 'l2'] });
  });
});
