/**
 * Data collections: `items` (CRUD, bulk, query, aggregate, search, references), `collections` (schemas),
 * `indexes` and `jobs` (import and export). Every item call checks its arguments before sending and fails with a `DataError` carrying
 * the spec's WDE code; dates travel as `{"$date": "<ISO>"}` and come back as `Date` objects.
 * @example
 * import { createClient, OAuthStrategy } from '@atrium/sdk';
 * import { items } from '@atrium/sdk/modules/data';
 * const client = createClient({ baseUrl, auth: OAuthStrategy({ clientId }), modules: { items } });
 * const page = await client.items.query('Posts').contains('title', 'garden').limit(10).find();
 */
export { items, setFieldNameWarningSink } from './items.ts';
export { toBulkResult, type BulkResult } from './bulk-result.ts';
export type {
  BulkInsertOptions,
  BulkUpdateOptions,
  ConditionalOptions,
  DataReference,
  DistinctOptions,
  GetOptions,
  ReferencedOptions,
  ReferenceTarget,
  TruncateOptions,
  WriteOptions,
} from './item-options.ts';
export {
  collections,
  indexes,
  type DataCollection,
  type DataCollectionInput,
  type DataIndex,
  type DataIndexInput,
} from './collections.ts';
export {
  jobs,
  type DataImportMode,
  type DataJob,
  type DataJobError,
  type DataJobFormat,
  type DataJobStatus,
} from './jobs.ts';
export { backups, type DataBackup, type DataRestoration } from './backups.ts';
export { tasks, type DataTask, type TaskInput } from './tasks.ts';
export { dataPermissions, type CollectionPermissions } from './permissions.ts';
export {
  externalConnections,
  type ExternalConnection,
  type ExternalConnectionCollection,
} from './connections.ts';
export { collectionSchema } from './collection-schema.ts';
export { DataQuery, type DataItem, type DataItemInput, type FindOptions, type ReadOptions } from './query.ts';
export { DataAggregate, type AggregateRow } from './aggregate.ts';
export { DataSearch } from './search.ts';
export { DataFilter, dataFilter, FilterBase, type Comparable } from './filter.ts';
export { FieldModifications, type PatchOptions } from './patch.ts';
export { DataResult } from './transport.ts';
export { BulkItemError, DataError, dataMessages, unknownErrorCode, validationErrorCode } from './errors.ts';
export { decodeDates, encodeDates } from './codec.ts';
export { fieldNameMessages, maxBulkItems, validateFilterModel } from './validation.ts';
