import { z } from 'zod';

/** Backups of a site's collections (spec data-commerce §4): statuses, types and restorations. */
export const backupStatuses = ['PENDING', 'READY', 'FAILED', 'DELETED', 'CANCELED'] as const;
export const backupTypes = ['ON_DEMAND', 'AUTO'] as const;
export const restorationStatuses = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type BackupStatus = (typeof backupStatuses)[number];
export type BackupType = (typeof backupTypes)[number];
export type RestorationStatus = (typeof restorationStatuses)[number];

export const dataBackupErrorCodes = {
  backupNotFound: 'BACKUP_NOT_FOUND',
  /** Restoring or deleting a backup that is not READY (still PENDING, FAILED or DELETED). */
  backupNotReady: 'BACKUP_NOT_READY',
  /** A partial restore names a collection the backup does not hold. */
  collectionNotInBackup: 'COLLECTION_NOT_IN_BACKUP',
} as const;

/** Query-string lists arrive as one value or repeated keys. */
function listOf<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(schema),
  );
}

export const backupCollectionSchema = z.object({ id: z.string(), displayName: z.string().nullable() });

/**
 * A snapshot of every collection of a site (schemas, permissions, items, references and index definitions),
 * taken at one instant. Example: `{"id": "…", "status": "READY", "type": "ON_DEMAND", "collections": [{"id": "Posts"}]}`.
 */
export const dataBackupSchema = z.object({
  id: z.string(),
  status: z.enum(backupStatuses),
  type: z.enum(backupTypes),
  requestedDate: z.string(),
  startedDate: z.string().nullable(),
  finishedDate: z.string().nullable(),
  deletedDate: z.string().nullable(),
  /** Stored size of the items, as a decimal string (the wire's int64). */
  sizeInBytes: z.string().nullable(),
  collections: z.array(backupCollectionSchema),
});
export type DataBackup = z.infer<typeof dataBackupSchema>;

export const restorationCollectionSchema = z.object({
  dataCollectionId: z.string().min(1).max(256),
  /** Where to restore it: another collection name (created or replaced); the same one when absent. */
  restoreDestination: z
    .object({
      dataCollectionId: z.string().min(1).max(256).nullish(),
      displayName: z.string().max(256).nullish(),
    })
    .nullish(),
});

export const dataRestorationSchema = z.object({
  id: z.string(),
  backup: dataBackupSchema,
  status: z.enum(restorationStatuses),
  requestedDate: z.string(),
  startedDate: z.string().nullable(),
  finishedDate: z.string().nullable(),
  /** Empty for a whole restore. */
  restorationCollections: z.array(restorationCollectionSchema),
});
export type DataRestoration = z.infer<typeof dataRestorationSchema>;

const pagingQuery = {
  'paging.limit': z.coerce.number().int().positive().max(1000).optional(),
  'paging.offset': z.coerce.number().int().nonnegative().optional(),
};

export const listBackupsQuerySchema = z.object({
  status: listOf(z.enum(backupStatuses)).optional(),
  type: listOf(z.enum(backupTypes)).optional(),
  ...pagingQuery,
});
export const listRestorationsQuerySchema = z.object({
  status: listOf(z.enum(restorationStatuses)).optional(),
  ...pagingQuery,
});

const pagingMetadataSchema = z.object({
  count: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});

export const backupResponseSchema = z.object({ backup: dataBackupSchema });
export const listBackupsResponseSchema = z.object({
  backups: z.array(dataBackupSchema),
  pagingMetadata: pagingMetadataSchema,
});
export const partialRestoreRequestSchema = z.object({
  restorationCollections: z.array(restorationCollectionSchema).min(1).max(1000),
});
export const restorationResponseSchema = z.object({ restoration: dataRestorationSchema });
export const listRestorationsResponseSchema = z.object({
  restorations: z.array(dataRestorationSchema),
  pagingMetadata: pagingMetadataSchema,
});
