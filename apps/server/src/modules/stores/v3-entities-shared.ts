import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import { bulkActionMetadataOf, bulkResults, type BulkItemResult } from '../../platform/bulk/bulk-results.ts';
import { invalidField, staleRevision, type AppError } from '../../platform/errors/app-error.ts';

/**
 * Rules the catalog v3 entities (brands, ribbons, customizations, info sections) share: revisions,
 * updates with or without a field mask, name conflicts and bulk answers.
 */

export function iso(date: Date): string {
  return date.toISOString();
}

/** The revision a change is based on: the one the caller sent, or the current one when it sent none. */
export function checkRevision(entity: string, id: string, given: string | null | undefined, current: number) {
  const expected = given === undefined || given === null ? current : Number(given);
  if (expected !== current) throw staleRevision(entity, id, expected, current);
  return expected;
}

export function checkIdMatches(entity: string, given: string | null | undefined, id: string): void {
  if (given && given !== id) throw invalidField(`${entity}.id`, `must match the id in the path (${id})`);
}

/**
 * Whether an update changes `field`: with a field mask, exactly the masked fields change (a masked field
 * the patch leaves out is cleared or refused by the caller); without one, the fields the patch carries.
 */
export function touches(field: string, patch: Record<string, unknown>, mask: readonly string[] | undefined) {
  if (mask && mask.length > 0) return mask.some((path) => path === field || path.startsWith(`${field}.`));
  return patch[field] !== undefined && patch[field] !== null;
}

/** Refuses a field mask naming a field the entity cannot change. */
export function checkMask(entity: string, mask: readonly string[] | undefined, updatable: readonly string[]) {
  for (const path of mask ?? []) {
    if (!updatable.includes(path.split('.')[0]!))
      throw invalidField('fieldMask', `cannot update ${entity}.${path}`, 'FIELD_NOT_ALLOWED');
  }
}

/** PostgreSQL's unique violation (23505), as the drivers report it directly or as the cause. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return (candidate?.cause?.code ?? candidate?.code) === '23505';
}

/**
 * Runs `work` in a transaction; a unique index refusing a name (two callers racing for it, or a rename
 * onto a taken one) becomes the 409 `onConflict` makes instead of a server error.
 */
export async function inTransactionUnique<T>(
  database: Database,
  work: (tx: Tx) => Promise<T>,
  onConflict: () => AppError,
): Promise<T> {
  try {
    return await database.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw onConflict();
    throw error;
  }
}

/**
 * A v3 bulk call: each item in its own transaction (a refused item fails alone), answered with
 * `results` (the entity under `key` when `returnEntity`) and `bulkActionMetadata`.
 */
export async function v3Bulk<I, T extends { id: string }, K extends string = 'item'>(
  items: readonly I[],
  work: (item: I) => Promise<T | undefined>,
  idOf: (item: I) => string | null,
  options: { returnEntity: boolean; key?: K },
): Promise<{
  results: Array<{ itemMetadata: BulkItemResult<T>['itemMetadata'] } & { [P in K]?: T }>;
  bulkActionMetadata: ReturnType<typeof bulkActionMetadataOf>;
}> {
  const results = await bulkResults(items, work, (item, entity) => entity?.id ?? idOf(item));
  const key = options.key ?? 'item';
  return {
    results: results.map(({ itemMetadata, item }) => ({
      itemMetadata,
      ...(item && options.returnEntity ? { [key]: item } : {}),
    })) as Array<{ itemMetadata: BulkItemResult<T>['itemMetadata'] } & { [P in K]?: T }>,
    bulkActionMetadata: bulkActionMetadataOf(results),
  };
}

/** Whether the caller asked for an extra computed field (`fields: ['ASSIGNED_PRODUCTS_COUNT']`). */
export function wants(fields: readonly string[] | undefined, field: string): boolean {
  return fields?.includes(field) ?? false;
}

/**
 * Counts the products each of the given entities is assigned to, inside the caller's executor; the
 * products part of the module answers for customizations and info sections (they sit in product docs).
 */
export type AssignedProductsCounter = (
  siteId: string,
  ids: readonly string[],
  executor?: Executor,
) => Promise<ReadonlyMap<string, number>>;

export const noAssignedProducts: AssignedProductsCounter = async () => new Map();
