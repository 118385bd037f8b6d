import { z } from 'zod';
import { countResponseSchema, emptyResponse } from './route-schemas.ts';
import {
  addOnGroupResponseSchema,
  bulkCreateServicesRequestSchema,
  bulkDeleteServicesByFilterRequestSchema,
  bulkDeleteServicesRequestSchema,
  bulkServicesResponseSchema,
  bulkUpdateServicesByFilterRequestSchema,
  bulkUpdateServicesRequestSchema,
  cloneServiceRequestSchema,
  cloneServiceResponseSchema,
  countRequestSchema,
  createAddOnGroupRequestSchema,
  createServiceRequestSchema,
  deleteAddOnGroupRequestSchema,
  deleteServiceQuerySchema,
  jobResponseSchema,
  listAddOnGroupsRequestSchema,
  listAddOnGroupsResponseSchema,
  pricingPlansRequestSchema,
  queryBookingFormsRequestSchema,
  queryBookingFormsResponseSchema,
  queryLocationsRequestSchema,
  queryLocationsResponseSchema,
  queryPoliciesRequestSchema,
  queryPoliciesResponseSchema,
  queryServiceCategoriesRequestSchema,
  queryServiceCategoriesResponseSchema,
  queryServicesRequestSchema,
  queryServicesResponseSchema,
  searchServicesRequestSchema,
  searchServicesResponseSchema,
  serviceResponseSchema,
  setAddOnsForGroupRequestSchema,
  setCustomSlugRequestSchema,
  setCustomSlugResponseSchema,
  setServiceLocationsRequestSchema,
  updateAddOnGroupRequestSchema,
  updateServiceRequestSchema,
  validateSlugRequestSchema,
  validateSlugResponseSchema,
} from '@atrium/contract/bookings/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import { catalogueAccess } from './catalogue-access.ts';
import type { ServicesService } from './services.service.ts';

const tags = ['bookings: services'];
const serviceIdParams = z.object({ serviceId: z.uuid() });

export const servicesRoutes: FastifyPluginAsyncZod<{ service: ServicesService }> = async (
  app,
  { service },
) => {
  const manage = { access: catalogueAccess.manage };
  const read = { access: catalogueAccess.read };

  app.post(
    '/bookings/v2/services',
    {
      config: manage,
      schema: {
        summary: 'Create a service',
        tags,
        body: createServiceRequestSchema,
        response: { 200: serviceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ service: await service.create(request.ctx, request.body.service) }),
  );

  app.post(
    '/bookings/v2/bulk/services/create',
    {
      config: manage,
      schema: {
        summary: 'Create several services',
        tags,
        body: bulkCreateServicesRequestSchema,
        response: { 200: bulkServicesResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.bulkCreate(request.ctx, request.body.services, request.body.returnEntity ?? false),
  );

  app.get(
    '/bookings/v2/services/:serviceId',
    {
      config: read,
      schema: {
        summary: 'Get a service',
        tags,
        params: serviceIdParams,
        response: { 200: serviceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ service: await service.get(request.ctx, request.params.serviceId) }),
  );

  app.patch(
    '/bookings/v2/services/:serviceId',
    {
      config: manage,
      schema: {
        summary: 'Update a service (field mask, or merge of the fields given)',
        tags,
        params: serviceIdParams,
        body: updateServiceRequestSchema,
        response: { 200: serviceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      service: await service.update(
        request.ctx,
        request.params.serviceId,
        request.body.service,
        request.body.mask ?? request.body.fieldMask,
      ),
    }),
  );

  app.post(
    '/bookings/v2/bulk/services/update',
    {
      config: manage,
      schema: {
        summary: 'Update several services',
        tags,
        body: bulkUpdateServicesRequestSchema,
        response: { 200: bulkServicesResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.bulkUpdate(request.ctx, request.body.services, request.body.returnEntity ?? false),
  );

  app.post(
    '/bookings/v2/bulk/services/update-by-filter',
    {
      config: manage,
      schema: {
        summary: 'Update the services a filter matches',
        tags,
        body: bulkUpdateServicesByFilterRequestSchema,
        response: { 200: jobResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.updateByFilter(request.ctx, request.body.filter, request.body.service),
  );

  app.delete(
    '/bookings/v2/services/:serviceId',
    {
      config: manage,
      schema: {
        summary: 'Delete a service',
        tags,
        params: serviceIdParams,
        querystring: deleteServiceQuerySchema,
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      await service.delete(request.ctx, request.params.serviceId, {
        preserveFutureSessionsWithParticipants: query.preserveFutureSessionsWithParticipants === 'true',
        participantNotification: {
          notifyParticipants: query['participantNotification.notifyParticipants'] === 'true',
          message: query['participantNotification.message'] ?? null,
        },
      });
      return {};
    },
  );

  app.post(
    '/bookings/v2/bulk/services/delete',
    {
      config: manage,
      schema: {
        summary: 'Delete several services',
        tags,
        body: bulkDeleteServicesRequestSchema,
        response: { 200: bulkServicesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.bulkDelete(request.ctx, request.body.ids, request.body),
  );

  app.post(
    '/bookings/v2/bulk/services/delete-by-filter',
    {
      config: manage,
      schema: {
        summary: 'Delete the services a filter matches',
        tags,
        body: bulkDeleteServicesByFilterRequestSchema,
        response: { 200: jobResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.deleteByFilter(request.ctx, request.body.filter, request.body),
  );

  app.post(
    '/bookings/v2/services/query',
    {
      config: read,
      schema: {
        summary: 'Query services (offset paging)',
        tags,
        body: queryServicesRequestSchema,
        response: { 200: queryServicesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.query(request.ctx, request.body.query),
  );

  app.post(
    '/bookings/v2/services/search',
    {
      config: read,
      schema: {
        summary: 'Search services, with aggregations',
        tags,
        body: searchServicesRequestSchema,
        response: { 200: searchServicesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.search(request.ctx, request.body.search),
  );

  app.post(
    '/bookings/v2/services/count',
    {
      config: read,
      schema: {
        summary: 'Count services',
        tags,
        body: countRequestSchema,
        response: { 200: countResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ count: await service.count(request.ctx, request.body.filter) }),
  );

  app.post(
    '/bookings/v2/services/policies/query',
    {
      config: read,
      schema: {
        summary: 'Booking policies with their services',
        tags,
        body: queryPoliciesRequestSchema,
        response: { 200: queryPoliciesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.queryPolicies(request.ctx, request.body.query),
  );

  app.post(
    '/bookings/v2/services/booking-forms/query',
    {
      config: read,
      schema: {
        summary: 'Booking forms with their services',
        tags,
        body: queryBookingFormsRequestSchema,
        response: { 200: queryBookingFormsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.queryBookingForms(request.ctx, request.body.query),
  );

  app.post(
    '/bookings/v2/services/locations/query',
    {
      config: read,
      schema: {
        summary: 'Locations the services use',
        tags,
        body: queryLocationsRequestSchema,
        response: { 200: queryLocationsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.queryLocations(request.ctx, request.body.filter),
  );

  app.post(
    '/bookings/v2/services/categories/query',
    {
      config: read,
      schema: {
        summary: 'Categories the services use',
        tags,
        body: queryServiceCategoriesRequestSchema,
        response: { 200: queryServiceCategoriesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.queryCategories(request.ctx, request.body.filter),
  );

  app.post(
    '/bookings/v2/services/:serviceId/locations',
    {
      config: manage,
      schema: {
        summary: 'Replace the locations of a service',
        tags,
        params: serviceIdParams,
        body: setServiceLocationsRequestSchema,
        response: { 200: serviceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      service: await service.setLocations(request.ctx, request.params.serviceId, request.body),
    }),
  );

  app.post(
    '/bookings/v2/services/:serviceId/pricing-plans/add',
    {
      config: manage,
      schema: {
        summary: 'Accept pricing plans for a service',
        tags,
        params: serviceIdParams,
        body: pricingPlansRequestSchema,
        response: { 200: serviceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      service: await service.changePricingPlans(
        request.ctx,
        request.params.serviceId,
        request.body.pricingPlanIds,
        'add',
      ),
    }),
  );

  app.post(
    '/bookings/v2/services/:serviceId/pricing-plans/remove',
    {
      config: manage,
      schema: {
        summary: 'Stop accepting pricing plans for a service',
        tags,
        params: serviceIdParams,
        body: pricingPlansRequestSchema,
        response: { 200: serviceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      service: await service.changePricingPlans(
        request.ctx,
        request.params.serviceId,
        request.body.pricingPlanIds,
        'remove',
      ),
    }),
  );

  app.post(
    '/bookings/v2/services/:serviceId/slugs/custom',
    {
      config: manage,
      schema: {
        summary: 'Give a service a custom slug',
        tags,
        params: serviceIdParams,
        body: setCustomSlugRequestSchema,
        response: { 200: setCustomSlugResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.setCustomSlug(request.ctx, request.params.serviceId, request.body.slug),
  );

  app.post(
    '/bookings/v2/services/slugs/validate',
    {
      config: manage,
      schema: {
        summary: 'Check a slug before using it',
        tags,
        body: validateSlugRequestSchema,
        response: { 200: validateSlugResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.validateSlug(request.ctx, request.body.serviceId, request.body.slug),
  );

  app.post(
    '/bookings/v2/services/clone',
    {
      config: manage,
      schema: {
        summary: 'Copy a service',
        tags,
        body: cloneServiceRequestSchema,
        response: { 200: cloneServiceResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.clone(request.ctx, request.body.sourceServiceId),
  );

  app.post(
    '/bookings/v2/services/add-on-groups/create',
    {
      config: manage,
      schema: {
        summary: 'Add an add-on group to a service',
        tags,
        body: createAddOnGroupRequestSchema,
        response: { 200: addOnGroupResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      addOnGroup: await service.createAddOnGroup(
        request.ctx,
        request.body.serviceId,
        request.body.addOnGroup,
      ),
    }),
  );

  app.post(
    '/bookings/v2/services/add-on-groups/update',
    {
      config: manage,
      schema: {
        summary: 'Update an add-on group',
        tags,
        body: updateAddOnGroupRequestSchema,
        response: { 200: addOnGroupResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      addOnGroup: await service.updateAddOnGroup(
        request.ctx,
        request.body.serviceId,
        request.body.addOnGroup,
        request.body.mask,
      ),
    }),
  );

  app.post(
    '/bookings/v2/services/add-on-groups/delete',
    {
      config: manage,
      schema: {
        summary: 'Delete an add-on group',
        tags,
        body: deleteAddOnGroupRequestSchema,
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.deleteAddOnGroup(request.ctx, request.body.serviceId, request.body.addOnGroupId);
      return {};
    },
  );

  app.post(
    '/bookings/v2/services/add-on-groups/list-add-on-groups-by-service-id',
    {
      config: read,
      schema: {
        summary: 'The add-on groups of a service',
        tags,
        body: listAddOnGroupsRequestSchema,
        response: { 200: listAddOnGroupsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      addOnGroupsDetails: await service.listAddOnGroups(
        request.ctx,
        request.body.serviceId,
        request.body.groupIds,
      ),
    }),
  );

  app.post(
    '/bookings/v2/services/add-on-groups/set-add-ons-for-group',
    {
      config: manage,
      schema: {
        summary: 'Set the add-ons of a group',
        tags,
        body: setAddOnsForGroupRequestSchema,
        response: { 200: addOnGroupResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      addOnGroup: await service.setAddOnsForGroup(
        request.ctx,
        request.body.serviceId,
        request.body.groupId,
        request.body.addOnIds,
      ),
    }),
  );
};
