import { z } from 'zod';
import { collectionInputSchema, dataFieldSchema, dataPluginSchema, dataPluginTypes } from './data.ts';

export {
  dataPluginSchema,
  dataPluginTypes,
  publishStatuses,
  type DataPlugin,
  type DataPluginType,
} from './data.ts';

/** Field, patch, restore and plugin calls on a collection's schema (the official collections client's paths). */

const collectionId = z.string().min(1).max(256);

export const dataSchemaErrorCodes = {
  fieldAlreadyExists: 'FIELD_ALREADY_EXISTS',
  fieldNotFound: 'FIELD_NOT_FOUND',
  pluginAlreadyExists: 'PLUGIN_ALREADY_EXISTS',
  pluginNotFound: 'PLUGIN_NOT_FOUND',
  /** Restoring a collection that was not deleted (or whose deletion is past its retention). */
  deletedCollectionNotFound: 'DELETED_COLLECTION_NOT_FOUND',
  /** Publish and draft-items plugins exclude each other unless a conflict action says otherwise. */
  pluginConflict: 'PLUGIN_CONFLICT',
} as const;

export const fieldRequestSchema = z.object({ dataCollectionId: collectionId, field: dataFieldSchema });
export const patchFieldRequestSchema = z.object({
  field: dataFieldSchema.partial().extend({ key: dataFieldSchema.shape.key }),
});
export const deleteFieldRequestSchema = z.object({
  dataCollectionId: collectionId,
  fieldKey: z.string().min(1).max(200),
});
export const patchCollectionRequestSchema = z.object({
  dataCollection: collectionInputSchema.partial().passthrough(),
});
export const addPluginRequestSchema = z.object({ dataCollectionId: collectionId, plugin: dataPluginSchema });
export const deletePluginRequestSchema = z.object({
  dataCollectionId: collectionId,
  pluginType: z.enum(dataPluginTypes),
});
/** The typed add-plugin calls: the collection and the options object of that plugin. */
export const addNamedPluginRequestSchema = z.object({ dataCollectionId: collectionId }).passthrough();
export const deleteNamedPluginRequestSchema = z.object({ dataCollectionId: collectionId }).passthrough();
