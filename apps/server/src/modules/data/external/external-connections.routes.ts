import { z } from 'zod';
import {
  createExternalConnectionRequestSchema,
  externalConnectionCollectionsResponseSchema,
  externalConnectionResponseSchema,
  listExternalConnectionsQuerySchema,
  listExternalConnectionsResponseSchema,
  updateExternalConnectionRequestSchema,
} from '@atrium/contract/data-external-connections';
import { emptyResponseSchema } from '@atrium/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { ExternalConnectionsService } from './external-connections.service.ts';

const tags = ['data'];
const base = '/data/v1/external-database-connections';
const managers: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER', 'ADMIN'],
  scopes: ['data.collections.manage'],
};
const nameParams = z.object({ name: z.string().min(1).max(100) });

export const externalConnectionsRoutes: FastifyPluginAsyncZod<{
  connections: ExternalConnectionsService;
}> = async (app, { connections }) => {
  const config = { access: managers };
  const one = { 200: externalConnectionResponseSchema, ...errorResponses };
  app.post(
    base,
    {
      config,
      schema: {
        summary: 'Connect an external database adapter (checked at once; the outcome is in connectionStatus)',
        tags,
        body: createExternalConnectionRequestSchema,
        response: one,
      },
    },
    async (request) => connections.create(request.ctx, request.body.externalDatabaseConnection),
  );
  app.get(
    `${base}/:name`,
    {
      config,
      schema: { summary: 'An external database connection', tags, params: nameParams, response: one },
    },
    async (request) => connections.get(request.ctx, request.params.name),
  );
  app.get(
    `${base}/:name/collections`,
    {
      config,
      schema: {
        summary: "The collections a connection's adapter serves (asked of the adapter now)",
        tags,
        params: nameParams,
        response: { 200: externalConnectionCollectionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => connections.collections(request.ctx, request.params.name),
  );
  app.get(
    base,
    {
      config,
      schema: {
        summary: 'External database connections',
        tags,
        querystring: listExternalConnectionsQuerySchema,
        response: { 200: listExternalConnectionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      connections.list(request.ctx, {
        limit: request.query['paging.limit'],
        offset: request.query['paging.offset'],
      }),
  );
  app.put(
    `${base}/:name`,
    {
      config,
      schema: {
        summary: 'Change a connection (and check it again)',
        tags,
        params: nameParams,
        body: updateExternalConnectionRequestSchema,
        response: one,
      },
    },
    async (request) =>
      connections.update(request.ctx, request.params.name, request.body.externalDatabaseConnection),
  );
  app.delete(
    `${base}/:name`,
    {
      config,
      schema: {
        summary: 'Remove a connection',
        tags,
        params: nameParams,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => connections.remove(request.ctx, request.params.name),
  );
};
