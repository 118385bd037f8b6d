import { expect, test, type Page } from '@playwright/test';

// "Pages usable with the network throttled": a slow mobile connection (about 1.6 Mbit/s down, 750 kbit/s up,
// 150 ms extra latency per request, Chrome's "Fast 3G" profile), emulated through the DevTools protocol.
test.use({ timezoneId: 'UTC', locale: 'en-US' });
test.describe.configure({ timeout: 180_000 });

async function throttle(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

test('on a slow connection the site loads and a visitor reaches the time picker', async ({ page }) => {
  await throttle(page);
  const started = Date.now();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first screen must not wait for the whole app: generous bound, but far below a broken experience.
  expect(Date.now() - started).toBeLessThan(15_000);

  await page.getByRole('link', { name: 'Browse services' }).click();
  await expect(page.getByTestId('service-card').first()).toBeVisible();
  await page.getByRole('link', { name: 'Private yoga session', exact: true }).click();
  await page.getByRole('link', { name: 'Book this service' }).click();
  await page.getByTestId('next-step').click();
  const day = page
    .getByTestId('booking-calendar')
    .locator('button.mantine-DatePicker-day:not([data-disabled]):not([data-outside]):not([data-hidden])')
    .first();
  await expect(day).toBeVisible();
  await day.click();
  await expect(page.getByTestId('time-slot').first()).toBeVisible();
});
