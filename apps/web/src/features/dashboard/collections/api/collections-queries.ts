import type { DataCollection, DataField } from '@atrium/contract/data';
import type { WithDates } from '@atrium/sdk';
import type { DataItem } from '@atrium/sdk/modules/data';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyRules, type FilterRule } from '../lib/filter-rules.ts';
import { data } from './data-client.ts';

export type Collection = WithDates<DataCollection>;

export const collectionsKey = ['dashboard', 'data', 'collections'] as const;
export const collectionKey = (id: string) => ['dashboard', 'data', 'collection', id] as const;
export const itemsKey = (id: string) => ['dashboard', 'data', 'items', id] as const;

export interface CollectionSummary {
  collection: Collection;
  /** Items in the collection (`undefined` when counting failed). */
  itemCount: number | undefined;
}

/** Every collection with its item count, drafts included (one count call each: sites hold tens of collections, not thousands). */
export function useCollections() {
  return useQuery({
    queryKey: collectionsKey,
    queryFn: async (): Promise<CollectionSummary[]> => {
      const { collections } = await data.collections.listDataCollections({ paging: { limit: 1000 } });
      const counts = await Promise.all(
        collections.map((collection) =>
          data.items
            .query(collection.id)
            .count({ showDrafts: true })
            .catch(() => undefined),
        ),
      );
      return collections.map((collection, index) => ({
        collection: collection as Collection,
        itemCount: counts[index],
      }));
    },
  });
}

/** Every collection's id and name, for the reference pickers of the schema editor. */
export function useCollectionIds() {
  return useQuery({
    queryKey: ['dashboard', 'data', 'collection-ids'],
    queryFn: () => data.collections.listDataCollections({ paging: { limit: 1000 } }),
    staleTime: 30_000,
  });
}

export function useCollection(id: string) {
  return useQuery({
    queryKey: collectionKey(id),
    queryFn: () => data.collections.getDataCollection(id) as Promise<Collection>,
  });
}

/** Reads the collection again (after someone else changed it meanwhile). */
export function useReloadCollection(id: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: collectionKey(id) });
}

/** How many items the collection holds. */
export function useItemCount(id: string) {
  return useQuery({
    queryKey: [...itemsKey(id), 'count'],
    queryFn: () => data.items.query(id).count({ showDrafts: true }),
  });
}

export interface ItemsView {
  page: number;
  pageSize: number;
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  rules: FilterRule[];
}

export interface ItemsPage {
  items: DataItem[];
  totalCount: number;
}

export function itemsPageKey(id: string, view: ItemsView) {
  return [...itemsKey(id), view] as const;
}

/** One page of items, sorted and filtered on the server; drafts included (the dashboard shows every item). */
export function useItemsPage(id: string, fields: readonly DataField[], view: ItemsView) {
  return useQuery({
    queryKey: itemsPageKey(id, view),
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<ItemsPage> => {
      let query = applyRules(data.items.query(id), view.rules, fields);
      if (view.sort) {
        query =
          view.sort.order === 'ASC' ? query.ascending(view.sort.field) : query.descending(view.sort.field);
      }
      const result = await query
        .skip((view.page - 1) * view.pageSize)
        .limit(view.pageSize)
        .find({ returnTotalCount: true, showDrafts: true });
      return { items: result.items, totalCount: result.totalCount ?? result.items.length };
    },
  });
}

export interface ReferenceOption {
  value: string;
  label: string;
}

/** The items a REFERENCE field can point at, labelled by the target's display field. */
export function referenceOptionsQuery(collectionId: string | undefined) {
  return {
    queryKey: ['dashboard', 'data', 'reference-options', collectionId],
    enabled: Boolean(collectionId),
    staleTime: 30_000,
    queryFn: async (): Promise<ReferenceOption[]> => {
      const target = await data.collections.getDataCollection(collectionId!);
      const labelKey = target.displayField ?? '_id';
      const result = await data.items.query(collectionId!).limit(1000).find();
      return result.items.map((item) => {
        const label = item[labelKey];
        return { value: item._id, label: typeof label === 'string' && label ? label : item._id };
      });
    },
  };
}

export function useReferenceOptions(collectionId: string | undefined) {
  return useQuery(referenceOptionsQuery(collectionId));
}

/** Names of referenced items by id, per REFERENCE field, so cells show names instead of ids. */
export function useReferenceNames(fields: readonly DataField[]) {
  const referenceFields = fields.filter((field) => field.type === 'REFERENCE');
  const results = useQueries({
    queries: referenceFields.map((field) =>
      referenceOptionsQuery(field.typeMetadata?.reference?.referencedCollectionId),
    ),
  });
  const names = new Map<string, Map<string, string>>();
  referenceFields.forEach((field, index) => {
    names.set(field.key, new Map((results[index]?.data ?? []).map((option) => [option.value, option.label])));
  });
  return names;
}
