import { z } from 'zod';
import {
  bookingsSettingsResponseSchema,
  connectStaffMemberToUserRequestSchema,
  createStaffMemberRequestSchema,
  createTimeOffRequestSchema,
  listTimeOffQuerySchema,
  listTimeOffResponseSchema,
  queryTimeOffRequestSchema,
  queryStaffMembersRequestSchema,
  queryStaffMembersResponseSchema,
  setStaffServicesRequestSchema,
  setWorkingHoursRequestSchema,
  staffMemberResponseSchema,
  staffServicesResponseSchema,
  timeOffResponseSchema,
  updateBookingsSettingsRequestSchema,
  updateStaffMemberRequestSchema,
  workingHoursResponseSchema,
} from '@atrium/contract/bookings/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import { catalogueAccess } from './catalogue-access.ts';
import { countBodySchema, countResponseSchema, emptyResponse } from './route-schemas.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['bookings: staff members'];
const params = z.object({ staffMemberId: z.uuid() });
const base = '/bookings/v1/staff-members';

export const staffRoutes: FastifyPluginAsyncZod<{ service: StaffService }> = async (app, { service }) => {
  const manage = { access: catalogueAccess.manage };
  const business = { access: catalogueAccess.business };
  const read = { access: catalogueAccess.read };

  app.post(
    base,
    {
      config: manage,
      schema: {
        summary: 'Create a staff member',
        tags,
        body: createStaffMemberRequestSchema,
        response: { 200: staffMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ staffMember: await service.create(request.ctx, request.body.staffMember) }),
  );

  app.get(
    `${base}/:staffMemberId`,
    {
      config: read,
      schema: {
        summary: 'Get a staff member',
        tags,
        params,
        response: { 200: staffMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ staffMember: await service.get(request.ctx, request.params.staffMemberId) }),
  );

  app.patch(
    `${base}/:staffMemberId`,
    {
      config: manage,
      schema: {
        summary: 'Update a staff member',
        tags,
        params,
        body: updateStaffMemberRequestSchema,
        response: { 200: staffMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      staffMember: await service.update(
        request.ctx,
        request.params.staffMemberId,
        request.body.staffMember,
        request.body.mask ?? request.body.fieldMask,
      ),
    }),
  );

  app.delete(
    `${base}/:staffMemberId`,
    {
      config: manage,
      schema: {
        summary: 'Delete a staff member',
        tags,
        params,
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.ctx, request.params.staffMemberId);
      return {};
    },
  );

  app.post(
    `${base}/query`,
    {
      config: read,
      schema: {
        summary: 'Query staff members',
        tags,
        body: queryStaffMembersRequestSchema,
        response: { 200: queryStaffMembersResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.query(request.ctx, request.body.query),
  );

  app.post(
    `${base}/count`,
    {
      config: read,
      schema: {
        summary: 'Count staff members',
        tags,
        body: countBodySchema,
        response: { 200: countResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ count: await service.count(request.ctx, request.body.filter) }),
  );

  app.get(
    `${base}/:staffMemberId/working-hours`,
    {
      config: business,
      schema: {
        summary: 'Working hours in force',
        tags,
        params,
        response: { 200: workingHoursResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.getWorkingHours(request.ctx, request.params.staffMemberId),
  );

  app.put(
    `${base}/:staffMemberId/working-hours`,
    {
      config: manage,
      schema: {
        summary: 'Give a staff member their own working hours',
        tags,
        params,
        body: setWorkingHoursRequestSchema,
        response: { 200: workingHoursResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.setWorkingHours(request.ctx, request.params.staffMemberId, request.body.workingHours),
  );

  app.post(
    `${base}/:staffMemberId/working-hours/use-business-hours`,
    {
      config: manage,
      schema: {
        summary: 'Return a staff member to the business hours',
        tags,
        params,
        response: { 200: workingHoursResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.useBusinessHours(request.ctx, request.params.staffMemberId),
  );

  app.get(
    `${base}/:staffMemberId/time-off`,
    {
      config: business,
      schema: {
        summary: 'Time off of a staff member',
        tags,
        params,
        querystring: listTimeOffQuerySchema,
        response: { 200: listTimeOffResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      timeOff: await service.listTimeOff(request.ctx, request.params.staffMemberId, request.query),
    }),
  );

  app.post(
    `${base}/time-off/query`,
    {
      config: business,
      schema: {
        summary: 'Time off of several staff members between two instants (an addition to the spec)',
        tags,
        body: queryTimeOffRequestSchema,
        response: { 200: listTimeOffResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ timeOff: await service.queryTimeOff(request.ctx, request.body) }),
  );

  app.post(
    `${base}/:staffMemberId/time-off`,
    {
      config: business,
      schema: {
        summary: 'Add time off',
        tags,
        params,
        body: createTimeOffRequestSchema,
        response: { 200: timeOffResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      timeOff: await service.addTimeOff(request.ctx, request.params.staffMemberId, request.body.timeOff),
    }),
  );

  app.delete(
    `${base}/:staffMemberId/time-off/:timeOffId`,
    {
      config: business,
      schema: {
        summary: 'Remove time off',
        tags,
        params: params.extend({ timeOffId: z.uuid() }),
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.deleteTimeOff(request.ctx, request.params.staffMemberId, request.params.timeOffId);
      return {};
    },
  );

  app.post(
    `${base}/:staffMemberId/connect-staff-member-to-user`,
    {
      config: manage,
      schema: {
        summary: 'Connect a staff member to a dashboard user',
        description:
          'CONNECTED when a dashboard user with the email exists, PENDING until one does (EXPIRED after 30 days). 409 USER_ALREADY_CONNECTED when another staff member has that user.',
        tags,
        params,
        body: connectStaffMemberToUserRequestSchema,
        response: { 200: staffMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      staffMember: await service.connectToUser(request.ctx, request.params.staffMemberId, request.body.email),
    }),
  );

  app.post(
    `${base}/:staffMemberId/disconnect-staff-member-from-user`,
    {
      config: manage,
      schema: {
        summary: 'Disconnect a staff member from their dashboard user',
        tags,
        params,
        response: { 200: staffMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      staffMember: await service.disconnectFromUser(request.ctx, request.params.staffMemberId),
    }),
  );

  app.get(
    `${base}/:staffMemberId/services`,
    {
      config: read,
      schema: {
        summary: 'The services a staff member gives',
        tags,
        params,
        response: { 200: staffServicesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ services: await service.servicesOf(request.ctx, request.params.staffMemberId) }),
  );

  app.put(
    `${base}/:staffMemberId/services`,
    {
      config: manage,
      schema: {
        summary: 'Set the services a staff member gives',
        tags,
        params,
        body: setStaffServicesRequestSchema,
        response: { 200: staffServicesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      services: await service.setServices(request.ctx, request.params.staffMemberId, request.body.serviceIds),
    }),
  );

  app.get(
    '/bookings/v1/settings',
    {
      config: read,
      schema: {
        summary: "The site's business hours",
        tags: ['bookings: settings'],
        response: { 200: bookingsSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await service.getSettings(request.ctx) }),
  );

  app.patch(
    '/bookings/v1/settings',
    {
      config: manage,
      schema: {
        summary: "Change the site's business hours",
        tags: ['bookings: settings'],
        body: updateBookingsSettingsRequestSchema,
        response: { 200: bookingsSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await service.updateSettings(request.ctx, request.body.settings) }),
  );
};
