import { z } from 'zod';
import {
  bulkCreateInfoSectionsRequestSchema,
  bulkDeleteInfoSectionsRequestSchema,
  bulkDeleteInfoSectionsResponseSchema,
  bulkGetOrCreateInfoSectionsRequestSchema,
  bulkInfoSectionsResponseSchema,
  bulkUpdateInfoSectionsRequestSchema,
  createInfoSectionRequestSchema,
  getInfoSectionQuerySchema,
  getOrCreateInfoSectionRequestSchema,
  infoSectionResponseSchema,
  queryInfoSectionsRequestSchema,
  queryInfoSectionsResponseSchema,
  updateInfoSectionRequestSchema,
} from '@atrium/contract/stores/info-sections';
import {
  v3CountRequestSchema,
  v3CountResponseSchema,
  v3EmptyResponseSchema,
} from '@atrium/contract/stores/v3-entities-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { InfoSectionsService } from './info-sections.service.ts';
import { storesAccess } from './stores-access.ts';

const tags = ['stores: info sections'];
const base = '/stores/v3/info-sections';
const bulk = '/stores/v3/bulk/info-sections';
const params = z.object({ infoSectionId: z.uuid() });
const manage = { access: storesAccess.manage };
const read = { access: storesAccess.read };
const one = { 200: infoSectionResponseSchema, ...errorResponses };
const many = { 200: bulkInfoSectionsResponseSchema, ...errorResponses };

/** Catalog v3 info sections: `/stores/v3/info-sections` and their bulk calls. */
export const infoSectionsRoutes: FastifyPluginAsyncZod<{ service: InfoSectionsService }> = async (
  app,
  { service },
) => {
  app.post(
    base,
    {
      config: manage,
      schema: {
        summary: 'Create an info section',
        tags,
        body: createInfoSectionRequestSchema,
        response: one,
      },
    },
    async (request) => ({ infoSection: await service.create(request.ctx, request.body.infoSection) }),
  );
  postWithGetForm(app, `${base}/query`, {
    access: storesAccess.read,
    summary: 'Query info sections (cursor paging)',
    tags,
    body: queryInfoSectionsRequestSchema,
    response: queryInfoSectionsResponseSchema,
    handler: (request, body) => service.query(request.ctx, body.query, body.fields),
  });
  app.post(
    `${base}/count`,
    {
      config: read,
      schema: {
        summary: 'Count info sections',
        tags,
        body: v3CountRequestSchema,
        response: { 200: v3CountResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ count: await service.count(request.ctx, request.body.filter) }),
  );
  app.post(
    `${base}/get-or-create`,
    {
      config: manage,
      schema: {
        summary: 'Get an info section by id or uniqueName, created when the name is free',
        tags,
        body: getOrCreateInfoSectionRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      infoSection: await service.getOrCreate(request.ctx, request.body.infoSection, request.body.fields),
    }),
  );
  app.get(
    `${base}/:infoSectionId`,
    {
      config: read,
      schema: {
        summary: 'Get an info section',
        tags,
        params,
        querystring: getInfoSectionQuerySchema,
        response: one,
      },
    },
    async (request) => ({
      infoSection: await service.get(request.ctx, request.params.infoSectionId, request.query.fields),
    }),
  );
  app.patch(
    `${base}/:infoSectionId`,
    {
      config: manage,
      schema: {
        summary: 'Update an info section (send its revision)',
        tags,
        params,
        body: updateInfoSectionRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      infoSection: await service.update(request.ctx, request.params.infoSectionId, request.body.infoSection, {
        mask: request.body.fieldMask,
        fields: request.body.fields,
      }),
    }),
  );
  app.delete(
    `${base}/:infoSectionId`,
    {
      config: manage,
      schema: {
        summary: 'Delete an info section',
        tags,
        params,
        response: { 200: v3EmptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.ctx, request.params.infoSectionId);
      return {};
    },
  );

  app.post(
    `${bulk}/create`,
    {
      config: manage,
      schema: {
        summary: 'Create several info sections',
        tags,
        body: bulkCreateInfoSectionsRequestSchema,
        response: many,
      },
    },
    async (request) =>
      service.bulkCreate(request.ctx, request.body.infoSections, request.body.returnEntity ?? false),
  );
  app.post(
    `${bulk}/update`,
    {
      config: manage,
      schema: {
        summary: 'Update several info sections',
        tags,
        body: bulkUpdateInfoSectionsRequestSchema,
        response: many,
      },
    },
    async (request) =>
      service.bulkUpdate(
        request.ctx,
        request.body.infoSections.map((item) => ({ infoSection: item.infoSection, mask: item.fieldMask })),
        { returnEntity: request.body.returnEntity ?? false, fields: request.body.fields },
      ),
  );
  app.post(
    `${bulk}/get-or-create`,
    {
      config: manage,
      schema: {
        summary: 'Get or create several info sections',
        tags,
        body: bulkGetOrCreateInfoSectionsRequestSchema,
        response: many,
      },
    },
    async (request) => service.bulkGetOrCreate(request.ctx, request.body.infoSections, request.body.fields),
  );
  app.post(
    `${bulk}/delete`,
    {
      config: manage,
      schema: {
        summary: 'Delete several info sections',
        tags,
        body: bulkDeleteInfoSectionsRequestSchema,
        response: { 200: bulkDeleteInfoSectionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.bulkDelete(request.ctx, request.body.infoSectionIds),
  );
};
