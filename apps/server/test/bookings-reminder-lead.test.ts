import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  futureSlot,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

// The reminder's lead time is the deployment's choice (BOOKINGS_REMINDER_LEAD_MINUTES).

let t: TestApp;
let haircut: string;

beforeAll(async () => {
  t = await createTestApp({ config: { BOOKINGS_REMINDER_LEAD_MINUTES: '90' } });
  await openAllWeek(t.app);
  haircut = await createAppointmentService(t.app, {
    staffMemberIds: [await createStaff(t.app, 'Alex', 'alex@example.com')],
  });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

describe('BOOKINGS_REMINDER_LEAD_MINUTES', () => {
  it('schedules the reminder that many minutes before the start', async () => {
    const booking = await book(t.app, customer('alice'), bookingRequest(haircut, futureSlot(5, 11)));
    const rows = await t.app.database.query<{ start_after: Date }>(
      `SELECT start_after FROM pgboss.job WHERE name = 'jobs/bookings.reminder' AND data->'data'->>'bookingId' = $1`,
      [booking.id],
    );
    expect(rows.map((row) => new Date(row.start_after).toISOString())).toEqual([
      new Date(Date.parse(booking.startDate) - 90 * 60_000).toISOString(),
    ]);
  });

  it('refuses a lead time past a week at start-up, naming the variable', () => {
    expect(() => loadConfig({ BOOKINGS_REMINDER_LEAD_MINUTES: String(8 * 24 * 60) })).toThrow(
      /BOOKINGS_REMINDER_LEAD_MINUTES/,
    );
  });
});
