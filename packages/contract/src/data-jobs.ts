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
  /** The job was terminated (`/data-mover/v1/jobs/{id}/terminate`); what it wrote stays. */
  terminated: 'TERMINATED',
  /** A movement the data-mover client asked for that Atrium does not make (see the data module's README). */
  unsupportedMovement: 'UNSUPPORTED_MOVEMENT',
  uploadNotFound: 'UPLOAD_NOT_FOUND',
} as const;

// Data-movement jobs as the official data-mover client calls them (`/data-mover/v1`): the import and export
// jobs above, described by a source and a destination.

const movementFormat = z.enum(['CSV', 'JSONL', 'UNKNOWN']).nullish();

/**
 * Where a movement reads: a collection (export) or an uploaded file (import).
 * Example: `{"file": {"format": "CSV", "fileId": "…"}}`.
 */
export const movementSourceSchema = z
  .object({
    wixDataCollection: z
      .object({
        collectionId: z.string().min(1).max(256),
        filter: z.record(z.string(), z.unknown()).nullish(),
      })
      .passthrough()
      .nullish(),
    file: z
      .object({
        format: movementFormat,
        fileId: z.string().max(64).nullish(),
        url: z.string().max(2048).nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

/** Where a movement writes: a collection (import, with its write policy) or a file (export). */
export const movementDestinationSchema = z
  .object({
    wixDataCollection: z
      .object({
        collectionId: z.string().min(1).max(256),
        writePolicy: dataImportModeSchema.nullish(),
      })
      .passthrough()
      .nullish(),
    file: z
      .object({ format: movementFormat, fileName: z.string().max(256).nullish(), url: z.string().nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough();

export const submitMovementJobRequestSchema = z.object({
  source: movementSourceSchema,
  destination: movementDestinationSchema,
  name: z.string().max(256).nullish(),
});

export const dataMovementJobSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  status: dataJobStatusSchema,
  source: movementSourceSchema,
  destination: movementDestinationSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  progress: z.object({
    current: z.number().int(),
    total: z.number().int().nullable(),
    units: z.literal('ITEMS'),
    itemsRejected: z.number().int(),
    itemsSuccessful: z.number().int(),
    itemsSuccessfulInfo: z.object({ itemsCreated: z.number().int(), itemsUpdated: z.number().int() }),
  }),
  error: z.object({ code: z.string(), description: z.string() }).optional(),
  sourceSiteId: z.string(),
  destinationSiteId: z.string(),
  logsRecorded: z.number().int(),
});
export type DataMovementJob = z.infer<typeof dataMovementJobSchema>;

export const movementJobResponseSchema = z.object({ job: dataMovementJobSchema });
const cursorPagingMetadata = z.object({
  count: z.number().int(),
  cursors: z.object({ next: z.string().nullable(), prev: z.string().nullable() }),
  hasNext: z.boolean(),
});
export const listMovementJobsQuerySchema = z.object({
  'paging.limit': z.coerce.number().int().positive().max(100).optional(),
  'paging.cursor': z.string().max(64).optional(),
});
export const listMovementJobsResponseSchema = z.object({
  jobs: z.array(dataMovementJobSchema),
  pagingMetadata: cursorPagingMetadata,
});
export const queryMovementJobsRequestSchema = z.object({
  query: z
    .object({
      filter: z.record(z.string(), z.unknown()).nullish(),
      cursorPaging: z
        .object({
          limit: z.number().int().positive().max(100).nullish(),
          cursor: z.string().max(64).nullish(),
        })
        .nullish(),
    })
    .passthrough()
    .nullish(),
});
export const movementLogsQuerySchema = listMovementJobsQuerySchema;
export const movementLogsResponseSchema = z.object({
  logs: z.array(
    z.object({
      sourceItemId: z.string().optional(),
      failure: z.object({ code: z.string(), description: z.string() }),
      details: z.object({ rowNumber: z.number().int() }),
    }),
  ),
  pagingMetadata: cursorPagingMetadata,
});
export const createUploadUrlRequestSchema = z.object({ fileName: z.string().max(256).nullish() });
export const createUploadUrlResponseSchema = z.object({ fileId: z.string(), uploadUrl: z.string() });
