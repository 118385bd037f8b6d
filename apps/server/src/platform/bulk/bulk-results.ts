import { AppError } from '../errors/app-error.ts';

export interface BulkItemResult<T> {
  itemMetadata: {
    id: string | null;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data?: Record<string, unknown> };
  };
  item?: T;
}

/**
 * Runs `work` on each item in turn, each on its own: a refusal (an AppError below 500) becomes that
 * item's failure and the next item goes on; anything else ends the whole call. `idOf` names the item in
 * its metadata, from what `work` returned when it succeeded.
 */
export async function bulkResults<I, T>(
  items: readonly I[],
  work: (item: I) => Promise<T>,
  idOf: (item: I, result?: T) => string | null,
): Promise<BulkItemResult<T>[]> {
  const results: BulkItemResult<T>[] = [];
  for (const [index, item] of items.entries()) {
    try {
      const result = await work(item);
      results.push({
        itemMetadata: { id: idOf(item, result), originalIndex: index, success: true },
        item: result,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      results.push({
        itemMetadata: {
          id: idOf(item),
          originalIndex: index,
          success: false,
          error: {
            code: error.code,
            description: error.description,
            ...(error.options.data ? { data: error.options.data } : {}),
          },
        },
      });
    }
  }
  return results;
}

/** Every item succeeded (a call that is all or nothing, such as adding bookings to a group). */
export function allSucceeded(ids: readonly string[]): BulkItemResult<never>[] {
  return ids.map((id, index) => ({ itemMetadata: { id, originalIndex: index, success: true } }));
}

export function bulkActionMetadataOf(results: ReadonlyArray<{ itemMetadata: { success: boolean } }>) {
  const totalSuccesses = results.filter((result) => result.itemMetadata.success).length;
  return { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 };
}

/** The bulk response: the results, with their items unless the caller asked for none, and the totals. */
export function bulkResponse<T>(results: BulkItemResult<T>[], withEntity: boolean) {
  return {
    results: withEntity ? results : results.map(({ item: _item, ...rest }) => rest),
    bulkActionMetadata: bulkActionMetadataOf(results),
  };
}
