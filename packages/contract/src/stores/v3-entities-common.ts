import { z } from 'zod';
import { bulkActionMetadataSchema, itemMetadataSchema } from '../bulk.ts';
import { cursorPagingMetadataSchema, querySchema } from '../query.ts';

/**
 * Wire pieces shared by the catalog v3 entities (brands, ribbons, customizations, info sections), as the
 * official `@wix/stores` v3 clients send them: cursor queries in `query`, `fields` asking for extra
 * computed fields, `revision` as a string, bulk answers of `results` and `bulkActionMetadata`.
 */

/** `revision` as the clients send it (a string of digits; a number is accepted too). */
export const v3RevisionInputSchema = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
  .transform(String)
  .nullish();

/**
 * Text that must hold more than spaces (the clients' `ONLY_SPACES_STRING_ERROR`); stored trimmed.
 * @example v3Text(50).parse('  Acme ') // 'Acme'
 */
export function v3Text(max: number) {
  return z
    .string()
    .max(max)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { message: 'must hold more than spaces' });
}

/**
 * `fields`: extra fields to compute (`ASSIGNED_PRODUCTS_COUNT`...). A GET repeats it in the query string,
 * so one value arrives as a string and several as an array; both become an array.
 * @example requestedFieldsSchema(['ASSIGNED_PRODUCTS_COUNT']).parse('ASSIGNED_PRODUCTS_COUNT') // ['ASSIGNED_PRODUCTS_COUNT']
 */
export function requestedFieldsSchema<const Values extends readonly [string, ...string[]]>(values: Values) {
  const one = z.enum(values);
  return z
    .union([one, z.array(one).max(100)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional();
}

/**
 * A v3 query request: `{query: {filter, sort, cursorPaging}, fields}`. Next pages send only
 * `query.cursorPaging.cursor`; an absent query lists the first page of everything.
 * @example {"query":{"filter":{"name":{"$startsWith":"A"}},"sort":[{"fieldName":"name"}],"cursorPaging":{"limit":20}}}
 */
export function v3QueryRequestSchema<Fields extends z.ZodType>(fields: Fields) {
  return z.object({ query: querySchema.nullish().transform((query) => query ?? {}), fields });
}

/** A v3 query answer: the entities under their plural name and cursor `pagingMetadata`. */
export function v3QueryResponseSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), pagingMetadata: cursorPagingMetadataSchema } as {
    [K in Key]: z.ZodArray<Item>;
  } & { pagingMetadata: typeof cursorPagingMetadataSchema });
}

/**
 * Count: the entities a filter selects (all when absent).
 * @example {"filter":{"name":{"$startsWith":"A"}}}
 */
export const v3CountRequestSchema = z.object({ filter: z.record(z.string(), z.unknown()).nullish() });
export const v3CountResponseSchema = z.object({ count: z.number().int() });

/**
 * A bulk answer: one result per item in request order (the entity under `key` when asked for), and the
 * totals. Brands, ribbons and info sections put the entity under `item`, customizations under
 * `customization`.
 */
export function v3BulkResponseSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({
    results: z.array(
      z.object({ itemMetadata: itemMetadataSchema, [key]: item.optional() } as {
        itemMetadata: typeof itemMetadataSchema;
      } & { [K in Key]: z.ZodOptional<Item> }),
    ),
    bulkActionMetadata: bulkActionMetadataSchema.required(),
  });
}

/** A bulk delete answers metadata only. */
export const v3BulkDeleteResponseSchema = z.object({
  results: z.array(z.object({ itemMetadata: itemMetadataSchema })),
  bulkActionMetadata: bulkActionMetadataSchema.required(),
});

/** Ids of a bulk call: 1 to 100. */
export const v3BulkIdsSchema = z.array(z.uuid()).min(1).max(100);

export const v3EmptyResponseSchema = z.object({});
