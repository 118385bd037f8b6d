import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampColumns } from '../../platform/db/columns.ts';

/**
 * The store catalog: one set of tables read through two views (catalog v1 and v3). Amounts are `numeric`
 * holding the amount rounded to the site's currency; stock lives in the platform's hold capacities
 * (`stores.inventory:<inventory item id>`), so on hand = total − committed and available = on hand − live holds.
 */

/** One option of a product and its choices, in the product's order (v1 `productOptions`, v3 `options`). */
export interface ProductOptionDoc {
  id: string;
  name: string;
  /** v1 option type: `drop_down` or `color` (v3 render type TEXT_CHOICES or SWATCH_CHOICES). */
  optionType: 'drop_down' | 'color';
  choices: ProductChoiceDoc[];
}

export interface ProductChoiceDoc {
  id: string;
  /** The choice's name as buyers see it (v1 `description`, v3 `name`). */
  name: string;
  /** v1 `value`: the colour code of a colour choice, else the name. */
  value: string;
  visible: boolean;
  /** Media items shown when this choice is picked (v1 choice `media`). */
  mediaIds: string[];
}

/** A product's media items in order; each `{id, mediaType, url, width, height, title, altText}`. */
export interface MediaItemDoc {
  id: string;
  mediaType: 'image' | 'video';
  url: string;
  width?: number;
  height?: number;
  title?: string;
  altText?: string;
}

export const storesProducts = pgTable(
  'stores_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    numericId: bigint('numeric_id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    visible: boolean('visible').notNull().default(true),
    productType: text('product_type').notNull().default('physical'),
    /** v1's description: HTML text. v3's rich content is kept in `doc.richDescription`. */
    description: text('description').notNull().default(''),
    sku: text('sku'),
    weight: numeric('weight'),
    /** The list price (v1 `priceData.price`) of the product and of each variant that sets none. */
    price: numeric('price').notNull().default('0'),
    cost: numeric('cost'),
    discountType: text('discount_type').notNull().default('NONE'),
    discountValue: numeric('discount_value').notNull().default('0'),
    /** Lowest and highest price a buyer pays over the visible variants (v1 `priceRange`, sorting, filters). */
    minPrice: numeric('min_price').notNull().default('0'),
    maxPrice: numeric('max_price').notNull().default('0'),
    manageVariants: boolean('manage_variants').notNull().default(false),
    trackInventory: boolean('track_inventory').notNull().default(false),
    /** The collections the product is in (the "All products" collection is implied, never stored). */
    collectionIds: uuid('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    brandId: uuid('brand_id'),
    ribbonId: uuid('ribbon_id'),
    options: jsonb('options')
      .$type<ProductOptionDoc[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    media: jsonb('media')
      .$type<MediaItemDoc[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The rest of the product as the clients send it (SEO, custom text fields, info sections, dimensions...). */
    doc: jsonb('doc')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('stores_products_slug_idx').on(table.siteId, table.slug),
    // The query engine sorts ascending NULLS FIRST and descending NULLS LAST, then by id ascending (never
    // NULL, so plain): an index serves a sort only in exactly that form (newest first is the default listing).
    index('stores_products_site_updated_idx').on(
      table.siteId,
      table.updatedDate.desc().nullsLast(),
      table.id.asc(),
    ),
    index('stores_products_site_name_idx').on(
      table.siteId,
      sql`${table.name} COLLATE "C" NULLS FIRST`,
      table.id.asc(),
    ),
    index('stores_products_site_price_idx').on(
      table.siteId,
      table.minPrice.asc().nullsFirst(),
      table.id.asc(),
    ),
    index('stores_products_numeric_idx').on(table.siteId, table.numericId),
    // SKUs are unique per site (over products and variants), checked on every write that sets one.
    index('stores_products_sku_idx')
      .on(table.siteId, table.sku)
      .where(sql`${table.sku} is not null`),
    index('stores_products_collections_idx').using('gin', table.collectionIds),
    check('stores_products_price_nonnegative', sql`${table.price} >= 0`),
  ],
);
export type StoresProductRow = typeof storesProducts.$inferSelect;

/**
 * One sellable combination of a product's choices. A product without options has one variant, whose id
 * is the nil uuid as the clients expect.
 */
export const storesVariants = pgTable(
  'stores_variants',
  {
    siteId: uuid('site_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => storesProducts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    position: integer('position').notNull(),
    /** `{optionId: choiceId}` of this combination (empty for the default variant). */
    choices: jsonb('choices')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** `choices` as `optionId=choiceId` pairs, comma-separated (migration 0039's function), for list summaries. */
    choicePairs: text('choice_pairs').generatedAlwaysAs(sql`stores_choice_pairs(choices)`),
    /** Set only when the variant has its own price; else the product's applies. */
    price: numeric('price'),
    /**
     * Set when a v3 write gave this variant a price to pay of its own (`actualPrice` beside
     * `compareAtPrice`); else the product's discount applies to the list price.
     */
    actualPrice: numeric('actual_price'),
    cost: numeric('cost'),
    weight: numeric('weight'),
    sku: text('sku'),
    barcode: text('barcode'),
    visible: boolean('visible').notNull().default(true),
    mediaId: text('media_id'),
    ...timestampColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.id] }),
    index('stores_variants_site_idx').on(table.siteId, table.productId),
    index('stores_variants_sku_idx')
      .on(table.siteId, table.sku)
      .where(sql`${table.sku} is not null`),
  ],
);
/** A variant as the code reads it (`choice_pairs` is read only inside the list summaries' SQL). */
export type StoresVariantRow = Omit<typeof storesVariants.$inferSelect, 'choicePairs'>;

/**
 * The stock settings of one variant (v3 inventory item); v1 shows them per product (`inventoryItemId` is
 * the product id). How many there are is its hold capacity (`stores.inventory:<id>`) when it tracks quantity.
 */
export const storesInventoryItems = pgTable(
  'stores_inventory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => storesProducts.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').notNull(),
    trackQuantity: boolean('track_quantity').notNull().default(false),
    /** Whether it can be bought when quantity is not tracked. */
    inStock: boolean('in_stock').notNull().default(true),
    preorderEnabled: boolean('preorder_enabled').notNull().default(false),
    preorderMessage: text('preorder_message'),
    /** How many may be preordered past zero on hand (null: no limit). */
    preorderLimit: integer('preorder_limit'),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('stores_inventory_items_variant_idx').on(table.productId, table.variantId),
    index('stores_inventory_items_site_idx').on(table.siteId, table.productId),
  ],
);
export type StoresInventoryItemRow = typeof storesInventoryItems.$inferSelect;

export const storesCollections = pgTable(
  'stores_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    visible: boolean('visible').notNull().default(true),
    media: jsonb('media')
      .$type<MediaItemDoc[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [
    uniqueIndex('stores_collections_slug_idx').on(table.siteId, table.slug),
    index('stores_collections_site_name_idx').on(table.siteId, sql`${table.name} COLLATE "C"`, table.id),
  ],
);
export type StoresCollectionRow = typeof storesCollections.$inferSelect;

/** Brands and ribbons: a named label a product carries (one each), unique by name per site. */
export const storesBrands = pgTable(
  'stores_brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [uniqueIndex('stores_brands_name_idx').on(table.siteId, table.name)],
);
export type StoresBrandRow = typeof storesBrands.$inferSelect;

export const storesRibbons = pgTable(
  'stores_ribbons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [uniqueIndex('stores_ribbons_name_idx').on(table.siteId, table.name)],
);
export type StoresRibbonRow = typeof storesRibbons.$inferSelect;

/** v3 customizations: product options (with choices that make variants) and modifiers (free text, choices). */
export const storesCustomizations = pgTable(
  'stores_customizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    customizationType: text('customization_type').notNull(),
    renderType: text('render_type').notNull(),
    /** `choicesSettings.choices` or `freeTextInput` as the clients send them, with ids assigned. */
    doc: jsonb('doc')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [index('stores_customizations_site_idx').on(table.siteId, table.createdDate)],
);
export type StoresCustomizationRow = typeof storesCustomizations.$inferSelect;

/** v3 info sections: a titled rich-text block products share, unique by `uniqueName` per site. */
export const storesInfoSections = pgTable(
  'stores_info_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id').notNull(),
    uniqueName: text('unique_name').notNull(),
    title: text('title').notNull(),
    /** `description` (rich content) and `plainDescription` as the clients send them. */
    doc: jsonb('doc')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    revision: integer('revision').notNull().default(1),
    ...timestampColumns(),
  },
  (table) => [uniqueIndex('stores_info_sections_name_idx').on(table.siteId, table.uniqueName)],
);
export type StoresInfoSectionRow = typeof storesInfoSections.$inferSelect;

/**
 * How many products each collection holds, all and visible ones, kept by a trigger on `stores_products`
 * (migration 0027), so a collection's size and a collection page's total are one row read, not a count.
 * `collection_id` nil is the site's "All products".
 */
export const storesCollectionCounts = pgTable(
  'stores_collection_counts',
  {
    siteId: uuid('site_id').notNull(),
    collectionId: uuid('collection_id').notNull(),
    products: integer('products').notNull().default(0),
    visibleProducts: integer('visible_products').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.collectionId] })],
);

/**
 * What a list answer shows of a product's variants (`productSummaries`), summed up by the figures upkeep
 * (`product-figures.ts`) from one snapshot, so a collection page reads one row per product instead of
 * every variant's stock. Used only while no `stores_figures_queue` row names the product and before
 * `valid_until` (the earliest expiry of a live hold it counted); otherwise the page sums the variants up.
 * Amounts are decimal text, as the live statement gives them.
 */
export const storesProductFigures = pgTable(
  'stores_product_figures',
  {
    siteId: uuid('site_id').notNull(),
    productId: uuid('product_id').notNull(),
    variants: integer('variants').notNull(),
    inStock: integer('in_stock').notNull(),
    quantity: integer('quantity').notNull(),
    minPrice: text('min_price'),
    maxPrice: text('max_price'),
    minCost: text('min_cost'),
    maxCost: text('max_cost'),
    minWeight: text('min_weight'),
    maxWeight: text('max_weight'),
    choicesInStock: text('choices_in_stock'),
    /** The time the stock was read at: a request of an earlier time reads the variants. */
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.productId] })],
);

/**
 * "This product's figures may have changed": appended by triggers (migration 0042) on products, variants,
 * inventory items and the stores' hold capacities and holds, in the writing transaction; plain inserts,
 * so no writer ever waits on another here. The upkeep deletes the rows it has seen once it has rewritten
 * those products' figures.
 */
export const storesFiguresQueue = pgTable(
  'stores_figures_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: uuid('site_id').notNull(),
    productId: uuid('product_id').notNull(),
  },
  (table) => [index('stores_figures_queue_product_idx').on(table.siteId, table.productId)],
);
