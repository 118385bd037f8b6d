import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { servicesKey } from './services.ts';

type Group = Parameters<typeof admin.bookings.createAddOnGroup>[1];

const groupsKey = (serviceId: string) => ['dashboard', 'add-on-groups', serviceId] as const;
const addOnsKey = ['dashboard', 'add-ons'] as const;

/** The site's add-ons, by name (every page; a site has a handful), which groups name by id. */
async function allAddOns() {
  let page = await admin.bookings.queryAddOns().ascending('name').limit(100).find();
  const found = [...page.items];
  for (let pages = 1; page.hasNext() && pages < 20; pages++) {
    page = await page.next();
    found.push(...page.items);
  }
  return found;
}

export function useAddOnGroups(serviceId: string) {
  return useQuery({
    queryKey: groupsKey(serviceId),
    queryFn: () => admin.bookings.listAddOnGroupsByServiceId(serviceId),
  });
}

/** Add-on names by id, so a group shows the names the owner typed. */
export function useAddOnNames() {
  return useQuery({
    queryKey: addOnsKey,
    queryFn: async () => new Map((await allAddOns()).map((addOn) => [addOn.id, addOn.name])),
  });
}

/**
 * The ids of the add-ons with these names, creating the missing ones (free, one per booking): the
 * server's groups name only add-ons that exist.
 */
async function addOnIdsOf(names: readonly string[]): Promise<string[]> {
  const existing = new Map((await allAddOns()).map((addOn) => [addOn.name.toLowerCase(), addOn.id]));
  const ids: string[] = [];
  for (const name of names) {
    let id = existing.get(name.toLowerCase());
    if (!id) {
      id = (await admin.bookings.createAddOn({ name, price: { value: '0' }, maxQuantity: 1 })).id;
      existing.set(name.toLowerCase(), id);
    }
    ids.push(id);
  }
  return ids;
}

/** Creates a group, or saves the one with `id`; `addOnNames` become add-on ids (new ones are created). */
export function useSaveAddOnGroup(
  serviceId: string,
  options: ActionOptions<unknown, { id: string | undefined; group: Group; addOnNames: string[] }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: async ({ id, group, addOnNames }) => {
      const withIds = { ...group, addOnIds: await addOnIdsOf(addOnNames) };
      return id
        ? admin.bookings.updateAddOnGroup(serviceId, { ...withIds, id })
        : admin.bookings.createAddOnGroup(serviceId, withIds);
    },
    invalidates: [groupsKey(serviceId), servicesKey, addOnsKey],
  });
}

export function useDeleteAddOnGroup(serviceId: string, options: ActionOptions<unknown, string> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (id) => admin.bookings.deleteAddOnGroup(serviceId, id),
    invalidates: [groupsKey(serviceId), servicesKey],
  });
}
