import type { Resource, ResourceType } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { resourcesKey, resourceTypesKey } from '../../shared/api/catalogue.ts';
import { usePagedList } from '../../shared/paged-list.tsx';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

type TypeRow = WithDates<ResourceType>;
type ResourceRow = WithDates<Resource>;

// A type's change shows in the resource lists (their type names) and the other way round (the counts).
const everything = [resourceTypesKey, resourcesKey];

/** Resource types by name, a page at a time. */
export function useResourceTypesPage(pageSize: number) {
  return usePagedList<TypeRow>([...resourceTypesKey, 'list'], () =>
    admin.bookings.queryResourceTypes().ascending('name').limit(pageSize).find(),
  );
}

/** How many resources each of these types has. */
export function useResourceCounts(typeIds: string[]) {
  return useQuery({
    queryKey: [...resourcesKey, 'counts', typeIds],
    enabled: typeIds.length > 0,
    queryFn: async () =>
      new Map(
        await Promise.all(
          typeIds.map(
            async (id) => [id, await admin.bookings.countResources({ typeId: { $eq: id } })] as const,
          ),
        ),
      ),
  });
}

/** Resources by name, of one type or all, a page at a time. */
export function useResourcesPage(typeId: string | null, pageSize: number) {
  return usePagedList<ResourceRow>([...resourcesKey, 'list', typeId], () => {
    const query = admin.bookings.queryResources().ascending('name').limit(pageSize);
    return (typeId ? query.eq('typeId', typeId) : query).find();
  });
}

/** Creates a type, or renames `type`. */
export function useSaveResourceType(
  options: ActionOptions<unknown, { type: TypeRow | undefined; name: string }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ type, name }) =>
      type
        ? admin.bookings.updateResourceType(type.id, { name, revision: type.revision }, ['name'])
        : admin.bookings.createResourceType({ name }),
    invalidates: everything,
  });
}

/** Creates a resource, or renames `resource` and changes its type. */
export function useSaveResource(
  options: ActionOptions<unknown, { resource: ResourceRow | undefined; name: string; typeId: string }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ resource, name, typeId }) =>
      resource
        ? admin.bookings.updateResource(resource.id, { name, typeId, revision: resource.revision }, [
            'name',
            'typeId',
          ])
        : admin.bookings.createResource({ name, typeId }),
    invalidates: everything,
  });
}

/** Deletes a type; the server refuses while resources or services still use it. */
export function useDeleteResourceType(options: ActionOptions<unknown, TypeRow> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (type) => admin.bookings.deleteResourceType(type.id),
    invalidates: everything,
  });
}

export function useDeleteResource(options: ActionOptions<unknown, ResourceRow> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (resource) => admin.bookings.deleteResource(resource.id),
    invalidates: everything,
  });
}
