import type { BulkItemsResponse } from '@atrium/contract/data';
import { BulkItemError } from './errors.ts';

/** The outcome of a bulk call (spec §3 "Bulk summary"). */
export interface BulkResult {
  inserted: number;
  updated: number;
  removed: number;
  skipped: number;
  errors: BulkItemError[];
  insertedItemIds: string[];
  updatedItemIds: string[];
  removedItemIds: string[];
}

/**
 * The per-item results of a bulk call as the summary. Codes in `ignored` (missing items on update and
 * remove, existing ids on insert) count as skipped, not as errors (spec §8 WDE0073, WDE0074).
 */
export function toBulkResult(
  request: readonly unknown[],
  results: BulkItemsResponse['results'],
  ignored: readonly string[],
): BulkResult {
  const errors: BulkItemError[] = [];
  const succeeded = results.filter((result) => result.itemMetadata.success);
  for (const { itemMetadata } of results) {
    if (itemMetadata.success || !itemMetadata.error || ignored.includes(itemMetadata.error.code)) continue;
    const violations = (itemMetadata.error.data?.fieldViolations ?? []) as BulkItemError['violations'];
    errors.push(
      new BulkItemError(
        itemMetadata.error.code,
        itemMetadata.error.description,
        request[itemMetadata.originalIndex],
        itemMetadata.originalIndex,
        violations,
      ),
    );
  }
  const ids = (action: (typeof results)[number]['action'][]) =>
    succeeded
      .filter((result) => action.includes(result.action))
      .map((result) => String(result.itemMetadata.id));
  const insertedItemIds = ids(['INSERT']);
  const updatedItemIds = ids(['UPDATE', 'PATCH']);
  const removedItemIds = ids(['DELETE']);
  return {
    inserted: insertedItemIds.length,
    updated: updatedItemIds.length,
    removed: removedItemIds.length,
    skipped: request.length - errors.length - succeeded.length,
    errors,
    insertedItemIds,
    updatedItemIds,
    removedItemIds,
  };
}
