import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
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
  await page.getByRole('searchbox', { name: 'Search by name or SKU' }).fill('leggings');
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

test('the owner sets a product’s SKU, weight, custom text, info section, variant costs and choice photos', async ({
  page,
  request,
}) => {
  const name = `Engraved mug ${suffix}`;
  const created = await request.post('/stores/v1/products', {
    headers: owner,
    data: {
      product: {
        name,
        priceData: { price: 30 },
        productOptions: [
          {
            name: 'Colour',
            optionType: 'color',
            choices: [
              { description: 'Red', value: '#cc0000' },
              { description: 'Blue', value: '#0000cc' },
            ],
          },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const productId = (await created.json()).product.id as string;
  const photo = await request.post(`/stores/v1/products/${productId}/media`, {
    headers: owner,
    data: { media: [{ url: `${baseURL}/demo/shop/canvas-studio-tote.svg` }] },
  });
  expect(photo.status(), await photo.text()).toBe(200);

  await signIn(page);
  await openStore(page);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  const sku = `MUG-${suffix}`.toUpperCase();
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByLabel('Weight (kg)', { exact: true }).fill('0.45');
  await page.getByRole('button', { name: 'Add text field' }).click();
  await page.getByLabel('Field title').fill('Name to print');
  await page.getByLabel('Most characters').fill('20');
  await page.getByRole('checkbox', { name: 'Required' }).check();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByLabel('Section title').fill('Care');
  await page.getByLabel('Section text').fill('Hand wash only.\n\nNot for the microwave.');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();

  await page.getByLabel('Cost of Red', { exact: true }).fill('9.5');
  await page.getByLabel('Weight of Red', { exact: true }).fill('0.5');
  await expect(page.getByText('1 variant changed')).toBeVisible();
  await page.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByText('Variants saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Link a photo to Colour: Red' }).click();
  await page.getByRole('menuitem', { name: 'Photo 1' }).click();
  await expect(page.getByText('Photo linked to the choice.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlink Photo 1 from Colour: Red' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue(sku);
  await expect(page.getByLabel('Weight (kg)', { exact: true })).toHaveValue('0.45');
  await expect(page.getByLabel('Field title')).toHaveValue('Name to print');
  await expect(page.getByLabel('Most characters')).toHaveValue('20');
  await expect(page.getByRole('checkbox', { name: 'Required' })).toBeChecked();
  await expect(page.getByLabel('Section title')).toHaveValue('Care');
  await expect(page.getByLabel('Section text')).toHaveValue('Hand wash only.\n\nNot for the microwave.');
  await expect(page.getByLabel('Cost of Red', { exact: true })).toHaveValue('9.50');
  await expect(page.getByLabel('Weight of Red', { exact: true })).toHaveValue('0.5');
  await expect(page.getByLabel('Weight of Blue', { exact: true })).toHaveValue('0.45');
  await expect(page.getByRole('button', { name: 'Unlink Photo 1 from Colour: Red' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save product' })).toBeDisabled();
  await capture(page, 'store-product-extras');

  const read = await request.get(`/stores/v1/products/${productId}?includeMerchantSpecificData=true`, {
    headers: owner,
  });
  const saved = (await read.json()).product;
  expect(saved).toMatchObject({
    sku,
    weight: 0.45,
    customTextFields: [{ title: 'Name to print', maxLength: 20, mandatory: true }],
    additionalInfoSections: [
      { title: 'Care', description: '<p>Hand wash only.</p><p>Not for the microwave.</p>' },
    ],
  });
  const red = saved.variants.find(
    (variant: { choices: { Colour: string } }) => variant.choices.Colour === 'Red',
  );
  expect(red.variant).toMatchObject({ weight: 0.5, costAndProfitData: { itemCost: 9.5 } });
  const redChoice = saved.productOptions[0].choices.find(
    (choice: { description: string }) => choice.description === 'Red',
  );
  expect(redChoice.media.items.map((item: { id: string }) => item.id)).toEqual([saved.media.items[0].id]);

  // The shop asks for the text and shows the section.
  await page.goto(`/shop/${saved.slug}`);
  await expect(page.getByRole('textbox', { name: /Name to print/ })).toBeVisible();
  await expect(page.getByText('Not for the microwave.')).toBeVisible();
});

test('the owner hides two products with one bulk call, and the inventory lists every product a page at a time', async ({
  page,
  request,
}) => {
  const names = [`Hidden mat ${suffix}`, `Hidden strap ${suffix}`];
  for (const name of names) await product(request, name, 15);
  const countAll = async () => {
    const all = await request.post('/stores-reader/v1/products/query-platformized', {
      headers: owner,
      data: { query: { paging: { limit: 1 } }, includeHiddenProducts: true },
    });
    return (await all.json()).totalResults as number;
  };
  // More than one page of 25 products: the seeded dozen and those of the tests, filled up.
  for (let index = (await countAll()) + 1; index <= 30; index += 1) {
    await product(request, `Stock filler ${index} ${Date.now().toString(36)}`, 5);
  }
  const total = await countAll();
  await signIn(page);
  await openStore(page);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(`Hidden `);
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  const writes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() !== 'GET' && new URL(sent.url()).pathname.startsWith('/stores/')) {
      writes.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
    }
  });
  await page.getByRole('button', { name: 'Hide from shop' }).click();
  await expect(page.getByText('2 products updated.')).toBeVisible();
  // The lists read back by POST queries; the only write is the one bulk call.
  expect(writes.filter((write) => !/\/query(-platformized)?$/.test(write))).toEqual([
    'POST /stores/v1/bulk/products/update',
  ]);
  const shopper = await request.post('/stores-reader/v1/products/query-platformized', {
    headers: { 'x-atrium-dev-caller': 'ANONYMOUS_VISITOR' },
    data: { query: { filter: { name: { $contains: suffix } } } },
  });
  const seen = (await shopper.json()).products.map((item: { name: string }) => item.name);
  for (const name of names) expect(seen).not.toContain(name);
  for (const name of names) {
    await expect(
      page.getByRole('row').filter({ hasText: name }).getByText('Hidden', { exact: true }),
    ).toBeVisible();
  }

  // Every product, hidden ones too, a page of 25 products at a time.
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByLabel('All items', { exact: true })).toBeChecked();
  await expect(page.getByTestId('inventory-count')).toContainText(`${total} products in all`);
  await expect(page.getByText(`Page 1 of ${Math.ceil(total / 25)}`)).toBeVisible();
  const byName = await request.post('/stores-reader/v1/products/query-platformized', {
    headers: owner,
    data: { query: { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 1, offset: 25 } } },
  });
  const twentySixth = (await byName.json()).products[0].name as string;
  await expect(page.getByTestId('stock-row').filter({ hasText: twentySixth })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Page 2 of ${Math.ceil(total / 25)}`)).toBeVisible();
  await expect(page.getByTestId('stock-row').first()).toContainText(twentySixth);
  const search = page.getByRole('searchbox', { name: 'Search by name or SKU' });
  await search.fill(names[0]!);
  await expect(page.getByTestId('stock-row')).toHaveCount(1);
  await expect(page.getByTestId('inventory-count')).toHaveText('1 variant on this page · 1 product in all');
  await expect(page.getByTestId('stock-row')).toContainText(names[0]!);

  // A variant's SKU finds its product (with all its variants).
  const skuTee = `Sku tee ${suffix}`;
  const made = await request.post('/stores/v1/products', {
    headers: owner,
    data: {
      product: {
        name: skuTee,
        priceData: { price: 12 },
        productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
      },
    },
  });
  const skuTeeId = (await made.json()).product.id as string;
  const sku = `TEE-M-${suffix}`.toUpperCase();
  const patched = await request.patch(`/stores/v1/products/${skuTeeId}/variants`, {
    headers: owner,
    data: { variants: [{ choices: { Size: 'M' }, sku }] },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await search.fill(sku.toLowerCase());
  await expect(page.getByTestId('inventory-count')).toHaveText('2 variants on this page · 1 product in all');
  await expect(page.getByTestId('stock-row').filter({ hasText: sku })).toHaveCount(1);
  await expect(page.getByTestId('stock-row').first()).toContainText(skuTee);
  await capture(page, 'store-inventory-all');
});
