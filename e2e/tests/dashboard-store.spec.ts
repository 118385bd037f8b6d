import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { screenshotDir, viewports } from './screenshots.ts';

// The store's dashboard against the real server and the seeded shop: the owner edits a variant's price and
// stock and the shop shows them; bulk changes, collections, inventory, brands and ribbons.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
test.use({ locale: 'en-US' });
test.describe.configure({ timeout: 120_000 });

/** One full-page shot of a finished screen at desktop width, without toasts or hover states. */
async function capture(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(viewports.desktop);
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click().catch(() => undefined);
  }
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  const modal = (await page.locator('[role="dialog"]:visible').count()) > 0;
  await page.screenshot({
    path: path.join(screenshotDir, `dashboard-${name}-desktop.png`),
    fullPage: !modal,
  });
}

async function signIn(page: Page) {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

async function openStore(page: Page, tab?: string) {
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Store' })
    .click();
  await expect(page.getByRole('heading', { name: 'Store', level: 1 })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

async function product(request: APIRequestContext, name: string, price: number) {
  const created = await request.post('/stores/v1/products', {
    headers: owner,
    data: { product: { name, priceData: { price } } },
  });
  expect(created.status(), await created.text()).toBe(200);
}

test('the owner edits a variant’s price and stock, and the shop shows them', async ({ page }) => {
  await signIn(page);
  await openStore(page);
  await expect(page.getByRole('link', { name: 'High-waist leggings' })).toBeVisible();
  await capture(page, 'store-products');
  await page.getByRole('link', { name: 'High-waist leggings' }).click();
  await expect(page.getByRole('heading', { name: 'High-waist leggings', level: 1 })).toBeVisible();

  const price = page.getByLabel('Price of L', { exact: true });
  const stock = page.getByLabel('Stock of L', { exact: true });
  await expect(price).toHaveValue('64.00');
  await expect(stock).toHaveValue('10');
  await price.fill('70');
  await stock.fill('1');
  await page.getByLabel('SKU of L', { exact: true }).fill('LEG-L');
  await expect(page.getByText('1 variant changed')).toBeVisible();
  await page.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByText('Variants saved.')).toBeVisible();
  await expect(price).toHaveValue('70.00');
  await expect(stock).toHaveValue('1');
  await expect(page.getByText('1 variant changed')).toHaveCount(0);
  await capture(page, 'store-product-editor');

  await page.goto('/shop/high-waist-leggings');
  await page.getByRole('radio', { name: 'L', exact: true }).click();
  await expect(page.getByTestId('product-price')).toHaveText('$70.00');
  await expect(page.getByTestId('stock-message')).toHaveText('Only 1 left');
  await expect(page.getByText('SKU: LEG-L')).toBeVisible();
  await page.getByRole('radio', { name: 'M', exact: true }).click();
  await expect(page.getByTestId('product-price')).toHaveText('$64.00');
  await expect(page.getByTestId('stock-message')).toHaveText('In stock (10 available)');

  // Sold out in the dashboard, disabled in the shop.
  await page.goto('/dashboard/store/inventory');
  await page.getByRole('searchbox', { name: 'Search by product' }).fill('leggings');
  await page.getByLabel('Quantity of High-waist leggings — L').fill('0');
  await page.getByRole('button', { name: 'Save stock of High-waist leggings — L' }).click();
  await expect(page.getByText('Stock of High-waist leggings — L saved.')).toBeVisible();
  await page.goto('/shop/high-waist-leggings');
  await expect(page.getByRole('radio', { name: 'L (sold out)' })).toBeDisabled();
});

test('the owner creates a product with options, prices it in bulk and hides it', async ({
  page,
  request,
}) => {
  const candle = `Bulk candle ${suffix}`;
  await product(request, candle, 12);
  await signIn(page);
  await openStore(page);
  await page.getByRole('button', { name: 'New product' }).click();
  const name = `Studio hoodie ${suffix}`;
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByLabel('Price').fill('48');
  await page.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await page.getByRole('switch', { name: 'Show in the shop' }).check();
  await page.getByRole('combobox', { name: 'Ribbon' }).fill('New');
  await page.getByLabel('Cost of goods').fill('20');
  await page.getByText('Percent', { exact: true }).click();
  await page.getByLabel('Discount value').fill('25');
  await expect(page.getByTestId('price-preview')).toContainText('$36.00');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option name').fill('Size');
  await page.getByPlaceholder('Type a choice and press Enter').fill('S');
  await page.keyboard.press('Enter');
  await page.getByPlaceholder('Type a choice and press Enter').fill('M');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save options' }).click();
  await expect(page.getByText(/Options saved/)).toBeVisible();
  await expect(page.getByTestId('variant-row')).toHaveCount(2);
  await page.getByRole('switch', { name: 'Track quantities' }).check();
  await page.getByLabel('Stock of S', { exact: true }).fill('4');
  await page.getByLabel('Stock of M', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByText('Variants saved.')).toBeVisible();
  await expect(page.getByText('Partly out of stock')).toBeVisible();

  await page.getByRole('link', { name: 'All products' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(suffix);
  await expect(page.getByText('2 products', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${candle}` }).check();
  await page.getByRole('button', { name: 'Set price' }).click();
  await page.getByLabel('New price').fill('30');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 products updated.')).toBeVisible();

  await page.goto(`/shop?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: name });
  await expect(card.getByText('$22.50')).toBeVisible();
  await expect(card.getByText('$30.00')).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toBeVisible();

  await page.goto('/dashboard/store');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(suffix);
  await expect(page.getByText('2 products', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select every product on this page' }).check();
  await page.getByRole('button', { name: 'Hide from shop' }).click();
  await expect(page.getByText('2 products updated.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Visibility' }).click();
  await page.getByRole('option', { name: 'Hidden', exact: true }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.goto(`/shop?q=${encodeURIComponent(suffix)}`);
  await expect(page.getByText('No products match your search.')).toBeVisible();
});

test('the owner arranges collections, watches low stock, and keeps brands and ribbons', async ({ page }) => {
  await signIn(page);
  await openStore(page, 'Collections');
  const collection = `Summer ${suffix}`;
  await page.getByRole('button', { name: 'New collection' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(collection);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Collection created.')).toBeVisible();
  await page.getByRole('button', { name: `Products: ${collection}` }).click();
  await page.getByRole('combobox', { name: 'Add products' }).fill('Cork');
  await page.getByRole('option', { name: 'Cork yoga block' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Products added.')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Cork yoga block')).toBeVisible();
  await capture(page, 'store-collection-products');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Products: ${collection}` })).toHaveText('1 product');
  await capture(page, 'store-collections');

  await page.goto(`/shop?collection=${collection.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
  await expect(page.getByTestId('product-card')).toHaveCount(1);

  await page.goto('/dashboard/store/collections');
  await page.getByRole('button', { name: `Actions for ${collection}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Collection deleted.')).toBeVisible();

  await page.getByRole('tab', { name: 'Inventory' }).click();
  await page.getByText('Low stock (5 or fewer left)').click();
  await expect(page.getByLabel('Quantity of Calm essential oil blend')).toHaveValue('3');
  await expect(page.getByLabel('Quantity of Cork yoga block')).toHaveCount(0);
  await capture(page, 'store-inventory-low');
  await page.getByLabel('Quantity of Calm essential oil blend').fill('20');
  await page.getByRole('button', { name: 'Save stock of Calm essential oil blend' }).click();
  await expect(page.getByText('Stock of Calm essential oil blend saved.')).toBeVisible();
  await expect(page.getByLabel('Quantity of Calm essential oil blend')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Brands & ribbons' }).click();
  const ribbon = `Limited ${suffix}`.slice(0, 30);
  await page.getByRole('textbox', { name: 'New ribbon' }).fill(ribbon);
  await page.getByRole('textbox', { name: 'New ribbon' }).press('Enter');
  await expect(page.getByText(`"${ribbon}" added.`)).toBeVisible();
  await expect(page.getByTestId('brand-list')).toContainText('Lotus Studio');
  await capture(page, 'store-brands-ribbons');
  await page.getByRole('button', { name: `Delete ${ribbon}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Delete ${ribbon}` })
    .click();
  await expect(page.getByText(`"${ribbon}" deleted.`)).toBeVisible();
  await expect(page.getByTestId('ribbon-list')).not.toContainText(ribbon);
});
