import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultVariantId } from '@atrium/contract/stores/products-v1';
import { storesEvents } from '../src/modules/stores/index.ts';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { caller, dotR, unknownId } from './stores-v3-entities-helpers.ts';
import {
  amount,
  base,
  code,
  createProduct,
  simple,
  tee,
  type WireProduct,
  type WireVariant,
} from './stores-products-v3-helpers.ts';

/**
 * Catalog v3 products through the real app: every productsV3 call, the v1 and v3 views of one catalog,
 * refusals (400, 404, 409), and who may read and write. Shapes are those the official client sends.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
const visitor = as('ANONYMOUS_VISITOR');
const received: Array<{ name: string; data: unknown }> = [];

beforeAll(async () => {
  t = await createTestApp({
    withEvents: (bus) => {
      for (const name of [
        storesEvents.productCreated,
        storesEvents.productUpdated,
        storesEvents.variantsChanged,
      ]) {
        bus.subscribe(name, 'stores-v3-test', async (event) => {
          received.push({ name, data: event.data });
        });
      }
    },
  });
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

const create = (product: Record<string, unknown>, fields?: string[]) => createProduct(call, product, fields);

describe('POST /stores/v3/products', () => {
  it('creates a product whose options are customizations made from their names, priced per variant', async () => {
    const product = await create(tee('Linen tee'), [
      'CURRENCY',
      'PLAIN_DESCRIPTION',
      'MERCHANT_DATA',
      'VARIANT_OPTION_CHOICE_NAMES',
    ]);
    expect(product).toMatchObject({
      name: 'Linen tee',
      slug: 'linen-tee',
      revision: '1',
      currency: 'USD',
      plainDescription: '<p>Soft linen</p>',
      productType: 'PHYSICAL',
      visible: true,
      brand: { name: 'Atrium Basics' },
      ribbon: { name: 'New' },
      actualPriceRange: {
        minValue: { amount: '20.00', formattedAmount: '$20.00' },
        maxValue: { amount: '22.50' },
      },
      compareAtPriceRange: { minValue: { amount: '25.00' }, maxValue: { amount: '25.00' } },
      costRange: { minValue: { amount: '8.00' } },
      inventory: {
        availabilityStatus: 'IN_STOCK',
        preorderStatus: 'DISABLED',
        preorderAvailability: 'NO_VARIANTS',
      },
      variantSummary: { variantCount: 4 },
      physicalProperties: { shippingWeightRange: { minValue: 0.25, maxValue: 0.25 } },
    });
    expect(product.options.map((option) => [option.name, option.optionRenderType])).toEqual([
      ['Size', 'TEXT_CHOICES'],
      ['Colour', 'SWATCH_CHOICES'],
    ]);
    expect(product.options[1]!.choicesSettings.choices[1]).toMatchObject({
      name: 'White',
      colorCode: '#FFFFFF',
    });
    const variants = product.variantsInfo.variants;
    expect(variants).toHaveLength(4);
    expect(variants[0]).toMatchObject({
      sku: 'LIN-S-B',
      price: { actualPrice: { amount: '20.00' }, compareAtPrice: { amount: '25.00' } },
      revenueDetails: { cost: { amount: '8.00' }, profit: { amount: '12.00' }, profitMargin: 60 },
      inventoryStatus: { inStock: true, preorderEnabled: false },
    });
    expect(variants[0]!.choices[0]!.optionChoiceNames).toEqual({
      optionName: 'Size',
      choiceName: 'S',
      renderType: 'TEXT_CHOICES',
    });

    // The option is the customization: its id and its choices' ids.
    const size = await call('GET', `/stores/v3/customizations/${product.options[0]!.id}`);
    expect(size.status).toBe(200);
    expect(size.body.customization.customizationType).toBe('PRODUCT_OPTION');
    expect(
      size.body.customization.choicesSettings.choices.map((choice: { id: string }) => choice.id),
    ).toEqual(product.options[0]!.choicesSettings.choices.map((choice) => choice.choiceId));
    const inUse = await call('DELETE', `/stores/v3/customizations/${product.options[0]!.id}`);
    expect(code(inUse)).toBe('NOT_ALLOWED_DELETE_CUSTOMIZATION_ASSIGNED_TO_PRODUCT');
  });

  it('connects existing customizations by id and adds choices they lack', async () => {
    const made = await call('POST', '/stores/v3/customizations', {
      customization: {
        name: 'Cup size',
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: [{ name: 'Small' }, { name: 'Large' }] },
      },
    });
    const cup = made.body.customization;
    const [small] = cup.choicesSettings.choices;
    const product = await create({
      name: 'Mug',
      options: [
        {
          id: cup.id,
          choicesSettings: { choices: [{ choiceId: small.id }, { name: 'Huge', choiceType: 'CHOICE_TEXT' }] },
        },
      ],
      variantsInfo: {
        variants: [
          {
            choices: [{ optionChoiceIds: { optionId: cup.id, choiceId: small.id } }],
            price: { actualPrice: amount('9') },
          },
          {
            choices: [{ optionChoiceNames: { optionName: 'Cup size', choiceName: 'Huge' } }],
            price: { actualPrice: amount('14') },
          },
        ],
      },
    });
    expect(product.options[0]!.choicesSettings.choices.map((choice) => choice.name)).toEqual([
      'Small',
      'Huge',
    ]);
    const after = await call('GET', `/stores/v3/customizations/${cup.id}`);
    expect(
      after.body.customization.choicesSettings.choices.map((choice: { name: string }) => choice.name),
    ).toEqual(['Small', 'Large', 'Huge']);
    expect(after.body.customization.revision).toBe('2');
  });

  it('refuses what does not make a product, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, number, string | undefined, string?]> = [
      [
        { variantsInfo: { variants: [{ price: { actualPrice: amount('1') } }] } },
        400,
        'VALIDATION',
        'product.name',
      ],
      [{ name: 'No variants' }, 400, 'VALIDATION', 'product.variantsInfo'],
      [simple('Bad price', '-1'), 400, 'VALIDATION', 'amount'],
      [
        {
          ...simple('Two defaults'),
          variantsInfo: {
            variants: [{ price: { actualPrice: amount('1') } }, { price: { actualPrice: amount('2') } }],
          },
        },
        400,
        'INVALID_DEFAULT_VARIANT',
      ],
      [
        tee('Missing choice', {
          variantsInfo: {
            variants: [
              {
                choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: 'S' } }],
                price: { actualPrice: amount('1') },
              },
            ],
          },
        }),
        400,
        'MISSING_VARIANT_OPTION_CHOICE',
      ],
      [
        tee('Unknown choice', {
          variantsInfo: {
            variants: [
              {
                choices: [
                  { optionChoiceNames: { optionName: 'Size', choiceName: 'XL' } },
                  { optionChoiceNames: { optionName: 'Colour', choiceName: 'Black' } },
                ],
                price: { actualPrice: amount('1') },
              },
            ],
          },
        }),
        400,
        'VARIANTS_ARE_NOT_ALIGNED_WITH_PRODUCT',
      ],
      [
        {
          ...simple('Cheap list'),
          variantsInfo: { variants: [{ price: { actualPrice: amount('10'), compareAtPrice: amount('5') } }] },
        },
        400,
        'COMPARE_AT_PRICE_LOWER_THAN_ACTUAL_PRICE',
      ],
      [
        { ...simple('Ghost option'), options: [{ id: unknownId, choicesSettings: { choices: [] } }] },
        400,
        'CUSTOMIZATION_NOT_EXIST',
      ],
      [
        { ...simple('Nameless option'), options: [{ choicesSettings: { choices: [] } }] },
        400,
        'PRODUCT_OPTION_NAME_AND_TYPE_REQUIRED',
      ],
      [{ ...simple('Ghost ribbon'), ribbon: { id: unknownId } }, 400, 'RIBBON_NOT_FOUND'],
      [{ ...simple('Odd brand'), brand: { id: 'not-an-id' } }, 400, 'BRAND_NOT_FOUND'],
      [
        { ...simple('Odd option'), options: [{ id: 'not-an-id', choicesSettings: { choices: [] } }] },
        400,
        'CUSTOMIZATION_NOT_EXIST',
      ],
      [{ ...simple('Odd section'), infoSections: [{ id: 'not-an-id' }] }, 400, 'INFO_SECTION_NOT_FOUND'],
      [simple('Bad slug', '1', { slug: 'Not a slug!' }), 400, 'VALIDATION', 'product.slug'],
    ];
    for (const [product, status, expected, field] of cases) {
      const refused = await call('POST', base, { product });
      expect(refused.status, JSON.stringify(refused.body)).toBe(status);
      // A field the schema or the service refuses carries a validation error, not an application code.
      expect(code(refused) ?? 'VALIDATION', JSON.stringify(refused.body)).toBe(expected);
      if (field) expect(JSON.stringify(refused.body)).toContain(field);
    }
    await create(simple('Taken', '1', { slug: 'taken' }));
    const taken = await call('POST', base, { product: simple('Taken again', '1', { slug: 'taken' }) });
    expect(taken.status).toBe(409);
    expect(code(taken)).toBe('DUPLICATE_SLUG_ERROR');
  });

  it('announces the new product', async () => {
    const product = await create(simple('Announced'));
    await expect
      .poll(() => JSON.stringify(received.filter((event) => event.name === storesEvents.productCreated)), {
        timeout: 10_000,
      })
      .toContain(product.id);
  });
});

describe('one catalog, two views', () => {
  it('reads a v3 product through v1: list price, price to pay, options and variants', async () => {
    const product = await create(tee('Round trip tee'));
    const v1 = await call('GET', `/stores-reader/v1/products/${product.id}?includeMerchantSpecificData=true`);
    expect(v1.status).toBe(200);
    expect(v1.body.product).toMatchObject({
      name: 'Round trip tee',
      description: '<p>Soft linen</p>',
      priceData: { price: 25, discountedPrice: 20 },
      brand: 'Atrium Basics',
      ribbon: 'New',
      manageVariants: true,
    });
    expect(
      v1.body.product.productOptions.map((option: { name: string; optionType: string }) => [
        option.name,
        option.optionType,
      ]),
    ).toEqual([
      ['Size', 'drop_down'],
      ['Colour', 'color'],
    ]);
    const medium = v1.body.product.variants.find(
      (variant: { choices: Record<string, string> }) =>
        variant.choices.Size === 'M' && variant.choices.Colour === 'White',
    );
    expect(medium.id).toBe(product.variantsInfo.variants[3]!.id);
    expect(medium.variant).toMatchObject({
      priceData: { price: 25, discountedPrice: 22.5 },
      sku: 'ROU-M-W',
      weight: 0.25,
    });
    expect(medium.variant.costAndProfitData.itemCost).toBe(8);
  });

  it('reads a v1 product through v3 and writes it back through v3 without losing its variants', async () => {
    const made = await call('POST', '/stores/v1/products', {
      product: {
        name: 'Made in v1',
        priceData: { price: 30 },
        discount: { type: 'PERCENT', value: 10 },
        productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'L' }] }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const v1 = made.body.product;
    const read = await call('GET', `${base}/${v1.id}`);
    expect(read.status).toBe(200);
    const v3: WireProduct = read.body.product;
    expect(v3.options[0]).toMatchObject({ name: 'Size', optionRenderType: 'TEXT_CHOICES' });
    expect(v3.variantsInfo.variants).toHaveLength(2);
    expect(v3.variantsInfo.variants[0]!.price).toMatchObject({
      actualPrice: { amount: '27.00' },
      compareAtPrice: { amount: '30.00' },
    });

    // Send the product back as read, with one price changed: the options are the product's own (v1) ones.
    const variants = v3.variantsInfo.variants.map((variant, index) => ({
      id: variant.id,
      choices: variant.choices,
      price: index === 1 ? { actualPrice: amount('31'), compareAtPrice: amount('35') } : variant.price,
    }));
    const updated = await call('PATCH', `${base}/${v1.id}`, {
      product: { id: v1.id, revision: v3.revision, options: v3.options, variantsInfo: { variants } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.product.variantsInfo.variants.map((variant: WireVariant) => variant.id)).toEqual(
      v3.variantsInfo.variants.map((variant) => variant.id),
    );
    const back = await call('GET', `/stores-reader/v1/products/${v1.id}`);
    expect(back.body.product.priceData).toMatchObject({ price: 30, discountedPrice: 27 });
    expect(back.body.product.discount).toEqual({ type: 'PERCENT', value: 10 });
    const large = back.body.product.variants.find(
      (variant: { choices: Record<string, string> }) => variant.choices.Size === 'L',
    );
    expect(large.variant.priceData).toMatchObject({ price: 35, discountedPrice: 31 });
    expect(back.body.product.priceRange).toEqual({ minValue: 30, maxValue: 35 });
  });
});

describe('GET /stores/v3/products/{id} and /slug/{slug}', () => {
  it('reads by id and by slug, with the fields asked for', async () => {
    const product = await create(simple('Readable', '12.5', { plainDescription: '<p>Hello</p>' }));
    const plain = await call('GET', `${base}/${product.id}`, undefined, visitor);
    expect(plain.status).toBe(200);
    expect(plain.body.product.plainDescription).toBeUndefined();
    expect(plain.body.product.currency).toBeUndefined();
    expect(plain.body.product.variantsInfo.variants[0].id).toBe(defaultVariantId);
    const asked = await call(
      'GET',
      `${base}/${product.id}?fields=DESCRIPTION&fields=CURRENCY&fields=URL&fields=SOMETHING_NEW`,
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.product).toMatchObject({
      currency: 'USD',
      url: { relativePath: '/product-page/readable' },
    });
    expect(asked.body.product.description.nodes[0].nodes[0].textData.text).toBe('Hello');
    const bySlug = await call('GET', `${base}/slug/readable?fields=PLAIN_DESCRIPTION`, undefined, visitor);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.product).toMatchObject({ id: product.id, plainDescription: '<p>Hello</p>' });
  });

  it('shows cost and profit only to the business, and hidden products to nobody else', async () => {
    const product = await create(tee('Merchant tee', { visible: false }));
    const business = await call('GET', `${base}/${product.id}?fields=MERCHANT_DATA`);
    expect(business.body.product.variantsInfo.variants[0].revenueDetails.cost.amount).toBe('8.00');
    expect((await call('GET', `${base}/${product.id}?fields=MERCHANT_DATA`, undefined, visitor)).status).toBe(
      404,
    );
    await call('PATCH', `${base}/${product.id}`, { product: { revision: product.revision, visible: true } });
    const shopper = await call('GET', `${base}/${product.id}?fields=MERCHANT_DATA`, undefined, visitor);
    expect(shopper.status).toBe(200);
    expect(shopper.body.product.variantsInfo.variants[0].revenueDetails).toBeUndefined();
    expect(shopper.body.product.costRange).toBeUndefined();
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await call('GET', `${base}/${unknownId}`)).status).toBe(404);
    expect((await call('GET', `${base}/slug/no-such-product`)).status).toBe(404);
    expect((await call('GET', `${base}/not-a-uuid`)).status).toBe(400);
  });
});

describe('PATCH /stores/v3/products/{id}', () => {
  it('changes the fields sent, at the revision sent', async () => {
    const product = await create(tee('Patch tee'));
    const renamed = await call('PATCH', `${base}/${product.id}`, {
      product: { id: product.id, revision: '1', name: 'Patched tee', ribbon: null, slug: 'patched' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.product).toMatchObject({ name: 'Patched tee', slug: 'patched', revision: '2' });
    expect(renamed.body.product.ribbon).toBeUndefined();
    expect(renamed.body.product.variantsInfo.variants).toHaveLength(4);
    const stale = await call('PATCH', `${base}/${product.id}`, { product: { revision: '1', name: 'Late' } });
    expect(stale.status).toBe(409);
    expect(code(stale)).toBe('REVISION_MISMATCH');
    const noRevision = await call('PATCH', `${base}/${product.id}`, { product: { name: 'No revision' } });
    expect(noRevision.status).toBe(400);
    expect(JSON.stringify(noRevision.body)).toContain('product.revision');
    const gone = await call('PATCH', `${base}/${unknownId}`, { product: { revision: '1', name: 'Nobody' } });
    expect(gone.status).toBe(404);
  });

  it('keeps the listed variants (and their stock) and drops the others', async () => {
    const product = await create(tee('Shrinking tee'));
    const [first, second] = product.variantsInfo.variants;
    const stocked = await call('POST', '/stores/v3/bulk/inventory-items/upsert', {
      inventoryItems: [{ inventoryItem: { productId: product.id, variantId: first!.id, quantity: 7 } }],
    });
    expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
    const updated = await call('PATCH', `${base}/${product.id}`, {
      product: {
        revision: product.revision,
        variantsInfo: {
          variants: [
            { id: first!.id, choices: first!.choices },
            { choices: second!.choices, price: { actualPrice: amount('19.99') } },
          ],
        },
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const variants: WireVariant[] = updated.body.product.variantsInfo.variants;
    expect(variants.map((variant) => variant.id)).toEqual([first!.id, second!.id]);
    // The price sent replaces the variant's: without a compare-at price there is none.
    expect(variants[1]!.price).toEqual({ actualPrice: { amount: '19.99', formattedAmount: '$19.99' } });
    expect(variants[0]!.price.compareAtPrice).toEqual({ amount: '25.00', formattedAmount: '$25.00' });
    const items = await call(
      'GET',
      dotR('/stores/v3/inventory-items/query', { query: { filter: { productId: product.id } } }),
    );
    const quantities = new Map(
      items.body.inventoryItems.map((item: { variantId: string; quantity: number }) => [
        item.variantId,
        item.quantity,
      ]),
    );
    expect(quantities).toEqual(
      new Map([
        [first!.id, 7],
        [second!.id, 0],
      ]),
    );
    const changed = () =>
      JSON.stringify(received.filter((event) => event.name === storesEvents.variantsChanged));
    await expect.poll(changed, { timeout: 10_000 }).toContain(product.id);
    const optionsOnly = await call('PATCH', `${base}/${product.id}`, {
      product: { revision: updated.body.product.revision, options: [] },
    });
    expect(optionsOnly.status).toBe(400);
    expect(JSON.stringify(optionsOnly.body)).toContain('product.variantsInfo');
  });
});

describe('DELETE /stores/v3/products/{id}', () => {
  it('deletes the product, then answers 404', async () => {
    const product = await create(simple('Short-lived'));
    expect((await call('DELETE', `${base}/${product.id}`)).status).toBe(200);
    expect((await call('GET', `${base}/${product.id}`)).status).toBe(404);
    expect((await call('DELETE', `${base}/${product.id}`)).status).toBe(404);
  });
});

describe('query, search and count', () => {
  it('pages a query by cursor, as GET .r and as POST, without variants in the list', async () => {
    for (const name of ['Query A', 'Query B', 'Query C']) await create(simple(name, '5'));
    const first = await call(
      'GET',
      dotR(`${base}/query`, {
        query: {
          filter: { name: { $startsWith: 'Query ' } },
          sort: [{ fieldName: 'name', order: 'ASC' }],
          cursorPaging: { limit: 2 },
        },
      }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.products.map((product: WireProduct) => product.name)).toEqual(['Query A', 'Query B']);
    expect(first.body.products[0].variantsInfo).toBeUndefined();
    expect(first.body.products[0].variantSummary).toEqual({ variantCount: 1 });
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const next = await call('POST', `${base}/query`, {
      query: { cursorPaging: { cursor: first.body.pagingMetadata.cursors.next, limit: 2 } },
    });
    expect(next.body.products.map((product: WireProduct) => product.name)).toEqual(['Query C']);
    const cheap = await call('POST', `${base}/query`, {
      query: { filter: { 'actualPriceRange.minValue.amount': { $lte: 5 }, name: { $startsWith: 'Query' } } },
    });
    expect(cheap.body.products).toHaveLength(3);
    const wrong = await call('POST', `${base}/query`, { query: { filter: { nope: 1 } } });
    expect(wrong.status).toBe(400);
  });

  it('searches names and descriptions, with aggregations', async () => {
    await create(
      simple('Green teapot', '30', { plainDescription: '<p>Cast iron</p>', brand: { name: 'Kettle Co' } }),
    );
    await create(
      simple('Blue teacup', '12', { plainDescription: '<p>Porcelain</p>', brand: { name: 'Kettle Co' } }),
    );
    const found = await call(
      'GET',
      dotR(`${base}/search`, {
        search: {
          search: { expression: 'iron' },
          aggregations: [
            { name: 'brands', type: 'VALUE', fieldPath: 'brand.id' },
            {
              name: 'cheapest',
              type: 'SCALAR',
              fieldPath: 'actualPriceRange.minValue.amount',
              scalar: { type: 'MIN' },
            },
          ],
        },
      }),
    );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.products.map((product: WireProduct) => product.name)).toEqual(['Green teapot']);
    expect(found.body.aggregationData.results[0].values.results).toEqual([
      { value: expect.any(String), count: 1 },
    ]);
    expect(found.body.aggregationData.results[1].scalar).toEqual({ type: 'MIN', value: 30 });
    const tea = await call('POST', `${base}/search`, {
      search: { search: { expression: 'tea' }, sort: [{ fieldName: 'name' }] },
    });
    expect(tea.body.products.map((product: WireProduct) => product.name)).toEqual([
      'Blue teacup',
      'Green teapot',
    ]);
    const unsupported = await call('POST', `${base}/search`, {
      search: { aggregations: [{ type: 'VALUE', fieldPath: 'slug' }] },
    });
    expect(unsupported.status).toBe(400);
  });

  it('counts what a filter and a search select; hidden products only for the business that asks', async () => {
    await create(simple('Count visible', '1'));
    await create(simple('Count hidden', '1', { visible: false }));
    const filter = { name: { $startsWith: 'Count ' } };
    const count = async (request: Record<string, unknown>, headers?: Record<string, string>) =>
      (await call('GET', dotR(`${base}/count`, request), undefined, headers)).body.count;
    expect(await count({ filter })).toBe(1);
    expect(await count({ filter, returnNonVisibleProducts: true })).toBe(2);
    expect(await count({ filter, returnNonVisibleProducts: true }, visitor)).toBe(1);
    expect(await count({ filter, search: { expression: 'hidden' }, returnNonVisibleProducts: true })).toBe(1);
  });
});
