import type {
  BulkItemsResponse,
  DataPagingMetadata,
  FieldModification,
  DataItem as WireDataItem,
} from '@atrium/contract/data';
import { defineModule } from '../../client.ts';
import { toBulkResult, type BulkResult } from './bulk-result.ts';
import type {
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
import { createDataAggregate, type DataAggregate } from './aggregate.ts';
import { DataError, dataMessages, validationError } from './errors.ts';
import { DataFilter, dataFilter } from './filter.ts';
import { FieldModifications, type PatchOptions } from './patch.ts';
import {
  createDataQuery,
  distinctValues,
  items as documents,
  readOptions,
  type DataItem,
  type DataItemInput,
  type DataQuery,
  type ReadOptions,
} from './query.ts';
import { createDataSearch, type DataSearch } from './search.ts';
import {
  dataBasePath,
  dataTransport,
  defaultDataPageSize,
  firstPage,
  type DataResult,
  type DataTransport,
} from './transport.ts';
import {
  checks,
  isPlainObject,
  referenceId,
  warnAboutFieldNames,
  type Checks,
  type WarningSink,
} from './validation.ts';

interface ItemAnswer {
  dataItem?: WireDataItem;
}

function documentOf(answer: ItemAnswer): DataItem | null {
  return answer.dataItem ? (answer.dataItem.data as DataItem) : null;
}

/** `{}` for an absent or empty condition, else `{condition: {filter}}`. */
function conditionOf(condition: DataFilter | undefined): Record<string, unknown> {
  if (!condition) return {};
  return { condition: { filter: condition.build() } };
}

function writeOptions(options: WriteOptions | undefined): Record<string, unknown> {
  if (!options) return {};
  return {
    ...(options.suppressHooks !== undefined ? { suppressHooks: options.suppressHooks } : {}),
    ...(options.includeReferences !== undefined ? { includeReferencedItems: options.includeReferences } : {}),
    ...(options.showDrafts !== undefined
      ? { publishPluginOptions: { includeDraftItems: options.showDrafts } }
      : {}),
  };
}

/** A condition, when given, must be a filter builder (WDE0011). */
function checkCondition(list: Checks, options: unknown): Checks {
  return list.add(
    () =>
      !isPlainObject(options) || options.condition === undefined || options.condition instanceof DataFilter,
    () => dataMessages.filterMustBeBuilder('condition'),
  );
}

/** WDE0073 on get and remove means "no such item": the call answers null instead of failing. */
async function nullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof DataError && error.code === 'WDE0073') return null;
    throw error;
  }
}

/** Where the `$`/dot field-name warnings go (the console unless a test replaces it). */
let warnings: WarningSink = console;

/** Replaces the sink of field-name warnings; returns the previous one. */
export function setFieldNameWarningSink(sink: WarningSink): WarningSink {
  const previous = warnings;
  warnings = sink;
  return previous;
}

function makeCalls(transport: DataTransport) {
  const post = <T>(operation: string, path: string, body: unknown) =>
    transport.call<T>(operation, { method: 'POST', path: `${dataBasePath}${path}`, body });

  async function runBulkSave(
    collectionName: string,
    list: DataItemInput[],
    options: BulkInsertOptions | undefined,
    overrideExisting: boolean,
    operation: string,
  ): Promise<BulkResult> {
    const answer = await post<BulkItemsResponse>(
      operation,
      overrideExisting ? '/bulk/items/save' : '/bulk/items/insert',
      {
        dataCollectionId: collectionName,
        dataItems: list.map((data) => ({ ...(typeof data._id === 'string' ? { id: data._id } : {}), data })),
        ...(options?.suppressHooks !== undefined ? { suppressHooks: options.suppressHooks } : {}),
      },
    );
    // On insert an existing id is skipped, not an error (spec §8 WDE0074).
    return toBulkResult(list, answer.results, overrideExisting ? [] : ['WDE0074']);
  }

  function referenceCall(method: string) {
    return async (
      ...args: [
        collectionName: string,
        relationshipName: string,
        left: ReferenceTarget,
        right: ReferenceTarget | ReferenceTarget[],
        options?: WriteOptions,
      ]
    ) => {
      const [collectionName, relationshipName, left, right, options] = args;
      const rights = Array.isArray(right) ? right : [right];
      await checks(method)
        .arity(args, 4, 5)
        .collectionName(collectionName)
        .nonEmptyString(relationshipName, 'relationshipName')
        .referenceParameter(left)
        .referenceParameters(rights)
        .options(options, 'general', ['includeReferences'])
        .run();
      return { collectionName, relationshipName, left: referenceId(left), rights: rights.map(referenceId) };
    };
  }

  const calls = {
    /**
     * The item with this id, or null when there is none.
     * @example const post = await client.items.get('Posts', id); // post._createdDate is a Date
     */
    async get<T extends object = DataItem>(
      ...args: [collectionName: string, itemId: string, options?: GetOptions]
    ): Promise<T | null> {
      const [collectionName, itemId, options] = args;
      await checks('get')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .itemId(itemId)
        .options(options, 'general', ['fields'])
        .run();
      const answer = await nullWhenMissing(
        transport.call<ItemAnswer>('items.get', {
          method: 'GET',
          path: `${dataBasePath}/items/${encodeURIComponent(itemId)}`,
          query: {
            dataCollectionId: collectionName,
            ...(options?.fields ? { fields: options.fields.join(',') } : {}),
            ...(options?.consistentRead !== undefined ? { consistentRead: options.consistentRead } : {}),
            ...(options?.language !== undefined ? { language: options.language } : {}),
          },
        }),
      );
      return answer ? (documentOf(answer) as T | null) : null;
    },

    /**
     * Adds an item; without `_id` the server assigns one. An existing `_id` fails with WDE0074.
     * @example const saved = await client.items.insert('Posts', { title: 'Hello', publishedAt: new Date() });
     */
    async insert<T extends object = DataItem>(
      ...args: [collectionName: string, item: DataItemInput, options?: WriteOptions]
    ): Promise<T> {
      const [collectionName, item, options] = args;
      await checks('insert')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .item(item, collectionName, false)
        .options(options, 'general', ['includeReferences'])
        .run();
      warnAboutFieldNames(item, warnings);
      const answer = await post<ItemAnswer>('items.insert', '/items', {
        dataCollectionId: collectionName,
        dataItem: { ...(typeof item._id === 'string' ? { id: item._id } : {}), data: item },
        ...writeOptions(options),
      });
      return documentOf(answer) as T;
    },

    /** Replaces the stored item with this one (its `_id` is required, WDE0007); a missing item is WDE0073. */
    async update<T extends object = DataItem>(
      ...args: [collectionName: string, item: DataItemInput & { _id: string }, options?: ConditionalOptions]
    ): Promise<T> {
      const [collectionName, item, options] = args;
      await checkCondition(
        checks('update')
          .arity(args, 2, 3)
          .collectionName(collectionName)
          .item(item, collectionName, true)
          .options(options, 'general', ['includeReferences', 'condition']),
        options,
      ).run();
      warnAboutFieldNames(item, warnings);
      const answer = await post<ItemAnswer>('items.update', '/items/update', {
        dataCollectionId: collectionName,
        dataItem: { id: item._id, data: item },
        ...writeOptions(options),
        ...conditionOf(options?.condition),
      });
      return documentOf(answer) as T;
    },

    /** Inserts the item, or replaces it when its `_id` exists. */
    async save<T extends object = DataItem>(
      ...args: [collectionName: string, item: DataItemInput, options?: WriteOptions]
    ): Promise<T> {
      const [collectionName, item, options] = args;
      await checks('save')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .item(item, collectionName, false)
        .options(options, 'general', ['includeReferences'])
        .run();
      warnAboutFieldNames(item, warnings);
      const answer = await post<ItemAnswer>('items.save', '/items/save', {
        dataCollectionId: collectionName,
        dataItem: { ...(typeof item._id === 'string' ? { id: item._id } : {}), data: item },
        ...writeOptions(options),
      });
      return documentOf(answer) as T;
    },

    /** Removes the item and answers it, or null when there was none. */
    async remove<T extends object = DataItem>(
      ...args: [collectionName: string, itemId: string, options?: ConditionalOptions]
    ): Promise<T | null> {
      const [collectionName, itemId, options] = args;
      await checkCondition(
        checks('remove')
          .arity(args, 2, 3)
          .collectionName(collectionName)
          .itemId(itemId)
          .options(options, 'general', ['condition']),
        options,
      ).run();
      const answer = await nullWhenMissing(
        post<ItemAnswer>('items.remove', '/items/remove', {
          dataCollectionId: collectionName,
          dataItemId: itemId,
          ...writeOptions(options),
          ...conditionOf(options?.condition),
        }),
      );
      return answer ? (documentOf(answer) as T | null) : null;
    },

    /** Removes every item of the collection. */
    async truncate(...args: [collectionName: string, options?: TruncateOptions]): Promise<void> {
      const [collectionName, options] = args;
      await checks('truncate')
        .arity(args, 1, 2)
        .collectionName(collectionName)
        .options(options, 'truncate')
        .run();
      await post('items.truncate', '/items/truncate', { dataCollectionId: collectionName });
    },

    /**
     * A patch of one item: chain `setField`, `incrementField`, `appendToArray`, `removeFromArray`,
     * `removeField`, then `run()`.
     */
    patch<T extends object = DataItem>(collectionName: string, itemId: string): FieldModifications<T> {
      return new FieldModifications<T>({
        modifications: [],
        invalid: [],
        onRun: async (fieldModifications, invalid, runArgs) => {
          const options = runArgs[0] as (PatchOptions & { condition?: DataFilter }) | undefined;
          const list = checkCondition(
            checks('patch')
              .arity(runArgs, 0, 1)
              .collectionName(collectionName)
              .itemId(itemId)
              .options(options, 'general', ['condition']),
            options,
          );
          const problems = [...list.problems(), ...invalid];
          if (problems.length > 0)
            throw validationError(dataMessages.patchInvalid(collectionName, problems), 'items.patch');
          const answer = await post<ItemAnswer>('items.patch', '/items/patch', {
            dataCollectionId: collectionName,
            patch: { dataItemId: itemId, fieldModifications },
            ...writeOptions(options),
            ...conditionOf(options?.condition),
          });
          return documentOf(answer) as T;
        },
      });
    },

    /** Inserts up to 1000 items; items whose `_id` exists are skipped (or replaced with `overrideExisting`). */
    async bulkInsert(
      ...args: [collectionName: string, items: DataItemInput[], options?: BulkInsertOptions]
    ): Promise<BulkResult> {
      const [collectionName, list, options] = args;
      await checks('bulkInsert')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .items(list, collectionName)
        .options(options, 'bulkInsert')
        .run();
      warnAboutFieldNames(list, warnings);
      return runBulkSave(
        collectionName,
        list,
        options,
        options?.overrideExisting ?? false,
        'items.bulkInsert',
      );
    },

    /** Inserts or replaces up to 1000 items. */
    async bulkSave(
      ...args: [collectionName: string, items: DataItemInput[], options?: BulkInsertOptions]
    ): Promise<BulkResult> {
      const [collectionName, list, options] = args;
      await checks('bulkSave')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .items(list, collectionName)
        .options(options, 'bulkInsert')
        .run();
      warnAboutFieldNames(list, warnings);
      return runBulkSave(collectionName, list, options, true, 'items.bulkSave');
    },

    /** Replaces up to 1000 items (each needs its `_id`); missing ones are skipped. */
    async bulkUpdate(
      ...args: [
        collectionName: string,
        items: Array<DataItemInput & { _id: string }>,
        options?: BulkUpdateOptions,
      ]
    ): Promise<BulkResult> {
      const [collectionName, list, options] = args;
      await checks('bulkUpdate')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .items(list, collectionName)
        .itemsWithIds(list)
        .options(options, 'bulkUpdate')
        .run();
      warnAboutFieldNames(list, warnings);
      const answer = await post<BulkItemsResponse>('items.bulkUpdate', '/bulk/items/update', {
        dataCollectionId: collectionName,
        dataItems: list.map((data) => ({ id: data._id, data })),
        ...writeOptions(options),
      });
      return toBulkResult(list, answer.results, ['WDE0073']);
    },

    /** Removes up to 1000 items by id; missing ones are skipped. */
    async bulkRemove(
      ...args: [collectionName: string, itemIds: string[], options?: BulkUpdateOptions]
    ): Promise<BulkResult> {
      const [collectionName, itemIds, options] = args;
      await checks('bulkRemove')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .itemIds(itemIds, collectionName)
        .options(options, 'bulkRemove')
        .run();
      const answer = await post<BulkItemsResponse>('items.bulkRemove', '/bulk/items/remove', {
        dataCollectionId: collectionName,
        dataItemIds: itemIds,
        ...writeOptions(options),
      });
      return toBulkResult(itemIds, answer.results, ['WDE0073']);
    },

    /** The same field changes on up to 1000 items; chain the changes, then `run()`. */
    bulkPatch(collectionName: string, itemIds: string[]): FieldModifications<BulkResult> {
      return new FieldModifications<BulkResult>({
        modifications: [],
        invalid: [],
        onRun: async (fieldModifications: FieldModification[], invalid, runArgs) => {
          const options = runArgs[0] as BulkUpdateOptions | undefined;
          const list = checks('bulkPatch')
            .arity(runArgs, 0, 1)
            .collectionName(collectionName)
            .itemIds(itemIds, collectionName)
            .options(options, 'bulkUpdate');
          const problems = [...list.problems(), ...invalid];
          if (problems.length > 0) {
            throw validationError(dataMessages.patchInvalid(collectionName, problems), 'items.bulkPatch');
          }
          const answer = await post<BulkItemsResponse>('items.bulkPatch', '/bulk/items/patch', {
            dataCollectionId: collectionName,
            patches: itemIds.map((dataItemId) => ({ dataItemId, fieldModifications })),
            ...writeOptions(options),
          });
          return toBulkResult(itemIds, answer.results, ['WDE0073']);
        },
      });
    },

    /** A query of the collection (filter, sort, paging), run with `find()`, `count()` or `distinct()`. */
    query<T extends object = DataItem>(collectionName: string): DataQuery<T> {
      return createDataQuery<T>(transport, collectionName);
    },

    /** An aggregation of the collection, run with `run()`. */
    aggregate(collectionName: string): DataAggregate {
      return createDataAggregate(transport, collectionName);
    },

    /** A full-text search of the collection, run with `run()`. */
    search<T extends object = DataItem>(collectionName: string): DataSearch<T> {
      return createDataSearch<T>(transport, collectionName);
    },

    /** A stand-alone filter for `and`/`or`/`not`, aggregate `filter`/`having` and `condition` options. */
    filter(): DataFilter {
      return dataFilter();
    },

    /** The distinct values of a field, offset-paged. */
    async distinct(
      ...args: [collectionName: string, fieldName: string, options?: DistinctOptions]
    ): Promise<DataResult<unknown>> {
      const [collectionName, fieldName, options] = args;
      const list = checks('distinct')
        .arity(args, 2, 3)
        .collectionName(collectionName)
        .fieldName(fieldName)
        .options(options, 'general', ['filter', 'order', 'paging', 'returnTotalCount']);
      const filter = options?.filter;
      if (filter instanceof DataFilter) {
        list.add(
          () => filter.invalidArguments.length === 0,
          () => filter.invalidArguments[0]!,
        );
      } else {
        list.filterModel(filter, false);
      }
      if (options?.paging?.limit !== undefined)
        list.add(
          () => checkLimit(options.paging!.limit),
          () => dataMessages.isPositiveNumber('paging.limit', options.paging!.limit),
        );
      await list.run();
      return distinctValues(transport, collectionName, {
        fieldName,
        filter: filter instanceof DataFilter ? filter.filterTree : filter,
        order: options?.order,
        limit: options?.paging?.limit,
        offset: options?.paging?.offset ?? 0,
        options,
      });
    },

    /** Continues a cursor-paged query from a cursor kept earlier (`result.cursors.next`). */
    async fetch<T extends object = DataItem>(
      ...args: [collectionName: string, cursor: string, limit?: number, options?: ReadOptions]
    ): Promise<DataResult<T>> {
      const [collectionName, cursor, limit = defaultDataPageSize, options] = args;
      await checks('fetch')
        .arity(args, 2, 4)
        .collectionName(collectionName)
        .nonEmptyString(cursor, 'cursor')
        .add(
          () => checkLimit(limit),
          () => dataMessages.isPositiveNumber('limit', limit),
        )
        .options(options, 'general')
        .run();
      const fetchPage = async (position: number | string | null) => {
        const answer = await post<{ dataItems: WireDataItem[]; pagingMetadata: DataPagingMetadata }>(
          'items.query',
          '/items/query',
          {
            dataCollectionId: collectionName,
            query: { cursorPaging: { limit, cursor: String(position) } },
            ...readOptions(options),
          },
        );
        return { items: documents(answer.dataItems) as T[], pagingMetadata: answer.pagingMetadata };
      };
      return firstPage(fetchPage, { collectionName, mode: 'cursor', pageSize: limit, offset: 0 }, cursor);
    },

    /** The items a multi-reference field of an item points to, offset-paged (50 per page by default). */
    async queryReferenced<T extends object = DataItem>(
      ...args: [
        collectionName: string,
        holdingItem: ReferenceTarget,
        relationshipName: string,
        options?: ReferencedOptions,
      ]
    ): Promise<DataResult<T>> {
      const [collectionName, holdingItem, relationshipName, options] = args;
      await checks('queryReferenced')
        .arity(args, 3, 4)
        .collectionName(collectionName)
        .referenceParameter(holdingItem)
        .nonEmptyString(relationshipName, 'relationshipName')
        .options(options, 'general', ['limit', 'skip', 'order', 'fields', 'returnTotalCount'])
        .add(
          () => options?.limit === undefined || checkLimit(options.limit),
          () => dataMessages.isPositiveNumber('limit', options?.limit),
        )
        .add(
          () => options?.skip === undefined || (Number.isSafeInteger(options.skip) && options.skip >= 0),
          () => dataMessages.isNonNegativeNumber('skip', options?.skip),
        )
        .run();
      const referringItemId = referenceId(holdingItem);
      const limit = options?.limit ?? defaultDataPageSize;
      const order = options?.order ? (options.order.toUpperCase() as 'ASC' | 'DESC') : undefined;
      const fetchPage = async (position: number | string | null) => {
        const answer = await post<{
          results: Array<{ dataItem?: WireDataItem }>;
          pagingMetadata: DataPagingMetadata;
        }>('items.queryReferenced', '/items/query-referenced', {
          dataCollectionId: collectionName,
          referringItemId,
          referringItemFieldName: relationshipName,
          ...(order ? { order } : {}),
          ...(options?.fields ? { fields: options.fields } : {}),
          ...(options?.returnTotalCount !== undefined ? { returnTotalCount: options.returnTotalCount } : {}),
          paging: { limit, offset: Number(position ?? 0) },
          ...readOptions(options),
        });
        const referenced = answer.results.flatMap((result) => (result.dataItem ? [result.dataItem] : []));
        return { items: documents(referenced) as T[], pagingMetadata: answer.pagingMetadata };
      };
      const offset = options?.skip ?? 0;
      return firstPage(fetchPage, { collectionName, mode: 'offset', pageSize: limit, offset }, offset);
    },

    /** Whether `left`'s multi-reference field `relationshipName` points to `right`. */
    async isReferenced(
      ...args: [
        collectionName: string,
        relationshipName: string,
        left: ReferenceTarget,
        right: ReferenceTarget,
        options?: ReadOptions,
      ]
    ): Promise<boolean> {
      const [collectionName, relationshipName, left, right, options] = args;
      await checks('isReferenced')
        .arity(args, 4, 5)
        .collectionName(collectionName)
        .nonEmptyString(relationshipName, 'relationshipName')
        .referenceParameter(left)
        .referenceParameter(right)
        .options(options, 'general')
        .run();
      const answer = await post<{ isReferenced: boolean }>('items.isReferenced', '/items/is-referenced', {
        dataCollectionId: collectionName,
        referringItemFieldName: relationshipName,
        referringItemId: referenceId(left),
        referencedItemId: referenceId(right),
        ...readOptions(options),
      });
      return answer.isReferenced;
    },

    /**
     * Adds references: `(collection, relationshipName, left, right | rights, options?)` or
     * `(collection, [{relationshipName, left, right}], options?)`.
     */
    async insertReference(
      ...args:
        | [
            collectionName: string,
            relationshipName: string,
            left: ReferenceTarget,
            right: ReferenceTarget | ReferenceTarget[],
            options?: WriteOptions,
          ]
        | [collectionName: string, references: DataReference[], options?: WriteOptions]
    ): Promise<void> {
      const [collectionName, second] = args;
      let references: DataReference[];
      let options: WriteOptions | undefined;
      const list = checks('insertReference');
      if (typeof second === 'string') {
        const [, , left, right] = args as [
          string,
          string,
          ReferenceTarget,
          ReferenceTarget | ReferenceTarget[],
        ];
        options = args[4] as WriteOptions | undefined;
        list.arity(args, 4, 5);
        references = (Array.isArray(right) ? right : [right]).map((target) => ({
          relationshipName: second,
          left,
          right: target,
        }));
      } else {
        options = args[2] as WriteOptions | undefined;
        list.arity(args, 2, 3);
        references = second as DataReference[];
      }
      await list
        .collectionName(collectionName)
        .references(references)
        .options(options, 'general', ['includeReferences'])
        .run();
      const answer = await post<ReferencesAnswer>('items.insertReference', '/bulk/items/insert-references', {
        dataCollectionId: collectionName,
        dataItemReferences: references.map((reference) => ({
          referringItemFieldName: reference.relationshipName,
          referringItemId: referenceId(reference.left),
          referencedItemId: referenceId(reference.right),
        })),
      });
      throwFirstReferenceError(answer, 'items.insertReference');
    },

    /** Removes references from `left`'s field `relationshipName` to `right` (one or several). */
    async removeReference(
      ...args: [
        collectionName: string,
        relationshipName: string,
        left: ReferenceTarget,
        right: ReferenceTarget | ReferenceTarget[],
        options?: WriteOptions,
      ]
    ): Promise<void> {
      const { collectionName, relationshipName, left, rights } = await referenceCall('removeReference')(
        ...args,
      );
      const answer = await post<ReferencesAnswer>('items.removeReference', '/bulk/items/remove-references', {
        dataCollectionId: collectionName,
        dataItemReferences: rights.map((referencedItemId) => ({
          referringItemFieldName: relationshipName,
          referringItemId: left,
          referencedItemId,
        })),
      });
      throwFirstReferenceError(answer, 'items.removeReference');
    },

    /** Makes `left`'s field `relationshipName` point to exactly these items, in this order. */
    async replaceReferences(
      ...args: [
        collectionName: string,
        relationshipName: string,
        left: ReferenceTarget,
        right: ReferenceTarget | ReferenceTarget[],
        options?: WriteOptions,
      ]
    ): Promise<void> {
      const { collectionName, relationshipName, left, rights } = await referenceCall('replaceReferences')(
        ...args,
      );
      await post('items.replaceReferences', '/items/replace-references', {
        dataCollectionId: collectionName,
        referringItemFieldName: relationshipName,
        referringItemId: left,
        newReferencedItemIds: rights,
      });
    },
  };
  return calls;
}

interface ReferencesAnswer {
  results: Array<{ referenceMetadata: { success: boolean; error?: { code: string; description: string } } }>;
}

/** A reference call is one change to the caller: the first reference the server refused fails it. */
function throwFirstReferenceError(answer: ReferencesAnswer, operation: string): void {
  const failed = answer.results.find((result) => !result.referenceMetadata.success)?.referenceMetadata.error;
  if (failed) {
    throw new DataError(failed.code, failed.description, {
      operation,
      details: { applicationError: { code: failed.code, description: failed.description } },
    });
  }
}

function checkLimit(limit: unknown): boolean {
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 && limit <= 1000;
}

type Calls = ReturnType<typeof makeCalls>;

/** Binds each call of `makeCalls` to the client's context (one transport per client). */
function bound<K extends keyof Calls>(name: K) {
  return (context: Parameters<typeof dataTransport>[0]) => makeCalls(dataTransport(context))[name];
}

/**
 * Data items: CRUD, bulk calls, queries, aggregation, search and references, with the data API's checks
 * made before anything is sent (WDE codes of spec data-commerce §5 and §8).
 * @example
 * const client = createClient({ baseUrl, auth: OAuthStrategy({ clientId }), modules: { items } });
 * const { items: posts } = await client.items.query('Posts').eq('published', true).descending('_createdDate').find();
 */
export const items = defineModule({
  get: bound('get'),
  insert: bound('insert'),
  update: bound('update'),
  save: bound('save'),
  remove: bound('remove'),
  truncate: bound('truncate'),
  patch: bound('patch'),
  bulkInsert: bound('bulkInsert'),
  bulkSave: bound('bulkSave'),
  bulkUpdate: bound('bulkUpdate'),
  bulkRemove: bound('bulkRemove'),
  bulkPatch: bound('bulkPatch'),
  query: bound('query'),
  aggregate: bound('aggregate'),
  search: bound('search'),
  filter: bound('filter'),
  distinct: bound('distinct'),
  fetch: bound('fetch'),
  queryReferenced: bound('queryReferenced'),
  isReferenced: bound('isReferenced'),
  insertReference: bound('insertReference'),
  removeReference: bound('removeReference'),
  replaceReferences: bound('replaceReferences'),
});
