import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { bookDemoAppointment, signInAtDashboard } from './dashboard-helpers.ts';

// The owner creates a webhook in the dashboard, a booking is made, its delivery shows in the log, and
// the owner resends it: the receiver (an HTTP server in this test) gets the same webhook-id twice.
const suffix = Date.now().toString(36);

const received: Array<{ id: string; type: string }> = [];
let server: http.Server;
let receiverUrl: string;

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({
        id: String(request.headers['webhook-id']),
        type: (JSON.parse(body) as { type: string }).type,
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook-${suffix}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('the owner creates a webhook, sees a booking delivered in its log and replays it', async ({
  page,
  request,
}) => {
  await signInAtDashboard(page);
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Webhooks' })
    .click();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

  await page.getByRole('button', { name: 'New webhook' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('URL').fill(receiverUrl);
  await dialog.getByLabel('Events').fill('bookings.booking.*');
  await dialog.getByLabel('Description').fill(`CRM ${suffix}`);
  await dialog.getByRole('button', { name: 'Create webhook' }).click();
  await expect(dialog.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('webhook-row').filter({ hasText: receiverUrl });
  await expect(row).toContainText('Enabled');

  // A booking of a demo service, made through the API as the business.
  await bookDemoAppointment(request, {
    email: `hook-${suffix}@example.com`,
    firstName: 'Hook',
    daysAhead: 20,
    hour: 9,
  });
  await expect
    .poll(() => received.filter((delivery) => delivery.type === 'bookings.booking.created').length)
    .toBe(1);
  const webhookId = received.find((delivery) => delivery.type === 'bookings.booking.created')!.id;

  await row.getByRole('button', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog');
  const delivery = log.locator(`tr[data-webhook-id="${webhookId}"]`);
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText('bookings.booking.created');
  await expect(delivery).toContainText('Delivered');
  await delivery.getByRole('button', { name: 'Resend' }).click();
  await expect.poll(() => received.filter((item) => item.id === webhookId).length).toBe(2);
  await expect(log.locator(`tr[data-webhook-id="${webhookId}"]`)).toHaveCount(2);
  await log.getByRole('tab', { name: 'Attempts' }).click();
  await expect(log.getByText('thanks').first()).toBeVisible();
});
