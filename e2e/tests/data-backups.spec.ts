import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { viewports } from './screenshots.ts';

// The owner takes a backup in the dashboard, the collection's items are deleted, and the owner restores
// them from the backup with the collection picker. The stored items are checked through the API with the
// development credentials header (NODE_ENV=development).
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
const collectionId = `Pantry${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;

async function signIn(page: Page) {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

async function itemIds(request: APIRequestContext): Promise<string[]> {
  const answer = await request.post('/data/v2/items/query', {
    headers: owner,
    data: { dataCollectionId: collectionId, query: { sort: [{ fieldName: '_id' }] } },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()).dataItems as Array<{ id: string }>).map((item) => item.id);
}

test('takes a backup, and restores a collection after its items are deleted', async ({ page, request }) => {
  const created = await request.post('/data/v2/collections', {
    headers: owner,
    data: { collection: { id: collectionId, fields: [{ key: 'name', type: 'TEXT' }] } },
  });
  expect(created.ok()).toBe(true);
  await request.post('/data/v2/bulk/items/insert', {
    headers: owner,
    data: {
      dataCollectionId: collectionId,
      dataItems: [{ data: { _id: 'flour', name: 'Flour' } }, { data: { _id: 'salt', name: 'Salt' } }],
    },
  });

  await signIn(page);
  await page.goto('/dashboard/collections');
  await page.getByRole('link', { name: 'Backups' }).click();
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
  await page.getByRole('button', { name: 'Take a backup' }).click();
  const backups = page.getByRole('table', { name: 'Backups' });
  const newest = backups.getByRole('row').nth(1);
  await expect(newest.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await expect(newest).toContainText(collectionId);

  const truncated = await request.post('/data/v2/items/truncate', {
    headers: owner,
    data: { dataCollectionId: collectionId },
  });
  expect(truncated.ok()).toBe(true);
  expect(await itemIds(request)).toEqual([]);

  await newest.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore collections' });
  // Only this collection: untick every other one the backup holds.
  for (const box of await dialog.getByRole('checkbox').all()) {
    const label = (await box.getAttribute('value')) ?? '';
    if (label !== collectionId) await box.uncheck();
  }
  await expect(dialog.getByRole('checkbox', { name: collectionId })).toBeChecked();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  const restorations = page.getByRole('table', { name: 'Restorations' });
  await expect(restorations.getByRole('row').nth(1).getByText('Completed')).toBeVisible({ timeout: 60_000 });

  expect(await itemIds(request)).toEqual(['flour', 'salt']);
});
