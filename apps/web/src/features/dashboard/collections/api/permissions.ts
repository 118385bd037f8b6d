import type { SpecialPermissions } from '@atrium/contract/data-permissions-v1';
import type { CollectionPermissions } from '@atrium/sdk/modules/data';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';
import { collectionKey, collectionsKey } from './collections-queries.ts';
import { data } from './data-client.ts';

export type AccessLevel = CollectionPermissions['itemRead'];
export type LevelKey = 'itemRead' | 'itemInsert' | 'itemUpdate' | 'itemRemove';

export const permissionsKey = (collectionId: string) =>
  ['dashboard', 'data', 'permissions', collectionId] as const;

/** The collection's access levels per action and its rules (special permissions), from permissions v1. */
export function usePermissions(collectionId: string) {
  return useQuery({
    queryKey: permissionsKey(collectionId),
    queryFn: () => data.dataPermissions.getPermissions(collectionId),
  });
}

function useRefresh(collectionId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: permissionsKey(collectionId) });
    // The schema carries the same roles (the Schema tab and the list show them).
    void queryClient.invalidateQueries({ queryKey: collectionKey(collectionId) });
    void queryClient.invalidateQueries({ queryKey: collectionsKey });
  };
}

/** Sets who may do one action (the others are left as they are). */
export function useUpdateLevel(
  collectionId: string,
  options: ActionOptions<CollectionPermissions, { key: LevelKey; level: AccessLevel }> = {},
) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(collectionId);
  return useActionMutation({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: ({ key, level }) =>
      data.dataPermissions.updatePermissions({ id: collectionId, [key]: level }),
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(permissionsKey(collectionId), saved);
      refresh();
      return options.onSuccess?.(saved, ...rest);
    },
  });
}

export function useAddRule(collectionId: string, options: ActionOptions<unknown, SpecialPermissions> = {}) {
  const refresh = useRefresh(collectionId);
  return useActionMutation({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: (rule) => data.dataPermissions.addSpecialPermissions(collectionId, rule),
    onSuccess: (...args) => {
      refresh();
      return options.onSuccess?.(...args);
    },
  });
}

export function useRemoveRule(collectionId: string, options: ActionOptions<unknown, string> = {}) {
  const refresh = useRefresh(collectionId);
  return useActionMutation({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: (ruleId) => data.dataPermissions.removeSpecialPermissions(ruleId),
    onSuccess: (...args) => {
      refresh();
      return options.onSuccess?.(...args);
    },
  });
}
