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

// At phone widths everything in the header is reachable: the name, the cart, and in the menu the pages,
// sign-in (or the account) and the theme; nothing runs off the screen.
for (const width of [320, 390]) {
  test(`the header works at ${width} px`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText('Lotus Yoga Studio')).toBeVisible();
    await expect(header.getByText('Atrium')).toHaveCount(0);
    const cart = header.getByRole('button', { name: /cart/i });
    await expect(cart).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await header.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Services' })).toBeInViewport();
    await expect(menu.getByRole('link', { name: 'Shop' })).toBeInViewport();
    await expect(menu.getByRole('button', { name: 'Toggle light and dark theme' })).toBeInViewport();
    await menu.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('member@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('atrium-demo-member');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/login/);
    await header.getByRole('button', { name: 'Open navigation' }).click();
    await expect(menu.getByRole('link', { name: 'My account' })).toBeInViewport();
    await expect(menu.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  });
}

test('each tab is named after its page and the business, with the site icon', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Lotus Yoga Studio');
  await page.goto('/services');
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await expect(page).toHaveTitle(`${heading} · Lotus Yoga Studio`);
  await page.getByRole('link', { name: 'Private yoga session', exact: true }).click();
  await expect(page).toHaveTitle('Private yoga session · Lotus Yoga Studio');
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
});
