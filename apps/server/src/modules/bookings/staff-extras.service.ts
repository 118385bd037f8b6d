import type { StaffMember } from '@atrium/contract/bookings/staff';
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { bulkResults } from '../../platform/bulk/bulk-results.ts';
import type { DashboardUsers } from './dashboard-users.ts';
import type { StaffService } from './staff.service.ts';

type Tags = { privateTags?: { tagIds: string[] } } | null | undefined;

/** The most staff members a by-filter call changes in one go (as services' by-filter calls). */
const byFilterLimit = 1000;

/**
 * The official staff-members client's calls beyond Atrium's own, built on the staff service: search,
 * tags (by ids and by filter), get-or-create for a dashboard user, the working-hours and custom
 * schedules, and Set Service Provider. The trash bin is its own service (staff-trash-bin.service.ts).
 */
export function createStaffExtrasService(deps: { staff: StaffService; dashboardUsers: DashboardUsers }) {
  const { staff } = deps;

  function retagged(current: Tags, assign: Tags, unassign: Tags) {
    const ids = new Set(current?.privateTags?.tagIds ?? []);
    for (const id of assign?.privateTags?.tagIds ?? []) ids.add(id);
    for (const id of unassign?.privateTags?.tagIds ?? []) ids.delete(id);
    return { privateTags: { tagIds: [...ids] } };
  }

  async function retag(ctx: RequestContext, id: string, assign: Tags, unassign: Tags) {
    const current = await staff.get(ctx, id);
    return staff.update(ctx, id, { tags: retagged(current.tags, assign, unassign) }, ['tags']);
  }

  async function getOrCreate(ctx: RequestContext, wixUserId: string): Promise<StaffMember> {
    const email = await deps.dashboardUsers.emailOf(ctx.site.id, wixUserId);
    if (!email) throw notFound('Dashboard user', wixUserId);
    const { staffMembers } = await staff.query(ctx, { filter: { email } });
    if (staffMembers[0]) return staffMembers[0];
    const created = await staff.create(ctx, { name: email.split('@')[0], email });
    return (await staff.connectToUser(ctx, created.id, email)) ?? created;
  }

  return {
    /** The query's filter with the name containing the search text (case-insensitive), cursor paged. */
    async search(
      ctx: RequestContext,
      search: {
        filter?: Record<string, unknown> | null;
        sort?: Array<{ fieldName: string; order?: 'ASC' | 'DESC' }>;
        cursorPaging?: { limit?: number | null; cursor?: string | null } | null;
        search?: { expression?: string | null } | null;
      },
    ) {
      const text = search.search?.expression?.trim();
      const filter = text
        ? { $and: [search.filter ?? {}, { name: { $contains: text } }] }
        : (search.filter ?? undefined);
      const sort = search.sort?.map((entry) => ({ fieldName: entry.fieldName, order: entry.order ?? 'ASC' }));
      return staff.query(ctx, { filter, sort, cursorPaging: search.cursorPaging });
    },

    bulkUpdateTags: (ctx: RequestContext, ids: readonly string[], assign: Tags, unassign: Tags) =>
      bulkResults(
        ids,
        (id) => retag(ctx, id, assign, unassign),
        (id) => id,
      ),

    /** Runs at once over at most 1000 staff members and answers a job id, as the client expects one. */
    async bulkUpdateTagsByFilter(ctx: RequestContext, filter: unknown, assign: Tags, unassign: Tags) {
      // Every page first, then the changes: a change must not move a staff member across the pages read.
      const ids: string[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await staff.query(
          ctx,
          cursor ? { cursorPaging: { limit: 100, cursor } } : { filter, cursorPaging: { limit: 100 } },
        );
        ids.push(...page.staffMembers.map((member) => member.id));
        cursor = (page.pagingMetadata as { cursors?: { next?: string | null } }).cursors?.next;
      } while (cursor && ids.length < byFilterLimit);
      for (const id of ids.slice(0, byFilterLimit)) await retag(ctx, id, assign, unassign);
      return { jobId: randomUUID() };
    },

    getOrCreate,
    bulkGetOrCreate: (ctx: RequestContext, wixUserIds: readonly string[]) =>
      bulkResults(
        wixUserIds,
        (id) => getOrCreate(ctx, id),
        (_id, member) => member?.id ?? null,
      ),

    /** The business's working-hours schedule: the staff member works the business hours again. */
    async assignWorkingHoursSchedule(ctx: RequestContext, id: string): Promise<StaffMember> {
      await staff.useBusinessHours(ctx, id);
      return staff.get(ctx, id);
    },

    /** A schedule of their own, starting as a copy of the hours they work now (edit it with working-hours). */
    async assignCustomSchedule(ctx: RequestContext, id: string): Promise<StaffMember> {
      const { workingHours } = await staff.getWorkingHours(ctx, id);
      await staff.setWorkingHours(ctx, id, workingHours);
      return staff.get(ctx, id);
    },

    /** Set Service Provider: in or out of booking flows. */
    setServiceProvider: (ctx: RequestContext, id: string, serviceProvider: boolean) =>
      staff.setServiceProvider(ctx, id, serviceProvider),
  };
}

export type StaffExtrasService = ReturnType<typeof createStaffExtrasService>;
