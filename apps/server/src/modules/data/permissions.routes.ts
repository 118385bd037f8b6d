import { z } from 'zod';
import {
  addSpecialPermissionsRequestSchema,
  dataPermissionsResponseSchema,
  getPermissionsQuerySchema,
  myPermissionsResponseSchema,
  specialPermissionsResponseSchema,
  updatePermissionsRequestSchema,
  updateSpecialPermissionsRequestSchema,
} from '@atrium/contract/data-permissions-v1';
import { emptyResponseSchema } from '@atrium/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { RouteAccess } from '../../platform/http/request-context.ts';
import type { PermissionsService } from './permissions.service.ts';

const tags = ['data'];
const managers: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER', 'ADMIN'],
  scopes: ['data.collections.manage'],
};
/** Anyone may ask what they themselves may do (the answer is about the caller only). */
const anyCaller: RouteAccess = {
  identities: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'],
  scopes: ['data.items.read', 'data.items.write'],
};
const ruleParams = z.object({ specialPermissionsId: z.string().min(1).max(64) });

export const permissionsRoutes: FastifyPluginAsyncZod<{ permissions: PermissionsService }> = async (
  app,
  { permissions },
) => {
  const config = { access: managers };
  app.get(
    '/data/v1/permissions',
    {
      config,
      schema: {
        summary: "A collection's access levels and special permissions",
        tags,
        querystring: getPermissionsQuerySchema,
        response: { 200: dataPermissionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => permissions.get(request.ctx, request.query.dataCollectionId),
  );
  app.post(
    '/data/v1/permissions',
    {
      config,
      schema: {
        summary: "Change a collection's access levels (those given)",
        tags,
        body: updatePermissionsRequestSchema,
        response: { 200: dataPermissionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => permissions.update(request.ctx, request.body.dataPermissions),
  );
  app.post(
    '/data/v1/permissions/special',
    {
      config,
      schema: {
        summary: 'Add special permissions for one subject (ALLOWED or DENIED per action; DENIED wins)',
        tags,
        body: addSpecialPermissionsRequestSchema,
        response: { 200: specialPermissionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      permissions.addSpecial(request.ctx, request.body.dataCollectionId, request.body.specialPermissions),
  );
  app.post(
    '/data/v1/permissions/special/:specialPermissionsId',
    {
      config,
      schema: {
        summary: 'Replace special permissions',
        tags,
        params: ruleParams,
        body: updateSpecialPermissionsRequestSchema,
        response: { 200: specialPermissionsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      permissions.updateSpecial(
        request.ctx,
        request.params.specialPermissionsId,
        request.body.specialPermissions,
      ),
  );
  app.delete(
    '/data/v1/permissions/special/:specialPermissionsId',
    {
      config,
      schema: {
        summary: 'Remove special permissions',
        tags,
        params: ruleParams,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => permissions.removeSpecial(request.ctx, request.params.specialPermissionsId),
  );
  app.get(
    '/data/v1/permissions/current',
    {
      config: { access: anyCaller },
      schema: {
        summary: "What the caller may do with a collection's items",
        tags,
        querystring: getPermissionsQuerySchema,
        response: { 200: myPermissionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => permissions.mine(request.ctx, request.query.dataCollectionId),
  );
};
