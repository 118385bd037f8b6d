import { and, asc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { preorderKeyPrefix, stockKeyPrefix } from './stock.ts';
import { executeRows, type Executor, type SqlFragment } from '../../platform/db/database.ts';
import { createStatementCache, prepareRaw } from '../../platform/db/prepared.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  storesCollectionCounts,
  storesFiguresQueue,
  storesInventoryItems,
  storesProductFigures,
  storesProducts,
  storesVariants,
  type StoresInventoryItemRow,
  type StoresProductRow,
  type StoresVariantRow,
} from './stores.tables.ts';

export type NewProductRow = typeof storesProducts.$inferInsert;
export type ProductChanges = Partial<Omit<NewProductRow, 'id' | 'siteId' | 'numericId'>>;
export type NewVariantRow = typeof storesVariants.$inferInsert;
export type NewInventoryItemRow = typeof storesInventoryItems.$inferInsert;

const p = storesProducts;
const v = storesVariants;
const i = storesInventoryItems;
const n = storesCollectionCounts;
const f = storesProductFigures;
const queue = storesFiguresQueue;

/** The advisory-lock namespace of SKUs (the first key of `pg_advisory_xact_lock(int, int)`). */
const skuLockSpace = 0x536b; // "Sk"

/** The counter row of the site's "All products". */
export const allProductsCounter = '00000000-0000-0000-0000-000000000000';

/** What a product query (v1 `query-platformized`) may filter and sort on, by its wire names. */
const productsQueryFields = {
  id: p.id,
  name: p.name,
  slug: p.slug,
  visible: p.visible,
  productType: { column: p.productType, type: 'enum', enumValues: ['physical', 'digital'] },
  description: p.description,
  sku: p.sku,
  price: { column: p.minPrice, type: 'number' },
  'priceData.price': { column: p.price, type: 'number' },
  'price.price': { column: p.price, type: 'number' },
  numericId: { column: p.numericId, type: 'number' },
  lastUpdated: p.updatedDate,
  createdDate: p.createdDate,
  collectionIds: p.collectionIds,
  'collections.id': p.collectionIds,
  brandId: p.brandId,
  ribbonId: p.ribbonId,
  'stock.trackInventory': p.trackInventory,
} as const;

const productsQueryEntities = new WeakMap<StockColumns, ReturnType<typeof productsQueryEntityWith>>();

/**
 * The products query entity, with the stock filters read through the holds' `stock` columns: built once
 * per holds service.
 */
export function productsQueryEntity(stock: StockColumns) {
  let entity = productsQueryEntities.get(stock);
  if (!entity) {
    entity = productsQueryEntityWith(stock);
    productsQueryEntities.set(stock, entity);
  }
  return entity;
}

function productsQueryEntityWith(stock: StockColumns) {
  const filterOnly = { sortable: false } as const;
  const buyableCounts = overVariants(
    stock,
    (buyable) => sql`count(*) as variants, count(*) filter (where ${buyable}) as buyable`,
  );
  return defineQueryEntity({
    name: 'stores.products',
    table: p,
    idColumn: p.id,
    maxLimit: 100,
    fields: {
      ...productsQueryFields,
      'stock.inStock': {
        expression: overVariants(stock, (buyable) => sql`count(*) = 0 or bool_or(${buyable})`),
        type: 'boolean',
        ...filterOnly,
      },
      'stock.inventoryStatus': {
        // Counted once into a row, so each variant's stock is read once, not once per comparison.
        expression: sql`(select case when s.buyable = s.variants then 'IN_STOCK'
          when s.buyable = 0 then 'OUT_OF_STOCK' else 'PARTIALLY_OUT_OF_STOCK' end
          from ${buyableCounts} s)`,
        type: 'enum',
        enumValues: ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'],
        ...filterOnly,
      },
      'stock.lowestVariantQuantity': {
        expression: overVariants(
          stock,
          (_buyable, onHand) => sql`min(${onHand}) filter (where ${i.trackQuantity})`,
        ),
        type: 'number',
        integer: true,
        ...filterOnly,
      },
    },
  });
}

/**
 * An aggregate over the product's variants, for the stock filters of a products query: `buyable` is
 * whether a variant can be bought now (as `productSummaries` and the wire say it), `onHand` its quantity
 * on hand; stock is read at the statement's `now()`, as every stock read is at its request's time.
 */
function overVariants(stock: StockColumns, aggregate: (buyable: SQL, onHand: SQL) => SQL): SQL {
  const now = sql`now()`;
  const level = stock(
    sql`${i.siteId}`,
    sql`(${stockKeyPrefix} || ${i.id}::text)`,
    sql`${i.trackQuantity}`,
    now,
  );
  const onHand = sql`coalesce(${level.onHand}, 0)`;
  const preorderOpen = sql`(${i.preorderEnabled} and coalesce(${preorderLeftOf(stock, now)} > 0, true))`;
  const buyable = sql`(case when ${i.id} is null then true
    when not ${i.trackQuantity} then ${i.inStock} or ${preorderOpen}
    else ${onHand} - coalesce(${level.held}, 0) > 0 or ${preorderOpen} end)`;
  return sql`(select ${aggregate(buyable, onHand)} from ${v}
    left join ${i} on ${i.productId} = ${v.productId} and ${i.variantId} = ${v.id}
    where ${v.siteId} = ${p.siteId} and ${v.productId} = ${p.id})`;
}

/** The variants of the whole store (`queryStoreVariants`). */
export const storeVariantsQueryEntity = defineQueryEntity({
  name: 'stores.variants',
  table: v,
  idColumn: v.id,
  maxLimit: 100,
  fields: { productId: v.productId, variantId: v.id, sku: v.sku, visible: v.visible },
});

/** Inventory v1 reads: one item per product (its id is the product's). */
export const inventoryQueryEntity = defineQueryEntity({
  name: 'stores.inventory',
  table: p,
  idColumn: p.id,
  maxLimit: 100,
  fields: { id: p.id, productId: p.id, trackQuantity: p.trackInventory, lastUpdated: p.updatedDate },
});

/** How the stock of an inventory item is read inside a statement (the holds' `levelColumns`). */
export type StockColumns = (
  siteId: SqlFragment,
  key: SqlFragment,
  when: SqlFragment,
  now: Date | SqlFragment,
) => { onHand: SQL<number | null>; held: SQL<number>; heldUntil: SQL<Date | null> };

/**
 * What is left of an item's preorder limit (its preorder capacity's on hand, the whole limit while it has
 * none); null without a limit.
 */
function preorderLeftOf(stock: StockColumns, now: Date | SqlFragment): SQL<number | null> {
  const left = stock(
    sql`${i.siteId}`,
    sql`(${preorderKeyPrefix} || ${i.id}::text)`,
    sql`${i.preorderLimit} is not null`,
    now,
  );
  return sql<number | null>`coalesce(${left.onHand}, ${i.preorderLimit})`;
}

/** `column = any(ids)` with the ids as one text parameter (one bind, whatever the page size). */
function anyId(column: SQL | typeof storesVariants.productId, ids: SQL | string): SQL {
  return sql`${column} = any(string_to_array(${ids}, ',')::uuid[])`;
}

/**
 * What a list answer shows of a product's variants, summed up per product by the database (no variant
 * row leaves it). Amounts are decimal text; `choicesInStock` is `optionId=choiceId` pairs, comma-separated,
 * of the visible variants that can be bought now (null when there are none).
 */
export interface ProductSummaryRow {
  productId: string;
  variants: number;
  inStock: number;
  quantity: number;
  minPrice: string | null;
  maxPrice: string | null;
  minCost: string | null;
  maxCost: string | null;
  minWeight: string | null;
  maxWeight: string | null;
  choicesInStock: string | null;
}

const statements = createStatementCache();

/**
 * The figures a summary row carries: its keys, and their columns in `stores_product_figures`, which the live
 * lateral `s` names alike.
 */
const figureColumns = (
  [
    'variants',
    'inStock',
    'quantity',
    'minPrice',
    'maxPrice',
    'minCost',
    'maxCost',
    'minWeight',
    'maxWeight',
    'choicesInStock',
  ] as const satisfies ReadonlyArray<Exclude<keyof ProductSummaryRow, 'productId'>>
).map((key) => [storesProductFigures[key].name, key] as const);

/**
 * The lateral `s` that sums up the variants of the product `p` of the enclosing select, their stock read
 * at `now`: one row (`variants` 0 when it has none, or when `skip` holds: the figures row is used instead).
 * `held_until` (with `heldUntil`) is the earliest expiry of the live holds it counted.
 */
function variantFiguresLateral(
  stock: StockColumns,
  now: SQL,
  options: { skip?: SQL; heldUntil?: boolean } = {},
): SQL {
  const level = stock(
    sql`${i.siteId}`,
    sql`(${stockKeyPrefix} || ${i.id}::text)`,
    sql`${i.trackQuantity}`,
    now,
  );
  // Per product (a lateral aggregate): its variants are one index range, and its inventory items another,
  // hash-joined to them, where a join over all the page's variants looked each item up on its own.
  // `offset 0` keeps the innermost select from being merged into the next, which would read each
  // item's stock once per use of `on_hand`/`held`.
  return sql`lateral (
        select count(*)::int as variants, count(*) filter (where r.in_stock)::int as in_stock,
          coalesce(sum(r.on_hand) filter (where r.tracked), 0)::int as quantity,
          min(r.price)::text as min_price, max(r.price)::text as max_price,
          min(r.cost)::text as min_cost, max(r.cost)::text as max_cost,
          min(r.weight)::text as min_weight, max(r.weight)::text as max_weight,
          string_agg(r.pairs, ',') filter (where r.visible and r.in_stock) as choices_in_stock
          ${options.heldUntil ? sql`, min(r.held_until) as held_until` : sql``}
        from (
          select q.visible, q.price, q.cost, q.weight, q.tracked, q.on_hand, q.pairs,
            ${options.heldUntil ? sql`q.held_until,` : sql``}
            case when q.item_id is null then true
              when not q.tracked then q.item_in_stock or q.preorder
              else q.on_hand - q.held > 0 or q.preorder end as in_stock
          from (
            select ${v.visible} as visible,
              coalesce(${v.price}, ${p.price}) as price, coalesce(${v.cost}, ${p.cost}) as cost,
              coalesce(${v.weight}, ${p.weight}, 0) as weight,
              ${i.id} as item_id, coalesce(${i.trackQuantity}, false) as tracked,
              ${i.inStock} as item_in_stock,
              coalesce(${i.preorderEnabled}, false) and coalesce(${preorderLeftOf(stock, now)} > 0, true) as preorder,
              coalesce(${level.onHand}, 0) as on_hand, coalesce(${level.held}, 0) as held,
              ${options.heldUntil ? sql`${level.heldUntil} as held_until,` : sql``}
              ${v.choicePairs} as pairs
            from ${v}
            left join ${i} on ${i.productId} = ${v.productId} and ${i.variantId} = ${v.id}
            where ${v.productId} = ${p.id} and ${v.siteId} = ${p.siteId}${options.skip ? sql` and not ${options.skip}` : sql``}
            offset 0
          ) q
        ) r
      ) s`;
}

/**
 * The statement of `productSummaries`, with the site, the product ids (comma-separated) and `now` as
 * placeholders. A product's kept figures (`stores_product_figures`) answer for it while no queued change
 * names it, its stock was read no later than `now`, and no hold it counted has run out; else its
 * variants are summed up here, as the upkeep would.
 */
function productSummariesQuery(stock: StockColumns): SQL {
  const now = sql`${sql.placeholder('now')}`;
  const kept = sql`(${f.productId} is not null)`;
  const columns = figureColumns.map(
    ([column, alias]) =>
      sql`case when ${kept} then ${f}.${sql.raw(column)} else s.${sql.raw(column)} end as ${sql.identifier(alias)}`,
  );
  return sql`select ${p.id} as "productId", ${sql.join(columns, sql`, `)}
      from ${p}
      left join ${f} on ${f.siteId} = ${p.siteId} and ${f.productId} = ${p.id} and ${f.computedAt} <= ${now}
        and (${f.validUntil} is null or ${f.validUntil} > ${now})
        and not exists (select 1 from ${queue} where ${queue.siteId} = ${p.siteId} and ${queue.productId} = ${p.id})
      cross join ${variantFiguresLateral(stock, now, { skip: kept })}
      where ${p.siteId} = ${sql.placeholder('siteId')} and ${anyId(sql`${p.id}`, sql`${sql.placeholder('ids')}`)}
        and (case when ${kept} then ${f.variants} else s.variants end) > 0`;
}

/** The advisory lock that makes figures upkeeps run one at a time (`drainFigures`). */
const figuresLockSpace = 0x4667; // "Fg"

/**
 * One batch of the figures upkeep, in one statement (one snapshot): up to `limit` queued products, all their
 * queued rows, their figures summed up at `now` and written (removed for a product that is gone), and
 * those queued rows deleted. A change committed after the snapshot left a row this does not delete, so a
 * read never takes figures older than a change it can see.
 */
function drainFiguresQuery(stock: StockColumns, now: Date, limit: number): SQL {
  const nowSql = sql`${now}::timestamptz`;
  const names = figureColumns.map(([column]) => sql.raw(column));
  const updates = figureColumns.map(([column]) => sql.raw(`${column} = excluded.${column}`));
  return sql`with touched as (
        select distinct site_id, product_id
        from (select ${queue.siteId} as site_id, ${queue.productId} as product_id from ${queue}
              order by ${queue.id} limit ${limit}) oldest
      ),
      seen as (
        select ${queue.id} as id from ${queue} join touched t
          on ${queue.siteId} = t.site_id and ${queue.productId} = t.product_id
      ),
      computed as materialized (
        select ${p.siteId} as site_id, ${p.id} as product_id, ${sql.join(
          names.map((name) => sql`s.${name}`),
          sql`, `,
        )}, s.held_until
        from touched t join ${p} on ${p.siteId} = t.site_id and ${p.id} = t.product_id
        cross join ${variantFiguresLateral(stock, nowSql, { heldUntil: true })}
        where s.variants > 0
      ),
      written as (
        insert into ${f} (site_id, product_id, ${sql.join(names, sql`, `)}, computed_at, valid_until)
        select site_id, product_id, ${sql.join(names, sql`, `)}, ${nowSql}, held_until from computed
        on conflict (site_id, product_id) do update set ${sql.join(updates, sql`, `)},
          computed_at = excluded.computed_at, valid_until = excluded.valid_until
      ),
      cleared as (
        delete from ${f} using touched t where ${f.siteId} = t.site_id and ${f.productId} = t.product_id
          and not exists (select 1 from computed c where c.site_id = t.site_id and c.product_id = t.product_id)
      ),
      done as (delete from ${queue} using seen where ${queue.id} = seen.id returning 1)
      select (select count(*) from touched)::int as products`;
}

/** The only file of products, variants and inventory items that speaks Drizzle. */
export function createProductsRepository(db: Executor) {
  /**
   * The variants of products with their inventory items and stock, only the columns the wire reads.
   * The hot reads outside a transaction (a product page) run it as a prepared statement: built once,
   * and planned once per connection by PostgreSQL.
   */
  function variantsWithItemsQuery(
    executor: Executor,
    stock: StockColumns,
    siteId: SQL | string,
    ids: SQL | string,
    now: Date | SQL,
  ) {
    const level = stock(
      sql`${i.siteId}`,
      sql`(${stockKeyPrefix} || ${i.id}::text)`,
      sql`${i.trackQuantity}`,
      now,
    );
    return executor
      .select({
        onHand: level.onHand,
        held: level.held,
        preorderLeft: preorderLeftOf(stock, now),
        variant: {
          siteId: v.siteId,
          productId: v.productId,
          id: v.id,
          position: v.position,
          choices: v.choices,
          price: v.price,
          actualPrice: v.actualPrice,
          cost: v.cost,
          weight: v.weight,
          sku: v.sku,
          barcode: v.barcode,
          visible: v.visible,
          mediaId: v.mediaId,
          createdDate: v.createdDate,
          updatedDate: v.updatedDate,
        },
        item: {
          id: i.id,
          siteId: i.siteId,
          productId: i.productId,
          variantId: i.variantId,
          trackQuantity: i.trackQuantity,
          inStock: i.inStock,
          preorderEnabled: i.preorderEnabled,
          preorderMessage: i.preorderMessage,
          preorderLimit: i.preorderLimit,
          revision: i.revision,
          createdDate: i.createdDate,
          updatedDate: i.updatedDate,
        },
      })
      .from(v)
      .leftJoin(i, and(eq(i.productId, v.productId), eq(i.variantId, v.id)))
      .where(and(eq(v.siteId, siteId), anyId(sql`${v.productId}`, ids)))
      .orderBy(asc(v.productId), asc(v.position));
  }
  const placeholder = (name: string) => sql`${sql.placeholder(name)}`;
  function productByIdQuery(executor: Executor, name: string, lock: boolean) {
    const query = executor
      .select()
      .from(p)
      .where(and(eq(p.siteId, sql.placeholder('siteId')), eq(p.id, sql.placeholder('id'))));
    return (lock ? query.for('update') : query).prepare(name);
  }

  return {
    /** The products a caller may list: the site's, hidden ones only when `hidden` (the business). */
    siteProducts(siteId: string, options: { hidden: boolean }): SqlFragment {
      return and(eq(p.siteId, siteId), options.hidden ? undefined : eq(p.visible, true))!;
    },

    siteVariants(siteId: string): SqlFragment {
      return eq(v.siteId, siteId);
    },

    async insertProduct(values: NewProductRow, executor: Executor = db): Promise<StoresProductRow> {
      const [row] = await executor.insert(p).values(values).returning();
      return row!;
    },

    /** Applies `changes` and counts a revision; `expectedRevision` makes it conditional (stale: undefined). */
    async updateProduct(
      siteId: string,
      id: string,
      changes: ProductChanges,
      executor: Executor = db,
      expectedRevision?: number,
    ): Promise<StoresProductRow | undefined> {
      const [row] = await executor
        .update(p)
        .set({ ...changes, revision: sql`${p.revision} + 1`, updatedDate: sql`now()` })
        .where(
          and(
            eq(p.siteId, siteId),
            eq(p.id, id),
            expectedRevision === undefined ? undefined : eq(p.revision, expectedRevision),
          ),
        )
        .returning();
      return row;
    },

    async deleteProduct(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(p)
        .where(and(eq(p.siteId, siteId), eq(p.id, id)))
        .returning({ id: p.id });
      return rows.length > 0;
    },

    async findProduct(siteId: string, id: string, executor: Executor = db, lock = false) {
      const name = lock ? 'stores_product_by_id_locked' : 'stores_product_by_id';
      const [row] = await statements.run(
        name,
        executor,
        (x, statement) => productByIdQuery(x, statement, lock),
        { siteId, id },
      );
      return row as StoresProductRow | undefined;
    },

    async findProducts(
      siteId: string,
      ids: readonly string[],
      executor: Executor = db,
    ): Promise<StoresProductRow[]> {
      if (ids.length === 0) return [];
      // Prepared (one text whatever the number of ids): commerce describes its lines with it on every read.
      return statements.run(
        'stores_products_by_ids',
        executor,
        (x, name) =>
          x
            .select()
            .from(p)
            .where(and(eq(p.siteId, sql.placeholder('siteId')), anyId(sql`${p.id}`, placeholder('ids'))))
            .prepare(name),
        { siteId, ids: ids.join(',') },
      );
    },

    async findBySlug(
      siteId: string,
      slug: string,
      executor: Executor = db,
    ): Promise<StoresProductRow | undefined> {
      const [row] = await executor
        .select()
        .from(p)
        .where(and(eq(p.siteId, siteId), eq(p.slug, slug)));
      return row;
    },

    /** The slugs of the site that start with `base` (to pick the next free one). */
    async slugsLike(siteId: string, base: string, executor: Executor = db): Promise<Set<string>> {
      const escaped = base.replace(/[\\%_]/g, (char) => `\\${char}`);
      const rows = await executor
        .select({ slug: p.slug })
        .from(p)
        .where(and(eq(p.siteId, siteId), like(p.slug, `${escaped}%`)));
      return new Set(rows.map((row) => row.slug));
    },

    async variantsOf(
      siteId: string,
      productIds: readonly string[],
      executor: Executor = db,
    ): Promise<StoresVariantRow[]> {
      if (productIds.length === 0) return [];
      return executor
        .select()
        .from(v)
        .where(and(eq(v.siteId, siteId), inArray(v.productId, [...productIds])))
        .orderBy(asc(v.productId), asc(v.position));
    },

    /**
     * The variants of products with their inventory items, in one statement and only the columns the
     * wire reads (a page of 50 products is 500 rows).
     */
    /**
     * What holding or selling stock needs to know of products, in one statement: their options, and each
     * variant's choices with the inventory item that counts its stock (no levels, names or prices).
     */
    async stockLayout(siteId: string, productIds: readonly string[], executor: Executor = db) {
      if (productIds.length === 0) return [];
      return executor
        .select({
          productId: p.id,
          productVisible: p.visible,
          options: p.options,
          variantId: v.id,
          choices: v.choices,
          variantVisible: v.visible,
          itemId: i.id,
          trackQuantity: i.trackQuantity,
        })
        .from(p)
        .innerJoin(v, and(eq(v.siteId, p.siteId), eq(v.productId, p.id)))
        .leftJoin(i, and(eq(i.productId, v.productId), eq(i.variantId, v.id)))
        .where(and(eq(p.siteId, siteId), inArray(p.id, [...productIds])))
        .orderBy(asc(v.productId), asc(v.position));
    },

    async variantsWithItems(
      siteId: string,
      productIds: readonly string[],
      stock: StockColumns,
      now: Date,
      executor: Executor = db,
    ) {
      if (productIds.length === 0) return [];
      const ids = productIds.join(',');
      // `stock` writes the same SQL for every app (it names the holds tables), so one statement serves all.
      return statements.run(
        'stores_variants_with_items',
        executor,
        (x, name) =>
          variantsWithItemsQuery(
            x,
            stock,
            placeholder('siteId'),
            placeholder('ids'),
            placeholder('now'),
          ).prepare(name),
        { siteId, ids, now },
      );
    },

    /**
     * Per product, what its list answer needs of its variants, in one statement whatever the page size:
     * how many variants and how many can be bought now (the stock read at the caller's `now`, so a hold
     * stops counting at its expiry), quantity on hand of those that track it, the ranges of list price,
     * cost and weight (a variant's own, else the product's), and the choices some buyable visible variant
     * has. A variant without an inventory item can be bought (as the wire's default level says).
     */
    async productSummaries(
      siteId: string,
      productIds: readonly string[],
      stock: StockColumns,
      now: Date,
      executor: Executor = db,
    ): Promise<ProductSummaryRow[]> {
      if (productIds.length === 0) return [];
      // `stock` writes the same SQL for every app, so one prepared statement serves all; PostgreSQL plans it
      // once per connection instead of at every page.
      const result = await statements.run(
        'stores_product_summaries',
        executor,
        (x, name) => prepareRaw<ProductSummaryRow>(x, name, productSummariesQuery(stock)),
        { siteId, ids: productIds.join(','), now },
      );
      return result.rows;
    },

    /**
     * One batch of the figures upkeep in `tx` (its own transaction, so the lock is held until it commits):
     * waits for any other upkeep, then rewrites the figures of up to `limit` queued products from one
     * snapshot taken after that wait. Returns how many products it took (fewer than `limit`: the queue is
     * drained, up to what was committed when it started).
     */
    async drainFigures(tx: Executor, stock: StockColumns, now: Date, limit: number): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(${figuresLockSpace}, 0)`);
      const [row] = await executeRows<{ products: number }>(tx, drainFiguresQuery(stock, now, limit));
      return Number(row?.products ?? 0);
    },

    /** Whether any product waits for the figures upkeep. */
    async figuresQueued(executor: Executor = db): Promise<boolean> {
      const [row] = await executor.select({ id: queue.id }).from(queue).limit(1);
      return row !== undefined;
    },

    /**
     * Queues the writes that set any of these SKUs (a transaction lock per site and SKU, taken in SKU
     * order), so two writes cannot both find a SKU free and both take it.
     */
    async lockSkus(siteId: string, skus: readonly string[], executor: Executor = db): Promise<void> {
      if (skus.length === 0) return;
      const keys = [...new Set(skus)]
        .sort()
        .map((sku) => sql`pg_advisory_xact_lock(${skuLockSpace}, hashtext(${`${siteId}:${sku}`}))`);
      await executor.execute(sql`select ${sql.join(keys, sql`, `)}`);
    },

    /** Which other products of the site use any of `skus`, as their own SKU or a variant's. */
    async skuOwners(
      siteId: string,
      productId: string,
      skus: readonly string[],
      executor: Executor = db,
    ): Promise<Array<{ sku: string; productId: string }>> {
      if (skus.length === 0) return [];
      const list = [...skus];
      return executor
        .select({ sku: sql<string>`${p.sku}`, productId: p.id })
        .from(p)
        .where(and(eq(p.siteId, siteId), inArray(p.sku, list), sql`${p.id} <> ${productId}`))
        .unionAll(
          executor
            .select({ sku: sql<string>`${v.sku}`, productId: v.productId })
            .from(v)
            .where(and(eq(v.siteId, siteId), inArray(v.sku, list), sql`${v.productId} <> ${productId}`)),
        );
    },

    async insertVariants(rows: readonly NewVariantRow[], executor: Executor = db): Promise<void> {
      if (rows.length > 0) await executor.insert(v).values([...rows]);
    },

    async updateVariant(
      productId: string,
      id: string,
      changes: Partial<Omit<NewVariantRow, 'siteId' | 'productId' | 'id'>>,
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(v)
        .set({ ...changes, updatedDate: sql`now()` })
        .where(and(eq(v.productId, productId), eq(v.id, id)));
    },

    async deleteVariants(productId: string, ids: readonly string[], executor: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await executor.delete(v).where(and(eq(v.productId, productId), inArray(v.id, [...ids])));
      await executor.delete(i).where(and(eq(i.productId, productId), inArray(i.variantId, [...ids])));
    },

    async inventoryItemsOf(
      siteId: string,
      productIds: readonly string[],
      executor: Executor = db,
    ): Promise<StoresInventoryItemRow[]> {
      if (productIds.length === 0) return [];
      return executor
        .select()
        .from(i)
        .where(and(eq(i.siteId, siteId), inArray(i.productId, [...productIds])));
    },

    async insertInventoryItems(
      rows: readonly NewInventoryItemRow[],
      executor: Executor = db,
    ): Promise<StoresInventoryItemRow[]> {
      if (rows.length === 0) return [];
      return executor
        .insert(i)
        .values([...rows])
        .returning();
    },

    async updateInventoryItems(
      siteId: string,
      productId: string,
      variantIds: readonly string[] | 'all',
      changes: Partial<
        Pick<
          NewInventoryItemRow,
          'trackQuantity' | 'inStock' | 'preorderEnabled' | 'preorderMessage' | 'preorderLimit'
        >
      >,
      executor: Executor = db,
    ): Promise<StoresInventoryItemRow[]> {
      return executor
        .update(i)
        .set({ ...changes, revision: sql`${i.revision} + 1`, updatedDate: sql`now()` })
        .where(
          and(
            eq(i.siteId, siteId),
            eq(i.productId, productId),
            variantIds === 'all' ? undefined : inArray(i.variantId, [...variantIds]),
          ),
        )
        .returning();
    },

    /** Adds `collectionId` to the products (those of the site only); the ids it changed. */
    async addToCollection(
      siteId: string,
      collectionId: string,
      productIds: readonly string[],
      executor: Executor = db,
    ): Promise<string[]> {
      if (productIds.length === 0) return [];
      const rows = await executor
        .update(p)
        .set({
          collectionIds: sql`array_append(${p.collectionIds}, ${collectionId}::uuid)`,
          updatedDate: sql`now()`,
        })
        .where(
          and(
            eq(p.siteId, siteId),
            inArray(p.id, [...productIds]),
            sql`not (${p.collectionIds} @> array[${collectionId}::uuid])`,
          ),
        )
        .returning({ id: p.id });
      return rows.map((row) => row.id);
    },

    async removeFromCollection(
      siteId: string,
      collectionId: string,
      productIds: readonly string[] | 'all',
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .update(p)
        .set({
          collectionIds: sql`array_remove(${p.collectionIds}, ${collectionId}::uuid)`,
          updatedDate: sql`now()`,
        })
        .where(
          and(
            eq(p.siteId, siteId),
            productIds === 'all' ? undefined : inArray(p.id, [...productIds]),
            sql`${p.collectionIds} @> array[${collectionId}::uuid]`,
          ),
        );
    },

    /**
     * How many products each collection holds (all of them, or only visible ones), from the counters the
     * trigger keeps; `allProductsCounter` names the site's "All products".
     */
    async countInCollections(
      siteId: string,
      collectionIds: readonly string[],
      visibleOnly: boolean,
      executor: Executor = db,
    ): Promise<Map<string, number>> {
      if (collectionIds.length === 0) return new Map();
      const rows = await executor
        .select({ collectionId: n.collectionId, products: n.products, visibleProducts: n.visibleProducts })
        .from(n)
        .where(and(eq(n.siteId, siteId), inArray(n.collectionId, [...collectionIds])));
      const counts = new Map(collectionIds.map((id) => [id, 0]));
      for (const row of rows) counts.set(row.collectionId, visibleOnly ? row.visibleProducts : row.products);
      return counts;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
