import { expect, test } from '@playwright/test';
import { signInAtDashboard } from './dashboard-helpers.ts';

// What a first visit costs (issue #18 item 4; the timings are bench/site-load.bench.ts's): the public site
// loads none of the dashboard's code, and the dashboard home asks the server a handful of times, not once per
// day of its chart.
const apiPrefixes = ['/sites/', '/identity/', '/bookings/', '/ecom/', '/stores/', '/data/', '/oauth2/'];

test('the site home loads no dashboard code and no chart library', async ({ page }) => {
  const scripts: Array<{ url: string; body: Promise<string> }> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), body: response.text() });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(new URL(script.url).pathname).not.toMatch(/dashboard|calendar-page/);
    // recharts (behind @mantine/charts) names its elements with this prefix.
    expect(await script.body, script.url).not.toContain('recharts-');
  }
});

test('the dashboard home makes at most five API calls, its chart one of them', async ({ page }) => {
  await signInAtDashboard(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (apiPrefixes.some((prefix) => pathname.startsWith(prefix))) calls.push(pathname);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByTestId('month-count')).toHaveText(/^\d+$/);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls, calls.join('\n')).toContain('/bookings/v2/extended-bookings/count-by-day');
  expect(calls.filter((call) => call === '/bookings/v2/extended-bookings/count')).toEqual([]);
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(5);
});
