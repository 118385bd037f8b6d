import type { DataField } from '@atrium/contract/data';
import type { DataPluginType } from '@atrium/contract/data-schema-changes';
import { useQueryClient } from '@tanstack/react-query';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';
import { collectionKey, collectionsKey, itemsKey, type Collection } from './collections-queries.ts';
import { data } from './data-client.ts';

// Every schema call answers the whole collection: the screen takes it as the new copy at once.
function useSchemaChange<TVariables>(
  collectionId: string,
  call: (variables: TVariables) => Promise<unknown>,
  options: ActionOptions<Collection, TVariables>,
) {
  const queryClient = useQueryClient();
  return useActionMutation<Collection, TVariables>({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: async (variables) => (await call(variables)) as Collection,
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(collectionKey(collectionId), saved);
      return options.onSuccess?.(saved, ...rest);
    },
    invalidates: [collectionsKey, itemsKey(collectionId)],
  });
}

/** Adds one field to the schema (refused when the key exists: FIELD_ALREADY_EXISTS). */
export function useCreateField(collectionId: string, options: ActionOptions<Collection, DataField> = {}) {
  return useSchemaChange(
    collectionId,
    (field: DataField) => data.collectionSchema.createField(collectionId, field),
    options,
  );
}

/** Changes the name people see of one field; its key and type stay. */
export function useRenameField(
  collectionId: string,
  options: ActionOptions<Collection, { key: string; displayName: string }> = {},
) {
  return useSchemaChange(
    collectionId,
    ({ key, displayName }: { key: string; displayName: string }) =>
      data.collectionSchema.patchField(collectionId, { key, displayName }),
    options,
  );
}

/** Removes one field from the schema; items keep their values under its key. */
export function useDeleteField(collectionId: string, options: ActionOptions<Collection, string> = {}) {
  return useSchemaChange(
    collectionId,
    (fieldKey: string) => data.collectionSchema.deleteField(collectionId, fieldKey),
    options,
  );
}

/** Turns the publish plugin on, with the status new items start with. */
export function useAddPublishPlugin(
  collectionId: string,
  options: ActionOptions<Collection, 'PUBLISHED' | 'DRAFT'> = {},
) {
  return useSchemaChange(
    collectionId,
    (defaultStatus: 'PUBLISHED' | 'DRAFT') =>
      data.collectionSchema.addPlugin(collectionId, { type: 'PUBLISH', publishOptions: { defaultStatus } }),
    options,
  );
}

/** Turns a plugin off (PUBLISH: every item is visible again). */
export function useDeletePlugin(
  collectionId: string,
  options: ActionOptions<Collection, DataPluginType> = {},
) {
  return useSchemaChange(
    collectionId,
    (pluginType: DataPluginType) => data.collectionSchema.deletePlugin(collectionId, pluginType),
    options,
  );
}
