import type { OrderSearch } from '@atrium/sdk/modules/ecom';
import type { OrderFulfillmentStatus, OrderPaymentStatus } from '@atrium/contract/ecom/orders';

export interface OrderFilters {
  /** An order number (`10002`, `#10002`) or part of the buyer's email. */
  search: string;
  paymentStatus: OrderPaymentStatus | null;
  fulfillmentStatus: OrderFulfillmentStatus | null;
  tag: string;
}

export const noOrderFilters: OrderFilters = {
  search: '',
  paymentStatus: null,
  fulfillmentStatus: null,
  tag: '',
};

/**
 * The search the orders list sends: newest first, with each filter the owner set. A search that is a
 * number finds that order number or emails holding those digits; other text searches the buyer's email.
 */
export function orderSearchOf(filters: OrderFilters, limit: number, cursor?: string): OrderSearch {
  const conditions: Array<Record<string, unknown>> = [];
  const text = filters.search.trim().replace(/^#/, '');
  if (text) {
    const email = { 'buyerInfo.email': { $contains: text.toLowerCase() } };
    conditions.push(/^\d{1,9}$/.test(text) ? { $or: [{ number: Number(text) }, email] } : email);
  }
  if (filters.paymentStatus) conditions.push({ paymentStatus: filters.paymentStatus });
  if (filters.fulfillmentStatus) conditions.push({ fulfillmentStatus: filters.fulfillmentStatus });
  if (filters.tag.trim()) conditions.push({ 'tags.tags.tagIds': { $hasSome: [filters.tag.trim()] } });
  const filter =
    conditions.length === 0 ? undefined : conditions.length === 1 ? conditions[0] : { $and: conditions };
  // Cursor pages carry the query they continue: the cursor alone asks for the next page.
  if (cursor) return { cursorPaging: { limit, cursor } };
  return {
    ...(filter ? { filter } : {}),
    sort: [{ fieldName: 'createdDate', order: 'DESC' }],
    cursorPaging: { limit },
  };
}
