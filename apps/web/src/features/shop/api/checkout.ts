import type { CheckoutInfoInput, TestCard } from '@atrium/sdk/modules/ecom';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cartKey } from './cart.ts';
import { ecom } from './ecom-api.ts';
import { myOrdersKey } from './orders.ts';

const checkoutKey = (checkoutId: string) => ['ecom', 'checkout', checkoutId] as const;

export function checkoutOptions(checkoutId: string) {
  return queryOptions({
    queryKey: checkoutKey(checkoutId),
    queryFn: () => ecom.getCheckout(checkoutId),
    retry: false,
  });
}

/** A checkout: its lines with price and availability, the price summary, and the buyer's details. */
export function useCheckout(checkoutId: string) {
  return useQuery(checkoutOptions(checkoutId));
}

export type Payment = { kind: 'card'; card: TestCard } | { kind: 'inPerson' };

export interface PlaceOrder {
  checkoutId: string;
  /** The buyer's email, contact and addresses, saved on the checkout before the order is made. */
  details: CheckoutInfoInput;
  payment: Payment;
  /** The cart the checkout was made from: emptied once the order is placed. */
  cartId?: string;
}

/**
 * Places the order: saves the buyer's details on the checkout, then either charges the card through the
 * test gateway (a token first, then the charge) or places the order to be paid in person. A refusal keeps
 * its code (`PAYMENT_ERROR`, `PARTIAL_OUT_OF_STOCK`...) for the page to explain.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ checkoutId, details, payment, cartId }: PlaceOrder) => {
      await ecom.updateCheckout(checkoutId, details);
      let orderId: string;
      if (payment.kind === 'card') {
        const { paymentToken } = await ecom.createTestGatewayToken(payment.card);
        orderId = (await ecom.createOrderAndCharge(checkoutId, paymentToken)).orderId;
      } else {
        orderId = (await ecom.createOrder(checkoutId)).orderId;
      }
      // The cart's lines are bought: it goes (a cart changed since the checkout is left alone).
      if (cartId) {
        const current = await ecom.getCurrentCart().catch(() => undefined);
        if (current?.id === cartId) await ecom.deleteCurrentCart().catch(() => undefined);
      }
      return { orderId };
    },
    onSuccess: (_, { checkoutId }) => {
      void queryClient.invalidateQueries({ queryKey: cartKey });
      void queryClient.invalidateQueries({ queryKey: checkoutKey(checkoutId) });
      void queryClient.invalidateQueries({ queryKey: myOrdersKey });
    },
    // Stock or prices may have moved: the page shows the checkout as it is now.
    onError: (_, { checkoutId }) => queryClient.invalidateQueries({ queryKey: checkoutKey(checkoutId) }),
  });
}
