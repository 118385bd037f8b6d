import { expect, test, type APIRequestContext } from '@playwright/test';
import { ownerHeaders, signInAtDashboard } from './dashboard-helpers.ts';
import {
  createCollection,
  expectNoSeriousViolations,
  openCollection,
  uniqueCollectionId,
} from './data-helpers.ts';

// The Permissions tab: roles per action and rules per subject (permissions v1), checked through the API,
// and the rule enforced: a visitor denied reading gets a refusal.
const collectionId = uniqueCollectionId('Notices');
const collectionName = `Notices ${collectionId.slice(7)}`;
const visitor = { 'x-atrium-dev-caller': 'ANONYMOUS_VISITOR' };

async function permissions(request: APIRequestContext) {
  const answer = await request.get(`/data/v1/permissions?dataCollectionId=${collectionId}`, {
    headers: ownerHeaders,
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).dataPermissions as {
    itemRead: string;
    itemInsert: string;
    specialPermissions: Array<{ id: string; policyId?: string; itemRead?: string; itemInsert?: string }>;
  };
}

async function visitorReads(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/data/v2/items/query', {
    headers: visitor,
    data: { dataCollectionId: collectionId, query: {} },
  });
  return answer.status();
}

test('changes who may do what, and adds and removes a deny rule', async ({ page, request }) => {
  await createCollection(
    request,
    { id: collectionId, displayName: collectionName, fields: [{ key: 'title', type: 'TEXT' }] },
    [{ _id: 'n1', title: 'Closed on Monday' }],
  );
  expect(await visitorReads(request)).toBe(200);

  await signInAtDashboard(page);
  await openCollection(page, collectionName);
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByRole('heading', { name: 'Access by role' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Read', exact: true })).toHaveValue('Anyone');
  await expect(page.getByText('No rules yet')).toBeVisible();

  // A role: members may create items.
  await page.getByRole('combobox', { name: 'Create', exact: true }).click();
  await page.getByRole('option', { name: 'Site members', exact: true }).click();
  await expect(page.getByText('Permission saved.')).toBeVisible();
  expect((await permissions(request)).itemInsert).toBe('SITE_MEMBER');

  // A rule: visitors may not read, whatever the role says.
  await page.getByRole('button', { name: 'Add rule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a rule' });
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText('Choose allow or deny for at least one operation')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Group' })).toHaveValue('Visitors');
  await dialog.getByRole('radiogroup', { name: 'Read' }).getByText('Deny').click();
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Rule added.')).toBeVisible();
  const rules = page.getByRole('table', { name: 'Rules' });
  const row = rules.getByRole('row', { name: /Visitors/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Deny');
  await expect(row.getByRole('cell').nth(2)).toHaveText('By role');
  await expectNoSeriousViolations(page, 'permissions tab');

  const stored = await permissions(request);
  expect(stored.specialPermissions).toEqual([
    expect.objectContaining({ policyId: 'VISITORS', itemRead: 'DENIED' }),
  ]);
  expect(await visitorReads(request)).toBe(403);

  // Remove it, after a confirmation: visitors read again.
  await page.getByRole('button', { name: 'Delete the rule for Visitors' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this rule?' });
  await confirm.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('Rule deleted.')).toBeVisible();
  await expect(page.getByText('No rules yet')).toBeVisible();
  expect((await permissions(request)).specialPermissions).toEqual([]);
  expect(await visitorReads(request)).toBe(200);
});
