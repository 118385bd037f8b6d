import { z } from 'zod';
import {
  backupResponseSchema,
  listBackupsQuerySchema,
  listBackupsResponseSchema,
  listRestorationsQuerySchema,
  listRestorationsResponseSchema,
  partialRestoreRequestSchema,
  restorationResponseSchema,
} from '@atrium/contract/data-backups';
import { emptyResponseSchema } from '@atrium/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { BackupsService } from './backups.service.ts';

const tags = ['data'];

/** Backups copy and replace whole collections: the owner's, an admin's or an app's (scope `data.backups`). */
export const backupsAccess: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER', 'ADMIN'],
  scopes: ['data.backups'],
};

const backupParams = z.object({ backupId: z.string().min(1).max(64) });

export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupsService }> = async (app, { backups }) => {
  const config = { access: backupsAccess };

  app.post(
    '/data/v2/backups',
    {
      config,
      schema: {
        summary: 'Take a backup of every collection (a job: PENDING, then READY or FAILED)',
        tags,
        response: { 200: backupResponseSchema, ...errorResponses },
      },
    },
    async (request) => backups.create(request.ctx),
  );
  app.get(
    '/data/v2/backups',
    {
      config,
      schema: {
        summary: 'List backups, newest first',
        tags,
        querystring: listBackupsQuerySchema,
        response: { 200: listBackupsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      backups.list(request.ctx, {
        status: request.query.status,
        type: request.query.type,
        limit: request.query['paging.limit'],
        offset: request.query['paging.offset'],
      }),
  );
  app.delete(
    '/data/v2/backups/:backupId',
    {
      config,
      schema: {
        summary: 'Delete a backup (a pending one is canceled)',
        tags,
        params: backupParams,
        response: { 200: emptyResponseSchema, ...errorResponses },
      },
    },
    async (request) => backups.remove(request.ctx, request.params.backupId),
  );
  app.get(
    '/data/v2/backups/restorations',
    {
      config,
      schema: {
        summary: 'List restorations, newest first',
        tags,
        querystring: listRestorationsQuerySchema,
        response: { 200: listRestorationsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      backups.listRestorations(request.ctx, {
        status: request.query.status,
        limit: request.query['paging.limit'],
        offset: request.query['paging.offset'],
      }),
  );
  app.post(
    '/data/v2/backups/:backupId/restore',
    {
      config,
      schema: {
        summary: 'Restore every collection of a backup (a job: PENDING, then COMPLETED or FAILED)',
        tags,
        params: backupParams,
        response: { 200: restorationResponseSchema, ...errorResponses },
      },
    },
    async (request) => backups.restore(request.ctx, request.params.backupId),
  );
  app.post(
    '/data/v2/backups/:backupId/partial-restore',
    {
      config,
      schema: {
        summary: 'Restore some collections of a backup, optionally under other names',
        tags,
        params: backupParams,
        body: partialRestoreRequestSchema,
        response: { 200: restorationResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      backups.restorePartial(request.ctx, request.params.backupId, request.body.restorationCollections),
  );
};
