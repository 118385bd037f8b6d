import type {
  ProductInput,
  ProductV1,
  StoresVariant,
  bulkAdjustProductsRequestSchema,
  bulkProductsResponseSchema,
  bulkUpdateProductsRequestSchema,
  choicesMediaRequestSchema,
  createProductRequestSchema,
  mediaInputSchema,
  productOptionsAvailabilityResponseSchema,
  queryProductVariantsRequestSchema,
  queryProductVariantsResponseSchema,
  queryProductsResponseSchema,
  queryStoreVariantsResponseSchema,
  storeVariantSchema,
  variantOverrideSchema,
} from '@atrium/contract/stores/products-v1';
import type { z } from 'zod';
import { defineModule, type ClientContext, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import type { QueryBuilder } from '../../query.ts';
import { call, postedQuery, segment, send, toPage } from '../bookings/shared.ts';

export type { ProductInput, StoresVariant };
/** A catalog v1 product as the SDK hands it over (`createdDate` is a `Date`). */
export type Product = WithDates<ProductV1>;
/** What creating a product needs: a name and a price, and anything a product may set. */
export type NewProduct = z.input<typeof createProductRequestSchema>['product'];
/** One variant change: the variants it names (by choices or ids) and what to set on them. */
export type VariantOverride = z.input<typeof variantOverrideSchema>;
export type ProductMediaInput = z.input<typeof mediaInputSchema>;
export type ProductOptionsAvailability = z.infer<typeof productOptionsAvailabilityResponseSchema>;
export type ProductVariantsQuery = z.input<typeof queryProductVariantsRequestSchema>;
export type ProductVariantsPage = z.infer<typeof queryProductVariantsResponseSchema>;
/** A variant of the whole store (`<productId>-<variantId>`), with its product's name and its stock. */
export type StoreVariant = z.infer<typeof storeVariantSchema>;
export type BulkProductsSet = z.input<typeof bulkUpdateProductsRequestSchema>['set'];
export type BulkProductsAdjust = z.input<typeof bulkAdjustProductsRequestSchema>['adjust'];
export type BulkProductsResult = z.infer<typeof bulkProductsResponseSchema>;
/** Media of the product shown for one choice: `{ option: 'Colour', choice: 'Red', mediaIds: [...] }`. */
export type ChoiceMediaAssignment = NonNullable<z.input<typeof choicesMediaRequestSchema>['media']>[number];

/** What `queryProducts` asks for beyond the query itself. */
export interface QueryProductsOptions {
  /** Every product's variants too (lists leave them out otherwise). */
  includeVariants?: boolean;
  /** Hidden products too (the business only). */
  includeHiddenProducts?: boolean;
  /** Cost and profit (the business only). */
  includeMerchantSpecificData?: boolean;
}

const base = '/stores/v1/products';
type One = { product: ProductV1 };

function queryProducts(context: ClientContext, options: QueryProductsOptions): QueryBuilder<Product> {
  return postedQuery<Product, z.infer<typeof queryProductsResponseSchema>>(
    context,
    `${base}/query-platformized`,
    (answer) => toPage(answer.products as Product[], answer.metadata),
    { body: { ...options } },
  );
}

function queryStoreVariants(context: ClientContext): QueryBuilder<StoreVariant> {
  return postedQuery<StoreVariant, z.infer<typeof queryStoreVariantsResponseSchema>>(
    context,
    '/stores/v1/variants/query',
    (answer) => toPage(answer.variants, answer.metadata),
  );
}

/** Catalog v1 products (`@wix/stores` products): the product, its options and variant matrix, media, bulk edits. */
export const productV1Calls = {
  /**
   * `POST /stores/v1/products`: the variants are the matrix of the options' choices.
   * @example const tee = await client.storesProducts.createProduct({ name: 'Tee', priceData: { price: 25 } })
   */
  createProduct: (context) => (product: NewProduct) =>
    call<One, 'product'>(context, 'POST', base, 'product', { product }),
  /**
   * `GET /stores/v1/products/{id}` with its variants; `includeMerchantSpecificData` adds cost and profit
   * for the business.
   * @example const product = await client.storesProducts.getProduct(id, { includeMerchantSpecificData: true })
   */
  getProduct:
    (context) =>
    async (productId: string, options: { includeMerchantSpecificData?: boolean } = {}) =>
      (
        await context.request<One>({
          method: 'GET',
          path: `${base}/${segment(productId)}`,
          query: options.includeMerchantSpecificData ? { includeMerchantSpecificData: true } : {},
        })
      ).product,
  /**
   * `PATCH /stores/v1/products/{id}`: sets the fields given; new options keep the variants of the
   * combinations that stay.
   * @example await client.storesProducts.updateProduct(id, { visible: false })
   */
  updateProduct: (context) => (productId: string, product: ProductInput) =>
    call<One, 'product'>(context, 'PATCH', `${base}/${segment(productId)}`, 'product', { product }),
  /** `DELETE /stores/v1/products/{id}`. */
  deleteProduct:
    (context) =>
    async (productId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(productId)}`);
    },
  /**
   * `POST /stores/v1/products/query-platformized` (offset paging; `totalCount` is the matching total).
   * Filters: `name`, `slug`, `visible`, `price`, `collectionIds` (`$hasSome`), `brandId`, `ribbonId`...
   * @example const { items } = await client.storesProducts.queryProducts().hasSome('collectionIds', [id]).ascending('price').find()
   */
  queryProducts:
    (context) =>
    (options: QueryProductsOptions = {}) =>
      queryProducts(context, options),
  /**
   * `POST /stores/v1/products/{id}/productOptionsAvailability`: the variant a choice (of some or all
   * options, by name) selects and whether it can be bought.
   * @example const { selectedVariant } = await client.storesProducts.productOptionsAvailability(id, { Size: 'M' })
   */
  productOptionsAvailability:
    (context) =>
    (productId: string, options: Record<string, string>): Promise<ProductOptionsAvailability> =>
      send(context, 'POST', `${base}/${segment(productId)}/productOptionsAvailability`, { options }),
  /**
   * `POST /stores/v1/variants/query`: the variants of every product (offset paging). Filters: `productId`,
   * `variantId`, `sku`, `visible`.
   * @example const { items } = await client.storesProducts.queryStoreVariants().contains('sku', 'MUG').find()
   */
  queryStoreVariants: (context) => () => queryStoreVariants(context),
  /** `POST /stores/v1/products/{id}/variants/query`: some variants, by choices or ids. */
  queryProductVariants:
    (context) =>
    (productId: string, request: ProductVariantsQuery = {}): Promise<ProductVariantsPage> =>
      send(context, 'POST', `${base}/${segment(productId)}/variants/query`, request),
  /**
   * `PATCH /stores/v1/products/{id}/variants`: price, cost, weight, SKU or visibility of the variants each
   * entry names; answers every variant of the product.
   * @example await client.storesProducts.updateProductVariants(id, [{ choices: { Size: 'M' }, price: 30 }])
   */
  updateProductVariants:
    (context) =>
    async (productId: string, variants: VariantOverride[]): Promise<StoresVariant[]> =>
      (
        await send<{ variants: StoresVariant[] }>(
          context,
          'PATCH',
          `${base}/${segment(productId)}/variants`,
          {
            variants,
          },
        )
      ).variants,
  /** `POST /stores/v1/products/{id}/variants/resetToDefault`: every variant back to the product's data. */
  resetAllProductVariantData:
    (context) =>
    async (productId: string): Promise<void> => {
      await send(context, 'POST', `${base}/${segment(productId)}/variants/resetToDefault`);
    },
  /** `DELETE /stores/v1/products/{id}/options`: one default variant remains. */
  deleteProductOptions:
    (context) =>
    async (productId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(productId)}/options`);
    },
  /** `POST /stores/v1/products/{id}/remove-brand`. */
  removeProductBrand:
    (context) =>
    async (productId: string): Promise<void> => {
      await send(context, 'POST', `${base}/${segment(productId)}/remove-brand`);
    },
  /** `POST /stores/v1/products/{id}/remove-ribbon`. */
  removeProductRibbon:
    (context) =>
    async (productId: string): Promise<void> => {
      await send(context, 'POST', `${base}/${segment(productId)}/remove-ribbon`);
    },
  /**
   * `POST /stores/v1/products/{id}/media`: images by URL (or a media id), optionally shown for a choice.
   * @example await client.storesProducts.addProductMedia(id, [{ url: 'https://example.com/tee.jpg' }])
   */
  addProductMedia:
    (context) =>
    async (productId: string, media: ProductMediaInput[]): Promise<void> => {
      await send(context, 'POST', `${base}/${segment(productId)}/media`, { media });
    },
  /** `POST /stores/v1/products/{id}/media/delete`: these media items, or all of them when none are named. */
  removeProductMedia:
    (context) =>
    async (productId: string, mediaIds?: string[]): Promise<void> => {
      await send(context, 'POST', `${base}/${segment(productId)}/media/delete`, mediaIds ? { mediaIds } : {});
    },
  /**
   * `PATCH /stores/v1/products/{id}/choices/media`: shows media already on the product when a choice is
   * picked (option and choice by name); a media id not on the product is a 400.
   * @example await client.storesProducts.addProductMediaToChoices(id, [{ option: 'Colour', choice: 'Red', mediaIds: [photoId] }])
   */
  addProductMediaToChoices:
    (context) =>
    async (productId: string, media: ChoiceMediaAssignment[]): Promise<void> => {
      await send(context, 'PATCH', `${base}/${segment(productId)}/choices/media`, { media });
    },
  /**
   * `POST /stores/v1/products/{id}/choices/media/delete`: unlinks the media named from each choice (all of
   * a choice's media when it names none; every choice's when the list is empty). The photos stay on the
   * product.
   * @example await client.storesProducts.removeProductMediaFromChoices(id, [{ option: 'Colour', choice: 'Red', mediaIds: [photoId] }])
   */
  removeProductMediaFromChoices:
    (context) =>
    async (productId: string, media: ChoiceMediaAssignment[] = []): Promise<void> => {
      await send(context, 'POST', `${base}/${segment(productId)}/choices/media/delete`, { media });
    },
  /**
   * `POST /stores/v1/bulk/products/update`: sets price, cost, weight, ribbon, brand or (Atrium's)
   * visibility of up to 100 products; each product succeeds or fails on its own.
   * @example await client.storesProducts.bulkUpdateProductsProperty([a, b], { visible: false })
   */
  bulkUpdateProductsProperty:
    (context) =>
    (ids: string[], set: BulkProductsSet): Promise<BulkProductsResult> =>
      send(context, 'POST', '/stores/v1/bulk/products/update', { ids, set }),
  /**
   * `POST /stores/v1/bulk/products/adjust-properties`: price, cost or weight changed by an amount or a
   * percentage, exactly.
   * @example await client.storesProducts.bulkAdjustProductProperty([a], { price: { percentage: { rate: -10 } } })
   */
  bulkAdjustProductProperty:
    (context) =>
    (ids: string[], adjust: BulkProductsAdjust): Promise<BulkProductsResult> =>
      send(context, 'POST', '/stores/v1/bulk/products/adjust-properties', { ids, adjust }),
} satisfies ModuleDefinition;

/** Catalog v1 products as a module of its own. */
export const storesProducts = defineModule(productV1Calls);
