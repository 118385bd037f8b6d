import { expect, test, type Page } from '@playwright/test';
import { baseURL, secondSiteURL } from '../playwright.config.ts';

// One server, two sites: the demo studio at 127.0.0.1 (the default site) and "Harbour Yoga" at
// b.atrium.test (chromium maps the name to 127.0.0.1), made with `atrium create-site` and seeded with the
// same demo data. The demo owner's email is an owner on both.
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };

async function signInToDashboard(page: Page, origin: string) {
  await page.goto(`${origin}/dashboard/sign-in`);
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

/** The ids of the services the site at the page's address offers, read by its own visitor token. */
async function serviceIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const clientId = (window as unknown as { __ATRIUM__: { clientId: string } }).__ATRIUM__.clientId;
    const token = await fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId }),
    }).then((response) => response.json());
    const answer = await fetch('/bookings/v2/services/query', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify({ query: {} }),
    }).then((response) => response.json());
    return (answer.services as Array<{ id: string }>).map((service) => service.id);
  });
}

test('serves two sites under two host names, each with its own name, services and sign-in', async ({
  page,
}) => {
  await page.goto(`${baseURL}/`);
  await expect(page.getByRole('banner')).toContainText('Lotus Yoga Studio');
  const homeServices = await serviceIds(page);

  await page.goto(`${secondSiteURL}/`);
  await expect(page.getByRole('banner')).toContainText('Harbour Yoga');
  const secondServices = await serviceIds(page);

  // The same demo catalogue on both (other tests add services to the first site as they run), none shared.
  expect(homeServices.length).toBeGreaterThan(0);
  expect(secondServices.length).toBeGreaterThan(0);
  expect(secondServices.length).toBeLessThanOrEqual(homeServices.length);
  expect(secondServices.filter((id) => homeServices.includes(id))).toEqual([]);
});

test('an owner of both sites switches between their dashboards', async ({ page }) => {
  await signInToDashboard(page, secondSiteURL);
  await expect(page.getByTestId('current-site')).toHaveText('Harbour Yoga');

  await page.getByRole('button', { name: 'Switch site' }).click();
  await page.getByRole('menuitem', { name: 'Lotus Yoga Studio' }).click();
  // Each site is its own address and its own sign-in.
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/dashboard`));
  await signInToDashboard(page, baseURL);
  await expect(page.getByTestId('current-site')).toHaveText('Lotus Yoga Studio');

  await page.getByRole('button', { name: 'Switch site' }).click();
  await page.getByRole('menuitem', { name: 'Harbour Yoga' }).click();
  // Still signed in there: back on B's dashboard without a new sign-in.
  await expect(page).toHaveURL(`${secondSiteURL}/dashboard`);
  await expect(page.getByTestId('current-site')).toHaveText('Harbour Yoga');
});
