import { expect, test, type APIRequestContext } from '@playwright/test';
import { ownerHeaders, signInAtDashboard } from './dashboard-helpers.ts';
import {
  createCollection,
  expectNoSeriousViolations,
  openCollection,
  uniqueCollectionId,
} from './data-helpers.ts';

// The Fields tab: each change is one collection-schema call (create-field, patch-field, delete-field),
// checked in the stored schema through the API.
const collectionId = uniqueCollectionId('Recipes');
const collectionName = `Recipes ${collectionId.slice(7)}`;

async function storedFields(request: APIRequestContext) {
  const answer = await request.get(`/data/v2/collections/${collectionId}`, { headers: ownerHeaders });
  expect(answer.ok()).toBe(true);
  const { collection } = (await answer.json()) as {
    collection: {
      fields: Array<{ key: string; displayName?: string | null; type: string; systemField?: boolean }>;
    };
  };
  return collection.fields
    .filter((field) => !field.systemField)
    .map(({ key, displayName, type }) => ({ key, displayName: displayName ?? null, type }));
}

test('adds a field, renames it and deletes it after a confirmation', async ({ page, request }) => {
  await createCollection(request, {
    id: collectionId,
    displayName: collectionName,
    fields: [{ key: 'title', type: 'TEXT' }],
  });

  await signInAtDashboard(page);
  await openCollection(page, collectionName);
  await page.getByRole('tab', { name: 'Fields', exact: true }).click();
  const fields = page.getByRole('table', { name: 'Fields' });
  await expect(fields.getByRole('row', { name: /title/ })).toContainText('Text');
  await expect(fields.getByRole('row', { name: /_createdDate/ })).toBeVisible();

  // Add: the key follows the name; the type is picked from the grouped list.
  await page.getByRole('button', { name: 'Add field' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a field' });
  await add.getByLabel('Name').fill('Cooking time');
  await expect(add.getByRole('textbox', { name: 'Key' })).toHaveValue('cookingTime');
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Number', exact: true }).click();
  await add.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByText('Field “Cooking time” added.')).toBeVisible();
  await expect(fields.getByRole('row', { name: /cookingTime/ })).toContainText('Number');
  await expectNoSeriousViolations(page, 'fields tab');

  // A key that exists is refused before anything is sent.
  await page.getByRole('button', { name: 'Add field' }).first().click();
  await add.getByRole('textbox', { name: 'Key' }).fill('title');
  await add.getByRole('button', { name: 'Add field' }).click();
  await expect(add.getByText('Another field has this key')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();

  expect(await storedFields(request)).toEqual([
    { key: 'title', displayName: null, type: 'TEXT' },
    { key: 'cookingTime', displayName: 'Cooking time', type: 'NUMBER' },
  ]);

  // Rename: only the display name changes.
  await page.getByRole('button', { name: 'Rename Cooking time' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename field' });
  await rename.getByLabel('Name').fill('Minutes to cook');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Field renamed.')).toBeVisible();
  await expect(fields.getByRole('row', { name: /cookingTime/ })).toContainText('Minutes to cook');

  // Delete: a confirmation first; cancelling keeps the field.
  await page.getByRole('button', { name: 'Delete field Minutes to cook' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this field?' });
  await expect(confirm).toContainText('Existing items keep their values under cookingTime');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(fields.getByRole('row', { name: /cookingTime/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete field Minutes to cook' }).click();
  await confirm.getByRole('button', { name: 'Delete field' }).click();
  await expect(page.getByText('Field deleted.')).toBeVisible();
  await expect(fields.getByRole('row', { name: /cookingTime/ })).toHaveCount(0);

  expect(await storedFields(request)).toEqual([{ key: 'title', displayName: null, type: 'TEXT' }]);
});
