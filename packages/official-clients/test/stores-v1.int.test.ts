import * as collections from '@wix/auto_sdk_stores_collections';
import * as inventory from '@wix/auto_sdk_stores_inventory';
import * as products from '@wix/auto_sdk_stores_products';
import * as abandonedCarts from '@wix/auto_sdk_stores_abandoned-carts';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official store catalog v1 clients (`@wix/stores` products, collections, inventory, abandoned carts),
// unchanged, against Atrium: the business with an API key, shoppers with an anonymous visitor token.

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof clientsWith>;
let visitor: ReturnType<typeof clientsWith>;

function clientsWith(auth: ReturnType<typeof ApiKeyStrategy> | ReturnType<typeof OAuthStrategy>) {
  return createClient({ modules: { products, collections, inventory, abandonedCarts }, auth });
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientsWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  visitor = clientsWith(OAuthStrategy({ clientId: atrium.clientId }));
});

afterAll(async () => {
  await atrium?.close();
});

async function newMug(name: string) {
  const { product } = await business.products.createProduct({
    name,
    productType: 'physical',
    priceData: { price: 12.5 },
    costAndProfitData: { itemCost: 4 },
    productOptions: [
      {
        name: 'Colour',
        optionType: 'color',
        choices: [
          { value: '#1d4ed8', description: 'Blue' },
          { value: '#dc2626', description: 'Red' },
        ],
      },
      {
        name: 'Size',
        optionType: 'drop_down',
        choices: [{ description: 'Small' }, { description: 'Large' }],
      },
    ],
  });
  return product!;
}

describe('@wix/stores products v1 against Atrium', () => {
  it('creates, reads, updates, queries and deletes products', async () => {
    const mug = await newMug('Enamel mug');
    expect(mug._id).toBeTruthy();
    expect(mug.variants).toHaveLength(4);
    expect(mug.stock!.inventoryStatus).toBe('IN_STOCK');

    const { product: read } = await visitor.products.getProduct(mug._id!);
    expect(read!.name).toBe('Enamel mug');
    expect(read!.costAndProfitData?.itemCost).toBeUndefined();
    const { product: merchant } = await business.products.getProduct(mug._id!, {
      includeMerchantSpecificData: true,
    });
    expect(merchant!.costAndProfitData!.itemCost).toBe(4);

    const { product: updated } = await business.products.updateProduct(mug._id!, {
      description: 'Keeps coffee warm',
      discount: { type: 'AMOUNT', value: 2.5 },
    });
    expect(updated!.priceData).toMatchObject({ price: 12.5, discountedPrice: 10 });

    const page = await visitor.products.queryProducts().eq('name', 'Enamel mug').limit(10).find();
    expect(page.items.map((item) => item._id)).toEqual([mug._id]);
    expect(page.totalCount).toBe(1);

    await business.products.deleteProduct(mug._id!);
    const missing = await business.products.getProduct(mug._id!).catch((error: unknown) => error);
    expect(missing).toMatchObject({ details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } } });
    // The client reads the request id of a failed call from X-Wix-Request-Id.
    expect((missing as { details: { requestId: unknown } }).details.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers options availability and variant queries, and updates and resets variants', async () => {
    const mug = await newMug('Variant mug');
    const availability = await visitor.products.getProductOptionsAvailability(mug._id!, {
      Colour: 'Blue',
      Size: 'Large',
    });
    expect(availability.availableForPurchase).toBe(true);
    expect(availability.selectedVariant!.price!.price).toBe(12.5);

    const { variants } = await business.products.updateProductVariants(mug._id!, [
      { choices: { Size: 'Large' }, price: 15, sku: 'MUG-L' },
    ]);
    expect(variants!.filter((variant) => variant.variant!.priceData!.price === 15)).toHaveLength(2);

    const queried = await visitor.products.queryProductVariants(mug._id!, { choices: { Colour: 'Red' } });
    expect(queried.variants).toHaveLength(2);
    expect(queried.totalResults).toBe(2);

    const store = await business.products.queryStoreVariants({
      filter: { productId: mug._id },
      paging: { limit: 10 },
    });
    expect(store.variants).toHaveLength(4);
    const { variant } = await visitor.products.getStoreVariant(store.variants![0]!._id!);
    expect(variant!.productName).toBe('Variant mug');

    await business.products.resetAllProductVariantData(mug._id!);
    const { product: reset } = await business.products.getProduct(mug._id!);
    expect(new Set(reset!.variants!.map((item) => item.variant!.priceData!.price))).toEqual(new Set([12.5]));

    await business.products.deleteProductOptions(mug._id!);
    const { product: plain } = await business.products.getProduct(mug._id!);
    expect(plain!.variants).toHaveLength(1);
  });

  it('manages media, choice media, brand, ribbon and bulk edits', async () => {
    const mug = await newMug('Media mug');
    await business.products.addProductMedia(mug._id!, [
      { url: 'https://images.example.com/mug-blue.jpg', mediaId: 'mug-blue' },
      { url: 'https://images.example.com/mug-red.jpg', mediaId: 'mug-red' },
    ]);
    await business.products.addProductMediaToChoices(mug._id!, [
      { option: 'Colour', choice: 'Blue', mediaIds: ['mug-blue'] },
    ]);
    let { product } = await business.products.getProduct(mug._id!);
    expect(product!.media!.items).toHaveLength(2);
    expect(product!.productOptions![0]!.choices![0]!.media!.items![0]!._id).toBe('mug-blue');
    await business.products.removeProductMediaFromChoices(mug._id!, [
      { option: 'Colour', choice: 'Blue', mediaIds: [] },
    ]);
    await business.products.removeProductMedia(mug._id!, ['mug-red']);
    ({ product } = await business.products.getProduct(mug._id!));
    expect(product!.media!.items!.map((item) => item._id)).toEqual(['mug-blue']);

    const set = await business.products.bulkUpdateProductsProperty([mug._id!], {
      ribbon: 'Sale',
      brand: 'Kiln & Co',
    });
    expect(set.bulkActionMetadata!.totalSuccesses).toBe(1);
    ({ product } = await business.products.getProduct(mug._id!));
    expect(product).toMatchObject({ ribbon: 'Sale', brand: 'Kiln & Co' });
    await business.products.removeBrand(mug._id!);
    await business.products.removeRibbon(mug._id!);
    ({ product } = await business.products.getProduct(mug._id!));
    expect(product!.brand).toBeUndefined();
    expect(product!.ribbons).toEqual([]);

    const adjusted = await business.products.bulkAdjustProductProperty({ price: { amount: -2.5 } }, [
      mug._id!,
    ]);
    expect(adjusted.bulkActionMetadata!.totalSuccesses).toBe(1);
    ({ product } = await business.products.getProduct(mug._id!));
    expect(product!.priceData!.price).toBe(10);
  });
});

describe('@wix/stores collections and inventory against Atrium', () => {
  it('creates a collection, fills it, reads it by id and slug and queries it', async () => {
    const mug = await newMug('Collected mug');
    const { collection } = await business.products.createCollection({ name: 'Kitchen' });
    await business.products.addProductsToCollection(collection!._id!, [mug._id!]);
    const byId = await visitor.collections.getCollection(collection!._id!);
    expect(byId.numberOfProducts).toBe(1);
    const bySlug = await visitor.collections.getCollectionBySlug('kitchen');
    expect(bySlug.collection!._id).toBe(collection!._id);
    const readerSlug = await visitor.products.getCollectionBySlug('kitchen');
    expect(readerSlug.collection!.name).toBe('Kitchen');
    const page = await visitor.collections.queryCollections().eq('name', 'Kitchen').find();
    expect(page.items.map((item) => item._id)).toEqual([collection!._id]);
    const inCollection = await visitor.products
      .queryProducts()
      .hasSome('collectionIds', [collection!._id!])
      .find();
    expect(inCollection.items.map((item) => item._id)).toEqual([mug._id]);
    const { collection: renamed } = await business.products.updateCollection(collection!._id!, {
      name: 'Kitchenware',
    });
    expect(renamed!.name).toBe('Kitchenware');
    await business.products.removeProductsFromCollection(collection!._id!, [mug._id!]);
    await business.products.deleteCollection(collection!._id!);
    await expect(visitor.collections.getCollection(collection!._id!)).rejects.toBeTruthy();
  });

  it('tracks stock through the inventory calls', async () => {
    const mug = await newMug('Stocked mug');
    const variantIds = mug.variants!.map((variant) => variant._id!);
    await business.inventory.updateInventoryVariants(mug._id!, {
      trackQuantity: true,
      variants: variantIds.map((variantId) => ({ variantId, quantity: 5 })),
    });
    await business.inventory.decrementInventory([
      { productId: mug._id!, variantId: variantIds[0]!, decrementBy: 5 },
    ]);
    await business.inventory.incrementInventory([
      { productId: mug._id!, variantId: variantIds[1]!, incrementBy: 2 },
    ]);
    const { inventoryItem } = await business.inventory.getInventoryVariants(mug._id!, {
      variantIds: variantIds.slice(0, 2),
    });
    expect(inventoryItem!.variants!.map((variant) => variant.quantity)).toEqual([0, 7]);
    const listed = await business.inventory.queryInventory({
      query: { filter: JSON.stringify({ productId: mug._id }) },
    });
    expect(listed.inventoryItems![0]!.trackQuantity).toBe(true);
    const { product } = await visitor.products.getProduct(mug._id!);
    expect(product!.stock!.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    await expect(
      business.inventory.decrementInventory([
        { productId: mug._id!, variantId: variantIds[0]!, decrementBy: 1 },
      ]),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'INSUFFICIENT_INVENTORY' } } });
  });

  it('answers abandoned carts with none until commerce records them', async () => {
    // Declared by the package's runtime but not by its types (clients-commerce-events.md §2.3).
    const query = (
      business.abandonedCarts as unknown as { queryAbandonedCarts(query: object): Promise<unknown> }
    ).queryAbandonedCarts;
    const carts = await query({});
    expect(carts).toMatchObject({ abandonedCarts: [], totalResults: 0 });
  });
});
