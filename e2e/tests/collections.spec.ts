import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotDir, viewports } from './screenshots.ts';

// The owner drives the collections screens in the browser; the test checks what the server stored through
// the API with the development credentials header (NODE_ENV=development).
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
const collectionName = `Recipes ${suffix}`;
const collectionId = `Recipes${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;

/**
 * One full-page shot at desktop width of a finished screen: no spinner, pointer out of the way, toasts of
 * earlier steps gone. The window grows to the page's height, so sticky bars sit where a person sees them.
 */
async function capture(
  page: Page,
  name: string,
  options: { waitForLoaders?: boolean; keepToasts?: boolean } = {},
) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(viewports.desktop);
  await page.mouse.move(0, 0);
  if (options.waitForLoaders !== false) {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  }
  if (!options.keepToasts) {
    // Toasts close by themselves after a few seconds.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({
    width: viewports.desktop.width,
    height: Math.max(viewports.desktop.height, height),
  });
  await page.screenshot({
    path: path.join(screenshotDir, `collections-${name}-desktop.png`),
    fullPage: true,
  });
  await page.setViewportSize(viewports.desktop);
}

async function signIn(page: Page) {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a field on the schema tab: name, then type (the key follows the name). */
async function addField(page: Page, index: number, name: string, type: string) {
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('textbox', { name: `Name ${index}`, exact: true }).fill(name);
  if (type !== 'Text') await pick(page, `Type ${index}`, type);
}

function cell(page: Page, field: string, item: string) {
  return page.getByRole('button', { name: new RegExp(`^Edit ${field} of ${item}:`) });
}

async function firstColumnValues(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: collectionName }).locator('tbody tr');
  return rows.evaluateAll((elements) =>
    elements.map((row) => (row.querySelectorAll('td')[1]?.textContent ?? '').trim()),
  );
}

test.describe.serial('data collections', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the owner creates a collection, adds fields and items, edits, sorts, filters, imports and exports', async ({
    page,
    request,
  }) => {
    await signIn(page);

    // A list that fails to load says so.
    await page.route('**/data/v2/collections*', (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Dashboard navigation' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await expect(page.getByText('Could not load this')).toBeVisible();
    await capture(page, 'error');
    await page.unroute('**/data/v2/collections*');
    await page.reload();

    // The seeded collections are listed with their item counts.
    await expect(page.getByRole('link', { name: 'Blog posts' })).toBeVisible();
    await expect(page.getByTestId('item-count-Posts')).toHaveText('12');
    await expect(page.getByTestId('item-count-Team')).toHaveText('6');
    await capture(page, 'list');

    // Create: the id follows the name.
    await page.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(collectionName);
    await expect(dialog.getByRole('textbox', { name: 'Collection ID' })).toHaveValue(collectionId);
    await capture(page, 'create');
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await expect(page.getByRole('heading', { name: collectionName })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Schema' })).toHaveAttribute('aria-selected', 'true');

    // Schema: five fields of different types, one reference; a system key is refused by the server on its input.
    await addField(page, 1, 'Title', 'Text');
    await addField(page, 2, 'Servings', 'Number');
    await addField(page, 3, 'Vegetarian', 'Yes / no');
    await addField(page, 4, 'Published on', 'Date');
    await addField(page, 5, 'Chef', 'Reference');
    await pick(page, 'Referenced collection 5', 'Team (Team)');
    await page.getByRole('textbox', { name: 'Key 2', exact: true }).fill('_owner');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const keyInput = page.getByRole('textbox', { name: 'Key 2', exact: true });
    await expect(keyInput).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('_owner is a system field')).toBeVisible();
    await keyInput.fill('servings');
    await pick(page, 'Display field', 'Title');
    await page.getByRole('combobox', { name: 'Read', exact: true }).click();
    await page.getByRole('option', { name: 'Site members', exact: true }).click();
    await capture(page, 'schema');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Schema saved.')).toBeVisible();

    const schema = await request.get(`/data/v2/collections/${collectionId}`, { headers: owner });
    const { collection } = (await schema.json()) as {
      collection: {
        displayField: string;
        permissions: { read: string };
        fields: Array<{ key: string; type: string; systemField?: boolean; typeMetadata?: unknown }>;
      };
    };
    expect(collection.displayField).toBe('title');
    expect(collection.permissions.read).toBe('SITE_MEMBER');
    expect(
      collection.fields.filter((field) => !field.systemField).map((field) => [field.key, field.type]),
    ).toEqual([
      ['title', 'TEXT'],
      ['servings', 'NUMBER'],
      ['vegetarian', 'BOOLEAN'],
      ['publishedOn', 'DATE'],
      ['chef', 'REFERENCE'],
    ]);

    // Items: empty at first; one added through the form, three more through the API.
    await page.getByRole('tab', { name: 'Items' }).click();
    await expect(page.getByText('No items yet')).toBeVisible();
    await capture(page, 'items-empty');
    await page.getByRole('button', { name: 'Add item' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Title' }).fill('Lentil soup');
    await form.getByRole('textbox', { name: 'Servings' }).fill('4');
    await form.getByRole('switch', { name: 'Vegetarian' }).check({ force: true });
    await form.getByLabel('Published on').fill('2026-10-05');
    await form.getByRole('combobox', { name: 'Chef' }).click();
    await page.getByRole('option', { name: 'Maya Okafor' }).click();
    await capture(page, 'item-form');
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText('Item added.')).toBeVisible();
    await expect(cell(page, 'Title', 'Lentil soup')).toBeVisible();

    const inserted = await request.post('/data/v2/bulk/items/insert', {
      headers: owner,
      data: {
        dataCollectionId: collectionId,
        dataItems: [
          {
            id: 'r-curry',
            data: {
              _id: 'r-curry',
              title: 'Chickpea curry',
              servings: 6,
              vegetarian: true,
              chef: 'team-jonas',
            },
          },
          {
            id: 'r-stew',
            data: { _id: 'r-stew', title: 'Beef stew', servings: 8, vegetarian: false, chef: 'team-sam' },
          },
          { id: 'r-salad', data: { _id: 'r-salad', title: 'Green salad', servings: 2, vegetarian: true } },
        ],
      },
    });
    expect(inserted.status(), await inserted.text()).toBe(200);
    await page.reload();
    await expect(cell(page, 'Title', 'Beef stew')).toBeVisible();
    await expect(page.getByTestId('items-range')).toHaveText('1–4 of 4');

    // Inline edit of a number cell: saved at once, kept by the server.
    await cell(page, 'Servings', 'Green salad').click();
    const editor = page.getByRole('textbox', { name: 'Edit Servings of Green salad' });
    await editor.fill('3');
    await editor.press('Enter');
    await expect(cell(page, 'Servings', 'Green salad')).toHaveAccessibleName(/: 3$/);
    await expect
      .poll(async () => {
        const answer = await request.get(`/data/v2/items/r-salad?dataCollectionId=${collectionId}`, {
          headers: owner,
        });
        return ((await answer.json()) as { dataItem: { data: { servings: number } } }).dataItem.data.servings;
      })
      .toBe(3);
    // An edit the server refuses goes back to the stored value, and says why.
    await page.route('**/data/v2/items/patch', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Your role may not update items of this collection',
          details: {
            applicationError: {
              code: 'WDE0027',
              description: 'Your role may not update items of this collection',
            },
          },
        }),
      }),
    );
    await cell(page, 'Servings', 'Beef stew').click();
    await page.getByRole('textbox', { name: 'Edit Servings of Beef stew' }).fill('80');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Your role does not allow this.')).toBeVisible();
    await expect(cell(page, 'Servings', 'Beef stew')).toHaveAccessibleName(/: 8$/);
    await capture(page, 'edit-refused', { keepToasts: true });
    await page.unroute('**/data/v2/items/patch');

    // A text cell, with the keyboard: Enter opens the editor, Escape leaves it unchanged.
    await cell(page, 'Title', 'Beef stew').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Edit Title of Beef stew' }).fill('Something else');
    await page.keyboard.press('Escape');
    await expect(cell(page, 'Title', 'Beef stew')).toBeVisible();

    // Sorting by a column, both ways.
    await page.getByRole('button', { name: 'Sort by Servings' }).click();
    await expect
      .poll(() => firstColumnValues(page))
      .toEqual(['Green salad', 'Lentil soup', 'Chickpea curry', 'Beef stew']);
    await page.getByRole('button', { name: 'Sort by Servings' }).click();
    await expect
      .poll(() => firstColumnValues(page))
      .toEqual(['Beef stew', 'Chickpea curry', 'Lentil soup', 'Green salad']);
    await capture(page, 'items');

    // A filter: Servings greater than 4, and vegetarian.
    await page.getByRole('button', { name: 'Filter' }).click();
    await pick(page, 'Field 1', 'Servings');
    await pick(page, 'Condition 1', 'is greater than');
    await page.getByRole('textbox', { name: 'Value 1' }).fill('4');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await pick(page, 'Field 2', 'Vegetarian');
    await capture(page, 'filter-builder', { waitForLoaders: false });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => firstColumnValues(page)).toEqual(['Chickpea curry']);
    await expect(page.getByText('Servings is greater than 4')).toBeVisible();
    await capture(page, 'items-filtered');
    await page.getByRole('button', { name: /^Remove condition: Vegetarian/ }).click();
    await expect.poll(() => firstColumnValues(page)).toEqual(['Beef stew', 'Chickpea curry']);
    await page.getByRole('button', { name: /^Remove condition: Servings/ }).click();

    // Import: a CSV whose third row has a servings value that is not a number.
    await page.getByRole('tab', { name: 'Import & export' }).click();
    const csv = [
      'title,servings,vegetarian,publishedOn',
      'Tomato tart,4,true,2026-11-01',
      'Mushroom risotto,2,true,2026-11-03',
      'Fish pie,lots,false,2026-11-04',
      'Apple crumble,6,true,2026-11-05',
    ].join('\n');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'recipes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('radio', { name: 'Keep the existing item' }).check();
    await page.getByRole('button', { name: 'Start import' }).click();
    const importJob = page.getByTestId('job-import');
    await expect(importJob.getByTestId('job-status')).toHaveText('Finished with errors', { timeout: 60_000 });
    const report = page.getByTestId('import-errors');
    await expect(report.getByText('1 row could not be imported')).toBeVisible();
    await expect(report.getByRole('row', { name: /^3 .*INVALID_VALUE/ })).toBeVisible();
    await capture(page, 'import');

    const count = await request.post('/data/v2/items/count', {
      headers: owner,
      data: { dataCollectionId: collectionId },
    });
    expect(((await count.json()) as { totalCount: number }).totalCount).toBe(7);

    // Export as CSV: the file downloads once the job is done.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    const exported = fs.readFileSync(await file.path(), 'utf8');
    expect(exported.split('\n')[0]).toContain('title');
    expect(exported).toContain('Apple crumble');
    expect(exported).toContain('Chickpea curry');
    expect(file.suggestedFilename()).toBe(`${collectionId}.csv`);
    await expect(page.getByRole('button', { name: 'Download file' })).toBeVisible();
    await capture(page, 'transfer', { keepToasts: true });

    // The item form edits every field of an item, the reference included.
    await page.getByRole('tab', { name: 'Items' }).click();
    await page.getByRole('button', { name: 'Edit Green salad' }).click();
    const editForm = page.getByRole('dialog', { name: 'Edit “Green salad”' });
    await expect(editForm.getByRole('textbox', { name: 'Servings' })).toHaveValue('3');
    await editForm.getByRole('textbox', { name: 'Title' }).fill('Green salad with feta');
    await editForm.getByRole('switch', { name: 'Vegetarian' }).uncheck({ force: true });
    await editForm.getByRole('combobox', { name: 'Chef' }).click();
    await page.getByRole('option', { name: 'Léa Moreau' }).click();
    await capture(page, 'item-edit');
    await editForm.getByRole('button', { name: 'Save item' }).click();
    await expect(page.getByText('Item saved.')).toBeVisible();
    await expect(cell(page, 'Title', 'Green salad with feta')).toBeVisible();
    const edited = await request.get(`/data/v2/items/r-salad?dataCollectionId=${collectionId}`, {
      headers: owner,
    });
    expect(
      ((await edited.json()) as { dataItem: { data: Record<string, unknown> } }).dataItem.data,
    ).toMatchObject({
      title: 'Green salad with feta',
      servings: 3,
      vegetarian: false,
      chef: 'team-lea',
    });

    // Bulk delete of selected items.
    await page.getByRole('checkbox', { name: 'Select Tomato tart' }).check();
    await page.getByRole('checkbox', { name: 'Select Mushroom risotto' }).check();
    await page.getByRole('button', { name: 'Delete 2 selected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete 2 selected' }).click();
    await expect(page.getByText('2 items deleted.')).toBeVisible();
    await expect(page.getByTestId('items-range')).toHaveText('1–5 of 5');

    // Dark theme.
    await page.getByRole('button', { name: 'Toggle light and dark theme' }).click();
    await capture(page, 'items-dark');
    await page.getByRole('tab', { name: 'Schema' }).click();
    await capture(page, 'schema-dark');
    await page.getByRole('button', { name: 'Toggle light and dark theme' }).click();
  });

  test('the items table shows a skeleton while loading, and deleting a collection asks for its id', async ({
    page,
    request,
  }) => {
    await signIn(page);
    // Holding the items query shows the loading state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/data/v2/items/query*', async (route) => {
      await held;
      // A request the page gave up on meanwhile is already settled.
      await route.continue().catch(() => undefined);
    });
    await page.goto('/dashboard/collections/Posts');
    await expect(page.getByRole('heading', { name: 'Blog posts' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toBeVisible();
    await capture(page, 'items-loading', { waitForLoaders: false });
    release();
    await page.unroute('**/data/v2/items/query*');
    await expect(cell(page, 'Title', 'Winter timetable and holiday closures')).toBeVisible();
    await capture(page, 'posts');

    await page.goto('/dashboard/collections');
    await page.getByRole('button', { name: `Actions for ${collectionName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete collection' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/its 5 items will be deleted/)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete collection' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox').fill(collectionId);
    await capture(page, 'delete');
    await confirm.click();
    await expect(page.getByText('Collection deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: collectionName })).toHaveCount(0);
    const gone = await request.get(`/data/v2/collections/${collectionId}`, { headers: owner });
    expect(gone.status()).toBe(404);
  });
});
