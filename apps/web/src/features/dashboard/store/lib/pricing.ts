import type { StoresDiscount } from '@atrium/contract/stores/products-v1';

/**
 * The editor's preview of what shoppers pay and what the business keeps, before saving; the server's
 * exact figures replace it once saved. Cents are rounded half up, as money is.
 */
export function previewPrice(price: number, discount: StoresDiscount, cost: number | null) {
  const round = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
  const off =
    discount.type === 'PERCENT'
      ? (price * Math.min(Math.max(discount.value, 0), 100)) / 100
      : discount.type === 'AMOUNT'
        ? Math.min(Math.max(discount.value, 0), price)
        : 0;
  const paid = round(price - off);
  if (cost === null) return { paid };
  const profit = round(paid - cost);
  const margin = paid > 0 ? Math.round((profit / paid) * 1000) / 10 : 0;
  return { paid, profit, margin };
}
