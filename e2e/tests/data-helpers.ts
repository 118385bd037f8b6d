import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ownerHeaders } from './dashboard-helpers.ts';

/** A collection id unique to this run (`<Prefix><Base36 time>`), so reruns on one database never collide. */
export function uniqueCollectionId(prefix: string): string {
  const suffix = Date.now().toString(36);
  return `${prefix}${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;
}

/** Creates a collection with items through the API, as the owner (development credentials header). */
export async function createCollection(
  request: APIRequestContext,
  collection: { id: string; displayName?: string; fields: Array<{ key: string; type: string }> },
  items: Array<Record<string, unknown>> = [],
): Promise<void> {
  const created = await request.post('/data/v2/collections', {
    headers: ownerHeaders,
    data: { collection },
  });
  expect(created.ok()).toBe(true);
  if (items.length === 0) return;
  const inserted = await request.post('/data/v2/bulk/items/insert', {
    headers: ownerHeaders,
    data: { dataCollectionId: collection.id, dataItems: items.map((data) => ({ data })) },
  });
  expect(inserted.ok()).toBe(true);
}

/** From the dashboard's navigation to one collection's page, as an owner clicks there. */
export async function openCollection(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Collections' })
    .click();
  await expect(page.getByRole('heading', { name: 'Data collections' })).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** No serious or critical axe-core violation (WCAG 2.1 A and AA) on the screen as it is now. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}
