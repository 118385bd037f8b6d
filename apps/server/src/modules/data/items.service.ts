import { randomUUID } from 'node:crypto';
import { dataEventNames, type DataField, type DataItem, type FieldModification } from '@atrium/contract/data';
import type { FieldViolation } from '@atrium/contract/errors';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { AppError, invalid, invalidField } from '../../platform/errors/app-error.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import { compileFilter } from '../../platform/query/compile-filter.ts';
import { parseFilter } from '../../platform/query/parse-filter.ts';
import { projectFields } from '../../platform/query/project-fields.ts';
import { countedParts, type OrderedIndex, type QueryRunner } from '../../platform/query/run-query.ts';
import type { CollectionSchema, CollectionsService } from './collections.service.ts';
import {
  accessFor,
  mayAssignOwner,
  withSpecialPermissions,
  type DataOperation,
  type ItemAccess,
} from './data-permissions.ts';
import {
  itemAlreadyExists,
  itemNotFound,
  itemTooLarge,
  operationDenied,
  referenceError,
  uniqueViolation,
} from './data.errors.ts';
import {
  dataItemsEntity,
  type DataRepository,
  type ItemRow,
  type ItemScope,
  type NewItemRow,
} from './data.repository.ts';
import { applyModifications } from './item-patch.ts';
import type { IndexUpkeep } from './index-upkeep.ts';
import { normalizeItem, referenceId } from './item-values.ts';
import { checkTextSafe } from './value-checks.ts';
import {
  isPublishedAt,
  maySeeDrafts,
  publishedFilter,
  publishPluginOf,
  urlSlug,
  withPublishStatus,
} from './publishing.ts';
import type { SqlFragment } from '../../platform/db/database.ts';
import type { ExternalItems } from './external/external-items.ts';

export interface ItemsDeps {
  database: Database;
  repository: DataRepository;
  collections: CollectionsService;
  /** `emitMany` (one write for many events) is used when the bus offers it. */
  events: Pick<EventBus, 'emit'> & { emitMany?: (tx: Tx, events: readonly ItemEvent[]) => Promise<unknown> };
  queries: QueryRunner;
  /** Merges the GIN pending lists after enough writes (absent in tests that build the services alone). */
  upkeep?: IndexUpkeep;
  /** Collections of external database connections (`<connection>/<collection>`), forwarded to their adapter. */
  external?: Pick<ExternalItems, 'adapterFor'>;
  /** The collection's built regular indexes, which a query may read in order (the indexes service). */
  orderedIndexes?: (siteId: string, collectionId: string) => Promise<OrderedIndex[]>;
  /** The smallest of those indexes a query reads as a skip scan (run-query.ts); the engine's default if absent. */
  skipScanMinIndexBytes?: number;
}

/** A collection as one call sees it: schema, where its rows are, and what the caller may do. */
export interface CallScope {
  schema: CollectionSchema;
  scope: ItemScope;
  access: ItemAccess & { allowed: true };
  /** Reads of a collection with the publish plugin, by callers not seeing drafts: published at this instant. */
  publishedAt?: Date;
}

export interface ItemWrite {
  dataItem: { id?: string | null; data?: Record<string, unknown> | null };
}

export interface ItemEvent {
  name: string;
  siteId: string;
  data: Record<string, unknown>;
}

export interface IncludeReference {
  field: string;
  limit?: number;
}

const operationVerbs: Record<DataOperation, string> = {
  read: 'read',
  insert: 'insert',
  update: 'update',
  remove: 'remove',
};

export function dateLiteral(date: Date): { $date: string } {
  return { $date: date.toISOString() };
}

/** The wire item: system fields first, then the stored document. */
export function toWireItem(collectionId: string, row: ItemRow): DataItem {
  return {
    id: row.itemId,
    dataCollectionId: collectionId,
    data: {
      _id: row.itemId,
      ...(row.owner !== null ? { _owner: row.owner } : {}),
      _createdDate: dateLiteral(row.createdDate),
      _updatedDate: dateLiteral(row.updatedDate),
      ...(row.data as Record<string, unknown>),
    },
  };
}

function databaseCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = candidate?.cause?.code ?? candidate?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique user index refusing a value is the caller's conflict, not a server failure. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseCode(error) === '23505';
}

export function checkItemId(value: unknown, path: string): string | FieldViolation {
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) {
    return {
      field: path,
      description: 'must be a string of 1 to 255 characters',
      violatedRule: 'VALIDATION',
    };
  }
  const problem = checkTextSafe(value);
  if (problem) return { field: path, description: problem, violatedRule: 'FORMAT' };
  return value;
}

/** The item id a write names: `data._id`, else `dataItem.id`; undefined when it names none. */
export function givenId(write: ItemWrite): unknown {
  const fromData = write.dataItem.data?._id;
  if (fromData !== undefined && fromData !== null) return fromData;
  return write.dataItem.id ?? undefined;
}

export function createItemsCore(deps: ItemsDeps) {
  const { repository, events } = deps;

  async function open(
    ctx: RequestContext,
    collectionId: string,
    operation: DataOperation,
    options: { drafts?: boolean } = {},
  ): Promise<CallScope> {
    const schema = await deps.collections.schemaOf(ctx, collectionId);
    const access = withSpecialPermissions(
      ctx.caller,
      operation,
      accessFor(ctx.caller, schema.permissions[operation]),
      schema.specialPermissions,
    );
    if (!access.allowed)
      throw operationDenied(collectionId, operationVerbs[operation], schema.permissions[operation]);
    const publishedOnly =
      operation === 'read' &&
      publishPluginOf(schema.plugins) !== undefined &&
      !(options.drafts === true && maySeeDrafts(ctx.caller));
    return {
      schema,
      scope: { siteId: ctx.site.id, collectionId },
      access,
      ...(publishedOnly ? { publishedAt: ctx.now() } : {}),
    };
  }

  function baseWhere(call: CallScope): SqlFragment {
    const visible = repository.visibleItems(call.scope, call.access.ownerOnly);
    if (!call.publishedAt) return visible;
    return repository.filtered(
      visible,
      filterSql(publishedFilter(call.publishedAt), ['publishPluginOptions']),
    );
  }

  /** The items of a call that meet `filter` (a compiled filter), or all it may see without one. */
  function filteredWhere(call: CallScope, filter: SqlFragment | undefined): SqlFragment {
    return repository.filtered(baseWhere(call), filter);
  }

  function mayTouch(call: CallScope, row: ItemRow): boolean {
    if (call.publishedAt && !isPublishedAt(row.data as Record<string, unknown>, call.publishedAt))
      return false;
    return !call.access.ownerOnly || row.owner === call.access.ownerOnly;
  }

  /** The filter of a call as SQL, 400 with the field path on any mistake. */
  function filterSql(raw: unknown, path: PropertyKey[]): SqlFragment {
    return compileFilter(parseFilter(dataItemsEntity, raw, path));
  }

  /** Whether an existing item meets an optional write condition (`condition.filter`). */
  async function meetsCondition(call: CallScope, itemId: string, filter: unknown, tx: Tx): Promise<boolean> {
    if (filter === undefined || filter === null) return true;
    return repository.itemMeets(baseWhere(call), itemId, filterSql(filter, ['condition', 'filter']), tx);
  }

  /** An item change as a domain event; `emitItemEvents` writes them in the change's transaction. */
  const itemEvent = {
    created: (call: CallScope, item: DataItem): ItemEvent => ({
      name: dataEventNames.itemCreated,
      siteId: call.scope.siteId,
      data: { dataCollectionId: call.scope.collectionId, dataItemId: item.id, dataItem: item },
    }),
    updated: (call: CallScope, item: DataItem): ItemEvent => ({
      name: dataEventNames.itemUpdated,
      siteId: call.scope.siteId,
      data: { dataCollectionId: call.scope.collectionId, dataItemId: item.id, dataItem: item },
    }),
    deleted: (call: CallScope, itemId: string): ItemEvent => ({
      name: dataEventNames.itemDeleted,
      siteId: call.scope.siteId,
      data: { dataCollectionId: call.scope.collectionId, dataItemId: itemId },
    }),
  };

  /**
   * The one place item events are emitted. A bulk call of 1000 items makes 1000 events: the bus's
   * `emitMany` writes them at once when the bus has it, else they go one by one (README, "Events").
   */
  async function emitItemEvents(tx: Tx, batch: readonly ItemEvent[]): Promise<void> {
    if (batch.length === 0) return;
    deps.upkeep?.noteWrites(batch[0]!.siteId, batch.length);
    if (events.emitMany) {
      await events.emitMany(tx, batch);
      return;
    }
    for (const event of batch) await events.emit(tx, event);
  }

  function ownerFor(ctx: RequestContext, data: Record<string, unknown> | null | undefined): string | null {
    const given = data?._owner;
    if (typeof given === 'string' && given.length > 0 && mayAssignOwner(ctx.caller)) return given;
    return ctx.caller.identityId ?? null;
  }

  /** Checks one write and turns it into a row, or the violations that refuse it. */
  function prepareWrite(
    ctx: RequestContext,
    call: CallScope,
    write: ItemWrite,
    prefix: string,
    idRequired: boolean,
  ): { row: NewItemRow; multiReferences: Map<string, string[]> } | { violations: FieldViolation[] } {
    const raw = givenId(write);
    let itemId: string;
    if (raw === undefined) {
      if (idRequired) {
        return {
          violations: [
            { field: `${prefix}.data._id`, description: 'is required', violatedRule: 'REQUIRED_FIELD' },
          ],
        };
      }
      itemId = randomUUID();
    } else {
      const checked = checkItemId(raw, `${prefix}.data._id`);
      if (typeof checked !== 'string') return { violations: [checked] };
      itemId = checked;
    }
    const { item, violations } = normalizeItem(
      write.dataItem.data ?? {},
      call.schema.fields,
      `${prefix}.data.`,
    );
    if (violations.length > 0) return { violations };
    const planned = withPlugins(call, itemId, item.data, `${prefix}.data.`);
    if ('violation' in planned) return { violations: [planned.violation] };
    return {
      row: { itemId, data: planned.data, owner: ownerFor(ctx, write.dataItem.data) },
      multiReferences: item.multiReferences,
    };
  }

  /** What the collection's plugins add to a write: the publish status, the urlized slug. */
  function withPlugins(
    call: CallScope,
    itemId: string,
    data: Record<string, unknown>,
    prefix: string,
  ): { data: Record<string, unknown> } | { violation: FieldViolation } {
    let result = data;
    const publish = publishPluginOf(call.schema.plugins);
    if (publish) {
      const checked = withPublishStatus(result, publish, prefix);
      if ('violation' in checked) return checked;
      result = checked.data;
    }
    const urlized = call.schema.plugins.find((plugin) => plugin.type === 'URLIZED');
    if (urlized && typeof result._urlSlug !== 'string') {
      const format =
        (urlized.urlizedOptions as { format?: string } | undefined)?.format === 'PLAIN'
          ? 'PLAIN'
          : 'ORIGINAL';
      const text = call.schema.displayField ? result[call.schema.displayField] : undefined;
      result = { ...result, _urlSlug: urlSlug(text, itemId, format) };
    }
    return { data: result };
  }

  function referenceField(call: CallScope, fieldKey: string, path: string): DataField {
    const field = call.schema.fields.find((candidate) => candidate.key === fieldKey);
    if (!field || (field.type !== 'MULTI_REFERENCE' && field.type !== 'REFERENCE')) {
      throw invalidField(
        path,
        `${fieldKey} is not a reference field of collection ${call.scope.collectionId}`,
      );
    }
    return field;
  }

  function multiReferenceField(call: CallScope, fieldKey: string, path: string): DataField {
    const field = referenceField(call, fieldKey, path);
    if (field.type !== 'MULTI_REFERENCE') {
      throw referenceError(`${fieldKey} is a single REFERENCE field: set it on the item instead`, {
        dataCollectionId: call.scope.collectionId,
        referringItemFieldName: fieldKey,
      });
    }
    return field;
  }

  async function writeMultiReferences(
    call: CallScope,
    itemId: string,
    references: Map<string, string[]>,
    tx: Tx,
    replace: boolean,
  ) {
    for (const [fieldKey, ids] of references) {
      if (replace) await repository.removeReferences(call.scope, fieldKey, itemId, 'all', tx);
      await repository.insertReferences(
        call.scope,
        fieldKey,
        ids.map((referencedItemId) => ({ referringItemId: itemId, referencedItemId })),
        tx,
      );
    }
  }

  /**
   * Replaces reference values with the referenced items (REFERENCE: the item's data; MULTI_REFERENCE: an
   * array of them, at most `limit`). Targets the caller may not read stay as ids.
   */
  async function includeReferences(
    ctx: RequestContext,
    call: CallScope,
    items: DataItem[],
    includes: readonly IncludeReference[],
    path: string,
  ): Promise<void> {
    if (items.length === 0) return;
    for (const [index, include] of includes.entries()) {
      const field = referenceField(call, include.field, `${path}[${index}]`);
      const targetId =
        field.type === 'REFERENCE'
          ? field.typeMetadata?.reference?.referencedCollectionId
          : field.typeMetadata?.multiReference?.referencedCollectionId;
      if (!targetId) continue;
      let target: CallScope;
      try {
        target = await open(ctx, targetId, 'read');
      } catch (error) {
        if (error instanceof AppError && (error.status === 403 || error.status === 404)) continue;
        throw error;
      }
      const limit = include.limit ?? 50;
      if (field.type === 'REFERENCE') {
        const ids = [
          ...new Set(
            items.map((item) => referenceId(item.data[include.field])).filter((id) => id !== undefined),
          ),
        ];
        const rows = (await repository.findItems(target.scope, ids)).filter((row) => mayTouch(target, row));
        const byId = new Map(rows.map((row) => [row.itemId, toWireItem(targetId, row).data]));
        for (const item of items) {
          const id = referenceId(item.data[include.field]);
          if (id && byId.has(id)) item.data[include.field] = byId.get(id);
        }
        continue;
      }
      const links = await repository.referencedIds(
        call.scope,
        include.field,
        items.map((item) => item.id),
      );
      const rows = (
        await repository.findItems(target.scope, [...new Set(links.map((link) => link.referencedItemId))])
      ).filter((row) => mayTouch(target, row));
      const byId = new Map(rows.map((row) => [row.itemId, toWireItem(targetId, row).data]));
      for (const item of items) {
        item.data[include.field] = links
          .filter((link) => link.referringItemId === item.id && byId.has(link.referencedItemId))
          .slice(0, limit)
          .map((link) => byId.get(link.referencedItemId));
      }
    }
  }

  async function inTransaction<T>(collectionId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      const result = await deps.database.transaction(work);
      await deps.upkeep?.mergeWhenDue();
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw uniqueViolation(collectionId, undefined);
      // program_limit_exceeded: an item whose text overflows the search index (over 1 MB of words).
      if (databaseCode(error) === '54000') throw itemTooLarge(collectionId);
      throw error;
    }
  }

  return {
    open,
    baseWhere,
    filteredWhere,
    mayTouch,
    filterSql,
    meetsCondition,
    itemEvent,
    emitItemEvents,
    prepareWrite,
    referenceField,
    multiReferenceField,
    writeMultiReferences,
    includeReferences,
    inTransaction,
  };
}

export type ItemsCore = ReturnType<typeof createItemsCore>;

export function createItemsService(deps: ItemsDeps, core: ItemsCore) {
  const { repository } = deps;

  async function insertOne(
    ctx: RequestContext,
    call: CallScope,
    write: ItemWrite,
    tx: Tx,
  ): Promise<DataItem> {
    const prepared = core.prepareWrite(ctx, call, write, 'dataItem', false);
    if ('violations' in prepared) throw invalid(prepared.violations);
    const [row] = await repository.insertItems(call.scope, [prepared.row], ctx.now(), tx);
    if (!row) throw itemAlreadyExists(call.scope.collectionId, prepared.row.itemId);
    await core.writeMultiReferences(call, row.itemId, prepared.multiReferences, tx, false);
    const item = toWireItem(call.scope.collectionId, row);
    await core.emitItemEvents(tx, [core.itemEvent.created(call, item)]);
    return item;
  }

  async function updateOne(
    ctx: RequestContext,
    call: CallScope,
    write: ItemWrite,
    condition: unknown,
    tx: Tx,
  ): Promise<DataItem> {
    const prepared = core.prepareWrite(ctx, call, write, 'dataItem', true);
    if ('violations' in prepared) throw invalid(prepared.violations);
    const { itemId } = prepared.row;
    const current = await repository.findItem(call.scope, itemId, { forUpdate: true }, tx);
    // Another member's item answers as a missing one does, so ids cannot be probed (README, "Permissions").
    if (!current || !core.mayTouch(call, current)) throw itemNotFound(call.scope.collectionId, itemId);
    if (!(await core.meetsCondition(call, itemId, condition, tx)))
      throw conditionNotMet(call.scope.collectionId, itemId);
    const row = await repository.replaceItem(call.scope, itemId, prepared.row.data, ctx.now(), tx);
    await core.writeMultiReferences(call, itemId, prepared.multiReferences, tx, true);
    const item = toWireItem(call.scope.collectionId, row!);
    await core.emitItemEvents(tx, [core.itemEvent.updated(call, item)]);
    return item;
  }

  return {
    async get(
      ctx: RequestContext,
      collectionId: string,
      itemId: string,
      fields: string[] | undefined,
      drafts?: boolean,
    ) {
      const external = await deps.external?.adapterFor(ctx, collectionId);
      if (external) return external.get(itemId);
      const call = await core.open(ctx, collectionId, 'read', { drafts });
      const row = await repository.findItem(call.scope, itemId);
      // Spec §8 WDE0073: an item that is not there (or not the caller's to see) is an empty answer.
      if (!row || !core.mayTouch(call, row)) return {};
      const item = toWireItem(collectionId, row);
      return { dataItem: { ...item, data: projectFields(item.data, fields) } };
    },

    async insert(
      ctx: RequestContext,
      collectionId: string,
      write: ItemWrite,
      includeReferencedItems?: boolean,
    ) {
      const external = await deps.external?.adapterFor(ctx, collectionId);
      if (external) return external.write('insert', write.dataItem.data ?? {});
      const call = await core.open(ctx, collectionId, 'insert');
      const item = await core.inTransaction(collectionId, (tx) => insertOne(ctx, call, write, tx));
      if (includeReferencedItems) await includeAll(ctx, call, [item]);
      return { dataItem: item };
    },

    async update(ctx: RequestContext, collectionId: string, write: ItemWrite, condition?: unknown) {
      const external = await deps.external?.adapterFor(ctx, collectionId);
      if (external) return external.write('update', { ...write.dataItem.data, _id: givenId(write) });
      const call = await core.open(ctx, collectionId, 'update');
      return {
        dataItem: await core.inTransaction(collectionId, (tx) => updateOne(ctx, call, write, condition, tx)),
      };
    },

    async save(ctx: RequestContext, collectionId: string, write: ItemWrite) {
      const raw = givenId(write);
      const existing =
        typeof raw === 'string'
          ? await repository.findItem({ siteId: ctx.site.id, collectionId }, raw)
          : undefined;
      if (existing) {
        const call = await core.open(ctx, collectionId, 'update');
        const item = await core.inTransaction(collectionId, (tx) =>
          updateOne(ctx, call, write, undefined, tx),
        );
        return { action: 'UPDATED' as const, dataItem: item };
      }
      const call = await core.open(ctx, collectionId, 'insert');
      const item = await core.inTransaction(collectionId, (tx) => insertOne(ctx, call, write, tx));
      return { action: 'INSERTED' as const, dataItem: item };
    },

    async patch(
      ctx: RequestContext,
      collectionId: string,
      patch: { dataItemId: string; fieldModifications: FieldModification[] },
      condition?: unknown,
    ) {
      const call = await core.open(ctx, collectionId, 'update');
      const item = await core.inTransaction(collectionId, async (tx) => {
        const current = await repository.findItem(call.scope, patch.dataItemId, { forUpdate: true }, tx);
        if (!current || !core.mayTouch(call, current)) throw itemNotFound(collectionId, patch.dataItemId);
        if (!(await core.meetsCondition(call, patch.dataItemId, condition, tx))) {
          throw conditionNotMet(collectionId, patch.dataItemId);
        }
        const result = applyModifications(
          current.data as Record<string, unknown>,
          patch.fieldModifications,
          call.schema.fields,
          'patch.fieldModifications',
        );
        if (result.violations.length > 0) throw invalid(result.violations);
        const row = await repository.replaceItem(call.scope, patch.dataItemId, result.data, ctx.now(), tx);
        const updated = toWireItem(collectionId, row!);
        await core.emitItemEvents(tx, [core.itemEvent.updated(call, updated)]);
        return updated;
      });
      return { dataItem: item };
    },

    async remove(ctx: RequestContext, collectionId: string, itemId: string, condition?: unknown) {
      const external = await deps.external?.adapterFor(ctx, collectionId);
      if (external) return external.remove(itemId);
      const call = await core.open(ctx, collectionId, 'remove');
      return core.inTransaction(collectionId, async (tx) => {
        const current = await repository.findItem(call.scope, itemId, { forUpdate: true }, tx);
        if (!current || !core.mayTouch(call, current)) return {};
        if (!(await core.meetsCondition(call, itemId, condition, tx)))
          throw conditionNotMet(collectionId, itemId);
        await repository.deleteItems(call.scope, [itemId], tx);
        await core.emitItemEvents(tx, [core.itemEvent.deleted(call, itemId)]);
        return { dataItem: toWireItem(collectionId, current) };
      });
    },

    /** Removes every item; only for callers whose remove permission is not limited to their own items. */
    async truncate(ctx: RequestContext, collectionId: string) {
      const call = await core.open(ctx, collectionId, 'remove');
      if (call.access.ownerOnly)
        throw operationDenied(collectionId, 'truncate', 'remove permission on every item');
      await deps.database.transaction((tx) => repository.truncate(call.scope, tx));
      return {};
    },

    async count(ctx: RequestContext, collectionId: string, filter: unknown, drafts?: boolean) {
      const external = await deps.external?.adapterFor(ctx, collectionId);
      if (external) return external.count(filter);
      const call = await core.open(ctx, collectionId, 'read', { drafts });
      const parts = await countedParts(
        dataItemsEntity,
        filter,
        deps.orderedIndexes && (() => deps.orderedIndexes!(ctx.site.id, collectionId)),
      );
      const base = core.baseWhere(call);
      return {
        totalCount: await repository.countItemsIn(parts.map((part) => repository.filtered(base, part))),
      };
    },

    async query(
      ctx: RequestContext,
      collectionId: string,
      request: {
        query?: Parameters<QueryRunner['run']>[2];
        returnTotalCount?: boolean | null;
        includes: IncludeReference[];
        /** Drafts too (publish plugin), for callers who may see them. */
        drafts?: boolean;
      },
    ) {
      const external = await deps.external?.adapterFor(ctx, collectionId);
      if (external) return external.query(request.query as Parameters<typeof external.query>[0]);
      const call = await core.open(ctx, collectionId, 'read', { drafts: request.drafts });
      const result = await deps.queries.run(deps.database.db, dataItemsEntity, request.query, {
        baseWhere: core.baseWhere(call),
        cursorScope: `${ctx.site.id}:${collectionId}:${call.access.ownerOnly ?? ''}:${call.publishedAt ? 'published' : ''}`,
        path: ['query'],
        countTotal: request.returnTotalCount === true,
        ...(deps.orderedIndexes
          ? { orderedIndexes: () => deps.orderedIndexes!(ctx.site.id, collectionId) }
          : {}),
        ...(deps.skipScanMinIndexBytes === undefined
          ? {}
          : { skipScanMinIndexBytes: deps.skipScanMinIndexBytes }),
      });
      const items = result.rows.map((row) => toWireItem(collectionId, row));
      await core.includeReferences(ctx, call, items, request.includes, 'referencedItemOptions');
      const dataItems = items.map((item) => ({ ...item, data: projectFields(item.data, result.fields) }));
      return { dataItems, pagingMetadata: result.pagingMetadata };
    },
  };

  async function includeAll(ctx: RequestContext, call: CallScope, items: DataItem[]) {
    const fields = call.schema.fields.filter(
      (field) => field.type === 'REFERENCE' || field.type === 'MULTI_REFERENCE',
    );
    await core.includeReferences(
      ctx,
      call,
      items,
      fields.map((field) => ({ field: field.key })),
      'includeReferencedItems',
    );
  }
}

export function conditionNotMet(collectionId: string, itemId: string): AppError {
  return new AppError(
    409,
    'CONDITION_NOT_MET',
    `Item ${itemId} of collection ${collectionId} does not meet the condition`,
    {
      data: { dataCollectionId: collectionId, dataItemId: itemId },
    },
  );
}

export type ItemsService = ReturnType<typeof createItemsService>;
