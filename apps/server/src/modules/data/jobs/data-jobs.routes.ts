import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  dataJobErrorCodes,
  dataJobErrorsQuerySchema,
  dataJobErrorsResponseSchema,
  dataJobMediaTypes,
  dataJobResponseSchema,
  exportJobRequestSchema,
  importJobQuerySchema,
  type DataJobFormat,
} from '@atrium/contract/data-jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../platform/errors/app-error.ts';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { DataJobsService } from './data-jobs.service.ts';

const tags = ['data'];

/** Moving a whole collection in or out is the owner's, an admin's or an app's (scope `data.jobs`). */
export const dataJobsAccess: RouteAccess = {
  identities: ['WIX_USER', 'APP'],
  roles: ['OWNER', 'ADMIN'],
  scopes: ['data.jobs'],
};

const jobParams = z.object({ jobId: z.uuid() });

/** Media type → format of an upload; `application/jsonl` is accepted as a synonym of NDJSON. */
const uploadTypes: Record<string, DataJobFormat> = {
  'text/csv': 'CSV',
  'application/x-ndjson': 'JSONL',
  'application/jsonl': 'JSONL',
};

export const dataJobsRoutes: FastifyPluginAsyncZod<{ jobs: DataJobsService }> = async (app, { jobs }) => {
  // The upload's body is handed over as the raw stream (this plugin's scope only), so a large file is
  // never buffered: the service stores it in parts as it arrives. The app's body limit does not apply to
  // such a stream; the service enforces its own (413 past `maxImportBytes`).
  app.addContentTypeParser(Object.keys(uploadTypes), (_request, payload, done) => done(null, payload));

  app.post(
    '/data/v2/jobs/import',
    {
      config: { access: dataJobsAccess },
      schema: {
        summary: 'Import a CSV or JSON Lines file into a collection',
        description:
          'The request body is the file itself, with content type text/csv or application/x-ndjson; ' +
          'the collection, mode and (optionally) format are query parameters. Answers the queued job.',
        tags,
        querystring: importJobQuerySchema,
        response: { 202: dataJobResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const bodyFormat = uploadTypes[mediaType];
      const body = request.body as Readable | undefined;
      if (!bodyFormat || !body || typeof (body as Partial<Readable>)[Symbol.asyncIterator] !== 'function') {
        throw new AppError(
          415,
          dataJobErrorCodes.unsupportedMediaType,
          'The body must be the file, with content type text/csv or application/x-ndjson',
        );
      }
      const job = await jobs.startImport(
        request.ctx,
        { ...request.query, format: request.query.format ?? bodyFormat },
        body,
      );
      return reply.status(202).send({ job });
    },
  );

  app.post(
    '/data/v2/jobs/export',
    {
      config: { access: dataJobsAccess },
      schema: {
        summary: 'Export a collection (optionally filtered) as a CSV or JSON Lines file',
        tags,
        body: exportJobRequestSchema,
        response: { 202: dataJobResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ job: await jobs.startExport(request.ctx, request.body) }),
  );

  app.get(
    '/data/v2/jobs/:jobId',
    {
      config: { access: dataJobsAccess },
      schema: {
        summary: 'A data job: status and counts',
        tags,
        params: jobParams,
        response: { 200: dataJobResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ job: await jobs.get(request.ctx, request.params.jobId) }),
  );

  app.get(
    '/data/v2/jobs/:jobId/errors',
    {
      config: { access: dataJobsAccess },
      schema: {
        summary: "An import's per-row errors, by row number",
        tags,
        params: jobParams,
        querystring: dataJobErrorsQuerySchema,
        response: { 200: dataJobErrorsResponseSchema, ...errorResponses },
      },
    },
    async (request) => jobs.errors(request.ctx, request.params.jobId, request.query),
  );

  app.get(
    '/data/v2/jobs/:jobId/file',
    {
      config: { access: dataJobsAccess },
      // No response schema: the body is the file's byte stream (errors keep the usual shape).
      schema: { summary: "Download a job's file (streamed)", tags, params: jobParams },
    },
    async (request, reply) => {
      const file = await jobs.file(request.ctx, request.params.jobId);
      return reply
        .type(dataJobMediaTypes[file.format])
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.stream);
    },
  );
};
