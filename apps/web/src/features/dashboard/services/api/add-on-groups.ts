import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { servicesKey } from './services.ts';

type Group = Parameters<typeof admin.bookings.createAddOnGroup>[1];

const groupsKey = (serviceId: string) => ['dashboard', 'add-on-groups', serviceId] as const;

export function useAddOnGroups(serviceId: string) {
  return useQuery({
    queryKey: groupsKey(serviceId),
    queryFn: () => admin.bookings.listAddOnGroupsByServiceId(serviceId),
  });
}

/** Creates a group, or saves the one with `id`. */
export function useSaveAddOnGroup(
  serviceId: string,
  options: ActionOptions<unknown, { id: string | undefined; group: Group }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ id, group }) =>
      id
        ? admin.bookings.updateAddOnGroup(serviceId, { ...group, id })
        : admin.bookings.createAddOnGroup(serviceId, group),
    invalidates: [groupsKey(serviceId), servicesKey],
  });
}

export function useDeleteAddOnGroup(serviceId: string, options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (id) => admin.bookings.deleteAddOnGroup(serviceId, id),
    invalidates: [groupsKey(serviceId), servicesKey],
  });
}
