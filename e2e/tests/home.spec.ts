import { expect, test } from '@playwright/test';
import { captureBothWidths } from './screenshots.ts';

test('the site home renders from the built app served by the server', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await captureBothWidths(page, 'home');
});

test('a deep link is answered by the app shell, whose router shows its own not-found page', async ({
  page,
}) => {
  const response = await page.goto('/some/deep/link');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await captureBothWidths(page, 'not-found');
});
