import { z } from 'zod';
import {
  createTaskRequestSchema,
  listTasksQuerySchema,
  listTasksResponseSchema,
  taskResponseSchema,
} from '@atrium/contract/data-tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { TasksService } from './tasks.service.ts';

const tags = ['data'];

/** Tasks change or delete many items at once: the owner's, an admin's or an app's (scope `data.tasks`). */
export const tasksAccess: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER', 'ADMIN'],
  scopes: ['data.tasks'],
};

const taskParams = z.object({ taskId: z.string().min(1).max(64) });

export const tasksRoutes: FastifyPluginAsyncZod<{ tasks: TasksService }> = async (app, { tasks }) => {
  const config = { access: tasksAccess };
  app.post(
    '/data/v1/tasks',
    {
      config,
      schema: {
        summary:
          'Start a task over the items of a collection (runs in batches: NEW, RUNNING, COMPLETED or FAILED)',
        tags,
        body: createTaskRequestSchema,
        response: { 200: taskResponseSchema, ...errorResponses },
      },
    },
    async (request) => tasks.create(request.ctx, request.body.task),
  );
  app.get(
    '/data/v1/tasks/:taskId',
    {
      config,
      schema: {
        summary: 'A task: status and counts',
        tags,
        params: taskParams,
        response: { 200: taskResponseSchema, ...errorResponses },
      },
    },
    async (request) => tasks.get(request.ctx, request.params.taskId),
  );
  app.get(
    '/data/v1/tasks',
    {
      config,
      schema: {
        summary: 'List tasks, newest first',
        tags,
        querystring: listTasksQuerySchema,
        response: { 200: listTasksResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      tasks.list(request.ctx, {
        limit: request.query['paging.limit'],
        offset: request.query['paging.offset'],
      }),
  );
  app.delete(
    '/data/v1/tasks/:taskId',
    {
      config,
      schema: {
        summary: 'Cancel a task after its current batch',
        tags,
        params: taskParams,
        response: { 200: taskResponseSchema, ...errorResponses },
      },
    },
    async (request) => tasks.cancel(request.ctx, request.params.taskId),
  );
};
