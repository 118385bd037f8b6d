import { z } from 'zod';
import {
  addChoicesRequestSchema,
  bulkAddChoicesRequestSchema,
  bulkCreateCustomizationsRequestSchema,
  bulkCustomizationsResponseSchema,
  bulkUpdateCustomizationsRequestSchema,
  createCustomizationRequestSchema,
  customizationResponseSchema,
  getCustomizationQuerySchema,
  queryCustomizationsRequestSchema,
  queryCustomizationsResponseSchema,
  removeChoicesRequestSchema,
  reorderChoicesRequestSchema,
  setChoicesRequestSchema,
  updateChoicesRequestSchema,
  updateCustomizationRequestSchema,
} from '@atrium/contract/stores/customizations';
import {
  v3CountRequestSchema,
  v3CountResponseSchema,
  v3EmptyResponseSchema,
} from '@atrium/contract/stores/v3-entities-common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { CustomizationsService } from './customizations.service.ts';
import { storesAccess } from './stores-access.ts';

const tags = ['stores: customizations'];
const base = '/stores/v3/customizations';
const bulk = '/stores/v3/bulk/customizations';
const params = z.object({ customizationId: z.uuid() });
const manage = { access: storesAccess.manage };
const read = { access: storesAccess.read };
const one = { 200: customizationResponseSchema, ...errorResponses };
const many = { 200: bulkCustomizationsResponseSchema, ...errorResponses };

/** Catalog v3 customizations: `/stores/v3/customizations`, their choices and bulk calls. */
export const customizationsRoutes: FastifyPluginAsyncZod<{ service: CustomizationsService }> = async (
  app,
  { service },
) => {
  app.post(
    base,
    {
      config: manage,
      schema: {
        summary: 'Create a product option or modifier',
        tags,
        body: createCustomizationRequestSchema,
        response: one,
      },
    },
    async (request) => ({ customization: await service.create(request.ctx, request.body.customization) }),
  );
  postWithGetForm(app, `${base}/query`, {
    access: storesAccess.read,
    summary: 'Query customizations (cursor paging)',
    tags,
    body: queryCustomizationsRequestSchema,
    response: queryCustomizationsResponseSchema,
    handler: (request, body) => service.query(request.ctx, body.query, body.fields),
  });
  app.post(
    `${base}/count`,
    {
      config: read,
      schema: {
        summary: 'Count customizations',
        tags,
        body: v3CountRequestSchema,
        response: { 200: v3CountResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ count: await service.count(request.ctx, request.body.filter) }),
  );
  app.get(
    `${base}/:customizationId`,
    {
      config: read,
      schema: {
        summary: 'Get a customization',
        tags,
        params,
        querystring: getCustomizationQuerySchema,
        response: one,
      },
    },
    async (request) => ({
      customization: await service.get(request.ctx, request.params.customizationId, request.query.fields),
    }),
  );
  app.patch(
    `${base}/:customizationId`,
    {
      config: manage,
      schema: {
        summary: 'Update a customization (send its revision)',
        description: 'Changes the name and free-text settings; choices change through the choice calls.',
        tags,
        params,
        body: updateCustomizationRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      customization: await service.update(
        request.ctx,
        request.params.customizationId,
        request.body.customization,
        request.body.fields,
      ),
    }),
  );
  app.delete(
    `${base}/:customizationId`,
    {
      config: manage,
      schema: {
        summary: 'Delete a customization no product uses',
        tags,
        params,
        response: { 200: v3EmptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.ctx, request.params.customizationId);
      return {};
    },
  );

  app.post(
    `${base}/:customizationId/add-choices`,
    {
      config: manage,
      schema: {
        summary: 'Add choices after the existing ones',
        tags,
        params,
        body: addChoicesRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      customization: await service.addChoices(
        request.ctx,
        request.params.customizationId,
        request.body.choices,
        request.body.fields,
      ),
    }),
  );
  app.post(
    `${base}/:customizationId/set-choices`,
    {
      config: manage,
      schema: { summary: 'Replace the choices', tags, params, body: setChoicesRequestSchema, response: one },
    },
    async (request) => ({
      customization: await service.setChoices(
        request.ctx,
        request.params.customizationId,
        request.body.choices,
        request.body.fields,
      ),
    }),
  );
  app.post(
    `${base}/:customizationId/remove-choices`,
    {
      config: manage,
      schema: { summary: 'Remove choices', tags, params, body: removeChoicesRequestSchema, response: one },
    },
    async (request) => ({
      customization: await service.removeChoices(
        request.ctx,
        request.params.customizationId,
        request.body.choiceIds,
        {
          revision: request.body.revision,
          fields: request.body.fields,
        },
      ),
    }),
  );
  app.post(
    `${base}/:customizationId/update-choices`,
    {
      config: manage,
      schema: {
        summary: 'Update choices by id',
        tags,
        params,
        body: updateChoicesRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      customization: await service.updateChoices(
        request.ctx,
        request.params.customizationId,
        request.body.choices.map((item) => item.choice),
        { revision: request.body.revision, fields: request.body.fields },
      ),
    }),
  );
  app.post(
    `${base}/:customizationId/reorder-choices`,
    {
      config: manage,
      schema: {
        summary: 'Put the choices in a new order',
        tags,
        params,
        body: reorderChoicesRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      customization: await service.reorderChoices(
        request.ctx,
        request.params.customizationId,
        request.body.choiceIds,
        { revision: request.body.revision, fields: request.body.fields },
      ),
    }),
  );

  app.post(
    `${bulk}/create`,
    {
      config: manage,
      schema: {
        summary: 'Create several customizations',
        tags,
        body: bulkCreateCustomizationsRequestSchema,
        response: many,
      },
    },
    async (request) =>
      service.bulkCreate(request.ctx, request.body.customizations, request.body.returnEntity ?? false),
  );
  app.post(
    `${bulk}/update`,
    {
      config: manage,
      schema: {
        summary: 'Update several customizations',
        tags,
        body: bulkUpdateCustomizationsRequestSchema,
        response: many,
      },
    },
    async (request) =>
      service.bulkUpdate(
        request.ctx,
        request.body.customizations.map((item) => item.customization),
        { returnEntity: request.body.returnEntity ?? false, fields: request.body.fields },
      ),
  );
  app.post(
    `${bulk}/add-choices`,
    {
      config: manage,
      schema: {
        summary: 'Add choices to several customizations',
        tags,
        body: bulkAddChoicesRequestSchema,
        response: many,
      },
    },
    async (request) =>
      service.bulkAddChoices(request.ctx, request.body.customizationsChoices, {
        returnEntity: request.body.returnEntity ?? false,
        fields: request.body.fields,
      }),
  );
};
