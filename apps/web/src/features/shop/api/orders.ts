import type { Order } from '@atrium/sdk/modules/ecom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-context.tsx';
import { ecom } from './ecom-api.ts';

export const myOrdersKey = ['ecom', 'orders', 'mine'] as const;
const pageSize = 10;

/**
 * The member's orders, newest first, a page at a time (the server shows a member only their own).
 */
export function useMyOrders() {
  const auth = useAuth();
  return useInfiniteQuery({
    queryKey: [...myOrdersKey, 'list', auth.member?.id],
    enabled: auth.status === 'member',
    initialPageParam: undefined as string | undefined,
    // A cursor carries its query: the next page sends the cursor alone.
    queryFn: ({ pageParam }) =>
      ecom.searchOrders(
        pageParam
          ? { cursorPaging: { limit: pageSize, cursor: pageParam } }
          : { sort: [{ fieldName: 'createdDate', order: 'DESC' }], cursorPaging: { limit: pageSize } },
      ),
    getNextPageParam: (page) => (page.metadata.hasNext ? page.metadata.cursors.next : undefined),
  });
}

/**
 * One order. Members read their own; a visitor's read is refused, so `enabled` is false for them and the
 * confirmation shows the checkout instead.
 */
export function useOrder(orderId: string, enabled = true) {
  return useQuery({
    queryKey: [...myOrdersKey, 'one', orderId],
    enabled,
    retry: false,
    queryFn: (): Promise<Order> => ecom.getOrder(orderId),
  });
}
