import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

let t: TestApp;
let approval: string;
const alice = customer('alice');

interface BulkAnswer {
  results: Array<{
    itemMetadata: { id: string; originalIndex: number; success: boolean; error?: { code: string } };
    item?: { id: string; status: string };
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
}

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  approval = await createAppointmentService(t.app, {
    staffMemberIds: [await createStaff(t.app)],
    approval: true,
  });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

async function status(id: string): Promise<string> {
  return (
    await ok<{ booking: { status: string } }>(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${id}`,
      headers: owner,
    })
  ).booking.status;
}

describe('POST /bookings/v2/bulk/bookings/confirm and /decline', () => {
  it('confirms and declines each booking on its own; a refused one leaves the others done', async () => {
    const [first, second, third] = [
      await book(t.app, alice, bookingRequest(approval, futureSlot(3, 9))),
      await book(t.app, alice, bookingRequest(approval, futureSlot(3, 11))),
      await book(t.app, alice, bookingRequest(approval, futureSlot(3, 13))),
    ];
    expect([first!.status, second!.status, third!.status]).toEqual(['PENDING', 'PENDING', 'PENDING']);

    const confirmed = await ok<BulkAnswer>(t.app, {
      method: 'POST',
      url: '/bookings/v2/bulk/bookings/confirm',
      headers: owner,
      payload: {
        details: [
          { bookingId: first!.id, revision: first!.revision },
          { bookingId: second!.id, revision: '9' },
          { bookingId: third!.id },
        ],
      },
    });
    expect(
      confirmed.results.map((result) => [
        result.itemMetadata.success,
        result.item?.status ?? result.itemMetadata.error?.code,
      ]),
    ).toEqual([
      [true, 'CONFIRMED'],
      [false, 'REVISION_MISMATCH'],
      [true, 'CONFIRMED'],
    ]);
    expect(confirmed.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(await status(second!.id)).toBe('PENDING');

    const declined = await ok<BulkAnswer>(t.app, {
      method: 'POST',
      url: '/bookings/v2/bulk/bookings/decline',
      headers: owner,
      payload: { details: [{ bookingId: second!.id }, { bookingId: first!.id }], returnEntity: false },
    });
    expect(
      declined.results.map((result) => [result.itemMetadata.success, result.itemMetadata.error?.code]),
    ).toEqual([
      [true, undefined],
      [false, 'BOOKING_CANNOT_DECLINE_CONFIRMED'],
    ]);
    expect(declined.results.every((result) => result.item === undefined)).toBe(true);
    expect([await status(first!.id), await status(second!.id), await status(third!.id)]).toEqual([
      'CONFIRMED',
      'DECLINED',
      'CONFIRMED',
    ]);
  });

  it('answers 400 for no bookings or a malformed id, 401 without credentials and 403 to customers', async () => {
    const url = '/bookings/v2/bulk/bookings/confirm';
    expectError(await inject(t.app, { method: 'POST', url, headers: owner, payload: { details: [] } }), 400);
    expectError(
      await inject(t.app, {
        method: 'POST',
        url,
        headers: owner,
        payload: { details: [{ bookingId: 'x' }] },
      }),
      400,
    );
    const payload = { details: [{ bookingId: '00000000-0000-4000-8000-000000000000' }] };
    expectError(await inject(t.app, { method: 'POST', url, payload }), 401);
    expectError(await inject(t.app, { method: 'POST', url, headers: alice, payload }), 403);
    const unknown = await ok<BulkAnswer>(t.app, { method: 'POST', url, headers: owner, payload });
    expect(unknown.results[0]!.itemMetadata).toMatchObject({
      success: false,
      error: { code: 'BOOKING_NOT_FOUND' },
    });
  });
});
