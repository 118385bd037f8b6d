import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { caller, dotR, unknownId } from './stores-v3-entities-helpers.ts';

/**
 * Customizations (catalog v3) through the real app: product options and modifiers, free text or
 * choices, and every choice call. Request and answer shapes are those of the official client.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

const base = '/stores/v3/customizations';
const bulk = '/stores/v3/bulk/customizations';

interface WireChoice {
  id: string;
  name: string;
  choiceType: string;
  key: string;
  colorCode?: string;
  primaryChoiceIds?: string[];
}
interface WireCustomization {
  id: string;
  revision: string;
  name: string;
  choicesSettings?: { choices: WireChoice[] };
  freeTextInput?: Record<string, unknown>;
}

const sizes = (name = 'Size') => ({
  name,
  customizationType: 'PRODUCT_OPTION',
  customizationRenderType: 'TEXT_CHOICES',
  choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }, { name: 'L', choiceType: 'CHOICE_TEXT' }] },
});
const colours = {
  name: 'Colour',
  customizationType: 'PRODUCT_OPTION',
  customizationRenderType: 'SWATCH_CHOICES',
  choicesSettings: {
    choices: [
      { choiceType: 'ONE_COLOR', name: 'Red', colorCode: '#FF0000' },
      { choiceType: 'MULTIPLE_COLORS', name: 'Stripes', multipleColors: { colorCodes: ['#000', '#fff'] } },
      { choiceType: 'IMAGE', name: 'Floral', image: { url: 'https://example.com/floral.png' } },
    ],
  },
};
const giftMessage = {
  name: 'Gift message',
  customizationType: 'MODIFIER',
  customizationRenderType: 'FREE_TEXT',
  freeTextInput: { title: 'Your message', maxCharCount: 120, defaultAddedPrice: '1.50' },
};

async function create(customization: unknown): Promise<WireCustomization> {
  const response = await call('POST', base, { customization });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.customization;
}
const names = (customization: WireCustomization) =>
  customization.choicesSettings!.choices.map((choice) => choice.name);
const appCode = (response: { body: { details?: { applicationError?: { code?: string } } } }) =>
  response.body.details?.applicationError?.code;

describe(`POST ${base}`, () => {
  it('creates a product option whose choices get ids and keys, and stores them', async () => {
    const created = await create(sizes());
    expect(created).toMatchObject({
      revision: '1',
      key: 'Size',
      name: 'Size',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
    });
    expect(created.choicesSettings!.choices).toEqual(
      ['S', 'M', 'L'].map((name) => ({ id: expect.any(String), choiceType: 'CHOICE_TEXT', key: name, name })),
    );
    expect(new Set(created.choicesSettings!.choices.map((choice) => choice.id)).size).toBe(3);
    expect(created).not.toHaveProperty('freeTextInput');
    const rows = await t.app.database.query<{
      render_type: string;
      doc: { choicesSettings: { choices: unknown[] } };
    }>('SELECT render_type, doc FROM stores_customizations WHERE id = $1', [created.id]);
    expect(rows[0]!.render_type).toBe('TEXT_CHOICES');
    expect(rows[0]!.doc.choicesSettings.choices).toHaveLength(3);
  });

  it('creates swatches of one colour, two colours and an image', async () => {
    const created = await create(colours);
    expect(created.choicesSettings!.choices.map(({ id: _id, ...choice }) => choice)).toEqual([
      { choiceType: 'ONE_COLOR', key: 'Red', name: 'Red', colorCode: '#FF0000' },
      {
        choiceType: 'MULTIPLE_COLORS',
        key: 'Stripes',
        name: 'Stripes',
        multipleColors: { colorCodes: ['#000', '#fff'] },
      },
      {
        choiceType: 'IMAGE',
        key: 'Floral',
        name: 'Floral',
        image: { url: 'https://example.com/floral.png' },
      },
    ]);
  });

  it('creates a free-text modifier with its character limits always present', async () => {
    const created = await create(giftMessage);
    expect(created.freeTextInput).toEqual({
      title: 'Your message',
      key: 'Your message',
      minCharCount: 0,
      maxCharCount: 120,
      defaultAddedPrice: '1.50',
    });
    expect(created).not.toHaveProperty('choicesSettings');
  });

  it.each([
    ['no name', { ...sizes(), name: undefined }, 400, undefined],
    ['no type', { ...sizes(), customizationType: undefined }, 400, undefined],
    ['an unknown render type', { ...sizes(), customizationRenderType: 'DROPDOWN' }, 400, undefined],
    [
      'free text on a product option',
      { ...giftMessage, customizationType: 'PRODUCT_OPTION' },
      400,
      'INVALID_CUSTOMIZATION_RENDER_TYPE',
    ],
    ['free text without its settings', { ...giftMessage, freeTextInput: undefined }, 400, undefined],
    ['choices without any choice', { ...sizes(), choicesSettings: { choices: [] } }, 400, undefined],
    [
      'free-text settings on choices',
      { ...sizes(), freeTextInput: { title: 'x' } },
      400,
      'DOESNT_SUPPORT_FREE_TEXT',
    ],
    [
      'a colour choice on text choices',
      {
        ...sizes(),
        choicesSettings: { choices: [{ name: 'Red', choiceType: 'ONE_COLOR', colorCode: '#f00' }] },
      },
      400,
      'INVALID_CHOICE_TYPE',
    ],
    [
      'a colour choice without its colour',
      { ...colours, choicesSettings: { choices: [{ name: 'Red', choiceType: 'ONE_COLOR' }] } },
      400,
      'INVALID_CHOICE_VALUE',
    ],
    [
      'a malformed colour',
      { ...colours, choicesSettings: { choices: [{ name: 'Red', colorCode: 'red' }] } },
      400,
      undefined,
    ],
    [
      'two choices of one name (ignoring case)',
      { ...sizes(), choicesSettings: { choices: [{ name: 'S' }, { name: 's' }] } },
      400,
      'DUPLICATE_CHOICE_NAME',
    ],
    [
      'a modifier price on a product option',
      { ...sizes(), choicesSettings: { choices: [{ name: 'S', defaultAddedPrice: '2.00' }] } },
      400,
      'MODIFIER_SETTINGS_NOT_SUPPORTED_FOR_PRODUCT_OPTION',
    ],
    [
      'a price with four decimals',
      { ...giftMessage, freeTextInput: { title: 'x', defaultAddedPrice: '1.2345' } },
      400,
      undefined,
    ],
    [
      'fewer maximum than minimum characters',
      { ...giftMessage, freeTextInput: { title: 'x', minCharCount: 10, maxCharCount: 5 } },
      400,
      'INVALID_FREE_TEXT_SETTINGS',
    ],
  ])('refuses %s', async (_case, customization, status, code) => {
    const response = await call('POST', base, { customization });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.message).toEqual(expect.any(String));
    if (code) expect(appCode(response)).toBe(code);
    else expect(response.body.details.validationError.fieldViolations.length).toBeGreaterThan(0);
  });
});

describe(`GET, PATCH, DELETE ${base}/{id}`, () => {
  it('reads a customization; display images and product counts only when fields asks', async () => {
    const created = await create({
      ...colours,
      name: 'Shade',
      choicesSettings: {
        choices: [{ name: 'Sky', colorCode: '#00f', displayImage: { url: 'https://example.com/sky.png' } }],
      },
    });
    const plain = await call('GET', `${base}/${created.id}?customizationId=${created.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.customization.choicesSettings.choices[0]).not.toHaveProperty('displayImage');
    expect(plain.body.customization).not.toHaveProperty('assignedProductsCount');
    const full = await call(
      'GET',
      `${base}/${created.id}?fields=CHOICE_DISPLAY_IMAGE&fields=ASSIGNED_PRODUCTS_COUNT`,
    );
    expect(full.body.customization.choicesSettings.choices[0].displayImage).toEqual({
      url: 'https://example.com/sky.png',
    });
    expect(full.body.customization.assignedProductsCount).toBe(0);
    expect((await call('GET', `${base}/${unknownId}`)).status).toBe(404);
    expect((await call('GET', `${base}/nope`)).status).toBe(400);
  });

  it('renames and changes free-text settings at the revision; refuses a stale one with 409', async () => {
    const created = await create({ ...giftMessage, name: 'Engraving' });
    const updated = await call('PATCH', `${base}/${created.id}`, {
      customization: {
        id: created.id,
        revision: '1',
        name: 'Engraving text',
        freeTextInput: { maxCharCount: 40 },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.customization).toMatchObject({
      name: 'Engraving text',
      revision: '2',
      freeTextInput: { title: 'Your message', maxCharCount: 40, minCharCount: 0, defaultAddedPrice: '1.50' },
    });
    const stale = await call('PATCH', `${base}/${created.id}`, {
      customization: { revision: '1', name: 'x' },
    });
    expect(stale.status).toBe(409);
    expect(appCode(stale)).toBe('REVISION_MISMATCH');
  });

  it('refuses changing the type or render type, and free text on a choices customization', async () => {
    const created = await create(sizes('Fit'));
    const type = await call('PATCH', `${base}/${created.id}`, {
      customization: { customizationType: 'MODIFIER' },
    });
    expect(type.status).toBe(400);
    expect(type.body.details.validationError.fieldViolations[0].field).toBe(
      'customization.customizationType',
    );
    const same = await call('PATCH', `${base}/${created.id}`, {
      customization: {
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'TEXT_CHOICES',
        name: 'Fit 2',
      },
    });
    expect(same.status).toBe(200);
    const freeText = await call('PATCH', `${base}/${created.id}`, {
      customization: { freeTextInput: { title: 'x' } },
    });
    expect(appCode(freeText)).toBe('DOESNT_SUPPORT_FREE_TEXT');
    expect((await call('PATCH', `${base}/${unknownId}`, { customization: { name: 'x' } })).status).toBe(404);
  });

  it('deletes, answering {}, then 404', async () => {
    const created = await create(sizes('Doomed'));
    const response = await call('DELETE', `${base}/${created.id}?customizationId=${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    expect((await call('GET', `${base}/${created.id}`)).status).toBe(404);
    expect((await call('DELETE', `${base}/${created.id}`)).status).toBe(404);
  });
});

describe('choices', () => {
  const choiceCall = (id: string, action: string, body: unknown) =>
    call('POST', `${base}/${id}/${action}`, body);

  it('adds choices after the existing ones with new ids, and moves the revision on', async () => {
    const created = await create(sizes('Add'));
    const response = await choiceCall(created.id, 'add-choices', { choices: [{ name: 'XL' }] });
    expect(response.status).toBe(200);
    expect(names(response.body.customization)).toEqual(['S', 'M', 'L', 'XL']);
    expect(response.body.customization.revision).toBe('2');
    const duplicate = await choiceCall(created.id, 'add-choices', { choices: [{ name: 'xl' }] });
    expect(appCode(duplicate)).toBe('DUPLICATE_CHOICE_NAME');
  });

  it('sets the whole list, keeping the ids of choices it names', async () => {
    const created = await create(sizes('Set'));
    const [small] = created.choicesSettings!.choices;
    const response = await choiceCall(created.id, 'set-choices', {
      choices: [{ name: 'XS' }, { id: small!.id, name: 'Small' }],
    });
    expect(response.status).toBe(200);
    const choices = response.body.customization.choicesSettings.choices as WireChoice[];
    expect(choices.map((choice) => choice.name)).toEqual(['XS', 'Small']);
    expect(choices[1]!.id).toBe(small!.id);
    const unknown = await choiceCall(created.id, 'set-choices', { choices: [{ id: unknownId, name: 'Q' }] });
    expect(unknown.status).toBe(404);
    expect(appCode(unknown)).toBe('CHOICE_NOT_FOUND');
  });

  it('updates choices by id; their type cannot change', async () => {
    const created = await create({ ...colours, name: 'Update colours' });
    const red = created.choicesSettings!.choices[0]!;
    const response = await choiceCall(created.id, 'update-choices', {
      revision: created.revision,
      choices: [{ choice: { id: red.id, name: 'Crimson', colorCode: '#DC143C' } }],
    });
    expect(response.status).toBe(200);
    expect(response.body.customization.choicesSettings.choices[0]).toMatchObject({
      id: red.id,
      name: 'Crimson',
      key: 'Crimson',
      colorCode: '#DC143C',
      choiceType: 'ONE_COLOR',
    });
    const retype = await choiceCall(created.id, 'update-choices', {
      revision: '2',
      choices: [{ choice: { id: red.id, choiceType: 'IMAGE' } }],
    });
    expect(appCode(retype)).toBe('UNSUPPORTED_CHOICE_FIELD');
    const stale = await choiceCall(created.id, 'update-choices', {
      revision: '1',
      choices: [{ choice: { id: red.id, name: 'Rose' } }],
    });
    expect(stale.status).toBe(409);
    const missing = await choiceCall(created.id, 'update-choices', {
      revision: '2',
      choices: [{ choice: { id: unknownId, name: 'Rose' } }],
    });
    expect(missing.status).toBe(404);
    expect(appCode(missing)).toBe('CHOICE_NOT_FOUND');
  });

  it('reorders choices, refusing a list that is not exactly its choices with the ids at fault', async () => {
    const created = await create(sizes('Order'));
    const [s, m, l] = created.choicesSettings!.choices.map((choice) => choice.id);
    const response = await choiceCall(created.id, 'reorder-choices', { revision: '1', choiceIds: [l, s, m] });
    expect(response.status).toBe(200);
    expect(names(response.body.customization)).toEqual(['L', 'S', 'M']);
    const mismatch = await choiceCall(created.id, 'reorder-choices', {
      revision: '2',
      choiceIds: [l, s, unknownId],
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.applicationError).toMatchObject({
      code: 'CHOICE_IDS_MISMATCH',
      data: { missingIds: [m], extraIds: [unknownId] },
    });
    const stale = await choiceCall(created.id, 'reorder-choices', { revision: '1', choiceIds: [s, m, l] });
    expect(stale.status).toBe(409);
  });

  it('removes choices but never the last one, nor a primary choice another still names', async () => {
    const created = await create(sizes('Remove'));
    const [s, m, l] = created.choicesSettings!.choices.map((choice) => choice.id);
    const response = await choiceCall(created.id, 'remove-choices', { choiceIds: [s] });
    expect(response.status).toBe(200);
    expect(names(response.body.customization)).toEqual(['M', 'L']);
    const all = await choiceCall(created.id, 'remove-choices', { choiceIds: [m, l] });
    expect(appCode(all)).toBe('NOT_ALLOWED_CUSTOMIZATION_WITHOUT_CHOICES');
    const gone = await choiceCall(created.id, 'remove-choices', { choiceIds: [s] });
    expect(gone.status).toBe(404);
    expect(appCode(gone)).toBe('CHOICE_NOT_FOUND');
    const linked = await choiceCall(created.id, 'add-choices', {
      choices: [{ name: 'M tall', primaryChoiceIds: [m] }],
    });
    expect(linked.status).toBe(200);
    const primary = await choiceCall(created.id, 'remove-choices', { choiceIds: [m] });
    expect(appCode(primary)).toBe('PRIMARY_CHOICE_DELETE_REFERENCED');
    const stale = await choiceCall(created.id, 'remove-choices', { choiceIds: [l], revision: '1' });
    expect(stale.status).toBe(409);
  });

  it('checks linked choices: one level only, and only to choices of the same customization', async () => {
    const created = await create(sizes('Linked'));
    const [s] = created.choicesSettings!.choices.map((choice) => choice.id);
    const unknownPrimary = await choiceCall(created.id, 'add-choices', {
      choices: [{ name: 'Q', primaryChoiceIds: [unknownId] }],
    });
    expect(appCode(unknownPrimary)).toBe('PRIMARY_CHOICE_NOT_FOUND');
    const linked = await choiceCall(created.id, 'add-choices', {
      choices: [{ name: 'S tall', primaryChoiceIds: [s] }],
    });
    const tall = (linked.body.customization.choicesSettings.choices as WireChoice[]).at(-1)!;
    expect(tall.primaryChoiceIds).toEqual([s]);
    const deeper = await choiceCall(created.id, 'add-choices', {
      choices: [{ name: 'S tall wide', primaryChoiceIds: [tall.id] }],
    });
    expect(appCode(deeper)).toBe('PRIMARY_CHOICE_HIERARCHY_VIOLATION');
    const self = await choiceCall(created.id, 'update-choices', {
      revision: linked.body.customization.revision,
      choices: [{ choice: { id: s, primaryChoiceIds: [s] } }],
    });
    expect(appCode(self)).toBe('PRIMARY_CHOICE_SELF_REFERENCE');
  });

  it('refuses choice calls on free text, and answers 404 for an unknown customization', async () => {
    const created = await create({ ...giftMessage, name: 'Note' });
    const response = await choiceCall(created.id, 'add-choices', { choices: [{ name: 'x' }] });
    expect(response.status).toBe(400);
    expect(appCode(response)).toBe('DOESNT_SUPPORT_CHOICES');
    expect((await choiceCall(unknownId, 'set-choices', { choices: [{ name: 'x' }] })).status).toBe(404);
    expect((await choiceCall(created.id, 'remove-choices', { choiceIds: [] })).status).toBe(400);
    expect((await choiceCall(created.id, 'reorder-choices', { revision: '1' })).status).toBe(400);
  });

  it('keeps every choice when two callers add at once', async () => {
    const created = await create(sizes('Racing'));
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => choiceCall(created.id, 'add-choices', { choices: [{ name }] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const final = await call('GET', `${base}/${created.id}`);
    expect([...names(final.body.customization)].sort()).toEqual(['A', 'B', 'C', 'D', 'L', 'M', 'S']);
    expect(final.body.customization.revision).toBe('5');
  });
});

describe(`GET ${base}/query and POST ${base}/count`, () => {
  it('pages modifiers with a filter on the type, the next page sending only the cursor', async () => {
    for (const name of ['Mod A', 'Mod B', 'Mod C']) await create({ ...giftMessage, name });
    const first = await call(
      'GET',
      dotR(`${base}/query`, {
        query: {
          filter: { customizationType: 'MODIFIER', name: { $startsWith: 'Mod ' } },
          sort: [{ fieldName: 'name', order: 'ASC' }],
          cursorPaging: { limit: 2 },
        },
      }),
    );
    expect(first.status).toBe(200);
    expect(first.body.customizations.map((item: WireCustomization) => item.name)).toEqual(['Mod A', 'Mod B']);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const second = await call(
      'GET',
      dotR(`${base}/query`, {
        query: { cursorPaging: { cursor: first.body.pagingMetadata.cursors.next, limit: 2 } },
      }),
    );
    expect(second.body.customizations.map((item: WireCustomization) => item.name)).toEqual(['Mod C']);
    expect(second.body.pagingMetadata.hasNext).toBe(false);
    const posted = await call('POST', `${base}/query`, {
      query: { filter: { customizationRenderType: 'FREE_TEXT' } },
    });
    expect(posted.status).toBe(200);
    expect(posted.body.customizations.length).toBeGreaterThanOrEqual(3);
    expect((await call('GET', dotR(`${base}/query`, { query: { filter: { colour: 1 } } }))).status).toBe(400);
  });

  it('counts with a filter', async () => {
    await create({ ...sizes('Counted'), customizationRenderType: 'TEXT_CHOICES' });
    const response = await call('POST', `${base}/count`, { filter: { name: 'Counted' } });
    expect(response.body).toEqual({ count: 1 });
    expect((await call('POST', `${base}/count`, { filter: { name: { $nope: 1 } } })).status).toBe(400);
  });
});

describe(`POST ${bulk}/*`, () => {
  it('creates several, each on its own, answering the entity under `customization`', async () => {
    const response = await call('POST', `${bulk}/create`, {
      customizations: [
        sizes('Bulk size'),
        { ...sizes('Bad'), customizationType: 'MODIFIER', choicesSettings: null },
      ],
      returnEntity: true,
    });
    expect(response.status).toBe(200);
    const [ok, bad] = response.body.results;
    expect(ok.itemMetadata).toMatchObject({ success: true, originalIndex: 0, id: ok.customization.id });
    expect(ok.customization.name).toBe('Bulk size');
    expect(ok).not.toHaveProperty('item');
    expect(bad.itemMetadata).toMatchObject({ success: false, originalIndex: 1 });
    expect(response.body.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 1,
      undetailedFailures: 0,
    });
  });

  it('updates several; a stale revision fails alone', async () => {
    const a = await create(sizes('Bulk up A'));
    const b = await create(sizes('Bulk up B'));
    const response = await call('POST', `${bulk}/update`, {
      customizations: [
        { customization: { id: a.id, revision: '1', name: 'Bulk up A2' } },
        { customization: { id: b.id, revision: '5', name: 'Bulk up B2' } },
      ],
      returnEntity: true,
    });
    expect(response.body.results[0].customization).toMatchObject({ name: 'Bulk up A2', revision: '2' });
    expect(response.body.results[1].itemMetadata).toMatchObject({ id: b.id, success: false });
    expect(response.body.results[1].itemMetadata.error.code).toBe('REVISION_MISMATCH');
  });

  it('adds choices to several customizations; an unknown one fails alone', async () => {
    const a = await create(sizes('Bulk add'));
    const response = await call('POST', `${bulk}/add-choices`, {
      customizationsChoices: [
        { customizationId: a.id, choices: [{ name: 'XXL' }] },
        { customizationId: unknownId, choices: [{ name: 'XXL' }] },
      ],
      returnEntity: true,
    });
    expect(response.status).toBe(200);
    expect(names(response.body.results[0].customization)).toEqual(['S', 'M', 'L', 'XXL']);
    expect(response.body.results[1].itemMetadata).toMatchObject({ id: unknownId, success: false });
    expect(response.body.results[1].itemMetadata.error.code).toBe('NOT_FOUND');
    expect((await call('POST', `${bulk}/add-choices`, { customizationsChoices: [] })).status).toBe(400);
  });
});
