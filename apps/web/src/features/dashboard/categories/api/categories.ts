import type { Category, CategoryPosition } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { admin } from '../../shared/api/admin-client.ts';
import { categoriesKey } from '../../shared/api/catalogue.ts';
import { usePagedList } from '../../shared/paged-list.tsx';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

type Row = WithDates<Category>;
export type CategoryMove = { category: Row; position: CategoryPosition; after?: Row };

/** Categories in site order, a page at a time. */
export function useCategoriesPage(pageSize: number) {
  return usePagedList<Row>([...categoriesKey, 'list'], () =>
    admin.bookings.queryCategories().ascending('sortOrder').limit(pageSize).find(),
  );
}

/** Creates a category, or renames `category`. */
export function useSaveCategory(
  options: ActionOptions<unknown, { category: Row | undefined; name: string }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ category, name }) =>
      category
        ? admin.bookings.updateCategory(category.id, { name, revision: category.revision }, ['name'])
        : admin.bookings.createCategory({ name }),
    invalidates: [categoriesKey],
  });
}

export function useMoveCategory(options: ActionOptions<unknown, CategoryMove> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: ({ category, position, after }) =>
      admin.bookings.moveCategory(category.id, position, after?.id),
    invalidates: [categoriesKey],
  });
}

/** Deletes a category; its services stay, without one. */
export function useDeleteCategory(options: ActionOptions<unknown, Row> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (category) => admin.bookings.deleteCategory(category.id),
    invalidates: [categoriesKey, ['dashboard', 'services']],
  });
}
