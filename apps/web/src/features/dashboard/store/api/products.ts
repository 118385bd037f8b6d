import type {
  ChoiceMediaAssignment,
  NewProduct,
  Product,
  ProductInput,
  ProductMediaInput,
} from '@atrium/sdk/modules/stores';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { lowStockThreshold } from '../lib/format.ts';
import { productsKey, storeKey } from './keys.ts';
import { store } from './store-client.ts';

export type StockFilter = 'all' | 'inStock' | 'partial' | 'outOfStock' | 'lowStock';
export type VisibilityFilter = 'all' | 'visible' | 'hidden';

export interface ProductFilters {
  search: string;
  collectionId: string | null;
  stock: StockFilter;
  visibility: VisibilityFilter;
}

export const productsPageSize = 25;

const statusOf: Record<'inStock' | 'partial' | 'outOfStock', Product['stock']['inventoryStatus']> = {
  inStock: 'IN_STOCK',
  partial: 'PARTIALLY_OUT_OF_STOCK',
  outOfStock: 'OUT_OF_STOCK',
};

/** The products query of the filters; stock is filtered by the server (`stock.*` filter fields). */
function productsQuery({ search, collectionId, stock, visibility }: ProductFilters) {
  let query = store.products.queryProducts({ includeHiddenProducts: true }).descending('createdDate');
  if (search.trim()) query = query.contains('name', search.trim());
  if (collectionId) query = query.hasSome('collectionIds', [collectionId]);
  if (visibility !== 'all') query = query.eq('visible', visibility === 'visible');
  if (stock === 'lowStock') query = query.le('stock.lowestVariantQuantity', lowStockThreshold);
  else if (stock !== 'all') query = query.eq('stock.inventoryStatus', statusOf[stock]);
  return query;
}

/** One page of the store's products, hidden ones included. */
export function useProductsList(filters: ProductFilters, page: number) {
  return useQuery({
    queryKey: [...productsKey, 'list', filters, page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const result = await productsQuery(filters)
        .skip(page * productsPageSize)
        .limit(productsPageSize)
        .find();
      return { items: result.items, total: result.totalCount ?? result.items.length };
    },
  });
}

/** Products by name, for pickers (a collection's products). */
export function useProductChoices(search: string) {
  return useQuery({
    queryKey: [...productsKey, 'choices', search],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      let query = store.products.queryProducts({ includeHiddenProducts: true }).ascending('name').limit(50);
      if (search.trim()) query = query.contains('name', search.trim());
      return (await query.find()).items;
    },
  });
}

/** One product with its variants, cost and profit. */
export function useProduct(productId: string) {
  return useQuery({
    queryKey: [...productsKey, 'one', productId],
    queryFn: () => store.products.getProduct(productId, { includeMerchantSpecificData: true }),
    retry: false,
  });
}

export function useCreateProduct(options: ActionOptions<Product, NewProduct> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (product) => store.products.createProduct(product),
    invalidates: [storeKey],
  });
}

export function useUpdateProduct(
  options: ActionOptions<Product, { productId: string; input: ProductInput }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ productId, input }) => store.products.updateProduct(productId, input),
    invalidates: [storeKey],
  });
}

export function useDeleteProduct(options: ActionOptions<void, Product> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (product) => store.products.deleteProduct(product.id),
    invalidates: [storeKey],
  });
}

/** How a bulk change went: the products it changed and those it could not. */
export interface BulkOutcome {
  succeeded: number;
  failed: number;
}

export type BulkChange =
  | { kind: 'price'; ids: string[]; price: number }
  | { kind: 'adjust'; ids: string[]; percent: number }
  | { kind: 'visibility'; ids: string[]; visible: boolean };

async function bulk(change: BulkChange): Promise<BulkOutcome> {
  const answer =
    change.kind === 'price'
      ? await store.products.bulkUpdateProductsProperty(change.ids, { price: change.price })
      : change.kind === 'visibility'
        ? await store.products.bulkUpdateProductsProperty(change.ids, { visible: change.visible })
        : await store.products.bulkAdjustProductProperty(change.ids, {
            price: { percentage: { rate: change.percent } },
          });
  return {
    succeeded: answer.bulkActionMetadata.totalSuccesses,
    failed: answer.bulkActionMetadata.totalFailures,
  };
}

/** Sets or adjusts the price of the selected products, or shows or hides them. */
export function useBulkProducts(options: ActionOptions<BulkOutcome, BulkChange> = {}) {
  return useActionMutation({ ...options, mutationFn: bulk, invalidates: [storeKey] });
}

export function useAddMedia(
  options: ActionOptions<void, { productId: string; media: ProductMediaInput[] }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ productId, media }) => store.products.addProductMedia(productId, media),
    invalidates: [storeKey],
  });
}

export function useRemoveMedia(options: ActionOptions<void, { productId: string; mediaId: string }> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: ({ productId, mediaId }) => store.products.removeProductMedia(productId, [mediaId]),
    invalidates: [storeKey],
  });
}

/** Shows photos already on the product for one choice (`add`), or stops showing them. */
export function useChoiceMedia(
  options: ActionOptions<void, { productId: string; assignment: ChoiceMediaAssignment; add: boolean }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ productId, assignment, add }) =>
      add
        ? store.products.addProductMediaToChoices(productId, [assignment])
        : store.products.removeProductMediaFromChoices(productId, [assignment]),
    invalidates: [storeKey],
  });
}
