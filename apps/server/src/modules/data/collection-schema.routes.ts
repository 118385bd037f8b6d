import { z } from 'zod';
import { collectionResponseSchema } from '@atrium/contract/data';
import {
  addNamedPluginRequestSchema,
  addPluginRequestSchema,
  deleteFieldRequestSchema,
  deleteNamedPluginRequestSchema,
  deletePluginRequestSchema,
  fieldRequestSchema,
  patchCollectionRequestSchema,
  dataPluginSchema,
  patchFieldRequestSchema,
  type DataPluginType,
} from '@atrium/contract/data-schema-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidField } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { RouteAccess } from '../../platform/http/request-context.ts';
import type { CollectionSchemaService } from './collection-schema.service.ts';

const tags = ['data'];
const schemaManagers: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER', 'ADMIN'],
  scopes: ['data.collections.manage'],
};
const collectionParams = z.object({ dataCollectionId: z.string().min(1).max(256) });
const wrappedResponse = z.object({ dataCollection: collectionResponseSchema.shape.collection });
const responses = { 200: wrappedResponse, ...errorResponses };

/** The typed plugin calls of the official client: path segment, plugin type and the body key of its options. */
const namedPlugins: Array<{ path: string; type: DataPluginType; optionsKey: string; pluginKey?: string }> = [
  { path: 'publish', type: 'PUBLISH', optionsKey: 'publishOptions' },
  { path: 'urlized', type: 'URLIZED', optionsKey: 'urlizedOptions' },
  { path: 'multilingual', type: 'MULTILINGUAL', optionsKey: 'multilingualOptions' },
  { path: 'cms', type: 'CMS', optionsKey: 'cmsOptions' },
  { path: 'catalog', type: 'CATALOG', optionsKey: 'catalogOptions' },
  { path: 'draft-items', type: 'DRAFT_ITEMS', optionsKey: 'draftItemsOptions' },
];

function objectOrEmpty(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidField(field, 'must be an object');
  return value as Record<string, unknown>;
}

export const collectionSchemaRoutes: FastifyPluginAsyncZod<{ schema: CollectionSchemaService }> = async (
  app,
  { schema },
) => {
  const config = { access: schemaManagers };

  app.post(
    '/data/v2/collections/create-field',
    {
      config,
      schema: { summary: 'Add a field to a collection', tags, body: fieldRequestSchema, response: responses },
    },
    async (request) => schema.createField(request.ctx, request.body.dataCollectionId, request.body.field),
  );
  app.post(
    '/data/v2/collections/update-field',
    {
      config,
      schema: {
        summary: 'Replace a field of a collection',
        tags,
        body: fieldRequestSchema,
        response: responses,
      },
    },
    async (request) => schema.updateField(request.ctx, request.body.dataCollectionId, request.body.field),
  );
  app.patch(
    '/data/v2/collections/:dataCollectionId/patch-field',
    {
      config,
      schema: {
        summary: 'Change some properties of a field',
        tags,
        params: collectionParams,
        body: patchFieldRequestSchema,
        response: responses,
      },
    },
    async (request) => schema.patchField(request.ctx, request.params.dataCollectionId, request.body.field),
  );
  app.post(
    '/data/v2/collections/delete-field',
    {
      config,
      schema: {
        summary: 'Remove a field declaration',
        tags,
        body: deleteFieldRequestSchema,
        response: responses,
      },
    },
    async (request) => schema.deleteField(request.ctx, request.body.dataCollectionId, request.body.fieldKey),
  );
  app.patch(
    '/data/v2/collections/:dataCollectionId',
    {
      config,
      schema: {
        summary: 'Change some properties of a collection',
        tags,
        params: collectionParams,
        body: patchCollectionRequestSchema,
        response: responses,
      },
    },
    async (request) =>
      schema.patch(request.ctx, request.params.dataCollectionId, request.body.dataCollection),
  );
  app.post(
    '/data/v2/collections/restore/:dataCollectionId',
    {
      config,
      schema: {
        summary: 'Restore a deleted collection with its items (kept 7 days after deletion)',
        tags,
        params: collectionParams,
        response: responses,
      },
    },
    async (request) => schema.restore(request.ctx, request.params.dataCollectionId),
  );
  app.post(
    '/data/v2/collections/add-plugin',
    {
      config,
      schema: {
        summary: 'Add a plugin to a collection',
        tags,
        body: addPluginRequestSchema,
        response: responses,
      },
    },
    async (request) => schema.addPlugin(request.ctx, request.body.dataCollectionId, request.body.plugin),
  );
  app.post(
    '/data/v2/collections/delete-plugin',
    {
      config,
      schema: {
        summary: 'Remove a plugin from a collection',
        tags,
        body: deletePluginRequestSchema,
        response: responses,
      },
    },
    async (request) =>
      schema.deletePlugin(request.ctx, request.body.dataCollectionId, request.body.pluginType),
  );

  for (const named of namedPlugins) {
    app.post(
      `/data/v2/collections/add-${named.path}-plugin`,
      {
        config,
        schema: {
          summary: `Add the ${named.type} plugin to a collection`,
          tags,
          body: addNamedPluginRequestSchema,
          response: responses,
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown> & { dataCollectionId: string };
        const options = objectOrEmpty(body[named.optionsKey], named.optionsKey);
        const parsed = dataPluginSchema.safeParse({ type: named.type, [named.optionsKey]: options });
        if (!parsed.success)
          throw invalidField(named.optionsKey, parsed.error.issues[0]?.message ?? 'invalid');
        return schema.addPlugin(request.ctx, body.dataCollectionId, parsed.data);
      },
    );
    app.post(
      `/data/v2/collections/delete-${named.path}-plugin`,
      {
        config,
        schema: {
          summary: `Remove the ${named.type} plugin from a collection`,
          tags,
          body: deleteNamedPluginRequestSchema,
          response: responses,
        },
      },
      async (request) => schema.deletePlugin(request.ctx, request.body.dataCollectionId, named.type),
    );
  }
};
