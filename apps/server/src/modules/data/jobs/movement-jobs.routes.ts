import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  createUploadUrlRequestSchema,
  createUploadUrlResponseSchema,
  dataJobErrorCodes,
  listMovementJobsQuerySchema,
  listMovementJobsResponseSchema,
  movementJobResponseSchema,
  movementLogsQuerySchema,
  movementLogsResponseSchema,
  queryMovementJobsRequestSchema,
  submitMovementJobRequestSchema,
  type DataImportMode,
  type DataJobFormat,
  type DataMovementJob,
  type DataJobStatus,
} from '@atrium/contract/data-jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../../platform/errors/app-error.ts';
import { postWithGetForm } from '../../../platform/http/get-form.ts';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { DataJobsService } from './data-jobs.service.ts';
import { dataJobsAccess } from './data-jobs.routes.ts';
import type { DataJobRow } from './data-jobs.tables.ts';

// The official data-mover client's paths (`/data-mover/v1`, rewritten to `/data/v1/data-mover`): the same
// import and export jobs as `/data/v2/jobs`, described by a source and a destination.

const tags = ['data'];
const base = '/data/v1/data-mover';
const jobParams = z.object({ jobId: z.string().min(1).max(64) });
const finalStatuses: readonly string[] = ['COMPLETED', 'FAILED', 'PARTIALLY_SUCCESSFUL'];

export function toMovementJob(row: DataJobRow): DataMovementJob {
  const format = row.format as DataJobFormat;
  const isImport = row.kind === 'IMPORT';
  const failure = row.failure as { code: string; description: string } | null;
  return {
    id: row.id,
    status: row.status as DataJobStatus,
    source: isImport
      ? { file: { format } }
      : {
          // The export's filter is not answered back: it is the caller's own text, and an id in it would
          // read, in a list of jobs, as if the job held it.
          wixDataCollection: { collectionId: row.collectionId },
        },
    destination: isImport
      ? { wixDataCollection: { collectionId: row.collectionId, writePolicy: row.mode as DataImportMode } }
      : {
          file: {
            format,
            fileName: `${row.collectionId}-${row.id}.${format === 'CSV' ? 'csv' : 'jsonl'}`,
            url: `/data/v2/jobs/${row.id}/file`,
          },
        },
    startedAt: row.createdDate.toISOString(),
    finishedAt: row.completedDate?.toISOString() ?? null,
    progress: {
      current: row.totalRows,
      total: finalStatuses.includes(row.status) ? row.totalRows : null,
      units: 'ITEMS',
      itemsRejected: row.failedRows,
      itemsSuccessful: row.insertedRows + row.updatedRows + row.skippedRows,
      itemsSuccessfulInfo: { itemsCreated: row.insertedRows, itemsUpdated: row.updatedRows },
    },
    ...(failure ? { error: failure } : {}),
    sourceSiteId: row.siteId,
    destinationSiteId: row.siteId,
    logsRecorded: row.failedRows,
  };
}

/** Cursors are the next offset, as text (the list has no other order than newest first). */
function offsetOf(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const offset = Number(cursor);
  if (!Number.isInteger(offset) || offset < 0)
    throw badRequest('INVALID_CURSOR', 'The cursor is not one this server gave');
  return offset;
}

function page<T>(rows: T[], limit: number, offset: number) {
  const hasNext = rows.length > limit;
  const kept = rows.slice(0, limit);
  return {
    kept,
    pagingMetadata: {
      count: kept.length,
      cursors: {
        next: hasNext ? String(offset + limit) : null,
        prev: offset > 0 ? String(Math.max(0, offset - limit)) : null,
      },
      hasNext,
    },
  };
}

/** The filter queryJobs takes: by `id` or `status`, each a value or `{$in: [...]}`. */
function jobFilter(filter: Record<string, unknown> | null | undefined) {
  const values = (key: string): string[] | undefined => {
    const value = filter?.[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return [value];
    const list = (value as { $in?: unknown; $eq?: unknown })?.$in ?? [(value as { $eq?: unknown })?.$eq];
    if (Array.isArray(list) && list.every((entry) => typeof entry === 'string')) return list as string[];
    throw badRequest('INVALID_FILTER', `query.filter.${key} must be a string, {$eq} or {$in: [...]}`);
  };
  const unknown = Object.keys(filter ?? {}).filter((key) => key !== 'id' && key !== 'status');
  if (unknown.length > 0)
    throw badRequest('INVALID_FILTER', `Jobs are filtered by id and status only, not ${unknown.join(', ')}`);
  return { ids: values('id'), statuses: values('status') };
}

const uploadTypes = [
  'text/csv',
  'application/x-ndjson',
  'application/jsonl',
  'application/octet-stream',
  'text/plain',
];

export const movementJobsRoutes: FastifyPluginAsyncZod<{ jobs: DataJobsService }> = async (app, { jobs }) => {
  const config = { access: dataJobsAccess };
  app.addContentTypeParser(uploadTypes, (_request, payload, done) => done(null, payload));

  app.post(
    `${base}/temporary-files/upload-url`,
    {
      config,
      schema: {
        summary: 'A URL to upload a file to import (PUT the file to it within an hour)',
        tags,
        body: createUploadUrlRequestSchema,
        response: { 200: createUploadUrlResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const fileId = await jobs.startUpload(request.ctx, request.body.fileName);
      const origin = `${request.protocol}://${request.host}`;
      return { fileId, uploadUrl: `${origin}${base}/temporary-files/${fileId}` };
    },
  );

  app.put(
    `${base}/temporary-files/:fileId`,
    {
      // The unguessable file id, made for an authenticated caller a moment ago, is the credential (as
      // a pre-signed URL's signature is); the file is stored once and only ever imported into that site.
      config: { access: { public: true } },
      schema: {
        summary: 'Upload the file of a temporary-file URL (the body is the file)',
        tags,
        params: z.object({ fileId: z.uuid() }),
        response: { 200: z.object({}), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Partial<Readable>)[Symbol.asyncIterator] !== 'function') {
        throw new AppError(
          415,
          dataJobErrorCodes.unsupportedMediaType,
          'The body must be the file (text/csv or application/x-ndjson)',
        );
      }
      await jobs.storeUpload(request.params.fileId, body);
      return {};
    },
  );

  app.post(
    `${base}/jobs`,
    {
      config,
      schema: {
        summary: 'Submit a movement: an uploaded file into a collection, or a collection into a file',
        tags,
        body: submitMovementJobRequestSchema,
        response: { 200: movementJobResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { source, destination, name } = request.body;
      const format = (value: string | null | undefined) =>
        value === 'JSONL' ? 'JSONL' : value === 'CSV' ? 'CSV' : undefined;
      if (source.file?.fileId && destination.wixDataCollection) {
        const row = await jobs.importUpload(request.ctx, source.file.fileId, {
          dataCollectionId: destination.wixDataCollection.collectionId,
          mode: destination.wixDataCollection.writePolicy ?? 'SKIP_EXISTING',
          format: format(source.file.format),
        });
        return { job: { ...toMovementJob(row), ...(name ? { name } : {}) } };
      }
      if (source.wixDataCollection && destination.file) {
        const started = await jobs.startExport(request.ctx, {
          dataCollectionId: source.wixDataCollection.collectionId,
          format: format(destination.file.format) ?? 'CSV',
          filter: source.wixDataCollection.filter ?? null,
        });
        return {
          job: { ...toMovementJob(await jobs.row(request.ctx, started.id)), ...(name ? { name } : {}) },
        };
      }
      throw new AppError(
        400,
        dataJobErrorCodes.unsupportedMovement,
        'Atrium moves an uploaded file (source.file.fileId) into a collection, or a collection into a file; ' +
          'file URLs, collection-to-collection, localization and spreadsheets are not supported',
      );
    },
  );

  app.get(
    `${base}/jobs/:jobId`,
    {
      config,
      schema: {
        summary: 'A movement job',
        tags,
        params: jobParams,
        response: { 200: movementJobResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ job: toMovementJob(await jobs.row(request.ctx, request.params.jobId)) }),
  );

  app.get(
    `${base}/jobs`,
    {
      config,
      schema: {
        summary: 'Movement jobs, newest first',
        tags,
        querystring: listMovementJobsQuerySchema,
        response: { 200: listMovementJobsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const limit = request.query['paging.limit'] ?? 50;
      const offset = offsetOf(request.query['paging.cursor']);
      const rows = await jobs.list(request.ctx, {}, limit + 1, offset);
      const { kept, pagingMetadata } = page(rows, limit, offset);
      return { jobs: kept.map(toMovementJob), pagingMetadata };
    },
  );

  postWithGetForm(app, `${base}/jobs/query`, {
    summary: 'Query movement jobs by id or status',
    tags,
    access: dataJobsAccess,
    body: queryMovementJobsRequestSchema,
    response: listMovementJobsResponseSchema,
    handler: async (request, body) => {
      const limit = body.query?.cursorPaging?.limit ?? 50;
      const offset = offsetOf(body.query?.cursorPaging?.cursor);
      const rows = await jobs.list(request.ctx, jobFilter(body.query?.filter), limit + 1, offset);
      const { kept, pagingMetadata } = page(rows, limit, offset);
      return { jobs: kept.map(toMovementJob), pagingMetadata };
    },
  });

  app.get(
    `${base}/jobs/:jobId/logs`,
    {
      config,
      schema: {
        summary: "A job's per-item failures, by row",
        tags,
        params: jobParams,
        querystring: movementLogsQuerySchema,
        response: { 200: movementLogsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const limit = request.query['paging.limit'] ?? 50;
      const afterRow = offsetOf(request.query['paging.cursor']);
      const { errors, hasNext } = await jobs.errors(request.ctx, request.params.jobId, { afterRow, limit });
      return {
        logs: errors.map((error) => ({
          ...(error.itemId ? { sourceItemId: error.itemId } : {}),
          failure: { code: error.code, description: error.description },
          details: { rowNumber: error.rowNumber },
        })),
        pagingMetadata: {
          count: errors.length,
          cursors: { next: hasNext ? String(errors[errors.length - 1]!.rowNumber) : null, prev: null },
          hasNext,
        },
      };
    },
  );

  app.post(
    `${base}/jobs/:jobId/terminate`,
    {
      config,
      schema: {
        summary: 'Terminate a job before its next chunk (what it wrote stays)',
        tags,
        params: jobParams,
        response: { 200: movementJobResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ job: toMovementJob(await jobs.terminate(request.ctx, request.params.jobId)) }),
  );
};
