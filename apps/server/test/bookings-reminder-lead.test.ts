import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderSweepName } from '../src/modules/bookings/lifecycle/bookings.service.ts';
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

// The reminder's lead time is the deployment's choice (BOOKINGS_REMINDER_LEAD_MINUTES); a sweep each
// minute sends the reminders that are due (the tests run it at a clock of their own).

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
  it('sends the reminder that many minutes before the start, not earlier', async () => {
    const booking = await book(t.app, customer('alice'), bookingRequest(haircut, futureSlot(5, 11)));
    const start = Date.parse(booking.startDate);
    const reminders = async () =>
      (
        await t.app.database.query<{ id: string }>(
          `SELECT id FROM mail_outbox WHERE kind = 'bookings.reminder' AND text_body LIKE '%' || $1 || '%'`,
          [booking.id],
        )
      ).length;
    await t.app.timed.sendDueReminders(new Date(start - 91 * 60_000));
    expect(await reminders()).toBe(0);
    await t.app.timed.sendDueReminders(new Date(start - 90 * 60_000));
    expect(await reminders()).toBe(1);
  });

  it('runs the sweep every minute as a cron job of the queue', async () => {
    const rows = await t.app.database.query<{ cron: string; timezone: string }>(
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`,
      [`cron/${reminderSweepName}`],
    );
    expect(rows).toEqual([{ cron: '* * * * *', timezone: 'UTC' }]);
  });

  it('refuses a lead time past a week at start-up, naming the variable', () => {
    expect(() => loadConfig({ BOOKINGS_REMINDER_LEAD_MINUTES: String(8 * 24 * 60) })).toThrow(
      /BOOKINGS_REMINDER_LEAD_MINUTES/,
    );
  });
});
