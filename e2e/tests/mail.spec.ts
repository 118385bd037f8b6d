import { expect, test } from '@playwright/test';
import { bookDemoAppointment, signInAtDashboard } from './dashboard-helpers.ts';

// The owner opens the mail log from the dashboard, finds the confirmation a customer got, reads it as the
// customer sees it (HTML with the booking's details), and sends it again.
const suffix = Date.now().toString(36);
const customerEmail = `mail-${suffix}@example.com`;

test('the owner reads a customer’s confirmation in the mail log and sends it again', async ({
  page,
  request,
}) => {
  const service = await bookDemoAppointment(request, {
    email: customerEmail,
    firstName: 'Mira',
    daysAhead: 23,
    hour: 10,
  });
  await signInAtDashboard(page);
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Mail' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mail' })).toBeVisible();
  await page.getByLabel('Recipient address').fill(customerEmail);
  const log = page.getByTestId('mail-log');
  const rows = log.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Your booking is confirmed');

  await rows.first().getByRole('button', { name: 'View' }).click();
  const dialog = page.getByRole('dialog');
  const mail = dialog.frameLocator('iframe');
  await expect(mail.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();
  await expect(mail.getByText('Hello Mira,')).toBeVisible();
  await expect(mail.getByText(service.name)).toBeVisible();
  await dialog.getByRole('tab', { name: 'Text version' }).click();
  await expect(dialog.getByText(/Booking reference: /)).toBeVisible();
  await page.keyboard.press('Escape');

  await rows.first().getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('The mail will be sent again.')).toBeVisible();
  await expect(rows).toHaveCount(2);
});
