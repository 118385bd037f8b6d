import * as customizationsV3 from '@wix/auto_sdk_stores_customizations-v-3';
import * as infoSectionsV3 from '@wix/auto_sdk_stores_info-sections-v-3';
import * as inventoryItemsV3 from '@wix/auto_sdk_stores_inventory-items-v-3';
import * as productsV3 from '@wix/auto_sdk_stores_products-v-3';
import * as products from '@wix/auto_sdk_stores_products';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official catalog v3 product and inventory item clients (`@wix/stores` productsV3, inventoryItemsV3),
// unchanged, against Atrium: all 48 calls as the business (API key), reads as a visitor, the refusals the
// clients surface, and the v1 client reading what v3 wrote.

const modules = { productsV3, inventoryItemsV3, customizationsV3, infoSectionsV3, products };
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
    (error: unknown) => error as { message: string; details?: { applicationError?: { code?: string } } },
  );
}

/** The six inventory calls the client exports without a type declaration (they work at runtime). */
type Untyped = (...args: unknown[]) => Promise<Record<string, unknown>>;
function untyped(name: string): Untyped {
  return (business.inventoryItemsV3 as unknown as Record<string, Untyped>)[name]!;
}

const price = (amount: string, compareAt?: string) => ({
  actualPrice: { amount },
  ...(compareAt ? { compareAtPrice: { amount: compareAt } } : {}),
});

/** A mug in two sizes, the option made from its name (a new customization). */
function mug(name: string) {
  return {
    name,
    productType: 'PHYSICAL' as const,
    plainDescription: '<p>Stoneware</p>',
    options: [
      {
        name: `${name} size`,
        optionRenderType: 'TEXT_CHOICES' as const,
        choicesSettings: {
          choices: [
            { name: 'Small', choiceType: 'CHOICE_TEXT' as const },
            { name: 'Large', choiceType: 'CHOICE_TEXT' as const },
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

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  visitor = clientWith(OAuthStrategy({ clientId: atrium.clientId }));
});

afterAll(async () => {
  await atrium?.close();
});

describe('productsV3', () => {
  it('creates, reads, updates, queries, searches, counts and deletes products', async () => {
    const created = await business.productsV3.createProduct(structuredClone(mug('Tea mug')), {
      fields: ['CURRENCY', 'MERCHANT_DATA', 'VARIANT_OPTION_CHOICE_NAMES'],
    });
    expect(created).toMatchObject({ name: 'Tea mug', slug: 'tea-mug', revision: '1', currency: 'USD' });
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created.actualPriceRange).toEqual({
      minValue: { amount: '12.00', formattedAmount: '$12.00' },
      maxValue: { amount: '16.00', formattedAmount: '$16.00' },
    });
    const small = created.variantsInfo!.variants![0]!;
    expect(small.price).toMatchObject({
      actualPrice: { amount: '12.00' },
      compareAtPrice: { amount: '15.00' },
    });
    expect(small.revenueDetails).toMatchObject({ cost: { amount: '5.00' }, profit: { amount: '7.00' } });
    expect(small.choices![0]!.optionChoiceNames).toMatchObject({
      optionName: 'Tea mug size',
      choiceName: 'Small',
    });
    const option = await business.customizationsV3.getCustomization(created.options![0]!._id!);
    expect(option.choicesSettings?.choices?.map((choice) => choice.name)).toEqual(['Small', 'Large']);

    const read = await visitor.productsV3.getProduct(created._id!, { fields: ['PLAIN_DESCRIPTION'] });
    expect(read.plainDescription).toBe('<p>Stoneware</p>');
    expect(read.variantsInfo!.variants![0]!.revenueDetails).toBeUndefined();
    const bySlug = await visitor.productsV3.getProductBySlug('tea-mug');
    expect(bySlug.product?._id).toBe(created._id);

    const updated = await business.productsV3.updateProduct(created._id!, {
      revision: created.revision!,
      name: 'Big tea mug',
      ribbon: { name: 'Bestseller' },
    });
    expect(updated).toMatchObject({ name: 'Big tea mug', revision: '2', ribbon: { name: 'Bestseller' } });
    const stale = await refusal(
      business.productsV3.updateProduct(created._id!, { revision: '1', name: 'Late' }),
    );
    expect(stale.details?.applicationError?.code).toBe('REVISION_MISMATCH');

    for (const name of ['Cup A', 'Cup B', 'Cup C']) {
      await business.productsV3.createProduct({
        name,
        productType: 'PHYSICAL',
        variantsInfo: { variants: [{ price: price('4') }] },
      });
    }
    const page = await visitor.productsV3
      .queryProducts()
      .startsWith('slug', 'cup-')
      .ascending('slug')
      .limit(2)
      .find();
    expect(page.items.map((item) => item.name)).toEqual(['Cup A', 'Cup B']);
    expect(page.hasNext()).toBe(true);
    expect((await page.next()).items.map((item) => item.name)).toEqual(['Cup C']);
    const found = await visitor.productsV3.searchProducts(
      { search: { expression: 'stoneware' } },
      { fields: ['CURRENCY'] },
    );
    expect(found.products?.map((item) => item._id)).toEqual([created._id]);
    const counted = await business.productsV3.countProducts({ filter: { name: { $startsWith: 'Cup' } } });
    expect(counted.count).toBe(3);

    await business.productsV3.deleteProduct(created._id!);
    const gone = await refusal(business.productsV3.getProduct(created._id!));
    expect(gone.details?.applicationError?.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('writes products with their inventory, which v1 and inventoryItemsV3 read', async () => {
    const answer = await business.productsV3.createProductWithInventory(
      {
        name: 'Stocked jug',
        productType: 'PHYSICAL',
        variantsInfo: { variants: [{ price: price('20'), inventoryItem: { quantity: 6 } }] },
      },
      { returnEntity: true },
    );
    const product = answer.product!;
    expect(answer.inventoryResults?.results?.[0]?.item).toMatchObject({ quantity: 6, trackQuantity: true });
    const v1 = await business.products.getProduct(product._id!);
    expect(v1.product?.stock).toMatchObject({ trackInventory: true, quantity: 6 });
    expect(v1.product?.priceData?.price).toBe(20);

    const updated = await business.productsV3.updateProductWithInventory(product._id!, {
      revision: product.revision!,
      variantsInfo: { variants: [{ price: price('18', '20'), inventoryItem: { quantity: 2 } }] },
    });
    expect(updated.product?.variantsInfo?.variants?.[0]?.price?.actualPrice?.amount).toBe('18.00');
    const bulkCreated = await business.productsV3.bulkCreateProductsWithInventory(
      [
        {
          name: 'Jug A',
          productType: 'PHYSICAL',
          variantsInfo: { variants: [{ price: price('5'), inventoryItem: { quantity: 1 } }] },
        },
      ],
      { returnEntity: true },
    );
    const jug = bulkCreated.productResults!.results![0]!.item!;
    expect(bulkCreated.inventoryResults?.results?.[0]?.item?.quantity).toBe(1);
    const bulkUpdated = await business.productsV3.bulkUpdateProductsWithInventory(
      [
        {
          product: {
            _id: jug._id!,
            revision: jug.revision!,
            variantsInfo: { variants: [{ price: price('6'), inventoryItem: { quantity: 3 } }] },
          },
        },
      ],
      { returnEntity: true },
    );
    expect(bulkUpdated.inventoryResults?.results?.[0]?.item?.quantity).toBe(3);
  });

  it('runs the bulk and by-filter calls', async () => {
    const created = await business.productsV3.bulkCreateProducts(
      [
        { name: 'Plate A', productType: 'PHYSICAL', variantsInfo: { variants: [{ price: price('10') }] } },
        { name: 'Plate B', productType: 'PHYSICAL', variantsInfo: { variants: [{ price: price('20') }] } },
      ],
      { returnEntity: true },
    );
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 0 });
    const [a, b] = created.results!.map((result) => result.item!);
    const updated = await business.productsV3.bulkUpdateProducts(
      [{ product: { _id: a!._id!, revision: a!.revision!, name: 'Plate A+' } }],
      { returnEntity: true },
    );
    expect(updated.results?.[0]?.item?.name).toBe('Plate A+');

    const section = await business.infoSectionsV3.createInfoSection({
      uniqueName: 'plates',
      title: 'Plates',
    });
    const added = await business.productsV3.bulkAddInfoSectionsToProducts(
      [{ productId: a!._id!, revision: '2' }],
      { infoSectionIds: [section._id!], returnEntity: true },
    );
    expect(added.results?.[0]?.item?.infoSections?.[0]?._id).toBe(section._id);
    const removed = await business.productsV3.bulkRemoveInfoSectionsFromProducts([{ productId: a!._id! }], {
      infoSectionIds: [section._id!],
    });
    expect(removed.bulkActionMetadata?.totalSuccesses).toBe(1);
    const tagged = await business.productsV3.bulkUpdateProductTags([a!._id!, b!._id!], {
      assignTags: { privateTags: { tagIds: ['kitchen'] } },
    });
    expect(tagged.bulkActionMetadata?.totalSuccesses).toBe(2);

    const filter = { name: { $startsWith: 'Plate' } };
    expect(
      (await business.productsV3.bulkUpdateProductsByFilter({ filter, product: { visible: false } })).jobId,
    ).toBeTruthy();
    expect(
      (
        await business.productsV3.bulkUpdateProductTagsByFilter(filter, {
          unassignTags: { privateTags: { tagIds: ['kitchen'] } },
        })
      ).jobId,
    ).toBeTruthy();
    expect(
      (
        await business.productsV3.bulkAddInfoSectionsToProductsByFilter(filter, {
          infoSectionIds: [section._id!],
        })
      ).jobId,
    ).toBeTruthy();
    expect(
      (
        await business.productsV3.bulkRemoveInfoSectionsFromProductsByFilter(filter, {
          infoSectionIds: [section._id!],
        })
      ).jobId,
    ).toBeTruthy();
    const category = await business.productsV3.getAllProductsCategory();
    expect(category.categoryId).toBe('00000000-000000-000000-000000000001');
    expect(
      (
        await business.productsV3.bulkAddProductsToCategoriesByFilter({
          filter,
          categoryIds: [category.categoryId!],
        })
      ).jobId,
    ).toBeTruthy();
    expect(
      (
        await business.productsV3.bulkRemoveProductsFromCategoriesByFilter({
          filter,
          categoryIds: [category.categoryId!],
        })
      ).jobId,
    ).toBeTruthy();
    expect(
      // A SKU names one product (SKUs are unique per site): set on the variants of one.
      (
        await business.productsV3.bulkUpdateProductVariantsByFilter(
          { ...filter, id: b!._id! },
          { variant: { sku: 'PLATE' } },
        )
      ).jobId,
    ).toBeTruthy();
    expect(
      (
        await business.productsV3.bulkAdjustProductVariantsByFilter(filter, {
          actualPrice: { percentage: 50 },
        })
      ).jobId,
    ).toBeTruthy();
    const plate = await business.productsV3.getProduct(b!._id!);
    expect(plate).toMatchObject({ visible: false, tags: { privateTags: { tagIds: [] } } });
    expect(plate.variantsInfo?.variants?.[0]).toMatchObject({
      sku: 'PLATE',
      price: { actualPrice: { amount: '30.00' } },
    });
    expect((await business.productsV3.countProducts({ filter })).count).toBe(0);
    expect((await business.productsV3.countProducts({ filter, returnNonVisibleProducts: true })).count).toBe(
      2,
    );

    const deleted = await business.productsV3.bulkDeleteProducts([a!._id!]);
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(1);
    expect((await business.productsV3.bulkDeleteProductsByFilter(filter)).jobId).toBeTruthy();
    expect((await business.productsV3.countProducts({ filter, returnNonVisibleProducts: true })).count).toBe(
      0,
    );
  });

  it('refuses a visitor’s write', async () => {
    const refused = await refusal(
      visitor.productsV3.createProduct({
        name: 'Visitor product',
        productType: 'PHYSICAL',
        variantsInfo: { variants: [{ price: price('1') }] },
      }),
    );
    expect(refused.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });
});

describe('inventoryItemsV3', () => {
  it('runs every inventory item call', async () => {
    const product = await business.productsV3.createProduct(structuredClone(mug('Soup bowl')));
    const page = await business.inventoryItemsV3.queryInventoryItems().eq('productId', product._id).find();
    expect(page.items).toHaveLength(2);
    const [small, large] = page.items;
    expect(small).toMatchObject({ trackQuantity: false, inStock: true, availabilityStatus: 'IN_STOCK' });

    const counted = await business.inventoryItemsV3.updateInventoryItem(small!._id!, {
      revision: small!.revision!,
      trackQuantity: true,
      quantity: 4,
    });
    expect(counted).toMatchObject({ quantity: 4, trackQuantity: true, revision: '2' });
    expect((await business.inventoryItemsV3.getInventoryItem(small!._id!)).quantity).toBe(4);
    const decremented = await business.inventoryItemsV3.bulkDecrementInventoryItems(
      [{ inventoryItemId: small!._id!, decrementBy: 5 }],
      { returnEntity: true },
    );
    expect(decremented.results?.[0]?.itemMetadata?.error?.code).toBe('INSUFFICIENT_INVENTORY');
    const incremented = await business.inventoryItemsV3.bulkIncrementInventoryItems(
      [{ inventoryItemId: small!._id!, incrementBy: 1 }],
      { returnEntity: true },
    );
    expect(incremented.results?.[0]?.item?.quantity).toBe(5);
    const byVariant = await business.inventoryItemsV3.bulkDecrementInventoryItemsByVariantAndLocation(
      [{ variantId: small!.variantId!, decrementBy: 2 }],
      { returnEntity: true },
    );
    expect(byVariant.results?.[0]?.item?.quantity).toBe(3);
    const upByVariant = await business.inventoryItemsV3.bulkIncrementInventoryItemsByVariantAndLocation(
      [{ variantId: small!.variantId!, incrementBy: 2 }],
      { returnEntity: true },
    );
    expect(upByVariant.results?.[0]?.item?.quantity).toBe(5);

    const updated = await business.inventoryItemsV3.bulkUpdateInventoryItems(
      [{ inventoryItem: { _id: large!._id!, revision: large!.revision!, inStock: false } }],
      { returnEntity: true },
    );
    expect(updated.results?.[0]?.item).toMatchObject({ inStock: false, availabilityStatus: 'OUT_OF_STOCK' });
    const search = await business.inventoryItemsV3.searchInventoryItems({ search: { expression: 'soup' } });
    expect(search.inventoryItems).toHaveLength(2);
    expect((await untyped('countInventoryItems')({ filter: { productId: product._id } })).count).toBe(2);

    await business.inventoryItemsV3.deleteInventoryItem(large!._id!);
    const gone = await refusal(business.inventoryItemsV3.getInventoryItem(large!._id!));
    expect(gone.details?.applicationError?.code).toBe('NOT_FOUND');
    const recreated = await business.inventoryItemsV3.createInventoryItem({
      productId: product._id!,
      variantId: large!.variantId!,
      quantity: 1,
    });
    expect(recreated).toMatchObject({ quantity: 1, trackQuantity: true });
    const again = await refusal(
      business.inventoryItemsV3.createInventoryItem({
        productId: product._id!,
        variantId: large!.variantId!,
      }),
    );
    expect(again.details?.applicationError?.code).toBe('ITEM_ALREADY_EXISTS');
    const deleted = await business.inventoryItemsV3.bulkDeleteInventoryItems([recreated._id!]);
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(1);
    const created = await business.inventoryItemsV3.bulkCreateInventoryItems(
      [{ productId: product._id!, variantId: large!.variantId!, quantity: 2 }],
      { returnEntity: true },
    );
    expect(created.results?.[0]?.item?.quantity).toBe(2);
    const upserted = await untyped('bulkUpsertInventoryItems')(
      [{ inventoryItem: { productId: product._id!, variantId: large!.variantId!, quantity: 8 } }],
      { returnEntity: true },
    );
    expect((upserted.results as Array<{ item: { quantity: number } }>)[0]!.item.quantity).toBe(8);

    const filter = { productId: product._id };
    const job = (answer: { jobId?: unknown }) => expect(answer.jobId).toBeTruthy();
    job(
      await business.inventoryItemsV3.bulkUpdateInventoryItemsByFilter(filter, {
        inventoryItem: { quantity: 3 },
      }),
    );
    job(await untyped('bulkAdjustInventoryItemsByFilter')(filter, { adjustment: { incrementBy: 1 } }));
    job(
      await untyped('bulkSetOrAdjustInventoryItemsByFilter')(filter, {
        adjustedInventoryAction: { decrementBy: 2 },
      }),
    );
    const levels = await business.inventoryItemsV3.queryInventoryItems().eq('productId', product._id).find();
    expect(levels.items.map((item) => item.quantity)).toEqual([2, 2]);
    job(await untyped('bulkDeleteInventoryItemsByFilter')(filter));
    job(
      await untyped('bulkCreateInventoryItemsByVariantFilter')(filter, {
        inventoryCreationData: { quantity: 4 },
      }),
    );
    const after = await business.inventoryItemsV3.queryInventoryItems().eq('productId', product._id).find();
    expect(after.items.map((item) => item.quantity)).toEqual([4, 4]);
  });

  it('refuses a visitor', async () => {
    const refused = await refusal(visitor.inventoryItemsV3.queryInventoryItems().find());
    expect(refused.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });
});
