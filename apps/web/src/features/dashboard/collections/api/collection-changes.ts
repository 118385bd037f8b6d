import type { DataItem } from '@atrium/sdk/modules/data';
import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';
import {
  collectionKey,
  collectionsKey,
  itemsKey,
  type Collection,
  type ItemsPage,
} from './collections-queries.ts';
import { data } from './data-client.ts';

// The data SDK's own wording for a lost connection says nothing to an owner (lib/data-errors.ts).
const dataFailure = { message: dataErrorMessage };

type NewCollection = Parameters<typeof data.collections.createDataCollection>[0];
type Schema = Parameters<typeof data.collections.updateDataCollection>[0];
type RemoveResult = Awaited<ReturnType<typeof data.items.bulkRemove>>;

export function useCreateCollection(options: ActionOptions<Collection, NewCollection> = {}) {
  return useActionMutation({
    failure: dataFailure,
    ...options,
    mutationFn: async (collection) => (await data.collections.createDataCollection(collection)) as Collection,
    invalidates: [collectionsKey],
  });
}

/** Deletes a collection and its items. */
export function useDeleteCollection(options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    failure: dataFailure,
    ...options,
    mutationFn: (id) => data.collections.deleteDataCollection(id),
    invalidates: [collectionsKey],
  });
}

/** Saves fields, display and permissions at the collection's revision; a stale copy fails. */
export function useSaveSchema(collectionId: string, options: ActionOptions<unknown, Schema> = {}) {
  const queryClient = useQueryClient();
  return useActionMutation({
    failure: dataFailure,
    ...options,
    mutationFn: (schema) => data.collections.updateDataCollection(schema),
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(collectionKey(collectionId), saved);
      return options.onSuccess?.(saved, ...rest);
    },
    invalidates: [collectionsKey, itemsKey(collectionId)],
  });
}

/** Adds an item, or replaces the whole of the item `id`. */
export function useSaveItem(
  collectionId: string,
  options: ActionOptions<unknown, { item: Record<string, unknown>; id: string | undefined }> = {},
) {
  return useActionMutation({
    failure: dataFailure,
    ...options,
    mutationFn: ({ item, id }) =>
      id ? data.items.update(collectionId, { ...item, _id: id }) : data.items.insert(collectionId, item),
    invalidates: [itemsKey(collectionId), collectionsKey],
  });
}

export interface CellEdit {
  itemId: string;
  key: string;
  value: unknown;
}

/**
 * Changes one field of one item. Optimistic: the cell on `pageKey` shows the new value at once and goes
 * back if the server refuses it.
 */
export function useEditCell(
  collectionId: string,
  pageKey: readonly unknown[],
  options: ActionOptions<DataItem, CellEdit, { previous: ItemsPage | undefined }> = {},
) {
  const queryClient = useQueryClient();
  return useActionMutation({
    failure: dataFailure,
    ...options,
    mutationFn: ({ itemId, key, value }) => {
      const patch = data.items.patch(collectionId, itemId);
      return (value === undefined ? patch.removeField(key) : patch.setField(key, value)).run();
    },
    onMutate: async ({ itemId, key, value }) => {
      await queryClient.cancelQueries({ queryKey: pageKey });
      const previous = queryClient.getQueryData<ItemsPage>(pageKey);
      queryClient.setQueryData<ItemsPage>(
        pageKey,
        (current) =>
          current && {
            ...current,
            items: current.items.map((item) => (item._id === itemId ? { ...item, [key]: value } : item)),
          },
      );
      return { previous };
    },
    onError: (error, edit, context, ...rest) => {
      if (context?.previous) queryClient.setQueryData(pageKey, context.previous);
      return options.onError?.(error, edit, context, ...rest);
    },
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData<ItemsPage>(
        pageKey,
        (current) =>
          current && {
            ...current,
            items: current.items.map((item) => (item._id === saved._id ? saved : item)),
          },
      );
      return options.onSuccess?.(saved, ...rest);
    },
  });
}

/** Deletes items by id; the answer lists the ones the server refused. */
export function useRemoveItems(collectionId: string, options: ActionOptions<RemoveResult, string[]> = {}) {
  return useActionMutation({
    failure: dataFailure,
    ...options,
    mutationFn: (ids) => data.items.bulkRemove(collectionId, ids),
    invalidates: [itemsKey(collectionId), collectionsKey],
  });
}

/** Reads the collection's items and counts again (after an import finished). */
export function useRefreshItems(collectionId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: itemsKey(collectionId) });
    void queryClient.invalidateQueries({ queryKey: collectionsKey });
  };
}
