import {
  dataErrorCodes,
  maxBulkItems,
  type DataItem,
  type DataItemReference,
  type FieldModification,
} from '@atrium/contract/data';
import type { FieldViolation } from '@atrium/contract/errors';
import type { RequestContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { tooManyItems } from './data.errors.ts';
import type { NewItemRow } from './data.repository.ts';
import { applyModifications } from './item-patch.ts';
import {
  givenId,
  isUniqueViolation,
  toWireItem,
  type CallScope,
  type ItemEvent,
  type ItemsCore,
  type ItemsDeps,
  type ItemWrite,
} from './items.service.ts';

type BulkAction = 'INSERT' | 'UPDATE' | 'DELETE' | 'PATCH';

interface ItemError {
  code: string;
  description: string;
  data?: Record<string, unknown>;
}

interface BulkResult {
  action: BulkAction;
  itemMetadata: { id: string | null; originalIndex: number; success: boolean; error?: ItemError };
  dataItem?: DataItem;
}

const validationCode = 'WD_VALIDATION_ERROR';

function describe(violations: readonly FieldViolation[]): ItemError {
  // Spec §8: server field violations read as 'field: description' lines.
  return {
    code: validationCode,
    description: violations.map((violation) => `${violation.field}: ${violation.description}`).join('\n'),
  };
}

function failure(action: BulkAction, index: number, id: string | null, error: ItemError): BulkResult {
  return { action, itemMetadata: { id, originalIndex: index, success: false, error } };
}

function success(
  action: BulkAction,
  index: number,
  item: DataItem | string,
  returnEntity: boolean,
): BulkResult {
  const id = typeof item === 'string' ? item : item.id;
  return {
    action,
    itemMetadata: { id, originalIndex: index, success: true },
    ...(returnEntity && typeof item !== 'string' ? { dataItem: item } : {}),
  };
}

function summary(results: BulkResult[]) {
  const totalSuccesses = results.filter((result) => result.itemMetadata.success).length;
  return { results, bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses } };
}

function notFoundError(collectionId: string, itemId: string): ItemError {
  return {
    code: dataErrorCodes.itemNotFound,
    description: `Item ${itemId} does not exist in collection ${collectionId}`,
  };
}

function checkSize(count: number, code: string = dataErrorCodes.tooManyItems) {
  if (count > maxBulkItems) throw tooManyItems(count, code);
}

/**
 * Bulk calls: every item gets its own metadata (success, or an error with code and description), and
 * the valid ones are written in one transaction. A database failure other than a per-item conflict
 * rolls the whole call back.
 */
export function createBulkItemsService(deps: ItemsDeps, core: ItemsCore) {
  const { repository } = deps;

  /** Inserts rows one statement at a time, each under a savepoint, when the batch met a unique index. */
  async function insertEach(call: CallScope, rows: NewItemRow[], now: Date, tx: Tx) {
    const inserted = [];
    const refused = new Set<string>();
    for (const row of rows) {
      try {
        const [done] = await tx.transaction((savepoint) =>
          repository.insertItems(call.scope, [row], now, savepoint),
        );
        if (done) inserted.push(done);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        refused.add(row.itemId);
      }
    }
    return { inserted, refused };
  }

  async function insertRows(call: CallScope, rows: NewItemRow[], now: Date, tx: Tx) {
    try {
      return {
        inserted: await tx.transaction((savepoint) =>
          repository.insertItems(call.scope, rows, now, savepoint),
        ),
        refused: new Set<string>(),
      };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return insertEach(call, rows, now, tx);
    }
  }

  async function updateRows(
    ctx: RequestContext,
    call: CallScope,
    entries: Array<{ index: number; row: NewItemRow; multiReferences: Map<string, string[]> }>,
    action: BulkAction,
    tx: Tx,
    returnEntity: boolean,
    results: BulkResult[],
  ) {
    const changes: ItemEvent[] = [];
    const existing = new Map(
      (
        await repository.findItems(
          call.scope,
          entries.map((entry) => entry.row.itemId),
          { forUpdate: true },
          tx,
        )
      ).map((row) => [row.itemId, row]),
    );
    for (const entry of entries) {
      const current = existing.get(entry.row.itemId);
      if (!current || !core.mayTouch(call, current)) {
        results[entry.index] = failure(
          action,
          entry.index,
          entry.row.itemId,
          notFoundError(call.scope.collectionId, entry.row.itemId),
        );
        continue;
      }
      const row = await repository.replaceItem(call.scope, entry.row.itemId, entry.row.data, ctx.now(), tx);
      await core.writeMultiReferences(call, entry.row.itemId, entry.multiReferences, tx, true);
      const item = toWireItem(call.scope.collectionId, row!);
      changes.push(core.itemEvent.updated(call, item));
      results[entry.index] = success(action, entry.index, item, returnEntity);
    }
    await core.emitItemEvents(tx, changes);
  }

  async function writeBulk(
    ctx: RequestContext,
    collectionId: string,
    writes: ItemWrite['dataItem'][],
    mode: 'insert' | 'update' | 'save',
    options: { returnEntity?: boolean | null; overrideExisting?: boolean | null },
  ) {
    checkSize(writes.length);
    const insertCall = mode === 'update' ? undefined : await core.open(ctx, collectionId, 'insert');
    const updateCall =
      mode === 'insert' && !options.overrideExisting
        ? undefined
        : await core.open(ctx, collectionId, 'update');
    const call = (insertCall ?? updateCall)!;
    const returnEntity = options.returnEntity ?? true;
    const results: BulkResult[] = new Array(writes.length);
    const prepared: Array<{ index: number; row: NewItemRow; multiReferences: Map<string, string[]> }> = [];
    const seen = new Set<string>();
    writes.forEach((dataItem, index) => {
      const result = core.prepareWrite(ctx, call, { dataItem }, `dataItems[${index}]`, mode === 'update');
      const action: BulkAction = mode === 'update' ? 'UPDATE' : 'INSERT';
      if ('violations' in result) {
        const id = givenId({ dataItem });
        results[index] = failure(
          action,
          index,
          typeof id === 'string' ? id : null,
          describe(result.violations),
        );
        return;
      }
      if (seen.has(result.row.itemId)) {
        results[index] = failure(action, index, result.row.itemId, {
          code: dataErrorCodes.itemAlreadyExists,
          description: `_id ${result.row.itemId} appears more than once in this request`,
        });
        return;
      }
      seen.add(result.row.itemId);
      prepared.push({ index, ...result });
    });

    await core.inTransaction(collectionId, async (tx) => {
      let toUpdate = prepared;
      if (mode !== 'update') {
        const { inserted, refused } = await insertRows(
          call,
          prepared.map((entry) => entry.row),
          ctx.now(),
          tx,
        );
        const byId = new Map(inserted.map((row) => [row.itemId, row]));
        const created: ItemEvent[] = [];
        toUpdate = [];
        for (const entry of prepared) {
          const row = byId.get(entry.row.itemId);
          if (row) {
            await core.writeMultiReferences(call, row.itemId, entry.multiReferences, tx, false);
            const item = toWireItem(collectionId, row);
            created.push(core.itemEvent.created(call, item));
            results[entry.index] = success('INSERT', entry.index, item, returnEntity);
          } else if (refused.has(entry.row.itemId)) {
            results[entry.index] = failure('INSERT', entry.index, entry.row.itemId, {
              code: dataErrorCodes.uniqueViolation,
              description: `A unique index of collection ${collectionId} already holds a value of item ${entry.row.itemId}`,
            });
          } else if (mode === 'save' || options.overrideExisting) {
            toUpdate.push(entry);
          } else {
            // Spec §8 WDE0074: the client counts this item as skipped, not failed.
            results[entry.index] = failure('INSERT', entry.index, entry.row.itemId, {
              code: dataErrorCodes.itemAlreadyExists,
              description: `An item with _id ${entry.row.itemId} already exists in collection ${collectionId}`,
            });
          }
        }
        await core.emitItemEvents(tx, created);
      }
      if (toUpdate.length === 0) return;
      const updating = updateCall ?? (await core.open(ctx, collectionId, 'update'));
      await updateRows(ctx, updating, toUpdate, 'UPDATE', tx, returnEntity, results);
    });
    return summary(results);
  }

  return {
    insert: (
      ctx: RequestContext,
      collectionId: string,
      items: ItemWrite['dataItem'][],
      options: { returnEntity?: boolean | null; overrideExisting?: boolean | null },
    ) => writeBulk(ctx, collectionId, items, 'insert', options),

    update: (
      ctx: RequestContext,
      collectionId: string,
      items: ItemWrite['dataItem'][],
      options: { returnEntity?: boolean | null },
    ) => writeBulk(ctx, collectionId, items, 'update', options),

    save: (
      ctx: RequestContext,
      collectionId: string,
      items: ItemWrite['dataItem'][],
      options: { returnEntity?: boolean | null },
    ) => writeBulk(ctx, collectionId, items, 'save', options),

    async patch(
      ctx: RequestContext,
      collectionId: string,
      patches: Array<{ dataItemId: string; fieldModifications: FieldModification[] }>,
      options: { returnEntity?: boolean | null },
    ) {
      checkSize(patches.length);
      const call = await core.open(ctx, collectionId, 'update');
      const returnEntity = options.returnEntity ?? true;
      const results: BulkResult[] = new Array(patches.length);
      await core.inTransaction(collectionId, async (tx) => {
        const changes: ItemEvent[] = [];
        const existing = new Map(
          (
            await repository.findItems(
              call.scope,
              patches.map((patch) => patch.dataItemId),
              { forUpdate: true },
              tx,
            )
          ).map((row) => [row.itemId, row]),
        );
        for (const [index, patch] of patches.entries()) {
          const current = existing.get(patch.dataItemId);
          if (!current || !core.mayTouch(call, current)) {
            results[index] = failure(
              'PATCH',
              index,
              patch.dataItemId,
              notFoundError(collectionId, patch.dataItemId),
            );
            continue;
          }
          const patched = applyModifications(
            current.data as Record<string, unknown>,
            patch.fieldModifications,
            call.schema.fields,
            `patches[${index}].fieldModifications`,
          );
          if (patched.violations.length > 0) {
            results[index] = failure('PATCH', index, patch.dataItemId, describe(patched.violations));
            continue;
          }
          const row = await repository.replaceItem(call.scope, patch.dataItemId, patched.data, ctx.now(), tx);
          // A later patch of the same item in this request builds on this one.
          existing.set(patch.dataItemId, row!);
          const item = toWireItem(collectionId, row!);
          changes.push(core.itemEvent.updated(call, item));
          results[index] = success('PATCH', index, item, returnEntity);
        }
        await core.emitItemEvents(tx, changes);
      });
      return summary(results);
    },

    async remove(ctx: RequestContext, collectionId: string, itemIds: string[]) {
      checkSize(itemIds.length, dataErrorCodes.tooManyIds);
      const call = await core.open(ctx, collectionId, 'remove');
      const results: BulkResult[] = new Array(itemIds.length);
      await core.inTransaction(collectionId, async (tx) => {
        const existing = new Map(
          (await repository.findItems(call.scope, itemIds, { forUpdate: true }, tx)).map((row) => [
            row.itemId,
            row,
          ]),
        );
        const removable: string[] = [];
        itemIds.forEach((itemId, index) => {
          const current = existing.get(itemId);
          if (!current || removable.includes(itemId) || !core.mayTouch(call, current)) {
            results[index] = failure('DELETE', index, itemId, notFoundError(collectionId, itemId));
          } else {
            removable.push(itemId);
            results[index] = success('DELETE', index, toWireItem(collectionId, current), true);
          }
        });
        await repository.deleteItems(call.scope, removable, tx);
        await core.emitItemEvents(
          tx,
          removable.map((itemId) => core.itemEvent.deleted(call, itemId)),
        );
      });
      return summary(results);
    },

    async insertReferences(
      ctx: RequestContext,
      collectionId: string,
      references: DataItemReference[],
      returnEntity?: boolean | null,
    ) {
      return changeReferences(ctx, collectionId, references, 'insert', returnEntity ?? true);
    },

    async removeReferences(ctx: RequestContext, collectionId: string, references: DataItemReference[]) {
      return changeReferences(ctx, collectionId, references, 'remove', true);
    },
  };

  async function changeReferences(
    ctx: RequestContext,
    collectionId: string,
    references: DataItemReference[],
    change: 'insert' | 'remove',
    returnEntity: boolean,
  ) {
    checkSize(references.length);
    const call = await core.open(ctx, collectionId, 'update');
    references.forEach((reference, index) =>
      core.multiReferenceField(
        call,
        reference.referringItemFieldName,
        `dataItemReferences[${index}].referringItemFieldName`,
      ),
    );
    const action: BulkAction = change === 'insert' ? 'INSERT' : 'DELETE';
    const results: Array<{
      action: BulkAction;
      referenceMetadata: BulkResult['itemMetadata'];
      dataItemReference?: DataItemReference;
    }> = [];
    await core.inTransaction(collectionId, async (tx) => {
      const referring = new Map(
        (
          await repository.findItems(
            call.scope,
            references.map((reference) => reference.referringItemId),
            { forUpdate: true },
            tx,
          )
        ).map((row) => [row.itemId, row]),
      );
      for (const [index, reference] of references.entries()) {
        const current = referring.get(reference.referringItemId);
        const metadata = { id: reference.referringItemId, originalIndex: index };
        if (!current || !core.mayTouch(call, current)) {
          const error = notFoundError(collectionId, reference.referringItemId);
          results.push({ action, referenceMetadata: { ...metadata, success: false, error } });
          continue;
        }
        const pair = {
          referringItemId: reference.referringItemId,
          referencedItemId: reference.referencedItemId,
        };
        if (change === 'insert') {
          await repository.insertReferences(call.scope, reference.referringItemFieldName, [pair], tx);
        } else {
          await repository.removeReferences(
            call.scope,
            reference.referringItemFieldName,
            pair.referringItemId,
            [pair.referencedItemId],
            tx,
          );
        }
        results.push({
          action,
          referenceMetadata: { ...metadata, success: true },
          ...(returnEntity ? { dataItemReference: reference } : {}),
        });
      }
    });
    const totalSuccesses = results.filter((result) => result.referenceMetadata.success).length;
    return {
      results,
      bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses },
    };
  }
}

export type BulkItemsService = ReturnType<typeof createBulkItemsService>;
