import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInAtDashboard } from './dashboard-helpers.ts';
import {
  createCollection,
  expectNoSeriousViolations,
  openCollection,
  uniqueCollectionId,
} from './data-helpers.ts';

// Drafts in the items grid: the owner turns the publish plugin on, moves an item to drafts, schedules it,
// publishes it again; what a visitor sees is checked through the API at each step.
const collectionId = uniqueCollectionId('Journal');
const collectionName = `Journal ${collectionId.slice(7)}`;
const visitor = { 'x-atrium-dev-caller': 'ANONYMOUS_VISITOR' };

async function visibleToVisitors(request: APIRequestContext): Promise<string[]> {
  const answer = await request.post('/data/v2/items/query', {
    headers: visitor,
    data: { dataCollectionId: collectionId, query: { sort: [{ fieldName: '_id' }] } },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()).dataItems as Array<{ id: string }>).map((item) => item.id);
}

test('turns drafts on, unpublishes, schedules and publishes an item', async ({ page, request }) => {
  await createCollection(
    request,
    { id: collectionId, displayName: collectionName, fields: [{ key: 'title', type: 'TEXT' }] },
    [
      { _id: 'e1', title: 'Spring opening' },
      { _id: 'e2', title: 'Summer hours' },
    ],
  );

  await signInAtDashboard(page);
  await openCollection(page, collectionName);
  const grid = page.getByRole('table', { name: collectionName });
  await expect(grid.getByRole('row', { name: /Summer hours/ })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);

  // Turn the plugin on: items from before it stay published.
  await page.getByRole('button', { name: 'Turn on drafts' }).click();
  const enable = page.getByRole('dialog', { name: 'Turn on drafts and publishing' });
  await expect(enable.getByRole('radiogroup', { name: 'New items start as' })).toBeVisible();
  await enable.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Drafts and publishing are on.')).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  const summer = grid.getByRole('row', { name: /Summer hours/ });
  await expect(summer.getByText('Published', { exact: true })).toBeVisible();

  // Unpublish: visitors no longer see it; the owner still does, as a draft.
  await summer.getByRole('button', { name: 'Publishing of Summer hours' }).click();
  await page.getByRole('menuitem', { name: 'Move to drafts' }).click();
  await expect(summer.getByText('Draft', { exact: true })).toBeVisible();
  expect(await visibleToVisitors(request)).toEqual(['e1']);

  // Schedule publishing in a year: Scheduled, with its date; still hidden from visitors.
  await summer.getByRole('button', { name: 'Publishing of Summer hours' }).click();
  await page.getByRole('menuitem', { name: 'Schedule publishing…' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule “Summer hours”' });
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule.getByText('Pick a date and time')).toBeVisible();
  const nextYear = new Date().getFullYear() + 1;
  await schedule.getByLabel('Date and time').fill(`${nextYear}-06-01T09:30`);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(summer.getByText('Scheduled', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'items grid with drafts');
  await expect(summer).toContainText(/Publishes .*1 Jun|Publishes .*Jun 1/);
  expect(await visibleToVisitors(request)).toEqual(['e1']);

  // Publish now: the schedule goes, visitors see it.
  await summer.getByRole('button', { name: 'Publishing of Summer hours' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(summer.getByText('Published', { exact: true })).toBeVisible();
  await expect(summer).not.toContainText('Publishes');
  expect(await visibleToVisitors(request)).toEqual(['e1', 'e2']);

  // Schedule unpublishing: still published until then.
  await summer.getByRole('button', { name: 'Publishing of Summer hours' }).click();
  await page.getByRole('menuitem', { name: 'Schedule unpublishing…' }).click();
  await page
    .getByRole('dialog', { name: 'Schedule “Summer hours”' })
    .getByLabel('Date and time')
    .fill(`${nextYear}-09-01T18:00`);
  await page
    .getByRole('dialog', { name: 'Schedule “Summer hours”' })
    .getByRole('button', { name: 'Schedule' })
    .click();
  await expect(summer).toContainText('Unpublishes');
  expect(await visibleToVisitors(request)).toEqual(['e1', 'e2']);

  // Turn the plugin off, after a confirmation: every item is visible again.
  await page.getByRole('button', { name: 'Publishing settings: Drafts on' }).click();
  await page.getByRole('menuitem', { name: 'Turn off drafts' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off drafts and publishing?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(page.getByText('Drafts and publishing are off.')).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);
});
