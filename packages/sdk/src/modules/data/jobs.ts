import {
  dataJobMediaTypes,
  type DataImportMode,
  type DataJob,
  type DataJobFormat,
  type DataJobStatus,
} from '@atrium/contract/data-jobs';
import { defineModule, type ClientContext, type RequestOptions } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { DataError, dataMessages, toDataError, unknownErrorCode, validationError } from './errors.ts';
import { dataBasePath } from './transport.ts';

export type { DataImportMode, DataJob, DataJobFormat, DataJobStatus };

/** One refused row of an import (1-based row of the file, header not counted). */
export interface DataJobError {
  rowNumber: number;
  itemId: string | null;
  code: string;
  description: string;
}

const finalStatuses: ReadonlySet<DataJobStatus> = new Set(['COMPLETED', 'FAILED', 'PARTIALLY_SUCCESSFUL']);

async function call<T>(context: ClientContext, operation: string, request: RequestOptions) {
  try {
    return await context.request<T>(request);
  } catch (error) {
    throw toDataError(error, operation);
  }
}

function requireString(value: unknown, name: string, operation: string): void {
  if (typeof value !== 'string' || value === '')
    throw validationError(dataMessages.isNonEmptyString(name), operation);
}

function jobPath(jobId: string) {
  return `${dataBasePath}/jobs/${encodeURIComponent(jobId)}`;
}

/**
 * Import and export jobs: a whole collection in or out as CSV or JSONL, run in the background. Needs the
 * owner, an admin or an app with the `data.jobs` scope.
 * @example
 * const job = await client.jobs.importFile('Posts', csvText, { format: 'CSV', mode: 'SKIP_EXISTING' });
 * const done = await client.jobs.waitForJob(job.id);
 * if (done.failedRows > 0) console.log((await client.jobs.listJobErrors(job.id)).errors);
 */
export const jobs = defineModule({
  /** Uploads a file and starts its import; the answer is the job as it starts (poll it with `waitForJob`). */
  importFile:
    (context) =>
    async (
      dataCollectionId: string,
      file: string | Uint8Array<ArrayBuffer>,
      options: { format: DataJobFormat; mode: DataImportMode },
    ): Promise<WithDates<DataJob>> => {
      requireString(dataCollectionId, 'dataCollectionId', 'jobs.importFile');
      const answer = await call<{ job: DataJob }>(context, 'jobs.importFile', {
        method: 'POST',
        path: `${dataBasePath}/jobs/import`,
        query: { dataCollectionId, mode: options.mode, format: options.format },
        rawBody: { contentType: dataJobMediaTypes[options.format], data: file },
      });
      return answer.job;
    },

  /** Starts an export of the items a filter (as a query takes it) matches, or of every item. */
  exportItems:
    (context) =>
    async (
      dataCollectionId: string,
      options: { format: DataJobFormat; filter?: Record<string, unknown> },
    ): Promise<WithDates<DataJob>> => {
      requireString(dataCollectionId, 'dataCollectionId', 'jobs.exportItems');
      const answer = await call<{ job: DataJob }>(context, 'jobs.exportItems', {
        method: 'POST',
        path: `${dataBasePath}/jobs/export`,
        body: {
          dataCollectionId,
          format: options.format,
          ...(options.filter ? { filter: options.filter } : {}),
        },
      });
      return answer.job;
    },

  getJob:
    (context) =>
    async (jobId: string): Promise<WithDates<DataJob>> => {
      requireString(jobId, 'jobId', 'jobs.getJob');
      return (await call<{ job: DataJob }>(context, 'jobs.getJob', { method: 'GET', path: jobPath(jobId) }))
        .job;
    },

  /** Polls the job until it is COMPLETED, FAILED or PARTIALLY_SUCCESSFUL. */
  waitForJob:
    (context) =>
    async (jobId: string, options: { intervalMs?: number; timeoutMs?: number } = {}) => {
      requireString(jobId, 'jobId', 'jobs.waitForJob');
      const deadline = Date.now() + (options.timeoutMs ?? 120_000);
      for (;;) {
        const { job } = await call<{ job: DataJob }>(context, 'jobs.waitForJob', {
          method: 'GET',
          path: jobPath(jobId),
        });
        if (finalStatuses.has(job.status)) return job;
        if (Date.now() > deadline) {
          throw new DataError(unknownErrorCode, `Job ${jobId} is still ${job.status}`, {
            operation: 'jobs.waitForJob',
          });
        }
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
      }
    },

  /** The rows an import refused, in row order; page with `afterRow` (the last row number seen). */
  listJobErrors:
    (context) =>
    async (jobId: string, options: { afterRow?: number; limit?: number } = {}) => {
      requireString(jobId, 'jobId', 'jobs.listJobErrors');
      return call<{ errors: DataJobError[]; total: number; hasNext: boolean }>(
        context,
        'jobs.listJobErrors',
        {
          method: 'GET',
          path: `${jobPath(jobId)}/errors`,
          query: {
            ...(options.afterRow !== undefined ? { afterRow: options.afterRow } : {}),
            ...(options.limit !== undefined ? { limit: options.limit } : {}),
          },
        },
      );
    },

  /** The exported file (once COMPLETED) or an import's uploaded file, as text. */
  downloadFile:
    (context) =>
    async (jobId: string): Promise<string> => {
      requireString(jobId, 'jobId', 'jobs.downloadFile');
      return call<string>(context, 'jobs.downloadFile', {
        method: 'GET',
        path: `${jobPath(jobId)}/file`,
        responseText: true,
      }) as Promise<string>;
    },
});
