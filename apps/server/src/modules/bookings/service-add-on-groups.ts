import { randomUUID } from 'node:crypto';
import type { AddOnGroup, Service } from '@atrium/contract/bookings/services';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { invalidField, notFound } from '../../platform/errors/app-error.ts';
import { applyUpdate } from './catalogue-shared.ts';
import type { ServiceRow } from './catalogue.tables.ts';
import { rowToState, type ServiceState } from './service-rules.ts';
import type { ServicesRepository } from './services.repository.ts';

/**
 * A service's add-on groups (kept in the service's `addOnGroups`): each change locks the service, edits
 * its groups and saves the service through the same rules as any other update.
 */
export function createServiceAddOnGroups(deps: {
  database: Database;
  services: ServicesRepository;
  persist: (ctx: RequestContext, current: ServiceRow, next: ServiceState, tx: Tx) => Promise<Service>;
  requireService: (ctx: RequestContext, id: string) => Promise<ServiceRow>;
}) {
  const { database, services, persist } = deps;

  /** Locks the service, hands its groups to `change`, and saves the groups it returns. */
  function changeGroups<T>(
    ctx: RequestContext,
    serviceId: string,
    change: (groups: AddOnGroup[]) => { groups: AddOnGroup[]; result: T },
  ): Promise<T> {
    return database.transaction(async (tx) => {
      const current = await services.lockForUpdate(ctx.site.id, serviceId, tx);
      if (!current) throw notFound('Service', serviceId);
      const state = rowToState(current);
      const { groups, result } = change((state.addOnGroups as AddOnGroup[] | undefined) ?? []);
      await persist(ctx, current, { ...state, addOnGroups: groups }, tx);
      return result;
    });
  }

  function findGroup(groups: AddOnGroup[], groupId: string): AddOnGroup {
    const existing = groups.find((item) => item.id === groupId);
    if (!existing) throw notFound('Add-on group', groupId);
    return existing;
  }

  return {
    createAddOnGroup(ctx: RequestContext, serviceId: string, group: AddOnGroup) {
      return changeGroups(ctx, serviceId, (groups) => {
        if (!group.name) throw invalidField('addOnGroup.name', 'is required', 'REQUIRED_FIELD');
        const created = { ...group, id: randomUUID(), addOnIds: group.addOnIds ?? [] };
        return { groups: [...groups, created], result: created };
      });
    },

    updateAddOnGroup(
      ctx: RequestContext,
      serviceId: string,
      group: AddOnGroup & { id: string },
      mask: string[] | undefined,
    ) {
      return changeGroups(ctx, serviceId, (groups) => {
        const existing = findGroup(groups, group.id);
        const next = applyUpdate(existing as ServiceState, group as ServiceState, mask, {
          updatable: ['name', 'maxNumberOfAddOns', 'addOnIds', 'prompt'],
          maskField: 'mask',
        }) as AddOnGroup;
        next.id = group.id;
        return { groups: groups.map((item) => (item.id === group.id ? next : item)), result: next };
      });
    },

    async deleteAddOnGroup(ctx: RequestContext, serviceId: string, groupId: string): Promise<void> {
      await changeGroups(ctx, serviceId, (groups) => {
        findGroup(groups, groupId);
        return { groups: groups.filter((item) => item.id !== groupId), result: undefined };
      });
    },

    setAddOnsForGroup(ctx: RequestContext, serviceId: string, groupId: string, addOnIds: string[]) {
      return changeGroups(ctx, serviceId, (groups) => {
        const next = { ...findGroup(groups, groupId), addOnIds: [...new Set(addOnIds)] };
        return { groups: groups.map((item) => (item.id === groupId ? next : item)), result: next };
      });
    },

    async listAddOnGroups(ctx: RequestContext, serviceId: string, groupIds: string[] | null | undefined) {
      const row = await deps.requireService(ctx, serviceId);
      const doc = row.doc as {
        addOnGroups?: AddOnGroup[];
        addOnDetails?: Array<{ addOnId?: string | null; durationInMinutes?: number | null }>;
      };
      const durations = new Map(
        (doc.addOnDetails ?? []).map((detail) => [detail.addOnId, detail.durationInMinutes ?? null]),
      );
      return (doc.addOnGroups ?? [])
        .filter((group) => !groupIds?.length || groupIds.includes(group.id!))
        .map((group) => ({
          groupId: group.id!,
          groupName: group.name ?? null,
          maxNumberOfAddOns: group.maxNumberOfAddOns ?? null,
          prompt: group.prompt ?? null,
          addOns: (group.addOnIds ?? []).map((addOnId) => ({
            addOnId,
            durationInMinutes: durations.get(addOnId) ?? null,
          })),
        }));
    },
  };
}
