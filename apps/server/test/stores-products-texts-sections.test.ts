import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storesAppId } from '../src/modules/stores/index.ts';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { caller } from './stores-v3-entities-helpers.ts';
import { base, createProduct, simple } from './stores-products-v3-helpers.ts';

// v1 `customTextFields` are the product's v3 FREE_TEXT modifiers, and v1 `additionalInfoSections` its v3
// info sections: written through either view, read through both; on PGlite and on PostgreSQL (DATABASE_URL).

let t: TestApp;
let call: ReturnType<typeof caller>;
let siteId: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  siteId = (await call('GET', '/sites/v1/site')).body.site.id;
});
afterAll(async () => {
  await t.close();
});

const sectionFields =
  'fields=INFO_SECTION&fields=INFO_SECTION_PLAIN_DESCRIPTION&fields=INFO_SECTION_DESCRIPTION';

async function createV1(product: Record<string, unknown>) {
  const created = await call('POST', '/stores/v1/products', {
    product: { priceData: { price: 10 }, ...product },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.product as { id: string; customTextFields: unknown; additionalInfoSections: unknown };
}

async function readV1(id: string) {
  const answer = await call('GET', `/stores-reader/v1/products/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.product;
}

async function readV3(id: string) {
  const answer = await call('GET', `${base}/${id}?${sectionFields}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.product;
}

async function updateV1(id: string, product: Record<string, unknown>) {
  const updated = await call('PATCH', `/stores/v1/products/${id}`, { product });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return updated.body.product;
}

async function updateV3(id: string, product: Record<string, unknown>) {
  const { revision } = await readV3(id);
  const updated = await call('PATCH', `${base}/${id}`, { product: { revision, ...product } });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return updated.body.product;
}

const engraving = { title: 'Engraving', maxLength: 20, mandatory: true };
const giftNote = { title: 'Gift note', maxLength: 200, mandatory: false };

describe('v1 customTextFields and v3 FREE_TEXT modifiers', () => {
  it('shows a v1 product’s text fields as FREE_TEXT modifiers backed by MODIFIER customizations', async () => {
    const product = await createV1({ name: 'Engraved pen', customTextFields: [engraving, giftNote] });
    expect(product.customTextFields).toEqual([engraving, giftNote]);
    const v3 = await readV3(product.id);
    expect(v3.modifiers).toEqual([
      expect.objectContaining({
        name: 'Engraving',
        modifierRenderType: 'FREE_TEXT',
        mandatory: true,
        freeTextSettings: expect.objectContaining({ title: 'Engraving', minCharCount: 0, maxCharCount: 20 }),
      }),
      expect.objectContaining({
        name: 'Gift note',
        modifierRenderType: 'FREE_TEXT',
        mandatory: false,
        freeTextSettings: expect.objectContaining({ title: 'Gift note', maxCharCount: 200 }),
      }),
    ]);
    const customization = await call('GET', `/stores/v3/customizations/${v3.modifiers[0].id}`);
    expect(customization.status, JSON.stringify(customization.body)).toBe(200);
    expect(customization.body.customization).toMatchObject({
      name: 'Engraving',
      customizationType: 'MODIFIER',
      customizationRenderType: 'FREE_TEXT',
    });
    // A second product with a field of that title connects to the same customization, with its own limit.
    const other = await createV1({
      name: 'Engraved ring',
      customTextFields: [{ ...engraving, maxLength: 8 }],
    });
    const otherV3 = await readV3(other.id);
    expect(otherV3.modifiers[0]).toMatchObject({
      id: v3.modifiers[0].id,
      freeTextSettings: { maxCharCount: 8 },
    });
  });

  it('shows a v3 product’s FREE_TEXT modifiers as v1 text fields, and not its choice modifiers', async () => {
    const v3 = await createProduct(
      call,
      simple('Monogram towel', '30', {
        modifiers: [
          {
            name: 'Monogram',
            modifierRenderType: 'FREE_TEXT',
            mandatory: true,
            freeTextSettings: { minCharCount: 1, maxCharCount: 3, title: 'Your initials' },
          },
          {
            name: 'Wrapping',
            modifierRenderType: 'TEXT_CHOICES',
            choicesSettings: { choices: [{ name: 'Gift box', choiceType: 'CHOICE_TEXT', addedPrice: '4' }] },
          },
        ],
      }),
    );
    expect((await readV1(v3.id)).customTextFields).toEqual([
      { title: 'Your initials', maxLength: 3, mandatory: true },
    ]);
  });

  it('replaces the text fields through either view, keeping choice modifiers on a v1 update', async () => {
    const v3 = await createProduct(
      call,
      simple('Custom mug', '12', {
        modifiers: [
          { name: 'Name on mug', modifierRenderType: 'FREE_TEXT', freeTextSettings: { maxCharCount: 12 } },
          {
            name: 'Handle',
            modifierRenderType: 'TEXT_CHOICES',
            choicesSettings: { choices: [{ name: 'Gold', choiceType: 'CHOICE_TEXT' }] },
          },
        ],
      }),
    );
    const v1 = await updateV1(v3.id, { customTextFields: [giftNote] });
    expect(v1.customTextFields).toEqual([giftNote]);
    const afterV1 = await readV3(v3.id);
    expect(
      afterV1.modifiers.map((m: { name: string; modifierRenderType: string }) => [
        m.name,
        m.modifierRenderType,
      ]),
    ).toEqual([
      ['Handle', 'TEXT_CHOICES'],
      ['Gift note', 'FREE_TEXT'],
    ]);
    await updateV3(v3.id, {
      modifiers: [
        {
          name: 'Dedication',
          modifierRenderType: 'FREE_TEXT',
          mandatory: true,
          freeTextSettings: { maxCharCount: 40 },
        },
      ],
    });
    expect((await readV1(v3.id)).customTextFields).toEqual([
      { title: 'Dedication', maxLength: 40, mandatory: true },
    ]);
    expect((await updateV1(v3.id, { customTextFields: [] })).customTextFields).toEqual([]);
    expect((await readV3(v3.id)).modifiers).toEqual([]);
  });

  it('refuses a text field without a title or with a limit past 500', async () => {
    for (const field of [
      { title: '  ', maxLength: 10 },
      { title: 'Too long', maxLength: 501 },
    ]) {
      const answer = await call('POST', '/stores/v1/products', {
        product: { name: 'Bad field', priceData: { price: 1 }, customTextFields: [field] },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    }
  });
});

describe('v1 additionalInfoSections and v3 info sections', () => {
  const care = { title: 'Care', description: '<p>Hand wash cold</p>' };
  const shipping = { title: 'Shipping', description: '<p>Ships in 2 days</p>' };

  it('makes a v1 product’s sections info sections, reused when title and text are the same', async () => {
    const first = await createV1({ name: 'Wool scarf', additionalInfoSections: [care, shipping] });
    expect(first.additionalInfoSections).toEqual([care, shipping]);
    const v3 = await readV3(first.id);
    expect(v3.infoSections).toEqual([
      expect.objectContaining({
        uniqueName: 'Care',
        title: 'Care',
        plainDescription: '<p>Hand wash cold</p>',
      }),
      expect.objectContaining({ uniqueName: 'Shipping', title: 'Shipping' }),
    ]);
    expect(v3.infoSections[0].description.nodes[0].nodes[0].textData.text).toBe('Hand wash cold');
    const section = await call('GET', `/stores/v3/info-sections/${v3.infoSections[0].id}`);
    expect(section.status).toBe(200);
    expect(section.body.infoSection).toMatchObject({ uniqueName: 'Care', title: 'Care' });

    // Same title and text: the same section. Same title, other text: a section of its own.
    const same = await readV3((await createV1({ name: 'Wool hat', additionalInfoSections: [care] })).id);
    expect(same.infoSections[0].id).toBe(v3.infoSections[0].id);
    const silk = { title: 'Care', description: '<p>Dry clean only</p>' };
    const other = await createV1({ name: 'Silk scarf', additionalInfoSections: [silk] });
    expect(other.additionalInfoSections).toEqual([silk]);
    const otherV3 = await readV3(other.id);
    expect(otherV3.infoSections[0].id).not.toBe(v3.infoSections[0].id);
    expect(otherV3.infoSections[0].uniqueName).toMatch(/^Care \([0-9a-f]{8}\)$/);
    // The first product still reads its own text.
    expect((await readV1(first.id)).additionalInfoSections).toEqual([care, shipping]);
    // And a third with the silk text finds that section again.
    const again = await readV3((await createV1({ name: 'Silk tie', additionalInfoSections: [silk] })).id);
    expect(again.infoSections[0].id).toBe(otherV3.infoSections[0].id);
  });

  it('shows a v3 product’s info sections as v1 sections, and replaces them through either view', async () => {
    const v3 = await createProduct(
      call,
      simple('Linen sheet', '60', {
        infoSections: [
          { uniqueName: 'linen-care', title: 'Linen care', plainDescription: '<p>Line dry</p>' },
        ],
      }),
    );
    expect((await readV1(v3.id)).additionalInfoSections).toEqual([
      { title: 'Linen care', description: '<p>Line dry</p>' },
    ]);
    // An info section edited through v3 changes what v1 shows of every product that has it.
    const sectionId = (await readV3(v3.id)).infoSections[0].id;
    const section = (await call('GET', `/stores/v3/info-sections/${sectionId}`)).body.infoSection;
    const edited = await call('PATCH', `/stores/v3/info-sections/${sectionId}`, {
      infoSection: { id: sectionId, revision: section.revision, plainDescription: '<p>Tumble dry low</p>' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await readV1(v3.id)).additionalInfoSections).toEqual([
      { title: 'Linen care', description: '<p>Tumble dry low</p>' },
    ]);

    const v1 = await updateV1(v3.id, { additionalInfoSections: [shipping] });
    expect(v1.additionalInfoSections).toEqual([shipping]);
    expect((await readV3(v3.id)).infoSections.map((s: { title: string }) => s.title)).toEqual(['Shipping']);
    await updateV3(v3.id, { infoSections: [{ id: sectionId }] });
    expect((await readV1(v3.id)).additionalInfoSections).toEqual([
      { title: 'Linen care', description: '<p>Tumble dry low</p>' },
    ]);
    // An update that does not name them leaves them be.
    expect((await updateV1(v3.id, { name: 'Linen sheet set' })).additionalInfoSections).toHaveLength(1);
  });

  it('refuses a section without a title', async () => {
    const answer = await call('POST', '/stores/v1/products', {
      product: {
        name: 'Untitled',
        priceData: { price: 1 },
        additionalInfoSections: [{ title: '', description: 'x' }],
      },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('additionalInfoSections');
  });
});

describe('custom texts on a catalog reference', () => {
  it('are checked against the product’s text fields when the line is described', async () => {
    const pen = await createV1({ name: 'Texted pen', customTextFields: [engraving, giftNote] });
    const line = (customTextFields?: unknown) => ({
      appId: storesAppId,
      catalogItemId: pen.id,
      options: customTextFields === undefined ? {} : { customTextFields },
    });
    const described = await t.app.stores.catalog.describe(
      siteId,
      [
        line({ Engraving: 'For Ada' }),
        line({ Engraving: 'For Ada', 'Gift note': 'Happy birthday' }),
        line(),
        line({ Engraving: '   ' }),
        line({ Engraving: 'x'.repeat(21) }),
        line({ Engraving: 'Ok', Colour: 'red' }),
      ],
      new Date(),
    );
    expect(described.map((entry) => entry.availability.status)).toEqual([
      'AVAILABLE',
      'AVAILABLE',
      'NOT_AVAILABLE',
      'NOT_AVAILABLE',
      'NOT_AVAILABLE',
      'NOT_AVAILABLE',
    ]);
    expect(described[2]!.availability.reason).toBe('"Texted pen" needs a text for "Engraving"');
    expect(described[4]!.availability.reason).toBe(
      'The text for "Engraving" is 21 characters; at most 20 are allowed',
    );
    expect(described[5]!.availability.reason).toBe('"Texted pen" has no text field "Colour"');
  });
});

describe('custom texts in a cart', () => {
  it('show the buyer why a line without its mandatory text cannot be bought', async () => {
    const pen = await createV1({ name: 'Cart pen', customTextFields: [engraving] });
    const visitor = as(`ANONYMOUS_VISITOR:${randomUUID()}`);
    const line = (customTextFields: Record<string, string>) => ({
      quantity: 1,
      catalogReference: { appId: storesAppId, catalogItemId: pen.id, options: { customTextFields } },
    });
    const added = await call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [line({}), line({ Engraving: 'For Ada' })] },
      visitor,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // The buyer's text is part of the line, as the order will keep it.
    const engraved = added.body.cart.lineItems.find(
      (item: { catalogReference: { options: { customTextFields: Record<string, string> } } }) =>
        item.catalogReference.options.customTextFields.Engraving === 'For Ada',
    );
    expect(engraved.descriptionLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: expect.objectContaining({ original: 'Engraving' }),
          plainText: expect.objectContaining({ original: 'For Ada' }),
        }),
      ]),
    );
    const totals = await call('POST', '/ecom/v1/carts/current/estimate-totals', {}, visitor);
    expect(totals.status, JSON.stringify(totals.body)).toBe(200);
    expect(totals.body.violations.map((violation: { description: string }) => violation.description)).toEqual(
      ['"Cart pen" needs a text for "Engraving".'],
    );
  });
});
