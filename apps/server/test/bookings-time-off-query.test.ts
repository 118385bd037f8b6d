import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { createStaff, customer, expectError, ok } from './bookings-lifecycle-fixtures.ts';

// The dashboard calendar reads the blocked time of every staff member shown in one call.
let t: TestApp;
let alex: string;
let bea: string;
let cy: string;
const url = '/bookings/v1/staff-members/time-off/query';

async function block(staffMemberId: string, startDate: string, endDate: string, title: string) {
  await ok(t.app, {
    method: 'POST',
    url: `/bookings/v1/staff-members/${staffMemberId}/time-off`,
    headers: owner,
    payload: { timeOff: { startDate, endDate, title } },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  alex = await createStaff(t.app, 'Alex', 'alex@example.com');
  bea = await createStaff(t.app, 'Bea', 'bea@example.com');
  cy = await createStaff(t.app, 'Cy', 'cy@example.com');
  await block(alex, '2027-03-01T12:00:00Z', '2027-03-01T13:00:00Z', 'Lunch');
  await block(alex, '2027-03-09T12:00:00Z', '2027-03-09T13:00:00Z', 'Next week');
  await block(bea, '2027-02-28T22:00:00Z', '2027-03-01T02:00:00Z', 'Across midnight');
  await block(cy, '2027-03-02T09:00:00Z', '2027-03-02T10:00:00Z', 'Not asked for');
}, 240_000);
afterAll(async () => t?.close(), 60_000);

describe('POST /bookings/v1/staff-members/time-off/query', () => {
  it('returns the time off of the staff members asked for that overlaps the range, in start order', async () => {
    const answer = await ok<{ timeOff: Array<{ staffMemberId: string; title: string }> }>(t.app, {
      method: 'POST',
      url,
      headers: owner,
      payload: {
        staffMemberIds: [alex, bea, '00000000-0000-4000-8000-000000000000'],
        from: '2027-03-01T00:00:00Z',
        to: '2027-03-08T00:00:00Z',
      },
    });
    expect(answer.timeOff.map((entry) => [entry.staffMemberId, entry.title])).toEqual([
      [bea, 'Across midnight'],
      [alex, 'Lunch'],
    ]);
  });

  it('answers 400 for an empty list, a malformed id or a range that ends before it starts', async () => {
    const range = { from: '2027-03-01T00:00:00Z', to: '2027-03-08T00:00:00Z' };
    for (const payload of [
      { staffMemberIds: [], ...range },
      { staffMemberIds: ['nope'], ...range },
      { staffMemberIds: [alex], from: range.to, to: range.from },
      { staffMemberIds: [alex], from: 'monday', to: range.to },
    ]) {
      expectError(await inject(t.app, { method: 'POST', url, headers: owner, payload }), 400);
    }
  });

  it('answers 401 without credentials and 403 to customers', async () => {
    const payload = { staffMemberIds: [alex], from: '2027-03-01T00:00:00Z', to: '2027-03-08T00:00:00Z' };
    expectError(await inject(t.app, { method: 'POST', url, payload }), 401);
    expectError(await inject(t.app, { method: 'POST', url, headers: customer('ada'), payload }), 403);
  });
});
