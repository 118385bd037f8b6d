import { z } from 'zod';

/**
 * The filter operators every query endpoint understands (platform.md "Queries and paging"; `$between`
 * comes from the data-collections spec). Anything else, `$regex` included, is a 400 naming the operator.
 */
export const filterOperators = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$startsWith',
  '$endsWith',
  '$contains',
  '$in',
  '$hasSome',
  '$hasAll',
  '$exists',
  '$between',
  '$matches',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

/** The logical operators that combine filters. */
export const logicalOperators = ['$and', '$or', '$not'] as const;

/** A date inside filters and data items, as the contract's clients send it. */
export interface DateLiteral {
  $date: string;
}

export type FilterScalar = string | number | boolean | null | DateLiteral;

/** `{"$gt": 5}`, `{"$in": ["a", "b"]}`, `{"$between": [1, 10]}`: several operators on one field are ANDed. */
export type FieldCondition = FilterScalar | FilterScalar[] | { [Operator in FilterOperator]?: unknown };

/**
 * A query filter. `{"field": value}` means `$eq`; keys of one object are ANDed.
 * @example {"$and":[{"status":"CONFIRMED"},{"$or":[{"price":{"$gte":10}},{"tags":{"$hasSome":["vip"]}}]}]}
 */
export interface Filter {
  $and?: Filter[];
  $or?: Filter[];
  $not?: Filter;
  [fieldName: string]: FieldCondition | Filter | Filter[] | undefined;
}

/**
 * The filter on the wire: a JSON object whose grammar (fields, operators, operand types) the server checks
 * against the queried entity, so that errors can name the field and operator.
 */
export const filterSchema = z
  .record(z.string(), z.unknown())
  .describe(
    'Filter: {"field": value} means $eq; {"field": {"$op": value}}; $and, $or (arrays), $not. Operators: ' +
      filterOperators.join(' '),
  );

/** Clients of the contract send `ASC`/`DESC`; lower case is accepted too. */
export const sortOrderSchema = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC']));
export type SortOrder = z.output<typeof sortOrderSchema>;

/**
 * One sort key; field names are checked by the server against the queried entity.
 * @example {"fieldName":"createdDate","order":"DESC"}
 */
export const sortingSchema = z.object({
  fieldName: z.string().min(1).max(500),
  order: sortOrderSchema.default('ASC'),
});
export type Sorting = z.output<typeof sortingSchema>;

/** The maximum is per endpoint and checked by the server (a 400 names it); 50 when absent. */
const limitSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Offset paging of every offset-paged list.
 * @example {"limit":20,"offset":40}
 */
export const offsetPagingSchema = z.object({
  limit: limitSchema.nullish(),
  offset: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullish(),
});
export type OffsetPaging = z.input<typeof offsetPagingSchema>;

/**
 * Cursor paging of every cursor-paged list. The first page has no cursor; the next pages carry only
 * `{cursor, limit}`, since the cursor holds filter and sort.
 * @example {"limit":50,"cursor":"eyJ2Ijo…"}
 */
export const cursorPagingSchema = z.object({
  limit: limitSchema.nullish(),
  cursor: z.string().max(16_384).nullish(),
});
export type CursorPaging = z.input<typeof cursorPagingSchema>;

/**
 * A query as every `.../query` endpoint takes it.
 * @example {"filter":{"price":{"$gte":10}},"sort":[{"fieldName":"name","order":"ASC"}],"paging":{"limit":20,"offset":40}}
 */
export const querySchema = z.object({
  filter: filterSchema.nullish(),
  sort: z.array(sortingSchema).max(20).nullish(),
  paging: offsetPagingSchema.nullish(),
  cursorPaging: cursorPagingSchema.nullish(),
  fields: z.array(z.string().min(1).max(500)).max(200).nullish(),
});
export type Query = z.input<typeof querySchema>;
export type ParsedQuery = z.output<typeof querySchema>;

/** The body of a query request: `{"query": {...}}`; an absent query lists the first page of everything. */
export const queryRequestSchema = z.object({ query: querySchema.optional() });
export type QueryRequest = z.input<typeof queryRequestSchema>;

/**
 * Offset paging metadata. `tooManyToCount` says that counting stopped at the server's cap and `total` is
 * only a lower bound.
 * @example {"count":20,"offset":40,"total":134,"tooManyToCount":false,"hasNext":true}
 */
export const offsetPagingMetadataSchema = z.object({
  count: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
  tooManyToCount: z.boolean(),
  hasNext: z.boolean().optional(),
});
export type OffsetPagingMetadata = z.infer<typeof offsetPagingMetadataSchema>;

/**
 * Cursor paging metadata: send `cursors.next` back as `cursorPaging.cursor` for the next page.
 * @example {"count":50,"cursors":{"next":"eyJ2Ijo…","prev":null},"hasNext":true}
 */
export const cursorPagingMetadataSchema = z.object({
  count: z.number().int(),
  cursors: z.object({ next: z.string().nullable(), prev: z.string().nullable() }),
  hasNext: z.boolean(),
});
export type CursorPagingMetadata = z.infer<typeof cursorPagingMetadataSchema>;

export const pagingMetadataSchema = z.union([offsetPagingMetadataSchema, cursorPagingMetadataSchema]);
export type PagingMetadata = z.infer<typeof pagingMetadataSchema>;

/**
 * The response of a query endpoint: the entities under their plural name, plus paging metadata.
 * @example queryResponseSchema('services', serviceSchema) // {"services":[...],"pagingMetadata":{...}}
 */
export function queryResponseSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), pagingMetadata: pagingMetadataSchema } as {
    [K in Key]: z.ZodArray<Item>;
  } & { pagingMetadata: typeof pagingMetadataSchema });
}
