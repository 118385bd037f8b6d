import type {
  Brand,
  BrandInput,
  brandRequestedFields,
  bulkBrandsResponseSchema,
  bulkDeleteBrandsResponseSchema,
} from '@atrium/contract/stores/brands';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { call, segment, send } from '../bookings/shared.ts';
import { fieldsQuery, v3Count, v3Query, type BulkOptions, type FieldsOption } from './v3-shared.ts';

export type { Brand, BrandInput };
export type BrandField = (typeof brandRequestedFields)[number];
export type BulkBrandsResult = WithDates<z.infer<typeof bulkBrandsResponseSchema>>;
export type BulkDeleteBrandsResult = z.infer<typeof bulkDeleteBrandsResponseSchema>;

const brands = '/stores/v3/brands';
const bulk = '/stores/v3/bulk/brands';
type One = { brand: Brand };

/** Catalog v3 brands: a name unique per site that products carry. */
export const brandCalls = {
  /**
   * `POST /stores/v3/brands`; a name the site already has is a 409 `BRAND_NAME_ALREADY_EXISTS`.
   * @example const brand = await client.stores.createBrand({ name: 'Acme' })
   */
  createBrand: (context) => (brand: BrandInput) =>
    call<One, 'brand'>(context, 'POST', brands, 'brand', { brand }),
  /** `GET /stores/v3/brands/{id}`; `fields: ['ASSIGNED_PRODUCTS_COUNT']` adds how many products carry it. */
  getBrand:
    (context) =>
    async (brandId: string, options: FieldsOption<BrandField> = {}) =>
      (
        await context.request<One>({
          method: 'GET',
          path: `${brands}/${segment(brandId)}`,
          query: fieldsQuery(options.fields),
        })
      ).brand,
  /**
   * `PATCH /stores/v3/brands/{id}`: send the revision the change is based on (a stale one is a 409).
   * @example await client.stores.updateBrand(brand.id, { name: 'Acme Co', revision: brand.revision })
   */
  updateBrand:
    (context) =>
    (brandId: string, brand: BrandInput, options: FieldsOption<BrandField> & { fieldMask?: string[] } = {}) =>
      call<One, 'brand'>(context, 'PATCH', `${brands}/${segment(brandId)}`, 'brand', { brand, ...options }),
  /** `DELETE /stores/v3/brands/{id}`: products that carried it no longer do. */
  deleteBrand:
    (context) =>
    async (brandId: string): Promise<void> => {
      await send(context, 'DELETE', `${brands}/${segment(brandId)}`);
    },
  /**
   * `GET /stores/v3/brands/query` (`.r`, cursor paging), as the official client sends it.
   * @example const { items } = await client.stores.queryBrands().startsWith('name', 'A').ascending('name').find();
   */
  queryBrands:
    (context) =>
    (options: FieldsOption<BrandField> = {}) =>
      v3Query<Brand>(context, {
        path: `${brands}/query`,
        key: 'brands',
        method: 'GET',
        fields: options.fields,
      }),
  /** `POST /stores/v3/brands/count`. */
  countBrands: (context) => (filter?: Filter) => v3Count(context, `${brands}/count`, filter),
  /** `POST /stores/v3/brands/get-or-create`: the brand of this name, created when there is none. */
  getOrCreateBrand:
    (context) =>
    (brandName: string, options: FieldsOption<BrandField> = {}) =>
      call<One, 'brand'>(context, 'POST', `${brands}/get-or-create`, 'brand', { brandName, ...options }),
  /** `POST /stores/v3/bulk/brands/create`: each brand on its own (a taken name fails alone). */
  bulkCreateBrands:
    (context) =>
    (items: BrandInput[], options: BulkOptions = {}): Promise<BulkBrandsResult> =>
      send(context, 'POST', `${bulk}/create`, { brands: items, ...options }),
  /** `POST /stores/v3/bulk/brands/update`: each `{brand: {id, revision, ...}, fieldMask?}`. */
  bulkUpdateBrands:
    (context) =>
    (
      items: Array<{ brand: BrandInput & { id: string }; fieldMask?: string[] }>,
      options: BulkOptions & FieldsOption<BrandField> = {},
    ): Promise<BulkBrandsResult> =>
      send(context, 'POST', `${bulk}/update`, { brands: items, ...options }),
  /** `POST /stores/v3/bulk/brands/get-or-create`: the brands of these names, creating the missing ones. */
  bulkGetOrCreateBrands:
    (context) =>
    (brandNames: string[], options: FieldsOption<BrandField> = {}): Promise<BulkBrandsResult> =>
      send(context, 'POST', `${bulk}/get-or-create`, { brandNames, ...options }),
  /** `POST /stores/v3/bulk/brands/delete`. */
  bulkDeleteBrands:
    (context) =>
    (brandIds: string[]): Promise<BulkDeleteBrandsResult> =>
      send(context, 'POST', `${bulk}/delete`, { brandIds }),
} satisfies ModuleDefinition;
