import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import { stores } from '../src/modules/stores.ts';
import { failure } from './bookings-catalog-setup.ts';

// Every brand, ribbon, customization and info section call of the SDK against the real server over HTTP.
let testApp: TestApp;
let owner: ReturnType<typeof clientAs>;
let visitor: ReturnType<typeof clientAs>;
let baseUrl: string;

function clientAs(caller: string) {
  return createClient({ baseUrl, headers: { 'x-atrium-dev-caller': caller }, modules: { stores } }).stores;
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = clientAs('WIX_USER:OWNER');
  visitor = clientAs('ANONYMOUS_VISITOR');
});
afterAll(() => testApp?.close());

describe('brands and ribbons', () => {
  it('run every brand call', async () => {
    const brand = await owner.createBrand({ name: 'Acme' });
    expect(brand.createdDate).toBeInstanceOf(Date);
    expect(
      (await visitor.getBrand(brand.id, { fields: ['ASSIGNED_PRODUCTS_COUNT'] })).assignedProductsCount,
    ).toBe(0);
    const renamed = await owner.updateBrand(brand.id, { name: 'Acme Co', revision: brand.revision });
    expect(renamed.revision).toBe('2');
    expect(await failure(owner.updateBrand(brand.id, { name: 'x', revision: '1' }))).toMatchObject({
      status: 409,
    });
    expect(await failure(owner.createBrand({ name: 'Acme Co' }))).toMatchObject({ status: 409 });
    expect((await owner.getOrCreateBrand('Acme Co')).id).toBe(brand.id);
    await owner.createBrand({ name: 'Beta' });
    expect(await owner.countBrands({ name: { $startsWith: 'Acme' } })).toBe(1);
    const page = await visitor.queryBrands().ascending('name').limit(1).find();
    expect(page.items.map((item) => item.name)).toEqual(['Acme Co']);
    expect((await page.next()).items.map((item) => item.name)).toEqual(['Beta']);
    const created = await owner.bulkCreateBrands([{ name: 'Gamma' }], { returnEntity: true });
    const gamma = created.results[0]!.item!;
    const updated = await owner.bulkUpdateBrands(
      [{ brand: { id: gamma.id, revision: '1', name: 'Gamma 2' } }],
      {
        returnEntity: true,
      },
    );
    expect(updated.results[0]!.item!.name).toBe('Gamma 2');
    const gotten = await owner.bulkGetOrCreateBrands(['Gamma 2', 'Delta']);
    expect(gotten.results.map((result) => result.item!.name)).toEqual(['Gamma 2', 'Delta']);
    const deleted = await owner.bulkDeleteBrands([gamma.id]);
    expect(deleted.bulkActionMetadata.totalSuccesses).toBe(1);
    await owner.deleteBrand(brand.id);
    expect(await failure(owner.getBrand(brand.id))).toMatchObject({ status: 404 });
  });

  it('run every ribbon call', async () => {
    const sale = await owner.createRibbon({ name: 'Sale' });
    expect(
      (await visitor.getRibbon(sale.id, { fields: ['ASSIGNED_PRODUCT_COUNT'] })).assignedProductCount,
    ).toBe(0);
    expect((await owner.updateRibbon(sale.id, { name: 'On sale', revision: '1' })).name).toBe('On sale');
    expect((await owner.getOrCreateRibbon('New')).name).toBe('New');
    expect(await owner.countRibbons()).toBe(2);
    expect((await visitor.queryRibbons().eq('name', 'New').find()).items).toHaveLength(1);
    const created = await owner.bulkCreateRibbons([{ name: 'Hot' }, { name: 'New' }]);
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    const hot = await owner.getOrCreateRibbon('Hot');
    expect(
      (await owner.bulkUpdateRibbons([{ ribbon: { id: hot.id, name: 'Hotter' } }])).results[0]!.itemMetadata
        .success,
    ).toBe(true);
    expect((await owner.bulkGetOrCreateRibbons(['Hotter'])).results[0]!.item!.id).toBe(hot.id);
    expect((await owner.bulkDeleteRibbons([hot.id])).bulkActionMetadata.totalSuccesses).toBe(1);
    await owner.deleteRibbon(sale.id);
    expect(await failure(visitor.createRibbon({ name: 'Visitor' }))).toMatchObject({ status: 403 });
  });
});

describe('customizations', () => {
  it('run every customization call', async () => {
    const size = await owner.createCustomization({
      name: 'Size',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] },
    });
    const [s, m] = size.choicesSettings!.choices.map((choice) => choice.id);
    expect(
      (await visitor.getCustomization(size.id, { fields: ['ASSIGNED_PRODUCTS_COUNT'] }))
        .assignedProductsCount,
    ).toBe(0);
    expect((await owner.updateCustomization(size.id, { name: 'Shirt size', revision: '1' })).revision).toBe(
      '2',
    );
    const added = await owner.addCustomizationChoices(size.id, [{ name: 'L' }]);
    const l = added.choicesSettings!.choices[2]!.id;
    const reordered = await owner.reorderCustomizationChoices(size.id, [l, m!, s!], {
      revision: added.revision,
    });
    expect(reordered.choicesSettings!.choices.map((choice) => choice.name)).toEqual(['L', 'M', 'S']);
    const renamed = await owner.updateCustomizationChoices(size.id, [{ id: l, name: 'Large' }], {
      revision: reordered.revision,
    });
    expect(renamed.choicesSettings!.choices[0]!.name).toBe('Large');
    const removed = await owner.removeCustomizationChoices(size.id, [s!]);
    expect(removed.choicesSettings!.choices).toHaveLength(2);
    const set = await owner.setCustomizationChoices(size.id, [{ id: m, name: 'Medium' }]);
    expect(set.choicesSettings!.choices).toEqual([expect.objectContaining({ id: m, name: 'Medium' })]);
    expect(await owner.countCustomizations({ customizationType: 'PRODUCT_OPTION' })).toBe(1);
    expect((await visitor.queryCustomizations().eq('name', 'Shirt size').find()).items[0]!.id).toBe(size.id);
    const bulk = await owner.bulkCreateCustomizations(
      [
        {
          name: 'Note',
          customizationType: 'MODIFIER',
          customizationRenderType: 'FREE_TEXT',
          freeTextInput: { title: 'Note' },
        },
      ],
      { returnEntity: true },
    );
    const note = bulk.results[0]!.customization!;
    expect(note.freeTextInput).toMatchObject({ minCharCount: 0, maxCharCount: 500 });
    const bulkUpdated = await owner.bulkUpdateCustomizations([{ id: note.id, name: 'Gift note' }], {
      returnEntity: true,
    });
    expect(bulkUpdated.results[0]!.customization!.name).toBe('Gift note');
    const bulkAdded = await owner.bulkAddCustomizationChoices([
      { customizationId: size.id, choices: [{ name: 'XL' }] },
    ]);
    expect(bulkAdded.bulkActionMetadata.totalSuccesses).toBe(1);
    await owner.deleteCustomization(note.id);
    expect(await failure(owner.getCustomization(note.id))).toMatchObject({ status: 404 });
  });
});

describe('info sections', () => {
  it('run every info section call', async () => {
    const care = await owner.createInfoSection({
      uniqueName: 'care',
      title: 'Care',
      plainDescription: '<p>Wash</p>',
    });
    expect(care.description?.nodes).toHaveLength(1);
    expect(
      (await visitor.getInfoSection(care.id, { fields: ['ASSIGNED_PRODUCTS_COUNT'] })).assignedProductsCount,
    ).toBe(0);
    expect((await owner.updateInfoSection(care.id, { title: 'Caring', revision: '1' })).title).toBe('Caring');
    expect((await owner.getOrCreateInfoSection({ uniqueName: 'care' })).id).toBe(care.id);
    expect(await owner.countInfoSections({ title: 'Caring' })).toBe(1);
    expect((await visitor.queryInfoSections().eq('uniqueName', 'care').find()).items).toHaveLength(1);
    const created = await owner.bulkCreateInfoSections([{ uniqueName: 'sizing', title: 'Sizing' }], {
      returnEntity: true,
    });
    const sizing = created.results[0]!.item!;
    const updated = await owner.bulkUpdateInfoSections(
      [{ infoSection: { id: sizing.id, title: 'Size guide' } }],
      {
        returnEntity: true,
      },
    );
    expect(updated.results[0]!.item!.title).toBe('Size guide');
    const gotten = await owner.bulkGetOrCreateInfoSections([
      { id: sizing.id },
      { uniqueName: 'returns', title: 'Returns' },
    ]);
    expect(gotten.results.map((result) => result.item!.uniqueName)).toEqual(['sizing', 'returns']);
    expect((await owner.bulkDeleteInfoSections([sizing.id])).bulkActionMetadata.totalSuccesses).toBe(1);
    await owner.deleteInfoSection(care.id);
    expect(await failure(owner.getInfoSection(care.id))).toMatchObject({ status: 404 });
  });
});
