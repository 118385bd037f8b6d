import type { DataField } from '@atrium/contract/data';
import type { DataPlugin, DataPluginType } from '@atrium/contract/data-schema-changes';
import { defineModule } from '../../client.ts';
import type { DataCollection } from './collections.ts';
import type { WithDates } from '../../dates.ts';
import { adminCall, enc } from './admin-call.ts';

const path = '/data/v2/collections';
const answer = async (promise: Promise<WithDates<{ dataCollection: DataCollection }>>) =>
  (await promise).dataCollection;

/**
 * Changes to one part of a collection's schema: a field, some properties, a plugin; and the restore of a
 * deleted collection (kept 7 days). Each answers the whole collection.
 * @example
 * await client.collectionSchema.createField('Posts', { key: 'views', type: 'NUMBER' });
 * await client.collectionSchema.addPlugin('Posts', { type: 'PUBLISH', publishOptions: { defaultStatus: 'DRAFT' } });
 */
export const collectionSchema = defineModule({
  createField: (context) => (dataCollectionId: string, field: DataField) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.createField', {
        method: 'POST',
        path: `${path}/create-field`,
        body: { dataCollectionId, field },
      }),
    ),
  updateField: (context) => (dataCollectionId: string, field: DataField) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.updateField', {
        method: 'POST',
        path: `${path}/update-field`,
        body: { dataCollectionId, field },
      }),
    ),
  patchField: (context) => (dataCollectionId: string, field: Partial<DataField> & { key: string }) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.patchField', {
        method: 'PATCH',
        path: `${path}/${enc(dataCollectionId)}/patch-field`,
        body: { field },
      }),
    ),
  deleteField: (context) => (dataCollectionId: string, fieldKey: string) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.deleteField', {
        method: 'POST',
        path: `${path}/delete-field`,
        body: { dataCollectionId, fieldKey },
      }),
    ),
  patchCollection: (context) => (dataCollectionId: string, changes: Record<string, unknown>) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.patchCollection', {
        method: 'PATCH',
        path: `${path}/${enc(dataCollectionId)}`,
        body: { dataCollection: changes },
      }),
    ),
  restoreCollection: (context) => (dataCollectionId: string) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.restoreCollection', {
        method: 'POST',
        path: `${path}/restore/${enc(dataCollectionId)}`,
        body: {},
      }),
    ),
  addPlugin: (context) => (dataCollectionId: string, plugin: DataPlugin) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.addPlugin', {
        method: 'POST',
        path: `${path}/add-plugin`,
        body: { dataCollectionId, plugin },
      }),
    ),
  deletePlugin: (context) => (dataCollectionId: string, pluginType: DataPluginType) =>
    answer(
      adminCall<{ dataCollection: DataCollection }>(context, 'collections.deletePlugin', {
        method: 'POST',
        path: `${path}/delete-plugin`,
        body: { dataCollectionId, pluginType },
      }),
    ),
});
