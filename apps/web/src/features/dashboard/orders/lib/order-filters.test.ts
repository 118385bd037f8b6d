import { describe, expect, it } from 'vitest';
import { noOrderFilters, orderSearchOf } from './order-filters.ts';

const newest = [{ fieldName: 'createdDate', order: 'DESC' }];

describe('orderSearchOf', () => {
  it('asks for the newest orders when nothing is filtered', () => {
    expect(orderSearchOf(noOrderFilters, 25)).toEqual({ sort: newest, cursorPaging: { limit: 25 } });
  });

  it('finds an order number (with or without #) or emails holding the digits', () => {
    expect(orderSearchOf({ ...noOrderFilters, search: ' #10002 ' }, 25).filter).toEqual({
      $or: [{ number: 10002 }, { 'buyerInfo.email': { $contains: '10002' } }],
    });
    expect(orderSearchOf({ ...noOrderFilters, search: 'Ada@Example' }, 25).filter).toEqual({
      'buyerInfo.email': { $contains: 'ada@example' },
    });
  });

  it('joins every filter set', () => {
    const search = orderSearchOf(
      { search: '', paymentStatus: 'PAID', fulfillmentStatus: 'NOT_FULFILLED', tag: 'gift' },
      10,
    );
    expect(search.filter).toEqual({
      $and: [
        { paymentStatus: 'PAID' },
        { fulfillmentStatus: 'NOT_FULFILLED' },
        { 'tags.tags.tagIds': { $hasSome: ['gift'] } },
      ],
    });
  });

  it('sends only the cursor for a next page (the cursor carries its query)', () => {
    expect(orderSearchOf({ ...noOrderFilters, paymentStatus: 'PAID' }, 25, 'abc')).toEqual({
      cursorPaging: { limit: 25, cursor: 'abc' },
    });
  });
});
