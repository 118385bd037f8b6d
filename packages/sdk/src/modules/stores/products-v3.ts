import type {
  ProductV3,
  ProductV3Input,
  ProductV3RequestedField,
  VariantV3,
  VariantV3Input,
  adjustVariantsByFilterRequestSchema,
  allProductsCategoryResponseSchema,
  bulkInfoSectionsV3RequestSchema,
  bulkProductsV3ResponseSchema,
  bulkProductsWithInventoryResponseSchema,
  bulkResultsOnlyResponseSchema,
  countProductsV3RequestSchema,
  productTagsSchema,
  productWithInventoryResponseSchema,
  productsJobResponseSchema,
  searchDetailsSchema,
  searchProductsV3RequestSchema,
  searchProductsV3ResponseSchema,
  updateVariantsByFilterRequestSchema,
} from '@atrium/contract/stores/products-v3';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import type { ClientContext, ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment, send } from '../bookings/shared.ts';
import { fieldsQuery, v3Query, type BulkOptions, type FieldsOption } from './v3-shared.ts';

export type { ProductV3, ProductV3Input, ProductV3RequestedField, VariantV3, VariantV3Input };
/** The extra fields a v3 product read or write may ask for (`CURRENCY`, `MERCHANT_DATA`...). */
type Fields = FieldsOption<ProductV3RequestedField>;
/** Free text of a search or a by-filter call: `expression` over names and descriptions. */
export type ProductV3SearchDetails = z.input<typeof searchDetailsSchema>;
/** `searchProducts`' request: filter, sort, cursor paging, free text and aggregations. */
export type ProductV3Search = z.input<typeof searchProductsV3RequestSchema>['search'];
export type ProductV3SearchResult = WithDates<z.infer<typeof searchProductsV3ResponseSchema>>;
export type ProductV3Tags = z.input<typeof productTagsSchema>;
export type ProductV3CountOptions = Omit<z.input<typeof countProductsV3RequestSchema>, 'filter'>;
export type BulkProductsV3Result = WithDates<z.infer<typeof bulkProductsV3ResponseSchema>>;
export type BulkProductsV3MetadataResult = z.infer<typeof bulkResultsOnlyResponseSchema>;
export type ProductV3WithInventoryResult = WithDates<z.infer<typeof productWithInventoryResponseSchema>>;
export type BulkProductsV3WithInventoryResult = WithDates<
  z.infer<typeof bulkProductsWithInventoryResponseSchema>
>;
/** The products a bulk info-section call names, each with the revision its change is based on (optional). */
export type ProductV3Reference = z.input<typeof bulkInfoSectionsV3RequestSchema>['products'][number];
/** What a variants-by-filter update sets on every variant of the products selected. */
export type ProductV3VariantChange = z.input<typeof updateVariantsByFilterRequestSchema>['variant'];
/** Price and cost adjustments by an amount or a percentage, and how the results are rounded. */
export type ProductV3VariantAdjustments = Omit<
  z.input<typeof adjustVariantsByFilterRequestSchema>,
  'filter' | 'search'
> & { search?: ProductV3SearchDetails };
/** A by-filter call runs in the request; `jobId` names it. */
export type ProductsV3Job = z.infer<typeof productsJobResponseSchema>;
export type AllProductsCategory = z.infer<typeof allProductsCategoryResponseSchema>;
/** A product of a bulk update: its id and the revision the change is based on, and the fields to set. */
export type ProductV3Update = { product: ProductV3Input & { id: string } };
interface SearchOption {
  search?: ProductV3SearchDetails;
}

const base = '/stores/v3/products';
const withInventory = '/stores/v3/products-with-inventory';
const bulk = '/stores/v3/bulk/products';
const bulkWithInventory = '/stores/v3/bulk/products-with-inventory';
type One = { product: ProductV3 };

/** A GET of one product, `fields` repeated in the query string. */
async function readOne(context: ClientContext, path: string, options: Fields) {
  return (await context.request<One>({ method: 'GET', path, query: fieldsQuery(options.fields) })).product;
}

/**
 * Catalog v3 products (`@wix/stores` productsV3): the catalog v1 products seen through the v3 wire. Options
 * are customizations, prices are per variant as decimal strings, and a change carries the revision it is
 * based on (a stale one is a 409).
 */
export const productV3Calls = {
  /**
   * `POST /stores/v3/products`: `variantsInfo.variants` is required (one variant without choices for a
   * product without options); options named but not yet existing become customizations.
   * @example const mug = await client.stores.createProduct({ name: 'Mug', productType: 'PHYSICAL', variantsInfo: { variants: [{ price: { actualPrice: { amount: '12' } } }] } })
   */
  createProduct:
    (context) =>
    (product: ProductV3Input, options: Fields = {}) =>
      call<One, 'product'>(context, 'POST', base, 'product', { product, ...options }),
  /**
   * `GET /stores/v3/products/{id}` with its variants; an unknown id is a 404 `PRODUCT_NOT_FOUND`.
   * @example const mug = await client.stores.getProduct(id, { fields: ['CURRENCY', 'MERCHANT_DATA'] })
   */
  getProduct:
    (context) =>
    (productId: string, options: Fields = {}) =>
      readOne(context, `${base}/${segment(productId)}`, options),
  /**
   * `GET /stores/v3/products/slug/{slug}`.
   * @example const mug = await client.stores.getProductBySlug('mug')
   */
  getProductBySlug:
    (context) =>
    (slug: string, options: Fields = {}) =>
      readOne(context, `${base}/slug/${segment(slug)}`, options),
  /**
   * `PATCH /stores/v3/products/{id}`: the fields sent replace the product's; send the revision the change
   * is based on. `options` change only with `variantsInfo.variants`, the variants the product ends with.
   * @example await client.stores.updateProduct(mug.id, { revision: mug.revision, name: 'Big mug' })
   */
  updateProduct:
    (context) =>
    (productId: string, product: ProductV3Input, options: Fields = {}) =>
      call<One, 'product'>(context, 'PATCH', `${base}/${segment(productId)}`, 'product', {
        product,
        ...options,
      }),
  /**
   * `DELETE /stores/v3/products/{id}`, with its variants and their stock.
   * @example await client.stores.deleteProduct(mug.id)
   */
  deleteProduct:
    (context) =>
    async (productId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(productId)}`);
    },
  /**
   * `GET /stores/v3/products/query` (`.r`, cursor paging), as the official client sends it; lists carry
   * `variantSummary`, not the variants.
   * @example const { items } = await client.stores.queryProducts().startsWith('name', 'M').ascending('name').find()
   */
  queryProducts:
    (context) =>
    (options: Fields = {}) =>
      v3Query<ProductV3>(context, {
        path: `${base}/query`,
        key: 'products',
        method: 'GET',
        fields: options.fields,
      }),
  /**
   * `GET /stores/v3/products/search` (`.r`, POST once long): free text over names and descriptions,
   * filters, sort, cursor paging and aggregations.
   * @example const { products } = await client.stores.searchProducts({ search: { expression: 'mug' } })
   */
  searchProducts:
    (context) =>
    (search: ProductV3Search = {}, options: Fields = {}): Promise<ProductV3SearchResult> =>
      context.request({
        method: 'GET',
        path: `${base}/search`,
        query: { search, ...fieldsQuery(options.fields) },
        postWhenLong: true,
      }),
  /**
   * `POST /stores/v3/products/count`: the products a filter (and free text) selects; the business may
   * count hidden ones too with `returnNonVisibleProducts`.
   * @example const n = await client.stores.countProducts({ name: { $startsWith: 'M' } }, { returnNonVisibleProducts: true })
   */
  countProducts:
    (context) =>
    async (filter?: Filter, options: ProductV3CountOptions = {}): Promise<number> =>
      (await send<{ count: number }>(context, 'POST', `${base}/count`, { filter, ...options })).count,
  /**
   * `POST /stores/v3/products-with-inventory`: a product and each variant's stock
   * (`variantsInfo.variants[].inventoryItem`: a quantity, or in stock or not).
   * @example const { product, inventoryResults } = await client.stores.createProductWithInventory({ name: 'Jug', productType: 'PHYSICAL', variantsInfo: { variants: [{ price: { actualPrice: { amount: '20' } }, inventoryItem: { quantity: 6 } }] } }, { returnEntity: true })
   */
  createProductWithInventory:
    (context) =>
    (product: ProductV3Input, options: BulkOptions & Fields = {}): Promise<ProductV3WithInventoryResult> =>
      send(context, 'POST', withInventory, { product, ...options }),
  /**
   * `PATCH /stores/v3/products-with-inventory/{id}`: as `updateProduct`, and each variant's stock.
   * @example await client.stores.updateProductWithInventory(jug.id, { revision: jug.revision, variantsInfo: { variants: [{ price: { actualPrice: { amount: '18' } }, inventoryItem: { quantity: 2 } }] } })
   */
  updateProductWithInventory:
    (context) =>
    (
      productId: string,
      product: ProductV3Input,
      options: BulkOptions & Fields = {},
    ): Promise<ProductV3WithInventoryResult> =>
      send(context, 'PATCH', `${withInventory}/${segment(productId)}`, { product, ...options }),
  /**
   * `POST /stores/v3/bulk/products/create`: up to 100 products, each succeeding or failing on its own.
   * @example const { results } = await client.stores.bulkCreateProducts([plateA, plateB], { returnEntity: true })
   */
  bulkCreateProducts:
    (context) =>
    (products: ProductV3Input[], options: BulkOptions & Fields = {}): Promise<BulkProductsV3Result> =>
      send(context, 'POST', `${bulk}/create`, { products, ...options }),
  /**
   * `POST /stores/v3/bulk/products/update`: each `{product: {id, revision, ...}}` on its own.
   * @example await client.stores.bulkUpdateProducts([{ product: { id, revision, name: 'Plate A+' } }])
   */
  bulkUpdateProducts:
    (context) =>
    (products: ProductV3Update[], options: BulkOptions & Fields = {}): Promise<BulkProductsV3Result> =>
      send(context, 'POST', `${bulk}/update`, { products, ...options }),
  /**
   * `POST /stores/v3/bulk/products/delete`.
   * @example await client.stores.bulkDeleteProducts([a.id, b.id])
   */
  bulkDeleteProducts:
    (context) =>
    (productIds: string[]): Promise<BulkProductsV3MetadataResult> =>
      send(context, 'POST', `${bulk}/delete`, { productIds }),
  /**
   * `POST /stores/v3/bulk/products-with-inventory/create`: products and their variants' stock.
   * @example const { productResults, inventoryResults } = await client.stores.bulkCreateProductsWithInventory([jug], { returnEntity: true })
   */
  bulkCreateProductsWithInventory:
    (context) =>
    (
      products: ProductV3Input[],
      options: BulkOptions & Fields = {},
    ): Promise<BulkProductsV3WithInventoryResult> =>
      send(context, 'POST', `${bulkWithInventory}/create`, { products, ...options }),
  /**
   * `POST /stores/v3/bulk/products-with-inventory/update`.
   * @example await client.stores.bulkUpdateProductsWithInventory([{ product: { id, revision, variantsInfo } }])
   */
  bulkUpdateProductsWithInventory:
    (context) =>
    (
      products: ProductV3Update[],
      options: BulkOptions & Fields = {},
    ): Promise<BulkProductsV3WithInventoryResult> =>
      send(context, 'POST', `${bulkWithInventory}/update`, { products, ...options }),
  /**
   * `POST /stores/v3/bulk/products/add-info-sections`: at most 10 info sections a product.
   * @example await client.stores.bulkAddInfoSectionsToProducts([{ productId, revision }], [section.id])
   */
  bulkAddInfoSectionsToProducts:
    (context) =>
    (
      products: ProductV3Reference[],
      infoSectionIds: string[],
      options: BulkOptions & Fields = {},
    ): Promise<BulkProductsV3Result> =>
      send(context, 'POST', `${bulk}/add-info-sections`, { products, infoSectionIds, ...options }),
  /**
   * `POST /stores/v3/bulk/products/remove-info-sections`.
   * @example await client.stores.bulkRemoveInfoSectionsFromProducts([{ productId }], [section.id])
   */
  bulkRemoveInfoSectionsFromProducts:
    (context) =>
    (
      products: ProductV3Reference[],
      infoSectionIds: string[],
      options: BulkOptions & Fields = {},
    ): Promise<BulkProductsV3Result> =>
      send(context, 'POST', `${bulk}/remove-info-sections`, { products, infoSectionIds, ...options }),
  /**
   * `POST /stores/v3/bulk/products/update-tags`: give tags to assign, to unassign, or both (neither is a
   * 400 `EMPTY_ASSIGN_AND_UNASSIGN_LISTS`).
   * @example await client.stores.bulkUpdateProductTags([a.id], { assignTags: { privateTags: { tagIds: ['kitchen'] } } })
   */
  bulkUpdateProductTags:
    (context) =>
    (
      productIds: string[],
      tags: { assignTags?: ProductV3Tags; unassignTags?: ProductV3Tags },
    ): Promise<BulkProductsV3MetadataResult> =>
      send(context, 'POST', `${bulk}/update-tags`, { productIds, ...tags }),
  /**
   * `POST /stores/v3/bulk/products/update-by-filter`: sets these fields on every product selected.
   * @example await client.stores.bulkUpdateProductsByFilter({ name: { $startsWith: 'Plate' } }, { visible: false })
   */
  bulkUpdateProductsByFilter:
    (context) =>
    (filter: Filter, product: ProductV3Input, options: SearchOption = {}): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/update-by-filter`, { filter, product, ...options }),
  /**
   * `POST /stores/v3/bulk/products/delete-by-filter`.
   * @example await client.stores.bulkDeleteProductsByFilter({ visible: false })
   */
  bulkDeleteProductsByFilter:
    (context) =>
    (filter: Filter, options: SearchOption = {}): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/delete-by-filter`, { filter, ...options }),
  /**
   * `POST /stores/v3/bulk/products/add-info-sections-by-filter`.
   * @example await client.stores.bulkAddInfoSectionsToProductsByFilter(filter, [section.id])
   */
  bulkAddInfoSectionsToProductsByFilter:
    (context) =>
    (filter: Filter, infoSectionIds: string[], options: SearchOption = {}): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/add-info-sections-by-filter`, { filter, infoSectionIds, ...options }),
  /**
   * `POST /stores/v3/bulk/products/remove-info-sections-by-filter`.
   * @example await client.stores.bulkRemoveInfoSectionsFromProductsByFilter(filter, [section.id])
   */
  bulkRemoveInfoSectionsFromProductsByFilter:
    (context) =>
    (filter: Filter, infoSectionIds: string[], options: SearchOption = {}): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/remove-info-sections-by-filter`, { filter, infoSectionIds, ...options }),
  /**
   * `POST /stores/v3/bulk/products/add-to-categories-by-filter`: categories are collections.
   * @example await client.stores.bulkAddProductsToCategoriesByFilter(filter, [collectionId])
   */
  bulkAddProductsToCategoriesByFilter:
    (context) =>
    (filter: Filter, categoryIds: string[], options: SearchOption = {}): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/add-to-categories-by-filter`, { filter, categoryIds, ...options }),
  /**
   * `POST /stores/v3/bulk/products/remove-from-categories-by-filter`.
   * @example await client.stores.bulkRemoveProductsFromCategoriesByFilter(filter, [collectionId])
   */
  bulkRemoveProductsFromCategoriesByFilter:
    (context) =>
    (filter: Filter, categoryIds: string[], options: SearchOption = {}): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/remove-from-categories-by-filter`, { filter, categoryIds, ...options }),
  /**
   * `POST /stores/v3/bulk/products/update-tags-by-filter`.
   * @example await client.stores.bulkUpdateProductTagsByFilter(filter, { unassignTags: { privateTags: { tagIds: ['kitchen'] } } })
   */
  bulkUpdateProductTagsByFilter:
    (context) =>
    (
      filter: Filter,
      tags: { assignTags?: ProductV3Tags; unassignTags?: ProductV3Tags } & SearchOption,
    ): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/update-tags-by-filter`, { filter, ...tags }),
  /**
   * `POST /stores/v3/bulk/products/update-variants-by-filter`: sets these fields on every variant of the
   * products selected.
   * @example await client.stores.bulkUpdateProductVariantsByFilter(filter, { sku: 'PLATE' })
   */
  bulkUpdateProductVariantsByFilter:
    (context) =>
    (filter: Filter, variant: ProductV3VariantChange, options: SearchOption = {}): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/update-variants-by-filter`, { filter, variant, ...options }),
  /**
   * `POST /stores/v3/bulk/products/adjust-variants-by-filter`: prices and costs changed by an amount or a
   * percentage (none given is a 400 `NO_VARIANT_ADJUSTMENTS_PASSED`).
   * @example await client.stores.bulkAdjustProductVariantsByFilter(filter, { actualPrice: { percentage: -10 }, rounding: 'CURRENCY_PRECISION' })
   */
  bulkAdjustProductVariantsByFilter:
    (context) =>
    (filter: Filter, adjustments: ProductV3VariantAdjustments): Promise<ProductsV3Job> =>
      send(context, 'POST', `${bulk}/adjust-variants-by-filter`, { filter, ...adjustments }),
  /**
   * `GET /stores/v3/all-products-category`: the category every product is in.
   * @example const { categoryId } = await client.stores.getAllProductsCategory()
   */
  getAllProductsCategory: (context) => (): Promise<AllProductsCategory> =>
    send(context, 'GET', '/stores/v3/all-products-category'),
} satisfies ModuleDefinition;
