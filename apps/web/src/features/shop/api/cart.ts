import { AtriumError } from '@atrium/sdk';
import { catalogAppIds, type Cart } from '@atrium/sdk/modules/ecom';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-context.tsx';
import { cartKey, markCartStarted, visitorCartStarted } from '../../../lib/cart-key.ts';
import { ecom } from './ecom-api.ts';

// Every cart query starts with this key; the visitor's and the member's carts are different carts.
export { cartKey };

/** The answer of a cart change is the cart itself: every cart query shows it at once. */
function showCart(queryClient: QueryClient, cart: Cart | null) {
  if (cart) markCartStarted(true);
  queryClient.setQueriesData({ queryKey: cartKey }, cart);
}

/**
 * The visitor's or member's current cart; `null` when there is none yet (the server answers 404
 * `OWNED_CART_NOT_FOUND` until the first item is added).
 */
export function useCart() {
  const auth = useAuth();
  return useQuery({
    queryKey: [...cartKey, auth.status],
    enabled: auth.status !== 'loading',
    queryFn: async (): Promise<Cart | null> => {
      if (auth.status !== 'member' && !visitorCartStarted()) return null;
      try {
        return await ecom.getCurrentCart();
      } catch (error) {
        if (error instanceof AtriumError && error.code === 'OWNED_CART_NOT_FOUND') {
          if (auth.status !== 'member') markCartStarted(false);
          return null;
        }
        throw error;
      }
    },
    staleTime: 30_000,
  });
}

/** How many items the cart holds (a line of three counts three). */
export function cartCount(cart: Cart | null | undefined): number {
  return (cart?.lineItems ?? []).reduce((sum, line) => sum + line.quantity, 0);
}

/** Adds a store product's variant to the current cart (creating the cart on the first item). */
export function useAddProductToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      productId,
      variantId,
      quantity = 1,
      customTextFields,
    }: {
      productId: string;
      variantId: string;
      quantity?: number;
      /** The buyer's texts for the product's text fields, by title. */
      customTextFields?: Record<string, string>;
    }) =>
      (
        await ecom.addToCurrentCart({
          lineItems: [
            {
              quantity,
              catalogReference: {
                appId: catalogAppIds.stores,
                catalogItemId: productId,
                options: { variantId, ...(customTextFields ? { customTextFields } : {}) },
              },
            },
          ],
        })
      ).cart,
    onSuccess: (cart) => showCart(queryClient, cart),
  });
}

/** Sets one line's quantity. */
export function useSetLineQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lineId, quantity }: { lineId: string; quantity: number }) =>
      (await ecom.updateCurrentCartLineItemQuantity([{ id: lineId, quantity }])).cart,
    onSuccess: (cart) => showCart(queryClient, cart),
  });
}

/** Takes one line out of the cart. */
export function useRemoveLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lineId: string) => (await ecom.removeLineItemsFromCurrentCart([lineId])).cart,
    onSuccess: (cart) => showCart(queryClient, cart),
  });
}

/** A checkout of the cart's lines, with the member's email already filled in. */
export function useCreateCheckout() {
  const auth = useAuth();
  return useMutation({
    mutationFn: async () => {
      const email = auth.member?.loginEmail;
      return (await ecom.createCheckoutFromCurrentCart({ channelType: 'WEB', ...(email ? { email } : {}) }))
        .checkoutId;
    },
  });
}
