import { z } from 'zod';
import { bulkActionMetadataSchema, itemMetadataSchema } from './bulk.ts';
import { cursorPagingSchema, filterSchema, offsetPagingSchema, sortingSchema } from './query.ts';

/** At most this many items (or ids, patches, references) in one bulk call (spec data-commerce §9). */
export const maxBulkItems = 1000;

/** Error codes of the data API (spec data-commerce §8), as the server answers them in `applicationError.code`. */
export const dataErrorCodes = {
  /** More than 1000 items in one bulk insert, save, update or patch. */
  tooManyItems: 'WDE0006',
  /** More than 1000 ids in one bulk remove. */
  tooManyIds: 'WDE0069',
  /** The item does not exist in the collection. */
  itemNotFound: 'WDE0073',
  /** An item with this `_id` already exists (bulk insert counts it as skipped). */
  itemAlreadyExists: 'WDE0074',
  /** The collection does not exist. */
  collectionNotFound: 'WDE0025',
  collectionAlreadyExists: 'COLLECTION_ALREADY_EXISTS',
  /** A reference names a field that is not a reference field, or an item that does not exist. */
  referenceError: 'WDE0020',
  /** The caller's role may not do this operation on this collection. */
  permissionDenied: 'WDE0027',
  /** A unique index refused the value. */
  uniqueViolation: 'UNIQUE_INDEX_VIOLATION',
  indexNotFound: 'INDEX_NOT_FOUND',
  indexAlreadyExists: 'INDEX_ALREADY_EXISTS',
  /** The item is larger than the per-item limit. */
  itemTooLarge: 'WDE0109',
} as const;

/** Field types of a collection schema (spec §3). */
export const dataFieldTypes = [
  'TEXT',
  'NUMBER',
  'DATE',
  'DATETIME',
  'IMAGE',
  'BOOLEAN',
  'DOCUMENT',
  'URL',
  'RICH_TEXT',
  'VIDEO',
  'ANY',
  'ARRAY_STRING',
  'ARRAY_DOCUMENT',
  'AUDIO',
  'TIME',
  'LANGUAGE',
  'RICH_CONTENT',
  'MEDIA_GALLERY',
  'ADDRESS',
  'PAGE_LINK',
  'REFERENCE',
  'MULTI_REFERENCE',
  'OBJECT',
  'ARRAY',
  'SLUG',
  'EMAIL',
] as const;
export type DataFieldType = (typeof dataFieldTypes)[number];

/**
 * Who may do an operation: the roles the official client sends, plus the access levels of spec §6.
 * ADMIN and PRIVILEGED: site owner, admins and apps; CMS_EDITOR: any staff member and apps;
 * SITE_MEMBER_AUTHOR: members, who see and change only the items they own; SITE_MEMBER: any member;
 * ANYONE: visitors too.
 */
export const dataRoleSchema = z.enum([
  'ADMIN',
  'PRIVILEGED',
  'CMS_EDITOR',
  'SITE_MEMBER_AUTHOR',
  'SITE_MEMBER',
  'ANYONE',
]);
export type DataRole = z.infer<typeof dataRoleSchema>;

export const dataPermissionsSchema = z.object({
  read: dataRoleSchema.default('ANYONE'),
  insert: dataRoleSchema.default('ADMIN'),
  update: dataRoleSchema.default('ADMIN'),
  remove: dataRoleSchema.default('ADMIN'),
});
export type DataPermissions = z.output<typeof dataPermissionsSchema>;

const fieldKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must start with a letter or "_" and hold only letters, digits and "_"');

/**
 * One declared field.
 * @example {"key":"author","displayName":"Author","type":"REFERENCE","typeMetadata":{"reference":{"referencedCollectionId":"Team"}}}
 */
export const dataFieldSchema = z.object({
  key: fieldKeySchema,
  displayName: z.string().max(500).nullish(),
  type: z.enum(dataFieldTypes),
  typeMetadata: z
    .object({
      reference: z.object({ referencedCollectionId: z.string().min(1) }).optional(),
      multiReference: z
        .object({
          referencedCollectionId: z.string().min(1),
          referencingFieldKey: z.string().optional(),
          referencingDisplayName: z.string().optional(),
        })
        .optional(),
    })
    .passthrough()
    .nullish(),
  required: z.boolean().nullish(),
  description: z.string().max(2000).nullish(),
  systemField: z.boolean().optional(),
});
export type DataField = z.output<typeof dataFieldSchema>;

export const dataPluginTypes = [
  'PUBLISH',
  'SINGLE_ITEM',
  'URLIZED',
  'GRIDAPPLESS',
  'MULTILINGUAL',
  'SHARED',
  'EDITABLE_PAGE_LINK',
  'CMS',
  'CATALOG',
  'DRAFT_ITEMS',
] as const;
export type DataPluginType = (typeof dataPluginTypes)[number];

export const publishStatuses = ['PUBLISHED', 'DRAFT'] as const;

/**
 * A plugin of a collection. Example: `{"type": "PUBLISH", "publishOptions": {"defaultStatus": "DRAFT"}}`.
 * The options object named after the type carries its settings.
 */
export const dataPluginSchema = z
  .object({
    type: z.enum(dataPluginTypes),
    publishOptions: z.object({ defaultStatus: z.enum(publishStatuses).nullish() }).nullish(),
    urlizedOptions: z.object({ format: z.enum(['ORIGINAL', 'PLAIN']).nullish() }).nullish(),
    multilingualOptions: z
      .object({ translatableFieldKeys: z.array(z.string().max(200)).max(500).nullish() })
      .nullish(),
  })
  .passthrough();
export type DataPlugin = z.infer<typeof dataPluginSchema>;

const collectionIdSchema = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)?$/, 'must hold only letters, digits, "_", "-" (and one "/")');

/**
 * A data collection and its schema.
 * @example {"id":"Posts","displayName":"Blog posts","fields":[{"key":"title","type":"TEXT"}],"permissions":{"read":"ANYONE","insert":"ADMIN","update":"ADMIN","remove":"ADMIN"}}
 */
export const dataCollectionSchema = z.object({
  id: z.string(),
  collectionType: z.string(),
  displayName: z.string().nullable(),
  displayField: z.string().nullable(),
  fields: z.array(dataFieldSchema.passthrough()),
  permissions: dataPermissionsSchema,
  defaultDisplayOrder: z.object({ fieldKey: z.string(), direction: z.enum(['ASC', 'DESC']) }).nullish(),
  maxPageSize: z.number().int().nullable(),
  pagingModes: z.array(z.enum(['OFFSET', 'CURSOR'])),
  /** Plugins added to the collection (`{type: "PUBLISH", publishOptions: {defaultStatus: "DRAFT"}}` ...). */
  plugins: z.array(z.object({ type: z.string() }).passthrough()).optional(),
  capabilities: z.object({
    dataOperations: z.array(z.string()),
    collectionOperations: z.array(z.string()),
    indexLimits: z.object({ regular: z.number(), unique: z.number(), total: z.number() }),
  }),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type DataCollection = z.infer<typeof dataCollectionSchema>;

export const collectionInputSchema = z.object({
  id: collectionIdSchema,
  displayName: z.string().max(500).nullish(),
  collectionType: z.enum(['NATIVE', 'WIX_APP', 'BLOCKS_APP', 'EXTERNAL']).optional(),
  displayField: z.string().max(200).nullish(),
  fields: z.array(dataFieldSchema).max(500).optional(),
  permissions: dataPermissionsSchema.optional(),
  defaultDisplayOrder: z.object({ fieldKey: z.string(), direction: z.enum(['ASC', 'DESC']) }).nullish(),
  maxPageSize: z.number().int().positive().max(1000).nullish(),
  revision: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).nullish(),
  plugins: z.array(dataPluginSchema).max(20).optional(),
});

export const createCollectionRequestSchema = z.object({ collection: collectionInputSchema });
export const updateCollectionRequestSchema = z.object({ collection: collectionInputSchema });
export const collectionResponseSchema = z.object({ collection: dataCollectionSchema });
export const listCollectionsRequestSchema = z.object({
  paging: z
    .object({
      limit: z.coerce.number().int().positive().max(1000).optional(),
      offset: z.coerce.number().int().nonnegative().optional(),
    })
    .optional(),
  'paging.limit': z.coerce.number().int().positive().max(1000).optional(),
  'paging.offset': z.coerce.number().int().nonnegative().optional(),
});

export const dataPagingMetadataSchema = z.object({
  count: z.number().int(),
  offset: z.number().int().optional(),
  total: z.number().int().optional(),
  tooManyToCount: z.boolean().optional(),
  hasNext: z.boolean().optional(),
  cursors: z.object({ next: z.string().nullable(), prev: z.string().nullable() }).optional(),
});
export type DataPagingMetadata = z.infer<typeof dataPagingMetadataSchema>;

export const listCollectionsResponseSchema = z.object({
  collections: z.array(dataCollectionSchema),
  pagingMetadata: dataPagingMetadataSchema,
});

/** The free-form item document: `_id`, `_createdDate`, `_updatedDate`, `_owner` and any other fields. */
export const itemDataSchema = z.record(z.string(), z.unknown());

/**
 * A data item on the wire.
 * @example {"id":"a1","dataCollectionId":"Posts","data":{"_id":"a1","title":"Hello","_createdDate":{"$date":"2026-11-22T10:00:00.000Z"}}}
 */
export const dataItemSchema = z.object({
  id: z.string(),
  dataCollectionId: z.string(),
  data: itemDataSchema,
});
export type DataItem = z.infer<typeof dataItemSchema>;

export const dataItemInputSchema = z.object({
  id: z.string().max(255).nullish(),
  data: itemDataSchema.nullish(),
});

const dataCollectionIdSchema = z.string().min(1).max(256);
const itemIdSchema = z.string().min(1).max(255);

export const includedReferenceSchema = z.object({
  field: z.string().min(1).max(200),
  limit: z.number().int().positive().max(1000).optional(),
});

export const referencedItemOptionsSchema = z.object({
  fieldName: z.string().min(1).max(200),
  limit: z.number().int().positive().max(1000).optional(),
});

const conditionSchema = z.object({ filter: filterSchema.nullish() }).nullish();

/**
 * Reads of a collection with the publish plugin see published items only; staff and apps may ask for
 * drafts too. Example: `{"publishPluginOptions": {"includeDraftItems": true}}`.
 */
export const publishPluginOptionsSchema = z
  .object({ includeDraftItems: z.union([z.boolean(), z.enum(['true', 'false'])]).nullish() })
  .nullish();

/** Whether a request asks for drafts (the GET form carries the flag as text). */
export function includesDrafts(options: z.infer<typeof publishPluginOptionsSchema>): boolean {
  return options?.includeDraftItems === true || options?.includeDraftItems === 'true';
}

export const getItemRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  fields: z.union([z.array(z.string()), z.string()]).optional(),
  consistentRead: z.unknown().optional(),
  language: z.string().nullish(),
  publishPluginOptions: publishPluginOptionsSchema,
  'publishPluginOptions.includeDraftItems': z.enum(['true', 'false']).optional(),
});

export const writeItemRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  dataItem: dataItemInputSchema,
  includeReferencedItems: z.boolean().optional(),
  suppressHooks: z.boolean().optional(),
  condition: conditionSchema,
});

export const itemResponseSchema = z.object({ dataItem: dataItemSchema.optional() });
export const saveItemResponseSchema = z.object({
  action: z.enum(['INSERTED', 'UPDATED']),
  dataItem: dataItemSchema,
});

export const patchActions = [
  'SET_FIELD',
  'REMOVE_FIELD',
  'INCREMENT_FIELD',
  'APPEND_TO_ARRAY',
  'REMOVE_FROM_ARRAY',
] as const;
export type PatchAction = (typeof patchActions)[number];

/**
 * One change of a patch.
 * @example {"action":"INCREMENT_FIELD","fieldPath":"views","incrementFieldOptions":{"value":1}}
 */
export const fieldModificationSchema = z.object({
  fieldPath: z.string().min(1).max(500),
  action: z.enum(patchActions),
  setFieldOptions: z.object({ value: z.unknown() }).optional(),
  incrementFieldOptions: z.object({ value: z.number() }).optional(),
  appendToArrayOptions: z.object({ value: z.unknown() }).optional(),
  removeFromArrayOptions: z.object({ value: z.unknown() }).optional(),
});
export type FieldModification = z.infer<typeof fieldModificationSchema>;

export const patchSchema = z.object({
  dataItemId: itemIdSchema,
  fieldModifications: z.array(fieldModificationSchema).min(1).max(100),
});

export const patchItemRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  patch: patchSchema,
  condition: conditionSchema,
});

export const removeItemRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  dataItemId: itemIdSchema,
  condition: conditionSchema,
});

export const truncateRequestSchema = z.object({ dataCollectionId: dataCollectionIdSchema });

export const countRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  filter: filterSchema.nullish(),
  publishPluginOptions: publishPluginOptionsSchema,
});
export const countResponseSchema = z.object({ totalCount: z.number().int() });

const dataQuerySchema = z.object({
  filter: filterSchema.nullish(),
  sort: z.array(sortingSchema).max(20).nullish(),
  paging: offsetPagingSchema.nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
  fields: z.array(z.string().min(1).max(500)).max(200).nullish(),
});

/**
 * @example {"dataCollectionId":"Posts","query":{"filter":{"published":true},"sort":[{"fieldName":"_createdDate","order":"DESC"}],"paging":{"limit":10}},"returnTotalCount":true}
 */
export const queryItemsRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  query: dataQuerySchema.nullish(),
  returnTotalCount: z.boolean().nullish(),
  referencedItemOptions: z.array(referencedItemOptionsSchema).max(50).nullish(),
  includeReferences: z.array(includedReferenceSchema).max(50).nullish(),
  includeReferencedItems: z.array(z.string()).max(50).nullish(),
  consistentRead: z.boolean().nullish(),
  language: z.string().nullish(),
  publishPluginOptions: publishPluginOptionsSchema,
});

export const queryItemsResponseSchema = z.object({
  dataItems: z.array(dataItemSchema),
  pagingMetadata: dataPagingMetadataSchema,
});

export const distinctValuesRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  fieldName: z.string().min(1).max(500),
  filter: filterSchema.nullish(),
  order: z.enum(['ASC', 'DESC']).nullish(),
  returnTotalCount: z.boolean().nullish(),
  paging: offsetPagingSchema.nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
});
export const distinctValuesResponseSchema = z.object({
  distinctValues: z.array(z.unknown()),
  pagingMetadata: dataPagingMetadataSchema,
});

const fieldOperand = z.object({ itemFieldName: z.string().min(1).max(500) });

/**
 * One aggregate operation: exactly one of average, min, max, sum or itemCount.
 * @example {"resultFieldName":"avgPrice","average":{"itemFieldName":"price"}}
 */
export const aggregateOperationSchema = z.object({
  resultFieldName: z.string().min(1).max(200),
  average: fieldOperand.optional(),
  min: fieldOperand.optional(),
  max: fieldOperand.optional(),
  sum: fieldOperand.optional(),
  itemCount: z.object({}).optional(),
});

export const aggregateRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  initialFilter: filterSchema.nullish(),
  aggregation: z
    .object({
      groupingFields: z.array(z.string().min(1).max(500)).max(10).optional(),
      operations: z.array(aggregateOperationSchema).max(50).optional(),
    })
    .nullish(),
  finalFilter: filterSchema.nullish(),
  sort: z.array(sortingSchema).max(20).nullish(),
  paging: offsetPagingSchema.nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
  returnTotalCount: z.boolean().nullish(),
});
export const aggregateResponseSchema = z.object({
  results: z.array(z.record(z.string(), z.unknown())),
  pagingMetadata: dataPagingMetadataSchema,
});

export const searchRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  search: z
    .object({
      filter: filterSchema.nullish(),
      sort: z.array(sortingSchema).max(20).nullish(),
      fields: z.array(z.string().min(1).max(500)).max(200).nullish(),
      search: z
        .object({
          expression: z.string().max(1000).nullish(),
          fuzzy: z.boolean().nullish(),
          mode: z.enum(['AND', 'OR']).nullish(),
        })
        .nullish(),
      paging: offsetPagingSchema.nullish(),
      cursorPaging: cursorPagingSchema.nullish(),
    })
    .nullish(),
  includeReferences: z.array(includedReferenceSchema).max(50).nullish(),
});

export const referenceSchema = z.object({
  referringItemFieldName: z.string().min(1).max(200),
  referringItemId: itemIdSchema,
  referencedItemId: itemIdSchema,
});
export type DataItemReference = z.infer<typeof referenceSchema>;

export const queryReferencedRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  referringItemId: itemIdSchema.optional(),
  referringItemIds: z.array(itemIdSchema).max(maxBulkItems).optional(),
  referringItemFieldName: z.string().min(1).max(200),
  order: z.enum(['ASC', 'DESC']).nullish(),
  returnTotalCount: z.boolean().nullish(),
  fields: z.array(z.string()).max(200).nullish(),
  paging: offsetPagingSchema.nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
});
export const queryReferencedResponseSchema = z.object({
  results: z.array(
    z.object({
      dataItem: dataItemSchema.optional(),
      unresolvedReference: z
        .object({ referringItemId: z.string(), referringItemFieldName: z.string() })
        .optional(),
    }),
  ),
  pagingMetadata: dataPagingMetadataSchema,
});

export const isReferencedRequestSchema = referenceSchema.extend({ dataCollectionId: dataCollectionIdSchema });
export const isReferencedResponseSchema = z.object({ isReferenced: z.boolean() });

export const replaceReferencesRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  referringItemFieldName: z.string().min(1).max(200),
  referringItemId: itemIdSchema,
  newReferencedItemIds: z.array(itemIdSchema).max(maxBulkItems).optional(),
});
export const replaceReferencesResponseSchema = z.object({ dataItemReferences: z.array(referenceSchema) });

// Bulk arrays are capped in the service (so the error is WDE0006 / WDE0069), not here.
export const bulkItemsRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  dataItems: z.array(dataItemInputSchema),
  returnEntity: z.boolean().nullish(),
  overrideExisting: z.boolean().nullish(),
  condition: conditionSchema,
});
export const bulkPatchRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  patches: z.array(patchSchema),
  returnEntity: z.boolean().nullish(),
  condition: conditionSchema,
});
export const bulkRemoveRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  dataItemIds: z.array(itemIdSchema),
  condition: conditionSchema,
});
export const bulkReferencesRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  dataItemReferences: z.array(referenceSchema),
  returnEntity: z.boolean().nullish(),
});

export const bulkActionTypes = ['INSERT', 'UPDATE', 'DELETE', 'PATCH'] as const;

export const bulkItemsResponseSchema = z.object({
  results: z.array(
    z.object({
      action: z.enum(bulkActionTypes),
      itemMetadata: itemMetadataSchema,
      dataItem: dataItemSchema.optional(),
    }),
  ),
  bulkActionMetadata: bulkActionMetadataSchema,
});
export type BulkItemsResponse = z.infer<typeof bulkItemsResponseSchema>;

export const bulkReferencesResponseSchema = z.object({
  results: z.array(
    z.object({
      action: z.enum(bulkActionTypes),
      referenceMetadata: itemMetadataSchema,
      dataItemReference: referenceSchema.optional(),
    }),
  ),
  bulkActionMetadata: bulkActionMetadataSchema,
});

export const indexStatuses = [
  'UNKNOWN',
  'BUILDING',
  'ACTIVE',
  'DROPPING',
  'DROPPED',
  'FAILED',
  'INVALID',
] as const;

/**
 * A user index on one or more fields.
 * @example {"name":"byPrice","fields":[{"path":"price","order":"ASC"}],"status":"ACTIVE","unique":false,"caseInsensitive":false,"source":"USER"}
 */
export const dataIndexSchema = z.object({
  name: z.string(),
  fields: z.array(z.object({ path: z.string(), order: z.enum(['ASC', 'DESC']) })),
  status: z.enum(indexStatuses),
  failure: z.object({ code: z.string(), description: z.string(), itemId: z.string().nullish() }).nullish(),
  unique: z.boolean(),
  caseInsensitive: z.boolean(),
  source: z.enum(['SYSTEM', 'USER', 'AUTO']),
});
export type DataIndex = z.infer<typeof dataIndexSchema>;

export const createIndexRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  index: z.object({
    name: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'must hold only letters, digits, "_" and "-"'),
    fields: z
      .array(
        z.object({
          path: z.string().min(1).max(200),
          order: z
            .string()
            .transform((value) => value.toUpperCase())
            .pipe(z.enum(['ASC', 'DESC']))
            .default('ASC'),
        }),
      )
      .min(1)
      .max(3),
    unique: z.boolean().optional(),
    caseInsensitive: z.boolean().optional(),
  }),
});
export const indexResponseSchema = z.object({ index: dataIndexSchema });
export const availableIndexesResponseSchema = z.object({
  regular1Field: z.number().int(),
  regular3Field: z.number().int(),
  unique1Field: z.number().int(),
  total: z.number().int(),
});
export const listIndexesRequestSchema = z.object({ dataCollectionId: dataCollectionIdSchema });
export const dropIndexRequestSchema = z.object({
  dataCollectionId: dataCollectionIdSchema,
  indexName: z.string().min(1).max(100),
});
export const listIndexesResponseSchema = z.object({
  indexes: z.array(dataIndexSchema),
  pagingMetadata: dataPagingMetadataSchema,
});

/** Event names of this module (the contract's names, spec §7.1). */
export const dataEventNames = {
  itemCreated: 'data_item_created',
  itemUpdated: 'data_item_updated',
  itemDeleted: 'data_item_deleted',
} as const;
