import * as brandsV3 from '@wix/auto_sdk_stores_brands-v-3';
import * as customizationsV3 from '@wix/auto_sdk_stores_customizations-v-3';
import * as infoSectionsV3 from '@wix/auto_sdk_stores_info-sections-v-3';
import * as ribbonsV3 from '@wix/auto_sdk_stores_ribbons-v-3';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official catalog v3 clients for brands, ribbons, customizations and info sections (`@wix/stores`
// brandsV3, ribbonsV3, customizationsV3, infoSectionsV3), unchanged, against Atrium: all 47 calls as the
// business (API key), reads as a visitor, and the refusals the clients surface.

const modules = { brandsV3, ribbonsV3, customizationsV3, infoSectionsV3 };
let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof clientWith>;
let visitor: ReturnType<typeof clientWith>;

function clientWith(auth: ReturnType<typeof ApiKeyStrategy> | ReturnType<typeof OAuthStrategy>) {
  return createClient({ modules, auth });
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('the call was expected to be refused');
    },
    (error: unknown) =>
      error as {
        message: string;
        details?: { applicationError?: { code?: string; data?: Record<string, unknown> } };
      },
  );
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  visitor = clientWith(OAuthStrategy({ clientId: atrium.clientId }));
});

afterAll(async () => {
  await atrium?.close();
});

describe('brandsV3', () => {
  it('creates, reads, renames, counts, queries and deletes brands', async () => {
    const brand = await business.brandsV3.createBrand({ name: 'Acme' });
    expect(brand).toMatchObject({ name: 'Acme', revision: '1' });
    expect(brand._createdDate).toBeInstanceOf(Date);
    const read = await visitor.brandsV3.getBrand(brand._id!, { fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    expect(read).toMatchObject({ _id: brand._id, name: 'Acme', assignedProductsCount: 0 });
    const renamed = await business.brandsV3.updateBrand(brand._id!, {
      revision: brand.revision!,
      name: 'Acme Co',
    });
    expect(renamed).toMatchObject({ name: 'Acme Co', revision: '2' });
    const stale = await refusal(business.brandsV3.updateBrand(brand._id!, { revision: '1', name: 'Late' }));
    expect(stale.details?.applicationError?.code).toBe('REVISION_MISMATCH');
    const taken = await refusal(business.brandsV3.createBrand({ name: 'Acme Co' }));
    expect(taken.details?.applicationError?.code).toBe('BRAND_NAME_ALREADY_EXISTS');

    for (const name of ['Beta', 'Gamma', 'Delta']) await business.brandsV3.createBrand({ name });
    expect(
      (await business.brandsV3.countBrands({ filter: { name: { $in: ['Beta', 'Gamma'] } } })).count,
    ).toBe(2);
    const page = await visitor.brandsV3.queryBrands().ne('name', 'Acme Co').ascending('name').limit(2).find();
    expect(page.items.map((item) => item.name)).toEqual(['Beta', 'Delta']);
    expect(page.hasNext()).toBe(true);
    const next = await page.next();
    expect(next.items.map((item) => item.name)).toEqual(['Gamma']);
    const byId = await business.brandsV3.queryBrands().eq('_id', brand._id).find();
    expect(byId.items.map((item) => item._id)).toEqual([brand._id]);

    await business.brandsV3.deleteBrand(brand._id!);
    const gone = await refusal(business.brandsV3.getBrand(brand._id!));
    expect(gone.details?.applicationError?.code).toBe('NOT_FOUND');
  });

  it('gets or creates by name, and runs the bulk calls', async () => {
    const first = await business.brandsV3.getOrCreateBrand('Globex');
    const again = await business.brandsV3.getOrCreateBrand('Globex');
    expect(again.brand?._id).toBe(first.brand?._id);

    const created = await business.brandsV3.bulkCreateBrands([{ name: 'Initech' }, { name: 'Globex' }], {
      returnEntity: true,
    });
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    const initech = created.results![0]!.item!;
    expect(initech.name).toBe('Initech');
    expect(created.results![1]!.itemMetadata?.error?.code).toBe('BRAND_NAME_ALREADY_EXISTS');

    const updated = await business.brandsV3.bulkUpdateBrands(
      [{ brand: { _id: initech._id!, revision: initech.revision!, name: 'Initrode' }, fieldMask: ['name'] }],
      { returnEntity: true },
    );
    expect(updated.results![0]!.item).toMatchObject({ name: 'Initrode', revision: '2' });

    const many = await business.brandsV3.bulkGetOrCreateBrands(['Initrode', 'Hooli']);
    expect(many.results!.map((result) => result.item?.name)).toEqual(['Initrode', 'Hooli']);
    expect(many.results![0]!.item?._id).toBe(initech._id);

    const deleted = await business.brandsV3.bulkDeleteBrands([initech._id!, many.results![1]!.item!._id!]);
    expect(deleted.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 0 });
  });

  it('refuses a visitor’s write', async () => {
    const refused = await refusal(visitor.brandsV3.createBrand({ name: 'Visitor brand' }));
    expect(refused.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });
});

describe('ribbonsV3', () => {
  it('runs every ribbon call, the query as POST', async () => {
    const sale = await business.ribbonsV3.createRibbon({ name: 'Sale' });
    expect(sale).toMatchObject({ name: 'Sale', revision: '1' });
    expect(
      (await visitor.ribbonsV3.getRibbon(sale._id!, { fields: ['ASSIGNED_PRODUCT_COUNT'] }))
        .assignedProductCount,
    ).toBe(0);
    const renamed = await business.ribbonsV3.updateRibbon(sale._id!, { revision: '1', name: 'On sale' });
    expect(renamed.revision).toBe('2');
    const newRibbon = await business.ribbonsV3.getOrCreateRibbon('New');
    expect(newRibbon.ribbon?.name).toBe('New');
    expect((await business.ribbonsV3.countRibbons()).count).toBe(2);
    const listed = await visitor.ribbonsV3.queryRibbons().startsWith('name', 'On').find();
    expect(listed.items.map((item) => item._id)).toEqual([sale._id]);

    const created = await business.ribbonsV3.bulkCreateRibbons([{ name: 'Hot' }, { name: 'Last few' }], {
      returnEntity: true,
    });
    const [hot, lastFew] = created.results!.map((result) => result.item!);
    const updated = await business.ribbonsV3.bulkUpdateRibbons([
      { ribbon: { _id: hot!._id!, revision: '1', name: 'Hottest' } },
    ]);
    expect(updated.results![0]!.itemMetadata?.success).toBe(true);
    const gotten = await business.ribbonsV3.bulkGetOrCreateRibbons(['Hottest', 'Limited']);
    expect(gotten.results![0]!.item?._id).toBe(hot!._id);
    const deleted = await business.ribbonsV3.bulkDeleteRibbons([
      lastFew!._id!,
      gotten.results![1]!.item!._id!,
    ]);
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(2);
    await business.ribbonsV3.deleteRibbon(newRibbon.ribbon!._id!);
    const taken = await refusal(business.ribbonsV3.createRibbon({ name: 'Hottest' }));
    expect(taken.details?.applicationError?.code).toBe('RIBBON_NAME_ALREADY_EXISTS');
  });
});

describe('customizationsV3', () => {
  it('creates options and modifiers and edits their choices', async () => {
    const colour = await business.customizationsV3.createCustomization({
      name: 'Colour',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'SWATCH_CHOICES',
      choicesSettings: {
        choices: [
          { choiceType: 'ONE_COLOR', name: 'Red', colorCode: '#FF0000' },
          { choiceType: 'ONE_COLOR', name: 'Blue', colorCode: '#0000FF' },
        ],
      },
    });
    const [red, blue] = colour.choicesSettings!.choices!;
    expect(red).toMatchObject({ name: 'Red', choiceType: 'ONE_COLOR', colorCode: '#FF0000', key: 'Red' });
    expect(red!._id).toEqual(expect.any(String));

    const added = await business.customizationsV3.addCustomizationChoices(colour._id!, [
      { choiceType: 'ONE_COLOR', name: 'Green', colorCode: '#00FF00' },
    ]);
    const green = added.customization!.choicesSettings!.choices!.at(-1)!;
    const reordered = await business.customizationsV3.reorderCustomizationChoices(
      colour._id!,
      added.customization!.revision!,
      { choiceIds: [green._id!, red!._id!, blue!._id!] },
    );
    expect(reordered.customization!.choicesSettings!.choices!.map((choice) => choice.name)).toEqual([
      'Green',
      'Red',
      'Blue',
    ]);
    const renamed = await business.customizationsV3.updateCustomizationChoices(
      colour._id!,
      reordered.customization!.revision!,
      { choices: [{ choice: { _id: blue!._id!, name: 'Navy', colorCode: '#000080' } }] },
    );
    expect(renamed.customization!.choicesSettings!.choices![2]).toMatchObject({
      name: 'Navy',
      colorCode: '#000080',
    });
    const removed = await business.customizationsV3.removeCustomizationChoices(colour._id!, [green._id!], {
      revision: renamed.customization!.revision!,
    });
    expect(removed.customization!.choicesSettings!.choices!.map((choice) => choice.name)).toEqual([
      'Red',
      'Navy',
    ]);
    const set = await business.customizationsV3.setCustomizationChoices(colour._id!, [
      { _id: red!._id!, choiceType: 'ONE_COLOR', name: 'Scarlet', colorCode: '#FF2400' },
    ]);
    expect(set.customization!.choicesSettings!.choices!.map((choice) => [choice._id, choice.name])).toEqual([
      [red!._id, 'Scarlet'],
    ]);
    const mismatch = await refusal(
      business.customizationsV3.reorderCustomizationChoices(colour._id!, set.customization!.revision!, {
        choiceIds: [blue!._id!],
      }),
    );
    expect(mismatch.details?.applicationError?.code).toBe('CHOICE_IDS_MISMATCH');

    const gift = await business.customizationsV3.createCustomization({
      name: 'Gift note',
      customizationType: 'MODIFIER',
      customizationRenderType: 'FREE_TEXT',
      freeTextInput: { title: 'Your note', maxCharCount: 100 },
    });
    expect(gift.freeTextInput).toMatchObject({ title: 'Your note', minCharCount: 0, maxCharCount: 100 });
    const updated = await business.customizationsV3.updateCustomization(gift._id!, {
      revision: gift.revision!,
      name: 'Gift card note',
    });
    expect(updated).toMatchObject({ name: 'Gift card note', revision: '2' });
    const read = await visitor.customizationsV3.getCustomization(gift._id!);
    expect(read.name).toBe('Gift card note');
    const wrongRender = await refusal(
      business.customizationsV3.createCustomization({
        name: 'Bad',
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'FREE_TEXT',
        freeTextInput: { title: 'x' },
      }),
    );
    expect(wrongRender.details?.applicationError?.code).toBe('INVALID_CUSTOMIZATION_RENDER_TYPE');

    const modifiers = await visitor.customizationsV3
      .queryCustomizations()
      .eq('customizationType', 'MODIFIER')
      .find();
    expect(modifiers.items.map((item) => item._id)).toEqual([gift._id]);
    expect(
      (
        await business.customizationsV3.countCustomizations({
          filter: { customizationType: 'PRODUCT_OPTION' },
        })
      ).count,
    ).toBe(1);
    await business.customizationsV3.deleteCustomization(gift._id!);
    expect(
      (await refusal(business.customizationsV3.getCustomization(gift._id!))).details?.applicationError?.code,
    ).toBe('NOT_FOUND');
  });

  it('runs the bulk calls, answering each entity under `customization`', async () => {
    const created = await business.customizationsV3.bulkCreateCustomizations(
      [
        {
          name: 'Size',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'S' }] },
        },
      ],
      { returnEntity: true },
    );
    const size = created.results![0]!.customization!;
    expect(size.name).toBe('Size');
    const updated = await business.customizationsV3.bulkUpdateCustomizations(
      [{ customization: { _id: size._id!, revision: size.revision!, name: 'Shirt size' } }],
      { returnEntity: true },
    );
    expect(updated.results![0]!.customization).toMatchObject({ name: 'Shirt size', revision: '2' });
    const added = await business.customizationsV3.bulkAddCustomizationChoices(
      [{ customizationId: size._id!, choices: [{ choiceType: 'CHOICE_TEXT', name: 'M' }] }],
      { returnEntity: true },
    );
    expect(added.results![0]!.customization!.choicesSettings!.choices!.map((choice) => choice.name)).toEqual([
      'S',
      'M',
    ]);
  });
});

describe('infoSectionsV3', () => {
  it('runs every info section call', async () => {
    const care = await business.infoSectionsV3.createInfoSection({
      uniqueName: 'care',
      title: 'Care',
      plainDescription: '<p>Hand wash only</p>',
    });
    expect(care).toMatchObject({ uniqueName: 'care', title: 'Care', revision: '1' });
    expect(care.description?.nodes?.length).toBe(1);
    const read = await visitor.infoSectionsV3.getInfoSection(care._id!, {
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(read.assignedProductsCount).toBe(0);
    const updated = await business.infoSectionsV3.updateInfoSection(care._id!, {
      revision: '1',
      title: 'Caring',
    });
    expect(updated).toMatchObject({ title: 'Caring', revision: '2' });
    const same = await business.infoSectionsV3.getOrCreateInfoSection({
      infoSection: { uniqueName: 'care' },
    });
    expect(same.infoSection?._id).toBe(care._id);
    const shipping = await business.infoSectionsV3.getOrCreateInfoSection({
      infoSection: { uniqueName: 'shipping', title: 'Shipping' },
    });
    expect(shipping.infoSection?.title).toBe('Shipping');
    const taken = await refusal(
      business.infoSectionsV3.createInfoSection({ uniqueName: 'care', title: 'Again' }),
    );
    expect(taken.details?.applicationError?.code).toBe('INFO_SECTION_UNIQUE_NAME_ALREADY_EXISTS');

    const listed = await visitor.infoSectionsV3.queryInfoSections().ascending('uniqueName').find();
    expect(listed.items.map((item) => item.uniqueName)).toEqual(['care', 'shipping']);
    expect((await business.infoSectionsV3.countInfoSections({ filter: { title: 'Caring' } })).count).toBe(1);

    const created = await business.infoSectionsV3.bulkCreateInfoSections(
      [{ uniqueName: 'sizing', title: 'Sizing' }],
      {
        returnEntity: true,
      },
    );
    const sizing = created.results![0]!.item!;
    const bulkUpdated = await business.infoSectionsV3.bulkUpdateInfoSections(
      [{ infoSection: { _id: sizing._id!, revision: '1', title: 'Size guide' }, fieldMask: ['title'] }],
      { returnEntity: true },
    );
    expect(bulkUpdated.results![0]!.item?.title).toBe('Size guide');
    const gotten = await business.infoSectionsV3.bulkGetOrCreateInfoSections({
      infoSections: [{ _id: sizing._id! }, { uniqueName: 'returns', title: 'Returns' }],
    });
    expect(gotten.results!.map((result) => result.item?.uniqueName)).toEqual(['sizing', 'returns']);
    const deleted = await business.infoSectionsV3.bulkDeleteInfoSections([
      sizing._id!,
      gotten.results![1]!.item!._id!,
    ]);
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(2);
    await business.infoSectionsV3.deleteInfoSection(shipping.infoSection!._id!);
    expect((await business.infoSectionsV3.countInfoSections()).count).toBe(1);
  });
});

describe('the paths the clients called', () => {
  it('are the 47 calls of the four modules, all under /stores/v3, and none answered 5xx', () => {
    const paths = atrium
      .pathsCalled()
      .filter((path) => !path.includes('/oauth2/'))
      .map((path) => path.replace(/[0-9a-f-]{36}/g, ':id'));
    expect(paths.filter((path) => !/ \/stores\/v3\//.test(path))).toEqual([]);
    expect(new Set(paths).size).toBe(47);
    expect(atrium.forwarded.filter((entry) => entry.status >= 500)).toEqual([]);
  });
});
