import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { screenshotDir, viewports } from './screenshots.ts';

// The catalogue screens of the owner dashboard against the real server: resources, categories, a service
// with options, prices, photos and add-ons, a class timetable, and a staff member's calendars.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
const names = {
  resourceType: `Treatment room ${suffix}`,
  resource: `Room Lotus ${suffix}`,
  category: `Massage ${suffix}`,
  otherCategory: `Wellness ${suffix}`,
  service: `Hot stone massage ${suffix}`,
  klass: `Evening flow ${suffix}`,
  staff: `Noor ${suffix}`,
};

/**
 * What the server and the browser fetch during the test: a calendar with one busy evening, a path
 * answering 404, and the service's photos. The server may not reach the internet, but it reaches this.
 */
function startFixtures(): Promise<http.Server> {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const stamp = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const start = new Date(tomorrow);
  start.setUTCHours(17, 0, 0, 0);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium e2e//EN',
    'BEGIN:VEVENT',
    `UID:dinner-${suffix}@example.com`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    'SUMMARY:Dinner',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const photo = (from: string, to: string, label: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
      <rect width="1200" height="675" fill="url(#g)"/>
      <circle cx="930" cy="190" r="120" fill="#ffffff" fill-opacity="0.18"/>
      <circle cx="300" cy="520" r="210" fill="#ffffff" fill-opacity="0.10"/>
      <text x="80" y="600" font-family="sans-serif" font-size="64" fill="#ffffff" fill-opacity="0.85">${label}</text>
    </svg>`;
  const files: Record<string, [string, string]> = {
    '/calendar.ics': ['text/calendar', ics],
    '/cover.svg': ['image/svg+xml', photo('#0f766e', '#34d399', 'Stillness')],
    '/stones.svg': ['image/svg+xml', photo('#7c2d12', '#f59e0b', 'Warm stones')],
    '/oil.svg': ['image/svg+xml', photo('#4338ca', '#a78bfa', 'Aromatherapy')],
  };
  const server = http.createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    response.writeHead(200, { 'content-type': file[0], 'access-control-allow-origin': '*' }).end(file[1]);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function capture(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(viewports.desktop);
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  // Toasts of the steps before would cover the page; they are hidden for the shot only.
  const toasts = page.locator('.mantine-Notifications-root');
  await toasts.evaluateAll((nodes) =>
    nodes.forEach((node) => ((node as HTMLElement).style.visibility = 'hidden')),
  );
  await page.screenshot({ path: path.join(screenshotDir, `dashboard-${name}-desktop.png`), fullPage: true });
  await toasts.evaluateAll((nodes) => nodes.forEach((node) => ((node as HTMLElement).style.visibility = '')));
}

async function signIn(page: Page) {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

async function nav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name }).click();
}

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown) {
  const response =
    method === 'GET'
      ? await request.get(url, { headers: owner })
      : await request.post(url, { headers: owner, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function serviceNamed(request: APIRequestContext, name: string) {
  const answer = await api<{ services: Array<Record<string, unknown> & { id: string }> }>(
    request,
    'POST',
    '/bookings/v2/services/query',
    { query: { filter: { name: { $eq: name } } } },
  );
  expect(answer.services).toHaveLength(1);
  return answer.services[0]!;
}

test.describe.serial('owner dashboard: catalogue', () => {
  test.describe.configure({ timeout: 120_000 });
  let fixtures: http.Server;
  let fixturesUrl = '';

  test.beforeAll(async () => {
    fixtures = await startFixtures();
    fixturesUrl = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => fixtures.close(() => resolve())));

  test('the owner creates a resource type, a resource and reorders categories', async ({ page, request }) => {
    await signIn(page);

    await nav(page, 'Resources');
    await page.getByRole('button', { name: 'New type' }).click();
    await page.getByRole('dialog').getByLabel('Type name').fill(names.resourceType);
    await page.getByRole('dialog').getByRole('button', { name: 'Create type' }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^${names.resourceType}`) })).toBeVisible();

    await page.getByRole('button', { name: 'New resource', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(names.resource);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: names.resourceType }).click();
    await dialog.getByRole('button', { name: 'Create resource' }).click();
    await expect(page.getByRole('cell', { name: names.resource, exact: true })).toBeVisible();
    // Picking the type filters the resources on the server.
    await page.getByRole('button', { name: new RegExp(`^${names.resourceType}`) }).click();
    await expect(page.getByRole('heading', { name: names.resourceType })).toBeVisible();
    await expect(page.getByRole('cell', { name: names.resource, exact: true })).toBeVisible();
    await capture(page, 'resources');

    const resources = await api<{ resources: Array<{ name: string; typeId: string }> }>(
      request,
      'POST',
      '/bookings/v2/resources/query',
      { query: { filter: { name: { $eq: names.resource } } } },
    );
    expect(resources.resources).toHaveLength(1);

    await nav(page, 'Categories');
    for (const name of [names.category, names.otherCategory]) {
      await page.getByRole('button', { name: 'New category' }).first().click();
      await page.getByRole('dialog').getByLabel('Name').fill(name);
      await page.getByRole('dialog').getByRole('button', { name: 'Create category' }).click();
      await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    }
    // The newest goes last; moving it to the top renumbers the others.
    await page.getByRole('button', { name: `Actions for ${names.otherCategory}` }).click();
    await page.getByRole('menuitem', { name: 'Move to the top' }).click();
    await expect(page.getByRole('row').nth(1)).toContainText(names.otherCategory);
    await page.getByRole('button', { name: `Move ${names.category} up` }).click();
    await expect(page.getByRole('row').last()).not.toContainText(names.category);
    await capture(page, 'categories');

    const categories = await api<{ categories: Array<{ name: string; sortOrder: number }> }>(
      request,
      'POST',
      '/bookings/v2/categories/query',
      { query: { sort: [{ fieldName: 'sortOrder', order: 'ASC' }] } },
    );
    expect(categories.categories[0]?.name).toBe(names.otherCategory);
    const mine = categories.categories.find((category) => category.name === names.category);
    // Moved up once from the bottom: directly above the last of the seeded categories.
    expect(mine?.sortOrder).toBe(categories.categories.length - 2);
  });

  test('the owner builds a service with photos, duration options with prices and an add-on group', async ({
    page,
    request,
  }) => {
    await signIn(page);
    await nav(page, 'Services');
    await page.getByRole('button', { name: 'New service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(names.service);
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: names.category }).click();
    await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('60');
    await dialog.getByRole('combobox', { name: 'Resources needed' }).click();
    await page.getByRole('option', { name: names.resourceType }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).click();
    await capture(page, 'service-details');
    await dialog.getByRole('button', { name: 'Create service' }).click();

    // Created: the editor stays open on the photos.
    await expect(dialog.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('Cover image URL').fill(`${fixturesUrl}/cover.svg`);
    for (const file of ['stones.svg', 'oil.svg']) {
      await dialog.getByRole('textbox', { name: 'Image URL', exact: true }).fill(`${fixturesUrl}/${file}`);
      await dialog.getByRole('button', { name: 'Add image' }).click();
    }
    await expect(dialog.getByRole('img', { name: 'Gallery image 2' })).toBeVisible();
    await capture(page, 'service-photos');
    await dialog.getByRole('button', { name: 'Save photos' }).click();
    await expect(page.getByText('Photos saved.')).toBeVisible();

    await dialog.getByRole('tab', { name: 'Options & prices' }).click();
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('menuitem', { name: 'Duration' }).click();
    const lengths = dialog.getByRole('combobox', { name: 'Lengths (minutes)' });
    await lengths.fill('30');
    await lengths.press('Enter');
    await lengths.fill('90');
    await lengths.press('Enter');
    await dialog.getByRole('textbox', { name: 'Price for 30 min' }).fill('40');
    await dialog.getByRole('textbox', { name: 'Price for 90 min' }).fill('85');
    await capture(page, 'service-options');
    await dialog.getByRole('button', { name: 'Save options and prices' }).click();
    await expect(page.getByText('Options and prices saved.')).toBeVisible();
    await expect(dialog.getByText(/Customers see prices from/)).toBeVisible();

    await dialog.getByRole('tab', { name: 'Add-ons' }).click();
    await dialog.getByRole('button', { name: 'New add-on group' }).click();
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('Extras');
    await dialog.getByRole('textbox', { name: 'Question shown to customers' }).fill('Anything to add?');
    const addOns = dialog.getByRole('combobox', { name: 'Add-ons', exact: true });
    for (const addOn of ['Hot stones', 'Aromatherapy']) {
      await addOns.fill(addOn);
      await addOns.press('Enter');
    }
    await dialog.getByRole('textbox', { name: 'Most a customer can pick' }).fill('1');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText('Add-on group created.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete group Extras' })).toBeVisible();
    await capture(page, 'service-add-ons');

    const service = (await serviceNamed(request, names.service)) as {
      id: string;
      category?: { id: string; name?: string };
      serviceResources?: Array<{ resourceType: { id: string } }>;
      media?: {
        coverMedia?: { image: { url: string } };
        items?: unknown[];
        mainMedia?: { image: { url: string } };
      };
    };
    expect(service.category?.name).toBe(names.category);
    expect(service.serviceResources).toHaveLength(1);
    expect(service.media?.coverMedia?.image.url).toBe(`${fixturesUrl}/cover.svg`);
    expect(service.media?.mainMedia?.image.url).toBe(`${fixturesUrl}/stones.svg`);
    expect(service.media?.items).toHaveLength(2);

    const options = await api<{
      serviceVariants: {
        options: { values: Array<{ type: string }> };
        variants: {
          values: Array<{ choices: Array<{ duration?: { minutes: number } }>; price: { value: string } }>;
        };
      };
    }>(request, 'GET', `/bookings/v1/serviceOptionsAndVariants/service_id/${service.id}`);
    expect(options.serviceVariants.options.values.map((option) => option.type)).toEqual(['DURATION']);
    const prices = Object.fromEntries(
      options.serviceVariants.variants.values.map((variant) => [
        variant.choices[0]!.duration!.minutes,
        Number(variant.price.value),
      ]),
    );
    expect(prices).toEqual({ 30: 40, 90: 85 });

    const groups = await api<{
      addOnGroupsDetails: Array<{
        groupName: string;
        maxNumberOfAddOns: number;
        addOns: Array<{ addOnId: string }>;
      }>;
    }>(request, 'POST', '/bookings/v2/services/add-on-groups/list-add-on-groups-by-service-id', {
      serviceId: service.id,
    });
    expect(groups.addOnGroupsDetails).toHaveLength(1);
    expect(groups.addOnGroupsDetails[0]).toMatchObject({ groupName: 'Extras', maxNumberOfAddOns: 1 });
    // A group names add-ons by id: the panel made an add-on for each name typed.
    const addOnNames = await Promise.all(
      groups.addOnGroupsDetails[0]!.addOns.map(
        async ({ addOnId }) =>
          (await api<{ addOn: { name: string } }>(request, 'GET', `/bookings/v1/add-ons/${addOnId}`)).addOn
            .name,
      ),
    );
    expect(addOnNames).toEqual(['Hot stones', 'Aromatherapy']);

    // The service list shows the starred photo on the service's row.
    await page.keyboard.press('Escape');
    const row = page.getByRole('row', { name: new RegExp(names.service) });
    await expect(row.locator('img')).toHaveAttribute('src', `${fixturesUrl}/stones.svg`);
    await expect(row.getByText(names.category, { exact: true })).toBeVisible();
    await capture(page, 'services-catalogue');
  });

  test('the owner gives a class a weekly session and sees the sessions it produces', async ({
    page,
    request,
  }) => {
    await signIn(page);
    await nav(page, 'Services');
    await page.getByRole('button', { name: 'New service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Class', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(names.klass);
    await dialog.getByRole('textbox', { name: 'Spots per session' }).fill('8');
    await dialog.getByRole('button', { name: 'Create service' }).click();

    await expect(dialog.getByRole('tab', { name: 'Schedule' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByText('No weekly sessions yet.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Day' }).click();
    await page.getByRole('option', { name: 'Wednesday' }).click();
    await dialog.getByLabel('Starts at').fill('18:30');
    await dialog.getByRole('button', { name: 'Add weekly session' }).click();
    await expect(page.getByText('Weekly session added.')).toBeVisible();
    await expect(dialog.getByText(/Wednesdays at 18:30/)).toBeVisible();

    const upcoming = dialog.getByRole('list', { name: 'Upcoming sessions' }).getByRole('listitem');
    await expect(upcoming.first()).toBeVisible();
    // 28 days hold four Wednesdays (five when today is one and the session is still ahead).
    expect(await upcoming.count()).toBeGreaterThanOrEqual(4);
    await expect(upcoming.first()).toContainText('8 of 8 free');
    const before = await upcoming.count();

    // One Wednesday off: only that occurrence goes; the weekly pattern stays.
    await upcoming
      .first()
      .getByRole('button', { name: /^Cancel the session on/ })
      .click();
    await expect(page.getByText(/Session cancelled/)).toBeVisible();
    await expect(upcoming).toHaveCount(before - 1);
    const cancelled = dialog.getByRole('list', { name: 'Cancelled sessions' }).getByRole('listitem');
    await expect(cancelled).toHaveCount(1);
    await capture(page, 'class-schedule');

    const klass = await serviceNamed(request, names.klass);
    const schedule = await api<{
      schedule: {
        recurringSessions: Array<{ weekday: string; startTime: string; capacity: number }>;
        sessions: Array<{ cancelled?: boolean }>;
      };
    }>(request, 'GET', `/bookings/v2/services/${klass.id}/schedule`);
    expect(schedule.schedule.recurringSessions).toEqual([
      expect.objectContaining({ weekday: 'WED', startTime: '18:30', capacity: 8 }),
    ]);
    expect(schedule.schedule.sessions).toEqual([expect.objectContaining({ cancelled: true })]);
  });

  test('the owner connects iCal calendars for a staff member and copies the private feed URL', async ({
    page,
    request,
    context,
  }) => {
    const { staffMember } = await api<{ staffMember: { id: string } }>(
      request,
      'POST',
      '/bookings/v1/staff-members',
      { staffMember: { name: names.staff, email: `noor-${suffix}@example.com` } },
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await nav(page, 'Staff');
    await page.getByText(names.staff, { exact: true }).click();
    const drawer = page.getByRole('dialog');

    // A host that never resolves (the .invalid domain): the import fails and says why.
    await drawer
      .getByRole('textbox', { name: 'Calendar address (ICS)' })
      .fill('https://calendar.invalid/old.ics');
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Old work');
    await drawer.getByRole('button', { name: 'Connect calendar' }).click();
    const broken = drawer.getByLabel('Old work', { exact: true });
    await expect(broken.getByText('Import failed')).toBeVisible({ timeout: 30_000 });
    await expect(broken.getByText(/could not be reached|did not answer/)).toBeVisible();

    // The calendar served by this test is on 127.0.0.1: the e2e server is started allowed to reach it.
    await drawer.getByRole('textbox', { name: 'Calendar address (ICS)' }).fill(`${fixturesUrl}/calendar.ics`);
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Personal');
    await drawer.getByRole('button', { name: 'Connect calendar' }).click();
    const personal = drawer.getByLabel('Personal', { exact: true });
    await expect(personal.getByText('Up to date')).toBeVisible({ timeout: 30_000 });
    await expect(personal.getByText(/1 busy period/)).toBeVisible();

    await drawer.getByRole('button', { name: 'Create feed address' }).click();
    const feedInput = drawer.getByRole('textbox', { name: 'Private feed address' });
    await expect(feedInput).toHaveValue(/\/bookings\/v2\/external-calendars\/feeds\/.+\.ics$/);
    await drawer.getByRole('button', { name: 'Copy' }).click();
    await expect(drawer.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await feedInput.inputValue());
    await drawer.getByRole('button', { name: 'Replace address' }).scrollIntoViewIfNeeded();
    await capture(page, 'staff-calendars');

    const feed = await request.get(copied);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');

    await broken.getByRole('button', { name: 'Disconnect Old work' }).click();
    await expect(page.getByText(/Calendar disconnected/)).toBeVisible();
    await expect(drawer.getByLabel('Old work', { exact: true })).toHaveCount(0);
    const calendars = await api<{ externalCalendars: Array<{ name: string; status: string }> }>(
      request,
      'GET',
      `/bookings/v2/external-calendars?staffMemberId=${staffMember.id}&includeDisconnected=true`,
    );
    expect(
      Object.fromEntries(calendars.externalCalendars.map((calendar) => [calendar.name, calendar.status])),
    ).toEqual({ 'Old work': 'DISCONNECTED', Personal: 'SYNCED' });
  });
});
