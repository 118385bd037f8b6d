import { expect, test } from '@playwright/test';
import { signInAtDashboard } from './dashboard-helpers.ts';

// The owner's settings: the time-zone picker finds a zone by city or country and says when nothing
// matches; the mail design (brand colour) is saved and shown again after a reload.

test('the owner finds a time zone by city or country and saves the colour of the site’s mails', async ({
  page,
}) => {
  await signInAtDashboard(page);
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('New York');
  await expect(page.getByRole('option', { name: /^New York \(United States/ })).toBeVisible();
  await zone.fill('germany');
  await expect(page.getByRole('option', { name: /^Berlin \(Germany\)/ })).toBeVisible();
  await zone.fill('Atlantis');
  await expect(page.getByText('No time zone matches')).toBeVisible();
  await page.keyboard.press('Escape');

  const colour = page.getByRole('textbox', { name: 'Brand colour' });
  await colour.fill('#7c3aed');
  await expect(page.getByRole('img', { name: 'Preview of a mail header and button' })).toBeVisible();
  const design = page.locator('.mantine-Card-root').filter({ hasText: 'Mail design' });
  await design.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Brand colour' })).toHaveValue('#7c3aed');

  // Back to the default, so other tests see the demo site as seeded.
  await page.getByRole('textbox', { name: 'Brand colour' }).fill('');
  await page
    .locator('.mantine-Card-root')
    .filter({ hasText: 'Mail design' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
});
