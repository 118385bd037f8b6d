import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';

// The owner creates a webhook in the dashboard, a booking is made, its delivery shows in the log, and
// the owner resends it: the receiver (an HTTP server in this test) gets the same webhook-id twice.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
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

async function signIn(page: Page) {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

test('the owner creates a webhook, sees a booking delivered in its log and replays it', async ({
  page,
  request,
}) => {
  await signIn(page);
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
  const services = await request.post('/bookings/v2/services/query', {
    headers: owner,
    data: { query: { filter: { type: { $eq: 'APPOINTMENT' } } } },
  });
  const service = (
    (await services.json()) as { services: Array<{ id: string; staffMemberIds: string[] }> }
  ).services.find((candidate) => candidate.staffMemberIds.length > 0)!;
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 20);
  start.setUTCHours(9, 0, 0, 0);
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
        contactDetails: { firstName: 'Hook', lastName: 'Test', email: `hook-${suffix}@example.com` },
        totalParticipants: 1,
      },
      flowControlSettings: { skipAvailabilityValidation: true },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
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
