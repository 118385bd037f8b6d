import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import {
  stores,
  storesBrands,
  storesCustomizations,
  storesInfoSections,
  storesInventoryItemsV3,
  storesProductsV3,
  storesRibbons,
  type ProductV3Input,
} from '../src/modules/stores.ts';
import { failure, unknownId } from './bookings-catalog-setup.ts';

// Every catalog v3 product and inventory item call of the SDK against the real server over HTTP.
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

const price = (amount: string, compareAt?: string) => ({
  actualPrice: { amount },
  ...(compareAt ? { compareAtPrice: { amount: compareAt } } : {}),
});
const simple = (name: string, amount: string): ProductV3Input => ({
  name,
  productType: 'PHYSICAL',
  variantsInfo: { variants: [{ price: price(amount) }] },
});
function mug(name: string): ProductV3Input {
  return {
    name,
    productType: 'PHYSICAL',
    plainDescription: '<p>Stoneware</p>',
    options: [
      {
        name: `${name} size`,
        optionRenderType: 'TEXT_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'Small', choiceType: 'CHOICE_TEXT' },
            { name: 'Large', choiceType: 'CHOICE_TEXT' },
          ],
        },
      },
    ],
    variantsInfo: {
      variants: ['Small', 'Large'].map((size) => ({
        sku: `${name}-${size}`,
        choices: [{ optionChoiceNames: { optionName: `${name} size`, choiceName: size } }],
        price: size === 'Small' ? price('12', '15') : price('16'),
        revenueDetails: { cost: { amount: '5' } },
      })),
    },
  };
}

describe('the stores module', () => {
  it('holds every family’s calls once (no name is shadowed)', () => {
    const families = [
      storesProductsV3,
      storesInventoryItemsV3,
      storesBrands,
      storesRibbons,
      storesCustomizations,
      storesInfoSections,
    ];
    const sizes = families.map((family) => Object.keys(family).length);
    expect(sizes.slice(0, 2)).toEqual([28, 20]);
    expect(Object.keys(stores)).toHaveLength(sizes.reduce((a, b) => a + b, 0));
  });
});

describe('catalog v3 products', () => {
  it('create, get, get by slug, update, query, search, count and delete', async () => {
    const created = await owner.createProduct(mug('Tea mug'), { fields: ['CURRENCY', 'MERCHANT_DATA'] });
    expect(created).toMatchObject({
      name: 'Tea mug',
      slug: 'tea-mug',
      revision: '1',
      currency: 'USD',
      actualPriceRange: { minValue: { amount: '12.00' }, maxValue: { amount: '16.00' } },
      variantSummary: { variantCount: 2 },
    });
    expect(created.createdDate).toBeInstanceOf(Date);
    expect(created.variantsInfo!.variants[0]).toMatchObject({
      sku: 'Tea mug-Small',
      price: { actualPrice: { amount: '12.00' }, compareAtPrice: { amount: '15.00' } },
      revenueDetails: { cost: { amount: '5.00' }, profit: { amount: '7.00' } },
    });
    const read = await visitor.getProduct(created.id, { fields: ['PLAIN_DESCRIPTION'] });
    expect(read.plainDescription).toBe('<p>Stoneware</p>');
    expect(read.costRange).toBeUndefined();
    expect(read.variantsInfo!.variants[0]!.revenueDetails).toBeUndefined();
    expect((await visitor.getProductBySlug('tea-mug')).id).toBe(created.id);

    const updated = await owner.updateProduct(created.id, { revision: created.revision, name: 'Cup' });
    expect(updated).toMatchObject({ name: 'Cup', revision: '2' });
    const stale = await failure(owner.updateProduct(created.id, { revision: '1', name: 'Late' }));
    expect(stale).toMatchObject({ status: 409 });
    const bad = await failure(owner.createProduct({ name: 'No variants', productType: 'PHYSICAL' }));
    expect(bad).toMatchObject({ status: 400 });
    const badPrice = await failure(owner.createProduct(simple('Bad price', 'ten')));
    expect(badPrice).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' });
    expect(await failure(visitor.createProduct(simple('Visitor', '1')))).toMatchObject({ status: 403 });

    await owner.createProduct(simple('Cup saucer', '4'));
    const page = await visitor.queryProducts().startsWith('name', 'Cup').ascending('name').limit(1).find();
    expect(page.items.map((item) => item.name)).toEqual(['Cup']);
    expect(page.items[0]!.variantSummary.variantCount).toBe(2);
    expect((await page.next()).items.map((item) => item.name)).toEqual(['Cup saucer']);
    const found = await visitor.searchProducts({ search: { expression: 'saucer' } });
    expect(found.products.map((product) => product.name)).toEqual(['Cup saucer']);
    expect(found.aggregationData.results).toEqual([]);
    expect(await owner.countProducts({ name: { $startsWith: 'Cup' } })).toBe(2);

    await owner.deleteProduct(created.id);
    const gone = await failure(owner.getProduct(created.id));
    expect(gone).toMatchObject({ status: 404, code: 'PRODUCT_NOT_FOUND' });
    expect(await failure(owner.getProduct(unknownId))).toMatchObject({ status: 404 });
    expect(await failure(visitor.getProductBySlug('no-such-product'))).toMatchObject({ status: 404 });
  });

  it('write products with their inventory, which inventory items read', async () => {
    const answer = await owner.createProductWithInventory(
      {
        name: 'Stocked jug',
        productType: 'PHYSICAL',
        variantsInfo: { variants: [{ price: price('20'), inventoryItem: { quantity: 6 } }] },
      },
      { returnEntity: true },
    );
    const jug = answer.product!;
    expect(answer.inventoryResults.results[0]!.item).toMatchObject({ quantity: 6, trackQuantity: true });
    const updated = await owner.updateProductWithInventory(
      jug.id,
      {
        revision: jug.revision,
        variantsInfo: { variants: [{ price: price('18', '20'), inventoryItem: { quantity: 2 } }] },
      },
      { returnEntity: true },
    );
    expect(updated.product!.variantsInfo!.variants[0]!.price.actualPrice.amount).toBe('18.00');
    expect(updated.inventoryResults.results[0]!.item!.quantity).toBe(2);
    const stale = await failure(
      owner.updateProductWithInventory(jug.id, { revision: jug.revision, name: 'Late jug' }),
    );
    expect(stale).toMatchObject({ status: 409 });

    const bulkCreated = await owner.bulkCreateProductsWithInventory(
      [
        {
          name: 'Jug A',
          productType: 'PHYSICAL',
          variantsInfo: { variants: [{ price: price('5'), inventoryItem: { quantity: 1 } }] },
        },
      ],
      { returnEntity: true },
    );
    const jugA = bulkCreated.productResults.results[0]!.item!;
    expect(bulkCreated.inventoryResults.results[0]!.item!.quantity).toBe(1);
    const bulkUpdated = await owner.bulkUpdateProductsWithInventory(
      [
        {
          product: {
            id: jugA.id,
            revision: jugA.revision,
            variantsInfo: { variants: [{ price: price('6'), inventoryItem: { quantity: 3 } }] },
          },
        },
      ],
      { returnEntity: true },
    );
    expect(bulkUpdated.productResults.results[0]!.item!.actualPriceRange.minValue.amount).toBe('6.00');
    expect(bulkUpdated.inventoryResults.results[0]!.item!.quantity).toBe(3);
    expect((await owner.queryInventoryItems().eq('productId', jugA.id).find()).items[0]!.quantity).toBe(3);
  });

  it('run the bulk and by-filter calls', async () => {
    const created = await owner.bulkCreateProducts([simple('Plate A', '10'), simple('Plate B', '20')], {
      returnEntity: true,
    });
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 0 });
    const [a, b] = created.results.map((result) => result.item!);
    const updated = await owner.bulkUpdateProducts(
      [
        { product: { id: a!.id, revision: a!.revision, name: 'Plate A+' } },
        { product: { id: b!.id, revision: '9', name: 'Stale' } },
      ],
      { returnEntity: true },
    );
    expect(updated.results[0]!.item!.name).toBe('Plate A+');
    expect(updated.results[1]!.itemMetadata.success).toBe(false);
    expect(updated.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });

    const section = await owner.createInfoSection({ uniqueName: 'plates', title: 'Plates' });
    const added = await owner.bulkAddInfoSectionsToProducts(
      [{ productId: a!.id, revision: '2' }],
      [section.id],
      {
        returnEntity: true,
      },
    );
    expect(added.results[0]!.item!.infoSections.map((info) => info.id)).toEqual([section.id]);
    const removed = await owner.bulkRemoveInfoSectionsFromProducts([{ productId: a!.id }], [section.id], {
      returnEntity: true,
    });
    expect(removed.results[0]!.item!.infoSections).toEqual([]);
    const tagged = await owner.bulkUpdateProductTags([a!.id, b!.id], {
      assignTags: { privateTags: { tagIds: ['kitchen'] } },
    });
    expect(tagged.bulkActionMetadata.totalSuccesses).toBe(2);
    expect((await owner.getProduct(b!.id)).tags.privateTags.tagIds).toEqual(['kitchen']);
    expect(await failure(owner.bulkUpdateProductTags([a!.id], {}))).toMatchObject({ status: 400 });

    const filter = { name: { $startsWith: 'Plate' } };
    expect((await owner.bulkUpdateProductsByFilter(filter, { visible: false })).jobId).toBeTruthy();
    expect(
      (
        await owner.bulkUpdateProductTagsByFilter(filter, {
          unassignTags: { privateTags: { tagIds: ['kitchen'] } },
        })
      ).jobId,
    ).toBeTruthy();
    expect((await owner.bulkAddInfoSectionsToProductsByFilter(filter, [section.id])).jobId).toBeTruthy();
    expect((await owner.getProduct(a!.id)).infoSections.map((info) => info.id)).toEqual([section.id]);
    expect((await owner.bulkRemoveInfoSectionsFromProductsByFilter(filter, [section.id])).jobId).toBeTruthy();
    const category = await owner.getAllProductsCategory();
    expect(category.categoryId).toBe('00000000-000000-000000-000000000001');
    expect(
      (await owner.bulkAddProductsToCategoriesByFilter(filter, [category.categoryId])).jobId,
    ).toBeTruthy();
    expect(
      (await owner.bulkRemoveProductsFromCategoriesByFilter(filter, [category.categoryId])).jobId,
    ).toBeTruthy();
    // A SKU names one product (SKUs are unique per site): set on the variants of one.
    expect(
      (await owner.bulkUpdateProductVariantsByFilter({ ...filter, id: b!.id }, { sku: 'PLATE' })).jobId,
    ).toBeTruthy();
    expect(
      (await owner.bulkAdjustProductVariantsByFilter(filter, { actualPrice: { percentage: 50 } })).jobId,
    ).toBeTruthy();
    expect(await failure(owner.bulkAdjustProductVariantsByFilter(filter, {}))).toMatchObject({ status: 400 });
    const plate = await owner.getProduct(b!.id);
    expect(plate).toMatchObject({ visible: false, infoSections: [], tags: { privateTags: { tagIds: [] } } });
    expect(plate.variantsInfo!.variants[0]).toMatchObject({
      sku: 'PLATE',
      price: { actualPrice: { amount: '30.00' } },
    });
    expect(await owner.countProducts(filter)).toBe(0);
    expect(await owner.countProducts(filter, { returnNonVisibleProducts: true })).toBe(2);

    const deleted = await owner.bulkDeleteProducts([a!.id, unknownId]);
    expect(deleted.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect((await owner.bulkDeleteProductsByFilter(filter)).jobId).toBeTruthy();
    expect(await owner.countProducts(filter, { returnNonVisibleProducts: true })).toBe(0);
  });
});

describe('inventory items v3', () => {
  it('run every inventory item call', async () => {
    const product = await owner.createProduct(mug('Soup bowl'));
    const page = await owner.queryInventoryItems().eq('productId', product.id).ascending('variantId').find();
    expect(page.items).toHaveLength(2);
    const [small, large] = page.items;
    expect(small).toMatchObject({ trackQuantity: false, inStock: true, availabilityStatus: 'IN_STOCK' });
    expect(small!.createdDate).toBeInstanceOf(Date);

    const counted = await owner.updateInventoryItem(small!.id, {
      revision: small!.revision,
      trackQuantity: true,
      quantity: 4,
    });
    expect(counted).toMatchObject({ quantity: 4, trackQuantity: true, revision: '2' });
    const stale = await failure(owner.updateInventoryItem(small!.id, { revision: '1', quantity: 9 }));
    expect(stale).toMatchObject({ status: 409 });
    expect((await owner.getInventoryItem(small!.id)).quantity).toBe(4);
    const tooMany = await owner.bulkDecrementInventoryItems(
      [{ inventoryItemId: small!.id, decrementBy: 5 }],
      {
        returnEntity: true,
      },
    );
    expect(tooMany.results[0]!.itemMetadata.error?.code).toBe('INSUFFICIENT_INVENTORY');
    const down = await owner.bulkDecrementInventoryItems([{ inventoryItemId: small!.id, decrementBy: 1 }], {
      returnEntity: true,
    });
    expect(down.results[0]!.item!.quantity).toBe(3);
    const up = await owner.bulkIncrementInventoryItems([{ inventoryItemId: small!.id, incrementBy: 2 }], {
      returnEntity: true,
    });
    expect(up.results[0]!.item!.quantity).toBe(5);
    const byVariant = await owner.bulkDecrementInventoryItemsByVariantAndLocation(
      [{ variantId: small!.variantId, decrementBy: 2 }],
      { returnEntity: true },
    );
    expect(byVariant.results[0]!.item!.quantity).toBe(3);
    const upByVariant = await owner.bulkIncrementInventoryItemsByVariantAndLocation(
      [{ variantId: small!.variantId, incrementBy: 2 }],
      { returnEntity: true },
    );
    expect(upByVariant.results[0]!.item!.quantity).toBe(5);
    expect(
      await failure(owner.bulkIncrementInventoryItems([{ inventoryItemId: small!.id, incrementBy: 0 }])),
    ).toMatchObject({ status: 400, code: 'INVALID_ARGUMENT' });

    const updated = await owner.bulkUpdateInventoryItems(
      [{ inventoryItem: { id: large!.id, revision: large!.revision, inStock: false } }],
      { returnEntity: true },
    );
    expect(updated.results[0]!.item).toMatchObject({ inStock: false, availabilityStatus: 'OUT_OF_STOCK' });
    const search = await owner.searchInventoryItems({ search: { expression: 'soup' } });
    expect(search.inventoryItems.map((item) => item.id).sort()).toEqual([small!.id, large!.id].sort());
    expect(await owner.countInventoryItems({ productId: product.id })).toBe(2);
    expect(await owner.countInventoryItems({ productId: product.id, inStock: false })).toBe(1);

    await owner.deleteInventoryItem(large!.id);
    const gone = await failure(owner.getInventoryItem(large!.id));
    expect(gone).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const recreated = await owner.createInventoryItem({
      productId: product.id,
      variantId: large!.variantId,
      quantity: 1,
    });
    expect(recreated).toMatchObject({ quantity: 1, trackQuantity: true });
    const again = await failure(
      owner.createInventoryItem({ productId: product.id, variantId: large!.variantId }),
    );
    expect(again).toMatchObject({ status: 409, code: 'ITEM_ALREADY_EXISTS' });
    const deleted = await owner.bulkDeleteInventoryItems([recreated.id]);
    expect(deleted.bulkActionMetadata.totalSuccesses).toBe(1);
    const created = await owner.bulkCreateInventoryItems(
      [{ productId: product.id, variantId: large!.variantId, quantity: 2 }],
      { returnEntity: true },
    );
    expect(created.results[0]!.item!.quantity).toBe(2);
    const upserted = await owner.bulkUpsertInventoryItems(
      [{ inventoryItem: { productId: product.id, variantId: large!.variantId, quantity: 8 } }],
      { returnEntity: true },
    );
    expect(upserted.results[0]!.item!.quantity).toBe(8);

    const filter = { productId: product.id };
    expect((await owner.bulkUpdateInventoryItemsByFilter(filter, { quantity: 3 })).jobId).toBeTruthy();
    expect((await owner.bulkAdjustInventoryItemsByFilter(filter, { incrementBy: 1 })).jobId).toBeTruthy();
    expect(
      (await owner.bulkSetOrAdjustInventoryItemsByFilter(filter, { decrementBy: 2 })).jobId,
    ).toBeTruthy();
    const levels = await owner.queryInventoryItems().eq('productId', product.id).find();
    expect(levels.items.map((item) => item.quantity)).toEqual([2, 2]);
    expect(
      await failure(owner.bulkAdjustInventoryItemsByFilter(filter, { incrementBy: 1, decrementBy: 1 })),
    ).toMatchObject({ status: 400 });
    expect((await owner.bulkDeleteInventoryItemsByFilter(filter)).jobId).toBeTruthy();
    expect(await owner.countInventoryItems(filter)).toBe(0);
    expect(
      (
        await owner.bulkCreateInventoryItemsByVariantFilter(filter, {
          inventoryCreationData: { quantity: 4 },
        })
      ).jobId,
    ).toBeTruthy();
    const after = await owner.queryInventoryItems().eq('productId', product.id).find();
    expect(after.items.map((item) => item.quantity)).toEqual([4, 4]);
    expect(await failure(owner.getInventoryItem(unknownId))).toMatchObject({ status: 404 });
    expect(await failure(visitor.queryInventoryItems().find())).toMatchObject({ status: 403 });
  });
});
