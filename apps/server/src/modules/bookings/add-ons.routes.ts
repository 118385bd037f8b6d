import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@atrium/contract/bookings/add-ons';
import { bulkResponse } from '../../platform/bulk/bulk-results.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { AddOnsService } from './add-ons.service.ts';
import { catalogueAccess } from './catalogue-access.ts';

// Add-ons under /bookings/v1/add-ons; the official client's `/addons/v1/add-ons` and `/addons/v1/bulk/add-ons`
// reach them through the prefix table.

const tags = ['bookings: add-ons'];
const base = '/bookings/v1/add-ons';
const params = z.object({ addOnId: z.uuid() });
const withErrors = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

export const addOnsRoutes: FastifyPluginAsyncZod<{ service: AddOnsService }> = async (app, { service }) => {
  app.post(
    base,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Create an add-on',
        tags,
        body: c.createAddOnRequestSchema,
        response: withErrors(c.addOnResponseSchema),
      },
    },
    async (request) => ({ addOn: await service.create(request.ctx, request.body.addOn) }),
  );

  // The official client queries with GET and the request in `.r`; POST is accepted too.
  app.get(
    `${base}/query`,
    {
      config: { access: catalogueAccess.read },
      schema: {
        summary: 'Query add-ons (cursor paging)',
        tags,
        querystring: c.queryAddOnsRequestSchema,
        response: withErrors(c.queryAddOnsResponseSchema),
      },
    },
    async (request) => service.query(request.ctx, request.query.query),
  );
  app.post(
    `${base}/query`,
    {
      config: { access: catalogueAccess.read },
      schema: {
        summary: 'Query add-ons (cursor paging)',
        tags,
        body: c.queryAddOnsRequestSchema,
        response: withErrors(c.queryAddOnsResponseSchema),
      },
    },
    async (request) => service.query(request.ctx, request.body.query),
  );

  app.get(
    `${base}/:addOnId`,
    {
      config: { access: catalogueAccess.read },
      schema: { summary: 'Get an add-on', tags, params, response: withErrors(c.addOnResponseSchema) },
    },
    async (request) => ({ addOn: await service.get(request.ctx, request.params.addOnId) }),
  );

  app.patch(
    `${base}/:addOnId`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Update an add-on (the masked fields, or the fields given)',
        tags,
        params,
        body: c.updateAddOnRequestSchema,
        response: withErrors(c.addOnResponseSchema),
      },
    },
    async (request) => ({
      addOn: await service.update(
        request.ctx,
        request.params.addOnId,
        request.body.addOn,
        request.body.fieldMask ?? request.body.mask,
      ),
    }),
  );

  app.delete(
    `${base}/:addOnId`,
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Delete an add-on that no add-on group names',
        tags,
        params,
        response: withErrors(z.object({})),
      },
    },
    async (request) => {
      await service.delete(request.ctx, request.params.addOnId);
      return {};
    },
  );

  app.post(
    '/bookings/v1/bulk/add-ons/create',
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Create several add-ons, each on its own',
        tags,
        body: c.bulkCreateAddOnsRequestSchema,
        response: withErrors(c.bulkAddOnsResponseSchema),
      },
    },
    async (request) =>
      bulkResponse(
        await service.bulkCreate(request.ctx, request.body.addOns),
        request.body.returnEntity === true,
      ),
  );

  app.post(
    '/bookings/v1/bulk/add-ons/update',
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Update several add-ons, each on its own',
        tags,
        body: c.bulkUpdateAddOnsRequestSchema,
        response: withErrors(c.bulkAddOnsResponseSchema),
      },
    },
    async (request) =>
      bulkResponse(
        await service.bulkUpdate(request.ctx, request.body.addOns),
        request.body.returnEntity === true,
      ),
  );

  app.post(
    '/bookings/v1/bulk/add-ons/delete',
    {
      config: { access: catalogueAccess.manage },
      schema: {
        summary: 'Delete several add-ons, each on its own',
        tags,
        body: c.bulkDeleteAddOnsRequestSchema,
        response: withErrors(c.bulkAddOnsResponseSchema),
      },
    },
    async (request) => bulkResponse(await service.bulkDelete(request.ctx, request.body.addOnIds), false),
  );
};
