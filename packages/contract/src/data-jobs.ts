import { z } from 'zod';

/** Data-movement jobs (spec data-commerce.md): file formats, import modes and statuses. */
export const dataJobFormats = ['CSV', 'JSONL'] as const;
export const dataImportModes = ['OVERWRITE', 'SKIP_EXISTING', 'TRUNCATE_BEFORE'] as const;
export const dataJobStatuses = [
  'UNINITIALIZED',
  'INITIALIZING',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'PARTIALLY_SUCCESSFUL',
] as const;

export const dataJobFormatSchema = z.enum(dataJobFormats);
export const dataImportModeSchema = z.enum(dataImportModes);
export const dataJobStatusSchema = z.enum(dataJobStatuses);
export type DataJobFormat = z.infer<typeof dataJobFormatSchema>;
export type DataImportMode = z.infer<typeof dataImportModeSchema>;
export type DataJobStatus = z.infer<typeof dataJobStatusSchema>;

/** The media types of the raw upload (`POST /data/v2/jobs/import`) and of the downloadable file. */
export const dataJobMediaTypes: Record<DataJobFormat, string> = {
  CSV: 'text/csv',
  JSONL: 'application/x-ndjson',
};

/** Query string of the import upload; the request body is the file itself. */
export const importJobQuerySchema = z.object({
  dataCollectionId: z.string().min(1).max(256),
  mode: dataImportModeSchema,
  /** Defaults to the format of the body's content type. */
  format: dataJobFormatSchema.optional(),
});

export const exportJobRequestSchema = z.object({
  dataCollectionId: z.string().min(1).max(256),
  format: dataJobFormatSchema,
  /** A query filter, as `/items/query` takes it. */
  filter: z.record(z.string(), z.unknown()).nullish(),
});

export const dataJobSchema = z.object({
  id: z.string(),
  kind: z.enum(['IMPORT', 'EXPORT']),
  dataCollectionId: z.string(),
  format: dataJobFormatSchema,
  mode: dataImportModeSchema.nullable(),
  status: dataJobStatusSchema,
  /** Rows read from the file (import) or written to it (export). */
  totalRows: z.number().int(),
  insertedRows: z.number().int(),
  updatedRows: z.number().int(),
  skippedRows: z.number().int(),
  failedRows: z.number().int(),
  /** Chunks written (import) or pages read (export). */
  chunkCount: z.number().int(),
  fileBytes: z.number().int(),
  /** Why the whole job failed, when it did. */
  failure: z.object({ code: z.string(), description: z.string() }).nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
  completedDate: z.string().nullable(),
});
export type DataJob = z.infer<typeof dataJobSchema>;

export const dataJobResponseSchema = z.object({ job: dataJobSchema });

export const dataJobErrorSchema = z.object({
  /** 1-based data row of the file (CSV: the header is not counted; JSONL: the line number). */
  rowNumber: z.number().int(),
  itemId: z.string().nullable(),
  code: z.string(),
  description: z.string(),
});

export const dataJobErrorsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** Errors after this row number (keyset paging). */
  afterRow: z.coerce.number().int().min(0).default(0),
});

export const dataJobErrorsResponseSchema = z.object({
  errors: z.array(dataJobErrorSchema),
  /** How many errors the job has in all (only the first `maxStoredErrors` are kept). */
  total: z.number().int(),
  hasNext: z.boolean(),
});

export const maxStoredJobErrors = 10_000;

/** Events of data-movement jobs (spec §7.1); their data is `{job}`. No route deletes jobs yet. */
export const dataJobEventNames = {
  created: 'job_created',
  updated: 'job_updated',
  deleted: 'job_deleted',
} as const;

export const dataJobErrorCodes = {
  jobNotFound: 'DATA_JOB_NOT_FOUND',
  fileNotReady: 'DATA_JOB_FILE_NOT_READY',
  fileTooLarge: 'DATA_JOB_FILE_TOO_LARGE',
  unsupportedMediaType: 'DATA_JOB_UNSUPPORTED_MEDIA_TYPE',
  invalidJson: 'INVALID_JSON',
  invalidCsv: 'INVALID_CSV_ROW',
  invalidRow: 'INVALID_ROW',
  invalidValue: 'INVALID_VALUE',
} as const;
