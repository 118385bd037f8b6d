import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@atrium/contract/bookings/staff';
import { bulkResponse } from '../../platform/bulk/bulk-results.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { catalogueAccess } from './catalogue-access.ts';
import type { StaffExtrasService } from './staff-extras.service.ts';
import type { StaffTrashBinService } from './staff-trash-bin.service.ts';

// The official staff-members client's calls beyond Atrium's own (staff-extras.service.ts). Its v2 paths
// (`/bookings/staff/v2/staff-members/{query,count,search,trash-bin}`) reach these and the existing query
// and count through the prefix table.

const tags = ['bookings: staff members'];
const base = '/bookings/v1/staff-members';
const params = z.object({ staffMemberId: z.uuid() });
const withErrors = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });
const staffPage = z.object({
  staffMembers: z.array(c.staffMemberSchema),
  pagingMetadata: z.record(z.string(), z.unknown()),
});
const bulkStaff = z.object({
  results: z.array(
    z.object({
      itemMetadata: z.record(z.string(), z.unknown()),
      item: c.staffMemberSchema.optional(),
      staffMember: c.staffMemberSchema.optional(),
    }),
  ),
  bulkActionMetadata: z.record(z.string(), z.unknown()),
});

export const staffExtrasRoutes: FastifyPluginAsyncZod<{
  service: StaffExtrasService;
  trashBin: StaffTrashBinService;
}> = async (app, { service, trashBin }) => {
  app.post(
    `${base}/search`,
    {
      config: { access: catalogueAccess.read },
      schema: {
        summary: 'Search staff members: filter, sort and cursor paging, and free text on the name',
        tags,
        body: c.searchStaffMembersRequestSchema,
        response: withErrors(staffPage),
      },
    },
    async (request) => service.search(request.ctx, request.body.search),
  );

  app.get(
    `${base}/trash-bin`,
    {
      config: { access: catalogueAccess.business },
      schema: {
        summary: 'Deleted staff members still restorable, most recently deleted first',
        tags,
        querystring: c.listDeletedStaffMembersQuerySchema,
        response: withErrors(staffPage),
      },
    },
    async (request) => {
      const { query } = request;
      const ids = query.staffMemberIds;
      return trashBin.list(request.ctx, {
        staffMemberIds: ids === undefined ? undefined : Array.isArray(ids) ? ids : [ids],
        limit: query.paging?.limit ?? query['paging.limit'],
        cursor: query.paging?.cursor ?? query['paging.cursor'],
      });
    },
  );
  app.get(
    `${base}/trash-bin/:staffMemberId`,
    {
      config: { access: catalogueAccess.business },
      schema: {
        summary: 'A deleted staff member in the trash bin',
        tags,
        params,
        response: withErrors(c.staffMemberResponseSchema),
      },
    },
    async (request) => ({ staffMember: await trashBin.get(request.ctx, request.params.staffMemberId) }),
  );
  app.delete(
    `${base}/trash-bin/:staffMemberId`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Delete a staff member in the trash bin for good',
        tags,
        params,
        response: withErrors(z.object({})),
      },
    },
    async (request) => {
      await trashBin.remove(request.ctx, request.params.staffMemberId);
      return {};
    },
  );
  app.post(
    `${base}/trash-bin/:staffMemberId/restore`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Restore a staff member from the trash bin, with their hours, time off and services',
        tags,
        params,
        response: withErrors(c.staffMemberResponseSchema),
      },
    },
    async (request) => ({ staffMember: await trashBin.restore(request.ctx, request.params.staffMemberId) }),
  );

  app.post(
    `${base}/:staffMemberId/set-service-provider`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Put a staff member in or out of booking flows',
        description:
          'false: they no longer appear in availability or to visitors; hours, services and bookings are kept.',
        tags,
        params,
        body: c.setServiceProviderRequestSchema,
        response: withErrors(c.staffMemberResponseSchema),
      },
    },
    async (request) => ({
      staffMember: await service.setServiceProvider(
        request.ctx,
        request.params.staffMemberId,
        request.body.serviceProvider,
      ),
    }),
  );

  app.post(
    '/bookings/v1/bulk/staff-members/update-tags',
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Assign and unassign private tags of several staff members, each on its own',
        tags,
        body: c.bulkUpdateStaffTagsRequestSchema,
        response: withErrors(bulkStaff),
      },
    },
    async (request) =>
      bulkResponse(
        await service.bulkUpdateTags(
          request.ctx,
          request.body.ids,
          request.body.assignTags,
          request.body.unassignTags,
        ),
        true,
      ),
  );
  app.post(
    '/bookings/v1/bulk/staff-members/update-tags-by-filter',
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Assign and unassign private tags of the staff members a filter matches (at most 1000)',
        tags,
        body: c.bulkUpdateStaffTagsByFilterRequestSchema,
        response: withErrors(z.object({ jobId: z.string() })),
      },
    },
    async (request) =>
      service.bulkUpdateTagsByFilter(
        request.ctx,
        request.body.filter,
        request.body.assignTags,
        request.body.unassignTags,
      ),
  );

  app.post(
    `${base}/get-or-create/wix-user-id/:wixUserId`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: "The staff member of a dashboard user (by the user's email), created when there is none",
        tags,
        params: z.object({ wixUserId: z.uuid() }),
        response: withErrors(c.staffMemberResponseSchema),
      },
    },
    async (request) => ({ staffMember: await service.getOrCreate(request.ctx, request.params.wixUserId) }),
  );
  app.post(
    '/bookings/v1/bulk/staff-members/get-or-create',
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'The staff members of several dashboard users, each created when there is none',
        tags,
        body: c.getOrCreateStaffMembersRequestSchema,
        response: withErrors(bulkStaff),
      },
    },
    async (request) => {
      const results = await service.bulkGetOrCreate(request.ctx, request.body.wixUserIds);
      const { bulkActionMetadata } = bulkResponse(results, false);
      return {
        results: results.map((result) => ({ itemMetadata: result.itemMetadata, staffMember: result.item })),
        bulkActionMetadata,
      };
    },
  );

  app.post(
    `${base}/:staffMemberId/assign-working-hours-schedule`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: "Give the staff member the business's working hours again",
        tags,
        params,
        body: c.assignScheduleRequestSchema,
        response: withErrors(c.staffMemberResponseSchema),
      },
    },
    async (request) => ({
      staffMember: await service.assignWorkingHoursSchedule(request.ctx, request.params.staffMemberId),
    }),
  );
  app.post(
    `${base}/:staffMemberId/assign-custom-schedule`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Give the staff member working hours of their own (a copy of the hours they work now)',
        tags,
        params,
        body: c.assignScheduleRequestSchema,
        response: withErrors(c.staffMemberResponseSchema),
      },
    },
    async (request) => ({
      staffMember: await service.assignCustomSchedule(request.ctx, request.params.staffMemberId),
    }),
  );
};
