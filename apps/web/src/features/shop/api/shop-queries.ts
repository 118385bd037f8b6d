import { allProductsCollectionId } from '@atrium/contract/stores/products-v1';
import type { Product, StoresCollection } from '@atrium/sdk/modules/stores';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Picks } from '../lib/variants.ts';
import { storesCollections, storesProducts } from './stores-api.ts';

export const shopSorts = ['newest', 'priceLow', 'priceHigh', 'name'] as const;
export type ShopSort = (typeof shopSorts)[number];

export interface ShopFilters {
  search: string;
  collectionId: string | null;
  sort: ShopSort;
}

const shopKeys = {
  all: ['stores', 'shop'] as const,
  products: (filters: ShopFilters) => ['stores', 'shop', 'products', filters] as const,
  product: (slug: string) => ['stores', 'shop', 'product', slug] as const,
  availability: (productId: string, picks: Picks) =>
    ['stores', 'shop', 'availability', productId, picks] as const,
  collections: ['stores', 'shop', 'collections'] as const,
};

/** A shop page holds this many products; the studio's shop fits on one. */
export const shopPageSize = 48;

function productsQuery({ search, collectionId, sort }: ShopFilters) {
  let query = storesProducts.queryProducts().limit(shopPageSize);
  const text = search.trim();
  if (text) query = query.contains('name', text);
  if (collectionId) query = query.hasSome('collectionIds', [collectionId]);
  switch (sort) {
    case 'priceLow':
      return query.ascending('price').ascending('name');
    case 'priceHigh':
      return query.descending('price').ascending('name');
    case 'name':
      return query.ascending('name');
    default:
      return query.descending('createdDate');
  }
}

/** The visible products matching the filters (the server leaves hidden ones out for shoppers). */
export function useShopProducts(filters: ShopFilters) {
  return useQuery({
    queryKey: shopKeys.products(filters),
    queryFn: async () => {
      const page = await productsQuery(filters).find();
      return { products: page.items, total: page.totalCount ?? page.items.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** The site's visible collections with products in them, by name ("All products" is the shop itself). */
export function useShopCollections() {
  return useQuery({
    queryKey: shopKeys.collections,
    queryFn: async (): Promise<StoresCollection[]> => {
      const page = await storesCollections.queryCollections().ascending('name').limit(100).find();
      return page.items.filter(
        (collection) =>
          collection.id !== allProductsCollectionId && collection.visible && collection.numberOfProducts > 0,
      );
    },
    staleTime: 5 * 60_000,
  });
}

export function productOptions(slug: string) {
  return queryOptions({
    queryKey: shopKeys.product(slug),
    queryFn: async (): Promise<Product | null> => {
      const page = await storesProducts
        .queryProducts({ includeVariants: true })
        .eq('slug', slug)
        .limit(1)
        .find();
      return page.items[0] ?? null;
    },
  });
}

/** One product by its web address, with every variant (price, choices, stock). `null`: no such product. */
export function useShopProduct(slug: string) {
  return useQuery(productOptions(slug));
}

/**
 * What the server says the picked choices select: the variant's price and stock at this moment. Asked
 * only once every option is picked.
 */
export function useOptionsAvailability(productId: string | undefined, picks: Picks, enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.availability(productId ?? '', picks),
    enabled: Boolean(productId) && enabled,
    queryFn: () => storesProducts.productOptionsAvailability(productId!, { ...picks }),
    staleTime: 10_000,
  });
}
