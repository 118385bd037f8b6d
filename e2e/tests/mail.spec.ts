import { expect, test } from '@playwright/test';

// The owner opens the mail log from the dashboard, finds the confirmation a customer got, reads it as the
// customer sees it (HTML with the booking's details), and sends it again.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
const customerEmail = `mail-${suffix}@example.com`;

test('the owner reads a customer’s confirmation in the mail log and sends it again', async ({
  page,
  request,
}) => {
  const services = await request.post('/bookings/v2/services/query', {
    headers: owner,
    data: { query: { filter: { type: { $eq: 'APPOINTMENT' } } } },
  });
  const service = (
    (await services.json()) as { services: Array<{ id: string; name: string; staffMemberIds: string[] }> }
  ).services.find((candidate) => candidate.staffMemberIds.length > 0)!;
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 23);
  start.setUTCHours(10, 0, 0, 0);
  const booked = await request.post('/bookings/v2/bookings', {
    headers: owner,
    data: {
      booking: {
        bookedEntity: {
          slot: {
            serviceId: service.id,
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 60 * 60_000).toISOString(),
            resource: { id: service.staffMemberIds[0] },
          },
        },
        contactDetails: { firstName: 'Mira', lastName: 'Mail', email: customerEmail },
        totalParticipants: 1,
      },
      participantNotification: { notifyParticipants: true },
      flowControlSettings: { skipAvailabilityValidation: true },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  await page.goto('/dashboard');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
