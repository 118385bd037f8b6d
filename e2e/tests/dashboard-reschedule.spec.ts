import { expect, test } from '@playwright/test';
import { bookDemoAppointment, ownerHeaders, signInAtDashboard } from './dashboard-helpers.ts';

// The owner moves a booking from its drawer (issue #18, item 12), not only by dragging it in the calendar:
// a day, one of its free times, and the customer told by mail.
test.use({ timezoneId: 'UTC' });
const suffix = Date.now().toString(36);

test('the owner reschedules a booking from the booking drawer to a free time', async ({ page, request }) => {
  const email = `moved-${suffix}@example.com`;
  // A weekday, when the demo staff work, so the day has free times.
  let daysAhead = 17;
  while ([0, 6].includes(new Date(Date.now() + daysAhead * 86_400_000).getUTCDay())) daysAhead += 1;
  const service = await bookDemoAppointment(request, { email, firstName: 'Mona', daysAhead, hour: 9 });
  const found = await request.post('/bookings/v2/extended-bookings/query', {
    headers: ownerHeaders,
    data: { query: { filter: { 'contactDetails.email': email } } },
  });
  const original = (
    (await found.json()) as { extendedBookings: Array<{ booking: { id: string; startDate: string } }> }
  ).extendedBookings[0]!.booking;

  await signInAtDashboard(page);
  await page.goto(`/dashboard/calendar?date=${original.startDate.slice(0, 10)}`);
  await page.getByText(`Mona Test · ${service.name}`).click();
  const drawer = page.getByRole('dialog', { name: 'Booking' });
  await expect(drawer.getByRole('cell', { name: email })).toBeVisible();
  await drawer.getByRole('button', { name: 'Reschedule' }).click();

  const modal = page.getByRole('dialog', { name: 'Move this booking' });
  const times = modal.getByTestId('free-times');
  // Each free time is a chip: a radio drawn as its label.
  await expect(times.locator('label').first()).toBeVisible();
  await times.locator('label').last().click();
  await expect(times.getByRole('radio').last()).toBeChecked();
  await expect(modal.getByLabel('Email the customer the new time')).toBeChecked();
  await modal.getByRole('button', { name: 'Move booking' }).click();
  await expect(page.getByText(/The booking was moved to/)).toBeVisible();
  await expect(modal).toBeHidden();

  const after = await request.get(`/bookings/v2/bookings/${original.id}`, { headers: ownerHeaders });
  const moved = ((await after.json()) as { booking: { startDate: string } }).booking;
  expect(moved.startDate).not.toBe(original.startDate);
  await expect
    .poll(async () => {
      const mails = await request.get(
        `/mail/v1/outbox?to=${encodeURIComponent(email)}&kind=bookings.rescheduled`,
        { headers: ownerHeaders },
      );
      return ((await mails.json()) as { messages: unknown[] }).messages.length;
    })
    .toBe(1);
});
