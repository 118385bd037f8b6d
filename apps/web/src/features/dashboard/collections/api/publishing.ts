import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { dataErrorMessage } from '../lib/data-errors.ts';
import { publishPatch, type PublishChange } from '../lib/publish-state.ts';
import { collectionsKey, itemsKey } from './collections-queries.ts';
import { data } from './data-client.ts';

/**
 * Publishes, unpublishes or schedules one item by patching its publish fields (README "Drafts and
 * publishing": the status and the schedule live in the item and are read against the clock).
 */
export function usePublishChange(
  collectionId: string,
  options: ActionOptions<unknown, { itemId: string; change: PublishChange }> = {},
) {
  return useActionMutation({
    failure: { message: dataErrorMessage },
    ...options,
    mutationFn: ({ itemId, change }) => {
      let patch = data.items.patch(collectionId, itemId);
      for (const [field, value] of Object.entries(publishPatch(change)))
        patch = value === undefined ? patch.removeField(field) : patch.setField(field, value);
      return patch.run();
    },
    invalidates: [itemsKey(collectionId), collectionsKey],
  });
}
