import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../src/cli/seed.ts';
import { ok } from './bookings-lifecycle-fixtures.ts';
import { createTestApp, owner, type TestApp } from './test-app.ts';

// `atrium seed` on a fresh database: a studio that looks like it has been running, through the real API.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await seedDemoData({ database: t.app.database, config: t.config });
  vi.restoreAllMocks();
}, 240_000);
afterAll(async () => t?.close(), 60_000);

interface Extended {
  booking: { id: string; status: string; startDate: string; paymentStatus: string };
  attendance?: { status: string } | null;
}

async function bookingsBetween(from: Date, to: Date): Promise<Extended[]> {
  const { extendedBookings } = await ok<{ extendedBookings: Extended[] }>(t.app, {
    method: 'POST',
    url: '/bookings/v2/extended-bookings/query',
    headers: owner,
    payload: {
      query: {
        filter: { startDate: { $gte: from.toISOString(), $lt: to.toISOString() } },
        paging: { limit: 100 },
      },
      withBookingAttendanceInfo: true,
    },
  });
  return extendedBookings;
}

describe('atrium seed', () => {
  it('records four weeks of past sessions, attended or not, for the dashboard history', async () => {
    const now = Date.now();
    const past = await bookingsBetween(new Date(now - 30 * 86_400_000), new Date(now - 3_600_000));
    expect(past.length).toBeGreaterThanOrEqual(20);
    expect(new Set(past.map((entry) => entry.booking.startDate.slice(0, 10))).size).toBeGreaterThanOrEqual(
      15,
    );
    expect(past.every((entry) => entry.booking.status === 'CONFIRMED')).toBe(true);
    const attendance = past.map((entry) => entry.attendance?.status);
    expect(attendance.filter((status) => status === 'ATTENDED').length).toBeGreaterThan(past.length / 2);
    expect(attendance).toContain('NOT_ATTENDED');
  });

  it('books the coming week through availability, as customers would', async () => {
    const upcoming = await bookingsBetween(new Date(), new Date(Date.now() + 8 * 86_400_000));
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
  });

  it('leaves an existing catalogue alone when run again', async () => {
    const before = await bookingsBetween(
      new Date(Date.now() - 30 * 86_400_000),
      new Date(Date.now() + 8 * 86_400_000),
    );
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await seedDemoData({ database: t.app.database, config: t.config });
    vi.restoreAllMocks();
    const after = await bookingsBetween(
      new Date(Date.now() - 30 * 86_400_000),
      new Date(Date.now() + 8 * 86_400_000),
    );
    expect(after.length).toBe(before.length);
  });
});
