import { expect, test, type Page } from '@playwright/test';
import { ownerHeaders, signInAtDashboard } from './dashboard-helpers.ts';

// Changing a setting says what it does and is seen everywhere (issue #18 item 7): a new time zone is explained
// before it is saved, and a new currency shows in every price of the site and the dashboard.

async function openSettings(page: Page) {
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

// The card that holds the business name (the page's other cards have Save buttons of their own).
const businessCard = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Business name' })
    .locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');

test('before a new time zone is saved, the owner is told what happens to sessions and bookings', async ({
  page,
  request,
}) => {
  const before = (await (await request.get('/sites/v1/site', { headers: ownerHeaders })).json()) as {
    site: { timezone: string };
  };
  await signInAtDashboard(page);
  await openSettings(page);
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: /^Tokyo \(Japan/ }).click();
  await businessCard(page).getByRole('button', { name: 'Save' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change the time zone?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`From ${before.site.timezone} to Asia/Tokyo`);
  // The demo studio has a weekly class, a course and bookings of them in the coming week.
  await expect(dialog).toContainText(/\d+ weekly sessions? and \d+ one-off sessions?/);
  await expect(dialog).toContainText(/[1-9]\d* bookings? of those sessions move with them/);
  await expect(dialog).toContainText(/\d+ appointments? still to come keep their moment/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const after = (await (await request.get('/sites/v1/site', { headers: ownerHeaders })).json()) as {
    site: { timezone: string };
  };
  expect(after.site.timezone).toBe(before.site.timezone);
});

test('a new currency shows in the prices of the site and the dashboard', async ({ page, request }) => {
  const site = async () =>
    (
      (await (await request.get('/sites/v1/site', { headers: ownerHeaders })).json()) as {
        site: { currency: string };
      }
    ).site;
  const original = (await site()).currency;
  await signInAtDashboard(page);
  await openSettings(page);
  const currency = page.getByRole('combobox', { name: 'Currency' });
  await currency.click();
  await currency.fill('EUR');
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await businessCard(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await site()).currency).toBe('EUR');

  try {
    await page
      .getByRole('navigation', { name: 'Dashboard navigation' })
      .getByRole('link', { name: 'Services' })
      .click();
    await expect(page.getByText('€60').or(page.getByText('€60.00')).first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText('$');

    await page.goto('/services');
    await expect(page.getByTestId('service-card').first()).toBeVisible();
    await expect(page.getByText('€60').first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText('$');
  } finally {
    // Back to the demo's currency, so other tests see the site as seeded.
    const restored = await request.patch('/sites/v1/site', {
      headers: ownerHeaders,
      data: { site: { currency: original } },
    });
    expect(restored.status()).toBe(200);
  }
});
