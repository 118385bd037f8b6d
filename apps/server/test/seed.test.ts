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
    const shop = await ok<{ metadata: { total: number } }>(t.app, {
      method: 'POST',
      url: '/stores-reader/v1/products/query-platformized',
      headers: owner,
      payload: { query: { paging: { limit: 1 } } },
    });
    expect(shop.metadata.total).toBe(12);
  });

  it('opens a shop beside the studio: products with options, photos, stock, and collections', async () => {
    const visitor = { 'x-atrium-dev-caller': 'ANONYMOUS_VISITOR' };
    const { products } = await ok<{
      products: Array<{
        name: string;
        media: { items: unknown[] };
        productOptions: unknown[];
        stock: { inventoryStatus: string };
      }>;
    }>(t.app, {
      method: 'POST',
      url: '/stores-reader/v1/products/query-platformized',
      headers: visitor,
      payload: { query: { paging: { limit: 50 } } },
    });
    expect(products).toHaveLength(12);
    expect(products.every((product) => product.media.items.length > 0)).toBe(true);
    expect(products.filter((product) => product.productOptions.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(products.map((product) => product.stock.inventoryStatus)).toContain('PARTIALLY_OUT_OF_STOCK');
    const { collections } = await ok<{ collections: Array<{ name: string; numberOfProducts: number }> }>(
      t.app,
      {
        method: 'POST',
        url: '/stores/v2/collections/query',
        headers: visitor,
        payload: {},
      },
    );
    expect(collections.map((collection) => collection.name).sort()).toEqual([
      'Apparel',
      'Gifts',
      'Mats & props',
    ]);
    expect(collections.every((collection) => collection.numberOfProducts > 0)).toBe(true);
  });
});
