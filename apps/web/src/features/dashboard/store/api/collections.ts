import { allProductsCollectionId } from '@atrium/contract/stores/products-v1';
import type { NewStoresCollection, StoresCollection } from '@atrium/sdk/modules/stores';
import { useQuery } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { allPages } from './all-pages.ts';
import { collectionsKey, storeKey } from './keys.ts';
import { store } from './store-client.ts';

/** The store's own collections by name ("All products" is every product and cannot be changed). */
export function useStoreCollections() {
  return useQuery({
    queryKey: [...collectionsKey, 'all'],
    queryFn: async (): Promise<StoresCollection[]> => {
      const all = await allPages(store.collections.queryCollections().ascending('name'));
      return all.items.filter((collection) => collection.id !== allProductsCollectionId);
    },
  });
}

/** A collection's products (hidden ones too), by name. */
export function useCollectionProducts(collectionId: string | undefined) {
  return useQuery({
    queryKey: [...collectionsKey, 'products', collectionId],
    enabled: Boolean(collectionId),
    queryFn: async () =>
      (
        await allPages(
          store.products
            .queryProducts({ includeHiddenProducts: true })
            .hasSome('collectionIds', [collectionId!])
            .ascending('name'),
        )
      ).items,
  });
}

export function useCreateCollection(options: ActionOptions<StoresCollection, NewStoresCollection> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (collection) => store.collections.createCollection(collection),
    invalidates: [storeKey],
  });
}

export function useRenameCollection(
  options: ActionOptions<StoresCollection, { collectionId: string; name: string }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ collectionId, name }) => store.collections.updateCollection(collectionId, { name }),
    invalidates: [storeKey],
  });
}

export function useDeleteCollection(options: ActionOptions<void, StoresCollection> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (collection) => store.collections.deleteCollection(collection.id),
    invalidates: [storeKey],
  });
}

/** Adds products to a collection or takes them out (they stay in the store). */
export function useCollectionMembership(
  options: ActionOptions<void, { collectionId: string; productIds: string[]; add: boolean }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ collectionId, productIds, add }) =>
      add
        ? store.collections.addProductsToCollection(collectionId, productIds)
        : store.collections.removeProductsFromCollection(collectionId, productIds),
    invalidates: [storeKey],
  });
}
