import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { dataErrorCodes } from '@atrium/contract/data';
import {
  dataJobErrorCodes,
  dataJobEventNames,
  maxStoredJobErrors,
  type DataImportMode,
  type DataJob,
  type DataJobFormat,
  type DataJobStatus,
} from '@atrium/contract/data-jobs';
import type { Site } from '@atrium/contract/sites';
import { systemClock, type Caller, type RequestContext } from '../../../platform/context.ts';
import type { Database } from '../../../platform/db/database.ts';
import { AppError, notFound } from '../../../platform/errors/app-error.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import { operationDenied } from '../data.errors.ts';
import type { ItemScope } from '../data.repository.ts';
import type { BulkItemsService } from '../items-bulk.service.ts';
import { toWireItem, type ItemsCore, type ItemsService } from '../items.service.ts';
import type { DataJobsRepository, JobCounts, JobErrorRow, NewJobRow } from './data-jobs.repository.ts';
import type { DataJobRow } from './data-jobs.tables.ts';
import { csvColumns, csvPage, jsonlPage, parseCsv, parseJsonl, type ParsedRow } from './file-formats.ts';

/** Items per write: one bulk call (one transaction) each; well under the bulk limit of 1000. */
export const importChunkSize = 500;
/** Items per export page (keyset). */
export const exportPageSize = 1000;
/** Bytes per stored file part. */
export const filePartBytes = 256 * 1024;
/** The largest import upload. The route streams it, so this bounds the database, not memory. */
export const maxImportBytes = 256 * 1024 * 1024;

export const jobNames = { import: 'data.import', export: 'data.export' } as const;

const finalStatuses: readonly DataJobStatus[] = ['COMPLETED', 'FAILED', 'PARTIALLY_SUCCESSFUL'];

const zeroCounts: JobCounts = {
  totalRows: 0,
  insertedRows: 0,
  updatedRows: 0,
  skippedRows: 0,
  failedRows: 0,
  chunkCount: 0,
};

export interface DataJobsDeps {
  repository: DataJobsRepository;
  core: ItemsCore;
  items: ItemsService;
  bulk: BulkItemsService;
  events: Pick<EventBus, 'defineJob' | 'schedule' | 'emit'>;
  transaction: Database['transaction'];
  log?: FastifyBaseLogger;
}

function toWireJob(row: DataJobRow): DataJob {
  return {
    id: row.id,
    kind: row.kind as DataJob['kind'],
    dataCollectionId: row.collectionId,
    format: row.format as DataJobFormat,
    mode: (row.mode as DataImportMode | null) ?? null,
    status: row.status as DataJobStatus,
    totalRows: row.totalRows,
    insertedRows: row.insertedRows,
    updatedRows: row.updatedRows,
    skippedRows: row.skippedRows,
    failedRows: row.failedRows,
    chunkCount: row.chunkCount,
    fileBytes: row.fileBytes,
    failure: (row.failure as DataJob['failure']) ?? null,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    completedDate: row.completedDate?.toISOString() ?? null,
  };
}

function jobNotFound(jobId: string): AppError {
  return notFound('Data job', jobId, dataJobErrorCodes.jobNotFound);
}

/** Writes a byte stream into numbered file parts of about `filePartBytes`. */
function partWriter(repository: DataJobsRepository, jobId: string) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let part = 0;
  let total = 0;
  async function flush() {
    if (pendingBytes === 0) return;
    await repository.appendPart(jobId, part, Buffer.concat(pending));
    part += 1;
    pending = [];
    pendingBytes = 0;
  }
  return {
    get bytes() {
      return total;
    },
    async write(chunk: Buffer) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      total += chunk.length;
      if (pendingBytes >= filePartBytes) await flush();
    },
    end: flush,
  };
}

/**
 * Import and export jobs. A request stores the job and its file, then the queue runs it; the run acts as
 * the caller who started it, through the items services (the same checks, typing, permissions and
 * events as the bulk calls).
 */
export function createDataJobsService(deps: DataJobsDeps) {
  const { repository, core } = deps;

  function fileStream(jobId: string): Readable {
    return Readable.from(
      (async function* () {
        for (let part = 0; ; part += 1) {
          const content = await repository.readPart(jobId, part);
          if (!content) return;
          yield Buffer.from(content);
        }
      })(),
    );
  }

  function jobContext(job: DataJobRow): RequestContext {
    return {
      requestId: `data-job:${job.id}`,
      site: job.site as Site,
      caller: job.caller as Caller,
      log: deps.log ?? (silentLog as unknown as FastifyBaseLogger),
      now: systemClock.now,
    };
  }

  async function loadJob(ctx: RequestContext, jobId: string): Promise<DataJobRow> {
    const job = await repository.findJob(ctx.site.id, jobId);
    // An upload waiting for its import is not a job yet.
    if (!job || job.kind === 'UPLOAD') throw jobNotFound(jobId);
    return job;
  }

  /** Checks, before anything is stored, that the caller may do everything the import mode needs. */
  async function checkImportAccess(ctx: RequestContext, collectionId: string, mode: DataImportMode) {
    await core.open(ctx, collectionId, 'insert');
    if (mode === 'OVERWRITE') await core.open(ctx, collectionId, 'update');
    if (mode === 'TRUNCATE_BEFORE') {
      const remove = await core.open(ctx, collectionId, 'remove');
      if (remove.access.ownerOnly)
        throw operationDenied(collectionId, 'truncate', 'remove permission on every item');
    }
  }

  /**
   * A change of the job's status with its event (job_created when it is queued, job_updated after), in one
   * transaction. Progress counts between status changes are saved without events.
   */
  async function changeStatus(
    jobId: string,
    change: Partial<NewJobRow>,
    eventName: string = dataJobEventNames.updated,
  ) {
    await deps.transaction(async (tx) => {
      const job = await repository.updateJob(jobId, change, tx);
      if (job)
        await deps.events.emit(tx, { name: eventName, siteId: job.siteId, data: { job: toWireJob(job) } });
    });
  }

  async function finish(jobId: string, counts: JobCounts, failure?: { code: string; description: string }) {
    const succeeded = counts.insertedRows + counts.updatedRows + counts.skippedRows;
    const status: DataJobStatus = failure
      ? 'FAILED'
      : counts.failedRows === 0
        ? 'COMPLETED'
        : succeeded === 0
          ? 'FAILED'
          : 'PARTIALLY_SUCCESSFUL';
    await changeStatus(jobId, { ...counts, status, failure: failure ?? null, completedDate: new Date() });
  }

  function failureOf(error: unknown): { code: string; description: string } {
    if (error instanceof AppError) return { code: error.code, description: error.description };
    return { code: 'INTERNAL_ERROR', description: 'The job stopped on an unexpected error' };
  }

  /** A job terminated meanwhile (`terminate`) stops before its next chunk or page. */
  async function stopIfTerminated(jobId: string): Promise<void> {
    const current = await repository.findJobById(jobId);
    if ((current?.failure as { code?: string } | null)?.code === dataJobErrorCodes.terminated) {
      throw new AppError(409, dataJobErrorCodes.terminated, `Job ${jobId} was terminated`);
    }
  }

  async function runImport(jobId: string): Promise<void> {
    const job = await repository.findJobById(jobId);
    // A redelivered run of a finished job does nothing; one of a job that died midway starts over.
    if (!job || finalStatuses.includes(job.status as DataJobStatus)) return;
    const ctx = jobContext(job);
    const collectionId = job.collectionId;
    const mode = job.mode as DataImportMode;
    const counts: JobCounts = { ...zeroCounts };
    await repository.deleteErrors(jobId);
    await changeStatus(jobId, { ...counts, status: 'IN_PROGRESS', failure: null });
    let storedErrors = 0;
    let errors: JobErrorRow[] = [];
    let chunk: Array<ParsedRow & { data: Record<string, unknown> }> = [];

    async function saveErrors() {
      const room = Math.max(0, maxStoredJobErrors - storedErrors);
      const kept = errors.slice(0, room);
      await repository.insertErrors(jobId, kept);
      storedErrors += kept.length;
      errors = [];
    }

    async function writeChunk() {
      if (chunk.length === 0) return;
      await stopIfTerminated(jobId);
      const rows = chunk;
      chunk = [];
      try {
        const result = await deps.bulk.insert(
          ctx,
          collectionId,
          rows.map((row) => ({ data: row.data })),
          { overrideExisting: mode === 'OVERWRITE', returnEntity: false },
        );
        for (const entry of result.results) {
          const meta = entry.itemMetadata;
          const row = rows[meta.originalIndex]!;
          if (meta.success) {
            if (entry.action === 'UPDATE') counts.updatedRows += 1;
            else counts.insertedRows += 1;
          } else if (mode === 'SKIP_EXISTING' && meta.error?.code === dataErrorCodes.itemAlreadyExists) {
            counts.skippedRows += 1;
          } else {
            counts.failedRows += 1;
            errors.push({
              rowNumber: row.rowNumber,
              itemId: meta.id,
              code: meta.error?.code ?? 'UNKNOWN',
              description: meta.error?.description ?? '',
            });
          }
        }
      } catch (error) {
        // A refusal of the whole chunk (e.g. an item too large for the search index) fails its rows, not the job.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        counts.failedRows += rows.length;
        for (const row of rows) {
          errors.push({
            rowNumber: row.rowNumber,
            itemId: null,
            code: error.code,
            description: error.description,
          });
        }
      }
      counts.chunkCount += 1;
      await saveErrors();
      await repository.updateJob(jobId, { ...counts });
    }

    try {
      const call = await core.open(ctx, collectionId, 'insert');
      await checkImportAccess(ctx, collectionId, mode);
      // Chunks commit one by one (an import is never atomic), so emptying the collection first, in its own
      // transaction, leaves the same states a failure midway would: old items gone, a prefix of the file in.
      if (mode === 'TRUNCATE_BEFORE') await deps.items.truncate(ctx, collectionId);
      const input = fileStream(jobId);
      const rows = job.format === 'CSV' ? parseCsv(input, call.schema.fields) : parseJsonl(input);
      for await (const row of rows) {
        counts.totalRows += 1;
        if ('error' in row) {
          counts.failedRows += 1;
          errors.push({ rowNumber: row.rowNumber, itemId: row.itemId ?? null, ...row.error });
          continue;
        }
        chunk.push(row);
        if (chunk.length >= importChunkSize) await writeChunk();
      }
      await writeChunk();
      await saveErrors();
      await finish(jobId, counts);
    } catch (error) {
      ctx.log.error({ err: error, jobId }, 'data import job failed');
      await saveErrors().catch(() => undefined);
      await finish(jobId, counts, failureOf(error));
    }
  }

  /** Puts each item's MULTI_REFERENCE ids (an array, as an import takes them) into its exported data. */
  async function addMultiReferences(
    scope: ItemScope,
    fieldKeys: readonly string[],
    items: Array<Record<string, unknown>>,
  ): Promise<void> {
    const byId = new Map(items.map((item) => [item._id as string, item]));
    const references = await repository.referencesOf(scope, fieldKeys, [...byId.keys()]);
    for (const reference of references) {
      const item = byId.get(reference.referringItemId)!;
      const ids = (item[reference.fieldKey] ??= []) as string[];
      ids.push(reference.referencedItemId);
    }
  }

  async function runExport(jobId: string): Promise<void> {
    const job = await repository.findJobById(jobId);
    if (!job || finalStatuses.includes(job.status as DataJobStatus)) return;
    const ctx = jobContext(job);
    const counts: JobCounts = { ...zeroCounts };
    await repository.deleteParts(jobId);
    await changeStatus(jobId, { ...counts, status: 'IN_PROGRESS', failure: null });
    try {
      const call = await core.open(ctx, job.collectionId, 'read');
      const where = core.filteredWhere(call, job.filter ? core.filterSql(job.filter, ['filter']) : undefined);
      const columns =
        job.format === 'CSV' ? csvColumns(call.schema.fields, await repository.dataKeys(where)) : [];
      const multiReferenceKeys = call.schema.fields
        .filter((field) => field.type === 'MULTI_REFERENCE')
        .map((field) => field.key);
      const writer = partWriter(repository, jobId);
      let afterId: string | undefined;
      for (;;) {
        await stopIfTerminated(jobId);
        const page = await repository.itemPage(where, afterId, exportPageSize);
        if (page.length === 0 && counts.chunkCount > 0) break;
        const items = page.map((row) => toWireItem(job.collectionId, row).data);
        await addMultiReferences(call.scope, multiReferenceKeys, items);
        const text =
          job.format === 'CSV' ? csvPage(items, columns, counts.chunkCount === 0) : jsonlPage(items);
        await writer.write(Buffer.from(text, 'utf8'));
        counts.totalRows += page.length;
        counts.chunkCount += 1;
        await repository.updateJob(jobId, { ...counts });
        if (page.length < exportPageSize) break;
        afterId = page[page.length - 1]!.itemId;
      }
      await writer.end();
      await repository.updateJob(jobId, { fileBytes: writer.bytes });
      await finish(jobId, counts);
    } catch (error) {
      ctx.log.error({ err: error, jobId }, 'data export job failed');
      await finish(jobId, counts, failureOf(error));
    }
  }

  deps.events.defineJob<{ jobId: string }>(jobNames.import, (run) => runImport(run.data.jobId), {
    retryLimit: 1,
    expireInSeconds: 3600,
  });
  deps.events.defineJob<{ jobId: string }>(jobNames.export, (run) => runExport(run.data.jobId), {
    retryLimit: 1,
    expireInSeconds: 3600,
  });

  async function enqueue(job: DataJobRow, name: string) {
    await changeStatus(job.id, { status: 'INITIALIZING' }, dataJobEventNames.created);
    await deps.events.schedule(undefined, {
      name,
      siteId: job.siteId,
      data: { jobId: job.id },
      singletonKey: job.id,
    });
  }

  function newJob(
    ctx: RequestContext,
    fields: Pick<DataJobRow, 'kind' | 'collectionId' | 'format' | 'mode' | 'filter'>,
  ) {
    return repository.insertJob({
      id: randomUUID(),
      siteId: ctx.site.id,
      status: 'UNINITIALIZED',
      site: ctx.site,
      caller: ctx.caller,
      ...fields,
    });
  }

  return {
    runImport,
    runExport,

    /** Stores the uploaded file part by part while it arrives, then queues the import. */
    async startImport(
      ctx: RequestContext,
      input: { dataCollectionId: string; mode: DataImportMode; format: DataJobFormat },
      body: AsyncIterable<Buffer | string>,
    ): Promise<DataJob> {
      await checkImportAccess(ctx, input.dataCollectionId, input.mode);
      const job = await newJob(ctx, {
        kind: 'IMPORT',
        collectionId: input.dataCollectionId,
        format: input.format,
        mode: input.mode,
        filter: null,
      });
      const writer = partWriter(repository, job.id);
      try {
        for await (const chunk of body) {
          await writer.write(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
          if (writer.bytes > maxImportBytes) {
            throw new AppError(
              413,
              dataJobErrorCodes.fileTooLarge,
              `Import files are limited to ${maxImportBytes} bytes`,
            );
          }
        }
        await writer.end();
      } catch (error) {
        // A refused or broken upload leaves nothing behind (the parts go with the job).
        await repository.deleteJob(job.id);
        throw error;
      }
      await repository.updateJob(job.id, { fileBytes: writer.bytes });
      await enqueue(job, jobNames.import);
      return toWireJob((await repository.findJobById(job.id))!);
    },

    async startExport(
      ctx: RequestContext,
      input: { dataCollectionId: string; format: DataJobFormat; filter?: Record<string, unknown> | null },
    ): Promise<DataJob> {
      await core.open(ctx, input.dataCollectionId, 'read');
      // A bad filter is the caller's 400 now, not a failed job later.
      if (input.filter) core.filterSql(input.filter, ['filter']);
      const job = await newJob(ctx, {
        kind: 'EXPORT',
        collectionId: input.dataCollectionId,
        format: input.format,
        mode: null,
        filter: input.filter ?? null,
      });
      await enqueue(job, jobNames.export);
      return toWireJob((await repository.findJobById(job.id))!);
    },

    async get(ctx: RequestContext, jobId: string): Promise<DataJob> {
      return toWireJob(await loadJob(ctx, jobId));
    },

    /** The stored job row (the data-mover routes describe it their way). */
    row: (ctx: RequestContext, jobId: string) => loadJob(ctx, jobId),

    async list(
      ctx: RequestContext,
      filter: { statuses?: string[]; ids?: string[] },
      limit: number,
      offset: number,
    ) {
      return repository.listJobs(ctx.site.id, filter, limit, offset);
    },

    /**
     * A temporary file for a later import (`createFileUploadUrl`): an UPLOAD job holding no file yet, whose
     * unguessable id is the upload URL's only credential, as a pre-signed URL's signature would be.
     */
    async startUpload(ctx: RequestContext, fileName: string | null | undefined): Promise<string> {
      const format: DataJobFormat = /\.(jsonl|ndjson)$/i.test(fileName ?? '') ? 'JSONL' : 'CSV';
      const job = await newJob(ctx, { kind: 'UPLOAD', collectionId: '', format, mode: null, filter: null });
      return job.id;
    },

    /** Stores the file of an upload, once, within an hour of `startUpload`. */
    async storeUpload(fileId: string, body: AsyncIterable<Buffer | string>): Promise<void> {
      const upload = await repository.findJobById(fileId);
      const fresh = upload && Date.now() - upload.createdDate.getTime() < 3600_000;
      if (!upload || upload.kind !== 'UPLOAD' || upload.fileBytes > 0 || !fresh) {
        throw notFound('Upload', fileId, dataJobErrorCodes.uploadNotFound);
      }
      const writer = partWriter(repository, fileId);
      for await (const chunk of body) {
        await writer.write(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
        if (writer.bytes > maxImportBytes) {
          await repository.deleteParts(fileId);
          throw new AppError(
            413,
            dataJobErrorCodes.fileTooLarge,
            `Import files are limited to ${maxImportBytes} bytes`,
          );
        }
      }
      await writer.end();
      await repository.updateJob(fileId, { fileBytes: Math.max(writer.bytes, 1) });
    },

    /** Imports an uploaded temporary file into a collection (the data-mover's file → collection). */
    async importUpload(
      ctx: RequestContext,
      fileId: string,
      input: { dataCollectionId: string; mode: DataImportMode; format?: DataJobFormat },
    ): Promise<DataJobRow> {
      const upload = await repository.findJob(ctx.site.id, fileId);
      if (!upload || upload.kind !== 'UPLOAD' || upload.fileBytes === 0) {
        throw notFound('Upload', fileId, dataJobErrorCodes.uploadNotFound);
      }
      await checkImportAccess(ctx, input.dataCollectionId, input.mode);
      const job = await newJob(ctx, {
        kind: 'IMPORT',
        collectionId: input.dataCollectionId,
        format: input.format ?? upload.format,
        mode: input.mode,
        filter: null,
      });
      await repository.moveParts(fileId, job.id);
      await repository.updateJob(job.id, { fileBytes: upload.fileBytes });
      await repository.deleteJob(fileId);
      await enqueue(job, jobNames.import);
      return (await repository.findJobById(job.id))!;
    },

    /** Stops a job before its next chunk or page; what it wrote stays. A finished job is left as it is. */
    async terminate(ctx: RequestContext, jobId: string): Promise<DataJobRow> {
      const job = await loadJob(ctx, jobId);
      if (finalStatuses.includes(job.status as DataJobStatus)) return job;
      await changeStatus(jobId, {
        status: 'FAILED',
        failure: { code: dataJobErrorCodes.terminated, description: 'Terminated by request' },
        completedDate: new Date(),
      });
      return (await repository.findJobById(jobId))!;
    },

    async errors(ctx: RequestContext, jobId: string, page: { afterRow: number; limit: number }) {
      const job = await loadJob(ctx, jobId);
      const rows = await repository.listErrors(job.id, page.afterRow, page.limit + 1);
      return {
        errors: rows.slice(0, page.limit),
        total: job.failedRows,
        hasNext: rows.length > page.limit,
      };
    },

    /** The job's file: the export once it is done, or the uploaded import file. */
    async file(ctx: RequestContext, jobId: string) {
      const job = await loadJob(ctx, jobId);
      if (job.kind === 'EXPORT' && job.status !== 'COMPLETED') {
        throw new AppError(
          409,
          dataJobErrorCodes.fileNotReady,
          `The file of job ${jobId} is not ready (status ${job.status})`,
          {
            data: { jobId, status: job.status },
          },
        );
      }
      const extension = job.format === 'CSV' ? 'csv' : 'jsonl';
      return {
        format: job.format as DataJobFormat,
        fileName: `${job.collectionId}-${job.id}.${extension}`,
        stream: fileStream(job.id),
      };
    },
  };
}

const silentLog = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

export type DataJobsService = ReturnType<typeof createDataJobsService>;
