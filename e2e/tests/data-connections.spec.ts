import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ownerHeaders, signInAtDashboard } from './dashboard-helpers.ts';
import { expectNoSeriousViolations } from './data-helpers.ts';

// External databases: a small adapter served by the test (the adapter protocol's `schemas/list`, refusing a
// wrong secret with 401, as the reference adapter does), a connection to it, one with the wrong secret and
// one to a closed port; each status is the server's real check. The e2e server allows loopback adapters
// (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES).
const secret = `adapter-secret-${Date.now()}`;
const suffix = Date.now().toString(36);
const names = { good: `pantry-${suffix}`, refused: `refused-${suffix}`, closed: `closed-${suffix}` };

let adapter: http.Server;
let adapterUrl: string;
let closedUrl: string;

test.beforeAll(async () => {
  adapter = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const given = (JSON.parse(body || '{}') as { requestContext?: { settings?: { secretKey?: string } } })
        .requestContext?.settings?.secretKey;
      response.setHeader('content-type', 'application/json');
      if (given !== secret) {
        response.statusCode = 401;
        response.end(JSON.stringify({ message: 'wrong secret' }));
        return;
      }
      if (request.url !== '/schemas/list') {
        response.statusCode = 404;
        response.end('{}');
        return;
      }
      response.end(
        JSON.stringify({
          schemas: [
            {
              id: 'Shelves',
              displayName: 'Shelves',
              fields: { label: { displayName: 'label', type: 'text' }, capacity: { type: 'number' } },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => adapter.listen(0, '127.0.0.1', resolve));
  adapterUrl = `http://127.0.0.1:${(adapter.address() as AddressInfo).port}`;
  // A port that was free a moment ago and is closed now: nothing listens there.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => adapter.close(resolve));
});

test('adds connections and shows each status honestly, lists collections, deletes', async ({
  page,
  request,
}) => {
  await signInAtDashboard(page);
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Collections' })
    .click();
  await page.getByRole('link', { name: 'External databases' }).click();
  await expect(page.getByRole('heading', { name: 'External databases', level: 1 })).toBeVisible();

  const add = async (name: string, endpoint: string, secretKey: string) => {
    await page.getByRole('button', { name: 'Add connection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect an external database' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Adapter URL' }).fill(endpoint);
    await dialog.getByLabel('Secret key').fill(secretKey);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
  };

  // A name the contract refuses is caught in the form.
  await page.getByRole('button', { name: 'Add connection' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Connect an external database' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('has spaces');
  await dialog.getByRole('textbox', { name: 'Adapter URL' }).fill(adapterUrl);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Use only letters, digits, “_” and “-”')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await add(names.good, adapterUrl, secret);
  await expect(page.getByText(`Connection “${names.good}” added.`)).toBeVisible();
  await add(names.refused, adapterUrl, 'not-the-secret');
  await expect(
    page.getByText(`Connection “${names.refused}” added, but the adapter could not be reached.`),
  ).toBeVisible();
  await add(names.closed, closedUrl, secret);

  const table = page.getByRole('table', { name: 'External databases' });
  const row = (name: string) => table.getByRole('row', { name: new RegExp(name) });
  await expect(row(names.good)).toContainText('Connected');
  await expect(row(names.refused)).toContainText('Failing');
  await expect(row(names.refused)).toContainText('UNAUTHORIZED');
  await expect(row(names.refused)).toContainText('The adapter refused the secret key.');
  await expect(row(names.closed)).toContainText('DESTINATION_HOST_UNREACHABLE');
  await expect(row(names.closed)).toContainText('could not be reached');
  await expectNoSeriousViolations(page, 'external databases');

  // The secret is write-only: neither the page nor the API ever shows it back.
  await expect(page.getByText(secret)).toHaveCount(0);
  const listed = await request.get('/data/v1/external-database-connections', { headers: ownerHeaders });
  expect(await listed.text()).not.toContain(secret);

  // The adapter's collections, addressed <connection>/<collection>.
  await row(names.good)
    .getByRole('button', { name: `Collections of ${names.good}` })
    .click();
  const collections = page.getByRole('dialog', { name: `Collections of ${names.good}` });
  await expect(collections.getByRole('row', { name: /Shelves/ })).toContainText(`${names.good}/Shelves`);
  await expect(collections).toContainText('capacity');
  await page.keyboard.press('Escape');
  await expect(collections).toBeHidden();

  // A failing connection says why its collections cannot be listed.
  await row(names.refused)
    .getByRole('button', { name: `Collections of ${names.refused}` })
    .click();
  const failing = page.getByRole('dialog', { name: `Collections of ${names.refused}` });
  await expect(failing.getByText('The adapter could not list its collections')).toBeVisible();
  await page.keyboard.press('Escape');

  // Delete, after a confirmation.
  await row(names.closed)
    .getByRole('button', { name: `Delete connection ${names.closed}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this connection?' });
  await confirm.getByRole('button', { name: 'Delete connection' }).click();
  await expect(page.getByText('Connection deleted.')).toBeVisible();
  await expect(row(names.closed)).toHaveCount(0);
  const gone = await request.get(`/data/v1/external-database-connections/${names.closed}`, {
    headers: ownerHeaders,
  });
  expect(gone.status()).toBe(404);
});
