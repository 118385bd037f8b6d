import type { InventoryItemChange, StoresVariant, VariantOverride } from '@atrium/sdk/modules/stores';

/** One row of the variant table as edited; `''` is an emptied number field. */
export interface VariantRow {
  price: number | '';
  /** The variant's cost of goods (its own, else the product's); `''` when neither has one. */
  cost: number | '';
  /** Kilograms (its own, else the product's). */
  weight: number | '';
  sku: string;
  quantity: number | '';
  inStock: boolean;
  visible: boolean;
}

export function rowOf(variant: StoresVariant): VariantRow {
  return {
    price: variant.variant.priceData.price,
    cost: variant.variant.costAndProfitData?.itemCost ?? '',
    weight: variant.variant.weight,
    sku: variant.variant.sku,
    quantity: variant.stock.quantity ?? '',
    inStock: variant.stock.inStock,
    visible: variant.variant.visible,
  };
}

function stockChanged(before: VariantRow, after: VariantRow, track: boolean): boolean {
  return track ? before.quantity !== after.quantity : before.inStock !== after.inStock;
}

/** A number field edited to another number; emptying one leaves the variant's value as it is. */
function numberChanged(before: number | '', after: number | ''): after is number {
  return after !== '' && after !== before;
}

/** Whether a row differs from its variant (its stock as the table counts it, tracked or not). */
export function isRowChanged(variant: StoresVariant, row: VariantRow, track: boolean): boolean {
  const before = rowOf(variant);
  return (
    numberChanged(before.price, row.price) ||
    numberChanged(before.cost, row.cost) ||
    numberChanged(before.weight, row.weight) ||
    row.sku !== before.sku ||
    row.visible !== before.visible ||
    stockChanged(before, row, track)
  );
}

/**
 * The edits that variants read back from the server do not already show: after a save none are left, and a
 * read-back for another reason (the product's own fields saved) keeps the edits under way.
 */
export function pendingEdits(
  variants: readonly StoresVariant[],
  rows: Readonly<Record<string, VariantRow>>,
  track: boolean,
): Record<string, VariantRow> {
  return Object.fromEntries(
    Object.entries(rows).filter(([id, row]) => {
      const variant = variants.find((candidate) => candidate.id === id);
      return variant !== undefined && isRowChanged(variant, row, track);
    }),
  );
}

/**
 * The calls a save makes: one override per variant whose own fields changed (only those fields: price,
 * cost, weight, SKU, visibility), and the stock of the variants whose stock changed, or of every variant
 * when tracking is switched on or off.
 */
export function variantChanges(
  variants: readonly StoresVariant[],
  rows: Readonly<Record<string, VariantRow>>,
  track: boolean,
  wasTracked: boolean,
): { overrides: VariantOverride[]; stock?: InventoryItemChange } {
  const overrides: VariantOverride[] = [];
  const stock: NonNullable<InventoryItemChange['variants']> = [];
  const switched = track !== wasTracked;
  for (const variant of variants) {
    const before = rowOf(variant);
    const row = rows[variant.id] ?? before;
    const override: VariantOverride = { variantIds: [variant.id] };
    if (numberChanged(before.price, row.price)) override.price = row.price;
    if (numberChanged(before.cost, row.cost)) override.cost = row.cost;
    if (numberChanged(before.weight, row.weight)) override.weight = row.weight;
    if (row.sku !== before.sku) override.sku = row.sku;
    if (row.visible !== before.visible) override.visible = row.visible;
    if (Object.keys(override).length > 1) overrides.push(override);
    if (switched || stockChanged(before, row, track)) {
      stock.push(
        track
          ? { variantId: variant.id, quantity: row.quantity === '' ? 0 : row.quantity }
          : { variantId: variant.id, inStock: row.inStock },
      );
    }
  }
  return {
    overrides,
    ...(stock.length > 0 || switched ? { stock: { trackQuantity: track, variants: stock } } : {}),
  };
}
