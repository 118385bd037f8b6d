import type { DataCollection, DataField } from '@atrium/contract/data';
import {
  dataSchemaErrorCodes,
  type DataPlugin,
  type DataPluginType,
} from '@atrium/contract/data-schema-changes';
import type { RequestContext } from '../../platform/context.ts';
import { AppError, conflict } from '../../platform/errors/app-error.ts';
import type { CollectionsService } from './collections.service.ts';

type FieldPatch = Partial<DataField> & { key: string };
type CollectionPatch = Partial<Parameters<CollectionsService['update']>[1]>;

function fieldNotFound(collectionId: string, key: string): AppError {
  return new AppError(
    404,
    dataSchemaErrorCodes.fieldNotFound,
    `Collection ${collectionId} has no field ${key}`,
    {
      data: { dataCollectionId: collectionId, fieldKey: key },
    },
  );
}

function pluginNotFound(collectionId: string, type: string): AppError {
  return new AppError(
    404,
    dataSchemaErrorCodes.pluginNotFound,
    `Collection ${collectionId} has no ${type} plugin`,
    {
      data: { dataCollectionId: collectionId, pluginType: type },
    },
  );
}

/** User fields of a wire collection (the system fields are added on the way out). */
function userFields(collection: DataCollection): DataField[] {
  return collection.fields.filter((field) => !field.systemField) as DataField[];
}

/**
 * Schema changes one part at a time (a field, a plugin, some properties), each applied as a replace of the
 * whole schema at the revision it was read at, so two concurrent changes never lose one another: the
 * second meets a stale revision and is retried once on the fresh schema.
 */
export function createCollectionSchemaService(deps: {
  collections: CollectionsService;
  /** Restores a deleted collection kept by `keepDeleted`; false when none is kept. */
  restoreDeleted?: (ctx: RequestContext, collectionId: string) => Promise<boolean>;
}) {
  const { collections } = deps;

  async function change(
    ctx: RequestContext,
    collectionId: string,
    apply: (current: DataCollection) => CollectionPatch & { plugins?: DataPlugin[] },
  ): Promise<{ dataCollection: DataCollection }> {
    for (let attempt = 0; ; attempt += 1) {
      const current = await collections.get(ctx, collectionId);
      const changes = apply(current);
      try {
        const updated = await collections.update(ctx, {
          id: collectionId,
          displayName: current.displayName,
          displayField: current.displayField,
          fields: userFields(current),
          permissions: current.permissions,
          defaultDisplayOrder: current.defaultDisplayOrder ?? null,
          maxPageSize: current.maxPageSize,
          ...changes,
          revision: current.revision,
        });
        return { dataCollection: updated };
      } catch (error) {
        if (
          attempt === 0 &&
          error instanceof AppError &&
          error.status === 409 &&
          error.code !== dataSchemaErrorCodes.fieldAlreadyExists
        )
          continue;
        throw error;
      }
    }
  }

  function replaceField(
    fields: DataField[],
    collectionId: string,
    key: string,
    next: (field: DataField) => DataField,
  ) {
    const index = fields.findIndex((field) => field.key === key);
    if (index < 0) throw fieldNotFound(collectionId, key);
    return fields.map((field, at) => (at === index ? next(field) : field));
  }

  function plugins(current: DataCollection): DataPlugin[] {
    return (current.plugins ?? []) as DataPlugin[];
  }

  return {
    createField: (ctx: RequestContext, collectionId: string, field: DataField) =>
      change(ctx, collectionId, (current) => {
        if (current.fields.some((existing) => existing.key === field.key)) {
          throw conflict(
            dataSchemaErrorCodes.fieldAlreadyExists,
            `Collection ${collectionId} has a field ${field.key} already`,
            {
              dataCollectionId: collectionId,
              fieldKey: field.key,
            },
          );
        }
        return { fields: [...userFields(current), field] };
      }),

    updateField: (ctx: RequestContext, collectionId: string, field: DataField) =>
      change(ctx, collectionId, (current) => ({
        fields: replaceField(userFields(current), collectionId, field.key, () => field),
      })),

    patchField: (ctx: RequestContext, collectionId: string, patch: FieldPatch) =>
      change(ctx, collectionId, (current) => ({
        fields: replaceField(userFields(current), collectionId, patch.key, (field) => ({
          ...field,
          ...patch,
        })),
      })),

    /** The items keep their values: only the declaration goes (as when a schema is replaced). */
    deleteField: (ctx: RequestContext, collectionId: string, fieldKey: string) =>
      change(ctx, collectionId, (current) => {
        const fields = userFields(current);
        if (!fields.some((field) => field.key === fieldKey)) throw fieldNotFound(collectionId, fieldKey);
        return {
          fields: fields.filter((field) => field.key !== fieldKey),
          displayField: current.displayField === fieldKey ? null : current.displayField,
        };
      }),

    /** Changes only the properties given (a merge, platform.md "Updates by PATCH"). */
    patch: (ctx: RequestContext, collectionId: string, patch: CollectionPatch) =>
      change(ctx, collectionId, () => {
        const { id: _id, revision: _revision, collectionType: _type, ...changes } = patch;
        return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      }),

    async restore(ctx: RequestContext, collectionId: string) {
      const restored = (await deps.restoreDeleted?.(ctx, collectionId)) ?? false;
      if (!restored) {
        throw new AppError(
          404,
          dataSchemaErrorCodes.deletedCollectionNotFound,
          `No deleted collection ${collectionId} is kept`,
          { data: { dataCollectionId: collectionId } },
        );
      }
      return { dataCollection: await collections.get(ctx, collectionId) };
    },

    addPlugin: (ctx: RequestContext, collectionId: string, plugin: DataPlugin) =>
      change(ctx, collectionId, (current) => {
        const existing = plugins(current);
        if (existing.some((entry) => entry.type === plugin.type)) {
          throw conflict(
            dataSchemaErrorCodes.pluginAlreadyExists,
            `Collection ${collectionId} has a ${plugin.type} plugin already`,
            {
              dataCollectionId: collectionId,
              pluginType: plugin.type,
            },
          );
        }
        const exclusive: Partial<Record<DataPluginType, DataPluginType>> = {
          PUBLISH: 'DRAFT_ITEMS',
          DRAFT_ITEMS: 'PUBLISH',
        };
        const excluded = exclusive[plugin.type];
        if (excluded && existing.some((entry) => entry.type === excluded)) {
          throw conflict(
            dataSchemaErrorCodes.pluginConflict,
            `Collection ${collectionId} has a ${excluded} plugin, which excludes ${plugin.type}`,
            {
              dataCollectionId: collectionId,
              pluginType: plugin.type,
            },
          );
        }
        return { plugins: [...existing, plugin] };
      }),

    deletePlugin: (ctx: RequestContext, collectionId: string, type: DataPluginType) =>
      change(ctx, collectionId, (current) => {
        const existing = plugins(current);
        if (!existing.some((entry) => entry.type === type)) throw pluginNotFound(collectionId, type);
        return { plugins: existing.filter((entry) => entry.type !== type) };
      }),
  };
}

export type CollectionSchemaService = ReturnType<typeof createCollectionSchemaService>;
