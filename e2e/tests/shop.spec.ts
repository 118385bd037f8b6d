import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { captureBothWidths } from './screenshots.ts';

// The seeded studio shop (atrium seed): twelve products in three collections; the tee's XS in black and
// the yoga mat's clay colour are sold out, the tee is 20% off, the mat carries the "Bestseller" ribbon.
test.use({ locale: 'en-US' });
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const suffix = Date.now().toString(36);

const cards = (page: Page) => page.getByTestId('product-card');
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });
const choice = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const soldOut = (page: Page, name: string) => page.getByRole('radio', { name: `${name} (sold out)` });

/** A product of the test's own whose two thicknesses differ in price and stock. */
async function travelMat(request: APIRequestContext): Promise<string> {
  const created = await request.post('/stores/v1/products', {
    headers: owner,
    data: {
      product: {
        name: `Travel mat ${suffix}`,
        priceData: { price: 40 },
        productOptions: [{ name: 'Thickness', choices: [{ description: '2 mm' }, { description: '6 mm' }] }],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { product } = (await created.json()) as {
    product: { id: string; slug: string; variants: Array<{ id: string; choices: Record<string, string> }> };
  };
  const priced = await request.patch(`/stores/v1/products/${product.id}/variants`, {
    headers: owner,
    data: { variants: [{ choices: { Thickness: '6 mm' }, price: 55 }] },
  });
  expect(priced.status(), await priced.text()).toBe(200);
  const stocked = await request.patch(`/stores/v2/inventoryItems/product/${product.id}`, {
    headers: owner,
    data: {
      inventoryItem: {
        trackQuantity: true,
        variants: product.variants.map((variant) => ({
          variantId: variant.id,
          quantity: variant.choices.Thickness === '6 mm' ? 3 : 8,
        })),
      },
    },
  });
  expect(stocked.status(), await stocked.text()).toBe(200);
  return product.slug;
}

test('a shopper browses the shop by collection, name and price, and sees ribbons and discounts', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(card(page, 'Natural rubber yoga mat')).toBeVisible();
  await expect(card(page, 'Natural rubber yoga mat').getByText('Bestseller')).toBeVisible();
  const tee = card(page, 'Organic cotton studio tee');
  await expect(tee.getByText('$25.60')).toBeVisible();
  await expect(tee.getByText('$32.00')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(tee.getByText('−20%')).toBeVisible();
  await captureBothWidths(page, 'shop');

  await page.getByRole('group', { name: 'Collections' }).getByText('Apparel').click();
  await expect(page).toHaveURL(/collection=apparel/);
  await expect(card(page, 'High-waist leggings')).toBeVisible();
  await expect(card(page, 'Natural rubber yoga mat')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(3);

  await page.getByRole('group', { name: 'Collections' }).getByText('All products').click();
  await expect(page).not.toHaveURL(/collection=/);
  await page.getByRole('searchbox', { name: 'Search the shop' }).fill('CUSHION');
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, 'Buckwheat meditation cushion')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the shop' }).fill('');

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: high to low' }).click();
  await expect(cards(page).first()).toContainText('Natural rubber yoga mat');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name' }).click();
  await expect(cards(page).first()).toContainText('Buckwheat meditation cushion');

  await page.getByRole('link', { name: 'Organic cotton studio tee' }).click();
  await expect(page.getByRole('heading', { name: 'Organic cotton studio tee', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Organic cotton studio tee' })).toBeVisible();
});

test('a shopper picks options: price and stock follow the choice, sold-out combinations are disabled', async ({
  page,
  request,
}) => {
  const slug = await travelMat(request);
  await page.goto(`/shop/${slug}`);
  const price = page.getByTestId('product-price');
  const stock = page.getByTestId('stock-message');
  await expect(price).toHaveText('$40.00');
  await expect(stock).toHaveText('Choose thickness to see availability');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await choice(page, '6 mm').click();
  await expect(price).toHaveText('$55.00');
  await expect(stock).toHaveText('Only 3 left');
  await choice(page, '2 mm').click();
  await expect(choice(page, '2 mm')).toHaveAttribute('aria-checked', 'true');
  await expect(price).toHaveText('$40.00');
  await expect(stock).toHaveText('In stock (8 available)');

  // The tee: XS in black is sold out, so each disables the other; the discount shows on every choice.
  await page.goto('/shop/organic-cotton-studio-tee');
  await expect(price).toContainText('$25.60');
  await expect(price).toContainText('$32.00');
  await expect(price).toContainText('−20%');
  await expect(choice(page, 'Black')).toBeEnabled();
  await choice(page, 'XS').click();
  await expect(soldOut(page, 'Black')).toBeDisabled();
  await expect(stock).toHaveText('Choose colour to see availability');
  await choice(page, 'White').click();
  await expect(stock).toHaveText('In stock (6 available)');
  await expect(price).toContainText('$25.60');
  await captureBothWidths(page, 'shop-product');
  await choice(page, 'XS').click();
  await choice(page, 'White').click();
  await choice(page, 'Black').click();
  await expect(soldOut(page, 'XS')).toBeDisabled();
  await expect(choice(page, 'S')).toBeEnabled();

  // The mat's clay colour has no stock at all: it is offered disabled from the start.
  await page.goto('/shop/natural-rubber-yoga-mat');
  await expect(soldOut(page, 'Clay')).toBeDisabled();
  await choice(page, 'Sage').click();
  await expect(stock).toHaveText('In stock (12 available)');
  await expect(price).toHaveText('$78.00');
});

test('a product that does not exist says so and leads back to the shop', async ({ page }) => {
  await page.goto('/shop/no-such-product');
  await expect(page.getByText('This product does not exist or is no longer sold.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
});

test('a shopper writes the text a product asks for, reads its info sections, and sees the text in the cart', async ({
  page,
  request,
}) => {
  const created = await request.post('/stores/v1/products', {
    headers: owner,
    data: {
      product: {
        name: `Engraved bottle ${suffix}`,
        priceData: { price: 30 },
        customTextFields: [{ title: 'Engraving', maxLength: 12, mandatory: true }],
        additionalInfoSections: [
          { title: 'Engraving time', description: '<p>Engraved within three days.</p>' },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { product } = (await created.json()) as { product: { slug: string } };

  await page.goto(`/shop/${product.slug}`);
  await expect(page.getByRole('heading', { name: 'Engraving time' })).toBeVisible();
  await expect(page.getByText('Engraved within three days.')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeDisabled();
  const engraving = page.getByRole('textbox', { name: 'Engraving' });
  await engraving.fill('For Ada, with love');
  await expect(engraving).toHaveValue('For Ada, wit');
  await engraving.fill('For Ada');
  await captureBothWidths(page, 'shop-product-texts');
  await add.click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByText(`Engraved bottle ${suffix}`)).toBeVisible();
  await expect(drawer.getByText('Engraving: For Ada')).toBeVisible();
});
