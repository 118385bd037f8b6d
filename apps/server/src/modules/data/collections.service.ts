import {
  dataErrorCodes,
  dataPermissionsSchema,
  type DataCollection,
  type DataField,
  type DataPermissions,
} from '@atrium/contract/data';
import type { z } from 'zod';
import type { StoredSpecialPermissions } from '@atrium/contract/data-permissions-v1';
import type { collectionInputSchema } from '@atrium/contract/data';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { conflict, forbidden, invalid, staleRevision } from '../../platform/errors/app-error.ts';
import { createRowCache } from '../../platform/db/row-changes.ts';
import { canManageSchema } from './data-permissions.ts';
import { collectionNotFound } from './data.errors.ts';
import type { DataRepository } from './data.repository.ts';
import type { DataCollectionRow } from './data.tables.ts';

type CollectionInput = z.output<typeof collectionInputSchema>;

/** What the item services need of a collection. */
export interface CollectionSchema {
  id: string;
  fields: DataField[];
  permissions: DataPermissions;
  /** The collection's plugins (`[{type, ...options}]`); PUBLISH makes reads see published items only. */
  plugins: Array<{ type: string } & Record<string, unknown>>;
  displayField: string | null;
  /** Permissions v1's special permissions (data-permissions.ts `withSpecialPermissions`). */
  specialPermissions: StoredSpecialPermissions[];
}

const systemFieldDefinitions: DataField[] = [
  { key: '_id', displayName: 'ID', type: 'TEXT', systemField: true },
  { key: '_createdDate', displayName: 'Created Date', type: 'DATETIME', systemField: true },
  { key: '_updatedDate', displayName: 'Updated Date', type: 'DATETIME', systemField: true },
  { key: '_owner', displayName: 'Owner', type: 'TEXT', systemField: true },
];

const dataOperations = [
  'AGGREGATE',
  'BULK_INSERT',
  'BULK_REMOVE',
  'BULK_SAVE',
  'BULK_UPDATE',
  'BULK_PATCH',
  'COUNT',
  'DISTINCT',
  'FIND',
  'GET',
  'INSERT',
  'INSERT_REFERENCE',
  'IS_REFERENCED',
  'QUERY_REFERENCED',
  'REMOVE',
  'REMOVE_REFERENCE',
  'REPLACE_REFERENCES',
  'SAVE',
  'TRUNCATE',
  'UPDATE',
  'PATCH',
];

/** Index quota per collection (each user index is a real expression index on the items table). */
export const indexLimits = { regular: 20, unique: 5, total: 25 };

export function toSchema(row: DataCollectionRow): CollectionSchema {
  return {
    id: row.id,
    fields: row.fields as DataField[],
    permissions: dataPermissionsSchema.parse(row.permissions),
    plugins: (row.plugins as CollectionSchema['plugins']) ?? [],
    displayField: row.displayField,
    specialPermissions: (row.specialPermissions as StoredSpecialPermissions[]) ?? [],
  };
}

export function toWireCollection(row: DataCollectionRow): DataCollection {
  const fields = row.fields as DataField[];
  return {
    id: row.id,
    collectionType: row.collectionType,
    displayName: row.displayName,
    displayField: row.displayField,
    fields: [...systemFieldDefinitions, ...fields],
    permissions: dataPermissionsSchema.parse(row.permissions),
    defaultDisplayOrder: (row.defaultDisplayOrder as DataCollection['defaultDisplayOrder']) ?? null,
    maxPageSize: row.maxPageSize,
    pagingModes: ['OFFSET', 'CURSOR'],
    plugins: (row.plugins as DataCollection['plugins']) ?? [],
    capabilities: { dataOperations, collectionOperations: ['UPDATE', 'REMOVE'], indexLimits },
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

/** Field rules the schema cannot state alone: unique keys, no system names, references name their target. */
function checkFields(input: CollectionInput): DataField[] {
  const fields = (input.fields ?? []).filter((field) => !field.systemField);
  const violations: Array<{ field: string; description: string; violatedRule: 'VALIDATION' }> = [];
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const path = `collection.fields[${index}]`;
    if (systemFieldDefinitions.some((system) => system.key === field.key)) {
      violations.push({
        field: `${path}.key`,
        description: `${field.key} is a system field`,
        violatedRule: 'VALIDATION',
      });
    }
    if (seen.has(field.key)) {
      violations.push({
        field: `${path}.key`,
        description: `${field.key} is declared twice`,
        violatedRule: 'VALIDATION',
      });
    }
    seen.add(field.key);
    if (field.type === 'REFERENCE' && !field.typeMetadata?.reference?.referencedCollectionId) {
      violations.push({
        field: `${path}.typeMetadata.reference.referencedCollectionId`,
        description: 'a REFERENCE field names the collection it references',
        violatedRule: 'VALIDATION',
      });
    }
    if (field.type === 'MULTI_REFERENCE' && !field.typeMetadata?.multiReference?.referencedCollectionId) {
      violations.push({
        field: `${path}.typeMetadata.multiReference.referencedCollectionId`,
        description: 'a MULTI_REFERENCE field names the collection it references',
        violatedRule: 'VALIDATION',
      });
    }
  });
  if (input.displayField && !seen.has(input.displayField) && input.displayField !== '_id') {
    violations.push({
      field: 'collection.displayField',
      description: `${input.displayField} is not a field of the collection`,
      violatedRule: 'VALIDATION',
    });
  }
  if (violations.length > 0) throw invalid(violations);
  return fields;
}

export function createCollectionsService(deps: {
  database: Database;
  repository: DataRepository;
  /** Drops the database indexes of a collection that is being deleted. */
  dropCollectionIndexes: (siteId: string, collectionId: string) => Promise<void>;
  /** Keeps a deleted collection for a while (restoreDataCollection), in the deletion's transaction. */
  keepDeleted?: (siteId: string, collectionId: string, tx: Tx) => Promise<void>;
}) {
  const { repository } = deps;
  // Every item call reads its collection's schema: kept in memory until the database says the row changed.
  const schemas = createRowCache<CollectionSchema>(deps.database.rowChanges, 'data_collections');

  function requireSchemaManager(ctx: RequestContext) {
    if (!canManageSchema(ctx.caller))
      throw forbidden('Only the site owner, admins and apps manage collections');
  }

  async function getRow(ctx: RequestContext, collectionId: string): Promise<DataCollectionRow> {
    const row = await repository.findCollection(ctx.site.id, collectionId);
    if (!row) throw collectionNotFound(collectionId);
    return row;
  }

  return {
    /** The schema for item calls; 404 WDE0025 when the collection does not exist. */
    async schemaOf(ctx: RequestContext, collectionId: string): Promise<CollectionSchema> {
      const schema = await schemas.get(`${ctx.site.id}/${collectionId}`, async () => {
        const row = await repository.findCollection(ctx.site.id, collectionId);
        return row && toSchema(row);
      });
      if (!schema) throw collectionNotFound(collectionId);
      return schema;
    },

    async create(ctx: RequestContext, input: CollectionInput): Promise<DataCollection> {
      requireSchemaManager(ctx);
      const fields = checkFields(input);
      const row = await repository.insertCollection({
        siteId: ctx.site.id,
        id: input.id,
        displayName: input.displayName ?? input.id,
        collectionType: input.collectionType ?? 'NATIVE',
        displayField: input.displayField ?? null,
        fields,
        permissions: dataPermissionsSchema.parse(input.permissions ?? {}),
        defaultDisplayOrder: input.defaultDisplayOrder ?? null,
        maxPageSize: input.maxPageSize ?? null,
        plugins: input.plugins ?? [],
      });
      if (!row) {
        throw conflict(dataErrorCodes.collectionAlreadyExists, `Collection ${input.id} already exists`, {
          dataCollectionId: input.id,
        });
      }
      return toWireCollection(row);
    },

    async get(ctx: RequestContext, collectionId: string): Promise<DataCollection> {
      requireSchemaManager(ctx);
      return toWireCollection(await getRow(ctx, collectionId));
    },

    async list(ctx: RequestContext, paging: { limit?: number; offset?: number }) {
      requireSchemaManager(ctx);
      const limit = paging.limit ?? 50;
      const offset = paging.offset ?? 0;
      const { rows, total } = await repository.listCollections(ctx.site.id, limit, offset);
      return {
        collections: rows.map(toWireCollection),
        pagingMetadata: {
          count: rows.length,
          offset,
          total,
          tooManyToCount: false,
          hasNext: offset + rows.length < total,
        },
      };
    },

    /** Replaces the schema; a stale `revision` is a 409. Items are not rewritten: the schema types new writes. */
    async update(ctx: RequestContext, input: CollectionInput): Promise<DataCollection> {
      requireSchemaManager(ctx);
      const current = await getRow(ctx, input.id);
      const fields = checkFields(input);
      const expected =
        input.revision === undefined || input.revision === null ? current.revision : Number(input.revision);
      const updated = await repository.updateCollectionAtRevision(ctx.site.id, input.id, expected, {
        displayName: input.displayName ?? current.displayName,
        displayField: input.displayField === undefined ? current.displayField : input.displayField,
        fields: input.fields === undefined ? current.fields : fields,
        permissions: input.permissions ? dataPermissionsSchema.parse(input.permissions) : current.permissions,
        defaultDisplayOrder:
          input.defaultDisplayOrder === undefined ? current.defaultDisplayOrder : input.defaultDisplayOrder,
        maxPageSize: input.maxPageSize === undefined ? current.maxPageSize : input.maxPageSize,
        plugins: input.plugins === undefined ? current.plugins : input.plugins,
      });
      if (!updated) throw staleRevision('Collection', input.id, expected, current.revision);
      schemas.forget(`${ctx.site.id}/${input.id}`);
      return toWireCollection(updated);
    },

    async remove(ctx: RequestContext, collectionId: string): Promise<void> {
      requireSchemaManager(ctx);
      await getRow(ctx, collectionId);
      // Indexes are dropped first and outside the transaction: DROP INDEX CONCURRENTLY cannot run inside one.
      await deps.dropCollectionIndexes(ctx.site.id, collectionId);
      const removed = await deps.database.transaction(async (tx) => {
        await deps.keepDeleted?.(ctx.site.id, collectionId, tx);
        return repository.deleteCollection(ctx.site.id, collectionId, tx);
      });
      schemas.forget(`${ctx.site.id}/${collectionId}`);
      if (!removed) throw collectionNotFound(collectionId);
    },

    /**
     * This process changed the collection's row: its next item call reads the new schema now, not when the
     * database's notice comes (other processes wait for the notice).
     */
    forgetSchema(ctx: RequestContext, collectionId: string): void {
      schemas.forget(`${ctx.site.id}/${collectionId}`);
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
