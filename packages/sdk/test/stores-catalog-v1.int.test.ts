import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import { storesCollections, storesInventory, storesProducts } from '../src/modules/stores.ts';
import { failure } from './bookings-catalog-setup.ts';

// The catalog v1 products, collections and inventory calls of the SDK against the real server over HTTP.
let testApp: TestApp;
let baseUrl: string;

function clientAs(caller: string) {
  return createClient({
    baseUrl,
    headers: { 'x-atrium-dev-caller': caller },
    modules: { products: storesProducts, collections: storesCollections, inventory: storesInventory },
  });
}
let owner: ReturnType<typeof clientAs>;
let visitor: ReturnType<typeof clientAs>;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = clientAs('WIX_USER:OWNER');
  visitor = clientAs('ANONYMOUS_VISITOR');
});
afterAll(() => testApp?.close());

const tee = {
  name: 'SDK tee',
  priceData: { price: 20 },
  costAndProfitData: { itemCost: 8 },
  productOptions: [
    { name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] },
    {
      name: 'Colour',
      optionType: 'color' as const,
      choices: [
        { description: 'Black', value: '#000000' },
        { description: 'White', value: '#ffffff' },
      ],
    },
  ],
};

describe('catalog v1 products', () => {
  it('create, get, update, variants, availability, media and delete', async () => {
    const product = await owner.products.createProduct({ ...tee, ribbon: 'New' });
    expect(product.createdDate).toBeInstanceOf(Date);
    expect(product.variants).toHaveLength(4);
    const asVisitor = await visitor.products.getProduct(product.id, { includeMerchantSpecificData: true });
    expect(asVisitor.costAndProfitData).toBeUndefined();
    const asOwner = await owner.products.getProduct(product.id, { includeMerchantSpecificData: true });
    expect(asOwner.costAndProfitData?.itemCost).toBe(8);

    const updated = await owner.products.updateProduct(product.id, {
      discount: { type: 'AMOUNT', value: 5 },
    });
    expect(updated.priceData).toMatchObject({ price: 20, discountedPrice: 15 });

    const variants = await owner.products.updateProductVariants(product.id, [
      { choices: { Size: 'M', Colour: 'Black' }, price: 24, sku: 'TEE-M-B' },
    ]);
    const mBlack = variants.find(
      (variant) => variant.choices.Size === 'M' && variant.choices.Colour === 'Black',
    )!;
    expect(mBlack.variant).toMatchObject({ sku: 'TEE-M-B', priceData: { price: 24 } });
    const found = await owner.products.queryProductVariants(product.id, { choices: { Size: 'M' } });
    expect(found.variants).toHaveLength(2);

    await owner.inventory.updateInventoryVariants(product.id, {
      trackQuantity: true,
      variants: variants.map((variant) => ({
        variantId: variant.id,
        quantity: variant.id === mBlack.id ? 3 : 0,
      })),
    });
    const available = await visitor.products.productOptionsAvailability(product.id, {
      Size: 'M',
      Colour: 'Black',
    });
    expect(available).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { quantity: 3, inStock: true },
    });
    const soldOut = await visitor.products.productOptionsAvailability(product.id, {
      Size: 'S',
      Colour: 'Black',
    });
    expect(soldOut.availableForPurchase).toBe(false);

    await owner.products.addProductMedia(product.id, [{ url: 'https://example.com/tee.png' }]);
    const withMedia = await owner.products.getProduct(product.id);
    expect(withMedia.media.items).toHaveLength(1);
    await owner.products.removeProductMedia(product.id, [withMedia.media.items[0]!.id]);
    expect((await owner.products.getProduct(product.id)).media.items).toHaveLength(0);

    await owner.products.removeProductRibbon(product.id);
    expect((await owner.products.getProduct(product.id)).ribbons).toEqual([]);
    await owner.products.resetAllProductVariantData(product.id);
    expect((await owner.products.getProduct(product.id)).priceRange).toEqual({ minValue: 20, maxValue: 20 });
    await owner.products.deleteProductOptions(product.id);
    expect((await owner.products.getProduct(product.id)).variants).toHaveLength(1);

    await owner.products.deleteProduct(product.id);
    expect(await failure(owner.products.getProduct(product.id))).toMatchObject({ status: 404 });
  });

  it('shows product photos for a choice and unlinks them; a photo not on the product is refused', async () => {
    const product = await owner.products.createProduct({ ...tee, name: 'SDK choice tee' });
    await owner.products.addProductMedia(product.id, [
      { url: 'https://example.com/black.png' },
      { url: 'https://example.com/white.png' },
    ]);
    const [black, white] = (await owner.products.getProduct(product.id)).media.items;
    await owner.products.addProductMediaToChoices(product.id, [
      { option: 'Colour', choice: 'Black', mediaIds: [black!.id] },
      { option: 'Colour', choice: 'White', mediaIds: [white!.id] },
    ]);
    const choiceMedia = async () =>
      Object.fromEntries(
        (await visitor.products.getProduct(product.id)).productOptions[1]!.choices.map((choice) => [
          choice.description,
          (choice.media?.items ?? []).map((item) => item.id),
        ]),
      );
    expect(await choiceMedia()).toEqual({ Black: [black!.id], White: [white!.id] });
    await owner.products.removeProductMediaFromChoices(product.id, [
      { option: 'Colour', choice: 'Black', mediaIds: [black!.id] },
    ]);
    expect(await choiceMedia()).toEqual({ Black: [], White: [white!.id] });
    await owner.products.removeProductMediaFromChoices(product.id);
    expect(await choiceMedia()).toEqual({ Black: [], White: [] });
    expect((await owner.products.getProduct(product.id)).media.items).toHaveLength(2);

    expect(
      await failure(
        owner.products.addProductMediaToChoices(product.id, [
          { option: 'Colour', choice: 'Black', mediaIds: ['not-on-the-product'] },
        ]),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await failure(
        owner.products.addProductMediaToChoices(product.id, [
          { option: 'Colour', choice: 'Red', mediaIds: [black!.id] },
        ]),
      ),
    ).toMatchObject({ status: 400 });
    // Photos go on the choices of one option only: with Colour's linked, a Size choice is refused.
    await owner.products.addProductMediaToChoices(product.id, [
      { option: 'Colour', choice: 'Black', mediaIds: [black!.id] },
    ]);
    const secondOption = await failure(
      owner.products.addProductMediaToChoices(product.id, [
        { option: 'Size', choice: 'S', mediaIds: [white!.id] },
      ]),
    );
    expect(secondOption).toMatchObject({ status: 400 });
    expect(secondOption.message).toContain('one option only');
    expect(await choiceMedia()).toEqual({ Black: [black!.id], White: [] });
    await owner.products.removeProductMediaFromChoices(product.id);
    await owner.products.addProductMediaToChoices(product.id, [
      { option: 'Size', choice: 'S', mediaIds: [white!.id] },
    ]);
    expect(
      await failure(
        visitor.products.addProductMediaToChoices(product.id, [
          { option: 'Colour', choice: 'Black', mediaIds: [black!.id] },
        ]),
      ),
    ).toMatchObject({ status: 403 });
  });

  it('queries the variants of the whole store by SKU', async () => {
    const product = await owner.products.createProduct({ ...tee, name: 'SDK SKU tee' });
    await owner.products.updateProductVariants(product.id, [
      { choices: { Size: 'M', Colour: 'Black' }, sku: 'SDK-TEE-MB' },
    ]);
    const found = await owner.products.queryStoreVariants().contains('sku', 'sdk-tee-m').find();
    expect(found.items.map((variant) => [variant.productId, variant.sku])).toEqual([
      [product.id, 'SDK-TEE-MB'],
    ]);
    expect(found.totalCount).toBe(1);
  });

  it('queries products with offset paging, and bulk-sets and adjusts prices', async () => {
    const a = await owner.products.createProduct({ name: 'Query A', priceData: { price: 10 } });
    const b = await owner.products.createProduct({ name: 'Query B', priceData: { price: 30 } });
    const hidden = await owner.products.createProduct({
      name: 'Query C',
      priceData: { price: 5 },
      visible: false,
    });
    const page = await owner.products
      .queryProducts()
      .startsWith('name', 'Query')
      .ascending('price')
      .limit(2)
      .find();
    expect(page.items.map((item) => item.name)).toEqual(['Query C', 'Query A']);
    expect(page.totalCount).toBe(3);
    expect((await page.next()).items.map((item) => item.name)).toEqual(['Query B']);
    const shopper = await visitor.products
      .queryProducts({ includeVariants: true })
      .contains('name', 'query')
      .find();
    expect(shopper.items.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());
    expect(shopper.items[0]!.variants).toHaveLength(1);

    const set = await owner.products.bulkUpdateProductsProperty([a.id, b.id], { price: 12 });
    expect(set.bulkActionMetadata.totalSuccesses).toBe(2);
    const adjusted = await owner.products.bulkAdjustProductProperty([a.id, hidden.id], {
      price: { percentage: { rate: 50 } },
    });
    expect(adjusted.bulkActionMetadata.totalSuccesses).toBe(2);
    expect((await owner.products.getProduct(a.id)).priceData.price).toBe(18);
    expect((await owner.products.getProduct(hidden.id)).priceData.price).toBe(7.5);

    const hide = await owner.products.bulkUpdateProductsProperty([a.id, b.id], { visible: false });
    expect(hide.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 0 });
    expect(await failure(visitor.products.getProduct(a.id))).toMatchObject({ status: 404 });
    expect((await owner.products.getProduct(b.id)).visible).toBe(false);
  });
});

describe('collections and inventory', () => {
  it('create, rename, fill, read by slug, query and delete a collection', async () => {
    const product = await owner.products.createProduct({ name: 'In a collection', priceData: { price: 1 } });
    const summer = await owner.collections.createCollection({ name: 'Summer SDK' });
    const renamed = await owner.collections.updateCollection(summer.id, { name: 'Summer sale' });
    expect(renamed.name).toBe('Summer sale');
    await owner.collections.addProductsToCollection(summer.id, [product.id]);
    expect((await visitor.collections.getCollectionBySlug(summer.slug)).numberOfProducts).toBe(1);
    const filtered = await visitor.products.queryProducts().hasSome('collectionIds', [summer.id]).find();
    expect(filtered.items.map((item) => item.id)).toEqual([product.id]);
    const listed = await visitor.collections.queryCollections().limit(100).find();
    expect(listed.items.map((item) => item.name)).toContain('Summer sale');
    await owner.collections.removeProductsFromCollection(summer.id, [product.id]);
    expect((await owner.collections.getCollection(summer.id)).numberOfProducts).toBe(0);
    await owner.collections.deleteCollection(summer.id);
    expect(await failure(owner.collections.getCollection(summer.id))).toMatchObject({ status: 404 });
  });

  it('sets, queries, increments and decrements stock, never below zero', async () => {
    const product = await owner.products.createProduct({ name: 'Stocked SDK', priceData: { price: 1 } });
    const variantId = product.variants![0]!.id;
    await owner.inventory.updateInventoryVariants(product.id, {
      trackQuantity: true,
      variants: [{ variantId, quantity: 2 }],
    });
    const page = await owner.inventory.queryInventory().eq('productId', product.id).find();
    expect(page.items[0]!.variants[0]).toMatchObject({ variantId, quantity: 2, inStock: true });
    expect(page.totalCount).toBe(1);
    await owner.inventory.incrementInventory([{ productId: product.id, variantId, incrementBy: 3 }]);
    expect(
      await failure(
        owner.inventory.decrementInventory([{ productId: product.id, variantId, decrementBy: 9 }]),
      ),
    ).toMatchObject({ status: 409 });
    await owner.inventory.decrementInventory([{ productId: product.id, variantId, decrementBy: 5 }]);
    const item = await owner.inventory.getInventoryVariants(page.items[0]!.id);
    expect(item.variants[0]).toMatchObject({ quantity: 0, inStock: false });
    expect(await failure(visitor.inventory.queryInventory().find())).toMatchObject({ status: 403 });

    // The products query filters on stock on the server, as the dashboard's stock filters ask it.
    const outOfStock = await owner.products
      .queryProducts()
      .eq('stock.inventoryStatus', 'OUT_OF_STOCK')
      .eq('name', 'Stocked SDK')
      .find();
    expect(outOfStock.items.map((found) => found.id)).toEqual([product.id]);
    const notAllInStock = await owner.products
      .queryProducts()
      .in('stock.inventoryStatus', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK')
      .eq('name', 'Stocked SDK')
      .find();
    expect(notAllInStock.items.map((found) => found.id)).toEqual([product.id]);
    const low = await owner.products.queryProducts().le('stock.lowestVariantQuantity', 0).find();
    expect(low.items.map((found) => found.id)).toContain(product.id);
    const inStock = await owner.products
      .queryProducts()
      .eq('stock.inStock', true)
      .eq('name', 'Stocked SDK')
      .find();
    expect(inStock.items).toEqual([]);
  });
});
