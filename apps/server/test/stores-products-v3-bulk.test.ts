import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultVariantId } from '@atrium/contract/stores/products-v1';
import { identityKit } from './identity-helpers.ts';
import { as, createTestApp, type TestApp } from './test-app.ts';
import { caller, unknownId } from './stores-v3-entities-helpers.ts';
import {
  amount,
  base,
  bulk,
  code,
  createProduct,
  simple,
  tee,
  type WireProduct,
} from './stores-products-v3-helpers.ts';

/**
 * Catalog v3 products through the real app, continued: products with inventory, the bulk and by-filter
 * calls, and who may read and write.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let stranger: Record<string, string>;
const visitor = as('ANONYMOUS_VISITOR');

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  stranger = as('WIX_USER:OWNER', (await identityKit(t).newSite('Other shop')).site.id);
});
afterAll(async () => {
  await t?.close();
});

const create = (product: Record<string, unknown>, fields?: string[]) => createProduct(call, product, fields);

describe('products with inventory', () => {
  it('creates a product and its variants’ stock in one call, which v1 inventory reads', async () => {
    const created = await call('POST', '/stores/v3/products-with-inventory', {
      product: {
        ...simple('Stocked mug', '9'),
        variantsInfo: { variants: [{ price: { actualPrice: amount('9') }, inventoryItem: { quantity: 4 } }] },
      },
      returnEntity: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { product, inventoryResults } = created.body;
    expect(inventoryResults.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    expect(inventoryResults.results[0].item).toMatchObject({
      productId: product.id,
      variantId: defaultVariantId,
      trackQuantity: true,
      quantity: 4,
      availabilityStatus: 'IN_STOCK',
    });
    const v1 = await call('POST', `/stores-reader/v2/inventoryItems/${product.id}/getVariants`, {});
    expect(v1.body.inventoryItem).toMatchObject({
      trackQuantity: true,
      variants: [{ quantity: 4, inStock: true }],
    });

    const updated = await call('PATCH', `/stores/v3/products-with-inventory/${product.id}`, {
      product: {
        revision: product.revision,
        variantsInfo: {
          variants: [
            {
              price: { actualPrice: amount('9') },
              inventoryItem: { quantity: 0, preorderInfo: { enabled: true, limit: 2 } },
            },
          ],
        },
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.inventoryResults.results[0].item).toBeUndefined();
    expect(updated.body.product.inventory).toMatchObject({
      availabilityStatus: 'IN_STOCK',
      preorderStatus: 'ENABLED',
    });
    const negative = await call('POST', '/stores/v3/products-with-inventory', {
      product: {
        ...simple('Negative'),
        variantsInfo: {
          variants: [{ price: { actualPrice: amount('1') }, inventoryItem: { quantity: -1 } }],
        },
      },
    });
    expect(negative.status).toBe(400);
  });

  it('creates and updates several products with their inventory', async () => {
    const created = await call('POST', '/stores/v3/bulk/products-with-inventory/create', {
      products: [
        {
          ...simple('Bulk stock A'),
          variantsInfo: {
            variants: [{ price: { actualPrice: amount('1') }, inventoryItem: { quantity: 3 } }],
          },
        },
        { name: 'Bulk stock B' },
      ],
      returnEntity: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.productResults.bulkActionMetadata).toMatchObject({
      totalSuccesses: 1,
      totalFailures: 1,
    });
    expect(created.body.inventoryResults.results[0].item.quantity).toBe(3);
    const product = created.body.productResults.results[0].item;
    const updated = await call('POST', '/stores/v3/bulk/products-with-inventory/update', {
      products: [
        {
          product: {
            id: product.id,
            revision: product.revision,
            variantsInfo: {
              variants: [{ price: { actualPrice: amount('2') }, inventoryItem: { inStock: false } }],
            },
          },
        },
      ],
      returnEntity: true,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.inventoryResults.results[0].item).toMatchObject({
      trackQuantity: false,
      inStock: false,
      availabilityStatus: 'OUT_OF_STOCK',
    });
    expect(updated.body.productResults.results[0].item.inventory.availabilityStatus).toBe('OUT_OF_STOCK');
  });
});

describe('bulk calls', () => {
  it('creates, updates and deletes several products, each on its own', async () => {
    const created = await call('POST', `${bulk}/create`, {
      products: [simple('Bulk one'), simple('Bulk two'), { name: 'Bulk broken' }],
      returnEntity: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    expect(created.body.results[2].itemMetadata).toMatchObject({
      originalIndex: 2,
      success: false,
      error: { code: 'INVALID_REQUEST' },
    });
    const [one, two] = created.body.results.map((result: { item?: WireProduct }) => result.item!);
    const updated = await call('POST', `${bulk}/update`, {
      products: [
        { product: { id: one.id, revision: one.revision, name: 'Bulk one renamed' } },
        { product: { id: two.id, revision: '99', name: 'Stale' } },
      ],
      returnEntity: true,
    });
    expect(updated.body.results[0].item.name).toBe('Bulk one renamed');
    expect(updated.body.results[1].itemMetadata.error.code).toBe('REVISION_MISMATCH');
    const deleted = await call('POST', `${bulk}/delete`, {
      productIds: [one.id, two.id, unknownId, 'not-an-id'],
    });
    expect(deleted.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 2 });
    expect(deleted.body.results[3].itemMetadata.error.code).toBe('PRODUCT_NOT_FOUND');
    expect((await call('GET', `${base}/${one.id}`)).status).toBe(404);
  });

  it('adds and removes info sections, and assigns tags', async () => {
    const section = await call('POST', '/stores/v3/info-sections', {
      infoSection: { uniqueName: 'care', title: 'Care', plainDescription: '<p>Hand wash</p>' },
    });
    const sectionId = section.body.infoSection.id;
    const product = await create(
      simple('Sectioned', '3', { infoSections: [{ uniqueName: 'shipping', title: 'Shipping' }] }),
    );
    expect(product.infoSections).toEqual([{ id: expect.any(String) }]);
    const added = await call('POST', `${bulk}/add-info-sections`, {
      products: [{ productId: product.id, revision: product.revision }],
      infoSectionIds: [sectionId],
      returnEntity: true,
      fields: ['INFO_SECTION', 'INFO_SECTION_PLAIN_DESCRIPTION'],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(
      added.body.results[0].item.infoSections.map((item: { uniqueName: string }) => item.uniqueName),
    ).toEqual(['shipping', 'care']);
    expect(added.body.results[0].item.infoSections[1].plainDescription).toBe('<p>Hand wash</p>');
    const counted = await call('GET', `/stores/v3/info-sections/${sectionId}?fields=ASSIGNED_PRODUCTS_COUNT`);
    expect(counted.body.infoSection.assignedProductsCount).toBe(1);
    const removed = await call('POST', `${bulk}/remove-info-sections`, {
      products: [{ productId: product.id }],
      infoSectionIds: [sectionId],
    });
    expect(removed.body.bulkActionMetadata.totalSuccesses).toBe(1);
    const ghost = await call('POST', `${bulk}/add-info-sections`, {
      products: [{ productId: product.id }],
      infoSectionIds: [unknownId],
    });
    expect(ghost.body.results[0].itemMetadata.error.code).toBe('INFO_SECTION_NOT_FOUND');

    const tagged = await call('POST', `${bulk}/update-tags`, {
      productIds: [product.id],
      assignTags: { privateTags: { tagIds: ['sale', 'summer'] } },
    });
    expect(tagged.body.bulkActionMetadata.totalSuccesses).toBe(1);
    const untagged = await call('POST', `${bulk}/update-tags`, {
      productIds: [product.id],
      unassignTags: { privateTags: { tagIds: ['sale'] } },
    });
    expect(untagged.status).toBe(200);
    expect((await call('GET', `${base}/${product.id}`)).body.product.tags).toEqual({
      privateTags: { tagIds: ['summer'] },
      publicTags: { tagIds: [] },
    });
    const empty = await call('POST', `${bulk}/update-tags`, { productIds: [product.id] });
    expect(code(empty)).toBe('EMPTY_ASSIGN_AND_UNASSIGN_LISTS');
  });

  it('runs the by-filter calls in the request and answers a job id', async () => {
    const filter = { name: { $startsWith: 'Filtered ' } };
    const a = await create(tee('Filtered A'));
    const b = await create(simple('Filtered B', '40'));
    const job = async (path: string, body: Record<string, unknown>) => {
      const answer = await call('POST', `${bulk}/${path}`, { filter, ...body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.jobId).toEqual(expect.any(String));
    };
    await job('update-by-filter', { product: { ribbon: { name: 'Sale' } } });
    await job('update-tags-by-filter', { assignTags: { publicTags: { tagIds: ['featured'] } } });
    const collection = await call('POST', '/stores/v1/collections', {
      collection: { name: 'Filtered picks' },
    });
    await job('add-to-categories-by-filter', { categoryIds: [collection.body.collection.id] });
    await job('adjust-variants-by-filter', {
      actualPrice: { percentage: -10 },
      rounding: 'CURRENCY_PRECISION',
    });
    await job('update-variants-by-filter', { variant: { visible: true, barcode: '123' } });
    const read = await call('GET', `${base}/${b.id}?fields=DIRECT_CATEGORIES_INFO`);
    expect(read.body.product).toMatchObject({
      ribbon: { name: 'Sale' },
      tags: { publicTags: { tagIds: ['featured'] } },
      directCategoriesInfo: { categories: [{ id: collection.body.collection.id }] },
      actualPriceRange: { minValue: { amount: '36.00' } },
    });
    const shirt = await call('GET', `${base}/${a.id}`);
    expect(shirt.body.product.variantsInfo.variants[0].price).toMatchObject({
      actualPrice: { amount: '18.00' },
      compareAtPrice: { amount: '25.00' },
    });
    expect(shirt.body.product.variantsInfo.variants[0].barcode).toBe('123');
    await job('adjust-variants-by-filter', { compareAtPriceDiscount: { amount: '5' } });
    expect(
      (await call('GET', `${base}/${a.id}`)).body.product.variantsInfo.variants[0].price.actualPrice.amount,
    ).toBe('20.00');
    await job('remove-from-categories-by-filter', { categoryIds: [collection.body.collection.id] });
    const nothing = await call('POST', `${bulk}/adjust-variants-by-filter`, { filter });
    expect(code(nothing)).toBe('NO_VARIANT_ADJUSTMENTS_PASSED');
    const section = await call('POST', '/stores/v3/info-sections', {
      infoSection: { uniqueName: 'filtered', title: 'Filtered' },
    });
    await job('add-info-sections-by-filter', { infoSectionIds: [section.body.infoSection.id] });
    expect((await call('GET', `${base}/${b.id}`)).body.product.infoSections).toEqual([
      { id: section.body.infoSection.id },
    ]);
    await job('remove-info-sections-by-filter', { infoSectionIds: [section.body.infoSection.id] });
    expect((await call('GET', `${base}/${b.id}`)).body.product.infoSections).toEqual([]);
    await job('delete-by-filter', {});
    expect((await call('GET', `${base}/${a.id}`)).status).toBe(404);
    expect((await call('GET', `${base}/${b.id}`)).status).toBe(404);
  });

  it('names the category every product is in', async () => {
    const answer = await call('GET', '/stores/v3/all-products-category', undefined, visitor);
    expect(answer.body).toEqual({
      categoryId: '00000000-000000-000000-000000000001',
      treeReference: { appNamespace: '@wix/stores', treeKey: null },
    });
  });
});

describe('who may read and write', () => {
  it('refuses every write of a shopper', async () => {
    const product = await create(simple('Guarded'));
    const writes: Array<[Parameters<typeof call>[0], string, unknown]> = [
      ['POST', base, { product: simple('Visitor made') }],
      ['PATCH', `${base}/${product.id}`, { product: { revision: product.revision, name: 'Mine' } }],
      ['DELETE', `${base}/${product.id}`, undefined],
      ['POST', '/stores/v3/products-with-inventory', { product: simple('Visitor stock') }],
      ['POST', `${bulk}/create`, { products: [simple('Visitor bulk')] }],
      ['POST', `${bulk}/delete`, { productIds: [product.id] }],
      [
        'POST',
        `${bulk}/update-tags`,
        { productIds: [product.id], assignTags: { privateTags: { tagIds: ['x'] } } },
      ],
      ['POST', `${bulk}/delete-by-filter`, { filter: {} }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await call(method, path, body, visitor);
      expect(refused.status, `${method} ${path}`).toBe(403);
      const member = await call(method, path, body, as('MEMBER:00000000-0000-4000-8000-00000000000a'));
      expect(member.status, `${method} ${path} as a member`).toBe(403);
    }
    expect((await call('GET', `${base}/${product.id}`)).body.product.name).toBe('Guarded');
  });

  it("keeps one site out of another site's products", async () => {
    const product = await create(simple('Site A product'));
    expect((await call('GET', `${base}/${product.id}`, undefined, stranger)).status).toBe(404);
    expect((await call('GET', `${base}/slug/site-a-product`, undefined, stranger)).status).toBe(404);
    const patch = await call(
      'PATCH',
      `${base}/${product.id}`,
      { product: { revision: product.revision, name: 'Taken' } },
      stranger,
    );
    expect(patch.status).toBe(404);
    expect((await call('DELETE', `${base}/${product.id}`, undefined, stranger)).status).toBe(404);
    const listed = await call('POST', `${base}/query`, { query: { filter: { id: product.id } } }, stranger);
    expect(listed.body.products).toEqual([]);
    const bulkDelete = await call('POST', `${bulk}/delete`, { productIds: [product.id] }, stranger);
    expect(bulkDelete.body.bulkActionMetadata.totalFailures).toBe(1);
    await call('POST', `${bulk}/delete-by-filter`, { filter: {} }, stranger);
    expect((await call('GET', `${base}/${product.id}`)).status).toBe(200);
  });
});
